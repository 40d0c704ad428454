/**
 * Invite friends over HTTP, as members see it: a friend registered through
 * the real (encrypted) registration with a member's code shows in that
 * member's summary and list, masked, as registered, then as deposited once a
 * deposit of the friend is paid at the local gateway (a pending or cancelled
 * one does not count); another member never sees them; agents, trial
 * accounts and a merchant without REFERRAL3 are refused, and without REFERRAL3
 * registration ignores the code; agents and trial accounts cannot be
 * referrers; paging, the registration date range, and bad queries answered
 * 400 with an errorCode. The seeded player1 shows its three friends.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEndpoint, registrationRulesEndpoint } from '../../../contract/member.ts';
import { invitedFriendsEndpoint, referralSummaryEndpoint } from '../../../contract/referral.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import { createDepositEndpoint, depositOrdersEndpoint, depositStatusEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { members } from '../../db/schema.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { demoFriendDeposit, demoFriendPassword } from '../../seed/seed-referral.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, ledgerInvariants, intactLedger, signInTrial, testPassword } from '../../test/wallet-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.db;
const friendPassword = 'Friend#2026';

let seq = 0;
interface Member {
  id: number;
  username: string;
  c: TestClient;
}

async function logIn(username: string, password: string): Promise<TestClient> {
  const c = h.client({ ip: `198.51.100.${(++seq % 200) + 20}`, deviceId: `device-ref-${seq}` });
  c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password })).token;
  return c;
}

/** A new member of the demo merchant (type 0 unless given), logged in. */
async function signedIn(type = 0): Promise<Member> {
  const username = `referrer${++seq}`;
  const row = await createMember(db(), username, type);
  return { id: row.id, username, c: await logIn(username, testPassword) };
}

/** Registers a new account through the registration endpoint, from a fresh guest client. */
async function register(username: string, recommenderId?: string) {
  const c = h.client({ ip: `192.0.2.${(++seq % 200) + 20}` });
  return c.sealed.call(registerEndpoint, {
    ...(await h.solvedCaptcha()),
    username,
    password: friendPassword,
    confirmPassword: friendPassword,
    ...(recommenderId === undefined ? {} : { recommenderId }),
  });
}

const idOf = async (username: string) => (await db().select().from(members).where(eq(members.username, username)))[0]!;

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

async function setReferral(on: boolean) {
  await executeAdminCommand(db(), { kind: 'switch.set', merchant: 'DEMO', key: 'REFERRAL3', on });
}

