/**
 * The team's reports over HTTP, as agents see them: agent A's own small tree
 * (two sub-agents, three members, three levels) with logins, deposits, a paid
 * and a pending withdrawal, settled, open and rolled-back bets on several
 * days, and agent B's team beside it. Each endpoint's numbers against that
 * data: the KPI's footer counts (logins, bettors, registrations, online) and
 * summary today and over a range; members by scope, account prefix and
 * registration day; bets by day, vendor and account with their totals;
 * profit and loss per member and per day; transactions by type and account.
 * Agent B never sees A's team, whatever account it sends; plain members and
 * trial accounts get 403 agent.only, a list whose menu keys are all revoked
 * 403 agent.menu.denied (the member list opens with team management's or the
 * red envelope rain's), bad queries 400 request.invalid. The seeded agent1 has
 * a populated team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentMenuKey,
  type TeamMember,
  teamBetsEndpoint,
  teamKpiEndpoint,
  teamMembersEndpoint,
  teamPnlDaysEndpoint,
  teamPnlMembersEndpoint,
  teamTransactionsEndpoint,
} from '../../../contract/agent.ts';
import type { Endpoint } from '../../../contract/endpoint.ts';
import type { BetStatus } from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { type MemberRow, type NewMemberRow, merchants, sessions } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { bankCards, bets, localGatewayPayments } from '../../db/schema-wallet.ts';
import { demoTeamAgents, demoTeamMembers, demoTeamPassword } from '../../seed/seed-agent.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { intactLedger, ledgerInvariants, signIn, signInTrial, testPassword } from '../../test/wallet-harness.ts';
import { acceptingPasswords } from '../../test/wallet-model.ts';
import { hashPassword } from '../member/passwords.ts';
import { insertMember } from '../member/queries.ts';
import { hashToken, newToken } from '../session/tokens.ts';
import { createLocalGateway } from '../wallet/gateway/local-gateway.ts';
import { postTransaction } from '../wallet/ledger.ts';
import { createWalletService } from '../wallet/service.ts';
import { eq } from 'drizzle-orm';

const dayMs = 86_400_000;
const minute = 60_000;

let h: Harness;
const db = () => h.testDb.db;

/** The test's "now" (the harness clock, set to the real time so the database's own timestamps fall on the same day). */
let now: Date;
let startOfToday: number;
const isoDay = (d: Date | number) => new Date(d).toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(startOfToday - n * dayMs);
/** A time today, `seconds` before now (never before the day began). */
const todayAt = (seconds: number) => new Date(Math.max(startOfToday, now.getTime() - seconds * 1000));
/** Noon of the day `n` days ago. */
const noonDaysAgo = (n: number) => new Date(startOfToday - n * dayMs + 12 * 3_600_000);

let passwordHash: string;
/** A member of the demo merchant with `testPassword`, below `parent`. */
async function member(username: string, type: number, parent: MemberRow | null, createdAt: Date): Promise<MemberRow> {
  const row: NewMemberRow = { merchantCode: 'DEMO', username, passwordHash, type, parentId: parent?.id ?? null, createdAt, updatedAt: createdAt };
  return insertMember(db(), row);
}

/** A money movement of the house into a member's wallet (an `adjust`). */
const fund = (m: MemberRow, amount: number) =>
  postTransaction(db(), {
    merchantId: 'DEMO',
    idempotencyKey: `team-report-fund:${m.id}`,
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -amount },
      { account: { kind: 'member', memberId: m.id }, amount },
    ],
  });

/** The wallet service and local gateway with a clock of the test's choosing (deposits complete and withdrawals are paid at `walletNow`). */
let walletNow = new Date();
const gateway = () => createLocalGateway({ secret: 'team-report-secret', now: () => walletNow, deliver: async () => 200 });
let localGateway: ReturnType<typeof gateway>;
let wallet: ReturnType<typeof createWalletService>;
const merchantRow = async () => (await db().select().from(merchants).where(eq(merchants.code, 'DEMO')))[0]!;

