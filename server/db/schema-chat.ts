/**
 * The live chat with customer service (server/modules/chat/, docs/chat.md):
 * the merchant's staff accounts and their sessions, conversations between a
 * visitor (a member, or a guest who gave a name and a contact) and the staff,
 * and their messages.
 *
 * - A message's `seq` numbers it within its conversation (1, 2, 3, ...). It is
 *   taken from the conversation's `last_seq` by the statement that writes the
 *   message, under the conversation's row lock, so seq order is commit order:
 *   a client that holds seq n and asks for what follows misses nothing.
 * - `client_id` is the sender's own id of a message: sending it again (after a
 *   cut) finds the first one instead of writing a second.
 * - A member has at most one open conversation (a partial unique index); a
 *   guest's conversation is found by the hash of its token (never the token).
 * - Staff and guest tokens are stored as their SHA-256, as session tokens are.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { merchantCode, timestamptz } from './columns.ts';
import { members } from './schema.ts';

export const chatStaff = pgTable(
  'chat_staff',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    username: varchar('username', { length: 32 }).notNull(),
    displayName: varchar('display_name', { length: 64 }).notNull(),
    /** argon2id (PHC string), as members' passwords. */
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_staff_merchant_username_uq').on(t.merchantCode, t.username)],
);

export const chatStaffSessions = pgTable(
  'chat_staff_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => chatStaff.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('chat_staff_sessions_staff_idx').on(t.staffId)],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    /** The member; null for a guest. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    guestTokenHash: varchar('guest_token_hash', { length: 64 }),
    guestName: varchar('guest_name', { length: 40 }),
    guestContact: varchar('guest_contact', { length: 80 }),
    status: varchar('status', { length: 8 }).$type<'open' | 'closed'>().notNull().default('open'),
    staffId: integer('staff_id').references(() => chatStaff.id, { onDelete: 'set null' }),
    lastSeq: integer('last_seq').notNull().default(0),
    /** The last seq each side has seen (read receipts, unread counts). */
    visitorReadSeq: integer('visitor_read_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    /** The last text, shortened (the staff queue's preview). */
    preview: varchar('preview', { length: 120 }).notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('chat_conversations_member_open_uq').on(t.memberId).where(sql`${t.status} = 'open' and ${t.memberId} is not null`),
    uniqueIndex('chat_conversations_guest_token_uq').on(t.guestTokenHash),
    index('chat_conversations_member_idx').on(t.memberId, t.id),
    index('chat_conversations_merchant_status_idx').on(t.merchantCode, t.status, t.updatedAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    author: varchar('author', { length: 8 }).$type<'member' | 'guest' | 'staff' | 'system'>().notNull(),
    kind: varchar('kind', { length: 8 }).$type<'text' | 'assigned' | 'closed'>().notNull().default('text'),
    staffId: integer('staff_id').references(() => chatStaff.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    clientId: varchar('client_id', { length: 64 }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    uniqueIndex('chat_messages_client_uq').on(t.conversationId, t.clientId),
  ],
);
