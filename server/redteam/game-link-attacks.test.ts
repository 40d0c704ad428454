/**
 * Red team: the game page URL as a bearer link (docs/security.md). A launch
 * URL `/play/<token>` that leaks (browser history, a log, a referrer, a
 * shared screenshot) must open nothing: not the state (balance), not a round,
 * not the page, once the member's page has opened it or it has grown stale.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGameEndpoint, launchTokenTtlMs } from '../../contract/member-games.ts';
import { games } from '../db/schema-catalogue.ts';
import { createHarness, type Harness, type TestClient } from '../test/identity-harness.ts';
import { signIn } from '../test/wallet-harness.ts';

let h: Harness;
let member: TestClient;
let gameId: number;

beforeAll(async () => {
  h = await createHarness();
  member = await signIn(h, 'player1', 'Player#2026');
  const [dice] = await h.app.db.select({ id: games.id }).from(games).where(eq(games.gameName, 'Dice')).limit(1);
  gameId = dice!.id;
});
afterAll(async () => {
  await h?.close();
});

async function launch(): Promise<string> {
  const { url } = await member.call(launchGameEndpoint, { body: { gameId } });
  return url;
}

const leaked = { 'user-agent': 'attacker' };

describe('a leaked game URL', () => {
  it('opened by the member first: the URL alone gets no state, no round and no page afterwards', async () => {
    const url = await launch();
    const page = await h.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^mc_play=[A-Za-z0-9_-]{43}; Path=${url}; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    const cookie = setCookie.split(';')[0]!;

    // The member's page works, reload included.
    expect((await h.app.inject({ method: 'GET', url: `${url}/state`, headers: { cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url, headers: { cookie } })).body).toContain('<main id="play"');

    // The attacker with the URL only.
    const state = await h.app.inject({ method: 'GET', url: `${url}/state`, headers: leaked });
    expect(state.statusCode).toBe(401);
    expect(state.json()).toMatchObject({ success: false, errorCode: 'play.session.invalid' });
    expect(state.body).not.toMatch(/balance/);
    const round = await h.app.inject({ method: 'POST', url: `${url}/round`, headers: leaked, payload: { stake: 100, roundKey: 'r-1', target: 5000 } });
    expect(round.statusCode).toBe(401);
    const again = await h.app.inject({ method: 'GET', url, headers: leaked });
    expect(again.body).toContain('This game session is not valid or has expired.');
    expect(again.body).not.toContain('<main id="play"');
    expect(again.headers['set-cookie']).toBeUndefined();
    // A made-up cookie is no better.
    const forged = await h.app.inject({ method: 'GET', url: `${url}/state`, headers: { cookie: `mc_play=${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(401);
  });

  it('over HTTPS (behind a proxy) the cookie is __Secure- prefixed and Secure, and only that one counts', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ db: h.testDb.db, trustProxy: true, identity: { now: h.clock.now }, play: { recoverEveryMs: 0 } });
    try {
      const url = await launch();
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.70' };
      const page = await app.inject({ method: 'GET', url, headers: https });
      const setCookie = String(page.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Secure-mc_play=[A-Za-z0-9_-]{43}; Path=\/play\/[A-Za-z0-9_-]{95,136}; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
      const secret = setCookie.split(';')[0]!.split('=')[1]!;
      expect((await app.inject({ url: `${url}/state`, headers: { ...https, cookie: `__Secure-mc_play=${secret}` } })).statusCode).toBe(200);
      // The unprefixed name (which any page of the site could set over HTTP) is not read over HTTPS.
      expect((await app.inject({ url: `${url}/state`, headers: { ...https, cookie: `mc_play=${secret}` } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("one game page's cookie does not open another launch of the same member", async () => {
    const first = await launch();
    const cookie = String((await h.app.inject({ method: 'GET', url: first })).headers['set-cookie']).split(';')[0]!;
    const second = await launch();
    const res = await h.app.inject({ method: 'GET', url: `${second}/state`, headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('never opened: it goes stale after the launch window, and a HEAD (a link preview) does not use it up', async () => {
    const url = await launch();
    const head = await h.app.inject({ method: 'HEAD', url });
    expect(head.headers['set-cookie']).toBeUndefined();
    expect(head.statusCode).toBe(200);
    h.clock.advance(launchTokenTtlMs + 1);
    const late = await h.app.inject({ method: 'GET', url });
    expect(late.body).toContain('This game session is not valid or has expired.');
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('two opens at once: only one gets the page session', async () => {
    const url = await launch();
    const answers = await Promise.all([1, 2, 3].map(() => h.app.inject({ method: 'GET', url })));
    expect(answers.filter((a) => a.headers['set-cookie'] !== undefined)).toHaveLength(1);
  });
});