let keySeq = 0;
/** A deposit opened and paid at the local gateway at `at`, credited by its signed callback (or left pending). */
async function deposit(m: MemberRow, amount: number, at: Date, paid = true): Promise<void> {
  walletNow = at;
  const merchant = await merchantRow();
  const order = await wallet.createDeposit(
    { member: m, merchant, language: 'EN' },
    { channelCode: 'LOCALPAY', amount, idempotencyKey: `team-report-${++keySeq}`, promotionId: null },
  );
  if (!paid) return;
  const [payment] = await db().select().from(localGatewayPayments).where(eq(localGatewayPayments.orderNo, order.orderNo));
  const { payment: decided } = await localGateway.decide(db(), payment!, 'paid');
  const callback = localGateway.callbackOf(decided);
  await wallet.gatewayCallback(merchant, localGateway.code, callback.rawBody, callback.signature, JSON.parse(callback.rawBody));
}

/** A withdrawal requested at `at` (held), and paid by the operator then when `approve`. */
async function withdraw(m: MemberRow, amount: number, at: Date, approve: boolean): Promise<void> {
  walletNow = at;
  const merchant = await merchantRow();
  const [card] = await db()
    .insert(bankCards)
    .values({ merchantCode: 'DEMO', memberId: m.id, bankName: 'BPI', accountName: m.username, accountNumber: `55${m.id}${++keySeq}`, createdAt: at })
    .returning();
  const w = await wallet.createWithdrawal(
    { member: m, merchant, language: 'EN' },
    { bankCardId: card!.id, amount, withdrawalPassword: '123456', idempotencyKey: `team-report-${++keySeq}` },
  );
  if (approve) await wallet.decideWithdrawal('DEMO', w.orderNo, 'approved');
}

let roundSeq = 0;
/** A bet through the ledger (stake member → vendor; a win or the rollback back), with its `bets` row placed (and settled) at `at`. */
async function bet(
  m: MemberRow,
  o: { stake: number; win?: number; status?: BetStatus; at: Date; vendor?: string; gameId?: number | null },
): Promise<void> {
  const status = o.status ?? 'settled';
  const vendorCode = o.vendor ?? 'BGS';
  const roundId = `team-report-${++roundSeq}`;
  const wallet = { kind: 'member', memberId: m.id } as const;
  const vendor = { kind: 'vendor', vendorCode } as const;
  const move = (kind: string, amount: number, from: typeof wallet | typeof vendor, to: typeof wallet | typeof vendor) =>
    postTransaction(db(), {
      merchantId: 'DEMO',
      idempotencyKey: `${roundId}:${kind}`,
      kind,
      postings: [
        { account: from, amount: -amount },
        { account: to, amount },
      ],
      meta: { roundId },
    });
  const staked = await move('bet', o.stake, wallet, vendor);
  const win = status === 'settled' ? (o.win ?? 0) : 0;
  const settled =
    status === 'settled' && win > 0 ? await move('win', win, vendor, wallet) : status === 'rolled_back' ? await move('rollback', o.stake, vendor, wallet) : null;
  await db()
    .insert(bets)
    .values({
      merchantCode: 'DEMO',
      memberId: m.id,
      gameId: o.gameId ?? null,
      vendorCode,
      roundId,
      stake: o.stake,
      win,
      status,
      betTxId: staked.transactionId,
      settleTxId: settled?.transactionId ?? null,
      createdAt: o.at,
      settledAt: status === 'open' ? null : o.at,
    });
}

/** A session row as logins write them (a hashed random token). */
async function session(m: MemberRow, o: { createdAt: Date; lastSeenAt?: Date; revoked?: boolean }): Promise<void> {
  await db()
    .insert(sessions)
    .values({
      memberId: m.id,
      tokenHash: hashToken(newToken()),
      kind: 'web',
      clientIp: '192.0.2.40',
      createdAt: o.createdAt,
      lastSeenAt: o.lastSeenAt ?? o.createdAt,
      expiresAt: new Date(o.createdAt.getTime() + 12 * 3_600_000),
      revokedAt: o.revoked ? o.createdAt : null,
      revokeReason: o.revoked ? 'logout' : null,
    });
}

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

const menu = (key: AgentMenuKey, grant: boolean) => executeAdminCommand(db(), { kind: grant ? 'agent.menu.grant' : 'agent.menu.revoke', merchant: 'DEMO', key });

// Agent A's team: s1 (sub-agent, level 1) with m2 and s2 (sub-agent type 41, level 2), m3 below s2 (level 3), and m1 (level 1).
let agentA: MemberRow;
let s1: MemberRow;
let m1: MemberRow;
let m2: MemberRow;
let s2: MemberRow;
let m3: MemberRow;
let agentB: MemberRow;
let b1: MemberRow;
let a: TestClient;
let b: TestClient;
let game: { id: number; name: string; vendor: string };
/** m1's login (the real one), and the time it was made. */
let m1LoginAt: Date;

