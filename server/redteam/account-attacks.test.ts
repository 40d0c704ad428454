/**
 * Red team: attacks on members' accounts through the public API
 * (docs/security.md). Each test is an attacker's recipe from the security
 * review of main, replayed against the fixed server:
 *
 * - account takeover through the local outbox (SMS code of a member's number,
 *   read over HTTP, then SMS login);
 * - SMS pumping (codes to many numbers from one client, without a human);
 * - locking any account with 10 wrong passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxListEndpoint, inboxUnreadEndpoint } from '../../contract/inbox.ts';
import { loginEndpoint } from '../../contract/session.ts';
import { captchaEndpoint, devCaptchaEndpoint, devOutboxEndpoint, smsNoLoginEndpoint } from '../../contract/verification.ts';
import { buildApp } from '../app.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../test/identity-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const mobile1 = { mobileNum: '9171234567', countryDialingCode: '+63' };

describe('account takeover through the outbox', () => {
  it('the outbox is not readable over HTTP (any address, any spelling), so an SMS code gives nothing', async () => {
    // The attacker gets a code sent to the member's number (solving the captcha, as anyone can) ...
    const attacker = h.client({ ip: '198.51.100.200' });
    await attacker.call(smsNoLoginEndpoint, { body: { ...mobile1, ...(await h.solvedCaptcha()) } });
    // ... and tries every way to read it.
    for (const url of [
      '/wps/dev/outbox?to=%2B639171234567',
      '/wps/dev/outbox?to=639171234567',
      '/wp%73/dev/outbox?to=%2B639171234567',
      '/wps/dev/outbox/?to=%2B639171234567',
      '/WPS/dev/outbox?to=%2B639171234567',
    ]) {
      for (const remoteAddress of ['198.51.100.200', '127.0.0.1']) {
        const res = await h.app.inject({ url, headers: { merchant: 'DEMO' }, remoteAddress });
        expect({ url, remoteAddress, status: res.statusCode }).toEqual({ url, remoteAddress, status: 404 });
        expect(res.body).not.toMatch(/verification code is \d{6}/);
      }
    }
    // Guessing is bounded: 5 checks per code, then it is dead.
    const tries: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { captchaId } = await attacker.call(captchaEndpoint);
      const error = await failureOf(
        attacker.sealed.call(loginEndpoint, {
          type: 'sms',
          username: mobile1.mobileNum,
          countryDialingCode: mobile1.countryDialingCode,
          password: String(100000 + i),
          captchaId,
          captcha: h.captchaDigits.value,
        }),
      );
      tries.push(error.errorCode);
    }
    expect(tries.every((code) => code === 'login.failed' || code === 'login.throttled')).toBe(true);
  });

  it('with the test switch on, a request through a proxy on this machine still gets nothing', async () => {
    const dev = await buildApp({ db: h.testDb.db, trustProxy: true, identity: { devEndpoints: true } });
    try {
      for (const path of [devOutboxEndpoint.path, devCaptchaEndpoint.path]) {
        const res = await dev.inject({
          url: `${path}?to=%2B639171234567&captchaId=00000000-0000-0000-0000-000000000000`,
          headers: { merchant: 'DEMO', 'x-forwarded-for': '198.51.100.200' },
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode, path).toBe(404);
      }
    } finally {
      await dev.close();
    }
  });
});

describe('SMS pumping', () => {
  /** 16 mobile numbers of a block of its own for each test (one test's codes must not be in another's outbox). */
  const numbersOf = (block: string) => Array.from({ length: 16 }, (_, i) => `9178${block}${String(i).padStart(2, '0')}`);

  it('16 numbers in a second without a human check: nothing is sent', async () => {
    const numbers = numbersOf('0100');
    const pump = h.client({ ip: '198.51.100.210' });
    const answers = await Promise.all(
      numbers.map((mobileNum) => failureOf(pump.call(smsNoLoginEndpoint, { body: { mobileNum, countryDialingCode: '+63' } }))),
    );
    expect(new Set(answers.map((a) => a.errorCode))).toEqual(new Set(['captcha.required']));
    for (const n of numbers) await expect(h.lastMessage(`+63${n}`)).rejects.toThrow('no message');
  });

  it('with a solved captcha each time: 10 codes an hour per client address, then verification.client.limit', async () => {
    const numbers = numbersOf('0000');
    const pump = h.client({ ip: '198.51.100.211' });
    const errors: string[] = [];
    let sent = 0;
    for (const mobileNum of numbers) {
      try {
        await pump.call(smsNoLoginEndpoint, { body: { mobileNum, countryDialingCode: '+63', ...(await h.solvedCaptcha()) } });
        sent++;
      } catch (error) {
        errors.push((error as { errorCode: string }).errorCode);
      }
    }
    expect(sent).toBe(10);
    expect(new Set(errors)).toEqual(new Set(['verification.client.limit']));
    // An hour later the address may ask again.
    h.clock.advance(3_600_001);
    await expect(
      pump.call(smsNoLoginEndpoint, { body: { mobileNum: '9178009999', countryDialingCode: '+63', ...(await h.solvedCaptcha()) } }),
    ).resolves.toBeTruthy();
  });

  it('5 codes an hour per device id, from any address: verification.device.limit', async () => {
    const results: string[] = [];
    for (let i = 0; i < 7; i++) {
      const c = h.client({ ip: `198.51.100.${220 + i}`, deviceId: 'pump-device-1' });
      const body = { mobileNum: `91781000${String(i).padStart(2, '0')}`, countryDialingCode: '+63', ...(await h.solvedCaptcha()) };
      results.push(await c.call(smsNoLoginEndpoint, { body }).then(() => 'sent', (e: { errorCode: string }) => e.errorCode));
    }
    expect(results).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'verification.device.limit', 'verification.device.limit']);
  });

  it('a merchant-wide daily budget stops a botnet of addresses and devices: verification.daily.limit', async () => {
    const small = await createHarness({ identity: { limits: { smsPerMerchantPerDay: 3 } } });
    try {
      const results: string[] = [];
      for (let i = 0; i < 5; i++) {
        const c = small.client({ ip: `203.0.113.${100 + i}`, deviceId: `bot-${i}` });
        const body = { mobileNum: `91782000${String(i).padStart(2, '0')}`, countryDialingCode: '+63', ...(await small.solvedCaptcha()) };
        results.push(await c.call(smsNoLoginEndpoint, { body }).then(() => 'sent', (e: { errorCode: string }) => e.errorCode));
      }
      expect(results).toEqual(['sent', 'sent', 'sent', 'verification.daily.limit', 'verification.daily.limit']);
      small.clock.advance(24 * 3_600_001);
      const c = small.client({ ip: '203.0.113.120' });
      await expect(
        c.call(smsNoLoginEndpoint, { body: { mobileNum: '9178200099', countryDialingCode: '+63', ...(await small.solvedCaptcha()) } }),
      ).resolves.toBeTruthy();
    } finally {
      await small.close();
    }
  });
});

