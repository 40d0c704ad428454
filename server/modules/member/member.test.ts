import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  affiliateCheckEndpoint,
  changePasswordEndpoint,
  forgotPasswordEmailEndpoint,
  memberInfoEndpoint,
  type RegisterPayload,
  registerEndpoint,
  registerMobileEndpoint,
  registrationRulesEndpoint,
  setPasswordByPhoneEndpoint,
  usernameCheckEndpoint,
} from '../../../contract/member.ts';
import { deviceLoginEndpoint, loginEndpoint, sessionInfoEndpoint } from '../../../contract/session.ts';
import type { Switches } from '../../../contract/system.ts';
import { captchaEndpoint, smsNoLoginEndpoint, smsRegisterEndpoint } from '../../../contract/verification.ts';
import { members, merchants } from '../../db/schema.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';

let h: Harness;
let demoSwitches: Switches;
beforeAll(async () => {
  h = await createHarness();
  demoSwitches = (await h.testDb.db.select().from(merchants).where(eq(merchants.code, 'DEMO')))[0]!.switches;
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.testDb.db.update(merchants).set({ switches: demoSwitches, registrationFields: {} }).where(eq(merchants.code, 'DEMO'));
});

async function withCaptcha(c: TestClient) {
  const { captchaId } = await c.call(captchaEndpoint);
  return { captchaId, captcha: h.captchaDigits.value };
}

async function registerUser(c: TestClient, payload: RegisterPayload) {
  return c.sealed.call(registerEndpoint, { ...(await withCaptcha(c)), ...payload });
}

async function loginAs(c: TestClient, username: string, password: string) {
  const result = await c.sealed.call(loginEndpoint, { type: 'username', username, password });
  c.token = result.token;
  return result;
}

describe('registration rules', () => {
  it('follow the switches and the merchant overrides', async () => {
    const c = h.client();
    const rules = await c.call(registrationRulesEndpoint);
    expect(rules).toMatchObject({
      methods: { username: true, mobile: true },
      defaultMethod: 'username',
      smsVerification: true,
      captchaRequired: true,
      affiliateEnabled: true,
    });
    expect(rules.fields.username).toMatchObject({ enabled: true, maxLength: 16 });
    expect(new RegExp(rules.fields.password.pattern!).test('Player#2026')).toBe(true);
    expect(new RegExp(rules.fields.password.pattern!).test('short')).toBe(false);
    expect(Object.keys(rules.fields)).toHaveLength(20);

    await h.testDb.db
      .update(merchants)
      .set({ switches: { ...demoSwitches, USERNAMEREG3: false, REGMOBVERF3: false, AFFMAN3: false }, registrationFields: { email: { required: true } } })
      .where(eq(merchants.code, 'DEMO'));
    const changed = await c.call(registrationRulesEndpoint);
    expect(changed).toMatchObject({ methods: { username: false, mobile: true }, defaultMethod: 'mobile', smsVerification: false });
    expect(changed.fields.email).toMatchObject({ enabled: true, required: true });
    expect(changed.fields.affiliateCode.enabled).toBe(false);
    expect(changed.fields.verificationCode.enabled).toBe(false);
  });
});

