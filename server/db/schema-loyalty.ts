/**
 * Loyalty (spec sections 2 and 6): the merchant's VIP levels (reached by
 * lifetime turnover, each with its benefits), the rewards of the points mall
 * and the members' redemptions of them. The turnover itself is not stored:
 * it is the stakes of the member's settled bets (`bets`, schema-wallet.ts);
 * the merchant's points rate is a column of `merchants`
 * (`mall_turnover_per_point`). Money is integer minor units. A redemption
 * names the ledger transaction that paid it, written in the same database
 * transaction. See docs/loyalty.md and server/modules/loyalty/.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { type MallItemNameKey, mallItemNameKeys, type VipBenefit, vipBenefitKinds } from '../../contract/loyalty.ts';
import { merchantCode, timestamptz } from './columns.ts';
import { members } from './schema.ts';
import { ledgerTransactions } from './schema-wallet.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A VIP level of a merchant: reached when the member's lifetime turnover is
 * at least `turnover`. `benefits` is an array of `{ kind, value }` with a kind
 * of contract/loyalty.ts `vipBenefitKinds` and a number ≥ 0 (the CHECK holds
 * the database to it; a new kind needs a migration).
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantCode: merchantCode(),
    level: smallint('level').notNull(),
    /** The label the member card shows (clubLabel.labelName). */
    name: varchar('name', { length: 64 }).notNull(),
    /** Lifetime turnover that reaches the level (minor units). */
    turnover: money('turnover').notNull(),
    benefits: jsonb('benefits').$type<VipBenefit[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.level] }),
    check('vip_levels_level_ck', sql`${t.level} >= 0 and ${t.turnover} >= 0`),
    check(
      'vip_levels_benefits_ck',
      sql`jsonb_typeof(${t.benefits}) = 'array' and not jsonb_path_exists(${t.benefits}, '$[*] ? (@.type() != "object" || !exists(@.kind) || !exists(@.value) || @.kind.type() != "string" || @.value.type() != "number" || !(@.kind like_regex "^(${sql.raw(vipBenefitKinds.join('|'))})$") || @.value < 0)')`,
    ),
  ],
);
export type VipLevelRow = typeof vipLevels.$inferSelect;

/** A reward of the points mall: `points` buy `reward` (minor units) paid into the wallet. Named by a message id (`mallItemNameKeys`). */
export const mallItems = pgTable(
  'mall_items',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    nameKey: varchar('name_key', { length: 32 }).$type<MallItemNameKey>().notNull(),
    points: integer('points').notNull(),
    reward: money('reward').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('mall_items_merchant_idx').on(t.merchantCode, t.sortOrder, t.id),
    check('mall_items_name_key_ck', sql`${t.nameKey} in (${sql.raw(mallItemNameKeys.map((key) => `'${key}'`).join(', '))})`),
    check('mall_items_amounts_ck', sql`${t.points} > 0 and ${t.reward} > 0`),
  ],
);
export type MallItemRow = typeof mallItems.$inferSelect;

/**
 * A member's redemption of a reward: the points it spent and the reward it
 * paid (as the item stood then), once per (member, idempotency key), with the
 * ledger transaction (kind `bonus`, house → member) that paid it.
 */
export const mallRedemptions = pgTable(
  'mall_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => mallItems.id),
    points: integer('points').notNull(),
    reward: money('reward').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    ledgerTxId: uuid('ledger_tx_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('mall_redemptions_member_key_uq').on(t.memberId, t.idempotencyKey),
    uniqueIndex('mall_redemptions_ledger_tx_uq').on(t.ledgerTxId),
    check('mall_redemptions_amounts_ck', sql`${t.points} > 0 and ${t.reward} > 0`),
  ],
);
export type MallRedemptionRow = typeof mallRedemptions.$inferSelect;
