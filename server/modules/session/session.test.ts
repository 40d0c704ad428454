import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePasswordEndpoint, memberInfoEndpoint } from '../../../contract/member.ts';
import {
  deviceLoginEndpoint,
  type LoginPayload,
  loginEndpoint,
  logoutEndpoint,
  sessionInfoEndpoint,
  sessionRenewEndpoint,
  trialLoginEndpoint,
} from '../../../contract/session.ts';
import { captchaEndpoint, smsNoLoginEndpoint } from '../../../contract/verification.ts';
import { members, sessions } from '../../db/schema.ts';
import { argon2, currentHashPrefix } from '../member/passwords.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, testPassword } from '../../test/wallet-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const minute = 60_000;
const { player, agent, mobile } = demoAccounts;

function login(client: TestClient, payload: Partial<LoginPayload> & Pick<LoginPayload, 'username' | 'password'>) {
  return client.sealed.call(loginEndpoint, { type: 'username', ...payload });
}

async function loggedIn(client: TestClient, username: string, password: string) {
  const result = await login(client, { username, password });
  client.token = result.token;
  return result;
}

describe('login by username and password', () => {
  it('answers the spec shape and opens a session', async () => {
    const c = h.client();
    const result = await loggedIn(c, player.username, player.password);
    expect(result).toMatchObject({ userName: 'player1', type: 0, firstTimeLogin: false });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.deviceToken).toBeUndefined();
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: 'player1', type: 0 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ account: 'player1', type: 0, email: 'pl***@example.com' });
  });

  it('accepts any letter case of the username and a mobile number with its password', async () => {
    await expect(login(h.client(), { username: 'AGENT1', password: agent.password })).resolves.toMatchObject({ userName: 'agent1', type: 1 });
    await expect(login(h.client(), { username: '+639171234567', password: mobile.password })).resolves.toMatchObject({
      userName: 'mobile1',
    });
    await expect(
      login(h.client(), { username: '09171234567', password: mobile.password, countryDialingCode: '+63' }),
    ).resolves.toMatchObject({ userName: 'mobile1' });
  });

  it('needs the encrypted body', async () => {
    const plain = await rawCall(h.app, loginEndpoint, { payload: { type: 'username', username: 'player1', password: player.password } });
    expect(plain).toMatchObject({ status: 400, errorCode: 'request.invalid' });
    const noHeader = await rawCall(h.app, loginEndpoint, { payload: { value: 'AAAA' } });
    expect(noHeader).toMatchObject({ status: 400, errorCode: 'crypto.required' });
    const junk = await rawCall(h.app, loginEndpoint, { payload: { value: 'AAAA' }, headers: { encryption: 'RSA' } });
    expect(junk).toMatchObject({ status: 400, errorCode: 'crypto.invalid' });
  });

  it('stores only the SHA-256 of tokens, and argon2id hashes with m=19456, t=2', async () => {
    const { token } = await login(h.client(), { username: player.username, password: player.password });
    const rows = await h.testDb.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    const hashes = await h.testDb.db.select({ hash: members.passwordHash }).from(members);
    for (const { hash } of hashes.filter((r) => r.hash)) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('failed logins', () => {
  it('answer the same for an unknown user and a wrong password, after the same argon2id work', async () => {
    const c = h.client({ ip: '203.0.113.1' });
    // Watches the verifications (the real one runs).
    const attempt = async (username: string) => {
      const verify = vi.spyOn(argon2, 'verify');
      try {
        const error = await failureOf(login(c, { username, password: 'Wrong#2026' }));
        return { error, verified: verify.mock.calls.map(([hashed]) => String(hashed)) };
      } finally {
        verify.mockRestore();
      }
    };
    const wrong = await attempt('agent1');
    const unknown = await attempt('nobody42');
    expect(unknown.error.errorCode).toBe('login.failed');
    expect(unknown.error.errorCode).toBe(wrong.error.errorCode);
    expect(unknown.error.message).toBe(wrong.error.message);
    expect(unknown.error.status).toBe(wrong.error.status);
    expect(unknown.error.value).toEqual(wrong.error.value);
    // Most of a failed login's time is one argon2id verification: the unknown user's runs against a
    // dummy hash of the same parameters, so the answer takes as long (timing it here would only measure
    // how busy the machine is). Without the dummy check the unknown user's answer would come at once.
    expect(wrong.verified).toHaveLength(1);
    expect(unknown.verified).toHaveLength(1);
    for (const hashed of [...wrong.verified, ...unknown.verified]) expect(hashed.startsWith(currentHashPrefix)).toBe(true);
    expect(unknown.verified[0]).not.toBe(wrong.verified[0]);
  });

  it('require a captcha after 3 failures for the account; a captcha is single use', async () => {
    // An account of its own: other tests' failed logins (an SMS code used twice) count for theirs.
    await createMember(h.testDb.db, 'captchame');
    const a = h.client({ ip: '203.0.113.20' });
    const b = h.client({ ip: '203.0.113.21' });
    const c = h.client({ ip: '203.0.113.22' });
    const fail = (client: TestClient) => failureOf(login(client, { username: 'captchame', password: 'Nope#20260' }));
    expect((await fail(a)).value).toEqual({ captchaRequired: false });
    expect((await fail(b)).value).toEqual({ captchaRequired: false });
    const third = await fail(c);
    expect(third.value).toEqual({ captchaRequired: true });
    // From a fresh client too: the account needs it now.
    const fresh = h.client({ ip: '203.0.113.23' });
    const missing = await failureOf(login(fresh, { username: 'captchame', password: testPassword }));
    expect(missing).toMatchObject({ errorCode: 'captcha.required', value: { captchaRequired: true } });
    h.captchaDigits.value = '482913';
    const captcha = await fresh.call(captchaEndpoint);
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await failureOf(login(fresh, { username: 'captchame', password: testPassword, captchaId: captcha.captchaId, captcha: '000000' }));
    expect(wrong).toMatchObject({ errorCode: 'captcha.invalid', value: { captchaRequired: true } });
    // The same captcha, now with the right answer, is used up.
    const reused = await failureOf(login(fresh, { username: 'captchame', password: testPassword, captchaId: captcha.captchaId, captcha: '482913' }));
    expect(reused.errorCode).toBe('captcha.invalid');
    const next = await fresh.call(captchaEndpoint);
    await expect(
      login(fresh, { username: 'captchame', password: testPassword, captchaId: next.captchaId, captcha: '482913' }),
    ).resolves.toMatchObject({ userName: 'captchame' });
    // Success clears the account's failures.
    await expect(login(h.client({ ip: '203.0.113.24' }), { username: 'captchame', password: testPassword })).resolves.toMatchObject({
      userName: 'captchame',
    });
  });

  it('require a captcha after 3 failures from one client, whatever the accounts', async () => {
    const c = h.client({ ip: '203.0.113.30', deviceId: 'device-30' });
    for (const name of ['ghost1', 'ghost2']) {
      expect((await failureOf(login(c, { username: name, password: 'x' }))).value).toEqual({ captchaRequired: false });
    }
    expect((await failureOf(login(c, { username: 'ghost3', password: 'x' }))).value).toEqual({ captchaRequired: true });
    const error = await failureOf(login(c, { username: 'player1', password: player.password }));
    expect(error.errorCode).toBe('captcha.required');
    // The same device from another network still needs it (device id), another device there does not.
    const sameDevice = h.client({ ip: '203.0.113.31', deviceId: 'device-30' });
    expect((await failureOf(login(sameDevice, { username: 'player1', password: player.password }))).errorCode).toBe('captcha.required');
  });

  it('slow one address down on one account with growing delays, never the account elsewhere', async () => {
    await h.app.identity.members.register(
      { merchant: (await h.app.merchants.get('DEMO'))!, clientIp: '127.0.0.1' },
      'username',
      {
        username: 'slowme',
        password: 'Slow#2026x',
        confirmPassword: 'Slow#2026x',
        captchaId: (await h.client().call(captchaEndpoint)).captchaId,
        captcha: h.captchaDigits.value,
      },
    );
    const attacker = h.client({ ip: '203.0.113.60' });
    const attempt = async (client: TestClient, username: string, password: string) => {
      const { captchaId } = await client.call(captchaEndpoint);
      return login(client, { username, password, captchaId, captcha: h.captchaDigits.value });
    };
    for (let i = 0; i < 5; i++) expect((await failureOf(attempt(attacker, 'slowme', 'Wrong#2026'))).errorCode).toBe('login.failed');
    // The 6th try from there waits 1 s after the 5th failure, then 2 s after the 6th, ...
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const throttled = await failureOf(attempt(attacker, 'slowme', 'Wrong#2026'));
      expect(throttled).toMatchObject({ status: 429, errorCode: 'login.throttled', value: { captchaRequired: true } });
      const { retryAfterMs } = throttled.value as { retryAfterMs: number };
      waits.push(retryAfterMs);
      h.clock.advance(retryAfterMs);
      expect((await failureOf(attempt(attacker, 'slowme', 'Wrong#2026'))).errorCode).toBe('login.failed');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    // Even the right password waits there, and a throttled try is not counted.
    expect((await failureOf(attempt(attacker, 'slowme', 'Slow#2026x'))).errorCode).toBe('login.throttled');
    // An unknown account is slowed the same way.
    for (let i = 0; i < 5; i++) await failureOf(attempt(attacker, 'nobody_slow', 'Wrong#2026'));
    expect((await failureOf(attempt(attacker, 'nobody_slow', 'Wrong#2026'))).errorCode).toBe('login.throttled');
    // The member from another address logs in at once (with the captcha the account now asks for).
    await expect(attempt(h.client({ ip: '198.51.100.61' }), 'slowme', 'Slow#2026x')).resolves.toMatchObject({ userName: 'slowme' });
  });

  it('cap the delay at 15 minutes', async () => {
    const { throttleDelayMs } = await import('./login-failures.ts');
    const limits = h.app.identity.limits;
    expect([4, 5, 6, 10, 14, 15, 40].map((n) => throttleDelayMs(n, limits))).toEqual([0, 1000, 2000, 32_000, 512_000, 900_000, 900_000]);
  });
});

describe('sessions', () => {
  it('a new login replaces the previous session: the old token gets login.not.session', async () => {
    const first = h.client();
    const second = h.client({ ip: '192.0.2.9' });
    await loggedIn(first, 'agent1', agent.password);
    await loggedIn(second, 'agent1', agent.password);
    const error = await failureOf(first.call(sessionInfoEndpoint));
    expect(error).toMatchObject({ status: 401, errorCode: 'login.not.session' });
    await expect(second.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: 'agent1' });
  });

  it('ends after 30 idle minutes, and after 12 hours however active', async () => {
    const c = h.client();
    await loggedIn(c, 'player1', player.password);
    h.clock.advance(29 * minute);
    await expect(c.call(sessionInfoEndpoint)).resolves.toBeTruthy();
    h.clock.advance(29 * minute);
    await expect(c.call(sessionRenewEndpoint)).resolves.toBeTruthy();
    h.clock.advance(31 * minute);
    expect(await failureOf(c.call(sessionInfoEndpoint))).toMatchObject({ status: 401, errorCode: 'login.session.expired' });

    const active = h.client();
    await loggedIn(active, 'player1', player.password);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      h.clock.advance(20 * minute);
      await active.call(sessionRenewEndpoint);
    }
    h.clock.advance(20 * minute);
    expect(await failureOf(active.call(memberInfoEndpoint))).toMatchObject({ errorCode: 'login.session.expired' });
  });

  it('needs a token on auth endpoints', async () => {
    expect(await failureOf(h.client().call(memberInfoEndpoint))).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
    const bad = h.client({ token: 'not-a-token' });
    expect(await failureOf(bad.call(sessionInfoEndpoint))).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
  });

  it('logout ends the session on the server, and is quiet when repeated', async () => {
    const c = h.client();
    await loggedIn(c, 'player1', player.password);
    await expect(c.call(logoutEndpoint)).resolves.toBeNull();
    expect(await failureOf(c.call(sessionInfoEndpoint))).toMatchObject({ errorCode: 'user.or.token.invalid' });
    await expect(c.call(logoutEndpoint)).resolves.toBeNull();
  });
});