describe('registration by username', () => {
  it('creates a type 0 member in the affiliate agent’s downline, who can log in', async () => {
    const c = h.client();
    await expect(
      registerUser(c, { username: 'newbie1', password: 'Newbie#2026', confirmPassword: 'Newbie#2026', affiliateCode: 'agent1', email: 'newbie@example.com' }),
    ).resolves.toEqual({ userName: 'newbie1' });
    const [agent] = await h.testDb.db.select().from(members).where(eq(members.username, 'agent1'));
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, 'newbie1'));
    expect(row).toMatchObject({ type: 0, parentId: agent!.id, email: 'newbie@example.com', firstTimeLogin: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(loginAs(c, 'newbie1', 'Newbie#2026')).resolves.toMatchObject({ userName: 'newbie1', type: 0 });
  });

  it('refuses a birthday under 21 years ago with its own error code, and registers nobody; 21 today is old enough', async () => {
    const c = h.client();
    const today = h.clock.now();
    const ymd = (years: number, days = 0) =>
      new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
    const base = { password: 'Adult#2026', confirmPassword: 'Adult#2026' };
    const young = await failureOf(registerUser(c, { ...base, username: 'young1', birthday: '2015-06-01' }));
    expect(young).toMatchObject({ status: 400, errorCode: 'register.birthday.underage', value: { field: 'birthday', minimumAge: 21 } });
    const tomorrow = await failureOf(registerUser(c, { ...base, username: 'young2', birthday: ymd(21, 1) }));
    expect(tomorrow.errorCode).toBe('register.birthday.underage');
    expect(await h.testDb.db.select().from(members).where(eq(members.username, 'young1'))).toEqual([]);
    await expect(registerUser(c, { ...base, username: 'adult21', birthday: ymd(21) })).resolves.toMatchObject({ userName: 'adult21' });
  });

  it('refuses a taken username, whatever its letter case', async () => {
    const error = await failureOf(registerUser(h.client(), { username: 'Player1', password: 'Abcdef#2026', confirmPassword: 'Abcdef#2026' }));
    expect(error).toMatchObject({ status: 409, errorCode: 'member.username.exists', message: 'Sorry, the username already exists.' });
  });

  it('enforces the rules: format, confirmation, captcha, affiliate code, required fields, methods', async () => {
    const c = h.client();
    const base = { username: 'ruler1', password: 'Ruler#2026', confirmPassword: 'Ruler#2026' };
    const fail = async (payload: RegisterPayload) => (await failureOf(registerUser(c, payload))).errorCode;
    expect(await fail({ ...base, username: '1bad' })).toBe('register.username.invalid');
    expect(await fail({ ...base, password: 'short', confirmPassword: 'short' })).toBe('password.invalid');
    expect(await fail({ ...base, confirmPassword: 'Other#2026' })).toBe('password.confirm.mismatch');
    expect(await fail({ ...base, email: 'not-an-email' })).toBe('register.email.invalid');
    expect(await fail({ ...base, birthday: '2001-02-30' })).toBe('register.birthday.invalid');
    expect(await fail({ ...base, affiliateCode: 'NOSUCH' })).toBe('affiliate.code.invalid');
    expect(await fail({ ...base, password: undefined })).toBe('register.field.required');
    const noCaptcha = await failureOf(c.sealed.call(registerEndpoint, base));
    expect(noCaptcha).toMatchObject({ errorCode: 'captcha.required', value: { field: 'captcha', captchaRequired: true } });
    const wrongCaptcha = await failureOf(c.sealed.call(registerEndpoint, { ...base, ...(await withCaptcha(c)), captcha: '999999' }));
    expect(wrongCaptcha.errorCode).toBe('captcha.invalid');

    await h.testDb.db.update(merchants).set({ registrationFields: { email: { required: true } } }).where(eq(merchants.code, 'DEMO'));
    const required = await failureOf(registerUser(c, base));
    expect(required).toMatchObject({ errorCode: 'register.field.required', value: { field: 'email' } });

    await h.testDb.db.update(merchants).set({ switches: { ...demoSwitches, USERNAMEREG3: false } }).where(eq(merchants.code, 'DEMO'));
    expect(await fail({ ...base, email: 'r@example.com' })).toBe('register.method.disabled');
    const [row] = await h.testDb.db.select({ n: sql<number>`count(*)::int` }).from(members).where(eq(members.username, 'ruler1'));
    expect(row!.n).toBe(0);
  });

  it('ignores fields the rules switch off', async () => {
    const c = h.client();
    await registerUser(c, { username: 'quiet1', password: 'Quiet#2026', confirmPassword: 'Quiet#2026', idNumber: 'X', qqNum: 'abc' });
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, 'quiet1'));
    expect(row).toMatchObject({ idNumber: null, contacts: {} });
  });
});

