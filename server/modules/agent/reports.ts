/**
 * The team's reports (contract/agent.ts, docs/agent.md "Team queries"): the
 * KPI of the agent home and team overview, team management's member list,
 * team betting, the team's profit and loss per member and per day, and the
 * team's transaction records. The team is the calling agent's subtree: every
 * query joins `member_tree` on `ancestor_id = <agent>` and `depth > 0`, the
 * depth being the member's level, so no account or filter an agent sends can
 * reach another team's rows (an account outside the team simply matches
 * nothing). Days are UTC days (server/http/paging.ts `dayRange`).
 *
 * - KPI (today by default; another range needs AGEPAG): logins are the
 *   members who opened a session in the range and bettors those with settled
 *   bets in it (`member_activity`), the bets the agent's `team_bet_days` (by
 *   day of settlement), registrations the members
 *   created in the range, online the members with a live session seen in the
 *   last `onlineWindowMs`; the balance is the sum of the team's wallets now,
 *   deposits the completed ones and withdrawals the paid (approved) ones whose
 *   completion or payment falls in the range.
 * - Members (DOWNMAN, or AGENTRANSMULTDOWN3 for the red envelope rain's
 *   member picker): newest first, by account prefix, scope and registration
 *   day.
 * - Bets (TEAMBETTING3): by the day they were placed (today by default),
 *   account prefix and vendor, newest first; the game's name as the member's
 *   bet record shows it; totals over the whole filter (every bet counted, the
 *   amounts of the settled ones), from `team_placed_bets`.
 * - Profit and loss (AGETEAMPNL3): over the last `pnlDefaultDays` days by
 *   default, per member from `member_activity` (biggest turnover first) and
 *   per day from `team_bet_days` (newest first, with the number of members
 *   who bet that day).
 * - Transactions (TRANSREC3): every posting of the team's wallet and hold
 *   accounts, newest first, as the member's own transaction record shows it
 *   (wallet/records.ts), with whose it is.
 */
import { and, count, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type {
  TeamBets,
  TeamKpi,
  TeamMember,
  TeamMemberScope,
  TeamPnlDay,
  TeamPnlMember,
  TeamTransaction,
} from '../../../contract/agent.ts';
import { agentTypes } from '../../../contract/session.ts';
import type { RecordType } from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members, sessions } from '../../db/schema.ts';
import { memberActivity, memberTree, teamBetDays, teamPlacedBets } from '../../db/schema-agent.ts';
import { bets, deposits, ledgerAccounts, ledgerPostings, ledgerTransactions, withdrawals } from '../../db/schema-wallet.ts';
import { dayRange, type Paging, totalPages } from '../../http/paging.ts';
import { betGame, postingRecordColumns, recordTypesFilter, transactionRecordOf } from '../wallet/records.ts';
import { agentWith, requireAgent, requireMenuKey, usernameStartsWith } from './access.ts';

const dayMs = 86_400_000;

/** A team member counts as online when a live session of theirs was seen this recently. */
export const onlineWindowMs = 15 * 60_000;

/** The profit and loss's default range: this many UTC days, today included. */
export const pnlDefaultDays = 7;

export interface Range {
  from?: Date | undefined;
  to?: Date | undefined;
}

