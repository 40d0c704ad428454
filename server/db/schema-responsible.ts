/**
 * Responsible gambling (contract/responsible-gaming.ts, docs/responsible-gaming.md).
 *
 * - `member_protection`: one row per member who set anything (a limit, a
 *   session limit, a reality check, an exclusion). Its row lock serialises
 *   a member's limit changes and deposit orders; the bets' check reads it
 *   under the member's wallet lock (the seamless wallet, migration 0024).
 *   `exclusion` is 'timeOut' or 'selfExclusion' with `excluded_until`
 *   (null: permanent); it ends by itself when that time has passed.
 * - `member_limits`: one row per member, kind and period that has a limit or
 *   a waiting change. The limit in force at `t` is `next_amount` when
 *   `next_from <= t`, else `amount` (null: none); a raise or a removal
 *   is written as `next_*` 24 hours ahead, a lowering as `amount` at once.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import type { ExclusionKind, LimitKind, LimitPeriod } from '../../contract/responsible-gaming.ts';
import { timestamptz } from './columns.ts';
import { members } from './schema.ts';

const memberRef = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const memberProtection = pgTable(
  'member_protection',
  {
    memberId: memberRef().primaryKey(),
    exclusion: varchar('exclusion', { length: 16 }).$type<ExclusionKind>(),
    excludedAt: timestamptz('excluded_at'),
    excludedUntil: timestamptz('excluded_until'),
    sessionLimitMinutes: integer('session_limit_minutes').notNull().default(0),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('member_protection_exclusion_ck', sql`${t.exclusion} is null or ${t.exclusion} in ('timeOut', 'selfExclusion')`),
    check('member_protection_minutes_ck', sql`${t.sessionLimitMinutes} >= 0 and ${t.realityCheckMinutes} >= 0`),
  ],
);
export type MemberProtectionRow = typeof memberProtection.$inferSelect;

export const memberLimits = pgTable(
  'member_limits',
  {
    memberId: memberRef(),
    kind: varchar('kind', { length: 8 }).$type<LimitKind>().notNull(),
    period: varchar('period', { length: 8 }).$type<LimitPeriod>().notNull(),
    amount: bigint('amount', { mode: 'number' }),
    nextAmount: bigint('next_amount', { mode: 'number' }),
    nextFrom: timestamptz('next_from'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.period] }),
    check('member_limits_kind_ck', sql`${t.kind} in ('deposit', 'loss', 'wager')`),
    check('member_limits_period_ck', sql`${t.period} in ('day', 'week', 'month')`),
    check('member_limits_amount_ck', sql`(${t.amount} is null or ${t.amount} > 0) and (${t.nextAmount} is null or ${t.nextAmount} > 0)`),
  ],
);
export type MemberLimitRow = typeof memberLimits.$inferSelect;
