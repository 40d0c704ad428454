/**
 * Messages to members (the inbox).
 *
 * - A system message is stored as message ids of the catalogs (title and
 *   body) with their parameters and translated into the reader's language
 *   when read. The identity modules add one when an account is attacked
 *   (failed logins, docs/security.md).
 * - An operator message (the admin CLI, `inbox send`) stores its title and
 *   body per language; the reader sees their language, else EN.
 * - A broadcast (`inbox send --all`) is one row for every member of the
 *   merchant whose account existed when it was sent; each member's read and
 *   deleted state of it is a receipt.
 *
 * Every read and change is scoped to the member and merchant of the session:
 * another member's message, or a broadcast of another merchant, is "not
 * found", exactly as a missing one (docs/inbox.md).
 */
import { and, count, desc, eq, gt, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { InboxMessage, InboxPage } from '../../../contract/inbox.ts';
import { formatMessage, localeOfLanguage, messageOf } from '../../lib/catalogs.ts';
import type { Database } from '../../db/connect.ts';
import { type InboxParams, type InboxTexts, type MemberMessageRow, memberMessageReceipts, memberMessages } from '../../db/schema-inbox.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export interface NewInboxMessage {
  merchantCode: string;
  memberId: number;
  /** What it is about (`security.login.failures`). */
  kind: string;
  titleId: string;
  bodyId: string;
  params?: InboxParams;
}

/** Who reads: the member of a session (its account's creation time decides which broadcasts it sees). */
export interface InboxReader {
  merchantCode: string;
  memberId: number;
}

/**
 * The reader's account creation time, read by the database at its full precision: a copy
 * in JavaScript is cut to the millisecond, and a broadcast sent in the same millisecond just
 * before the account was made would then count as sent after it.
 */
const memberSince = (reader: InboxReader): SQL => sql`(select ${members.createdAt} from ${members} where ${members.id} = ${reader.memberId})`;

/** Kinds of operator messages. */
export const operatorMessageKind = 'operator.message';
export const broadcastKind = 'operator.broadcast';

/** A message id in a language (EN when the language has no catalog or lacks the id), its arguments filled in. */
export function translate(id: string, params: InboxParams, language: string): string {
  const text = messageOf(language, id);
  if (text === undefined) return id;
  return formatMessage(text, params, localeOfLanguage(language));
}

/** An operator message's text in a language, else EN. */
export function textIn(texts: InboxTexts, language: string) {
  return texts[language.toUpperCase()] ?? texts.EN;
}

export const inboxNotFound = () => new AppError(404, errorCodes.inboxMessageNotFound, 'The message does not exist.');

/** The message rows a reader sees, with their receipt (a broadcast's state for this member). */
const visibleTo = (reader: InboxReader): SQL =>
  and(
    eq(memberMessages.merchantCode, reader.merchantCode),
    or(
      and(eq(memberMessages.memberId, reader.memberId), isNull(memberMessages.deletedAt)),
      and(isNull(memberMessages.memberId), gte(memberMessages.createdAt, memberSince(reader)), isNull(memberMessageReceipts.deletedAt)),
    ),
  ) as SQL;

const receiptOf = (reader: InboxReader) =>
  and(eq(memberMessageReceipts.messageId, memberMessages.id), eq(memberMessageReceipts.memberId, reader.memberId));

const isUnread = and(isNull(memberMessages.readAt), isNull(memberMessageReceipts.readAt));

type VisibleRow = { message: MemberMessageRow; receiptReadAt: Date | null };

function present(row: VisibleRow, language: string): InboxMessage {
  const { message } = row;
  const text = message.texts
    ? textIn(message.texts, language)
    : { title: translate(message.titleId ?? '', message.params, language), body: translate(message.bodyId ?? '', message.params, language) };
  return {
    id: message.id,
    kind: message.kind,
    title: text.title,
    body: text.body,
    createdAt: message.createdAt.toISOString(),
    read: message.readAt !== null || row.receiptReadAt !== null,
  };
}

