/**
 * The demo agent's team (docs/agent.md): below `agent1` (whose direct
 * downline already holds player1 and mobile1) two sub-agents, `team_lead_a`
 * and `team_lead_b` (type 2, affiliate codes TEAMLEADA and TEAMLEADB), six
 * members under each, and under team_lead_a the sub-agent `coach_nico` with
 * three members of its own: agent1's team spans three levels (four tiers with
 * agent1). Every team account has the password `demoTeamPassword` (hashed
 * once for all: argon2 is slow and every test database copies the seed).
 *
 * Each member gets an opening balance from the house, settled bets over the
 * last seven days (a `bet` member → vendor and a `win` vendor → member, as
 * seed-loyalty.ts plays player1's rounds, with their `bets` rows, so the
 * team's day totals fill themselves), three members a deposit paid at the
 * local gateway and credited by its signed callback (as seed-referral.ts pays
 * its friend's); so the ledger stays balanced and no balance is written
 * directly. Some members logged in today (session rows as logins write them,
 * a hashed random token nobody holds), two of them seen just now (online),
 * and two registered today. Seeded when team_lead_a does not exist; the play
 * when no member of the team has bet, so running the seed again changes
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { type MemberRow, members, merchants, type NewMemberRow, sessions } from '../db/schema.ts';
import { bets, localGatewayPayments } from '../db/schema-wallet.ts';
import { AppError } from '../http/app-error.ts';
import { hashPassword } from '../modules/member/passwords.ts';
import { hashToken, newToken } from '../modules/session/tokens.ts';
import { createLocalGateway } from '../modules/wallet/gateway/local-gateway.ts';
import { postTransaction } from '../modules/wallet/ledger.ts';
import { createWalletService } from '../modules/wallet/service.ts';
import { createWithdrawalPasswords } from '../modules/wallet/withdrawal-password.ts';
import { demoAccounts } from './seed-members.ts';

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** The password of every seeded team account (sub-agents and members). */
export const demoTeamPassword = 'Team#2026';

/** agent1's own opening balance (minor units): ₱20,000.00 to rain red envelopes with. */
export const demoAgentOpening = 20_000_00;

/** agent1's sub-agents (level 1) and the sub-agent below team_lead_a (level 2). */
export const demoTeamAgents = [
  { username: 'team_lead_a', affiliateCode: 'TEAMLEADA', nickname: 'Alma Reyes', parent: demoAccounts.agent.username },
  { username: 'team_lead_b', affiliateCode: 'TEAMLEADB', nickname: 'Ben Cruz', parent: demoAccounts.agent.username },
  { username: 'coach_nico', affiliateCode: 'COACHNICO', nickname: 'Coach Nico', parent: 'team_lead_a' },
] as const;

/**
 * The team's members: whose downline, how many days ago they registered
 * (0: today), their opening balance (minor units), whether they logged in
 * today and are online now, and a paid deposit (amount, days ago).
 */
export const demoTeamMembers: readonly {
  username: string;
  parent: string;
  registeredDaysAgo: number;
  opening: number;
  loginToday?: boolean;
  online?: boolean;
  deposit?: { amount: number; daysAgo: number };
}[] = [
  { username: 'rico_m', parent: 'team_lead_a', registeredDaysAgo: 40, opening: 8_000_00, loginToday: true, online: true, deposit: { amount: 1_000_00, daysAgo: 2 } },
  { username: 'bella22', parent: 'team_lead_a', registeredDaysAgo: 35, opening: 5_000_00, loginToday: true, deposit: { amount: 500_00, daysAgo: 0 } },
  { username: 'jayson_ph', parent: 'team_lead_a', registeredDaysAgo: 30, opening: 3_000_00 },
  { username: 'kim_santos', parent: 'team_lead_a', registeredDaysAgo: 21, opening: 6_000_00, loginToday: true },
  { username: 'migs07', parent: 'team_lead_a', registeredDaysAgo: 14, opening: 2_500_00 },
  { username: 'trixie_g', parent: 'team_lead_a', registeredDaysAgo: 9, opening: 4_000_00 },
  { username: 'paolo_r', parent: 'team_lead_b', registeredDaysAgo: 38, opening: 7_500_00, loginToday: true, online: true, deposit: { amount: 2_000_00, daysAgo: 5 } },
  { username: 'chinky88', parent: 'team_lead_b', registeredDaysAgo: 27, opening: 3_500_00 },
  { username: 'dennis_v', parent: 'team_lead_b', registeredDaysAgo: 19, opening: 5_500_00 },
  { username: 'joy_delacruz', parent: 'team_lead_b', registeredDaysAgo: 12, opening: 2_000_00 },
  { username: 'marvin23', parent: 'team_lead_b', registeredDaysAgo: 6, opening: 4_500_00 },
  { username: 'lea_b', parent: 'team_lead_b', registeredDaysAgo: 0, opening: 1_500_00 },
  { username: 'aira_lim', parent: 'coach_nico', registeredDaysAgo: 16, opening: 3_000_00, loginToday: true },
  { username: 'benjo14', parent: 'coach_nico', registeredDaysAgo: 8, opening: 2_000_00 },
  { username: 'carla_mae', parent: 'coach_nico', registeredDaysAgo: 0, opening: 1_000_00 },
];