describe('password expiry', () => {
  const day = 24 * 60 * minute;
  const setPasswordAge = (username: string, ms: number) =>
    h.testDb.db
      .update(members)
      .set({ passwordChangedAt: new Date(h.clock.now().getTime() - ms) })
      .where(eq(members.username, username));

  it('a password older than 90 days logs in with passwordExpired, until it is changed', async () => {
    const c = h.client({ ip: '192.0.2.120', deviceId: 'expiry-phone' });
    await setPasswordAge('mobile1', 89 * day);
    expect(await loggedIn(c, 'mobile1', mobile.password)).toMatchObject({ firstTimeLogin: false, passwordExpired: false });

    await setPasswordAge('mobile1', 90 * day);
    const expired = await login(c, { username: 'mobile1', password: mobile.password, remember: true });
    expect(expired).toMatchObject({ userName: 'mobile1', firstTimeLogin: false, passwordExpired: true });
    c.token = expired.token;
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ passwordExpired: true });
    // A remember-me exchange carries the flag too.
    const exchanged = await c.call(deviceLoginEndpoint, { body: { deviceToken: expired.deviceToken! } });
    expect(exchanged.passwordExpired).toBe(true);
    c.token = exchanged.token;

    await expect(
      c.call(changePasswordEndpoint, { body: { oldPassword: mobile.password, newPassword: 'Fresh#2027', confirmNewPassword: 'Fresh#2027' } }),
    ).resolves.toBeNull();
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ passwordExpired: false });
    expect(await loggedIn(c, 'mobile1', 'Fresh#2027')).toMatchObject({ passwordExpired: false });
    // Put the demo account back as the other tests know it.
    await expect(
      c.call(changePasswordEndpoint, { body: { oldPassword: 'Fresh#2027', newPassword: mobile.password, confirmNewPassword: mobile.password } }),
    ).resolves.toBeNull();
  });

  it('counts from the account creation when no change was recorded; trial accounts never expire', async () => {
    await h.testDb.db
      .update(members)
      .set({ passwordChangedAt: null, createdAt: new Date(h.clock.now().getTime() - 120 * day) })
      .where(eq(members.username, 'agent1'));
    expect(await login(h.client({ ip: '192.0.2.121' }), { username: 'agent1', password: agent.password })).toMatchObject({
      passwordExpired: true,
    });
    await h.testDb.db.update(members).set({ passwordChangedAt: h.clock.now() }).where(eq(members.username, 'agent1'));

    const c = h.client({ ip: '192.0.2.122' });
    const trial = await c.call(trialLoginEndpoint);
    await h.testDb.db
      .update(members)
      .set({ createdAt: new Date(h.clock.now().getTime() - 365 * day) })
      .where(eq(members.username, trial.userName));
    c.token = trial.token;
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ type: 4, passwordExpired: false });
  });
});

