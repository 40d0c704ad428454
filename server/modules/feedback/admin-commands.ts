/**
 * Operator commands on the members' feedback (`npm run admin -- feedback ...`,
 * service.ts): `feedback list [--status open|answered|closed]` lists the
 * merchant's latest 100, newest first; `feedback show <id>` prints one with
 * its text, images and replies; `feedback reply <id> --text "..."` answers it
 * (the member sees the reply on /m/feedback; the feedback becomes answered);
 * `feedback close <id>` closes it; `feedback limits [--min N --max N]` shows
 * or sets the merchant's word limits (defaults 5 and 500). Run by the admin
 * CLI directly or through the running server's admin listener, like the other
 * operator commands (server/admin/commands.ts).
 */
import * as z from 'zod/mini';
import { type FeedbackLimits, feedbackStatuses, feedbackWordsCeiling } from '../../../contract/feedback.ts';
import type { Database } from '../../db/connect.ts';
import {
  closeFeedback,
  type FeedbackAdminEntry,
  feedbackLimitsOf,
  listFeedbackForOperator,
  replyToFeedback,
  setFeedbackLimits,
  showFeedbackForOperator,
} from './service.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
const id = z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
const words = z.number().check(z.int(), z.minimum(1), z.maximum(feedbackWordsCeiling));

export const feedbackCommandSchemas = [
  z.object({ kind: z.literal('feedback.list'), merchant, status: z.optional(z.enum(feedbackStatuses)) }),
  z.object({ kind: z.literal('feedback.show'), merchant, id }),
  z.object({ kind: z.literal('feedback.reply'), merchant, id, text: z.string().check(z.minLength(1), z.maxLength(2000)) }),
  z.object({ kind: z.literal('feedback.close'), merchant, id }),
  z.object({ kind: z.literal('feedback.limits'), merchant, minWords: z.optional(words), maxWords: z.optional(words) }),
] as const;

export type FeedbackCommand = z.infer<(typeof feedbackCommandSchemas)[number]>;

/** What a feedback command answers: the feedback it lists or changed, or the limits. */
export interface FeedbackAdminView {
  feedbackAdmin: { entries: FeedbackAdminEntry[]; limits?: FeedbackLimits };
}

export function isFeedbackCommand(command: { kind: string }): command is FeedbackCommand {
  return command.kind.startsWith('feedback.');
}

/**
 * Parses the arguments after `feedback` (the CLI hands them over whole, as
 * this area has options of its own: --status, --text, --min, --max, and
 * --merchant like every command).
 */