/** The vendors of the team's seeded bets (catalogue codes; no game, so they stay off the winner board as player1's rounds do). */
const demoTeamVendors = ['PXG', 'JLX', 'EVL', 'BGS'] as const;

/** The sub-agents, then the members, level by level (a member's agent is inserted before it). */
async function seedTeamAccounts(db: Database, merchantCode: string, agentId: number, now: Date): Promise<void> {
  const passwordHash = await hashPassword(demoTeamPassword);
  const ids = new Map<string, number>([[demoAccounts.agent.username, agentId]]);
  // Today's registrations some minutes before now (never before midnight); older ones that many days back, a few hours apart.
  const at = (daysAgo: number, step: number) =>
    daysAgo === 0
      ? new Date(Math.max(Math.floor(now.getTime() / dayMs) * dayMs, now.getTime() - (30 + 10 * step) * 60_000))
      : new Date(now.getTime() - daysAgo * dayMs - step * hourMs);
  const rowOf = (username: string, parent: string, createdAt: Date, extra: Partial<NewMemberRow>): NewMemberRow => ({
    merchantCode,
    username,
    passwordHash,
    type: 0,
    parentId: ids.get(parent) ?? null,
    registerMethod: 'username',
    passwordChangedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  const insert = async (rows: NewMemberRow[]) => {
    if (!rows.length) return;
    const inserted = await db.insert(members).values(rows).onConflictDoNothing().returning({ id: members.id, username: members.username });
    for (const r of inserted) ids.set(r.username, r.id);
  };
  const agents = (level: string) =>
    demoTeamAgents
      .filter((a) => a.parent === level)
      .map((a, i) => rowOf(a.username, a.parent, at(45 - i * 3, 0), { type: 2, affiliateCode: a.affiliateCode, nickname: a.nickname }));
  const membersOf = (parents: readonly string[]) =>
    demoTeamMembers.filter((m) => parents.includes(m.parent)).map((m, i) => rowOf(m.username, m.parent, at(m.registeredDaysAgo, 2 + i), {}));
  await insert(agents(demoAccounts.agent.username));
  await insert([...agents('team_lead_a'), ...membersOf(['team_lead_a', 'team_lead_b'])]);
  await insert(membersOf(['coach_nico']));
}

/** A settled round through the ledger, as seed-loyalty.ts plays player1's. */
async function seedRound(
  db: Database,
  merchantCode: string,
  member: Pick<MemberRow, 'id' | 'username'>,
  round: { n: number; vendorCode: string; stake: number; win: number; settledAt: Date },
): Promise<void> {
  const roundId = `seed-team-${member.username}-${round.n}`;
  const wallet = { kind: 'member', memberId: member.id } as const;
  const vendor = { kind: 'vendor', vendorCode: round.vendorCode } as const;
  const key = `seed:team-round:${member.username}:${round.n}`;
  const bet = await postTransaction(db, {
    merchantId: merchantCode,
    idempotencyKey: `${key}:bet`,
    kind: 'bet',
    postings: [
      { account: wallet, amount: -round.stake },
      { account: vendor, amount: round.stake },
    ],
    meta: { roundId },
  });
  const win =
    round.win > 0
      ? await postTransaction(db, {
          merchantId: merchantCode,
          idempotencyKey: `${key}:win`,
          kind: 'win',
          postings: [
            { account: vendor, amount: -round.win },
            { account: wallet, amount: round.win },
          ],
          meta: { roundId },
        })
      : null;
  await db
    .insert(bets)
    .values({
      merchantCode,
      memberId: member.id,
      gameId: null,
      vendorCode: round.vendorCode,
      roundId,
      stake: round.stake,
      win: round.win,
      status: 'settled',
      betTxId: bet.transactionId,
      settleTxId: win?.transactionId ?? null,
      createdAt: new Date(round.settledAt.getTime() - 2 * 60_000),
      settledAt: round.settledAt,
    })
    .onConflictDoNothing();
}

/** A deposit opened, paid at the local gateway and credited by its signed callback at `at`, as seed-referral.ts pays its friend's. */
async function seedDeposit(db: Database, merchantCode: string, member: MemberRow, amount: number, at: Date): Promise<void> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  if (!merchant) return;
  const now = () => at;
  const gateway = createLocalGateway({ secret: randomBytes(32).toString('hex'), now, deliver: async () => 200 });
  const wallet = createWalletService({ db, now, providers: new Map([[gateway.code, gateway]]), passwords: createWithdrawalPasswords(db, now) });
  // A merchant whose operator turned the channel off gets no demo deposit.
  const order = await wallet
    .createDeposit({ member, merchant, language: 'EN' }, { channelCode: 'LOCALPAY', amount, idempotencyKey: `seed-team-deposit-${member.username}`, promotionId: null })
    .catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
  if (order?.status !== 'pending') return;
  const [payment] = await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.orderNo, order.orderNo)).limit(1);
  if (!payment) return;
  const { payment: paid } = await gateway.decide(db, payment, 'paid');
  if (paid.status !== 'paid') return;
  const callback = gateway.callbackOf(paid);
  await wallet.gatewayCallback(merchant, gateway.code, callback.rawBody, callback.signature, JSON.parse(callback.rawBody));
}

