/**
 * Messages to members (the inbox): what the platform tells a member, such as
 * failed logins on their account. Title and body are message ids of the
 * catalogs with their parameters, translated when read, so one row serves
 * every language. See server/modules/inbox/.
 */
import { bigint, bigserial, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members, merchants } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Parameters of a message's title and body (ICU arguments). */
export type InboxParams = Record<string, string | number>;

export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** What the message is about (`security.login.failures`), for deduplication and filters. */
    kind: varchar('kind', { length: 48 }).notNull(),
    titleId: varchar('title_id', { length: 96 }).notNull(),
    bodyId: varchar('body_id', { length: 96 }).notNull(),
    params: jsonb('params').$type<InboxParams>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('member_messages_member_idx').on(t.memberId, t.createdAt.desc()),
    index('member_messages_kind_idx').on(t.memberId, t.kind, t.createdAt),
  ],
);
export type MemberMessageRow = typeof memberMessages.$inferSelect;
