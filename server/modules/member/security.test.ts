/**
 * The member's security center over HTTP, as a caller sees it: what is set,
 * security questions (validated before the login password is checked, which
 * counts as a login failure when wrong), the withdrawal password reset with
 * the login password (it ends a lock), removing a bank card (refused while a
 * pending withdrawal pays to it, gone from every list and from new
 * withdrawals, still shown by old ones), and the member's live sessions with
 * "sign out elsewhere". Only the session's own member, never without a
 * session, never a trial account; bad input is a 4xx with an errorCode.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerSecurityQuestionsEndpoint,
  memberSessionsEndpoint,
  removeBankCardEndpoint,
  resetWithdrawalPasswordEndpoint,
  securityConfigEndpoint,
  securityQuestionIds,
  securityQuestionsEndpoint,
  setSecurityQuestionsEndpoint,
  signOutElsewhereEndpoint,
} from '../../../contract/security.ts';
import { deviceLoginEndpoint, loginEndpoint, sessionInfoEndpoint } from '../../../contract/session.ts';
import {
  addBankCardEndpoint,
  bankCardsEndpoint,
  createWithdrawalEndpoint,
  hasWithdrawalPasswordEndpoint,
  setWithdrawalPasswordEndpoint,
  verifyWithdrawalPasswordEndpoint,
  withdrawalStatusEndpoint,
  withdrawInfoEndpoint,
} from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { loginFailures, memberSecurityAnswers, members } from '../../db/schema.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { demoBankCards } from '../../seed/seed-wallet.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, signInTrial, testPassword } from '../../test/wallet-harness.ts';
import { securityAnswerMatches } from './security-questions.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const chromeAndroid =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const edgeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87';

let seq = 0;
interface Member {
  username: string;
  id: number;
  c: TestClient;
}

/** A new member (funded when asked), logged in from its own address and device. */
async function signedIn(options: { funded?: boolean; userAgent?: string; remember?: boolean } = {}): Promise<Member & { deviceToken?: string }> {
  const username = `sec${++seq}`;
  const row = options.funded ? await createFundedMember(h.testDb.db, username) : await createMember(h.testDb.db, username);
  const c = h.client({ ip: `198.51.100.${10 + seq}`, deviceId: `device-${username}` });
  const result = await c.sealed.call(
    loginEndpoint,
    { type: 'username', username, password: testPassword, remember: options.remember ?? false },
    { extraHeaders: { 'user-agent': options.userAgent ?? chromeAndroid } },
  );
  c.token = result.token;
  return { username, id: row.id, c, ...(result.deviceToken ? { deviceToken: result.deviceToken } : {}) };
}

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

