/**
 * Operator commands on the inbox: `inbox send --to <username>` writes a
 * message to one member, `inbox send --all` a broadcast to every member of the
 * merchant (one row; each member reads and deletes it for themselves), with a
 * title and body in EN and optionally CN; `inbox list --to <username>` prints
 * what that member's inbox holds. Run by the admin CLI directly or through
 * the running server's admin listener (server/admin/commands.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import type { InboxTexts } from '../../db/schema-inbox.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { usernamePattern } from '../member/admin-commands.ts';
import { createInboxService } from './service.ts';

export const maxTitleLength = 120;
export const maxBodyLength = 4000;

/** A title or body: not blank, within its length, no NUL or other control characters but line breaks and tabs. */
const messageText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => s.trim().length > 0, 'must not be blank'),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses
    z.refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'control characters are not allowed'),
  );

const textSchema = z.object({ title: messageText(maxTitleLength), body: messageText(maxBodyLength) });

export const inboxCommandSchemas = [
  z.object({
    kind: z.literal('inbox.send'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    /** A member's username, or null for every member of the merchant. */
    to: z.nullable(z.string().check(z.regex(usernamePattern))),
    texts: z.object({ EN: textSchema, CN: z.optional(textSchema) }),
  }),
  z.object({
    kind: z.literal('inbox.list'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    to: z.string().check(z.regex(usernamePattern)),
  }),
] as const;

export type InboxCommand = z.infer<(typeof inboxCommandSchemas)[number]>;

export interface InboxView {
  inbox: { to: string | null; messages: { id: number; kind: string; title: string; createdAt: string; read: boolean }[] };
}

export function isInboxCommand(command: { kind: string }): command is InboxCommand {
  return command.kind.startsWith('inbox.');
}

async function findMember(db: Database, merchant: string, username: string) {
  const [member] = await db
    .select({ id: members.id, username: members.username, type: members.type, createdAt: members.createdAt })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  if ((trialTypes as readonly number[]).includes(member.type)) throw AppError.invalid('A trial account has no inbox.');
  return member;
}

const commandSchema = z.discriminatedUnion('kind', [...inboxCommandSchemas]);

export async function executeInboxCommand(db: Database, given: InboxCommand, now: () => Date = () => new Date()): Promise<InboxView> {
  // The CLI's direct path does not pass the admin listener's check: the texts' rules are checked here for both.
  const checked = commandSchema.safeParse(given);
  if (!checked.success) {
    throw AppError.invalid(`Invalid inbox command: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const command = checked.data;
  const inbox = createInboxService(db, now);
  if (command.kind === 'inbox.send') {
    const member = command.to === null ? null : await findMember(db, command.merchant, command.to);
    const texts: InboxTexts = command.texts.CN ? { EN: command.texts.EN, CN: command.texts.CN } : { EN: command.texts.EN };
    const row = await inbox.send({ merchantCode: command.merchant, memberId: member?.id ?? null, texts });
    return {
      inbox: {
        to: member?.username ?? null,
        messages: [{ id: row.id, kind: row.kind, title: texts.EN.title, createdAt: row.createdAt.toISOString(), read: false }],
      },
    };
  }
  const member = await findMember(db, command.merchant, command.to);
  const messages = await inbox.all({ merchantCode: command.merchant, memberId: member.id });
  return {
    inbox: {
      to: member.username,
      messages: messages.map((m) => ({ id: m.id, kind: m.kind, title: m.title, createdAt: m.createdAt, read: m.read })),
    },
  };
}

/** The CLI's text: one message a line. */
export function formatInbox(view: InboxView): string {
  const { to, messages } = view.inbox;
  if (messages.length === 0) return `(no messages for ${to ?? 'every member'})`;
  return messages
    .map((m) => `#${m.id}  ${m.createdAt}  ${m.read ? 'read  ' : 'unread'}  ${m.kind === 'operator.broadcast' ? '[all] ' : ''}${m.title}`)
    .join('\n');
}