beforeAll(async () => {
  h = await createHarness();
  h.clock.advance(Date.now() - h.clock.now().getTime());
  now = h.clock.now();
  startOfToday = Math.floor(now.getTime() / dayMs) * dayMs;
  passwordHash = await hashPassword(testPassword);
  localGateway = gateway();
  wallet = createWalletService({ db: db(), now: () => walletNow, providers: new Map([[localGateway.code, localGateway]]), passwords: acceptingPasswords });
  const [row] = await db().select({ id: games.id, name: games.displayName, vendor: games.vassalage }).from(games).where(eq(games.merchantCode, 'DEMO')).limit(1);
  if (!row) throw new Error('no game in the catalogue');
  game = row;

  agentA = await member('rpagent_a', 1, null, noonDaysAgo(30));
  s1 = await member('rpa_s1', 2, agentA, todayAt(50));
  m1 = await member('rpa_m1', 0, agentA, noonDaysAgo(3));
  m2 = await member('rpa_m2', 0, s1, todayAt(40));
  s2 = await member('rpa_s2', 41, s1, noonDaysAgo(3));
  m3 = await member('rpa_m3', 0, s2, noonDaysAgo(10));
  agentB = await member('rpagent_b', 1, null, noonDaysAgo(30));
  b1 = await member('rpb_m1', 0, agentB, todayAt(30));

  // Money: m1 and m3 funded; deposits today (m1) and two days ago (m2), one left pending (m2); m1's withdrawal paid today, m3's pending.
  await fund(m1, 1_000_00);
  await fund(m3, 500_00);
  await fund(b1, 700_00);
  await deposit(m1, 300_00, todayAt(20));
  await deposit(m2, 200_00, noonDaysAgo(2));
  await deposit(m2, 400_00, todayAt(20), false);
  await deposit(b1, 900_00, todayAt(20));
  await withdraw(m1, 150_00, todayAt(15), true);
  await withdraw(m3, 100_00, todayAt(15), false);

  // Bets: today m1 wins and leaves one open, m3 loses and has one rolled back; m2 played two days ago, m1 eight days ago; b1 today.
  await bet(m1, { stake: 100_00, win: 250_00, at: todayAt(10), vendor: game.vendor, gameId: game.id });
  await bet(m1, { stake: 10_00, status: 'open', at: todayAt(9) });
  await bet(m3, { stake: 50_00, win: 0, at: todayAt(8) });
  await bet(m3, { stake: 20_00, status: 'rolled_back', at: todayAt(7) });
  await bet(m2, { stake: 80_00, win: 40_00, at: noonDaysAgo(2) });
  await bet(m1, { stake: 30_00, win: 60_00, at: noonDaysAgo(8) });
  await bet(b1, { stake: 70_00, win: 0, at: todayAt(6) });

  // Logins: m1 now (online), s1 today but idle 20 minutes, m3 today and logged out, m2 two days ago; b1 now.
  await session(s1, { createdAt: todayAt(30 * 60), lastSeenAt: new Date(now.getTime() - 20 * minute) });
  await session(m3, { createdAt: todayAt(5), revoked: true });
  await session(m2, { createdAt: noonDaysAgo(2) });
  a = await signIn(h, agentA.username);
  b = await signIn(h, agentB.username);
  m1LoginAt = h.clock.now();
  await signIn(h, m1.username);
  await signIn(h, b1.username);
});

afterAll(async () => {
  await h?.close();
});

