/**
 * Operator commands on the members' identity checks (`npm run admin -- kyc
 * ...`, the KYC center: kyc.ts): `kyc list [--status pending|approved|rejected]`
 * lists the checks, oldest sent first (username, status, when sent and
 * reviewed, a rejection's reason); `kyc approve <username>` approves a
 * pending check; `kyc reject <username> "<reason>"` rejects one with a reason
 * the member sees (plain text, 1 to 200 characters; the member may then send
 * again); `kyc export <username> <dir>` writes the check's images into the
 * directory as `<username>-front.png|jpg` and `<username>-back.png|jpg`, so
 * staff can look at them before deciding. Only a pending check is approved
 * or rejected. Run by the admin CLI directly or through the running server's
 * admin listener, like the other operator commands (server/admin/commands.ts);
 * `kyc export` carries the images back as base64 and the CLI writes them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import type { Database } from '../../db/connect.ts';
import { usernamePattern } from './admin-commands.ts';
import { decideKyc, type KycListEntry, kycImagesOf, kycReasonRule, listKyc } from './kyc.ts';

export const kycListStatuses = ['pending', 'approved', 'rejected'] as const;

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
const username = z.string().check(z.regex(usernamePattern));

export const kycCommandSchemas = [
  z.object({ kind: z.literal('kyc.list'), merchant, status: z.optional(z.enum(kycListStatuses)) }),
  z.object({ kind: z.literal('kyc.approve'), merchant, username }),
  z.object({
    kind: z.literal('kyc.reject'),
    merchant,
    username,
    reason: z.string().check(z.minLength(1), z.maxLength(kycReasonRule.maxLength), z.regex(kycReasonRule.pattern)),
  }),
  // `dir` is where the CLI writes the images; the command itself only reads them.
  z.object({ kind: z.literal('kyc.export'), merchant, username, dir: z.string().check(z.minLength(1), z.maxLength(4096)) }),
] as const;

export type KycCommand = z.infer<(typeof kycCommandSchemas)[number]>;

export interface KycExportImage {
  contentType: 'image/png' | 'image/jpeg';
  base64: string;
}

/** What a kyc command answers: the checks it lists or decided, and the images of `kyc export`. */
export interface KycAdminView {
  kycAdmin: {
    checks: KycListEntry[];
    images?: { front: KycExportImage; back: KycExportImage };
  };
}

export function isKycCommand(command: { kind: string }): command is KycCommand {
  return command.kind.startsWith('kyc.');
}

/** Parses `kyc <action> ...` of the CLI; `positionals` is how many positional arguments it used (none for the reason's words). */
export function parseKycArgs(
  merchantCode: string,
  action: string | undefined,
  rest: string[],
  status: string | undefined,
): { command: KycCommand; positionals: number | null } | { error: string } {
  if (status !== undefined && action !== 'list') return { error: '--status applies to "kyc list" only' };
  const name = rest[0];
  const validName = name !== undefined && usernamePattern.test(name);
  switch (action) {
    case 'list': {
      if (status !== undefined && !(kycListStatuses as readonly string[]).includes(status)) {
        return { error: `Invalid status "${status}" (${kycListStatuses.join(', ')})` };
      }
      const listStatus = status as (typeof kycListStatuses)[number] | undefined;
      return { command: { kind: 'kyc.list', merchant: merchantCode, ...(listStatus ? { status: listStatus } : {}) }, positionals: 2 };
    }
    case 'approve':
      if (!validName) return { error: "kyc approve needs a member's username" };
      return { command: { kind: 'kyc.approve', merchant: merchantCode, username: name }, positionals: 3 };
    case 'reject': {
      // The reason may come quoted (one argument) or as several words.
      const reason = rest.slice(1).join(' ').trim();
      if (!validName || !reason) return { error: 'kyc reject needs a member\'s username and the reason, e.g. kyc reject player1 "The photo is blurred"' };
      if (reason.length > kycReasonRule.maxLength || !kycReasonRule.pattern.test(reason)) {
        return { error: `The reason must be plain text of 1 to ${kycReasonRule.maxLength} characters (no control characters, < or >)` };
      }
      return { command: { kind: 'kyc.reject', merchant: merchantCode, username: name, reason }, positionals: null };
    }
    case 'export': {
      const dir = rest[1];
      if (!validName || !dir || dir.length > 4096) return { error: "kyc export needs a member's username and a directory" };
      return { command: { kind: 'kyc.export', merchant: merchantCode, username: name, dir }, positionals: 4 };
    }
    default:
      return { error: action ? `Unknown command "kyc ${action}"` : 'kyc needs a command (list, approve, reject, export)' };
  }
}

const exported = (image: { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }): KycExportImage => ({
  contentType: image.contentType,
  base64: image.bytes.toString('base64'),
});

export async function executeKycCommand(db: Database, command: KycCommand, now = new Date()): Promise<KycAdminView> {
  switch (command.kind) {
    case 'kyc.list':
      return { kycAdmin: { checks: await listKyc(db, command.merchant, command.status) } };
    case 'kyc.approve':
      return { kycAdmin: { checks: [await decideKyc(db, command.merchant, command.username, 'approved', null, now)] } };
    case 'kyc.reject':
      return { kycAdmin: { checks: [await decideKyc(db, command.merchant, command.username, 'rejected', command.reason, now)] } };
    case 'kyc.export': {
      const { front, back, ...check } = await kycImagesOf(db, command.merchant, command.username);
      return { kycAdmin: { checks: [check], images: { front: exported(front), back: exported(back) } } };
    }
  }
}

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '-');

/** The CLI's text: a check a line (username, status, sent, reviewed, a rejection's reason). */
export function formatKyc(view: KycAdminView): string {
  const { checks } = view.kycAdmin;
  if (!checks.length) return '(no identity checks)';
  return checks
    .map((c) =>
      [c.username.padEnd(16), c.status.padEnd(8), `submitted ${when(c.submittedAt)}`, `reviewed ${when(c.reviewedAt)}`, c.reason ? `reason: ${c.reason}` : '']
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The file name of one side of a member's check: `<username>-front.png` and so on. */
export function kycImageFileName(username: string, side: 'front' | 'back', contentType: KycExportImage['contentType']): string {
  return `${username.replace(/[^A-Za-z0-9_-]/g, '_')}-${side}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}

/** Writes the images of `kyc export` into `dir` (made when missing); answers the files written. */
export function writeKycExport(view: KycAdminView, dir: string): string[] {
  const { images, checks } = view.kycAdmin;
  const check = checks[0];
  if (!images || !check) return [];
  mkdirSync(dir, { recursive: true });
  return (['front', 'back'] as const).map((side) => {
    const file = path.join(dir, kycImageFileName(check.username, side, images[side].contentType));
    writeFileSync(file, Buffer.from(images[side].base64, 'base64'));
    return file;
  });
}