describe('remember-me device sessions', () => {
  it('issues a device token bound to the device id, exchanged for a new session and rotated', async () => {
    const c = h.client({ deviceId: 'phone-1' });
    const first = await login(c, { username: 'player1', password: player.password, remember: true });
    expect(first.deviceToken).toBeTruthy();
    expect(first.deviceTokenExpiresAt).toBe(h.clock.now().getTime() + 30 * 24 * 60 * minute);
    h.clock.advance(3 * 24 * 60 * minute);
    const other = h.client({ deviceId: 'phone-2' });
    expect(await failureOf(other.call(deviceLoginEndpoint, { body: { deviceToken: first.deviceToken! } }))).toMatchObject({
      status: 401,
      errorCode: 'session.device.invalid',
    });
    const renewed = await c.call(deviceLoginEndpoint, { body: { deviceToken: first.deviceToken! } });
    expect(renewed).toMatchObject({ userName: 'player1', type: 0 });
    expect(renewed.deviceToken).not.toBe(first.deviceToken);
    c.token = renewed.token;
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: 'player1' });
    // The exchanged token used again: every device session of the member ends.
    expect((await failureOf(c.call(deviceLoginEndpoint, { body: { deviceToken: first.deviceToken! } }))).errorCode).toBe(
      'session.device.invalid',
    );
    expect((await failureOf(c.call(deviceLoginEndpoint, { body: { deviceToken: renewed.deviceToken! } }))).errorCode).toBe(
      'session.device.invalid',
    );
  });

  it('logout revokes the device token of this device', async () => {
    const c = h.client({ deviceId: 'tablet-1' });
    const result = await login(c, { username: 'player1', password: player.password, remember: true });
    c.token = result.token;
    await c.call(logoutEndpoint);
    expect((await failureOf(c.call(deviceLoginEndpoint, { body: { deviceToken: result.deviceToken! } }))).errorCode).toBe(
      'session.device.invalid',
    );
  });
});