/** A raw call with the member's token (or none), for bodies and queries the typed client would not send. */
function raw(c: TestClient | null, endpoint: { method: string; path: string }, options: { payload?: unknown; url?: string } = {}) {
  return rawCall(h.app, endpoint as { method: 'POST'; path: string }, {
    headers: {
      ...(c?.token ? { authorization: c.token } : {}),
      ...(typeof options.payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...options,
  });
}

const twoAnswers = [
  { questionId: 'firstPet', answer: 'Rex' },
  { questionId: 'birthCity', answer: 'Cebu City' },
];
const setAnswers = (c: TestClient, answers: { questionId: string; answer: string }[], loginPassword = testPassword) =>
  c.call(setSecurityQuestionsEndpoint, { body: { loginPassword, answers } });

let cardSeq = 0;
const nextAccountNumber = () => `5500${String(++cardSeq).padStart(6, '0')}`;
const addCard = (c: TestClient, bankName = 'BPI', accountNumber = nextAccountNumber()) =>
  c.call(addBankCardEndpoint, { body: { bankName, accountName: 'Sec Member', accountNumber } });

const failureCount = async (memberId: number) =>
  (await h.testDb.db.select().from(loginFailures).where(eq(loginFailures.accountKey, `id:${memberId}`))).length;

describe('securityConfig', () => {
  it('answers what is set: withdrawal password, answered questions in order, live bank cards', async () => {
    const { c } = await signedIn();
    await expect(c.call(securityConfigEndpoint)).resolves.toEqual({ hasWithdrawalPassword: false, questionIds: [], bankCardCount: 0, maxBankCards: 5 });
    await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '135790', confirmPassword: '135790' } });
    await addCard(c);
    await addCard(c);
    await setAnswers(c, [twoAnswers[1]!, twoAnswers[0]!]);
    await expect(c.call(securityConfigEndpoint)).resolves.toEqual({
      hasWithdrawalPassword: true,
      questionIds: ['birthCity', 'firstPet'],
      bankCardCount: 2,
      maxBankCards: 5,
    });
  });

  it("counts a payment password given at registration, as the wallet's own answer does", async () => {
    const { c, id } = await signedIn();
    await h.testDb.db.update(members).set({ paymentPasswordHash: 'x' }).where(eq(members.id, id));
    await expect(c.call(hasWithdrawalPasswordEndpoint)).resolves.toEqual({ hasWithdrawalPassword: true });
    await expect(c.call(securityConfigEndpoint)).resolves.toMatchObject({ hasWithdrawalPassword: true });
  });

  it('shows the demo member filled: two questions and two bank cards', async () => {
    const c = h.client({ ip: '198.51.100.250' });
    const { username, password, securityAnswers } = demoAccounts.player;
    c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password })).token;
    await expect(c.call(securityConfigEndpoint)).resolves.toMatchObject({
      questionIds: securityAnswers.map((a) => a.questionId),
      bankCardCount: demoBankCards.length,
    });
    expect((await c.call(bankCardsEndpoint)).map((card) => card.accountNumberMasked)).toEqual(
      demoBankCards.map((card) => `**** ${card.accountNumber.slice(-4)}`),
    );
  });
});