export function parseFeedbackArgs(argv: readonly string[], defaultMerchant: string): { command: FeedbackCommand } | { error: string } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const flag = eq > 0 ? arg.slice(0, eq) : arg;
      if (!['--merchant', '--status', '--text', '--min', '--max'].includes(flag)) return { error: `Unknown option ${flag} for "feedback"` };
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value.trim() === '') return { error: `${flag} needs a value` };
      flags.set(flag, value);
      continue;
    }
    positional.push(arg);
  }
  const merchantCode = flags.get('--merchant') ?? defaultMerchant;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(merchantCode)) return { error: `Invalid merchant code "${merchantCode}"` };
  const [action, first, extra] = positional;
  const only = (allowed: string[]) => {
    const other = [...flags.keys()].find((flag) => flag !== '--merchant' && !allowed.includes(flag));
    return other ? { error: `${other} does not apply to "feedback ${action}"` } : null;
  };
  const idOf = (): number | null => (first !== undefined && /^[1-9][0-9]{0,9}$/.test(first) && Number(first) <= 2_147_483_647 ? Number(first) : null);
  const base = { merchant: merchantCode };
  switch (action) {
    case 'list': {
      const refused = only(['--status']);
      if (refused) return refused;
      if (first !== undefined) return { error: `Unexpected argument ${first}` };
      const status = flags.get('--status');
      if (status !== undefined && !(feedbackStatuses as readonly string[]).includes(status)) {
        return { error: `Invalid status "${status}" (${feedbackStatuses.join(', ')})` };
      }
      return { command: { kind: 'feedback.list', ...base, ...(status ? { status: status as (typeof feedbackStatuses)[number] } : {}) } };
    }
    case 'show':
    case 'close': {
      const refused = only([]);
      if (refused) return refused;
      const feedbackId = idOf();
      if (feedbackId === null) return { error: `feedback ${action} needs a feedback id` };
      if (extra !== undefined) return { error: `Unexpected argument ${extra}` };
      return { command: { kind: action === 'show' ? 'feedback.show' : 'feedback.close', ...base, id: feedbackId } };
    }
    case 'reply': {
      const refused = only(['--text']);
      if (refused) return refused;
      const feedbackId = idOf();
      const text = flags.get('--text')?.trim();
      if (feedbackId === null || !text) return { error: 'feedback reply needs a feedback id and --text, e.g. feedback reply 12 --text "We have credited it."' };
      if (extra !== undefined) return { error: `Unexpected argument ${extra}` };
      if (text.length > 2000 || text.includes('\u0000')) return { error: 'The reply must be plain text of 1 to 2000 characters' };
      return { command: { kind: 'feedback.reply', ...base, id: feedbackId, text } };
    }
    case 'limits': {
      const refused = only(['--min', '--max']);
      if (refused) return refused;
      if (first !== undefined) return { error: `Unexpected argument ${first}` };
      const min = flags.get('--min');
      const max = flags.get('--max');
      if (min === undefined && max === undefined) return { command: { kind: 'feedback.limits', ...base } };
      const valid = (v: string | undefined) => v !== undefined && /^[0-9]{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= feedbackWordsCeiling;
      if (!valid(min) || !valid(max) || Number(min) > Number(max)) {
        return { error: `feedback limits needs --min and --max, whole numbers with 1 <= min <= max <= ${feedbackWordsCeiling}` };
      }
      return { command: { kind: 'feedback.limits', ...base, minWords: Number(min), maxWords: Number(max) } };
    }
    default:
      return { error: action ? `Unknown command "feedback ${action}"` : 'feedback needs a command (list, show, reply, close, limits)' };
  }
}

export async function executeFeedbackCommand(db: Database, command: FeedbackCommand, now = new Date()): Promise<FeedbackAdminView> {
  switch (command.kind) {
    case 'feedback.list':
      return { feedbackAdmin: { entries: await listFeedbackForOperator(db, command.merchant, command.status) } };
    case 'feedback.show':
      return { feedbackAdmin: { entries: [await showFeedbackForOperator(db, command.merchant, command.id)] } };
    case 'feedback.reply':
      return { feedbackAdmin: { entries: [await replyToFeedback(db, command.merchant, command.id, command.text, now)] } };
    case 'feedback.close':
      return { feedbackAdmin: { entries: [await closeFeedback(db, command.merchant, command.id, now)] } };
    case 'feedback.limits': {
      const limits =
        command.minWords !== undefined && command.maxWords !== undefined
          ? await setFeedbackLimits(db, command.merchant, command.minWords, command.maxWords)
          : await feedbackLimitsOf(db, command.merchant);
      return { feedbackAdmin: { entries: [], limits } };
    }
  }
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The CLI's text: a line per feedback for `list`; the whole feedback for the others; the limits for `limits`. */
export function formatFeedback(view: FeedbackAdminView, kind: FeedbackCommand['kind']): string {
  const { entries, limits } = view.feedbackAdmin;
  if (limits) return `word limits: ${limits.minWords} to ${limits.maxWords} words; images: at most ${limits.imagesMax}, png or jpg, 5 MB each`;
  if (kind === 'feedback.list') {
    if (!entries.length) return '(no feedback)';
    return entries
      .map((e) =>
        [`#${e.id}`.padEnd(7), e.username.padEnd(16), e.status.padEnd(8), e.type.padEnd(10), when(e.createdAt), `${e.replies.length} repl.`, oneLine(e.content, 60)].join('  '),
      )
      .join('\n');
  }
  return entries
    .map((e) =>
      [
        `#${e.id}  ${e.username}  ${e.status}  ${e.type}  ${when(e.createdAt)}`,
        e.content,
        ...e.images.map((image) => `image: ${image.name} (${image.type}, ${image.size} bytes)`),
        ...e.replies.map((reply) => `reply ${when(reply.createdAt)}: ${reply.text}`),
      ].join('\n'),
    )
    .join('\n\n');
}
