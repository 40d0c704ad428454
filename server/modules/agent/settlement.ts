/**
 * Settlement of contracts and rebates (contract/agent-contracts.ts,
 * docs/contracts.md): what each period owes, paid through the ledger exactly
 * once.
 *
 * **Periods.** Daily salary: a UTC day (`YYYY-MM-DD`); hourly wage: a UTC
 * hour (`YYYY-MM-DDTHH`); dividend: a calendar month (`YYYY-MM`); rebates: a
 * UTC day. Only a period that has ended is settled.
 *
 * **Contracts.** The contract in force at the end of the period (accepted
 * before its end, not ended before it) pays it: the member's team (the member
 * and its subtree) has a turnover (stakes of the bets placed in the period,
 * rolled-back ones left out) and a net loss (stake − win of the settled ones);
 * the contract's tiers turn it into an amount, moved from the agent's wallet
 * to the member's (ledger kind `contract.<kind>`).
 *
 * **Rebates.** Each member earns, per game type, its own rate on its own
 * turnover of the day, and on each team member's turnover the difference
 * between its rate and the rate of its member on the way down to that bettor
 * (never below 0); paid by the house (ledger kind `rebate`), one payout per
 * member and day, with lines per game type and source.
 *
 * **Exactly once.** Each payout's ledger idempotency key is its settlement
 * key (`contract:<id>:<period>`, `rebate:<member>:<day>`), unique in the
 * ledger, and its payout row is written by the same database transaction
 * (`afterPost`): a run killed at any point has paid a period wholly or not at
 * all, and a run that repeats it, later or at the same time, finds the key
 * taken and moves nothing. A payout the agent's wallet cannot cover is kept
 * `unpaid` (with its amount) and tried again by every later run of that
 * period until it is paid.
 */