describe('security questions', () => {
  it('lists every question and how many to answer', async () => {
    const { c } = await signedIn();
    await expect(c.call(securityQuestionsEndpoint)).resolves.toEqual({ questionIds: [...securityQuestionIds], count: 2 });
  });

  it('stores only argon2id hashes of the normalised answers; a new set replaces the old one', async () => {
    const { c, id } = await signedIn();
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: [] });
    await expect(setAnswers(c, [{ questionId: 'firstPet', answer: '  Rex  ' }, { questionId: 'birthCity', answer: 'Cebu   CITY' }])).resolves.toEqual({
      questionIds: ['firstPet', 'birthCity'],
    });
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: ['firstPet', 'birthCity'] });
    const rows = await h.testDb.db.select().from(memberSecurityAnswers).where(eq(memberSecurityAnswers.memberId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.answerHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstPet', 'rex')).resolves.toBe(true);
    await expect(securityAnswerMatches(h.testDb.db, id, 'birthCity', ' cebu city ')).resolves.toBe(true);
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstPet', 'Rexy')).resolves.toBe(false);

    await setAnswers(c, [{ questionId: 'firstCar', answer: 'Beetle' }, { questionId: 'firstPet', answer: 'Spot' }]);
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: ['firstCar', 'firstPet'] });
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstPet', 'spot')).resolves.toBe(true);
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstPet', 'rex')).resolves.toBe(false);
    await expect(securityAnswerMatches(h.testDb.db, id, 'birthCity', 'cebu city')).resolves.toBeNull();
  });

  it('refuses anything but exactly two different known questions with security.question.invalid, changing nothing', async () => {
    const { c, id } = await signedIn();
    await setAnswers(c, twoAnswers);
    const refused = [
      [],
      [twoAnswers[0]!],
      [...twoAnswers, { questionId: 'firstCar', answer: 'Beetle' }],
      [twoAnswers[0]!, { questionId: 'firstPet', answer: 'Spot' }],
      [twoAnswers[0]!, { questionId: 'favouriteColour', answer: 'Blue' }],
      [twoAnswers[0]!, { questionId: 'FIRSTCAR', answer: 'Beetle' }],
      [twoAnswers[0]!, { questionId: '__proto__', answer: 'Beetle' }],
      [twoAnswers[0]!, { questionId: '', answer: 'Beetle' }],
    ];
    for (const answers of refused) {
      expect(await errorOf(setAnswers(c, answers)), JSON.stringify(answers)).toEqual({ status: 400, errorCode: 'security.question.invalid' });
    }
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: ['firstPet', 'birthCity'] });
    expect(await failureCount(id)).toBe(0);
  });

  it('refuses an answer of fewer than 2 or more than 64 characters (normalised) with security.answer.invalid', async () => {
    const { c, id } = await signedIn();
    for (const answer of ['', '   ', 'x', '  y  ', 'z'.repeat(65), `${'w'.repeat(60)}      ${'w'.repeat(5)}`]) {
      const failure = await failureOf(setAnswers(c, [twoAnswers[0]!, { questionId: 'firstCar', answer }]));
      expect([failure.status, failure.errorCode, failure.value], JSON.stringify(answer)).toEqual([
        400,
        'security.answer.invalid',
        { field: 'answers', index: 1 },
      ]);
    }
    // 64 characters once inner spaces are made one; any script.
    await expect(setAnswers(c, [twoAnswers[0]!, { questionId: 'firstCar', answer: `${'v'.repeat(31)}    ${'v'.repeat(32)}` }])).resolves.toBeTruthy();
    await expect(setAnswers(c, [twoAnswers[0]!, { questionId: 'firstCar', answer: '小白' }])).resolves.toBeTruthy();
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstCar', '小白')).resolves.toBe(true);
    // The same letters typed composed or with combining marks are one answer.
    await setAnswers(c, [twoAnswers[0]!, { questionId: 'firstCar', answer: 'Ph\u1edf' }]);
    await expect(securityAnswerMatches(h.testDb.db, id, 'firstCar', 'PHO\u031b\u0309')).resolves.toBe(true);
    expect(await failureCount(id)).toBe(0);
  });

  it('needs the login password: a wrong one changes nothing and counts as a failed login (the login throttle applies)', async () => {
    const { c, id } = await signedIn();
    const wrong = await failureOf(setAnswers(c, twoAnswers, 'Wrong#2026'));
    expect([wrong.status, wrong.errorCode, wrong.value]).toEqual([400, 'modify.old.password.incorrect', { field: 'loginPassword' }]);
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: [] });
    expect(await failureCount(id)).toBe(1);
    // Bad input is refused before the password is looked at: no failure counted, even with a wrong password.
    expect(await errorOf(setAnswers(c, [twoAnswers[0]!], 'Wrong#2026'))).toMatchObject({ errorCode: 'security.question.invalid' });
    expect(await failureCount(id)).toBe(1);
    for (let i = 0; i < 4; i++) await failureOf(setAnswers(c, twoAnswers, `Wrong#${i}`));
    expect(await errorOf(setAnswers(c, twoAnswers))).toEqual({ status: 429, errorCode: 'login.throttled' });
    h.clock.advance(2_000);
    await expect(setAnswers(c, twoAnswers)).resolves.toEqual({ questionIds: ['firstPet', 'birthCity'] });
  });

  it('answers hostile bodies with a 4xx and an errorCode, never a 500', async () => {
    const { c } = await signedIn();
    const path = setSecurityQuestionsEndpoint;
    const bodies: [unknown, string][] = [
      [{ loginPassword: testPassword, answers: 'firstPet' }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [1, 2] }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [null, null] }, 'request.invalid'],
      [{ loginPassword: 12345678, answers: twoAnswers }, 'request.invalid'],
      [{ answers: twoAnswers }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [{ questionId: 1, answer: 'Rex' }, twoAnswers[1]] }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [{ questionId: 'firstPet', answer: 'x'.repeat(100_000) }, twoAnswers[1]] }, 'security.answer.invalid'],
      // NUL and lone surrogates are refused for every route before it runs (server/http/input-text.ts).
      [{ loginPassword: testPassword, answers: [{ questionId: 'firstPet', answer: 'Re\u0000x' }, twoAnswers[1]] }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [{ questionId: 'first\u0000Pet', answer: 'Rex' }, twoAnswers[1]] }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [{ questionId: 'firstPet', answer: 'Re\ud800x' }, twoAnswers[1]] }, 'request.invalid'],
      [{ loginPassword: testPassword, answers: [{ questionId: 'q'.repeat(10_000), answer: 'Rex' }, twoAnswers[1]] }, 'security.question.invalid'],
      [{ loginPassword: testPassword, answers: Array(50).fill(twoAnswers[0]) }, 'security.question.invalid'],
      [{ loginPassword: 'p'.repeat(100_000), answers: twoAnswers }, 'request.invalid'],
      [`{"loginPassword":"${testPassword}","answers":${JSON.stringify(twoAnswers)},"__proto__":{"polluted":true}}`, ''],
      ['{"loginPassword":', 'request.invalid'],
      [[twoAnswers], 'request.invalid'],
      ['null', 'request.invalid'],
    ];
    for (const [payload, errorCode] of bodies) {
      const res = await raw(c, path, { payload });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(errorCode ? 400 : 200);
      expect(res.status).toBeLessThan(500);
      if (errorCode) expect(res.errorCode, JSON.stringify(payload).slice(0, 80)).toBe(errorCode);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('withdrawal password reset', () => {
  const reset = (c: TestClient, newPassword: string, loginPassword = testPassword, confirmPassword = newPassword) =>
    c.call(resetWithdrawalPasswordEndpoint, { body: { loginPassword, newPassword, confirmPassword } });
  const verify = (c: TestClient, password: string) => c.call(verifyWithdrawalPasswordEndpoint, { body: { password } });

  it('sets a new password with the login password, ending the lock of the forgotten one', async () => {
    const { c } = await signedIn();
    await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '111111', confirmPassword: '111111' } });
    for (let i = 0; i < 5; i++) await failureOf(verify(c, '999999'));
    expect(await errorOf(verify(c, '111111'))).toEqual({ status: 429, errorCode: 'withdraw.password.locked' });

    await expect(reset(c, '246802')).resolves.toEqual({ hasWithdrawalPassword: true });
    await expect(verify(c, '246802')).resolves.toEqual({ valid: true });
    const old = await failureOf(verify(c, '111111'));
    expect([old.errorCode, old.value]).toEqual(['withdraw.password.incorrect', { attemptsLeft: 4 }]);
  });

  it('sets one for a member who had none', async () => {
    const { c } = await signedIn();
    await expect(reset(c, '864200')).resolves.toEqual({ hasWithdrawalPassword: true });
    await expect(c.call(hasWithdrawalPasswordEndpoint)).resolves.toEqual({ hasWithdrawalPassword: true });
    await expect(verify(c, '864200')).resolves.toEqual({ valid: true });
  });

  it("answers the wallet's errors for a bad new password before looking at the login password", async () => {
    const { c, id } = await signedIn();
    await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '111111', confirmPassword: '111111' } });
    for (const [newPassword, confirm] of [['12345', '12345'], ['1234567', '1234567'], ['12ab56', '12ab56'], ['', ''], ['١٢٣٤٥٦', '١٢٣٤٥٦']]) {
      expect(await errorOf(reset(c, newPassword!, 'Wrong#2026', confirm))).toEqual({ status: 400, errorCode: 'withdraw.password.invalid' });
    }
    expect(await errorOf(reset(c, '123456', 'Wrong#2026', '123457'))).toEqual({ status: 400, errorCode: 'password.confirm.mismatch' });
    expect(await failureCount(id)).toBe(0);
    const wrong = await failureOf(reset(c, '123456', 'Wrong#2026'));
    expect([wrong.status, wrong.errorCode, wrong.value]).toEqual([400, 'modify.old.password.incorrect', { field: 'loginPassword' }]);
    expect(await failureCount(id)).toBe(1);
    await expect(verify(c, '111111')).resolves.toEqual({ valid: true });
  });
});

