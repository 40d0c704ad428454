/**
 * The chat's rules on the database (docs/chat.md): conversations between a
 * visitor (member or guest) and the merchant's staff, their numbered
 * messages, read marks, assignment and closing, the staff queue and the
 * history search. Delivery to sockets is hub.ts's; this module only writes
 * and reads.
 *
 * A message is written in one transaction that first locks its
 * conversation's row: its `seq` is the conversation's next, so seq order is
 * commit order. A message whose `clientId` the conversation already holds is
 * answered with the first one (`created: false`): sending again never
 * writes twice.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type ChatMessage,
  type ChatMessageKind,
  chatErrorCodes,
  chatReplayLimit,
  type ConversationSummary,
  maxChatMessageLength,
  staffHistoryPageSize,
} from '../../../contract/chat.ts';
import type { Database } from '../../db/connect.ts';
import { chatConversations, chatMessages, chatStaff } from '../../db/schema-chat.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUncleanText } from '../../http/input-text.ts';

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Who writes from the visitor's side. */
export type Visitor =
  | { kind: 'member'; merchantCode: string; memberId: number }
  | { kind: 'guest'; merchantCode: string; conversationId: number };

export interface StaffRef {
  id: number;
  merchantCode: string;
  name: string;
}

export interface Written {
  message: ChatMessage;
  /** False when the conversation already held a message with this clientId (nothing was written). */
  created: boolean;
  /** The conversation after the write. */
  conversation: ConversationRow;
}

const previewLength = 120;
/** Control characters but tab and line feed (carriage returns become line feeds first). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const notFound = () => new AppError(404, chatErrorCodes.conversationNotFound, 'This conversation does not exist.');

/** A message's text as stored: trimmed, 1 to 1000 characters, no control characters but line breaks and tabs. */
export function cleanBody(body: string): string {
  const text = body.replace(/\r\n?/g, '\n').trim();
  if (!text || text.length > maxChatMessageLength || isUncleanText(text) || controlCharacters.test(text)) {
    throw new AppError(400, chatErrorCodes.badMessage, 'A message is 1 to 1000 characters of text.');
  }
  return text;
}

const previewOf = (body: string) => body.replace(/\s+/g, ' ').slice(0, previewLength);

export function messageOf(row: MessageRow, staffName: string | null): ChatMessage {
  return {
    conversationId: row.conversationId,
    seq: row.seq,
    author: row.author,
    kind: row.kind,
    body: row.body,
    staffName,
    clientId: row.clientId,
    at: row.createdAt.toISOString(),
  };
}

/** Messages of a conversation in order, with their staff's names: after `after`, or before `before` (the latest). */
export async function readMessages(
  db: Database,
  conversationId: number,
  range: { after: number } | { before: number },
  limit = chatReplayLimit,
): Promise<ChatMessage[]> {
  const where =
    'after' in range
      ? and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, range.after))
      : and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.seq, range.before));
  const rows = await db
    .select({ message: chatMessages, staffName: chatStaff.displayName })
    .from(chatMessages)
    .leftJoin(chatStaff, eq(chatStaff.id, chatMessages.staffId))
    .where(where)
    .orderBy('after' in range ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(limit);
  const list = rows.map((r) => messageOf(r.message, r.staffName));
  return 'after' in range ? list : list.reverse();
}

/** The visitor's conversation to show: a member's open one, else their latest; a guest's own. Null: none yet. */
export async function visitorConversation(db: Database, visitor: Visitor): Promise<ConversationRow | null> {
  if (visitor.kind === 'guest') {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, visitor.conversationId));
    return row ?? null;
  }
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.memberId, visitor.memberId), eq(chatConversations.merchantCode, visitor.merchantCode)))
    .orderBy(desc(sql`${chatConversations.status} = 'open'`), desc(chatConversations.id))
    .limit(1);
  return row ?? null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function lockConversation(tx: Tx, id: number): Promise<ConversationRow | null> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update');
  return row ?? null;
}

