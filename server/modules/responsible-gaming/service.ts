/**
 * Responsible gambling (contract/responsible-gaming.ts, docs/responsible-gaming.md):
 * the member's own limits, session settings, exclusion, reality check and
 * activity statement behind `/wps/rg/*`. The checks the money paths call
 * inside their own transactions are in checks/protection-checks.ts.
 */
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  coolingOffMs,
  type ExclusionRequest,
  exclusionEnd,
  type Limit,
  type LimitChange,
  limitKinds,
  limitPeriods,
  type Protection,
  type Reality,
  type SessionSettings,
  type StatementMonth,
} from '../../../contract/responsible-gaming.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, sessions } from '../../db/schema.ts';
import { memberActivity } from '../../db/schema-agent.ts';
import { type MemberProtectionRow, memberLimits, memberProtection } from '../../db/schema-responsible.ts';
import { bets, deposits, withdrawals } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { trialTypes } from '../../../contract/session.ts';
import { depositedSince, isExcluded, limitInForce, periodStart, protectionRow, sessionEndFor } from './checks/protection-checks.ts';

/** The member's row, created when missing, locked until the transaction ends. */
async function lockedProtection(trx: Database, memberId: number, at: Date): Promise<MemberProtectionRow> {
  await trx.insert(memberProtection).values({ memberId, updatedAt: at }).onConflictDoNothing();
  const row = await protectionRow(trx, memberId, true);
  if (!row) throw new Error('member_protection row vanished');
  return row;
}

/** Stakes and stake − win of the bets placed since `from` (not rolled back; an open bet's whole stake is a loss). */
async function betsSince(db: Database, memberId: number, from: Date): Promise<{ stake: number; win: number }> {
  const [row] = await db
    .select({
      stake: sql<string>`coalesce(sum(${bets.stake}), 0)`,
      win: sql<string>`coalesce(sum(case when ${bets.status} = 'settled' then ${bets.win} else 0 end), 0)`,
    })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), gte(bets.createdAt, from), ne(bets.status, 'rolled_back')));
  return { stake: Number(row?.stake ?? 0), win: Number(row?.win ?? 0) };
}

function assertRealAccount(member: MemberRow): void {
  if ((trialTypes as readonly number[]).includes(member.type)) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
}

/** What the member set, with each limit's use in its current period. */
export async function protectionOf(db: Database, member: MemberRow, at: Date): Promise<Protection> {
  assertRealAccount(member);
  const [row, limitRows] = await Promise.all([
    protectionRow(db, member.id),
    db.select().from(memberLimits).where(eq(memberLimits.memberId, member.id)),
  ]);
  const used = new Map<string, number>();
  await Promise.all(
    limitPeriods.map(async (period) => {
      const from = periodStart(period, at);
      const [deposited, placed] = await Promise.all([depositedSince(db, member.id, from), betsSince(db, member.id, from)]);
      used.set(`deposit|${period}`, deposited);
      used.set(`wager|${period}`, placed.stake);
      used.set(`loss|${period}`, Math.max(0, placed.stake - placed.win));
    }),
  );
  const limits: Limit[] = limitKinds.flatMap((kind) =>
    limitPeriods.map((period) => {
      const limit = limitRows.find((r) => r.kind === kind && r.period === period);
      const waiting = limit?.nextFrom && limit.nextFrom.getTime() > at.getTime() ? limit : null;
      return {
        kind,
        period,
        amount: limit ? limitInForce(limit, at) : null,
        next: waiting ? { amount: waiting.nextAmount, from: (waiting.nextFrom as Date).toISOString() } : null,
        used: used.get(`${kind}|${period}`) ?? 0,
      };
    }),
  );
  const excluded = isExcluded(row, at) ? row : undefined;
  return {
    limits,
    sessionLimitMinutes: row?.sessionLimitMinutes ?? 0,
    realityCheckMinutes: row?.realityCheckMinutes ?? 0,
    exclusion: excluded?.exclusion ? { kind: excluded.exclusion, until: excluded.excludedUntil?.toISOString() ?? null } : null,
  };
}

/**
 * Sets or removes one limit. A new limit, or a lower one, is in force at once (and drops a waiting raise); a higher
 * one, or a removal, waits `coolingOffMs` (the limit in force holds until then; a later change replaces the waiting one).
 */
export async function setLimit(db: Database, member: MemberRow, change: LimitChange, at: Date): Promise<Protection> {
  assertRealAccount(member);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Database;
    await lockedProtection(tx, member.id, at);
    const key = and(eq(memberLimits.memberId, member.id), eq(memberLimits.kind, change.kind), eq(memberLimits.period, change.period));
    const [existing] = await tx.select().from(memberLimits).where(key);
    const current = existing ? limitInForce(existing, at) : null;
    const immediate = change.amount !== null && (current === null || change.amount <= current);
    if (immediate) {
      await tx
        .insert(memberLimits)
        .values({ memberId: member.id, kind: change.kind, period: change.period, amount: change.amount, updatedAt: at })
        .onConflictDoUpdate({
          target: [memberLimits.memberId, memberLimits.kind, memberLimits.period],
          set: { amount: change.amount, nextAmount: null, nextFrom: null, updatedAt: at },
        });
    } else if (current === null) {
      // Removing a limit there is none of: nothing to wait for.
      if (existing) await tx.delete(memberLimits).where(key);
    } else {
      await tx
        .update(memberLimits)
        .set({ amount: current, nextAmount: change.amount, nextFrom: new Date(at.getTime() + coolingOffMs), updatedAt: at })
        .where(key);
    }
  });
  return protectionOf(db, member, at);
}