describe('removing a bank card', () => {
  const remove = (c: TestClient, id: number) => c.call(removeBankCardEndpoint, { query: { id } });

  it('removes it from the cards, the withdraw info and the count; removing again is bankcard.not.found', async () => {
    const { c } = await signedIn();
    const first = await addCard(c);
    const second = await addCard(c, 'GCash');
    await expect(remove(c, first.id)).resolves.toBeNull();
    expect((await c.call(bankCardsEndpoint)).map((card) => card.id)).toEqual([second.id]);
    expect((await c.call(withdrawInfoEndpoint)).bankCards.map((card) => card.id)).toEqual([second.id]);
    await expect(c.call(securityConfigEndpoint)).resolves.toMatchObject({ bankCardCount: 1 });
    expect(await errorOf(remove(c, first.id))).toEqual({ status: 404, errorCode: 'bankcard.not.found' });
    expect(await errorOf(remove(c, 2_000_000_000))).toEqual({ status: 404, errorCode: 'bankcard.not.found' });
  });

  it('frees a place under the limit, and the same account number can be added again', async () => {
    const { c } = await signedIn();
    const number = nextAccountNumber();
    const cards = [await addCard(c, 'BPI', number)];
    for (let i = 0; i < 4; i++) cards.push(await addCard(c));
    expect(await errorOf(addCard(c))).toEqual({ status: 409, errorCode: 'bankcard.limit' });
    await remove(c, cards[0]!.id);
    const again = await c.call(addBankCardEndpoint, { body: { bankName: 'Maya', accountName: 'Sec Member', accountNumber: number } });
    expect(again).toMatchObject({ bankName: 'Maya', accountNumberMasked: `**** ${number.slice(-4)}` });
    expect(again.id).not.toBe(cards[0]!.id);
    await remove(c, cards[1]!.id);
    expect(await errorOf(c.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Sec Member', accountNumber: number } }))).toEqual({
      status: 409,
      errorCode: 'bankcard.exists',
    });
    expect(await c.call(bankCardsEndpoint)).toHaveLength(4);
  });

  it('is refused while a pending withdrawal pays to it; afterwards the withdrawal still shows the card', async () => {
    const { c } = await signedIn({ funded: true });
    const card = await addCard(c);
    await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } });
    const w = await c.call(createWithdrawalEndpoint, {
      body: { bankCardId: card.id, amount: 100_00, withdrawalPassword: '123456', idempotencyKey: `security-first-${cardSeq}` },
    });
    expect(await errorOf(remove(c, card.id))).toEqual({ status: 409, errorCode: 'bankcard.in.use' });
    expect(await c.call(bankCardsEndpoint)).toHaveLength(1);

    await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.reject', merchant: 'DEMO', id: w.orderNo });
    await expect(remove(c, card.id)).resolves.toBeNull();
    await expect(c.call(withdrawalStatusEndpoint, { query: { orderNo: w.orderNo } })).resolves.toMatchObject({
      status: 'rejected',
      bankCard: { id: card.id, bankName: card.bankName, accountNumberMasked: card.accountNumberMasked },
    });
    // A removed card takes no new withdrawal (the same answer as another member's card).
    expect(
      await errorOf(
        c.call(createWithdrawalEndpoint, { body: { bankCardId: card.id, amount: 100_00, withdrawalPassword: '123456', idempotencyKey: `security-again-${cardSeq}` } }),
      ),
    ).toEqual({ status: 400, errorCode: 'bankcard.not.found' });
  });

  it('answers a missing, malformed or out-of-range id with request.invalid, never a 500', async () => {
    const { c } = await signedIn();
    for (const query of ['', '?id=', '?id=0', '?id=-1', '?id=abc', '?id=1.5', '?id=1e3x', '?id=99999999999', '?id=%00', '?id=1&id=2', `?id=${'9'.repeat(5000)}`]) {
      const res = await raw(c, removeBankCardEndpoint, { url: `${removeBankCardEndpoint.path}${query}` });
      expect({ status: res.status, errorCode: res.errorCode }, query.slice(0, 40)).toEqual({ status: 400, errorCode: 'request.invalid' });
    }
  });
});