const startOfDay = (t: Date) => new Date(Math.floor(t.getTime() / dayMs) * dayMs);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` UTC days up to today's end. */
export function lastDays(now: Date, days: number): Required<Range> {
  const to = new Date(startOfDay(now).getTime() + dayMs);
  return { from: new Date(to.getTime() - days * dayMs), to };
}

/** The query's days, or `fallback` when it names none (400 request.invalid for impossible dates or an end before the start). */
export function rangeOf(query: Pick<Paging, 'startDate' | 'endDate'>, fallback: Required<Range>): Range {
  if (!query.startDate && !query.endDate) return fallback;
  return dayRange(query.startDate, query.endDate);
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** `column` within the range (true when the range is open on both sides). */
function within(column: SQL, range: Range): SQL {
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${column} >= ${at(range.from)}`);
  if (range.to) parts.push(sql`${column} < ${at(range.to)}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A `date` column within the range (the range's ends are whole UTC days). */
export function daysWithin(column: PgColumn, range: Range): SQL[] {
  const parts: SQL[] = [];
  if (range.from) parts.push(gte(column, isoDay(range.from)));
  if (range.to) parts.push(lt(column, isoDay(range.to)));
  return parts;
}

const monthStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
const nextMonth = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));

/**
 * The `member_activity` rows that make up the range: the M rows of the whole
 * months inside it and the D rows of its other days. A range that runs to the
 * end of today is open-ended (no row is later than today), so "this month" or
 * "the last 30 days" read one row per member for the current month.
 */
export function activityWithin(range: Range, now: Date): SQL {
  const tomorrow = new Date(startOfDay(now).getTime() + dayMs);
  const from = range.from;
  const to = range.to && range.to.getTime() < tomorrow.getTime() ? range.to : undefined;
  const fullFrom = from && (monthStart(from).getTime() === from.getTime() ? from : nextMonth(from));
  const fullTo = to && monthStart(to);
  const days = (r: Range) => and(eq(memberActivity.span, 'D'), ...daysWithin(memberActivity.start, r)) as SQL;
  if (fullFrom && fullTo && fullFrom.getTime() >= fullTo.getTime()) return days({ from, to });
  const parts = [and(eq(memberActivity.span, 'M'), ...daysWithin(memberActivity.start, { from: fullFrom, to: fullTo })) as SQL];
  if (fullFrom && from && from.getTime() < fullFrom.getTime()) parts.push(days({ from, to: fullFrom }));
  if (fullTo && to && fullTo.getTime() < to.getTime()) parts.push(days({ from: fullTo, to }));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The agent's team: its subtree without itself. */
const teamOf = (agentId: number) => and(eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0)) as SQL;

const agentTypeList = sql.join(
  agentTypes.map((t) => sql`${t}`),
  sql`, `,
);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);
const page = (query: Paging) => ({ limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize });
const pnlOf = (r: { betCount: unknown; stake: unknown; win: unknown }) => {
  const stake = num(r.stake);
  const win = num(r.win);
  return { betCount: num(r.betCount), stake, win, profit: win - stake };
};

// ------------------------------------------------------------------ KPI

/**
 * GET /wps/agent/team/kpi. Today's figures are the agent home's (no key
 * needed); any other range is the team overview's (AGEPAG).
 */
export async function teamKpi(
  db: Database,
  agent: MemberRow,
  merchant: MerchantRow,
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): Promise<TeamKpi> {
  requireAgent(agent);
  const today = lastDays(now, 1);
  const range = rangeOf(query, today);
  if (range.from?.getTime() !== today.from.getTime() || range.to?.getTime() !== today.to.getTime()) requireMenuKey(merchant, 'AGEPAG');
  // The team once (materialised) for the small per-member sets; the bet totals are the team's own day rows
  // (team_bet_days), and bettors and logins are counted over one row per member of their activity rows, joined
  // to member_tree itself: the planner knows a big team from its statistics and hashes it against the range's
  // rows (against the materialised copy, which has none, it guessed few distinct members and probed each).
  const result = await db.execute(sql`
    with team as materialized (
      select member_id, depth from ${memberTree} where ancestor_id = ${agent.id} and depth > 0),
    people as (
      select count(*)::int as team_size, (count(*) filter (where team.depth = 1))::int as direct_count,
             (count(*) filter (where m.type in (${agentTypeList})))::int as agent_count,
             (count(*) filter (where ${within(sql`m.created_at`, range)}))::int as registered
        from team join ${members} m on m.id = team.member_id),
    active as (
      select (count(*) filter (where bet_count > 0))::int as bettors, (count(*) filter (where logins > 0))::int as logged_in
        from (select ${memberActivity.memberId}, sum(${memberActivity.betCount}) as bet_count, sum(${memberActivity.logins}) as logins
                from ${memberTree} join ${memberActivity} on ${memberActivity.memberId} = ${memberTree.memberId}
               where ${and(teamOf(agent.id), activityWithin(range, now))}
               group by ${memberActivity.memberId}) per_member),
    played as (
      select coalesce(sum(bet_count), 0)::bigint as bet_count, coalesce(sum(stake), 0)::bigint as stake,
             coalesce(sum(win), 0)::bigint as win
        from ${teamBetDays} where ${and(eq(teamBetDays.ancestorId, agent.id), ...daysWithin(teamBetDays.day, range))})
    select people.*, active.*, played.*,
      (select count(*)::int from team where exists (
         select 1 from ${sessions} s where s.member_id = team.member_id and s.revoked_at is null
            and s.expires_at > ${at(now)} and s.last_seen_at >= ${at(new Date(now.getTime() - onlineWindowMs))})) as online,
      (select coalesce(sum(a.balance), 0)::bigint from team
         join ${ledgerAccounts} a on a.member_id = team.member_id and a.kind = 'member') as balance,
      (select coalesce(sum(x.amount), 0)::bigint from team
         join ${deposits} x on x.member_id = team.member_id
        where x.status = 'completed' and ${within(sql`x.completed_at`, range)}) as deposit,
      (select coalesce(sum(x.amount), 0)::bigint from team
         join ${withdrawals} x on x.member_id = team.member_id
        where x.status = 'approved' and ${within(sql`x.decided_at`, range)}) as withdraw
    from people, active, played`);
  const [r] = rowsOf<Record<string, unknown>>(result);
  if (!r) throw new Error('team kpi: no row');
  const stake = num(r.stake);
  const win = num(r.win);
  return {
    footer: {
      teamLoginMemberCount: num(r.logged_in),
      teamBetMemberCount: num(r.bettors),
      teamRegisterMemberCount: num(r.registered),
      teamOnlineCount: num(r.online),
    },
    summary: {
      teamSize: num(r.team_size),
      directCount: num(r.direct_count),
      agentCount: num(r.agent_count),
      balance: num(r.balance),
      deposit: num(r.deposit),
      withdraw: num(r.withdraw),
      betCount: num(r.bet_count),
      stake,
      win,
      profit: win - stake,
    },
  };
}

// ------------------------------------------------------------------ members (DOWNMAN, AGENTRANSMULTDOWN3)

/** The team's member list is team management's (DOWNMAN) and the red envelope rain's member picker's (AGENTRANSMULTDOWN3). */
export const teamMembersKeys = ['DOWNMAN', 'AGENTRANSMULTDOWN3'] as const;

export interface TeamMembersQuery extends Paging {
  account?: string | undefined;
  scope?: TeamMemberScope | undefined;
}

const parent = alias(members, 'parent');

export async function teamMembers(db: Database, agent: MemberRow, merchant: MerchantRow, query: TeamMembersQuery) {
  agentWith(agent, merchant, teamMembersKeys);
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [teamOf(agent.id)];
  if (query.scope === 'direct') conditions.push(eq(memberTree.depth, 1));
  if (query.scope === 'agents') conditions.push(inArray(members.type, [...agentTypes]));
  if (query.account) conditions.push(usernameStartsWith(query.account));
  if (from) conditions.push(gte(members.createdAt, from));
  if (to) conditions.push(lt(members.createdAt, to));
  const where = and(...conditions);
  const { limit, offset } = page(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: members.id,
        account: members.username,
        nickname: members.nickname,
        type: members.type,
        level: memberTree.depth,
        parentAccount: parent.username,
        balance: sql`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts}
          where ${ledgerAccounts.memberId} = ${members.id} and ${ledgerAccounts.kind} = 'member'), 0)`.mapWith(Number),
        status: members.status,
        lastLoginAt: sql`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.memberId} = ${members.id})`.mapWith(
          members.createdAt,
        ),
        createdAt: members.createdAt,
        directCount: sql`(select count(*) from ${memberTree} c where c.ancestor_id = ${members.id} and c.depth = 1)`.mapWith(Number),
      })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.memberId))
      .innerJoin(parent, eq(parent.id, members.parentId))
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(memberTree).innerJoin(members, eq(members.id, memberTree.memberId)).where(where),
  ]);
  const total = counted?.n ?? 0;
  const list: TeamMember[] = rows.map((r) => ({
    ...r,
    lastLoginAt: r.lastLoginAt ? (r.lastLoginAt as Date).toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total };
}

// ------------------------------------------------------------------ bets (TEAMBETTING3)

export interface TeamBetsQuery extends Paging {
  account?: string | undefined;
  vendorCode?: string | undefined;
}

export async function teamBets(db: Database, agent: MemberRow, merchant: MerchantRow, query: TeamBetsQuery, now: Date): Promise<TeamBets> {
  agentWith(agent, merchant, 'TEAMBETTING3');
  const range = rangeOf(query, lastDays(now, 1));
  // The merchant's bets of the range (index bets_merchant_created_idx), each of the team's.
  const conditions: SQL[] = [teamOf(agent.id), eq(bets.merchantCode, merchant.code)];
  if (range.from) conditions.push(gte(bets.createdAt, range.from));
  if (range.to) conditions.push(lt(bets.createdAt, range.to));
  if (query.vendorCode) conditions.push(eq(bets.vendorCode, query.vendorCode));
  if (query.account) conditions.push(usernameStartsWith(query.account));
  const where = and(...conditions);
  // The team's bets in the filter; `members` is joined only to match an account prefix.
  const teamBetsOf = <T extends PgSelect>(q: T) => {
    const joined = q.innerJoin(bets, eq(bets.memberId, memberTree.memberId));
    return (query.account ? joined.innerJoin(members, eq(members.id, memberTree.memberId)) : joined).where(where);
  };
  const { limit, offset } = page(query);
  // The totals: the agent's own day rows (team_placed_bets) for the whole team, a scan of the matching bets
  // when an account prefix narrows it.
  const summaryOf = async () => {
    if (!query.account) {
      const placed = [eq(teamPlacedBets.ancestorId, agent.id), ...daysWithin(teamPlacedBets.day, range)];
      if (query.vendorCode) placed.push(eq(teamPlacedBets.vendorCode, query.vendorCode));
      const [row] = await db
        .select({
          n: sql`coalesce(sum(${teamPlacedBets.betCount}), 0)`.mapWith(Number),
          stake: sql`coalesce(sum(${teamPlacedBets.stake}), 0)`.mapWith(Number),
          win: sql`coalesce(sum(${teamPlacedBets.win}), 0)`.mapWith(Number),
        })
        .from(teamPlacedBets)
        .where(and(...placed));
      return row;
    }
    const [row] = await teamBetsOf(
      db
        .select({
          n: count(),
          stake: sql`coalesce(sum(${bets.stake}) filter (where ${bets.status} = 'settled'), 0)`.mapWith(Number),
          win: sql`coalesce(sum(${bets.win}) filter (where ${bets.status} = 'settled'), 0)`.mapWith(Number),
        })
        .from(memberTree)
        .$dynamic(),
    );
    return row;
  };
  // The page's ids first (sorting narrow rows), then those bets with their accounts and games.
  const [pageIds, summary] = await Promise.all([
    teamBetsOf(db.select({ id: bets.id }).from(memberTree).$dynamic())
      .orderBy(desc(bets.createdAt), desc(bets.id))
      .limit(limit)
      .offset(offset),
    summaryOf(),
  ]);
  const ids = pageIds.map((r) => r.id);
  const rows = ids.length
    ? await db
        .select({ bet: bets, account: members.username, level: memberTree.depth, gameName: betGame.name })
        .from(bets)
        .innerJoin(members, eq(members.id, bets.memberId))
        .innerJoin(memberTree, and(eq(memberTree.memberId, bets.memberId), eq(memberTree.ancestorId, agent.id)))
        .leftJoin(betGame.table, betGame.on)
        .where(inArray(bets.id, ids))
        .orderBy(desc(bets.createdAt), desc(bets.id))
    : [];
  const total = summary?.n ?? 0;
  const stake = summary?.stake ?? 0;
  const win = summary?.win ?? 0;
  return {
    list: rows.map(({ bet, account, level, gameName }) => ({
      id: bet.id,
      account,
      level,
      roundId: bet.roundId,
      gameId: bet.gameId,
      gameName: gameName ?? null,
      vendorCode: bet.vendorCode,
      stake: bet.stake,
      win: bet.win,
      profit: bet.status === 'settled' ? bet.win - bet.stake : 0,
      status: bet.status,
      createdAt: bet.createdAt.toISOString(),
      settledAt: bet.settledAt ? bet.settledAt.toISOString() : null,
    })),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
    summary: { betCount: total, stake, win, profit: win - stake },
  };
}

// ------------------------------------------------------------------ profit and loss (AGETEAMPNL3)

export interface TeamPnlQuery extends Paging {
  account?: string | undefined;
}

/** The team's `member_activity` rows (`where`: which of them), with `members` joined when an account prefix narrows them. */
function teamActivity(agent: MemberRow, query: TeamPnlQuery, where: SQL): SQL {
  const conditions: SQL[] = [teamOf(agent.id), where];
  let byAccount = sql``;
  if (query.account) {
    byAccount = sql` join ${members} on ${members.id} = ${memberTree.memberId}`;
    conditions.push(usernameStartsWith(query.account));
  }
  return sql`${memberTree} join ${memberActivity} on ${memberActivity.memberId} = ${memberTree.memberId}${byAccount} where ${and(...conditions)}`;
}

const pnlRange = (query: TeamPnlQuery, now: Date) => rangeOf(query, lastDays(now, pnlDefaultDays));

/** Totals of a page's rows over the whole filter, as window sums (`total_*`); none when the page is past the end. */
const windowTotals = sql`count(*) over () as total, sum(bet_count) over () as total_bet_count,
  sum(stake) over () as total_stake, sum(win) over () as total_win`;

interface PnlRow {
  bet_count: unknown;
  stake: unknown;
  win: unknown;
  total: unknown;
  total_bet_count: unknown;
  total_stake: unknown;
  total_win: unknown;
}

/** The page and the totals: from the page's window sums, or (a page past the end) from `totals`. */
async function pnlPage<R extends PnlRow, T>(rows: R[], query: Paging, totals: () => Promise<PnlRow | undefined>, item: (r: R) => T) {
  let summaryRow: PnlRow | undefined = rows[0];
  if (!summaryRow && query.pageNo > 1) summaryRow = await totals();
  const total = num(summaryRow?.total);
  const summary = pnlOf({ betCount: summaryRow?.total_bet_count, stake: summaryRow?.total_stake, win: summaryRow?.total_win });
  return { list: rows.map(item), pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total, summary };
}

/**
 * GET /wps/agent/team/pnl/members: one aggregate over the team's activity
 * rows of the range (a month's row per member where the range holds the whole
 * month), the members who bet, the page sorted by turnover with the totals as
 * window sums; the accounts are read for the page's members only.
 */
export async function teamPnlMembers(db: Database, agent: MemberRow, merchant: MerchantRow, query: TeamPnlQuery, now: Date) {
  agentWith(agent, merchant, 'AGETEAMPNL3');
  const perMember = sql`select ${memberTree.memberId} as member_id, ${memberTree.depth} as depth,
      sum(${memberActivity.betCount}) as bet_count, sum(${memberActivity.stake}) as stake, sum(${memberActivity.win}) as win
    from ${teamActivity(agent, query, activityWithin(pnlRange(query, now), now))} group by 1, 2 having sum(${memberActivity.betCount}) > 0`;
  const { limit, offset } = page(query);
  const result = await db.execute(sql`
    select page.*, m.username as account from (
      select per_member.*, ${windowTotals} from (${perMember}) per_member
       order by stake desc, member_id limit ${limit} offset ${offset}) page
    join ${members} m on m.id = page.member_id
    order by page.stake desc, page.member_id`);
  type Row = PnlRow & { member_id: unknown; depth: unknown; account: string };
  return pnlPage(
    rowsOf<Row>(result),
    query,
    async () => rowsOf<PnlRow>(await db.execute(sql`select per_member.*, ${windowTotals} from (${perMember}) per_member limit 1`))[0],
    (r): TeamPnlMember => ({ id: num(r.member_id), account: r.account, level: num(r.depth), ...pnlOf({ betCount: r.bet_count, stake: r.stake, win: r.win }) }),
  );
}

/**
 * GET /wps/agent/team/pnl/days: newest first, the totals as window sums over
 * the days. The whole team's days are the agent's own `team_bet_days` rows;
 * an account prefix groups the matching members' day rows instead.
 */
export async function teamPnlDays(db: Database, agent: MemberRow, merchant: MerchantRow, query: TeamPnlQuery, now: Date) {
  agentWith(agent, merchant, 'AGETEAMPNL3');
  const range = pnlRange(query, now);
  const perDay = query.account
    ? sql`select to_char(${memberActivity.start}, 'YYYY-MM-DD') as day, count(*) as members, sum(${memberActivity.betCount}) as bet_count,
          sum(${memberActivity.stake}) as stake, sum(${memberActivity.win}) as win
        from ${teamActivity(agent, query, and(eq(memberActivity.span, 'D'), gt(memberActivity.betCount, 0), ...daysWithin(memberActivity.start, range)) as SQL)}
        group by ${memberActivity.start}`
    : sql`select to_char(${teamBetDays.day}, 'YYYY-MM-DD') as day, ${teamBetDays.bettors} as members, ${teamBetDays.betCount} as bet_count,
          ${teamBetDays.stake} as stake, ${teamBetDays.win} as win
        from ${teamBetDays} where ${and(eq(teamBetDays.ancestorId, agent.id), gt(teamBetDays.betCount, 0), ...daysWithin(teamBetDays.day, range))}`;
  const { limit, offset } = page(query);
  const result = await db.execute(sql`
    select per_day.*, ${windowTotals} from (${perDay}) per_day order by day desc limit ${limit} offset ${offset}`);
  type Row = PnlRow & { day: string; members: unknown };
  return pnlPage(
    rowsOf<Row>(result),
    query,
    async () => rowsOf<PnlRow>(await db.execute(sql`select per_day.*, ${windowTotals} from (${perDay}) per_day limit 1`))[0],
    (r): TeamPnlDay => ({ day: r.day, members: num(r.members), ...pnlOf({ betCount: r.bet_count, stake: r.stake, win: r.win }) }),
  );
}

// ------------------------------------------------------------------ transactions (TRANSREC3)

export interface TeamTransactionsQuery extends Paging {
  account?: string | undefined;
  types?: RecordType | undefined;
}

/** A team member's wallet and hold accounts. */
const teamWallets = and(eq(ledgerAccounts.memberId, memberTree.memberId), inArray(ledgerAccounts.kind, ['member', 'hold']));

export async function teamTransactions(db: Database, agent: MemberRow, merchant: MerchantRow, query: TeamTransactionsQuery) {
  agentWith(agent, merchant, 'TRANSREC3');
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [teamOf(agent.id)];
  if (from) conditions.push(gte(ledgerPostings.createdAt, from));
  if (to) conditions.push(lt(ledgerPostings.createdAt, to));
  const byType = recordTypesFilter([query.types ?? 'A']);
  if (byType) conditions.push(byType);
  if (query.account) conditions.push(usernameStartsWith(query.account));
  const where = and(...conditions);
  const { limit, offset } = page(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...postingRecordColumns, memberAccount: members.username, level: memberTree.depth })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.memberId))
      .innerJoin(ledgerAccounts, teamWallets)
      .innerJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.memberId))
      .innerJoin(ledgerAccounts, teamWallets)
      .innerJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  const list: TeamTransaction[] = rows.map((r) => ({ ...transactionRecordOf(r), memberAccount: r.memberAccount, level: r.level }));
  return { list, pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total };
}