export function createInboxService(db: Database, now: () => Date) {
  const selectVisible = (reader: InboxReader, where?: SQL) =>
    db
      .select({ message: memberMessages, receiptReadAt: memberMessageReceipts.readAt })
      .from(memberMessages)
      .leftJoin(memberMessageReceipts, receiptOf(reader))
      .where(where ? and(visibleTo(reader), where) : visibleTo(reader));

  /** The reader's message with this id, or not found (also when it is another member's or merchant's). */
  const findVisible = async (reader: InboxReader, id: number): Promise<VisibleRow> => {
    const [row] = await selectVisible(reader, eq(memberMessages.id, id)).limit(1);
    if (!row) throw inboxNotFound();
    return row;
  };

  /** Writes a member's receipt of a broadcast (first read and first deletion are kept). */
  const upsertReceipt = (messageId: number, memberId: number, change: { readAt?: Date; deletedAt?: Date }) =>
    db
      .insert(memberMessageReceipts)
      .values({ messageId, memberId, readAt: change.readAt ?? null, deletedAt: change.deletedAt ?? null })
      .onConflictDoUpdate({
        target: [memberMessageReceipts.messageId, memberMessageReceipts.memberId],
        set: {
          readAt: change.readAt ? sql`coalesce(${memberMessageReceipts.readAt}, excluded.read_at)` : sql`${memberMessageReceipts.readAt}`,
          deletedAt: change.deletedAt ? sql`coalesce(${memberMessageReceipts.deletedAt}, excluded.deleted_at)` : sql`${memberMessageReceipts.deletedAt}`,
        },
      });

  return {
    /** A system message to one member (message ids and parameters). */
    async add(message: NewInboxMessage): Promise<void> {
      await db.insert(memberMessages).values({
        merchantCode: message.merchantCode,
        memberId: message.memberId,
        kind: message.kind,
        titleId: message.titleId,
        bodyId: message.bodyId,
        params: message.params ?? {},
        createdAt: now(),
      });
    },
    /** An operator message to one member, or to every member of the merchant (`memberId` null: a broadcast). */
    async send(message: { merchantCode: string; memberId: number | null; texts: InboxTexts; createdAt?: Date }): Promise<MemberMessageRow> {
      const [row] = await db
        .insert(memberMessages)
        .values({
          merchantCode: message.merchantCode,
          memberId: message.memberId,
          kind: message.memberId === null ? broadcastKind : operatorMessageKind,
          texts: message.texts,
          createdAt: message.createdAt ?? now(),
        })
        .returning();
      if (!row) throw new Error('message not stored');
      return row;
    },
    /** Whether the member got a message of this kind since then (to tell once per window). */
    async hasSince(memberId: number, kind: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: memberMessages.id })
        .from(memberMessages)
        .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.kind, kind), gt(memberMessages.createdAt, since)))
        .limit(1);
      return rows.length > 0;
    },
    /** How many of the reader's messages are unread (broadcasts included). */
    async unreadCount(reader: InboxReader): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(memberMessages)
        .leftJoin(memberMessageReceipts, receiptOf(reader))
        .where(and(visibleTo(reader), isUnread));
      return row?.unread ?? 0;
    },
    /** A page of the reader's messages, newest first, translated into `language`. */
    async page(reader: InboxReader, language: string, pageNo: number, pageSize: number): Promise<InboxPage> {
      const [counted] = await db
        .select({ total: count() })
        .from(memberMessages)
        .leftJoin(memberMessageReceipts, receiptOf(reader))
        .where(visibleTo(reader));
      const total = counted?.total ?? 0;
      const rows = await selectVisible(reader)
        .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize);
      return { list: rows.map((row) => present(row, language)), pageNum: pageNo, totalPages: Math.ceil(total / pageSize), total };
    },
    /** The reader's message in full, marked read (idempotent: the first reading time is kept). */
    async read(reader: InboxReader, id: number, language: string): Promise<InboxMessage> {
      const row = await findVisible(reader, id);
      const at = now();
      if (row.message.memberId === null) {
        await upsertReceipt(row.message.id, reader.memberId, { readAt: at });
      } else if (row.message.readAt === null) {
        await db
          .update(memberMessages)
          .set({ readAt: at })
          .where(and(eq(memberMessages.id, row.message.id), eq(memberMessages.memberId, reader.memberId), isNull(memberMessages.readAt)));
      }
      return { ...present(row, language), read: true };
    },
    /** Deletes the reader's message for them (a broadcast stays for the others); whether it was unread. */
    async remove(reader: InboxReader, id: number): Promise<{ id: number; wasUnread: boolean }> {
      const row = await findVisible(reader, id);
      const wasUnread = row.message.readAt === null && row.receiptReadAt === null;
      if (row.message.memberId === null) {
        await upsertReceipt(row.message.id, reader.memberId, { deletedAt: now() });
      } else {
        await db
          .update(memberMessages)
          .set({ deletedAt: now() })
          .where(and(eq(memberMessages.id, row.message.id), eq(memberMessages.memberId, reader.memberId), isNull(memberMessages.deletedAt)));
      }
      return { id: row.message.id, wasUnread };
    },
    /** Every message the reader sees, newest first, in EN, with its read state (the operator's `inbox list`). */
    async all(reader: InboxReader): Promise<InboxMessage[]> {
      const rows = await selectVisible(reader).orderBy(desc(memberMessages.createdAt), desc(memberMessages.id));
      return rows.map((row) => present(row, 'EN'));
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
