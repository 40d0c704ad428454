import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaEndpoint, devOutboxEndpoint, smsNoLoginEndpoint, smsRegisterEndpoint } from '../../../contract/verification.ts';
import { captchas, verificationCodes } from '../../db/schema.ts';
import { createHarness, failureOf, type Harness, rawCall } from '../../test/identity-harness.ts';
import { captchaSvg } from './captcha-image.ts';

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

const sms = (mobileNum: string, countryDialingCode = '+63') => ({ body: { mobileNum, countryDialingCode } });

describe('captcha', () => {
  it('is an SVG of six digits drawn as paths (no text), with the answer stored hashed', async () => {
    h.captchaDigits.value = '905172';
    const captcha = await h.client().call(captchaEndpoint);
    expect(captcha.expiresInMs).toBe(120_000);
    const svg = Buffer.from(captcha.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text/);
    expect(svg.match(/stroke-linecap="round"/g)).toHaveLength(6);
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
    const c = h.client();
    const first = await c.call(smsNoLoginEndpoint, sms('9170001111'));
    expect(first.expirationTime).toBe(h.clock.now().getTime() + 60_000);
    expect(await h.lastMessage('+639170001111')).toMatch(/\b\d{6}\b/);
    h.clock.advance(30_000);
    const early = await failureOf(c.call(smsNoLoginEndpoint, sms('9170001111')));
    expect(early).toMatchObject({ status: 429, errorCode: 'verification.resend.cooldown' });
    expect(early.value).toMatchObject({ retryAfterMs: 30_000, expirationTime: first.expirationTime });
    h.clock.advance(30_000);
    await expect(c.call(smsNoLoginEndpoint, sms('9170001111'))).resolves.toBeTruthy();
    // Stored hashed.
    const code = await h.lastCode('+639170001111');
    const rows = await h.testDb.db.select().from(verificationCodes);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it('allow at most 5 checks per code, and end after 5 minutes', async () => {
    const codes = h.app.identity.codes;
    const target = { merchantCode: 'DEMO', channel: 'sms' as const, target: '+639170002222', purpose: 'register' as const };
    await h.client().call(smsRegisterEndpoint, sms('9170002222'));
    const code = await h.lastCode('+639170002222');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await codes.check(target, wrong, { consume: false })).status).toBe('invalid');
    expect((await codes.check(target, code, { consume: false })).status).toBe('attempts');

    h.clock.advance(61_000);
    await h.client().call(smsRegisterEndpoint, sms('9170002222'));
    const fresh = await h.lastCode('+639170002222');
    expect((await codes.check(target, fresh, { consume: false })).status).toBe('ok');
    h.clock.advance(5 * 60_000);
    expect((await codes.check(target, fresh, { consume: false })).status).toBe('invalid');
  });

  it('reject a bad mobile number with mobile.invalid and limit codes per hour', async () => {
    const c = h.client();
    expect((await failureOf(c.call(smsNoLoginEndpoint, sms('12ab')))).errorCode).toBe('mobile.invalid');
    expect((await failureOf(c.call(smsNoLoginEndpoint, sms('9170003333', '+0')))).errorCode).toBe('mobile.invalid');
    for (let i = 0; i < 10; i++) {
      await c.call(smsNoLoginEndpoint, sms('9170004444'));
      h.clock.advance(61_000);
    }
    expect((await failureOf(c.call(smsNoLoginEndpoint, sms('9170004444')))).errorCode).toBe('verification.send.limit');
  });
});

describe('dev outbox', () => {
  it('lists the latest messages for a recipient, written in any usual way', async () => {
    h.clock.advance(3_600_000);
    await h.client().call(smsNoLoginEndpoint, sms('917 000 5555', '63'));
    const plus = await rawCall(h.app, devOutboxEndpoint, { url: `${devOutboxEndpoint.path}?to=%2B639170005555` });
    const spaced = await rawCall(h.app, devOutboxEndpoint, { url: `${devOutboxEndpoint.path}?to=+63 917 000 5555` });
    expect(plus.status).toBe(200);
    expect(plus.json).toEqual(spaced.json);
    expect((plus.json as { value: { messages: unknown[] } }).value.messages[0]).toMatchObject({ channel: 'sms', to: '+639170005555' });
  });

  it('is not registered when NODE_ENV=production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { buildApp } = await import('../../app.ts');
    const prod = await buildApp({ db: h.testDb.db, identity: { devOutbox: true } });
    try {
      expect(prod.endpointRegistry.some((e) => e.path === devOutboxEndpoint.path)).toBe(false);
      expect(prod.routeTable.some((r) => r.url === devOutboxEndpoint.path)).toBe(false);
      const res = await prod.inject({ url: `${devOutboxEndpoint.path}?to=%2B639170005555`, headers: { merchant: 'DEMO' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.not.found' });
    } finally {
      await prod.close();
    }
  });

  it('is not registered with a real message provider', async () => {
    const { buildApp } = await import('../../app.ts');
    const withGateway = await buildApp({ db: h.testDb.db, identity: { provider: { kind: 'gateway', send: async () => {} } } });
    try {
      expect(withGateway.endpointRegistry.some((e) => e.path === devOutboxEndpoint.path)).toBe(false);
    } finally {
      await withGateway.close();
    }
  });
});