/** Writes one message in a locked conversation (its next seq), or finds the one with this clientId. */
async function appendLocked(
  tx: Tx,
  conversation: ConversationRow,
  message: { author: MessageRow['author']; kind: ChatMessageKind; staffId: number | null; body: string; clientId: string | null },
  changes: Partial<Pick<ConversationRow, 'status' | 'staffId' | 'closedAt'>> = {},
): Promise<{ row: MessageRow; created: boolean; conversation: ConversationRow }> {
  if (message.clientId) {
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.clientId, message.clientId)));
    if (existing) return { row: existing, created: false, conversation };
  }
  const seq = conversation.lastSeq + 1;
  const [updated] = await tx
    .update(chatConversations)
    .set({
      lastSeq: seq,
      updatedAt: new Date(),
      ...(message.kind === 'text' ? { preview: previewOf(message.body) } : {}),
      ...changes,
    })
    .where(eq(chatConversations.id, conversation.id))
    .returning();
  const [row] = await tx
    .insert(chatMessages)
    .values({ conversationId: conversation.id, seq, ...message })
    .returning();
  return { row: row!, created: true, conversation: updated! };
}

/**
 * A visitor's message. A member writes in their open conversation, opening one when there is
 * none (the first message, or the first after staff closed the last); a guest's conversation
 * opens again when it was closed.
 */
export async function writeVisitorMessage(db: Database, visitor: Visitor, clientId: string, body: string): Promise<Written> {
  const text = cleanBody(body);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        let conversation: ConversationRow | null;
        if (visitor.kind === 'guest') {
          conversation = await lockConversation(tx, visitor.conversationId);
          if (!conversation) throw notFound();
        } else {
          const [open] = await tx
            .select({ id: chatConversations.id })
            .from(chatConversations)
            .where(and(eq(chatConversations.memberId, visitor.memberId), eq(chatConversations.status, 'open')));
          conversation = open
            ? await lockConversation(tx, open.id)
            : ((await tx.insert(chatConversations).values({ merchantCode: visitor.merchantCode, memberId: visitor.memberId }).returning())[0] ?? null);
          if (!conversation) throw notFound();
        }
        const reopen = conversation.status === 'closed' ? { status: 'open' as const, staffId: null, closedAt: null } : {};
        const author = visitor.kind === 'guest' ? 'guest' : 'member';
        const written = await appendLocked(tx, conversation, { author, kind: 'text', staffId: null, body: text, clientId }, reopen);
        return { message: messageOf(written.row, null), created: written.created, conversation: written.conversation };
      });
    } catch (error) {
      // Two first messages of one member at once: the second finds the conversation the first opened.
      if (attempt < 2 && isUniqueViolation(error, 'chat_conversations_member_open_uq')) continue;
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}

/** The merchant's conversation, locked, that this staff member may write in (assigned to them, or to nobody). */
async function lockForStaff(tx: Tx, staff: StaffRef, conversationId: number): Promise<ConversationRow> {
  const conversation = await lockConversation(tx, conversationId);
  if (!conversation || conversation.merchantCode !== staff.merchantCode) throw notFound();
  if (conversation.status === 'closed') throw new AppError(409, chatErrorCodes.conversationClosed, 'This conversation is closed.');
  if (conversation.staffId !== null && conversation.staffId !== staff.id) {
    throw new AppError(409, chatErrorCodes.conversationTaken, 'Another staff member has this conversation.');
  }
  return conversation;
}

