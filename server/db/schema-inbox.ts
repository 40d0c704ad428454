/**
 * Messages to members (the inbox): what the platform tells a member, such as
 * failed logins on their account, and what the operator writes to one member
 * or to every member of the merchant (a broadcast). See server/modules/inbox/
 * and docs/inbox.md.
 *
 * - A system message stores message ids of the catalogs (title and body)
 *   with their parameters, translated when read, so one row serves every
 *   language.
 * - An operator message stores its title and body per language (`texts`:
 *   EN always, CN and others optional); a reader sees their language, else EN.
 * - A broadcast is one row without a member (`member_id` null); each member's
 *   read and deleted state of it is a receipt (`member_message_receipts`),
 *   written when the member reads or deletes it.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { members, merchants } from './schema.ts';

/** Parameters of a message's title and body (ICU arguments). */
export type InboxParams = Record<string, string | number>;

/** An operator message's title and body in one language. */
export interface InboxText {
  title: string;
  body: string;
}

/** An operator message's texts by language code (`EN` always). */
export type InboxTexts = { EN: InboxText } & Partial<Record<string, InboxText>>;

export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    /** The member it is addressed to; null: a broadcast to every member of the merchant. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    /** What the message is about (`security.login.failures`, `operator.message`, `operator.broadcast`), for deduplication and filters. */
    kind: varchar('kind', { length: 48 }).notNull(),
    /** A system message's title and body as message ids (null for an operator message). */
    titleId: varchar('title_id', { length: 96 }),
    bodyId: varchar('body_id', { length: 96 }),
    params: jsonb('params').$type<InboxParams>().notNull().default({}),
    /** An operator message's title and body per language (null for a system message). */
    texts: jsonb('texts').$type<InboxTexts>(),
    createdAt: timestamptz('created_at').notNull(),
    /** When the member read it (a message to one member; a broadcast's reads are receipts). */
    readAt: timestamptz('read_at'),
    /** When the member deleted it (a message to one member; a broadcast's deletions are receipts). */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('member_messages_member_idx').on(t.memberId, t.createdAt.desc()),
    index('member_messages_kind_idx').on(t.memberId, t.kind, t.createdAt),
    index('member_messages_broadcast_idx').on(t.merchantCode, t.createdAt.desc()).where(sql`${t.memberId} is null`),
    check('member_messages_content_check', sql`(${t.titleId} is not null and ${t.bodyId} is not null) or ${t.texts} is not null`),
    check('member_messages_broadcast_check', sql`${t.memberId} is not null or (${t.texts} is not null and ${t.readAt} is null and ${t.deletedAt} is null)`),
  ],
);
export type MemberMessageRow = typeof memberMessages.$inferSelect;

/** One member's state of one broadcast: read, deleted (a broadcast deleted by one member stays for the others). */
export const memberMessageReceipts = pgTable(
  'member_message_receipts',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => memberMessages.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.memberId] }), index('member_message_receipts_member_idx').on(t.memberId)],
);
export type MemberMessageReceiptRow = typeof memberMessageReceipts.$inferSelect;
