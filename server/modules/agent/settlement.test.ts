/**
 * Settlement of contracts and rebates (settlement.ts) against plain-code
 * oracles: a period's team turnover and net loss (bets placed in it, rolled
 * back ones left out, open ones in the turnover only), the tier reached, the
 * contract in force at the period's end (replaced, ended, accepted late),
 * the payout moved from the agent's wallet to the member's once, an agent
 * short of money left `unpaid` and paid by a later run, and each member's
 * rebate per game type (its own rate on its own bets, the difference to the
 * next member down on its team's), paid once by the house. Runs repeated and
 * run at the same time move nothing more; the ledger stays balanced.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractKind, type ContractTier, payoutFor, type RebateGameType } from '../../../contract/agent-contracts.ts';
import type { MemberRow } from '../../db/schema.ts';
import { agentContracts, contractPayouts, rebatePayoutLines, rebatePayouts } from '../../db/schema-contracts.ts';
import { ledgerTransactions } from '../../db/schema-wallet.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { insertMember } from '../member/queries.ts';
import { balanceOf, postTransaction } from '../wallet/ledger.ts';
import { writeRates } from './rebates.ts';
import { endedPeriod, endedPeriods, periodContaining, periodRange, settleContracts, settleRebates } from './settlement.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
let t: TestDatabase;
const db = () => t.db;

/** A fixed clock: 2026-11-20 10:30 UTC. */
const now = new Date(Date.UTC(2026, 10, 20, 10, 30));
const yesterday = '2026-11-19';
const yesterdayAt = (hours: number) => new Date(Date.UTC(2026, 10, 19) + hours * hourMs);

let seq = 0;
const gameOf = new Map<RebateGameType, number>();

beforeAll(async () => {
  t = await createTestDatabase();
  for (const type of ['RNG', 'LIVE', 'FISH'] as const) {
    const rows = (await db().execute(sql`select id from games where merchant_code = 'DEMO' and game_type = ${type} order by id limit 1`)) as unknown as {
      rows: { id: number }[];
    };
    gameOf.set(type, Number(rows.rows[0]!.id));
  }
});
afterAll(async () => {
  await t?.close();
});

async function member(parent: MemberRow | null, type = 0): Promise<MemberRow> {
  return insertMember(db(), { merchantCode: 'DEMO', username: `settle${++seq}x`, passwordHash: 'x', type, parentId: parent?.id ?? null });
}

async function fund(m: MemberRow, amount: number) {
  await postTransaction(db(), {
    merchantId: 'DEMO',
    idempotencyKey: `settle-fund:${m.id}:${++seq}`,
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -amount },
      { account: { kind: 'member', memberId: m.id }, amount },
    ],
  });
}

const balance = (m: MemberRow) => balanceOf(db(), 'DEMO', { kind: 'member', memberId: m.id });

interface TestBet {
  member: MemberRow;
  stake: number;
  win?: number;
  status?: 'open' | 'settled' | 'rolled_back';
  at: Date;
  type?: RebateGameType;
}

async function placeBets(list: TestBet[]) {
  for (const b of list) {
    const status = b.status ?? 'settled';
    await db().execute(sql`insert into bets (merchant_code, member_id, game_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
      values ('DEMO', ${b.member.id}, ${gameOf.get(b.type ?? 'RNG')!}, 'BGS', ${`settle-${++seq}`}, ${b.stake}, ${b.win ?? 0}, ${status},
              ${b.at.toISOString()}::timestamptz, ${status === 'open' ? null : b.at.toISOString()}::timestamptz)`);
  }
}

async function contract(agent: MemberRow, m: MemberRow, kind: ContractKind, tiers: ContractTier[], decidedAt: Date, endedAt: Date | null = null) {
  const [row] = await db()
    .insert(agentContracts)
    .values({ merchantCode: 'DEMO', agentId: agent.id, memberId: m.id, kind, tiers, status: endedAt ? 'ended' : 'active', decidedAt, endedAt, createdAt: decidedAt })
    .returning();
  return row!;
}

const payoutsOf = (contractId: number) => db().select().from(contractPayouts).where(eq(contractPayouts.contractId, contractId));
const ledgerKeys = async (prefix: string) =>
  (await db().select({ key: ledgerTransactions.idempotencyKey }).from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, `${prefix}%`))).map(
    (r) => r.key,
  );