import { and, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { type ContractKind, payoutFor } from '../../../contract/agent-contracts.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { type AgentContractRow, agentContracts, contractPayouts, rebatePayoutLines, rebatePayouts } from '../../db/schema-contracts.ts';
import { merchants } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { IdempotencyConflictError, InsufficientBalanceError, postTransaction } from '../wallet/ledger.ts';

export type SettlementKind = ContractKind | 'rebate';

export interface PeriodRange {
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const patterns: Record<SettlementKind, RegExp> = {
  salary: /^(\d{4})-(\d{2})-(\d{2})$/,
  rebate: /^(\d{4})-(\d{2})-(\d{2})$/,
  hourly: /^(\d{4})-(\d{2})-(\d{2})T(\d{2})$/,
  dividend: /^(\d{4})-(\d{2})$/,
};

/** The period a label names, or null for a label that is not one of the kind's (`YYYY-MM-DD`, `YYYY-MM-DDTHH`, `YYYY-MM`). */
export function periodRange(kind: SettlementKind, label: string): PeriodRange | null {
  const m = patterns[kind].exec(label);
  if (!m) return null;
  const [y, mo, d = 1, h = 0] = m.slice(1).map(Number) as [number, number, number?, number?];
  const start = new Date(Date.UTC(y, mo - 1, d, h));
  if (periodContaining(kind, start) !== label) return null;
  const end =
    kind === 'dividend' ? new Date(Date.UTC(y, mo, 1)) : new Date(start.getTime() + (kind === 'hourly' ? 3_600_000 : 86_400_000));
  return { start, end };
}

/** The label of the kind's period that holds `at`. */
export function periodContaining(kind: SettlementKind, at: Date): string {
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  if (kind === 'dividend') return day.slice(0, 7);
  return kind === 'hourly' ? `${day}T${pad(at.getUTCHours())}` : day;
}

/** The last `count` periods of the kind that ended by `now`, oldest first. */
export function endedPeriods(kind: SettlementKind, now: Date, count: number): string[] {
  const labels: string[] = [];
  let cursor = periodRange(kind, periodContaining(kind, now))!.start;
  for (let i = 0; i < count; i++) {
    const previous = new Date(cursor.getTime() - 1);
    const label = periodContaining(kind, previous);
    labels.unshift(label);
    cursor = periodRange(kind, label)!.start;
  }
  return labels;
}

/** The period's range, if it is one of the kind's and has ended by `now`; else 400 request.invalid. */
export function endedPeriod(kind: SettlementKind, label: string, now: Date): PeriodRange {
  const range = periodRange(kind, label);
  if (!range) throw new AppError(400, errorCodes.invalidRequest, `"${label}" is not a ${kind} period (${kind === 'hourly' ? 'YYYY-MM-DDTHH' : kind === 'dividend' ? 'YYYY-MM' : 'YYYY-MM-DD'}, UTC).`);
  if (range.end.getTime() > now.getTime()) throw new AppError(400, errorCodes.invalidRequest, `The period ${label} has not ended yet.`);
  return range;
}

/** A member's team (itself and its subtree) over a range: the stakes of the bets placed in it (not rolled back), and stake − win of the settled ones. */
export async function teamFigures(db: Database, memberId: number, range: PeriodRange): Promise<{ turnover: number; netLoss: number }> {
  const result = await db.execute(sql`
    select coalesce(sum(b.stake), 0)::bigint as turnover,
           coalesce(sum(b.stake - b.win) filter (where b.status = 'settled'), 0)::bigint as net_loss
      from member_tree t
      join bets b on b.member_id = t.member_id
     where t.ancestor_id = ${memberId}
       and b.created_at >= ${range.start.toISOString()}::timestamptz and b.created_at < ${range.end.toISOString()}::timestamptz
       and b.status <> 'rolled_back'`);
  const row = (result as unknown as { rows: { turnover: string | number; net_loss: string | number }[] }).rows[0];
  return { turnover: Number(row?.turnover ?? 0), netLoss: Number(row?.net_loss ?? 0) };
}

/** What a settlement did with one payout: paid now, kept unpaid, nothing owed, or found already settled (by an earlier or a concurrent run). */
export type SettleOutcome = 'paid' | 'unpaid' | 'nothing' | 'settled';

export interface ContractSettlement {
  contractId: number;
  merchantCode: string;
  agentId: number;
  memberId: number;
  period: string;
  base: number;
  amount: number;
  outcome: SettleOutcome;
}

export interface SettleOptions {
  now: Date;
  /** Only this merchant's (default: every merchant's). */
  merchant?: string;
  /** Called after each payout is settled (progress). */
  onSettled?: (settled: ContractSettlement | RebateSettlement) => void;
}

export const contractSettlementKey = (contractId: number, period: string) => `contract:${contractId}:${period}`;
export const rebateSettlementKey = (memberId: number, day: string) => `rebate:${memberId}:${day}`;

/** The contracts of a kind in force at the period's end whose period is not settled yet (no row, or an unpaid one), by id. */
async function contractsToSettle(db: Database, kind: ContractKind, period: string, range: PeriodRange, merchant?: string): Promise<AgentContractRow[]> {
  const settled = db
    .select({ one: sql`1` })
    .from(contractPayouts)
    .where(and(eq(contractPayouts.contractId, agentContracts.id), eq(contractPayouts.period, period), inArray(contractPayouts.status, ['paid', 'nothing'])));
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.kind, kind),
        inArray(agentContracts.status, ['active', 'ended']),
        lt(agentContracts.decidedAt, range.end),
        or(isNull(agentContracts.endedAt), sql`${agentContracts.endedAt} >= ${range.end.toISOString()}::timestamptz`),
        merchant ? eq(agentContracts.merchantCode, merchant) : undefined,
        notExists(settled),
      ),
    )
    .orderBy(agentContracts.id);
}

/** Writes a period's payout row: a new one, or over an unpaid one (a paid or nothing row is final and stays). */
async function writePayout(
  db: Database,
  row: { contractId: number; period: string; periodStart: Date; base: number; amount: number; status: 'paid' | 'unpaid' | 'nothing'; txId: string | null },
): Promise<void> {
  await db
    .insert(contractPayouts)
    .values({ ...row, settledAt: sql`now()` })
    .onConflictDoUpdate({
      target: [contractPayouts.contractId, contractPayouts.period],
      set: { base: row.base, amount: row.amount, status: row.status, txId: row.txId, settledAt: sql`now()` },
      setWhere: sql`${contractPayouts.status} = 'unpaid'`,
    });
}

