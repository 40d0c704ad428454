/**
 * Operator commands of the live chat (`npm run admin -- staff ...` and
 * `npm run admin -- cs ...`): the merchant's customer-service staff accounts
 * (add or reset, list, disable) and its customer-service entries (the
 * LIVECHAT entry and the social links the site shows: list, set, remove).
 * A staff password is read from the environment (`STAFF_PASSWORD`), never
 * from the command line, where other users of the machine could read it.
 */
import { and, asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { csTypes } from '../../../contract/content.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { customerServiceLinks } from '../../db/schema-catalogue.ts';
import { AppError } from '../../http/app-error.ts';
import { disableStaff, listStaff, saveStaff } from './staff.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
export const staffUsernamePattern = /^[a-z0-9_.-]{3,32}$/;
const username = z.string().check(z.regex(staffUsernamePattern));
/** Staff passwords: 10 to 128 characters. */
export const minStaffPasswordLength = 10;

export const chatCommandSchemas = [
  z.object({
    kind: z.literal('staff.add'),
    merchant,
    username,
    name: z.string().check(z.minLength(1), z.maxLength(64)),
    password: z.string().check(z.minLength(minStaffPasswordLength), z.maxLength(128)),
  }),
  z.object({ kind: z.literal('staff.list'), merchant }),
  z.object({ kind: z.literal('staff.disable'), merchant, username }),
  z.object({ kind: z.literal('cs.list'), merchant }),
  z.object({
    kind: z.literal('cs.set'),
    merchant,
    type: z.enum(csTypes),
    title: z.string().check(z.minLength(1), z.maxLength(64)),
    path: z.string().check(z.minLength(1), z.maxLength(300), z.regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/)),
    sequence: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(999))),
  }),
  z.object({ kind: z.literal('cs.remove'), merchant, type: z.enum(csTypes) }),
] as const;

export type ChatCommand = z.infer<(typeof chatCommandSchemas)[number]>;

export interface ChatAdminView {
  chatAdmin: {
    staff?: { id: number; username: string; name: string; disabled: boolean }[];
    links?: { type: string; title: string; path: string; sequence: number }[];
  };
}

export function isChatCommand(command: { kind: string }): command is ChatCommand {
  return command.kind.startsWith('staff.') || command.kind.startsWith('cs.');
}

async function links(db: Database, merchantCode: string): Promise<ChatAdminView> {
  const rows = await db
    .select({ type: customerServiceLinks.csType, title: customerServiceLinks.title, path: customerServiceLinks.path, sequence: customerServiceLinks.sequence })
    .from(customerServiceLinks)
    .where(eq(customerServiceLinks.merchantCode, merchantCode))
    .orderBy(asc(customerServiceLinks.sequence), asc(customerServiceLinks.id));
  return { chatAdmin: { links: rows } };
}

export async function executeChatCommand(db: Database, command: ChatCommand): Promise<ChatAdminView> {
  switch (command.kind) {
    case 'staff.add':
      await saveStaff(db, command.merchant, command.username, command.name, command.password);
      return { chatAdmin: { staff: await listStaff(db, command.merchant) } };
    case 'staff.list':
      return { chatAdmin: { staff: await listStaff(db, command.merchant) } };
    case 'staff.disable':
      if (!(await disableStaff(db, command.merchant, command.username))) {
        throw new AppError(404, errorCodes.notFound, `No staff account "${command.username}"`);
      }
      return { chatAdmin: { staff: await listStaff(db, command.merchant) } };
    case 'cs.list':
      return links(db, command.merchant);
    case 'cs.set': {
      // One entry per type: replaced in place, keeping its place unless a sequence is given.
      await db.transaction(async (tx) => {
        const where = and(eq(customerServiceLinks.merchantCode, command.merchant), eq(customerServiceLinks.csType, command.type));
        const [current] = await tx.select({ sequence: customerServiceLinks.sequence }).from(customerServiceLinks).where(where);
        await tx.delete(customerServiceLinks).where(where);
        await tx.insert(customerServiceLinks).values({
          merchantCode: command.merchant,
          csType: command.type,
          title: command.title,
          path: command.path,
          sequence: command.sequence ?? current?.sequence ?? 0,
        });
      });
      return links(db, command.merchant);
    }
    case 'cs.remove': {
      const removed = await db
        .delete(customerServiceLinks)
        .where(and(eq(customerServiceLinks.merchantCode, command.merchant), eq(customerServiceLinks.csType, command.type)))
        .returning({ id: customerServiceLinks.id });
      if (removed.length === 0) throw new AppError(404, errorCodes.notFound, `No ${command.type} entry`);
      return links(db, command.merchant);
    }
  }
}