describe('team KPI', () => {
  it("counts today's logins, bettors, registrations and online members, and sums the team's money and bets", async () => {
    await expect(a.call(teamKpiEndpoint, { query: {} })).resolves.toEqual({
      // Logins m1, s1, m3; bettors m1, m3 (settled bets); registered s1, m2; online m1 only.
      footer: { teamLoginMemberCount: 3, teamBetMemberCount: 2, teamRegisterMemberCount: 2, teamOnlineCount: 1 },
      summary: {
        teamSize: 5,
        directCount: 2,
        agentCount: 2,
        // m1 1,000 + 300 − 150 − 100 + 250 − 10 − 30 + 60 = 1,320; m2 200 − 80 + 40 = 160; m3 500 − 100 (held) − 50 = 350.
        balance: 1_830_00,
        deposit: 300_00,
        withdraw: 150_00,
        betCount: 2,
        stake: 150_00,
        win: 250_00,
        profit: 100_00,
      },
    });
    // The same day named explicitly is still today's figures.
    const today = isoDay(now);
    expect((await a.call(teamKpiEndpoint, { query: { startDate: today, endDate: today } })).footer.teamLoginMemberCount).toBe(3);
  });

  it('answers a range with the days in it', async () => {
    const kpi = await a.call(teamKpiEndpoint, { query: { startDate: daysAgo(6), endDate: isoDay(now) } });
    expect(kpi.footer).toEqual({ teamLoginMemberCount: 4, teamBetMemberCount: 3, teamRegisterMemberCount: 4, teamOnlineCount: 1 });
    expect(kpi.summary).toMatchObject({ deposit: 500_00, withdraw: 150_00, betCount: 3, stake: 230_00, win: 290_00, profit: 60_00 });
    // Ten to seven days ago: m3 registered, m1 won its older bet; nobody logged in.
    const longAgo = await a.call(teamKpiEndpoint, { query: { startDate: daysAgo(10), endDate: daysAgo(7) } });
    expect(longAgo.footer).toEqual({ teamLoginMemberCount: 0, teamBetMemberCount: 1, teamRegisterMemberCount: 1, teamOnlineCount: 1 });
    expect(longAgo.summary).toMatchObject({ teamSize: 5, balance: 1_830_00, deposit: 0, withdraw: 0, betCount: 1, stake: 30_00, win: 60_00 });
  });

  it("shows agent B its own team only", async () => {
    await expect(b.call(teamKpiEndpoint, { query: {} })).resolves.toEqual({
      footer: { teamLoginMemberCount: 1, teamBetMemberCount: 1, teamRegisterMemberCount: 1, teamOnlineCount: 1 },
      summary: { teamSize: 1, directCount: 1, agentCount: 0, balance: 1_530_00, deposit: 900_00, withdraw: 0, betCount: 1, stake: 70_00, win: 0, profit: -70_00 },
    });
  });

  it('needs AGEPAG for a range other than today, not for today', async () => {
    await menu('AGEPAG', false);
    try {
      expect(await errorOf(a.call(teamKpiEndpoint, { query: { startDate: daysAgo(6), endDate: isoDay(now) } }))).toEqual({
        status: 403,
        errorCode: 'agent.menu.denied',
      });
      expect(await errorOf(a.call(teamKpiEndpoint, { query: { startDate: daysAgo(1) } }))).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
      expect((await a.call(teamKpiEndpoint, { query: {} })).summary.teamSize).toBe(5);
    } finally {
      await menu('AGEPAG', true);
    }
  });
});

