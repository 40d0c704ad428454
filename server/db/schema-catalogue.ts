/**
 * The lobby catalogue and public content: vendors, games, banners,
 * announcements, winners, customer service and download links, help items.
 * Every row but a vendor belongs to a merchant. Money is integers of minor
 * units. Indexes: see docs/lobby.md (measured at 10 times the catalogue).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchantCode } from './columns.ts';

/** Game vendors (platform-wide); their logos are generated from code and name. */
export const vendors = pgTable('vendors', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: text('name').notNull(),
  /** The name the menus show (sorting entries' accountTypeName). */
  accountTypeName: text('account_type_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    nodeId: varchar('node_id', { length: 32 }),
    nodeName: text('node_name'),
    gameName: text('game_name').notNull(),
    displayName: text('display_name').notNull(),
    /** Platform type: RNG, FISH, LIVE, PVP, SPORTS, LOTT, ELOTT (INHOUSE = RNG + BGS, ESPORTS/COCKFIGHT = SPORTS + vendor). */
    gameType: varchar('game_type', { length: 16 }).notNull(),
    vassalage: varchar('vassalage', { length: 32 })
      .notNull()
      .references(() => vendors.code),
    gameClassify: varchar('game_classify', { length: 32 }).notNull(),
    /** Minor units. */
    minBet: integer('min_bet').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    /** 0 = free trial available. */
    supportPlay: smallint('support_play').notNull().default(1),
    roomId: varchar('room_id', { length: 32 }),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    isGameH5: varchar('is_game_h5', { length: 16 }),
    lottoMode: varchar('lotto_mode', { length: 16 }),
    /** Position in the hot list; null when not hot. */
    hotOrder: integer('hot_order'),
    /** Position in lists (lower first), then id. */
    sortOrder: integer('sort_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('games_merchant_vendor_name_uq').on(t.merchantCode, t.vassalage, t.gameName),
    uniqueIndex('games_merchant_node_uq').on(t.merchantCode, t.nodeId),
    index('games_merchant_type_vendor_sort_idx').on(t.merchantCode, t.gameType, t.vassalage, t.sortOrder, t.id),
    index('games_merchant_type_sort_idx').on(t.merchantCode, t.gameType, t.sortOrder, t.id),
    index('games_merchant_sort_idx').on(t.merchantCode, t.sortOrder, t.id),
    index('games_merchant_hot_idx').on(t.merchantCode, t.hotOrder).where(sql`${t.hotOrder} is not null`),
    // The seamless wallet finds a vendor's game by its code on every bet.
    index('games_merchant_vendor_code_idx').on(t.merchantCode, t.vassalage, t.gameCode),
  ],
);
export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    groupName: varchar('group_name', { length: 32 }).notNull(),
    title: text('title').notNull(),
    linkUrl: text('link_url'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('banners_merchant_group_idx').on(t.merchantCode, t.groupName, t.sequence)],
);
export type BannerRow = typeof banners.$inferSelect;

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    /** A, PL, B, PU, PR, H */
    type: varchar('type', { length: 4 }).notNull(),
    groupName: varchar('group_name', { length: 32 }),
    /** M (mobile), W (web) or ALL. */
    platform: varchar('platform', { length: 4 }).notNull().default('ALL'),
    title: text('title').notNull(),
    /** HTML, script elements removed on write. */
    content: text('content').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    sequence: integer('sequence').notNull().default(0),
    /** The language of title and content (EN, CN, ...): a reader sees its own, else the merchant default's, else EN. */
    language: varchar('language', { length: 8 }).notNull().default('EN'),
    /** Set by the operator's `announcements retire`: no longer shown to anyone. */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('announcements_merchant_type_idx').on(t.merchantCode, t.type, t.language, t.startDate)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;

/** Big wins for the winner board: seeded now, written by game results later. */
export const winners = pgTable(
  'winners',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Stored in full, masked on output. */
    customerName: text('customer_name').notNull(),
    /** Minor units. */
    winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('winners_merchant_amount_idx').on(t.merchantCode, t.winAmount.desc(), t.id)],
);

export const customerServiceLinks = pgTable('customer_service_links', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  csType: varchar('cs_type', { length: 16 }).notNull(),
  title: text('title').notNull(),
  path: text('path').notNull(),
  sequence: integer('sequence').notNull().default(0),
});

export const downloadLinks = pgTable('download_links', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  resourceType: varchar('resource_type', { length: 24 }).notNull(),
  url: text('url').notNull(),
  labelNameEn: text('label_name_en').notNull(),
  sequence: integer('sequence').notNull().default(0),
});

/**
 * The help centre (GET /wps/system/helpCenter): items of a merchant in one
 * language, in sequence. `key` names an item a screen looks for (`terms`:
 * the terms and conditions the registration asks to accept); at most one
 * item per merchant, language and key (items without a key are not limited).
 */
export const helpItems = pgTable(
  'help_items',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    /** Interface language code (EN, CN, ...). */
    language: varchar('language', { length: 8 }).notNull(),
    key: varchar('key', { length: 32 }),
    sequence: integer('sequence').notNull().default(0),
    title: text('title').notNull(),
    /** HTML, script elements removed on write. */
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('help_items_merchant_language_key_uq').on(t.merchantCode, t.language, t.key)],
);
export type HelpItemRow = typeof helpItems.$inferSelect;
export type NewHelpItemRow = typeof helpItems.$inferInsert;