describe('locking an account', () => {
  const password = 'Player#2026';
  async function attempt(client: TestClient, username: string, secret: string) {
    const { captchaId } = await client.call(captchaEndpoint);
    return client.sealed.call(loginEndpoint, { type: 'username', username, password: secret, captchaId, captcha: h.captchaDigits.value });
  }

  it('10 wrong passwords from a stranger: the member still logs in from another address, no captcha on a known device, and is told', async () => {
    // The member has used this phone before.
    const phone = h.client({ ip: '198.51.100.40', deviceId: 'player1-phone' });
    phone.token = (await attempt(phone, 'player1', password)).token;

    const stranger = h.client({ ip: '203.0.113.66', deviceId: 'stranger-laptop' });
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await failureOf(attempt(stranger, 'player1', `Guess#${i}2026`))).errorCode);
      h.clock.advance(20_000);
    }
    expect(answers.filter((a) => a === 'login.failed').length).toBeGreaterThanOrEqual(5);
    expect(answers.every((a) => a === 'login.failed' || a === 'login.throttled')).toBe(true);

    // The right password from another address: no 423, it logs in (after the captcha the account asks for).
    const elsewhere = h.client({ ip: '198.51.100.41', deviceId: 'player1-new-tablet' });
    const missing = await failureOf(elsewhere.sealed.call(loginEndpoint, { type: 'username', username: 'player1', password }));
    expect(missing.errorCode).toBe('captcha.required');
    await expect(attempt(elsewhere, 'player1', password)).resolves.toMatchObject({ userName: 'player1' });

    // The stranger again, then the known phone: no captcha needed there.
    for (let i = 0; i < 4; i++) await failureOf(attempt(stranger, 'player1', `Again#${i}2026`)).catch(() => undefined);
    const known = h.client({ ip: '198.51.100.42', deviceId: 'player1-phone' });
    const result = await known.sealed.call(loginEndpoint, { type: 'username', username: 'player1', password });
    expect(result.userName).toBe('player1');

    // The inbox tells the member, once, in the request's language.
    known.token = result.token;
    const { list: messages } = await known.call(inboxListEndpoint, { query: {} });
    const told = messages.filter((m) => m.kind === 'security.login.failures');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Failed logins on your account');
    expect(told[0]!.body).toMatch(/^There were 10 failed attempts to log in to your account in the last hour\./);
    expect(await known.call(inboxUnreadEndpoint)).toBe(messages.filter((m) => !m.read).length);
  });

  it('an unknown account answers exactly as a known one, throttled the same way', async () => {
    const stranger = h.client({ ip: '203.0.113.67' });
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 7; i++) {
      known.push((await failureOf(attempt(stranger, 'agent1', `Guess#${i}2026`))).errorCode);
      unknown.push((await failureOf(attempt(stranger, 'nobody_at_all', `Guess#${i}2026`))).errorCode);
    }
    expect(unknown).toEqual(known);
    expect(known.slice(5)).toEqual(['login.throttled', 'login.throttled']);
  });
});
