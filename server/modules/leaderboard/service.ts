/**
 * The leaderboard (contract/leaderboard.ts): the merchant's members ranked by
 * net win or by turnover over a UTC day, week (Monday 00:00) or calendar month.
 *
 * The figures are those of the settled bets (`bets`, status `settled`, on the
 * UTC day of their settlement; open and rolled-back bets count nothing), read
 * from their running totals `member_activity` (migration 0022, kept by the
 * bets' own trigger in the same transaction as every bet): a member's `D`
 * rows of the period's days, or the `M` row of the month. So the answer is as
 * fresh as the bets and costs one index range of the rollup (a row per member
 * and day), however many bets the period holds.
 *
 * - winners: sum(win) − sum(stake) per member, members with a positive net only;
 * - turnover: sum(stake) per member, members with at least one settled bet.
 * Descending amount, ties by member id (the older account first), so ranks are
 * unique and stable. Trial accounts (type 4) play with trial money and are left
 * out (their own place is null). Names are masked like the winner board's.
 */
import { sql } from 'drizzle-orm';
import { trialTypes } from '../../../contract/session.ts';
import {
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardPeriod,
  leaderboardSize,
} from '../../../contract/leaderboard.ts';
import type { Database } from '../../db/connect.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { maskName } from '../games/service.ts';
import { currencyOf } from '../wallet/service.ts';

const dayMs = 86_400_000;

/** The UTC period holding `now`: [start, end). */
export function periodOf(period: LeaderboardPeriod, now: Date): { start: Date; end: Date } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (period) {
    case 'day':
      return { start: new Date(day), end: new Date(day + dayMs) };
    case 'week': {
      // getUTCDay: 0 is Sunday; the week starts on Monday.
      const start = day - ((now.getUTCDay() + 6) % 7) * dayMs;
      return { start: new Date(start), end: new Date(start + 7 * dayMs) };
    }
    case 'month':
      return {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      };
  }
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface RankedRow {
  member_id: string | number;
  username: string;
  amount: string | number;
  rank: string | number;
}

/** Every ranked member of the board (amount, rank), the top `leaderboardSize` and the member's own row. */
export async function leaderboard(
  db: Database,
  merchant: MerchantRow,
  memberId: number,
  board: LeaderboardBoard,
  period: LeaderboardPeriod,
  now: Date,
): Promise<Leaderboard> {
  const { start, end } = periodOf(period, now);
  // The month's one row, or the days' rows of the day or week (dates compare as text-free SQL dates).
  const rows =
    period === 'month'
      ? sql`a.span = 'M' and a.start = ${isoDay(start)}::date`
      : sql`a.span = 'D' and a.start >= ${isoDay(start)}::date and a.start < ${isoDay(end)}::date`;
  const amount = board === 'winners' ? sql`sum(a.win) - sum(a.stake)` : sql`sum(a.stake)`;
  const kept = board === 'winners' ? sql`sum(a.win) - sum(a.stake) > 0` : sql`sum(a.bet_count) > 0`;
  const trial = sql.join(
    trialTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with totals as (
      select a.member_id, (${amount})::bigint as amount
        from member_activity a
        join members m on m.id = a.member_id
       where ${rows} and m.merchant_code = ${merchant.code} and m.type not in (${trial})
       group by a.member_id
      having ${kept}),
    ranked as (
      select t.member_id, t.amount, row_number() over (order by t.amount desc, t.member_id) as rank from totals t)
    select r.member_id, m.username, r.amount, r.rank
      from ranked r join members m on m.id = r.member_id
     where r.rank <= ${leaderboardSize} or r.member_id = ${memberId}
     order by r.rank`);
  const ranked = (result as unknown as { rows: RankedRow[] }).rows.map((r) => ({
    memberId: Number(r.member_id),
    name: maskName(r.username),
    amount: Number(r.amount),
    rank: Number(r.rank),
  }));
  const own = ranked.find((r) => r.memberId === memberId);
  return {
    board,
    period,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    currency: currencyOf(merchant),
    list: ranked.filter((r) => r.rank <= leaderboardSize).map(({ rank, name, amount }) => ({ rank, name, amount })),
    mine: own ? { rank: own.rank, amount: own.amount } : null,
  };
}
