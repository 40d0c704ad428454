/**
 * Red team: input an attacker sends to break the server (docs/security.md).
 * NUL characters and lone surrogates in query strings, bodies (plain and
 * encrypted), headers and path parameters are 400 `request.invalid` at one
 * place, never a database error (500), signed in or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEndpoint } from '../../contract/session.ts';
import { createHarness, type Harness, rawCall } from '../test/identity-harness.ts';
import { signIn } from '../test/wallet-harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  const member = await signIn(h, 'player1', 'Player#2026');
  token = member.token ?? '';
});
afterAll(async () => {
  await h?.close();
});

/** The requests of the report that answered 500, and the same with a lone surrogate. */
const reported: Array<{ method: 'GET' | 'DELETE'; url: string }> = [
  { method: 'GET', url: '/wps/game/list?gameName=%00' },
  { method: 'GET', url: '/wps/transaction/bets?vendorCode=%00' },
  { method: 'GET', url: '/wps/deposit/order?orderNo=%00' },
  { method: 'GET', url: '/wps/transaction/withdraw?orderNo=%00' },
  { method: 'DELETE', url: '/wps/game/favourites?nodeId=%00' },
  { method: 'GET', url: '/wps/game/list?gameName=a%00b' },
  { method: 'GET', url: '/wps/game/list?gameName=%00&gameName=x' },
];

describe('NUL and invalid UTF-16 in what a client sends', () => {
  it.each(reported)('$method $url is 400 request.invalid, signed in', async ({ method, url }) => {
    const res = await rawCall(h.app, { method, path: url }, { url, headers: { authorization: token } });
    expect(res.status).toBe(400);
    expect(res.errorCode).toBe('request.invalid');
  });

  it('in a JSON body (escaped NUL, lone surrogates, in keys too) and a form body', async () => {
    const bodies = ['{"nodeId":"\\u0000"}', '{"nodeId":"\\ud800"}', '{"nodeId":"x\\udc00y"}', '{"a\\u0000":1}', '{"list":[{"x":"\\u0000"}]}'];
    for (const payload of bodies) {
      const res = await rawCall(
        h.app,
        { method: 'POST', path: '/wps/game/favourites' },
        { headers: { authorization: token, 'content-type': 'application/json' }, payload },
      );
      expect({ payload, status: res.status, errorCode: res.errorCode }).toEqual({ payload, status: 400, errorCode: 'request.invalid' });
    }
    const form = await rawCall(
      h.app,
      { method: 'POST', path: '/wps/member/password/email' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=player1%00&email=a%40b.c' },
    );
    expect(form).toMatchObject({ status: 400, errorCode: 'request.invalid' });
  });

  it('in an encrypted body (checked once it is opened)', async () => {
    const c = h.client({ ip: '203.0.113.90' });
    await expect(c.sealed.call(loginEndpoint, { type: 'username', username: 'player1\u0000', password: 'x' })).rejects.toMatchObject({
      status: 400,
      errorCode: 'request.invalid',
    });
    await expect(c.sealed.call(loginEndpoint, { type: 'username', username: 'player1', password: '\ud800' })).rejects.toMatchObject({
      status: 400,
      errorCode: 'request.invalid',
    });
  });

  it('in a path parameter and in the game page paths', async () => {
    for (const url of ['/play/%00', '/play/%00/state', '/wps/content/banner-image/%00']) {
      const res = await h.app.inject({ url, headers: { merchant: 'DEMO' } });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode !== 404) expect(res.json(), url).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
  });

  it('in a header that reaches the server (inject, as a proxy might pass it)', async () => {
    const res = await h.app.inject({ url: '/wps/system/status', headers: { merchant: 'DEMO', language: 'EN\ud800' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'request.invalid' });
  });

  it('well-formed text in any script still passes', async () => {
    const res = await rawCall(h.app, { method: 'GET', path: '/wps/game/list' }, { url: `/wps/game/list?gameName=${encodeURIComponent('老虎机 😀 é')}` });
    expect(res.status).toBe(200);
  });
});