describe('registration by mobile number', () => {
  it('needs the SMS code from the outbox, then the member logs in by SMS', async () => {
    const c = h.client({ ip: '192.0.2.100' });
    const sent = await c.call(smsRegisterEndpoint, { body: { mobileNum: '917 555 0101', countryDialingCode: '+63', ...(await h.solvedCaptcha()) } });
    expect(sent.expirationTime).toBeGreaterThan(h.clock.now().getTime());
    const code = await h.lastCode('+639175550101');
    const payload = { mobileNum: '9175550101', countryDialingCode: '+63', password: 'Mobile#2027', confirmPassword: 'Mobile#2027' };
    const wrong = await failureOf(c.sealed.call(registerMobileEndpoint, { ...payload, ...(await withCaptcha(c)), verificationCode: '000000' }));
    expect(wrong.errorCode).toBe('verification.code.invalid');
    const result = await c.sealed.call(registerMobileEndpoint, { ...payload, ...(await withCaptcha(c)), verificationCode: code });
    expect(result.userName).toMatch(/^m\d{9}$/);
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, result.userName));
    expect(row).toMatchObject({ dialingCode: '63', mobileNumber: '9175550101', type: 0 });

    // The number is taken now.
    const taken = await failureOf(c.call(smsRegisterEndpoint, { body: { mobileNum: '9175550101', countryDialingCode: '63', ...(await h.solvedCaptcha()) } }));
    expect(taken).toMatchObject({ status: 409, errorCode: 'member.mobile.exists' });

    h.clock.advance(61_000);
    await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9175550101', countryDialingCode: '63', ...(await h.solvedCaptcha()) } });
    const loginCode = await h.lastCode('+639175550101');
    const login = await c.sealed.call(loginEndpoint, { type: 'sms', username: '9175550101', password: loginCode, countryDialingCode: '63' });
    expect(login.userName).toBe(result.userName);
  });

  it('takes an optional username and works without SMS verification when REGMOBVERF3 is off', async () => {
    await h.testDb.db.update(merchants).set({ switches: { ...demoSwitches, REGMOBVERF3: false } }).where(eq(merchants.code, 'DEMO'));
    const c = h.client();
    const result = await c.sealed.call(registerMobileEndpoint, {
      ...(await withCaptcha(c)),
      username: 'phoneuser',
      mobileNum: '9175550202',
      countryDialingCode: '63',
      password: 'Phone#2026',
      confirmPassword: 'Phone#2026',
    });
    expect(result).toEqual({ userName: 'phoneuser' });
  });
});

describe('checks', () => {
  it('username check: format and availability', async () => {
    const c = h.client();
    await expect(c.call(usernameCheckEndpoint, { query: { username: 'PLAYER1' } })).resolves.toEqual({ valid: true, available: false });
    await expect(c.call(usernameCheckEndpoint, { query: { username: 'freename' } })).resolves.toEqual({ valid: true, available: true });
    await expect(c.call(usernameCheckEndpoint, { query: { username: 'x' } })).resolves.toEqual({ valid: false, available: false });
  });

  it('affiliate check: agents’ codes only, and only with AFFMAN3', async () => {
    const c = h.client();
    await expect(c.call(affiliateCheckEndpoint, { query: { code: 'AGENT1', domain: 'm.example.com' } })).resolves.toEqual({ valid: true });
    await expect(c.call(affiliateCheckEndpoint, { query: { code: 'agent1' } })).resolves.toEqual({ valid: true });
    await expect(c.call(affiliateCheckEndpoint, { query: { code: 'NOPE99' } })).resolves.toEqual({ valid: false });
    await h.testDb.db.update(merchants).set({ switches: { ...demoSwitches, AFFMAN3: false } }).where(eq(merchants.code, 'DEMO'));
    await expect(c.call(affiliateCheckEndpoint, { query: { code: 'AGENT1' } })).resolves.toEqual({ valid: false });
  });
});