describe('team members', () => {
  const view = (m: MemberRow, extra: Partial<TeamMember>): TeamMember => ({
    id: m.id,
    account: m.username,
    nickname: null,
    type: m.type,
    level: 1,
    parentAccount: agentA.username,
    balance: 0,
    status: 'active',
    lastLoginAt: null,
    createdAt: m.createdAt.toISOString(),
    directCount: 0,
    ...extra,
  });

  it('lists every level, newest first, with parent, balance, last login and direct downline', async () => {
    const all = await a.call(teamMembersEndpoint, { query: {} });
    expect(all).toEqual({
      list: [
        view(s1, { directCount: 2, lastLoginAt: todayAt(30 * 60).toISOString() }),
        view(m2, { level: 2, parentAccount: s1.username, balance: 160_00, lastLoginAt: noonDaysAgo(2).toISOString() }),
        view(m1, { balance: 1_320_00, lastLoginAt: m1LoginAt.toISOString() }),
        view(s2, { level: 2, parentAccount: s1.username, directCount: 1 }),
        view(m3, { level: 3, parentAccount: s2.username, balance: 350_00, lastLoginAt: todayAt(5).toISOString() }),
      ].sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id - x.id),
      pageNum: 1,
      totalPages: 1,
      total: 5,
    });
  });

  it('filters by scope, account prefix (case-insensitive, wildcards literal) and registration day, and pages', async () => {
    const accounts = async (query: Record<string, unknown>) =>
      (await a.call(teamMembersEndpoint, { query: query as never })).list.map((m) => m.account).sort();
    expect(await accounts({ scope: 'direct' })).toEqual(['rpa_m1', 'rpa_s1']);
    expect(await accounts({ scope: 'agents' })).toEqual(['rpa_s1', 'rpa_s2']);
    expect(await accounts({ scope: 'all', account: 'RPA_M' })).toEqual(['rpa_m1', 'rpa_m2', 'rpa_m3']);
    expect(await accounts({ account: 'rpa%' })).toEqual([]);
    expect(await accounts({ startDate: isoDay(now) })).toEqual(['rpa_m2', 'rpa_s1']);
    expect(await accounts({ startDate: daysAgo(4), endDate: daysAgo(1) })).toEqual(['rpa_m1', 'rpa_s2']);
    const second = await a.call(teamMembersEndpoint, { query: { pageNo: 2, pageSize: 2 } });
    expect({ n: second.list.length, pageNum: second.pageNum, totalPages: second.totalPages, total: second.total }).toEqual({
      n: 2,
      pageNum: 2,
      totalPages: 3,
      total: 5,
    });
  });

  it("never lists another agent's members, whatever account is sent", async () => {
    expect(await a.call(teamMembersEndpoint, { query: { account: 'rpb_m1' } })).toEqual({ list: [], pageNum: 1, totalPages: 1, total: 0 });
    expect(await a.call(teamMembersEndpoint, { query: { account: 'rpagent' } })).toMatchObject({ total: 0 });
    expect((await b.call(teamMembersEndpoint, { query: {} })).list.map((m) => [m.account, m.level, m.parentAccount])).toEqual([['rpb_m1', 1, 'rpagent_b']]);
    // A sub-agent sees its own subtree, its members one level higher.
    const sub = await signIn(h, s1.username);
    expect((await sub.call(teamMembersEndpoint, { query: {} })).list.map((m) => [m.account, m.level]).sort()).toEqual([
      ['rpa_m2', 1],
      ['rpa_m3', 2],
      ['rpa_s2', 1],
    ]);
  });
});

describe('team betting', () => {
  it("lists today's bets of every level by default, newest first, with the game's name and the totals of the settled ones", async () => {
    const today = await a.call(teamBetsEndpoint, { query: {} });
    expect(today.list.map((x) => [x.account, x.level, x.status, x.stake, x.win, x.profit])).toEqual([
      ['rpa_m3', 3, 'rolled_back', 20_00, 0, 0],
      ['rpa_m3', 3, 'settled', 50_00, 0, -50_00],
      ['rpa_m1', 1, 'open', 10_00, 0, 0],
      ['rpa_m1', 1, 'settled', 100_00, 250_00, 150_00],
    ]);
    expect(today.list[3]).toMatchObject({ gameId: game.id, gameName: game.name, vendorCode: game.vendor, createdAt: todayAt(10).toISOString() });
    expect(today.list[2]).toMatchObject({ gameId: null, gameName: null, vendorCode: 'BGS', settledAt: null });
    expect(today.summary).toEqual({ betCount: 4, stake: 150_00, win: 250_00, profit: 100_00 });
    expect(today.total).toBe(4);
  });

  it('filters by day, vendor and account prefix, and pages with the totals of the whole filter', async () => {
    const today4 = { betCount: 4, stake: 150_00, win: 250_00, profit: 100_00 };
    const week = await a.call(teamBetsEndpoint, { query: { startDate: daysAgo(9), endDate: isoDay(now) } });
    expect(week.summary).toEqual({ betCount: 6, stake: 260_00, win: 350_00, profit: 90_00 });
    const bgs = await a.call(teamBetsEndpoint, { query: { startDate: daysAgo(9), vendorCode: 'BGS' } });
    expect(bgs.list.map((x) => x.vendorCode).every((v) => v === 'BGS')).toBe(true);
    expect(bgs.total).toBe(game.vendor === 'BGS' ? 6 : 5);
    const m2Only = await a.call(teamBetsEndpoint, { query: { startDate: daysAgo(3), account: 'rpa_m2' } });
    expect(m2Only.list.map((x) => [x.account, x.level, x.stake, x.win])).toEqual([['rpa_m2', 2, 80_00, 40_00]]);
    expect(m2Only.summary).toEqual({ betCount: 1, stake: 80_00, win: 40_00, profit: -40_00 });
    const twoDaysAgo = await a.call(teamBetsEndpoint, { query: { startDate: daysAgo(2), endDate: daysAgo(2) } });
    expect(twoDaysAgo.list.map((x) => x.account)).toEqual(['rpa_m2']);
    const paged = await a.call(teamBetsEndpoint, { query: { pageNo: 2, pageSize: 3 } });
    expect([paged.list.map((x) => x.account), paged.total, paged.totalPages, paged.summary.betCount]).toEqual([['rpa_m1'], 4, 2, 4]);
    // A page past the end is empty, with the same totals, today and over a range.
    expect(await a.call(teamBetsEndpoint, { query: { pageNo: 5, pageSize: 3 } })).toEqual({
      list: [],
      pageNum: 5,
      totalPages: 2,
      total: 4,
      summary: today4,
    });
    expect((await a.call(teamBetsEndpoint, { query: { pageNo: 9, startDate: daysAgo(9) } })).summary).toEqual(week.summary);
  });

  it("never shows another agent's bets", async () => {
    expect(await a.call(teamBetsEndpoint, { query: { account: 'rpb_m1' } })).toEqual({
      list: [],
      pageNum: 1,
      totalPages: 1,
      total: 0,
      summary: { betCount: 0, stake: 0, win: 0, profit: 0 },
    });
    const own = await b.call(teamBetsEndpoint, { query: { startDate: daysAgo(9) } });
    expect(own.list.map((x) => x.account)).toEqual(['rpb_m1']);
    expect(await b.call(teamBetsEndpoint, { query: { account: 'rpa' } })).toMatchObject({ total: 0 });
  });
});

