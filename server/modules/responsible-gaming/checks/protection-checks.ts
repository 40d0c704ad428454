/**
 * The responsible-gambling checks the money paths and the sessions call
 * (docs/responsible-gaming.md): below every module that calls them, so they
 * read the tables themselves and import no other module.
 *
 * - Deposits: `checkDeposit(trx, memberId, amount, at)` runs in the deposit
 *   order's transaction. It locks the member's `member_protection` row, so
 *   two orders of one member (and a limit change) are decided one after the
 *   other: the second sees the first's order. A member without the row has
 *   nothing to check.
 * - Bets: the seamless wallet's database function (`rg_bet_refusal`,
 *   migration 0024) checks them under the member's wallet row lock.
 * - Game launches: `assertNotExcluded`.
 * - Sessions: a web session opened with a session limit ends that long after
 *   its login (`sessionEndFor`, server/modules/session/session-service.ts).
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { errorCodes } from '../../../../contract/error-codes.ts';
import type { LimitPeriod } from '../../../../contract/responsible-gaming.ts';
import type { Database } from '../../../db/connect.ts';
import { type MemberLimitRow, type MemberProtectionRow, memberLimits, memberProtection } from '../../../db/schema-responsible.ts';
import { deposits } from '../../../db/schema-wallet.ts';
import { AppError } from '../../../http/app-error.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** The start of the UTC day, ISO week (Monday) or calendar month holding `at`. */
export function periodStart(period: LimitPeriod, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'day') return new Date(day);
  if (period === 'week') return new Date(day - ((at.getUTCDay() + 6) % 7) * dayMs);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The limit in force at `at` (null: none): a waiting change counts once its time has come. */
export function limitInForce(row: Pick<MemberLimitRow, 'amount' | 'nextAmount' | 'nextFrom'>, at: Date): number | null {
  return row.nextFrom && row.nextFrom.getTime() <= at.getTime() ? row.nextAmount : row.amount;
}

/** Whether a time-out or self-exclusion is in force at `at`. */
export function isExcluded(row: Pick<MemberProtectionRow, 'exclusion' | 'excludedUntil'> | undefined, at: Date): boolean {
  return !!row?.exclusion && (row.excludedUntil === null || row.excludedUntil.getTime() > at.getTime());
}

/** The member's protection row (locked until the transaction ends when `lock`). */
export async function protectionRow(db: Pick<Database, 'select'>, memberId: number, lock = false): Promise<MemberProtectionRow | undefined> {
  const query = db.select().from(memberProtection).where(eq(memberProtection.memberId, memberId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Deposits ordered since `from` that count against a limit (pending or completed). */
export async function depositedSince(db: Database, memberId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), gte(deposits.createdAt, from), ne(deposits.status, 'cancelled')));
  return Number(row?.total ?? 0);
}

/**
 * In the deposit order's transaction: refuses an order of a member in a time-out or self-exclusion (403
 * rg.deposit.excluded) or one that would pass a deposit limit in force (409 rg.deposit.limit).
 */
export async function checkDeposit(trx: Database, memberId: number, amount: number, at: Date): Promise<void> {
  const row = await protectionRow(trx, memberId, true);
  if (!row) return;
  if (isExcluded(row, at)) {
    throw new AppError(403, errorCodes.rgDepositExcluded, 'Deposits are closed during a time-out or self-exclusion.');
  }
  const limits = await trx
    .select()
    .from(memberLimits)
    .where(and(eq(memberLimits.memberId, memberId), eq(memberLimits.kind, 'deposit')));
  for (const limit of limits) {
    const inForce = limitInForce(limit, at);
    if (inForce === null) continue;
    const used = await depositedSince(trx, memberId, periodStart(limit.period, at));
    if (used + amount > inForce) {
      throw new AppError(409, errorCodes.rgDepositLimit, 'This deposit would pass the deposit limit.', { period: limit.period, limit: inForce, used });
    }
  }
}

/** Refuses a game launch during a time-out or self-exclusion (403 rg.play.excluded). */
export async function assertNotExcluded(db: Database, memberId: number, at: Date): Promise<void> {
  if (isExcluded(await protectionRow(db, memberId), at)) {
    throw new AppError(403, errorCodes.rgPlayExcluded, 'Games are closed during a time-out or self-exclusion.');
  }
}

/** When a web session opened at `openedAt` ends under the member's session limit (null: no limit). */
export async function sessionEndFor(db: Pick<Database, 'select'>, memberId: number, openedAt: Date): Promise<Date | null> {
  const row = await protectionRow(db, memberId);
  return row && row.sessionLimitMinutes > 0 ? new Date(openedAt.getTime() + row.sessionLimitMinutes * 60_000) : null;
}