describe('change password', () => {
  it('checks confirmation, sameness and the old password; clears first-time login; ends other sessions', async () => {
    const c = h.client();
    await registerUser(c, { username: 'changer', password: 'Change#2026', confirmPassword: 'Change#2026' });
    await loginAs(c, 'changer', 'Change#2026');
    const other = h.client({ ip: '192.0.2.200', deviceId: 'other-device' });
    const remembered = await other.sealed.call(loginEndpoint, { type: 'username', username: 'changer', password: 'Change#2026', remember: true });
    expect(remembered.deviceToken).toBeTruthy();
    await loginAs(c, 'changer', 'Change#2026');
    const body = (oldPassword: string, newPassword: string, confirmNewPassword = newPassword) => ({
      body: { oldPassword, newPassword, confirmNewPassword },
    });
    expect((await failureOf(c.call(changePasswordEndpoint, body('Change#2026', 'Change#2026')))).errorCode).toBe('modify.new.old.same');
    expect((await failureOf(c.call(changePasswordEndpoint, body('Change#2026', 'Next#2026', 'Nxt#2026')))).errorCode).toBe(
      'password.confirm.mismatch',
    );
    expect((await failureOf(c.call(changePasswordEndpoint, body('Change#2026', 'weak')))).errorCode).toBe('password.invalid');
    expect((await failureOf(c.call(changePasswordEndpoint, body('Wrong#2026', 'Next#2026')))).errorCode).toBe(
      'modify.old.password.incorrect',
    );
    await h.testDb.db.update(members).set({ firstTimeLogin: true }).where(eq(members.username, 'changer'));
    await expect(c.call(changePasswordEndpoint, body('Change#2026', 'Next#2026'))).resolves.toBeNull();
    await expect(c.call(sessionInfoEndpoint)).resolves.toMatchObject({ firstTimeLogin: false });
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, 'changer'));
    expect(row!.firstTimeLogin).toBe(false);
    // The remember-me token of the other device ended with the change.
    expect((await failureOf(other.call(deviceLoginEndpoint, { body: { deviceToken: remembered.deviceToken! } }))).errorCode).toBe(
      'session.device.invalid',
    );
    expect((await failureOf(loginAs(h.client(), 'changer', 'Change#2026'))).errorCode).toBe('login.failed');
    await expect(loginAs(h.client(), 'changer', 'Next#2026')).resolves.toMatchObject({ userName: 'changer' });
  });
});

describe('set password by phone', () => {
  it('uses the noLogin SMS code; same password keeps the code valid; then the member logs in', async () => {
    // Another test asks this number for a code too: past the time between two codes to one number.
    h.clock.advance(61_000);
    const c = h.client({ ip: '192.0.2.210' });
    await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9171234567', countryDialingCode: '63', ...(await h.solvedCaptcha()) } });
    const code = await h.lastCode('+639171234567');
    const wrong = await failureOf(
      c.sealed.call(setPasswordByPhoneEndpoint, { mobileNum: '9171234567', countryDialingCode: '63', verificationCode: '000000', newPassword: 'Reset#2026' }),
    );
    expect(wrong.errorCode).toBe('verification.code.invalid');
    const same = await failureOf(
      c.sealed.call(setPasswordByPhoneEndpoint, { mobileNum: '9171234567', verificationCode: code, newPassword: demoAccounts.mobile.password }),
    );
    expect(same.errorCode).toBe('modify.new.old.same');
    const done = await c.sealed.call(setPasswordByPhoneEndpoint, {
      mobileNum: '09171234567',
      countryDialingCode: '+63',
      verificationCode: code,
      newPassword: 'Reset#2026',
    });
    expect(done).toEqual({ userName: 'mobile1' });
    await expect(loginAs(c, done.userName, 'Reset#2026')).resolves.toMatchObject({ userName: 'mobile1' });
    const reused = await failureOf(
      c.sealed.call(setPasswordByPhoneEndpoint, { mobileNum: '9171234567', verificationCode: code, newPassword: 'Again#2026' }),
    );
    expect(reused.errorCode).toBe('verification.code.invalid');
  });
});

describe('set password by phone never tells numbers with and without an account apart', () => {
  it('answers a number without an account exactly as a wrong code, even with the right code', async () => {
    const c = h.client({ ip: '192.0.2.211' });
    const reset = (mobileNum: string, verificationCode: string, countryDialingCode?: string) =>
      failureOf(
        c.sealed.call(setPasswordByPhoneEndpoint, {
          mobileNum,
          verificationCode,
          newPassword: 'Reset#2026',
          ...(countryDialingCode ? { countryDialingCode } : {}),
        }),
      );
    const answer = (e: Awaited<ReturnType<typeof reset>>) => ({ status: e.status, errorCode: e.errorCode, message: e.message, value: e.value });

    // A known account, wrong code (after the previous test's resend cooldown).
    h.clock.advance(61_000);
    await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9171234567', countryDialingCode: '63', ...(await h.solvedCaptcha()) } });
    const knownWrong = answer(await reset('9171234567', '000000', '63'));
    expect(knownWrong).toMatchObject({ status: 400, errorCode: 'verification.code.invalid' });
    // A number nobody registered: the code reached it (sms/noLogin sends to any number), and is right.
    await c.call(smsNoLoginEndpoint, { body: { mobileNum: '9170000099', countryDialingCode: '63', ...(await h.solvedCaptcha()) } });
    const code = await h.lastCode('+639170000099');
    expect(answer(await reset('9170000099', code, '63'))).toEqual(knownWrong);
    expect(answer(await reset('9170000099', '000000', '63'))).toEqual(knownWrong);
    // Without a dialing code too.
    expect(answer(await reset('9170000099', code))).toEqual(knownWrong);
    expect(answer(await reset('9170000077', '123456'))).toEqual(knownWrong);
  });
});

