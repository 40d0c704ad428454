/**
 * Messages to members (the inbox). A message is stored as message ids of the
 * catalogs (title and body) with their parameters and translated into the
 * reader's language when read, so the later inbox screens show it in any
 * language. The identity modules add one when an account is attacked
 * (failed logins, docs/security.md).
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import cn from '../../../contract/messages/cn.json' with { type: 'json' };
import en from '../../../contract/messages/en.json' with { type: 'json' };
import type { InboxMessage } from '../../../contract/inbox.ts';
import type { Database } from '../../db/connect.ts';
import { type InboxParams, memberMessages } from '../../db/schema-inbox.ts';

export interface NewInboxMessage {
  merchantCode: string;
  memberId: number;
  /** What it is about (`security.login.failures`). */
  kind: string;
  titleId: string;
  bodyId: string;
  params?: InboxParams;
}

const catalogs: Record<string, Record<string, string>> = { EN: en, CN: cn };

function formatElements(elements: MessageFormatElement[], params: InboxParams, locale: string): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.argument) return String(params[element.value] ?? `{${element.value}}`);
      if (element.type === TYPE.number) {
        const value = params[element.value];
        return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value ?? '');
      }
      return '';
    })
    .join('');
}

/** A message id in a language (EN when the language has no catalog or lacks the id), its arguments filled in. */
export function translate(id: string, params: InboxParams, language: string): string {
  const text = catalogs[language.toUpperCase()]?.[id] ?? catalogs.EN?.[id];
  if (text === undefined) return id;
  return formatElements(parse(text), params, language.toUpperCase() === 'CN' ? 'zh-CN' : 'en-US');
}

export function createInboxService(db: Database, now: () => Date) {
  return {
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
    /** Whether the member got a message of this kind since then (to tell once per window). */
    async hasSince(memberId: number, kind: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: memberMessages.id })
        .from(memberMessages)
        .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.kind, kind), gt(memberMessages.createdAt, since)))
        .limit(1);
      return rows.length > 0;
    },
    /** How many of the member's messages are unread. */
    async unreadCount(merchantCode: string, memberId: number): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(memberMessages)
        .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.merchantCode, merchantCode), isNull(memberMessages.readAt)));
      return row?.unread ?? 0;
    },
    /** The member's newest messages (at most `limit`), translated into `language`. */
    async list(merchantCode: string, memberId: number, language: string, limit = 50): Promise<InboxMessage[]> {
      const rows = await db
        .select()
        .from(memberMessages)
        .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.merchantCode, merchantCode)))
        .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: translate(row.titleId, row.params, language),
        body: translate(row.bodyId, row.params, language),
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      }));
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