/** Pays or cancels a deposit on the local gateway's hosted page (its callback credits the deposit). */
async function decideOnPage(payUrl: string | null, verb: 'confirm' | 'cancel') {
  if (!payUrl) throw new Error('no pay url');
  const url = new URL(payUrl, 'http://localhost');
  const res = await h.app.inject({
    method: 'POST',
    url: `${url.pathname}/${verb}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `t=${encodeURIComponent(url.searchParams.get('t') ?? '')}`,
  });
  expect(res.statusCode).toBe(303);
}

let depositKey = 0;
const deposit = (c: TestClient, amount: number) =>
  c.call(createDepositEndpoint, { body: { channelCode: 'LOCALPAY', amount, idempotencyKey: `referral-test-${++depositKey}` } });

describe('invite friends', () => {
  it('shows a friend who registered with the code, masked, as registered and then as deposited once a deposit is paid', async () => {
    const a = await signedIn();
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(a.id), invited: 0, deposited: 0 });
    await expect(a.c.call(invitedFriendsEndpoint, { query: {} })).resolves.toEqual({ list: [], pageNum: 1, totalPages: 1, total: 0 });

    const joinedAt = h.clock.now().toISOString();
    await expect(register('mariela7', String(a.id))).resolves.toEqual({ userName: 'mariela7' });
    const maria = await idOf('mariela7');
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(a.id), invited: 1, deposited: 0 });
    await expect(a.c.call(invitedFriendsEndpoint, { query: {} })).resolves.toEqual({
      list: [{ id: maria.id, account: 'ma***7', status: 'registered', joinedAt }],
      pageNum: 1,
      totalPages: 1,
      total: 1,
    });

    // A deposit still pending, and one cancelled, make no depositor.
    const friend = await logIn('mariela7', friendPassword);
    const pending = await deposit(friend, 300_00);
    const cancelled = await deposit(friend, 400_00);
    await decideOnPage(cancelled.payUrl, 'cancel');
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toMatchObject({ invited: 1, deposited: 0 });

    await decideOnPage(pending.payUrl, 'confirm');
    expect((await friend.call(depositStatusEndpoint, { query: { orderNo: pending.orderNo } })).status).toBe('completed');
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(a.id), invited: 1, deposited: 1 });
    expect((await a.c.call(invitedFriendsEndpoint, { query: {} })).list).toEqual([{ id: maria.id, account: 'ma***7', status: 'deposited', joinedAt }]);

    // A second paid deposit still counts the friend once.
    await decideOnPage((await deposit(friend, 200_00)).payUrl, 'confirm');
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toMatchObject({ invited: 1, deposited: 1 });
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it("shows each member only the member's own friends (by member ID or by username)", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await register('friendofa1', String(a.id));
    await register('friendofb1', b.username);
    expect((await a.c.call(invitedFriendsEndpoint, { query: {} })).list.map((f) => f.account)).toEqual(['fr***1']);
    expect((await b.c.call(invitedFriendsEndpoint, { query: {} })).list).toEqual([
      { id: (await idOf('friendofb1')).id, account: 'fr***1', status: 'registered', joinedAt: expect.any(String) },
    ]);
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(a.id), invited: 1, deposited: 0 });
    await expect(b.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(b.id), invited: 1, deposited: 0 });
    // A registration without a code is nobody's friend.
    await register('nofriend1');
    expect((await idOf('nofriend1')).referrerId).toBeNull();
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toMatchObject({ invited: 1 });
  });

  it('masks every friend: 2 characters, *** and the last one; 3 characters or fewer: the first and ***', async () => {
    const a = await signedIn();
    for (const username of ['abc', 'xy', 'q', 'abcd', 'm123456789']) {
      const row = await createMember(db(), username);
      await db().update(members).set({ referrerId: a.id }).where(eq(members.id, row.id));
    }
    const { list } = await a.c.call(invitedFriendsEndpoint, { query: {} });
    expect(list.map((f) => f.account).sort()).toEqual(['a***', 'ab***d', 'm1***9', 'q***', 'x***']);
    expect(JSON.stringify(list)).not.toContain('abcd');
  });

  it('lists the friends newest first, paged, by registration day (UTC, both days included)', async () => {
    const a = await signedIn();
    const days: string[] = [];
    for (const name of ['pagedfriend1', 'pagedfriend2', 'pagedfriend3']) {
      days.push(h.clock.now().toISOString().slice(0, 10));
      await register(name, String(a.id));
      h.clock.advance(86_400_000);
    }
    const [day1, day2, day3] = days as [string, string, string];
    // Two days on, the session of the first day has ended.
    a.c = await logIn(a.username, testPassword);
    const accounts = async (query: Record<string, unknown>) => {
      const page = await a.c.call(invitedFriendsEndpoint, { query });
      return { accounts: page.list.map((f) => f.account), pageNum: page.pageNum, totalPages: page.totalPages, total: page.total };
    };
    expect(await accounts({})).toEqual({ accounts: ['pa***3', 'pa***2', 'pa***1'], pageNum: 1, totalPages: 1, total: 3 });
    expect(await accounts({ pageSize: 2 })).toEqual({ accounts: ['pa***3', 'pa***2'], pageNum: 1, totalPages: 2, total: 3 });
    expect(await accounts({ pageSize: 2, pageNo: 2 })).toEqual({ accounts: ['pa***1'], pageNum: 2, totalPages: 2, total: 3 });
    expect(await accounts({ pageSize: 2, pageNo: 3 })).toEqual({ accounts: [], pageNum: 3, totalPages: 2, total: 3 });
    expect(await accounts({ startDate: day2, endDate: day2 })).toEqual({ accounts: ['pa***2'], pageNum: 1, totalPages: 1, total: 1 });
    expect(await accounts({ startDate: day2 })).toMatchObject({ accounts: ['pa***3', 'pa***2'], total: 2 });
    expect(await accounts({ endDate: day1 })).toMatchObject({ accounts: ['pa***1'], total: 1 });
    expect(await accounts({ startDate: day1, endDate: day3 })).toMatchObject({ total: 3 });
    expect(await accounts({ startDate: '2020-01-01', endDate: '2020-01-31' })).toEqual({ accounts: [], pageNum: 1, totalPages: 1, total: 0 });
    // The summary counts every friend, whatever the list's range.
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toMatchObject({ invited: 3, deposited: 0 });
  });

  it('answers 400 with an errorCode for a bad query, and 401 without a session', async () => {
    const a = await signedIn();
    const path = invitedFriendsEndpoint.path;
    for (const query of [
      'pageSize=0',
      'pageSize=101',
      'pageSize=2.5',
      'pageNo=0',
      'pageNo=abc',
      'startDate=garbage',
      'startDate=2026-02-30',
      'endDate=2026-13-01',
      'startDate=2026-03-05&endDate=2026-03-01',
    ]) {
      const res = await rawCall(h.app, invitedFriendsEndpoint, { url: `${path}?${query}`, headers: { authorization: a.c.token ?? '' } });
      expect({ query, status: res.status, errorCode: res.errorCode }).toEqual({ query, status: 400, errorCode: 'request.invalid' });
    }
    for (const endpoint of [referralSummaryEndpoint, invitedFriendsEndpoint]) {
      const res = await rawCall(h.app, endpoint);
      expect([res.status, res.errorCode]).toEqual([401, 'user.or.token.invalid']);
    }
  });
});

describe('refusals', () => {
  let trialClient: TestClient | null = null;
  const trial = async () => {
    trialClient ??= await signInTrial(h);
    return trialClient;
  };

  it('refuses agents (every agent type) with 403 request.forbidden', async () => {
    for (const type of [1, 2, 41, 42]) {
      const agent = await signedIn(type);
      expect(await errorOf(agent.c.call(referralSummaryEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      expect(await errorOf(agent.c.call(invitedFriendsEndpoint, { query: {} }))).toEqual({ status: 403, errorCode: 'request.forbidden' });
    }
  });

  it('refuses a trial account with 403 trial.forbidden', async () => {
    const c = await trial();
    expect(await errorOf(c.call(referralSummaryEndpoint))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(c.call(invitedFriendsEndpoint, { query: {} }))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
  });

  it('accepts neither an agent, nor a trial account, nor an unknown member as the referrer, and registers nobody then', async () => {
    const agent = await createMember(db(), 'refagent1', 1);
    const trial = await createMember(db(), 'reftrial1', 4);
    const cases: [string, string][] = [
      ['viaagent1', String(agent.id)],
      ['viaagent2', agent.username],
      ['viatrial1', String(trial.id)],
      ['viaunknown1', '987654321'],
      ['viaunknown2', 'nobody_at_all'],
    ];
    for (const [username, recommenderId] of cases) {
      const error = await failureOf(register(username, recommenderId));
      expect({ recommenderId, status: error.status, errorCode: error.errorCode, value: error.value }).toEqual({
        recommenderId,
        status: 400,
        errorCode: 'register.referrer.invalid',
        value: { field: 'recommenderId' },
      });
      expect(await db().select().from(members).where(eq(members.username, username))).toEqual([]);
    }
  });

  it('with REFERRAL3 off: 403 request.forbidden, the field is off in the rules and registration ignores the code', async () => {
    const a = await signedIn();
    const guest = h.client();
    expect((await guest.call(registrationRulesEndpoint)).fields.recommenderId).toEqual({
      enabled: true,
      required: false,
      pattern: '^[A-Za-z0-9_]{1,32}$',
      maxLength: 32,
    });
    await setReferral(false);
    try {
      expect(await errorOf(a.c.call(referralSummaryEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      expect(await errorOf(a.c.call(invitedFriendsEndpoint, { query: {} }))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      // The switch is checked first: a trial account learns only that the feature is off.
      expect(await errorOf((await trial()).call(referralSummaryEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      expect((await guest.call(registrationRulesEndpoint)).fields.recommenderId.enabled).toBe(false);
      await expect(register('offfriend1', String(a.id))).resolves.toEqual({ userName: 'offfriend1' });
      await expect(register('offfriend2', 'nobody_at_all')).resolves.toEqual({ userName: 'offfriend2' });
      for (const name of ['offfriend1', 'offfriend2']) expect(await idOf(name)).toMatchObject({ referrerId: null, recommenderId: null });
    } finally {
      await setReferral(true);
    }
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(a.id), invited: 0, deposited: 0 });
    await expect(register('onfriend1', String(a.id))).resolves.toEqual({ userName: 'onfriend1' });
    expect(await idOf('onfriend1')).toMatchObject({ referrerId: a.id, recommenderId: String(a.id) });
    await expect(a.c.call(referralSummaryEndpoint)).resolves.toMatchObject({ invited: 1 });
  });
});

describe('the demo seed', () => {
  it("shows player1's three invited friends, one of whom deposited", async () => {
    const player = await logIn(demoAccounts.player.username, demoAccounts.player.password);
    const player1 = await idOf(demoAccounts.player.username);
    await expect(player.call(referralSummaryEndpoint)).resolves.toEqual({ code: String(player1.id), invited: 3, deposited: 1 });
    const { list, total } = await player.call(invitedFriendsEndpoint, { query: {} });
    expect(total).toBe(3);
    expect(list.map((f) => [f.account, f.status])).toEqual([
      ['an***6', 'registered'],
      ['ju***s', 'deposited'],
      ['ma***8', 'registered'],
    ]);
    // The friend's deposit is a real one: completed, credited to the friend's wallet.
    const jun = await logIn('jun_reyes', demoFriendPassword);
    expect((await jun.call(depositOrdersEndpoint, { query: {} })).list).toEqual([
      expect.objectContaining({ status: 'completed', amount: demoFriendDeposit.amount }),
    ]);
    expect((await jun.call(walletEndpoint, {})).sumBalance).toBe(demoFriendDeposit.amount);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });
});
