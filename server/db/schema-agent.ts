/**
 * The agency tree and the team's day totals (docs/agent.md).
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
 * `member_day_bets` holds each member's settled bets per UTC day (the day
 * they settled, as the profit record counts them) and vendor, kept by a
 * trigger on `bets`, so the team's profit and loss over a month reads one row
 * per member, day and vendor, not every bet.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
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

export const memberDayBets = pgTable(
  'member_day_bets',
  {
    memberId: memberRef('member_id'),
    day: date('day', { mode: 'string' }).notNull(),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    betCount: integer('bet_count').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.vendorCode] })],
);
export type MemberDayBetsRow = typeof memberDayBets.$inferSelect;