/**
 * The team's money and play: opening balances, each member's rounds on some of
 * the last seven days (today included), the deposits, and today's logins.
 */
async function seedTeamPlay(db: Database, merchantCode: string, team: MemberRow[], now: Date): Promise<void> {
  const startOfToday = Math.floor(now.getTime() / dayMs) * dayMs;
  for (const [i, member] of team.entries()) {
    const plan = demoTeamMembers.find((m) => m.username === member.username);
    if (!plan) continue;
    await postTransaction(db, {
      merchantId: merchantCode,
      idempotencyKey: `seed:team-opening:${member.username}`,
      kind: 'adjust',
      postings: [
        { account: { kind: 'house' }, amount: -plan.opening },
        { account: { kind: 'member', memberId: member.id }, amount: plan.opening },
      ],
      meta: { reason: 'demo opening balance' },
    });
    // Rounds on the days (of the last seven) the member was registered, every other or third day, today for most.
    const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => d <= plan.registeredDaysAgo && (d + i) % (2 + (i % 2)) === 0);
    if (i % 4 !== 3 && !days.includes(0)) days.unshift(0);
    let balance = plan.opening;
    for (const [n, d] of days.entries()) {
      // Today's rounds a few minutes to hours before now (never before midnight); other days' in the afternoon.
      const settledAt = new Date(d === 0 ? Math.max(startOfToday, now.getTime() - (10 + 37 * i) * 60_000) : startOfToday - d * dayMs + (13 + (i % 8)) * hourMs);
      const stake = (50 + ((i * 37 + d * 53) % 20) * 25) * 100;
      // Wins cycle through a loss, a small loss, a push and wins, so the team's result has both signs.
      const win = Math.round((stake * [0, 40, 100, 180, 250, 0, 70][(i + d) % 7]!) / 100);
      // A wallet never pays a stake it does not hold.
      if (stake > balance) continue;
      balance += win - stake;
      await seedRound(db, merchantCode, member, { n: n + 1, vendorCode: demoTeamVendors[(i + d) % demoTeamVendors.length]!, stake, win, settledAt });
    }
    if (plan.deposit) {
      const at = new Date(Math.max(startOfToday, now.getTime() - plan.deposit.daysAgo * dayMs - 3 * hourMs));
      await seedDeposit(db, merchantCode, member, plan.deposit.amount, at);
    }
  }
  const loggedIn = team.filter((m) => demoTeamMembers.some((p) => p.username === m.username && p.loginToday));
  if (loggedIn.length) {
    await db.insert(sessions).values(
      loggedIn.map((m, i) => {
        const online = demoTeamMembers.some((p) => p.username === m.username && p.online);
        const createdAt = new Date(Math.max(startOfToday, now.getTime() - (online ? 5 : 60 + 45 * i) * 60_000));
        return {
          memberId: m.id,
          tokenHash: hashToken(newToken()),
          kind: 'web' as const,
          clientIp: `203.0.113.${20 + i}`,
          createdAt,
          lastSeenAt: online ? now : new Date(createdAt.getTime() + 10 * 60_000),
          expiresAt: new Date(createdAt.getTime() + 12 * hourMs),
        };
      }),
    );
  }
}

/** Returns whether it seeded the team's accounts. */
export async function seedAgentTeamIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<boolean> {
  const [agent] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.agent.username)))
    .limit(1);
  if (!agent) return false;
  const [lead] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoTeamAgents[0].username)))
    .limit(1);
  if (!lead) await seedTeamAccounts(db, merchantCode, agent.id, now);
  const order = demoTeamMembers.map((m) => m.username);
  const team = (
    await db
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), inArray(members.username, order)))
  ).sort((x, y) => order.indexOf(x.username) - order.indexOf(y.username));
  const [played] = team.length
    ? await db.select({ id: bets.id }).from(bets).where(inArray(bets.memberId, team.map((m) => m.id))).limit(1)
    : [];
  if (!played) await seedTeamPlay(db, merchantCode, team, now);
  // agent1's own wallet, for its red envelope rains (once: the key makes a second run a replay).
  await postTransaction(db, {
    merchantId: merchantCode,
    idempotencyKey: 'seed:agent-opening',
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -demoAgentOpening },
      { account: { kind: 'member', memberId: agent.id }, amount: demoAgentOpening },
    ],
    meta: { reason: 'demo opening balance' },
  });
  return !lead;
}