async function settleContract(db: Database, contract: AgentContractRow, period: string, range: PeriodRange): Promise<ContractSettlement> {
  const figures = await teamFigures(db, contract.memberId, range);
  const base = contract.kind === 'dividend' ? figures.netLoss : figures.turnover;
  const amount = payoutFor(contract.kind, contract.tiers, base);
  const settlement = {
    contractId: contract.id,
    merchantCode: contract.merchantCode,
    agentId: contract.agentId,
    memberId: contract.memberId,
    period,
    base,
    amount,
  };
  const payout = { contractId: contract.id, period, periodStart: range.start, base, amount };
  if (amount === 0) {
    await writePayout(db, { ...payout, status: 'nothing', txId: null });
    return { ...settlement, outcome: 'nothing' };
  }
  try {
    const posted = await postTransaction(
      db,
      {
        merchantId: contract.merchantCode,
        idempotencyKey: contractSettlementKey(contract.id, period),
        kind: `contract.${contract.kind}`,
        postings: [
          { account: { kind: 'member', memberId: contract.agentId }, amount: -amount },
          { account: { kind: 'member', memberId: contract.memberId }, amount },
        ],
        meta: { contractId: contract.id, period, base },
      },
      { afterPost: (trx, { transactionId }) => writePayout(trx, { ...payout, status: 'paid', txId: transactionId }) },
    );
    return { ...settlement, outcome: posted.replayed ? 'settled' : 'paid' };
  } catch (error) {
    // Another run paid this period (with figures read before a late bet changed them): it is settled.
    if (error instanceof IdempotencyConflictError) return { ...settlement, outcome: 'settled' };
    if (!(error instanceof InsufficientBalanceError)) throw error;
    await writePayout(db, { ...payout, status: 'unpaid', txId: null });
    return { ...settlement, outcome: 'unpaid' };
  }
}

/** Settles a contract kind's period (ended by `options.now`) for every contract in force at its end; returns what each payout did. */
export async function settleContracts(db: Database, kind: ContractKind, period: string, options: SettleOptions): Promise<ContractSettlement[]> {
  const range = endedPeriod(kind, period, options.now);
  const contracts = await contractsToSettle(db, kind, period, range, options.merchant);
  const results: ContractSettlement[] = [];
  for (const contract of contracts) {
    const settled = await settleContract(db, contract, period, range);
    results.push(settled);
    options.onSettled?.(settled);
  }
  return results;
}

// ------------------------------------------------------------------ rebates

export interface RebateLine {
  gameType: string;
  source: 'self' | 'team';
  turnover: number;
  amount: number;
}

export interface RebateSettlement {
  memberId: number;
  merchantCode: string;
  day: string;
  turnover: number;
  amount: number;
  lines: RebateLine[];
  outcome: SettleOutcome;
}

/**
 * Every member's rebate lines of a day in a merchant (members without a payout of that day only): per bettor and game
 * type the day's turnover, then for the bettor itself (depth 0) its own rate and for each ancestor the difference
 * between its rate and its child's on the path (member_tree at depth − 1), summed per earner, game type and source.
 */