describe('team profit and loss', () => {
  it('sums the last 7 days per member, biggest turnover first', async () => {
    await expect(a.call(teamPnlMembersEndpoint, { query: {} })).resolves.toEqual({
      list: [
        { id: m1.id, account: 'rpa_m1', level: 1, betCount: 1, stake: 100_00, win: 250_00, profit: 150_00 },
        { id: m2.id, account: 'rpa_m2', level: 2, betCount: 1, stake: 80_00, win: 40_00, profit: -40_00 },
        { id: m3.id, account: 'rpa_m3', level: 3, betCount: 1, stake: 50_00, win: 0, profit: -50_00 },
      ],
      pageNum: 1,
      totalPages: 1,
      total: 3,
      summary: { betCount: 3, stake: 230_00, win: 290_00, profit: 60_00 },
    });
    // Over ten days m1's older bet joins its row.
    const ten = await a.call(teamPnlMembersEndpoint, { query: { startDate: daysAgo(9), account: 'rpa_m1' } });
    expect(ten.list).toEqual([{ id: m1.id, account: 'rpa_m1', level: 1, betCount: 2, stake: 130_00, win: 310_00, profit: 180_00 }]);
    expect(ten.summary).toEqual({ betCount: 2, stake: 130_00, win: 310_00, profit: 180_00 });
    const paged = await a.call(teamPnlMembersEndpoint, { query: { pageNo: 2, pageSize: 2 } });
    expect([paged.list.map((r) => r.account), paged.total, paged.totalPages, paged.summary.betCount]).toEqual([['rpa_m3'], 3, 2, 3]);
    expect(await a.call(teamPnlMembersEndpoint, { query: { pageNo: 3, pageSize: 2 } })).toEqual({
      list: [],
      pageNum: 3,
      totalPages: 2,
      total: 3,
      summary: { betCount: 3, stake: 230_00, win: 290_00, profit: 60_00 },
    });
  });

  it('sums the last 7 days per day, newest first, with the members who bet', async () => {
    await expect(a.call(teamPnlDaysEndpoint, { query: {} })).resolves.toEqual({
      list: [
        { day: isoDay(now), members: 2, betCount: 2, stake: 150_00, win: 250_00, profit: 100_00 },
        { day: daysAgo(2), members: 1, betCount: 1, stake: 80_00, win: 40_00, profit: -40_00 },
      ],
      pageNum: 1,
      totalPages: 1,
      total: 2,
      summary: { betCount: 3, stake: 230_00, win: 290_00, profit: 60_00 },
    });
    expect(await a.call(teamPnlDaysEndpoint, { query: { pageNo: 2, pageSize: 2 } })).toMatchObject({ list: [], total: 2, summary: { betCount: 3 } });
    const m1Days = await a.call(teamPnlDaysEndpoint, { query: { startDate: daysAgo(9), account: 'RPA_M1' } });
    expect(m1Days.list.map((d) => [d.day, d.members, d.stake])).toEqual([
      [isoDay(now), 1, 100_00],
      [daysAgo(8), 1, 30_00],
    ]);
  });

  it("never counts another agent's members", async () => {
    expect(await a.call(teamPnlMembersEndpoint, { query: { account: 'rpb' } })).toMatchObject({ list: [], total: 0, summary: { betCount: 0, stake: 0 } });
    expect(await a.call(teamPnlDaysEndpoint, { query: { account: 'rpb' } })).toMatchObject({ list: [], total: 0 });
    expect((await b.call(teamPnlDaysEndpoint, { query: {} })).list).toEqual([
      { day: isoDay(now), members: 1, betCount: 1, stake: 70_00, win: 0, profit: -70_00 },
    ]);
  });
});