/** Sets the session limit and the reality check; a session limit also ends the open web sessions that long after their login. */
export async function setSessionSettings(
  db: Database,
  member: MemberRow,
  settings: SessionSettings,
  at: Date,
  forgetSessions: (memberId: number) => void,
): Promise<Protection> {
  assertRealAccount(member);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Database;
    await lockedProtection(tx, member.id, at);
    await tx
      .update(memberProtection)
      .set({ sessionLimitMinutes: settings.sessionLimitMinutes, realityCheckMinutes: settings.realityCheckMinutes, updatedAt: at })
      .where(eq(memberProtection.memberId, member.id));
    if (settings.sessionLimitMinutes > 0) {
      await tx
        .update(sessions)
        .set({
          expiresAt: sql`least(${sessions.expiresAt}, ${sessions.createdAt} + make_interval(mins => ${settings.sessionLimitMinutes}::integer))`,
        })
        .where(and(eq(sessions.memberId, member.id), eq(sessions.kind, 'web'), isNull(sessions.revokedAt)));
    }
  });
  forgetSessions(member.id);
  return protectionOf(db, member, at);
}

/** Takes a time-out or self-excludes. One in force can be lengthened (or made permanent), never shortened (409 rg.exclusion.shorter). */
export async function exclude(db: Database, member: MemberRow, request: ExclusionRequest, at: Date): Promise<Protection> {
  assertRealAccount(member);
  const until = exclusionEnd(request.duration, at);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Database;
    const row = await lockedProtection(tx, member.id, at);
    if (isExcluded(row, at) && (row.excludedUntil === null || (until !== null && until.getTime() < row.excludedUntil.getTime()))) {
      throw new AppError(409, errorCodes.rgExclusionShorter, 'A time-out or self-exclusion in force can only be lengthened.');
    }
    await tx
      .update(memberProtection)
      .set({ exclusion: request.kind, excludedAt: at, excludedUntil: until, updatedAt: at })
      .where(eq(memberProtection.memberId, member.id));
  });
  return protectionOf(db, member, at);
}

/** The reality check of a session: since its login, its bets' stake and win, and when the session limit ends it. */
export async function realityOf(db: Database, member: MemberRow, session: { createdAt: Date }): Promise<Reality> {
  assertRealAccount(member);
  const [placed, endsAt] = await Promise.all([betsSince(db, member.id, session.createdAt), sessionEndFor(db, member.id, session.createdAt)]);
  return { since: session.createdAt.toISOString(), stake: placed.stake, win: placed.win, endsAt: endsAt?.toISOString() ?? null };
}

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The activity statement of the last 12 months (this one included), newest first. */
export async function statementOf(db: Database, member: MemberRow, at: Date): Promise<StatementMonth[]> {
  assertRealAccount(member);
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 11, 1));
  const monthSql = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const [depositRows, withdrawalRows, betRows] = await Promise.all([
    db
      .select({ month: monthSql(deposits.completedAt), total: sql<string>`sum(${deposits.amount})` })
      .from(deposits)
      .where(and(eq(deposits.memberId, member.id), eq(deposits.status, 'completed'), gte(deposits.completedAt, from)))
      .groupBy(sql`1`),
    db
      .select({ month: monthSql(withdrawals.decidedAt), total: sql<string>`sum(${withdrawals.amount})` })
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, member.id), eq(withdrawals.status, 'approved'), gte(withdrawals.decidedAt, from)))
      .groupBy(sql`1`),
    db
      .select({ start: memberActivity.start, stake: memberActivity.stake, win: memberActivity.win })
      .from(memberActivity)
      .where(
        and(
          eq(memberActivity.memberId, member.id),
          eq(memberActivity.span, 'M'),
          gte(memberActivity.start, from.toISOString().slice(0, 10)),
        ),
      ),
  ]);
  const months = new Map<string, StatementMonth>();
  const monthRow = (month: string) => {
    const row = months.get(month) ?? { month, deposits: 0, withdrawals: 0, stake: 0, win: 0 };
    months.set(month, row);
    return row;
  };
  for (const r of depositRows) monthRow(r.month).deposits = Number(r.total);
  for (const r of withdrawalRows) monthRow(r.month).withdrawals = Number(r.total);
  for (const r of betRows) {
    const row = monthRow(String(r.start).slice(0, 7));
    row.stake = Number(r.stake);
    row.win = Number(r.win);
  }
  monthRow(monthOf(at));
  return [...months.values()].filter((m) => m.month >= monthOf(from)).sort((a, b) => b.month.localeCompare(a.month));
}