describe('login by mobile number and SMS code', () => {
  it('logs in with the code read from the outbox; a used code does not work twice', async () => {
    const c = h.client({ ip: '192.0.2.50' });
    const sent = await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9171234567', countryDialingCode: '+63', ...(await h.solvedCaptcha()) } });
    expect(sent.expirationTime).toBe(h.clock.now().getTime() + 60_000);
    const code = await h.lastCode('+639171234567');
    const result = await c.sealed.call(loginEndpoint, { type: 'sms', username: '9171234567', password: code, countryDialingCode: '+63' });
    expect(result).toMatchObject({ userName: 'mobile1', type: 0 });
    const again = await failureOf(
      c.sealed.call(loginEndpoint, { type: 'sms', username: '9171234567', password: code, countryDialingCode: '+63' }),
    );
    expect(again.errorCode).toBe('login.failed');
  });

  it('a code sent to a number without an account does not log in', async () => {
    const c = h.client({ ip: '192.0.2.51' });
    await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9170000001', countryDialingCode: '63', ...(await h.solvedCaptcha()) } });
    const code = await h.lastCode('+639170000001');
    const error = await failureOf(
      c.sealed.call(loginEndpoint, { type: 'sms', username: '9170000001', password: code, countryDialingCode: '63' }),
    );
    expect(error.errorCode).toBe('login.failed');
  });
});

describe('trial', () => {
  it('creates a trial member with a session, which cannot change a password', async () => {
    const c = h.client({ ip: '192.0.2.77' });
    const trial = await c.call(trialLoginEndpoint);
    expect(trial).toMatchObject({ customerType: 4 });
    expect(trial.userName).toMatch(/^trial_[a-z0-9]{6}$/);
    c.token = trial.token;
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: trial.userName, type: 4 });
    const error = await failureOf(
      c.call(changePasswordEndpoint, { body: { oldPassword: 'x', newPassword: 'Trial#2026', confirmNewPassword: 'Trial#2026' } }),
    );
    expect(error).toMatchObject({ status: 403, errorCode: 'trial.forbidden' });
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, trial.userName));
    expect(row).toMatchObject({ type: 4, passwordHash: null });
    // A trial member cannot log in with a password.
    expect((await failureOf(login(h.client({ ip: '192.0.2.78' }), { username: trial.userName, password: '' }))).errorCode).toBe(
      'login.failed',
    );
  });
});
