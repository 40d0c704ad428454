import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  captchaEndpoint,
  devCaptchaEndpoint,
  devOutboxEndpoint,
  smsNoLoginEndpoint,
  smsRegisterEndpoint,
} from '../../../contract/verification.ts';
import { captchas, verificationCodes } from '../../db/schema.ts';
import { createHarness, failureOf, type Harness, rawCall } from '../../test/identity-harness.ts';
import { captchaSvg } from './captcha-image.ts';
import { listOutbox } from './outbox.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

let nextIp = 1;
/** A client of its own address, so the per-address SMS budget of one test does not reach another's. */
const freshClient = () => h.client({ ip: `203.0.113.${nextIp++}` });
const sms = async (mobileNum: string, countryDialingCode = '+63') => ({ body: { mobileNum, countryDialingCode, ...(await h.solvedCaptcha()) } });

describe('captcha', () => {
  it('is an SVG of six digits drawn as paths (no text), with the answer stored hashed', async () => {
    h.captchaDigits.value = '905172';
    const captcha = await h.client().call(captchaEndpoint);
    expect(captcha.expiresInMs).toBe(120_000);
    const svg = Buffer.from(captcha.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|transform=/);
    // The digits are cut into many pieces among scribbles of the same style.
    expect(svg.match(/<path d="M[^"]+"[^>]*stroke-linecap="round"/g)!.length).toBeGreaterThan(40);
    const rows = await h.testDb.db.select().from(captchas);
    expect(JSON.stringify(rows)).not.toContain('905172');
    // Each picture differs, even for the same digits.
    expect(captchaSvg('905172')).not.toBe(captchaSvg('905172'));
  });

  it('is single use and lives 2 minutes', async () => {
    const service = h.app.identity.captchas;
    h.captchaDigits.value = '111222';
    const once = await service.create();
    expect(await service.verify(once.captchaId, '111222')).toBe(true);
    expect(await service.verify(once.captchaId, '111222')).toBe(false);
    const late = await service.create();
    h.clock.advance(121_000);
    expect(await service.verify(late.captchaId, '111222')).toBe(false);
    expect(await service.verify('not-a-uuid', '111222')).toBe(false);
  });
});

describe('SMS codes', () => {
  it('are 6 digits in the outbox, with a 60 s resend cooldown and the time to count down to', async () => {
    const c = freshClient();
    const first = await c.call(smsNoLoginEndpoint, await sms('9170001111'));
    expect(first.expirationTime).toBe(h.clock.now().getTime() + 60_000);
    expect(await h.lastMessage('+639170001111')).toMatch(/\b\d{6}\b/);
    h.clock.advance(30_000);
    const early = await failureOf(c.call(smsNoLoginEndpoint, await sms('9170001111')));
    expect(early).toMatchObject({ status: 429, errorCode: 'verification.resend.cooldown' });
    expect(early.value).toMatchObject({ retryAfterMs: 30_000, expirationTime: first.expirationTime });
    h.clock.advance(30_000);
    await expect(c.call(smsNoLoginEndpoint, await sms('9170001111'))).resolves.toBeTruthy();
    // Stored hashed.
    const code = await h.lastCode('+639170001111');
    const rows = await h.testDb.db.select().from(verificationCodes);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it('need the captcha solved first: none, a wrong one or a used one sends nothing', async () => {
    const c = freshClient();
    const none = await failureOf(c.call(smsNoLoginEndpoint, { body: { mobileNum: '9170007777', countryDialingCode: '+63' } }));
    expect(none).toMatchObject({ status: 400, errorCode: 'captcha.required', value: { captchaRequired: true } });
    const { captchaId } = await h.solvedCaptcha();
    const wrong = await failureOf(c.call(smsNoLoginEndpoint, { body: { mobileNum: '9170007777', countryDialingCode: '+63', captchaId, captcha: '000000' } }));
    expect(wrong).toMatchObject({ status: 400, errorCode: 'captcha.invalid' });
    // Used up by the wrong answer: the right one no longer counts.
    const reused = await failureOf(
      c.call(smsRegisterEndpoint, { body: { mobileNum: '9170007777', countryDialingCode: '+63', captchaId, captcha: h.captchaDigits.value } }),
    );
    expect(reused.errorCode).toBe('captcha.invalid');
    await expect(h.lastMessage('+639170007777')).rejects.toThrow('no message');
    // A registered number is not told apart before the captcha either.
    const taken = await failureOf(c.call(smsRegisterEndpoint, { body: { mobileNum: '9171234567', countryDialingCode: '+63' } }));
    expect(taken.errorCode).toBe('captcha.required');
  });

  it('allow at most 5 checks per code, and end after 5 minutes', async () => {
    const codes = h.app.identity.codes;
    const target = { merchantCode: 'DEMO', channel: 'sms' as const, target: '+639170002222', purpose: 'register' as const };
    await freshClient().call(smsRegisterEndpoint, await sms('9170002222'));
    const code = await h.lastCode('+639170002222');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await codes.check(target, wrong, { consume: false })).status).toBe('invalid');
    expect((await codes.check(target, code, { consume: false })).status).toBe('attempts');
    h.clock.advance(61_000);
    await freshClient().call(smsRegisterEndpoint, await sms('9170002222'));
    const fresh = await h.lastCode('+639170002222');
    expect((await codes.check(target, fresh, { consume: false })).status).toBe('ok');
    h.clock.advance(5 * 60_000);
    expect((await codes.check(target, fresh, { consume: false })).status).toBe('invalid');
  });

  it('reject a bad mobile number with mobile.invalid and limit codes per number and hour', async () => {
    const c = freshClient();
    expect((await failureOf(c.call(smsNoLoginEndpoint, await sms('12ab')))).errorCode).toBe('mobile.invalid');
    expect((await failureOf(c.call(smsNoLoginEndpoint, await sms('9170003333', '+0')))).errorCode).toBe('mobile.invalid');
    for (let i = 0; i < 10; i++) {
      await freshClient().call(smsNoLoginEndpoint, await sms('9170004444'));
      h.clock.advance(61_000);
    }
    expect((await failureOf(freshClient().call(smsNoLoginEndpoint, await sms('9170004444')))).errorCode).toBe('verification.send.limit');
  });
});

describe('the local outbox', () => {
  it('is read from the database in any usual writing of the recipient (what npm run outbox shows)', async () => {
    h.clock.advance(3_600_000);
    await freshClient().call(smsNoLoginEndpoint, await sms('917 000 5555', '63'));
    const plus = await listOutbox(h.testDb.db, 'DEMO', '+639170005555');
    expect(plus[0]).toMatchObject({ channel: 'sms', to: '+639170005555' });
    expect(await listOutbox(h.testDb.db, 'DEMO', '+63 917 000 5555')).toEqual(plus);
    expect(await listOutbox(h.testDb.db, 'OTHER', '+639170005555')).toEqual([]);
  });

  it('is not served over HTTP by default', async () => {
    expect(h.app.endpointRegistry.some((e) => e.path.startsWith('/wps/dev/'))).toBe(false);
    const res = await rawCall(h.app, devOutboxEndpoint, { url: `${devOutboxEndpoint.path}?to=%2B639170005555` });
    expect(res).toMatchObject({ status: 404, errorCode: 'request.not.found' });
  });

  it('with the test switch, answers loopback clients only, never a forwarded or remote one', async () => {
    const { buildApp } = await import('../../app.ts');
    // A message of its own in the outbox.
    await freshClient().call(smsNoLoginEndpoint, await sms('917 000 5556', '63'));
    const dev = await buildApp({ db: h.testDb.db, trustProxy: '127.0.0.1', identity: { devEndpoints: true, now: h.clock.now } });
    try {
      const url = `${devOutboxEndpoint.path}?to=%2B639170005556`;
      const local = await dev.inject({ url, headers: { merchant: 'DEMO' }, remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.json().value.messages[0]).toMatchObject({ to: '+639170005556' });
      const v6 = await dev.inject({ url, headers: { merchant: 'DEMO' }, remoteAddress: '::1' });
      expect(v6.statusCode).toBe(200);
      for (const attempt of [
        { remoteAddress: '198.51.100.7', headers: {} },
        // A reverse proxy on this machine: every request arrives from loopback, forwarded.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } },
        { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=198.51.100.7' } },
        { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.7' } },
      ]) {
        const res = await dev.inject({ url, headers: { merchant: 'DEMO', ...attempt.headers }, remoteAddress: attempt.remoteAddress });
        expect({ ...attempt, status: res.statusCode, errorCode: res.json().errorCode }).toEqual({ ...attempt, status: 404, errorCode: 'request.not.found' });
      }
      // The captcha answers too: loopback only, and only while the captcha lives.
      const { captchaId } = await dev.identity.captchas.create();
      const answer = await dev.inject({ url: `${devCaptchaEndpoint.path}?captchaId=${captchaId}`, headers: { merchant: 'DEMO' } });
      expect(answer.json().value.answer).toMatch(/^\d{6}$/);
      expect(await dev.identity.captchas.verify(captchaId, answer.json().value.answer)).toBe(true);
      const gone = await dev.inject({ url: `${devCaptchaEndpoint.path}?captchaId=${captchaId}`, headers: { merchant: 'DEMO' } });
      expect(gone.json().value.answer).toBeNull();
      const remote = await dev.inject({
        url: `${devCaptchaEndpoint.path}?captchaId=${captchaId}`,
        headers: { merchant: 'DEMO' },
        remoteAddress: '198.51.100.7',
      });
      expect(remote.statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it('is not registered when NODE_ENV=production, even with the switch', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { buildApp } = await import('../../app.ts');
    const prod = await buildApp({ db: h.testDb.db, identity: { devEndpoints: true } });
    try {
      expect(prod.endpointRegistry.some((e) => e.path.startsWith('/wps/dev/'))).toBe(false);
      expect(prod.routeTable.some((r) => r.url.startsWith('/wps/dev/'))).toBe(false);
      const res = await prod.inject({ url: `${devOutboxEndpoint.path}?to=%2B639170005555`, headers: { merchant: 'DEMO' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.not.found' });
    } finally {
      await prod.close();
    }
  });

  it('is not registered with a real message provider (the captcha answers still are, with the switch)', async () => {
    const { buildApp } = await import('../../app.ts');
    const withGateway = await buildApp({ db: h.testDb.db, identity: { devEndpoints: true, provider: { kind: 'gateway', send: async () => {} } } });
    try {
      expect(withGateway.endpointRegistry.some((e) => e.path === devOutboxEndpoint.path)).toBe(false);
      expect(withGateway.endpointRegistry.some((e) => e.path === devCaptchaEndpoint.path)).toBe(true);
    } finally {
      await withGateway.close();
    }
  });
});