async function rebateLinesOf(db: Database, merchantCode: string, day: string, range: PeriodRange): Promise<Map<number, RebateLine[]>> {
  const result = await db.execute(sql`
    with stakes as (
      select b.member_id, coalesce(g.game_type, 'RNG') as game_type, sum(b.stake)::bigint as turnover
        from bets b left join games g on g.id = b.game_id
       where b.merchant_code = ${merchantCode}
         and b.created_at >= ${range.start.toISOString()}::timestamptz and b.created_at < ${range.end.toISOString()}::timestamptz
         and b.status <> 'rolled_back'
       group by 1, 2),
    earned as (
      select t.ancestor_id as member_id, s.game_type, case when t.depth = 0 then 'self' else 'team' end as source, s.turnover,
             greatest(coalesce(own.rate_bps, 0) - coalesce(child.rate_bps, 0), 0) as rate_bps
        from stakes s
        join member_tree t on t.member_id = s.member_id
        left join member_tree c on t.depth > 0 and c.member_id = s.member_id and c.depth = t.depth - 1
        left join rebate_rates own on own.member_id = t.ancestor_id and own.game_type = s.game_type
        left join rebate_rates child on child.member_id = c.ancestor_id and child.game_type = s.game_type)
    select e.member_id, e.game_type, e.source, sum(e.turnover)::bigint as turnover, floor(sum(e.turnover * e.rate_bps) / 10000)::bigint as amount
      from earned e
     where e.rate_bps > 0
       and not exists (select 1 from rebate_payouts p where p.member_id = e.member_id and p.day = ${day}::date)
     group by 1, 2, 3
    having floor(sum(e.turnover * e.rate_bps) / 10000) > 0
     order by 1, 2, 3`);
  const rows = (result as unknown as { rows: { member_id: string | number; game_type: string; source: 'self' | 'team'; turnover: string | number; amount: string | number }[] })
    .rows;
  const byMember = new Map<number, RebateLine[]>();
  for (const r of rows) {
    const id = Number(r.member_id);
    const lines = byMember.get(id) ?? [];
    lines.push({ gameType: r.game_type, source: r.source, turnover: Number(r.turnover), amount: Number(r.amount) });
    byMember.set(id, lines);
  }
  return byMember;
}

async function payRebate(db: Database, merchantCode: string, memberId: number, day: string, lines: RebateLine[]): Promise<RebateSettlement> {
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  const turnover = lines.reduce((sum, l) => sum + l.turnover, 0);
  const settlement = { memberId, merchantCode, day, turnover, amount, lines };
  try {
    const posted = await postTransaction(
      db,
      {
        merchantId: merchantCode,
        idempotencyKey: rebateSettlementKey(memberId, day),
        kind: 'rebate',
        postings: [
          { account: { kind: 'house' }, amount: -amount },
          { account: { kind: 'member', memberId }, amount },
        ],
        meta: { day, turnover },
      },
      {
        afterPost: async (trx, { transactionId }) => {
          const [payout] = await trx
            .insert(rebatePayouts)
            .values({ memberId, day, turnover, amount, status: 'paid', txId: transactionId })
            .returning({ id: rebatePayouts.id });
          await trx.insert(rebatePayoutLines).values(lines.map((l) => ({ payoutId: payout!.id, ...l })));
        },
      },
    );
    return { ...settlement, outcome: posted.replayed ? 'settled' : 'paid' };
  } catch (error) {
    if (error instanceof IdempotencyConflictError) return { ...settlement, outcome: 'settled' };
    throw error;
  }
}

/** Settles the rebates of a UTC day (ended by `options.now`) for every member who earned some and has no payout of that day yet. */
export async function settleRebates(db: Database, day: string, options: SettleOptions): Promise<RebateSettlement[]> {
  const range = endedPeriod('rebate', day, options.now);
  const codes = options.merchant ? [options.merchant] : (await db.select({ code: merchants.code }).from(merchants)).map((m) => m.code);
  const results: RebateSettlement[] = [];
  for (const code of codes) {
    for (const [memberId, lines] of await rebateLinesOf(db, code, day, range)) {
      const settled = await payRebate(db, code, memberId, day, lines);
      results.push(settled);
      options.onSettled?.(settled);
    }
  }
  return results;
}

// ------------------------------------------------------------------ the scheduled job

/** How many ended periods back each run of the job looks (a slot missed while no server ran is settled by the next run). */
export const settlementLookback: Record<SettlementKind, number> = { hourly: 6, salary: 3, dividend: 2, rebate: 3 };

/** One run of the settlement job: every kind's recent ended periods, oldest first (each settles only what is not settled yet). */
export async function settleRecentPeriods(db: Database, now: Date): Promise<{ contracts: ContractSettlement[]; rebates: RebateSettlement[] }> {
  const contracts: ContractSettlement[] = [];
  for (const kind of ['hourly', 'salary', 'dividend'] as const) {
    for (const period of endedPeriods(kind, now, settlementLookback[kind])) contracts.push(...(await settleContracts(db, kind, period, { now })));
  }
  const rebates: RebateSettlement[] = [];
  for (const day of endedPeriods('rebate', now, settlementLookback.rebate)) rebates.push(...(await settleRebates(db, day, { now })));
  return { contracts, rebates };
}