describe('sessions', () => {
  it("lists the member's live sessions: this browser, this device's and other remembered devices, newest activity first", async () => {
    const username = `sec${++seq}`;
    await createMember(h.testDb.db, username);
    const login = (c: TestClient, userAgent: string) =>
      c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword, remember: true }, { extraHeaders: { 'user-agent': userAgent } });
    const phone = h.client({ ip: '203.0.113.77', deviceId: 'phone-of-sec' });
    const phoneLogin = await login(phone, chromeAndroid);
    h.clock.advance(60_000);
    const laptop = h.client({ ip: '2001:db8:85a3::8a2e:370:7334', deviceId: 'laptop-of-sec' });
    laptop.token = (await login(laptop, edgeWindows)).token;

    const list = await laptop.call(memberSessionsEndpoint);
    expect(list.map(({ kind, device, ipMasked, current }) => ({ kind, device, ipMasked, current }))).toEqual([
      { kind: 'web', device: 'Edge · Windows', ipMasked: '2001:db8:85a3:*', current: true },
      { kind: 'device', device: 'Edge · Windows', ipMasked: '2001:db8:85a3:*', current: true },
      { kind: 'device', device: 'Chrome · Android', ipMasked: '203.0.113.*', current: false },
    ]);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(s.createdAt).toISOString()).toBe(s.createdAt);
      expect(new Date(s.lastSeenAt).toISOString()).toBe(s.lastSeenAt);
    }
    expect(JSON.stringify(list)).not.toContain(phoneLogin.token);

    // Without the device id header only this browser's session is its own.
    const sameBrowser = h.client({ ip: '198.51.100.9' });
    sameBrowser.token = laptop.token;
    expect((await sameBrowser.call(memberSessionsEndpoint)).map((s) => s.current)).toEqual([true, false, false]);
  });

  it('signs out elsewhere: other devices end (their remembered token is refused at once), this browser and device stay', async () => {
    const username = `sec${++seq}`;
    await createMember(h.testDb.db, username);
    const login = (c: TestClient) => c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword, remember: true });
    const phone = h.client({ ip: '203.0.113.78', deviceId: 'phone-2-of-sec' });
    const tablet = h.client({ ip: '203.0.113.79', deviceId: 'tablet-2-of-sec' });
    const laptop = h.client({ ip: '203.0.113.80', deviceId: 'laptop-2-of-sec' });
    const phoneLogin = await login(phone);
    const tabletLogin = await login(tablet);
    const laptopLogin = await login(laptop);
    laptop.token = laptopLogin.token;
    expect(await laptop.call(memberSessionsEndpoint)).toHaveLength(4);

    await expect(laptop.call(signOutElsewhereEndpoint)).resolves.toEqual({ ended: 2 });
    expect((await laptop.call(memberSessionsEndpoint)).map((s) => [s.kind, s.current])).toEqual([
      ['web', true],
      ['device', true],
    ]);
    await expect(laptop.call(sessionInfoEndpoint)).resolves.toMatchObject({ userName: username });
    for (const [c, { deviceToken }] of [[phone, phoneLogin], [tablet, tabletLogin]] as const) {
      expect(await errorOf(c.call(deviceLoginEndpoint, { body: { deviceToken: deviceToken! } }))).toEqual({
        status: 401,
        errorCode: 'session.device.invalid',
      });
    }
    await expect(laptop.call(signOutElsewhereEndpoint)).resolves.toEqual({ ended: 0 });
    // This device's remembered token still works.
    await expect(laptop.call(deviceLoginEndpoint, { body: { deviceToken: laptopLogin.deviceToken! } })).resolves.toMatchObject({ userName: username });
  });
});