describe('referrer', () => {
  it('a recommender ID must name a real member (by member ID or username), else Referrer link error', async () => {
    await h.testDb.db
      .update(merchants)
      .set({ registrationFields: { recommenderId: { enabled: true, required: false } } })
      .where(eq(merchants.code, 'DEMO'));
    const c = h.client({ ip: '192.0.2.220' });
    const [player] = await h.testDb.db.select().from(members).where(eq(members.username, 'player1'));
    const base = { password: 'Refer#2026', confirmPassword: 'Refer#2026' };
    const bad = await failureOf(registerUser(c, { ...base, username: 'referred0', recommenderId: '999999' }));
    expect(bad).toMatchObject({
      status: 400,
      errorCode: 'register.referrer.invalid',
      message: 'Referrer link error',
      value: { field: 'recommenderId' },
    });
    expect((await failureOf(registerUser(c, { ...base, username: 'referred0', recommenderId: 'nobody_here' }))).errorCode).toBe(
      'register.referrer.invalid',
    );
    await expect(registerUser(c, { ...base, username: 'referred1', recommenderId: String(player!.id) })).resolves.toEqual({
      userName: 'referred1',
    });
    await expect(registerUser(c, { ...base, username: 'referred2', recommenderId: 'player1' })).resolves.toEqual({ userName: 'referred2' });
    const [row] = await h.testDb.db.select().from(members).where(eq(members.username, 'referred1'));
    expect(row!.recommenderId).toBe(String(player!.id));
  });
});

describe('forgot password by e-mail', () => {
  it('mails a one-time code (form-encoded request) that logs in and asks for a new password', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: forgotPasswordEmailEndpoint.path,
      headers: { merchant: 'DEMO', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=player1&email=Player1%40Example.com',
    });
    expect(res.json()).toEqual({ success: true, value: null });
    const mail = await h.lastMessage('player1@example.com');
    expect(mail).toContain('player1');
    const code = await h.lastCode('player1@example.com');

    // A wrong pair gets the same answer and sends nothing.
    const c = h.client();
    await expect(c.call(forgotPasswordEmailEndpoint, { body: { username: 'agent1', email: 'someone@example.com' } })).resolves.toBeNull();
    await expect(h.lastMessage('someone@example.com')).rejects.toThrow('no message to someone@example.com');

    const login = await loginAs(c, 'player1', code);
    expect(login.firstTimeLogin).toBe(true);
    // The old password no longer works once the code was used; the code is the old password on the change screen.
    await expect(
      c.call(changePasswordEndpoint, { body: { oldPassword: code, newPassword: 'Fresh#2026', confirmNewPassword: 'Fresh#2026' } }),
    ).resolves.toBeNull();
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ firstTimeLogin: false });
    await expect(loginAs(h.client(), 'player1', 'Fresh#2026')).resolves.toMatchObject({ firstTimeLogin: false });
  });

  it('checks the fields and the resend cooldown', async () => {
    const c = h.client();
    expect((await failureOf(c.call(forgotPasswordEmailEndpoint, { body: { username: 'player1', email: 'bad' } }))).errorCode).toBe(
      'register.email.invalid',
    );
    await c.call(forgotPasswordEmailEndpoint, { body: { username: 'agent1', email: 'cool@example.com' } });
    const again = await failureOf(c.call(forgotPasswordEmailEndpoint, { body: { username: 'agent1', email: 'cool@example.com' } }));
    expect(again).toMatchObject({ status: 429, errorCode: 'verification.resend.cooldown' });
  });
});
