/**
 * The profit record and the bonus details of a member (contract/member-records.ts),
 * read from the bet book and the ledger, newest first, paged, dates UTC days
 * (server/http/paging.ts `dayRange`).
 *
 * Profit record: one row per UTC day with activity. The stake and win of a
 * day are those of the member's bets settled that day (`bets.settled_at`;
 * rolled-back and open bets count nothing); its bonus is the sum of the
 * member's `bonus` postings on the wallet account that day. profit = win −
 * stake, net = profit + bonus. Grouped by day in the database; the summary
 * covers the whole range.
 *
 * Bonus details: each `bonus` posting on the member's wallet account, with
 * where it came from, read from the transaction's meta: a promotion's bonus
 * (`applicationId`, promotions/service.ts; reference `APP-<applicationId>`),
 * a deposit promotion's bonus (`orderNo`, service.ts; reference the order
 * number), a reward of the points mall (`redemptionId`, loyalty/mall.ts;
 * reference `MALL-<id>`), else `other`. The title of a promotion is its title
 * in the reader's languages (promotions/service.ts `localised`), that of a
 * reward the message id `loyalty.item.<nameKey>`; one lookup per page and
 * kind of promotion.
 */
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { BonusRecord, BonusRecords, BonusSource, ProfitRecord } from '../../../contract/member-records.ts';
import type { Database } from '../../db/connect.ts';
import { promotions } from '../../db/schema-promotions.ts';
import { bets, depositPromotions, ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema-wallet.ts';
import { localised } from '../../lib/localised.ts';
import { accountKey } from './ledger.ts';
import { dayRange, type Paging, totalPages } from '../../http/paging.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The day (UTC, `YYYY-MM-DD`) of a timestamptz column. */
const utcDay = (column: SQL | typeof bets.settledAt | typeof ledgerPostings.createdAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function profitRecord(db: Database, merchantCode: string, memberId: number, query: Paging): Promise<ProfitRecord> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const played: SQL[] = [eq(bets.merchantCode, merchantCode), eq(bets.memberId, memberId), eq(bets.status, 'settled')];
  const paid: SQL[] = [
    eq(ledgerAccounts.merchantCode, merchantCode),
    eq(ledgerAccounts.key, accountKey({ kind: 'member', memberId })),
    eq(ledgerTransactions.kind, 'bonus'),
  ];
  if (from) {
    played.push(sql`${bets.settledAt} >= ${at(from)}`);
    paid.push(sql`${ledgerPostings.createdAt} >= ${at(from)}`);
  }
  if (to) {
    played.push(sql`${bets.settledAt} < ${at(to)}`);
    paid.push(sql`${ledgerPostings.createdAt} < ${at(to)}`);
  }
  const days = sql`with played as (
      select ${utcDay(bets.settledAt)} as day, sum(${bets.stake}) as stake, sum(${bets.win}) as win
        from ${bets} where ${and(...played)} group by 1),
    paid as (
      select ${utcDay(ledgerPostings.createdAt)} as day, sum(${ledgerPostings.amount}) as bonus
        from ${ledgerPostings}
        join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerPostings.accountId}
        join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerPostings.transactionId}
       where ${and(...paid)} group by 1),
    days as (
      select coalesce(played.day, paid.day) as day, coalesce(played.stake, 0) as stake,
             coalesce(played.win, 0) as win, coalesce(paid.bonus, 0) as bonus
        from played full outer join paid on paid.day = played.day)`;
  type Amounts = { stake: string | number; win: string | number; bonus: string | number };
  const [page, totals] = await Promise.all([
    db.execute(sql`${days}
      select day, stake::bigint as stake, win::bigint as win, bonus::bigint as bonus from days
       order by day desc limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
    db.execute(sql`${days}
      select count(*)::int as n, coalesce(sum(stake), 0)::bigint as stake, coalesce(sum(win), 0)::bigint as win,
             coalesce(sum(bonus), 0)::bigint as bonus from days`),
  ]);
  const result = (r: Amounts) => {
    const stake = Number(r.stake);
    const win = Number(r.win);
    const bonus = Number(r.bonus);
    return { stake, win, profit: win - stake, bonus, net: win - stake + bonus };
  };
  const [summary] = rowsOf<Amounts & { n: number }>(totals);
  const total = Number(summary?.n ?? 0);
  return {
    list: rowsOf<Amounts & { day: string }>(page).map((r) => ({ day: r.day, ...result(r) })),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
    summary: result(summary ?? { stake: 0, win: 0, bonus: 0 }),
  };
}

interface BonusMeta {
  source?: unknown;
  redemptionId?: unknown;
  nameKey?: unknown;
  orderNo?: unknown;
  applicationId?: unknown;
  promotionId?: unknown;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Where a bonus came from and its reference, by the meta its payer wrote. */
function originOf(meta: BonusMeta): { source: BonusSource; reference: string | null } {
  if (isId(meta.redemptionId)) return { source: 'mall', reference: `MALL-${meta.redemptionId}` };
  if (typeof meta.orderNo === 'string') return { source: 'deposit', reference: meta.orderNo };
  if (isId(meta.applicationId)) return { source: 'promotion', reference: `APP-${meta.applicationId}` };
  return { source: 'other', reference: null };
}

/** The titles of the page's promotions by id, in the reader's languages: one query per table. */
async function titlesOf(
  db: Database,
  merchantCode: string,
  table: typeof promotions | typeof depositPromotions,
  ids: number[],
  languages: readonly string[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: table.id, titles: table.titles })
    .from(table)
    .where(and(eq(table.merchantCode, merchantCode), inArray(table.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, localised(r.titles, languages)]));
}

export async function bonusRecords(
  db: Database,
  merchantCode: string,
  memberId: number,
  languages: readonly string[],
  query: Paging,
): Promise<BonusRecords> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [
    eq(ledgerAccounts.merchantCode, merchantCode),
    eq(ledgerAccounts.key, accountKey({ kind: 'member', memberId })),
    eq(ledgerTransactions.kind, 'bonus'),
  ];
  if (from) conditions.push(gte(ledgerPostings.createdAt, from));
  if (to) conditions.push(lt(ledgerPostings.createdAt, to));
  const where = and(...conditions);
  const [rows, [summary]] = await Promise.all([
    db
      .select({ id: ledgerPostings.id, amount: ledgerPostings.amount, meta: ledgerTransactions.meta, createdAt: ledgerPostings.createdAt })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where),
  ]);
  const bonuses = rows.map((r) => ({ ...r, meta: r.meta as BonusMeta, ...originOf(r.meta as BonusMeta) }));
  const promotionIds = (source: BonusSource) =>
    bonuses.flatMap((b) => (b.source === source && isId(b.meta.promotionId) ? [b.meta.promotionId] : []));
  const [promotionTitles, depositTitles] = await Promise.all([
    titlesOf(db, merchantCode, promotions, promotionIds('promotion'), languages),
    titlesOf(db, merchantCode, depositPromotions, promotionIds('deposit'), languages),
  ]);
  const titleOf = (b: (typeof bonuses)[number]): string | null => {
    if (b.source === 'mall') return typeof b.meta.nameKey === 'string' ? `loyalty.item.${b.meta.nameKey}` : null;
    if (!isId(b.meta.promotionId)) return null;
    if (b.source === 'promotion') return promotionTitles.get(b.meta.promotionId) ?? null;
    if (b.source === 'deposit') return depositTitles.get(b.meta.promotionId) ?? null;
    return null;
  };
  const total = summary?.n ?? 0;
  return {
    list: bonuses.map(
      (b): BonusRecord => ({
        id: b.id,
        source: b.source,
        title: titleOf(b),
        amount: b.amount,
        reference: b.reference,
        createdAt: b.createdAt.toISOString(),
      }),
    ),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
    summary: { total: Number(summary?.amount ?? 0) },
  };
}