/** The staff's answer; an unassigned conversation becomes theirs first (an `assigned` message). */
export async function writeStaffMessage(db: Database, staff: StaffRef, conversationId: number, clientId: string, body: string): Promise<Written[]> {
  const text = cleanBody(body);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId), eq(chatMessages.staffId, staff.id)));
    let conversation = await lockForStaff(tx, staff, conversationId);
    if (existing) return [{ message: messageOf(existing, staff.name), created: false, conversation }];
    const written: Written[] = [];
    if (conversation.staffId === null) {
      const assigned = await appendLocked(tx, conversation, { author: 'system', kind: 'assigned', staffId: staff.id, body: '', clientId: null }, { staffId: staff.id });
      conversation = assigned.conversation;
      written.push({ message: messageOf(assigned.row, staff.name), created: true, conversation });
    }
    const reply = await appendLocked(tx, conversation, { author: 'staff', kind: 'text', staffId: staff.id, body: text, clientId });
    written.push({ message: messageOf(reply.row, staff.name), created: reply.created, conversation: reply.conversation });
    return written;
  });
}

/** Takes a conversation (nothing written when it is already this staff member's). */
export async function assignConversation(db: Database, staff: StaffRef, conversationId: number): Promise<Written | null> {
  return db.transaction(async (tx) => {
    const conversation = await lockForStaff(tx, staff, conversationId);
    if (conversation.staffId === staff.id) return null;
    const written = await appendLocked(tx, conversation, { author: 'system', kind: 'assigned', staffId: staff.id, body: '', clientId: null }, { staffId: staff.id });
    return { message: messageOf(written.row, staff.name), created: true, conversation: written.conversation };
  });
}

export async function closeConversation(db: Database, staff: StaffRef, conversationId: number): Promise<Written> {
  return db.transaction(async (tx) => {
    const conversation = await lockForStaff(tx, staff, conversationId);
    const written = await appendLocked(
      tx,
      conversation,
      { author: 'system', kind: 'closed', staffId: staff.id, body: '', clientId: null },
      { status: 'closed', staffId: conversation.staffId ?? staff.id, closedAt: new Date() },
    );
    return { message: messageOf(written.row, staff.name), created: true, conversation: written.conversation };
  });
}

/** Records what a side has seen (never backwards, never past the last message); answers the mark now. */
export async function markRead(db: Database, side: 'visitor' | 'staff', conversationId: number, seq: number): Promise<number | null> {
  const column = side === 'visitor' ? chatConversations.visitorReadSeq : chatConversations.staffReadSeq;
  const [row] = await db
    .update(chatConversations)
    .set(side === 'visitor' ? { visitorReadSeq: sql`greatest(${column}, least(${seq}, ${chatConversations.lastSeq}))` } : { staffReadSeq: sql`greatest(${column}, least(${seq}, ${chatConversations.lastSeq}))` })
    .where(and(eq(chatConversations.id, conversationId), lt(column, seq)))
    .returning({ mark: column });
  return row?.mark ?? null;
}

/** What the visitor of a conversation has seen (its last read seq; 0 for none). */
export async function visitorReadSeq(db: Database, conversationId: number): Promise<number> {
  const [row] = await db.select({ seq: chatConversations.visitorReadSeq }).from(chatConversations).where(eq(chatConversations.id, conversationId));
  return row?.seq ?? 0;
}

/** Staff messages a member has not read, in all their conversations. */
export async function memberUnread(db: Database, merchantCode: string, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatConversations.memberId, memberId),
        eq(chatConversations.merchantCode, merchantCode),
        eq(chatMessages.author, 'staff'),
        gt(chatMessages.seq, chatConversations.visitorReadSeq),
      ),
    );
  return row?.n ?? 0;
}

/** Staff messages of one conversation its visitor has not read. */
export async function conversationUnread(db: Database, conversation: ConversationRow, side: 'visitor' | 'staff'): Promise<number> {
  const mark = side === 'visitor' ? conversation.visitorReadSeq : conversation.staffReadSeq;
  const authors: MessageRow['author'][] = side === 'visitor' ? ['staff'] : ['member', 'guest'];
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), gt(chatMessages.seq, mark), inArray(chatMessages.author, authors)));
  return row?.n ?? 0;
}

