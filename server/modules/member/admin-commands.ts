/**
 * Operator commands on members (`npm run admin -- members agent <username>`):
 * make a member an agent (a team leader, type 1) with an invitation code new
 * members register under. Run by the admin CLI directly or through the
 * running server's admin listener, like the other operator commands
 * (server/admin/commands.ts).
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { agentTypes, trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { constraintOf } from '../wallet/ledger.ts';

/** The username rule of registration: a letter, then 3 to 15 letters, digits or _. */
export const usernamePattern = /^[A-Za-z][A-Za-z0-9_]{3,15}$/;

export const memberCommandSchemas = [
  z.object({
    kind: z.literal('members.agent'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    username: z.string().check(z.regex(usernamePattern)),
  }),
] as const;

export type MemberCommand = z.infer<(typeof memberCommandSchemas)[number]>;

export interface MembersView {
  members: { username: string; type: number; affiliateCode: string | null }[];
}

export function isMemberCommand(command: { kind: string }): command is MemberCommand {
  return command.kind.startsWith('members.');
}

/** Invitation codes: 8 characters without the easily confused 0/O and 1/I. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newAffiliateCode = () => Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/**
 * Makes a member an agent (type 1). An agent already keeps its type and code;
 * a trial account cannot become one. A new invitation code is drawn until it
 * is free (the unique index decides).
 */
async function makeAgent(db: Database, merchant: string, username: string): Promise<MembersView> {
  const [member] = await db
    .select({ id: members.id, username: members.username, type: members.type, affiliateCode: members.affiliateCode })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  if ((trialTypes as readonly number[]).includes(member.type)) throw AppError.invalid('A trial account cannot become an agent.');
  if ((agentTypes as readonly number[]).includes(member.type) && member.affiliateCode) {
    return { members: [{ username: member.username, type: member.type, affiliateCode: member.affiliateCode }] };
  }
  for (let attempt = 0; ; attempt++) {
    const affiliateCode = member.affiliateCode ?? newAffiliateCode();
    const updated = await db
      .update(members)
      .set({ type: (agentTypes as readonly number[]).includes(member.type) ? member.type : 1, affiliateCode, updatedAt: new Date() })
      .where(eq(members.id, member.id))
      .returning({ username: members.username, type: members.type, affiliateCode: members.affiliateCode })
      .catch((error: unknown) => {
        if (attempt < 5 && constraintOf(error) === 'members_merchant_affiliate_uq') return null;
        throw error;
      });
    if (updated) return { members: updated };
  }
}

export async function executeMemberCommand(db: Database, command: MemberCommand): Promise<MembersView> {
  return makeAgent(db, command.merchant, command.username);
}

/** The CLI's text: one member a line. */
export function formatMembers(view: MembersView): string {
  return view.members
    .map((m) => `${m.username}  ${(agentTypes as readonly number[]).includes(m.type) ? 'agent' : 'member'} (type ${m.type})  invitation code ${m.affiliateCode ?? '-'}`)
    .join('\n');
}
