/**
 * Promotions (spec sections 2, 3, 5): categories, promotions with their
 * images and category links, members' applications (mode apply) and
 * participations (mode join), one per member and promotion, and the images
 * of applications, stored in the database with their type, size and SHA-256.
 * Titles and contents are per language (`{ EN: ..., CN: ... }`); money is
 * integer minor units. See docs/promotions.md.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchantCode, timestamptz } from './columns.ts';
import { bytea, members } from './schema.ts';

/** A text per language code (EN, CN, ...). */
export type LocalisedText = Record<string, string>;

export const promotionCategories = pgTable(
  'promotion_categories',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    titles: jsonb('titles').$type<LocalisedText>().notNull(),
    /** The icon's url; null: the generated icon of the category. */
    iconUrl: text('icon_url'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('promotion_categories_merchant_idx').on(t.merchantCode, t.sequence)],
);
export type PromotionCategoryRow = typeof promotionCategories.$inferSelect;

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    titles: jsonb('titles').$type<LocalisedText>().notNull(),
    /** HTML per language, script elements removed on write. */
    contents: jsonb('contents').$type<LocalisedText>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null: no expiry (long term). */
    endDate: date('end_date', { mode: 'string' }),
    /** apply | join */
    mode: varchar('mode', { length: 8 }).notNull(),
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('promotions_merchant_start_idx').on(t.merchantCode, t.startDate),
    check('promotions_mode_ck', sql`${t.mode} in ('apply', 'join')`),
    check('promotions_bonus_ck', sql`${t.bonusAmount} > 0`),
    check('promotions_dates_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = typeof promotions.$inferInsert;

/** A promotion's images, generated from its id, sequence and label (sequence 1 is the main one). */
export const promotionImages = pgTable(
  'promotion_images',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('promotion_images_promotion_sequence_uq').on(t.promotionId, t.sequence)],
);

export const promotionCategoryLinks = pgTable(
  'promotion_category_links',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => promotionCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.categoryId] }), index('promotion_category_links_category_idx').on(t.categoryId)],
);

/**
 * A member's application (mode apply: pending, approved, rejected, claimed)
 * or participation (mode join: joined, issued): one per member and promotion.
 */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    status: varchar('status', { length: 16 }).notNull(),
    rejectReason: text('reject_reason'),
    createdAt: timestamptz('created_at').notNull(),
    reviewedAt: timestamptz('reviewed_at'),
    /** When the bonus was paid (claimed or issued), the amount and its ledger transaction. */
    paidAt: timestamptz('paid_at'),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    ledgerTransactionId: uuid('ledger_transaction_id'),
  },
  (t) => [
    uniqueIndex('promotion_applications_member_promotion_uq').on(t.promotionId, t.memberId),
    index('promotion_applications_member_idx').on(t.memberId),
    index('promotion_applications_merchant_status_idx').on(t.merchantCode, t.status, t.id),
    check('promotion_applications_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'claimed', 'joined', 'issued')`),
    check(
      'promotion_applications_paid_ck',
      sql`(${t.status} in ('claimed', 'issued')) = (${t.ledgerTransactionId} is not null and ${t.paidAmount} is not null)`,
    ),
  ],
);
export type PromotionApplicationRow = typeof promotionApplications.$inferSelect;

/** The images of an application, their bytes checked (png or jpeg) before they are stored. */
export const promotionApplicationImages = pgTable(
  'promotion_application_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => promotionApplications.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    name: text('name').notNull(),
    contentType: varchar('content_type', { length: 16 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    uniqueIndex('promotion_application_images_application_sequence_uq').on(t.applicationId, t.sequence),
    check('promotion_application_images_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('promotion_application_images_size_ck', sql`${t.byteSize} between 1 and 5242880 and octet_length(${t.data}) = ${t.byteSize}`),
  ],
);
export type PromotionApplicationImageRow = typeof promotionApplicationImages.$inferSelect;