const summaryColumns = {
  conversation: chatConversations,
  username: members.username,
  staffName: chatStaff.displayName,
  unread: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.seq > ${chatConversations.staffReadSeq} and m.author in ('member', 'guest'))`,
};

type SummaryRow = { conversation: ConversationRow; username: string | null; staffName: string | null; unread: number };

function summaryOf(row: SummaryRow): ConversationSummary {
  const c = row.conversation;
  return {
    id: c.id,
    status: c.status,
    visitor: row.username ?? c.guestName ?? '',
    guest: c.memberId === null,
    contact: c.memberId === null ? c.guestContact : null,
    staffId: c.staffId,
    staffName: row.staffName,
    lastSeq: c.lastSeq,
    unread: Number(row.unread),
    preview: c.preview,
    updatedAt: c.updatedAt.toISOString(),
  };
}

function summaries(db: Database, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(chatConversations)
    .leftJoin(members, eq(members.id, chatConversations.memberId))
    .leftJoin(chatStaff, eq(chatStaff.id, chatConversations.staffId))
    .where(where);
}

export async function conversationSummary(db: Database, conversationId: number): Promise<ConversationSummary | null> {
  const [row] = await summaries(db, eq(chatConversations.id, conversationId));
  return row ? summaryOf(row) : null;
}

/** The merchant's open conversations with at least one message: unassigned first, then this staff member's, then the others'; newest activity first. */
export async function staffQueue(db: Database, staff: StaffRef): Promise<ConversationSummary[]> {
  const rows = await summaries(
    db,
    and(eq(chatConversations.merchantCode, staff.merchantCode), eq(chatConversations.status, 'open'), gt(chatConversations.lastSeq, 0)),
  )
    .orderBy(
      sql`case when ${chatConversations.staffId} is null then 0 when ${chatConversations.staffId} = ${staff.id} then 1 else 2 end`,
      desc(chatConversations.updatedAt),
    )
    .limit(200);
  return rows.map(summaryOf);
}

/** Searches the merchant's conversations by visitor (account, guest name or contact) or by text. */
export async function staffHistory(db: Database, staff: StaffRef, q: string, pageNo: number) {
  const query = q.trim();
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = query
    ? or(
        ilike(members.username, pattern),
        ilike(chatConversations.guestName, pattern),
        ilike(chatConversations.guestContact, pattern),
        sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.body ilike ${pattern})`,
      )
    : undefined;
  const where = and(eq(chatConversations.merchantCode, staff.merchantCode), gt(chatConversations.lastSeq, 0), matches);
  const [total] = await db
    .select({ n: count() })
    .from(chatConversations)
    .leftJoin(members, eq(members.id, chatConversations.memberId))
    .where(where);
  const rows = await summaries(db, where)
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(staffHistoryPageSize)
    .offset((pageNo - 1) * staffHistoryPageSize);
  const n = total?.n ?? 0;
  return { list: rows.map(summaryOf), pageNum: pageNo, totalPages: Math.max(1, Math.ceil(n / staffHistoryPageSize)), total: n };
}

/** A conversation of the staff member's merchant (any status), or 404. */
export async function staffConversation(db: Database, staff: StaffRef, conversationId: number): Promise<ConversationSummary> {
  const [row] = await summaries(db, and(eq(chatConversations.id, conversationId), eq(chatConversations.merchantCode, staff.merchantCode)));
  if (!row) throw notFound();
  return summaryOf(row);
}

/** A guest's conversation (empty until the first message). */
export async function startGuestConversation(db: Database, merchantCode: string, tokenHash: string, name: string, contact: string): Promise<number> {
  const [row] = await db
    .insert(chatConversations)
    .values({ merchantCode, guestTokenHash: tokenHash, guestName: name, guestContact: contact })
    .returning({ id: chatConversations.id });
  return row!.id;
}

export async function guestConversationId(db: Database, merchantCode: string, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.guestTokenHash, tokenHash), eq(chatConversations.merchantCode, merchantCode), isNotNull(chatConversations.guestTokenHash)));
  return row?.id ?? null;
}

