/**
 * Records of a member: every ledger posting on the member's wallet and hold
 * accounts (transaction records, by type and date) and the bets the game
 * modules wrote (bet records). Newest first, paged; dates are UTC days. A
 * record's reference is the deposit's or withdrawal's order number, the game
 * round, or `MALL-<id>` for a reward of the points mall (a `bonus`).
 */
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { BetRecords, DepositOrders, RecordType, TransactionRecord, TransactionRecords, Withdrawals } from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import { games } from '../../db/schema-catalogue.ts';
import {
  bankCards,
  bets,
  deposits,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  withdrawals,
} from '../../db/schema-wallet.ts';
import { dayRange, type Paging, totalPages } from '../../http/paging.ts';
import { depositView, withdrawalView } from './service.ts';

/** Ledger kinds of each record type; O is everything else (bonus, adjust, ...). */
export const kindsOfType: Record<Exclude<RecordType, 'A' | 'O'>, string[]> = {
  D: ['deposit'],
  W: ['withdraw.hold', 'withdraw.pay', 'withdraw.release'],
  G: ['bet', 'win', 'rollback'],
};
const namedKinds = Object.values(kindsOfType).flat();

export function recordTypeOf(kind: string): Exclude<RecordType, 'A'> {
  for (const [type, kinds] of Object.entries(kindsOfType)) if (kinds.includes(kind)) return type as 'D' | 'W' | 'G';
  return 'O';
}

/** The ledger transaction kinds of the record types, as a condition on `ledger_transactions.kind`; undefined for all (A). */
export function recordTypesFilter(types: readonly RecordType[]): SQL | undefined {
  if (types.includes('A')) return undefined;
  const kinds = types.flatMap((t) => (t === 'O' || t === 'A' ? [] : kindsOfType[t]));
  const byKind: SQL[] = [];
  if (kinds.length) byKind.push(inArray(ledgerTransactions.kind, kinds));
  if (types.includes('O')) byKind.push(notInArray(ledgerTransactions.kind, namedKinds));
  return byKind.length === 1 ? byKind[0] : sql`(${sql.join(byKind, sql` or `)})`;
}

/** The columns of a posting that make a transaction record (ledger_postings joined to its account and transaction). */
export const postingRecordColumns = {
  id: ledgerPostings.id,
  transactionId: ledgerPostings.transactionId,
  kind: ledgerTransactions.kind,
  account: ledgerAccounts.kind,
  amount: ledgerPostings.amount,
  balanceAfter: ledgerPostings.balanceAfter,
  meta: ledgerTransactions.meta,
  createdAt: ledgerPostings.createdAt,
};

export interface PostingRecordRow {
  id: number;
  transactionId: string;
  kind: string;
  account: string;
  amount: number;
  balanceAfter: number;
  meta: unknown;
  createdAt: Date;
}

/** A posting of a member's wallet or hold as the member's transaction record shows it. */
export function transactionRecordOf(r: PostingRecordRow): TransactionRecord {
  const meta = r.meta as { orderNo?: unknown; roundId?: unknown; redemptionId?: unknown };
  const reference =
    typeof meta.orderNo === 'string'
      ? meta.orderNo
      : typeof meta.roundId === 'string'
        ? meta.roundId
        : // A reward of the points mall (server/modules/loyalty/mall.ts).
          typeof meta.redemptionId === 'number'
          ? `MALL-${meta.redemptionId}`
          : null;
  return {
    id: r.id,
    transactionId: r.transactionId,
    type: recordTypeOf(r.kind),
    kind: r.kind,
    account: r.account === 'hold' ? 'hold' : 'wallet',
    amount: r.amount,
    balanceAfter: r.balanceAfter,
    reference,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The game of a bet (left join) and its name as the bet records show it: null when the game is unknown. */
export const betGame = { table: games, on: eq(games.id, bets.gameId), name: games.displayName };

export async function transactionRecords(
  db: Database,
  merchantCode: string,
  memberId: number,
  query: Paging & { types: RecordType[] },
): Promise<TransactionRecords> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [
    eq(ledgerAccounts.merchantCode, merchantCode),
    inArray(ledgerAccounts.key, [`member:${memberId}`, `hold:${memberId}`]),
  ];
  if (from) conditions.push(gte(ledgerPostings.createdAt, from));
  if (to) conditions.push(lt(ledgerPostings.createdAt, to));
  const byType = recordTypesFilter(query.types);
  if (byType) conditions.push(byType);
  const where = and(...conditions);
  const base = () =>
    db
      .select(postingRecordColumns)
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId));
  const [rows, [counted]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    list: rows.map(transactionRecordOf),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
  };
}

export async function betRecords(
  db: Database,
  merchantCode: string,
  memberId: number,
  query: Paging & { vendorCode?: string | undefined },
): Promise<BetRecords> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [eq(bets.merchantCode, merchantCode), eq(bets.memberId, memberId)];
  if (from) conditions.push(gte(bets.createdAt, from));
  if (to) conditions.push(lt(bets.createdAt, to));
  if (query.vendorCode) conditions.push(eq(bets.vendorCode, query.vendorCode));
  const where = and(...conditions);
  const [rows, [summary]] = await Promise.all([
    db
      .select({ bet: bets, gameName: betGame.name })
      .from(bets)
      .leftJoin(betGame.table, betGame.on)
      .where(where)
      .orderBy(desc(bets.createdAt), desc(bets.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({
        n: sql<number>`count(*)::int`,
        stake: sql<string>`coalesce(sum(case when ${bets.status} = 'rolled_back' then 0 else ${bets.stake} end), 0)`,
        win: sql<string>`coalesce(sum(case when ${bets.status} = 'rolled_back' then 0 else ${bets.win} end), 0)`,
      })
      .from(bets)
      .where(where),
  ]);
  const total = summary?.n ?? 0;
  const stake = Number(summary?.stake ?? 0);
  const win = Number(summary?.win ?? 0);
  return {
    list: rows.map(({ bet, gameName }) => ({
      id: bet.id,
      roundId: bet.roundId,
      gameId: bet.gameId,
      gameName: gameName ?? null,
      vendorCode: bet.vendorCode,
      stake: bet.stake,
      win: bet.win,
      profit: bet.status === 'rolled_back' ? 0 : bet.win - bet.stake,
      status: bet.status,
      createdAt: bet.createdAt.toISOString(),
      settledAt: bet.settledAt ? bet.settledAt.toISOString() : null,
    })),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
    summary: { stake, win, profit: win - stake },
  };
}

export async function depositOrders(db: Database, memberId: number, query: Paging): Promise<DepositOrders> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [eq(deposits.memberId, memberId)];
  if (from) conditions.push(gte(deposits.createdAt, from));
  if (to) conditions.push(lt(deposits.createdAt, to));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(deposits).where(where),
  ]);
  const total = counted?.n ?? 0;
  return { list: rows.map(depositView), pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total };
}

export async function withdrawalOrders(db: Database, memberId: number, query: Paging): Promise<Withdrawals> {
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: SQL[] = [eq(withdrawals.memberId, memberId)];
  if (from) conditions.push(gte(withdrawals.createdAt, from));
  if (to) conditions.push(lt(withdrawals.createdAt, to));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ w: withdrawals, card: bankCards })
      .from(withdrawals)
      .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    list: rows.map(({ w, card }) => withdrawalView(w, card)),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
  };
}