describe('team transactions', () => {
  it("lists the team's wallet and hold movements newest first, as the members' own records, with whose they are", async () => {
    const all = await a.call(teamTransactionsEndpoint, { query: { pageSize: 100 } });
    const ids = all.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(all.list.map((r) => r.memberAccount))).toEqual(new Set(['rpa_m1', 'rpa_m2', 'rpa_m3']));
    expect(all.list.filter((r) => r.memberAccount === 'rpa_m3').map((r) => [r.kind, r.account, r.amount])).toEqual([
      ['rollback', 'wallet', 20_00],
      ['bet', 'wallet', -20_00],
      ['bet', 'wallet', -50_00],
      ['withdraw.hold', 'hold', 100_00],
      ['withdraw.hold', 'wallet', -100_00],
      ['adjust', 'wallet', 500_00],
    ]);
    expect(all.list.find((r) => r.memberAccount === 'rpa_m3')).toMatchObject({ level: 3, type: 'G', reference: expect.stringMatching(/^team-report-/) });
    expect(all.total).toBe(all.list.length);

    const deposits = await a.call(teamTransactionsEndpoint, { query: { types: 'D' } });
    expect(deposits.list.map((r) => [r.memberAccount, r.level, r.type, r.amount])).toEqual([
      ['rpa_m2', 2, 'D', 200_00],
      ['rpa_m1', 1, 'D', 300_00],
    ]);
    expect(deposits.list.every((r) => r.reference?.startsWith('D'))).toBe(true);
    const m1Withdrawal = await a.call(teamTransactionsEndpoint, { query: { types: 'W', account: 'rpa_m1' } });
    expect(m1Withdrawal.list.map((r) => [r.kind, r.account, r.amount])).toEqual([
      ['withdraw.pay', 'hold', -150_00],
      ['withdraw.hold', 'hold', 150_00],
      ['withdraw.hold', 'wallet', -150_00],
    ]);
    const older = await a.call(teamTransactionsEndpoint, { query: { endDate: daysAgo(1) } });
    expect(older.total).toBe(0);
    const paged = await a.call(teamTransactionsEndpoint, { query: { pageNo: 2, pageSize: 5 } });
    expect(paged.list.map((r) => r.id)).toEqual(ids.slice(5, 10));
  });

  it("never shows another agent's members' movements", async () => {
    expect(await a.call(teamTransactionsEndpoint, { query: { account: 'rpb_m1' } })).toEqual({ list: [], pageNum: 1, totalPages: 1, total: 0 });
    const own = await b.call(teamTransactionsEndpoint, { query: {} });
    expect(new Set(own.list.map((r) => r.memberAccount))).toEqual(new Set(['rpb_m1']));
    // The agent's own wallet is not part of its team's records.
    expect(own.list.some((r) => r.memberAccount === 'rpagent_b')).toBe(false);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });
});

/** Each list and the menu keys that open it (any one of them). */
const reports: [Endpoint, AgentMenuKey[], Record<string, string>][] = [
  [teamMembersEndpoint, ['DOWNMAN', 'AGENTRANSMULTDOWN3'], {}],
  [teamBetsEndpoint, ['TEAMBETTING3'], {}],
  [teamPnlMembersEndpoint, ['AGETEAMPNL3'], {}],
  [teamPnlDaysEndpoint, ['AGETEAMPNL3'], {}],
  [teamTransactionsEndpoint, ['TRANSREC3'], {}],
];

