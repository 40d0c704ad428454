/**
 * Members' feedback (contract/feedback.ts, server/modules/feedback/,
 * docs/member.md "Feedback").
 *
 * - `feedback`: what a member sent: a question type, the text, its status
 *   (open → answered when the operator replies; closed by the operator).
 * - `feedback_images`: up to 3 png or jpg images of a feedback (bytes checked
 *   on upload, at most 5 MB each), in the order sent.
 * - `feedback_replies`: the operator's replies, oldest first.
 * - `feedback_settings`: a merchant's word limits (no row: the defaults 5 and 500).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FeedbackImageType, FeedbackStatus, FeedbackType } from '../../contract/feedback.ts';
import { merchantCode, timestamptz } from './columns.ts';
import { bytea, members } from './schema.ts';

export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<FeedbackType>().notNull(),
    content: text('content').notNull(),
    status: varchar('status', { length: 16 }).$type<FeedbackStatus>().notNull().default('open'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('feedback_member_idx').on(t.memberId, t.id),
    index('feedback_merchant_status_idx').on(t.merchantCode, t.status, t.id),
    check('feedback_type_ck', sql`${t.type} in ('deposit', 'withdrawal', 'game', 'service', 'app', 'other')`),
    check('feedback_status_ck', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);
export type FeedbackRow = typeof feedback.$inferSelect;

export const feedbackImages = pgTable(
  'feedback_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedbackId: bigint('feedback_id', { mode: 'number' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    name: text('name').notNull(),
    contentType: varchar('content_type', { length: 16 }).$type<FeedbackImageType>().notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    uniqueIndex('feedback_images_feedback_sequence_uq').on(t.feedbackId, t.sequence),
    check('feedback_images_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('feedback_images_size_ck', sql`${t.byteSize} between 1 and 5242880 and octet_length(${t.data}) = ${t.byteSize}`),
  ],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedbackId: bigint('feedback_id', { mode: 'number' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.id)],
);

export const feedbackSettings = pgTable(
  'feedback_settings',
  {
    merchantCode: merchantCode().primaryKey(),
    minWords: integer('min_words').notNull(),
    maxWords: integer('max_words').notNull(),
  },
  (t) => [check('feedback_settings_words_ck', sql`${t.minWords} between 1 and ${t.maxWords} and ${t.maxWords} <= 2000`)],
);