describe('who may use the security center', () => {
  const calls: [{ method: string; path: string }, unknown, string?][] = [
    [securityConfigEndpoint, undefined],
    [securityQuestionsEndpoint, undefined],
    [customerSecurityQuestionsEndpoint, undefined],
    [setSecurityQuestionsEndpoint, { loginPassword: testPassword, answers: twoAnswers }],
    [resetWithdrawalPasswordEndpoint, { loginPassword: testPassword, newPassword: '123456', confirmPassword: '123456' }],
    [removeBankCardEndpoint, undefined, `${removeBankCardEndpoint.path}?id=1`],
    [memberSessionsEndpoint, undefined],
    [signOutElsewhereEndpoint, undefined],
  ];

  it('answers 401 with an errorCode to every call without a session', async () => {
    for (const [endpoint, payload, url] of calls) {
      const where = `${endpoint.method} ${endpoint.path}`;
      expect(await raw(null, endpoint, { payload, ...(url ? { url } : {}) }), where).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
      const forged = await rawCall(h.app, endpoint as { method: 'POST'; path: string }, {
        headers: { authorization: 'not-a-token' },
        payload,
        ...(url ? { url } : {}),
      });
      expect(forged, where).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
    }
  });

  it("acts on the session's own member only: B cannot remove A's card, see A's sessions or questions, or end A's sessions", async () => {
    const a = await signedIn({ remember: true, userAgent: edgeWindows });
    const b = await signedIn({ remember: true });
    const card = await addCard(a.c);
    await setAnswers(a.c, twoAnswers);

    expect(await errorOf(b.c.call(removeBankCardEndpoint, { query: { id: card.id } }))).toEqual({ status: 404, errorCode: 'bankcard.not.found' });
    expect((await a.c.call(bankCardsEndpoint)).map((x) => x.id)).toEqual([card.id]);
    await expect(b.c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: [] });
    await expect(b.c.call(securityConfigEndpoint)).resolves.toEqual({ hasWithdrawalPassword: false, questionIds: [], bankCardCount: 0, maxBankCards: 5 });

    const aIds = (await a.c.call(memberSessionsEndpoint)).map((s) => s.id);
    const bIds = (await b.c.call(memberSessionsEndpoint)).map((s) => s.id);
    expect(aIds).toHaveLength(2);
    expect(bIds).toHaveLength(2);
    expect(bIds.filter((id) => aIds.includes(id))).toEqual([]);

    // B's reset and sign-out touch only B.
    await b.c.call(resetWithdrawalPasswordEndpoint, { body: { loginPassword: testPassword, newPassword: '222222', confirmPassword: '222222' } });
    await expect(a.c.call(hasWithdrawalPasswordEndpoint)).resolves.toEqual({ hasWithdrawalPassword: false });
    const other = h.client({ ip: '198.51.100.200', deviceId: 'other-b' });
    await other.sealed.call(loginEndpoint, { type: 'username', username: b.username, password: testPassword, remember: true });
    b.c.token = (await b.c.sealed.call(loginEndpoint, { type: 'username', username: b.username, password: testPassword })).token;
    await expect(b.c.call(signOutElsewhereEndpoint)).resolves.toEqual({ ended: 1 });
    await expect(a.c.call(memberSessionsEndpoint)).resolves.toHaveLength(2);
    await expect(a.c.call(deviceLoginEndpoint, { body: { deviceToken: a.deviceToken! } })).resolves.toMatchObject({ userName: a.username });
  });

  it('refuses a trial account every change with trial.forbidden', async () => {
    const c = await signInTrial(h);
    await expect(c.call(securityConfigEndpoint)).resolves.toEqual({ hasWithdrawalPassword: false, questionIds: [], bankCardCount: 0, maxBankCards: 5 });
    expect(await errorOf(setAnswers(c, twoAnswers))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(
      await errorOf(c.call(resetWithdrawalPasswordEndpoint, { body: { loginPassword: 'x', newPassword: '123456', confirmPassword: '123456' } })),
    ).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(c.call(removeBankCardEndpoint, { query: { id: 1 } }))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    await expect(c.call(customerSecurityQuestionsEndpoint)).resolves.toEqual({ questionIds: [] });
    await expect(c.call(hasWithdrawalPasswordEndpoint)).resolves.toEqual({ hasWithdrawalPassword: false });
  });
});