describe('access and bad queries', () => {
  it('answers 403 agent.only to a plain member and a trial account', async () => {
    const player = await signIn(h, demoAccounts.player.username, demoAccounts.player.password);
    const trial = await signInTrial(h);
    for (const c of [player, trial]) {
      for (const endpoint of [teamKpiEndpoint, ...reports.map(([e]) => e)]) {
        expect(await errorOf(c.call(endpoint as typeof teamMembersEndpoint, { query: {} }))).toEqual({ status: 403, errorCode: 'agent.only' });
      }
    }
    const guest = await rawCall(h.app, teamKpiEndpoint);
    expect(guest.status).toBe(401);
  });

  it("answers 403 agent.menu.denied when the merchant withholds the tool's keys, and lists with any one of them", async () => {
    for (const [endpoint, keys] of reports) {
      const list = () => a.call(endpoint as typeof teamMembersEndpoint, { query: {} });
      for (const key of keys) await menu(key, false);
      try {
        expect(await errorOf(list())).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
        for (const key of keys) {
          await menu(key, true);
          expect(await list()).toMatchObject({ pageNum: 1 });
          await menu(key, false);
        }
      } finally {
        for (const key of keys) await menu(key, true);
      }
      expect(await list()).toMatchObject({ pageNum: 1 });
    }
  });

  it('answers 400 request.invalid to an end before the start, an impossible date and unknown values', async () => {
    const badDates = [`startDate=${isoDay(now)}&endDate=${daysAgo(1)}`, 'startDate=2026-02-30', 'endDate=yesterday'];
    const cases: [string, string[]][] = [
      [teamKpiEndpoint.path, badDates],
      ...reports.map(([e]): [string, string[]] => [e.path, [...badDates, 'pageNo=0', 'pageSize=101']]),
    ];
    for (const [path, queries] of cases) {
      for (const query of queries) {
        const res = await rawCall(h.app, { method: 'GET', path }, { url: `${path}?${query}`, headers: { authorization: a.token ?? '' } });
        expect([path, query, res.status, res.errorCode]).toEqual([path, query, 400, 'request.invalid']);
      }
    }
    for (const url of [
      '/wps/agent/team/members?scope=everyone',
      '/wps/agent/team/transactions?types=X',
      '/wps/agent/team/transactions?types=D,W',
      `/wps/agent/team/bets?account=${'x'.repeat(33)}`,
      `/wps/agent/team/pnl/members?account=${'x'.repeat(33)}`,
    ]) {
      const res = await rawCall(h.app, { method: 'GET', path: url }, { url, headers: { authorization: a.token ?? '' } });
      expect([url, res.status, res.errorCode]).toEqual([url, 400, 'request.invalid']);
    }
  });
});

describe('the seeded agent1', () => {
  it('has a populated team three levels deep, with bets, logins and money', async () => {
    const agent1 = await signIn(h, demoAccounts.agent.username, demoAccounts.agent.password);
    const kpi = await agent1.call(teamKpiEndpoint, { query: { startDate: daysAgo(6), endDate: isoDay(now) } });
    expect(kpi.summary.teamSize).toBeGreaterThan(10);
    expect(kpi.summary.agentCount).toBeGreaterThanOrEqual(3);
    expect(kpi.summary.betCount).toBeGreaterThan(0);
    expect(kpi.summary.balance).toBeGreaterThan(0);
    expect(kpi.summary.deposit).toBeGreaterThan(0);
    const members = await agent1.call(teamMembersEndpoint, { query: { pageSize: 100 } });
    expect(Math.max(...members.list.map((m) => m.level))).toBe(3);
    expect(members.list.find((m) => m.account === demoTeamAgents[0].username)).toMatchObject({ level: 1, type: 2, directCount: 7 });
    expect((await agent1.call(teamPnlDaysEndpoint, { query: {} })).list.length).toBeGreaterThan(1);
    expect((await agent1.call(teamBetsEndpoint, { query: { startDate: daysAgo(6) } })).total).toBeGreaterThan(10);
    // Logins of the seed's day (online only for the minutes after seeding, so not asserted here).
    expect(kpi.footer.teamLoginMemberCount).toBeGreaterThanOrEqual(2);
    // A seeded team account logs in with the documented password.
    await expect(signIn(h, demoTeamMembers[0]!.username, demoTeamPassword)).resolves.toMatchObject({ token: expect.any(String) });
  });
});
