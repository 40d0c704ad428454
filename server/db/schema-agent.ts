/**
 * The agency tree and the team's running totals (docs/agent.md).
 *
 * `member_tree` is the closure of `members.parent_id`: one row per member and
 * each of its ancestors (depth 1 the direct agent, 2 that agent's agent, …)
 * plus the member itself at depth 0. A team query is one indexed join on
 * `ancestor_id`, with the level in the row, on PGlite and PostgreSQL alike
 * (no ltree extension needed). The rows are written by a trigger on `members`
 * (migration 0020), so every way a member is created (registration, an
 * agent's open account, the seed, the operator) keeps the tree whole; the
 * parent of a member never changes (the same migration refuses it).
 *
 * The team's figures are kept as running totals by triggers (migration
 * 0022), so a report reads a row per day or per month instead of every bet:
 *
 * - `member_activity`: each member's logins (sessions opened) and settled
 *   bets per UTC day (`span` D) and per calendar month (`span` M, `start` its
 *   first day), by the day a bet settled as the profit record counts it. A
 *   range is read as its whole months' M rows and its other days' D rows.
 * - `team_bet_days`: each agent's team's settled bets per UTC day of
 *   settlement, with the number of team members who bet that day.
 * - `team_placed_bets`: each agent's team's bets per UTC day they were
 *   placed and vendor (every bet counted, the settled ones' amounts summed),
 *   as team betting totals them.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { members } from './schema.ts';

const memberRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: memberRef('ancestor_id'),
    memberId: memberRef('member_id'),
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.memberId] }),
    index('member_tree_member_idx').on(t.memberId, t.depth),
    check('member_tree_depth_ck', sql`${t.depth} >= 0 and (${t.depth} = 0) = (${t.ancestorId} = ${t.memberId})`),
  ],
);
export type MemberTreeRow = typeof memberTree.$inferSelect;

/** A `member_activity` row's span: one UTC day, or one calendar month. */
export const activitySpans = ['D', 'M'] as const;
export type ActivitySpan = (typeof activitySpans)[number];

const totals = () => ({
  betCount: integer('bet_count').notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  win: bigint('win', { mode: 'number' }).notNull(),
});

export const memberActivity = pgTable(
  'member_activity',
  {
    memberId: memberRef('member_id'),
    span: char('span', { length: 1, enum: activitySpans }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    logins: integer('logins').notNull(),
    ...totals(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.span, t.start] }),
    // A big team's range: every member's rows of those days and months in one index scan (then hashed against the team).
    index('member_activity_span_start_idx').on(t.span, t.start, t.memberId),
    check('member_activity_span_ck', sql`${t.span} in ('D', 'M')`),
  ],
);
export type MemberActivityRow = typeof memberActivity.$inferSelect;

export const teamBetDays = pgTable(
  'team_bet_days',
  {
    ancestorId: memberRef('ancestor_id'),
    day: date('day', { mode: 'string' }).notNull(),
    bettors: integer('bettors').notNull(),
    ...totals(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] })],
);
export type TeamBetDaysRow = typeof teamBetDays.$inferSelect;

export const teamPlacedBets = pgTable(
  'team_placed_bets',
  {
    ancestorId: memberRef('ancestor_id'),
    day: date('day', { mode: 'string' }).notNull(),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    ...totals(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day, t.vendorCode] })],
);
export type TeamPlacedBetsRow = typeof teamPlacedBets.$inferSelect;