const salaryTiers: ContractTier[] = [
  { threshold: 100_00, reward: 10_00 },
  { threshold: 500_00, reward: 40_00 },
  { threshold: 2_000_00, reward: 100_00 },
];

describe('periods', () => {
  it('names and bounds each kind’s periods in UTC, and refuses labels that are not one', () => {
    expect(periodRange('salary', '2026-11-19')).toEqual({ start: new Date('2026-11-19T00:00:00Z'), end: new Date('2026-11-20T00:00:00Z') });
    expect(periodRange('hourly', '2026-11-19T23')).toEqual({ start: new Date('2026-11-19T23:00:00Z'), end: new Date('2026-11-20T00:00:00Z') });
    expect(periodRange('dividend', '2026-12')).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    for (const [kind, label] of [
      ['salary', '2026-02-30'],
      ['salary', '2026-11-19T10'],
      ['hourly', '2026-11-19T24'],
      ['hourly', '2026-11-19'],
      ['dividend', '2026-13'],
      ['dividend', '2026-11-01'],
      ['rebate', 'yesterday'],
    ] as const) {
      expect(periodRange(kind, label), `${kind} ${label}`).toBeNull();
    }
    expect(periodContaining('hourly', now)).toBe('2026-11-20T10');
    expect(endedPeriods('hourly', now, 3)).toEqual(['2026-11-20T07', '2026-11-20T08', '2026-11-20T09']);
    expect(endedPeriods('salary', now, 2)).toEqual(['2026-11-18', '2026-11-19']);
    expect(endedPeriods('dividend', new Date('2026-01-15T00:00:00Z'), 2)).toEqual(['2025-11', '2025-12']);
  });

  it('settles only a period that has ended', () => {
    expect(() => endedPeriod('salary', '2026-11-20', now)).toThrow(/has not ended/);
    expect(() => endedPeriod('hourly', '2026-11-20T10', now)).toThrow(/has not ended/);
    expect(() => endedPeriod('dividend', '2026-11', now)).toThrow(/has not ended/);
    expect(() => endedPeriod('salary', '2026-11-31', now)).toThrow(/is not a salary period/);
    expect(endedPeriod('hourly', '2026-11-20T09', now).end).toEqual(new Date('2026-11-20T10:00:00Z'));
  });
});

