/**
 * The lottery (contract/lottery.ts, docs/lottery.md).
 *
 * - `lottery_issues`: one row per draw of a lottery, created when it is
 *   first asked for (a game screen, an order, the draw job looking ahead),
 *   with its server seed; `seed_hash` is what the API shows until the draw.
 *   `status` goes open → drawn once, in the transaction that settles every
 *   sub-order of the issue (server/modules/lottery/settlement.ts).
 * - `lottery_orders`: an order of a member on one issue.
 * - `lottery_sub_orders`: one pick and stake of an order; each is one row of
 *   `bets` (the member's bet records, turnover, limits and team reports see
 *   lottery bets as any other bet), with its own ledger transactions.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BetType, SubOrderStatus } from '../../contract/lottery.ts';
import type { PlayType, PrizeMode } from '../../contract/member-games.ts';
import { merchantCode, timestamptz } from './columns.ts';
import { members } from './schema.ts';
import { bets } from './schema-wallet.ts';

export const lotteryIssues = pgTable(
  'lottery_issues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    issueNo: varchar('issue_no', { length: 16 }).notNull(),
    cutoffAt: timestamptz('cutoff_at').notNull(),
    drawAt: timestamptz('draw_at').notNull(),
    seed: varchar('seed', { length: 64 }).notNull(),
    seedHash: varchar('seed_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 8 }).$type<'open' | 'drawn'>().notNull().default('open'),
    numbers: jsonb('numbers').$type<number[]>(),
    drawnAt: timestamptz('drawn_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_issues_game_issue_uq').on(t.merchantCode, t.gameCode, t.issueNo),
    // The draw job: the open issues whose draw time has come.
    index('lottery_issues_due_idx').on(t.drawAt).where(sql`${t.status} = 'open'`),
    // Numero: a game's draws, newest first.
    index('lottery_issues_game_drawn_idx').on(t.merchantCode, t.gameCode, t.drawAt.desc()).where(sql`${t.status} = 'drawn'`),
    check('lottery_issues_status_ck', sql`${t.status} in ('open', 'drawn')`),
    check('lottery_issues_times_ck', sql`${t.cutoffAt} <= ${t.drawAt}`),
  ],
);
export type LotteryIssueRow = typeof lotteryIssues.$inferSelect;

export const lotteryOrders = pgTable(
  'lottery_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryIssues.id),
    gameId: integer('game_id').notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    prizeMode: varchar('prize_mode', { length: 8 }).$type<PrizeMode>().notNull(),
    playType: varchar('play_type', { length: 8 }).$type<PlayType>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('lottery_orders_member_idx').on(t.memberId, t.id.desc()),
    // Popular lotteries: the orders of the last day per game.
    index('lottery_orders_merchant_created_idx').on(t.merchantCode, t.createdAt),
  ],
);
export type LotteryOrderRow = typeof lotteryOrders.$inferSelect;

export const lotterySubOrders = pgTable(
  'lottery_sub_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryOrders.id, { onDelete: 'cascade' }),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryIssues.id),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    betType: varchar('bet_type', { length: 16 }).$type<BetType>().notNull(),
    pick: varchar('pick', { length: 64 }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Hundredths: the bet type's odds (for lotto: of 6 matched until settled, then of the number matched). */
    odds: integer('odds').notNull(),
    status: varchar('status', { length: 12 }).$type<SubOrderStatus>().notNull().default('open'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('lottery_sub_orders_bet_uq').on(t.betId),
    index('lottery_sub_orders_order_idx').on(t.orderId),
    // Settlement: the open sub-orders of an issue.
    index('lottery_sub_orders_issue_open_idx').on(t.issueId).where(sql`${t.status} = 'open'`),
    // The rank list: the biggest wins.
    index('lottery_sub_orders_won_idx').on(t.payout.desc()).where(sql`${t.status} = 'won'`),
    check('lottery_sub_orders_status_ck', sql`${t.status} in ('open', 'won', 'lost', 'cancelled')`),
    check('lottery_sub_orders_amount_ck', sql`${t.stake} > 0 and ${t.payout} >= 0 and ${t.odds} > 0`),
  ],
);
export type LotterySubOrderRow = typeof lotterySubOrders.$inferSelect;
