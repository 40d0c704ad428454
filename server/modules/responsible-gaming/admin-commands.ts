/**
 * Operator commands on responsible gambling (`npm run admin -- rg list`;
 * docs/responsible-gaming.md): the merchant's members who set a limit, a
 * session limit, a reality check or an exclusion, with what is in force and
 * what waits out its cooling-off. Operators read; a member's protections are
 * the member's own (an exclusion cannot be lifted early from here either).
 * Run by the admin CLI directly or through the running server's admin
 * listener, like the other operator commands (server/admin/commands.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { memberLimits, memberProtection } from '../../db/schema-responsible.ts';
import { isExcluded, limitInForce } from './checks/protection-checks.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const rgCommandSchemas = [z.object({ kind: z.literal('rg.list'), merchant })] as const;

export type RgCommand = z.infer<(typeof rgCommandSchemas)[number]>;

export interface RgMemberLine {
  username: string;
  /** `<kind>/<period> <amount>` in force, and `→ <amount|none> from <ISO>` when a change waits. */
  limits: string[];
  sessionLimitMinutes: number;
  realityCheckMinutes: number;
  /** `timeOut until <ISO>`, `selfExclusion until <ISO>`, `selfExclusion permanent`, or null. */
  exclusion: string | null;
}

export type RgView = { rgMembers: RgMemberLine[] };

export function isRgCommand(command: { kind: string }): command is RgCommand {
  return command.kind.startsWith('rg.');
}

export function parseRgArgs(merchantCode: string, action: string | undefined): { command: RgCommand; positionals: number } | { error: string } {
  if (action !== 'list') return { error: action ? `Unknown command "rg ${action}"` : 'rg needs a command (list)' };
  return { command: { kind: 'rg.list', merchant: merchantCode }, positionals: 2 };
}

const money = (minor: number | null) => (minor === null ? 'none' : (minor / 100).toFixed(2));

export async function executeRgCommand(db: Database, command: RgCommand, now = new Date()): Promise<RgView> {
  const rows = await db
    .select({ protection: memberProtection, username: members.username })
    .from(memberProtection)
    .innerJoin(members, eq(members.id, memberProtection.memberId))
    .where(eq(members.merchantCode, command.merchant))
    .orderBy(asc(members.username));
  const ids = rows.map((r) => r.protection.memberId);
  const limits = ids.length
    ? await db.select().from(memberLimits).where(inArray(memberLimits.memberId, ids)).orderBy(asc(memberLimits.kind), asc(memberLimits.period))
    : [];
  const lines = rows.map(({ protection: p, username }) => {
    const own = limits.filter((l) => l.memberId === p.memberId);
    const shown = own.flatMap((l) => {
      const inForce = limitInForce(l, now);
      const waiting = l.nextFrom && l.nextFrom > now ? ` → ${money(l.nextAmount)} from ${l.nextFrom.toISOString()}` : '';
      return inForce === null && !waiting ? [] : [`${l.kind}/${l.period} ${money(inForce)}${waiting}`];
    });
    const exclusion = isExcluded(p, now) ? `${p.exclusion} ${p.excludedUntil ? `until ${p.excludedUntil.toISOString()}` : 'permanent'}` : null;
    return { username, limits: shown, sessionLimitMinutes: p.sessionLimitMinutes, realityCheckMinutes: p.realityCheckMinutes, exclusion };
  });
  return {
    rgMembers: lines.filter((l) => l.limits.length || l.sessionLimitMinutes || l.realityCheckMinutes || l.exclusion),
  };
}

export function formatRg(view: RgView): string {
  if (!view.rgMembers.length) return 'No member has limits or exclusions.';
  return view.rgMembers
    .map((m) =>
      [
        m.username,
        ...m.limits.map((l) => `  limit ${l}`),
        ...(m.sessionLimitMinutes ? [`  session limit ${m.sessionLimitMinutes} min`] : []),
        ...(m.realityCheckMinutes ? [`  reality check every ${m.realityCheckMinutes} min`] : []),
        ...(m.exclusion ? [`  ${m.exclusion}`] : []),
      ].join('\n'),
    )
    .join('\n');
}