describe('contract settlement', () => {
  it('pays the tier the team’s turnover reached, from the agent to the member, once', async () => {
    const agent = await member(null, 1);
    const m = await member(agent, 2);
    const below = await member(m);
    const outsider = await member(agent);
    await fund(agent, 1_000_00);
    const c = await contract(agent, m, 'salary', salaryTiers, new Date(now.getTime() - 5 * dayMs));
    await placeBets([
      { member: m, stake: 200_00, win: 50_00, at: yesterdayAt(1) },
      { member: below, stake: 250_00, win: 0, at: yesterdayAt(23.9) },
      { member: below, stake: 60_00, status: 'open', at: yesterdayAt(12) },
      // Left out: rolled back, placed today or the day before, and an outsider of the member's team.
      { member: below, stake: 5_000_00, status: 'rolled_back', at: yesterdayAt(3) },
      { member: m, stake: 5_000_00, at: yesterdayAt(24) },
      { member: m, stake: 5_000_00, at: yesterdayAt(-0.1) },
      { member: outsider, stake: 5_000_00, at: yesterdayAt(5) },
    ]);
    const turnover = 200_00 + 250_00 + 60_00;
    expect(payoutFor('salary', salaryTiers, turnover)).toBe(40_00);
    const [agentBefore, memberBefore] = [await balance(agent), await balance(m)];

    const settled = await settleContracts(db(), 'salary', yesterday, { now });
    expect(settled.filter((s) => s.contractId === c.id)).toEqual([
      { contractId: c.id, merchantCode: 'DEMO', agentId: agent.id, memberId: m.id, period: yesterday, base: turnover, amount: 40_00, outcome: 'paid' },
    ]);
    expect(await balance(agent)).toBe(agentBefore - 40_00);
    expect(await balance(m)).toBe(memberBefore + 40_00);
    const [payout] = await payoutsOf(c.id);
    expect(payout).toMatchObject({ period: yesterday, base: turnover, amount: 40_00, status: 'paid' });
    expect(payout!.txId).toBeTruthy();

    // Again, and several at once: nothing is left to settle, nothing moves.
    const again = await Promise.all([1, 2, 3].map(() => settleContracts(db(), 'salary', yesterday, { now })));
    expect(again.flat().filter((s) => s.contractId === c.id)).toEqual([]);
    expect(await balance(agent)).toBe(agentBefore - 40_00);
    expect(await payoutsOf(c.id)).toHaveLength(1);
    expect(await ledgerKeys(`contract:${c.id}:`)).toEqual([`contract:${c.id}:${yesterday}`]);
  });

  it('pays many contracts exactly once when runs overlap', async () => {
    const agent = await member(null, 1);
    await fund(agent, 10_000_00);
    const team = await Promise.all(Array.from({ length: 12 }, () => member(agent)));
    const contracts = [];
    for (const [i, m] of team.entries()) {
      contracts.push(await contract(agent, m, 'hourly', [{ threshold: 1, reward: 1_00 + i }], new Date(now.getTime() - dayMs)));
      await placeBets([{ member: m, stake: 10_00 + i, at: new Date(Date.UTC(2026, 10, 20, 8, 15)) }]);
    }
    const before = await balance(agent);
    const runs = await Promise.all([1, 2, 3, 4].map(() => settleContracts(db(), 'hourly', '2026-11-20T08', { now })));
    const paid = runs.flat().filter((s) => s.outcome === 'paid' && s.agentId === agent.id);
    expect(paid.map((s) => s.contractId).sort((a, b) => a - b)).toEqual(contracts.map((c) => c.id));
    const total = team.reduce((sum, _, i) => sum + 1_00 + i, 0);
    expect(await balance(agent)).toBe(before - total);
    for (const [i, c] of contracts.entries()) {
      expect(await payoutsOf(c.id)).toMatchObject([{ status: 'paid', amount: 1_00 + i, base: 10_00 + i }]);
      expect(await ledgerKeys(`contract:${c.id}:`)).toHaveLength(1);
    }
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it('keeps a payout the agent cannot cover unpaid, and pays it once the agent can', async () => {
    const agent = await member(null, 1);
    const m = await member(agent);
    const c = await contract(agent, m, 'salary', salaryTiers, new Date(now.getTime() - 5 * dayMs));
    await placeBets([{ member: m, stake: 3_000_00, at: yesterdayAt(9) }]);

    expect((await settleContracts(db(), 'salary', yesterday, { now })).find((s) => s.contractId === c.id)?.outcome).toBe('unpaid');
    expect(await payoutsOf(c.id)).toMatchObject([{ status: 'unpaid', amount: 100_00, txId: null }]);
    expect(await balance(m)).toBe(0);

    await fund(agent, 100_00);
    expect((await settleContracts(db(), 'salary', yesterday, { now })).find((s) => s.contractId === c.id)?.outcome).toBe('paid');
    expect(await payoutsOf(c.id)).toMatchObject([{ status: 'paid', amount: 100_00 }]);
    expect(await balance(m)).toBe(100_00);
    expect(await balance(agent)).toBe(0);
    expect((await settleContracts(db(), 'salary', yesterday, { now })).find((s) => s.contractId === c.id)).toBeUndefined();
  });

  it('lets the contract in force at the period’s end pay it, and records a period below every tier as nothing', async () => {
    const agent = await member(null, 1);
    await fund(agent, 1_000_00);
    const [replaced, late, ended, quiet] = await Promise.all([member(agent), member(agent), member(agent), member(agent)]);
    const switchAt = yesterdayAt(12);
    const old = await contract(agent, replaced, 'salary', salaryTiers, new Date(now.getTime() - 9 * dayMs), switchAt);
    const current = await contract(agent, replaced, 'salary', [{ threshold: 1, reward: 7_00 }], switchAt);
    const lateOne = await contract(agent, late, 'salary', salaryTiers, new Date(now.getTime() - hourMs));
    const endedOne = await contract(agent, ended, 'salary', salaryTiers, new Date(now.getTime() - 9 * dayMs), yesterdayAt(20));
    const quietOne = await contract(agent, quiet, 'salary', salaryTiers, new Date(now.getTime() - 9 * dayMs));
    await placeBets([replaced, late, ended].map((m) => ({ member: m, stake: 600_00, at: yesterdayAt(10) })));
    await placeBets([{ member: quiet, stake: 99_99, at: yesterdayAt(10) }]);

    const settled = await settleContracts(db(), 'salary', yesterday, { now });
    const outcome = (id: number) => settled.find((s) => s.contractId === id);
    expect(outcome(current.id)).toMatchObject({ amount: 7_00, outcome: 'paid' });
    expect(outcome(quietOne.id)).toMatchObject({ base: 99_99, amount: 0, outcome: 'nothing' });
    for (const id of [old.id, lateOne.id, endedOne.id]) expect(outcome(id)).toBeUndefined();
    expect(await payoutsOf(quietOne.id)).toMatchObject([{ status: 'nothing', amount: 0, txId: null }]);
    expect(await balance(replaced)).toBe(7_00);
  });

  it('pays a dividend as the reached tier’s rate of the team’s net loss, and nothing for a winning team', async () => {
    const agent = await member(null, 1);
    await fund(agent, 10_000_00);
    const [losing, winning] = await Promise.all([member(agent, 2), member(agent, 2)]);
    const tiers = [
      { threshold: 1_00, reward: 1_000 },
      { threshold: 1_000_00, reward: 2_500 },
    ];
    const lost = await contract(agent, losing, 'dividend', tiers, new Date('2026-09-20T00:00:00Z'));
    const won = await contract(agent, winning, 'dividend', tiers, new Date('2026-09-20T00:00:00Z'));
    const inOctober = new Date('2026-10-10T12:00:00Z');
    await placeBets([
      { member: losing, stake: 1_500_00, win: 300_00, at: inOctober },
      // Open bets are turnover, not yet a loss.
      { member: losing, stake: 900_00, status: 'open', at: inOctober },
      { member: winning, stake: 100_00, win: 900_00, at: inOctober },
    ]);
    const settled = await settleContracts(db(), 'dividend', '2026-10', { now });
    expect(settled.find((s) => s.contractId === lost.id)).toMatchObject({ base: 1_200_00, amount: 300_00, outcome: 'paid' });
    expect(settled.find((s) => s.contractId === won.id)).toMatchObject({ base: -800_00, amount: 0, outcome: 'nothing' });
    expect(await balance(losing)).toBe(300_00);
  });
});

describe('rebate settlement', () => {
  /** A member's rebate of one bet by `bettor`, by the rule: own rate at depth 0, else own − the child's on the path. */
  function oracle(paths: Map<number, MemberRow[]>, rates: Map<number, Partial<Record<RebateGameType, number>>>, bets: TestBet[]) {
    const lines = new Map<string, { turnover: number; weighted: number }>();
    for (const b of bets) {
      if ((b.status ?? 'settled') === 'rolled_back') continue;
      const path = paths.get(b.member.id)!; // the bettor first, then its agent, ...
      const type = b.type ?? 'RNG';
      path.forEach((earner, depth) => {
        const own = rates.get(earner.id)?.[type] ?? 0;
        const child = depth === 0 ? 0 : (rates.get(path[depth - 1]!.id)?.[type] ?? 0);
        const rate = Math.max(own - child, 0);
        if (rate <= 0) return;
        const key = `${earner.id}|${type}|${depth === 0 ? 'self' : 'team'}`;
        const line = lines.get(key) ?? { turnover: 0, weighted: 0 };
        line.turnover += b.stake;
        line.weighted += b.stake * rate;
        lines.set(key, line);
      });
    }
    return [...lines]
      .map(([key, l]) => ({ key, turnover: l.turnover, amount: Math.floor(l.weighted / 10_000) }))
      .filter((l) => l.amount > 0)
      .sort((a, b) => a.key.localeCompare(b.key));
  }

  it('pays each member its own rate on its bets and the difference on its team’s, once per day', async () => {
    const top = await member(null, 1);
    const sub = await member(top, 2);
    const [a, b] = await Promise.all([member(sub), member(sub)]);
    const direct = await member(top);
    const rates = new Map<number, Partial<Record<RebateGameType, number>>>([
      [top.id, { RNG: 150, LIVE: 100, FISH: 80 }],
      [sub.id, { RNG: 100, FISH: 80 }],
      [a.id, { RNG: 40 }],
      [direct.id, { LIVE: 30 }],
    ]);
    for (const [id, r] of rates) {
      await writeRates(
        db(),
        id,
        Object.entries(r).map(([gameType, rateBps]) => ({ gameType: gameType as RebateGameType, rateBps })),
      );
    }
    const day = '2026-11-18';
    const on = (h: number) => new Date(Date.UTC(2026, 10, 18) + h * hourMs);
    const bets: TestBet[] = [
      { member: a, stake: 1_000_00, at: on(1) },
      { member: a, stake: 333_33, type: 'LIVE', at: on(2) },
      { member: b, stake: 777_77, at: on(3) },
      { member: b, stake: 250_00, type: 'FISH', status: 'open', at: on(4) },
      { member: b, stake: 9_000_00, status: 'rolled_back', at: on(5) },
      { member: sub, stake: 120_00, at: on(6) },
      { member: direct, stake: 500_00, type: 'LIVE', at: on(7) },
      { member: top, stake: 45_00, at: on(8) },
    ];
    await placeBets(bets);
    // Out of the day: not counted.
    await placeBets([{ member: a, stake: 1_000_000, at: on(24) }]);
    const paths = new Map([
      [a.id, [a, sub, top]],
      [b.id, [b, sub, top]],
      [sub.id, [sub, top]],
      [direct.id, [direct, top]],
      [top.id, [top]],
    ]);
    const expected = oracle(paths, rates, bets);
    const ours = [top, sub, a, b, direct];
    const before = await Promise.all(ours.map(balance));

    const settled = await settleRebates(db(), day, { now, merchant: 'DEMO' });
    const mine = settled.filter((s) => ours.some((m) => m.id === s.memberId));
    expect(mine.every((s) => s.outcome === 'paid')).toBe(true);
    const lines = await db()
      .select({ memberId: rebatePayouts.memberId, gameType: rebatePayoutLines.gameType, source: rebatePayoutLines.source, turnover: rebatePayoutLines.turnover, amount: rebatePayoutLines.amount })
      .from(rebatePayoutLines)
      .innerJoin(rebatePayouts, eq(rebatePayouts.id, rebatePayoutLines.payoutId))
      .where(and(eq(rebatePayouts.day, day), sql`${rebatePayouts.memberId} in (${sql.join(ours.map((m) => sql`${m.id}`), sql`, `)})`));
    expect(
      lines.map((l) => ({ key: `${l.memberId}|${l.gameType}|${l.source}`, turnover: l.turnover, amount: l.amount })).sort((x, y) => x.key.localeCompare(y.key)),
    ).toEqual(expected);
    const after = await Promise.all(ours.map(balance));
    ours.forEach((m, i) => {
      const earned = expected.filter((l) => l.key.startsWith(`${m.id}|`)).reduce((sum, l) => sum + l.amount, 0);
      expect(after[i]! - before[i]!, m.username).toBe(earned);
    });

    // Again, and at the same time: nothing more is paid.
    await Promise.all([1, 2, 3].map(() => settleRebates(db(), day, { now, merchant: 'DEMO' })));
    expect(await Promise.all(ours.map(balance))).toEqual(after);
    for (const m of ours) expect((await ledgerKeys(`rebate:${m.id}:`)).length).toBeLessThanOrEqual(1);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it('lowers a member’s team’s rates with its own, so no one earns above its agent', async () => {
    const top = await member(null, 1);
    const sub = await member(top, 2);
    const leaf = await member(sub);
    await writeRates(db(), top.id, [{ gameType: 'RNG', rateBps: 200 }]);
    await writeRates(db(), sub.id, [{ gameType: 'RNG', rateBps: 150 }]);
    await writeRates(db(), leaf.id, [{ gameType: 'RNG', rateBps: 120 }]);
    await writeRates(db(), sub.id, [{ gameType: 'RNG', rateBps: 50 }]);
    const rows = (await db().execute(sql`select member_id, rate_bps from rebate_rates where member_id in (${sub.id}, ${leaf.id}) order by member_id`)) as unknown as {
      rows: { member_id: number; rate_bps: number }[];
    };
    expect(rows.rows.map((r) => Number(r.rate_bps))).toEqual([50, 50]);
  });
});