export function formatChatAdmin(view: ChatAdminView): string {
  const { staff, links: entries } = view.chatAdmin;
  if (staff) {
    if (staff.length === 0) return '(no staff accounts)';
    return staff.map((s) => `${s.username.padEnd(20)} ${s.name}${s.disabled ? '  (disabled)' : ''}`).join('\n');
  }
  if (!entries?.length) return '(no customer service entries)';
  return entries.map((l) => `${String(l.sequence).padStart(3)}  ${l.type.padEnd(10)} ${l.title.padEnd(20)} ${l.path}`).join('\n');
}

/** Parses `staff ...` and `cs ...` (the password of `staff add` comes from `STAFF_PASSWORD` later). */
export function parseChatArgs(
  merchantCode: string,
  area: 'staff' | 'cs',
  action: string | undefined,
  rest: string[],
  flags: Map<string, string>,
): { command: ChatCommand | Omit<Extract<ChatCommand, { kind: 'staff.add' }>, 'password'>; positionals: number } | { error: string } {
  const allowed: Record<string, string[]> = { 'staff add': ['--name'], 'cs set': ['--title', '--path', '--sequence'] };
  const command = `${area} ${action ?? ''}`.trim();
  for (const flag of flags.keys()) {
    if (!(allowed[command] ?? []).includes(flag)) return { error: `${flag} does not apply to "${command}"` };
  }
  const name = rest[0];
  switch (command) {
    case 'staff add':
      if (!name || !staffUsernamePattern.test(name.toLowerCase())) return { error: 'staff add needs an account name (3 to 32 of a-z 0-9 _ . -)' };
      return { command: { kind: 'staff.add', merchant: merchantCode, username: name.toLowerCase(), name: flags.get('--name') ?? name }, positionals: 3 };
    case 'staff list':
      return { command: { kind: 'staff.list', merchant: merchantCode }, positionals: 2 };
    case 'staff disable':
      if (!name || !staffUsernamePattern.test(name.toLowerCase())) return { error: 'staff disable needs an account name' };
      return { command: { kind: 'staff.disable', merchant: merchantCode, username: name.toLowerCase() }, positionals: 3 };
    case 'cs list':
      return { command: { kind: 'cs.list', merchant: merchantCode }, positionals: 2 };
    case 'cs set':
    case 'cs remove': {
      const type = name?.toUpperCase();
      if (!type || !(csTypes as readonly string[]).includes(type)) return { error: `${command} needs a type (${csTypes.join(', ')})` };
      const csType = type as (typeof csTypes)[number];
      if (command === 'cs remove') return { command: { kind: 'cs.remove', merchant: merchantCode, type: csType }, positionals: 3 };
      const title = flags.get('--title');
      const path = flags.get('--path');
      const sequence = flags.get('--sequence');
      if (!title || !path) return { error: 'cs set needs --title and --path (a path of this site such as /m/chat, or an https:// address)' };
      if (!/^(\/\S*|https:\/\/\S+)$/.test(path)) return { error: `Invalid --path "${path}" (a path of this site, or an https:// address)` };
      if (sequence !== undefined && !/^\d{1,3}$/.test(sequence)) return { error: `Invalid --sequence "${sequence}"` };
      return {
        command: { kind: 'cs.set', merchant: merchantCode, type: csType, title, path, ...(sequence !== undefined ? { sequence: Number(sequence) } : {}) },
        positionals: 3,
      };
    }
    default:
      return { error: `Unknown command "${command}"` };
  }
}
