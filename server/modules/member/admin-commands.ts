/**
 * Operator commands on members: `npm run admin -- members agent <username>`
 * makes a member an agent (a team leader, type 1) with an invitation code new
 * members register under; `members payee <username> <payee name>` changes
 * the payee name a member set (members set it once, then it is locked);
 * `members answer-check <username> <questionId> "<answer>"` tells customer
 * service whether a caller's answer to one of the member's security questions
 * is the member's (compared as the member's was stored: normalised, by its
 * hash; the answer itself is never shown). Run by the admin CLI directly or
 * through the running server's admin listener, like the other operator
 * commands (server/admin/commands.ts).
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { type SecurityQuestionId, securityQuestionIds } from '../../../contract/security.ts';
import { agentTypes, trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { members, merchants } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { checkAccountField } from './account.ts';
import { answeredQuestionIds, securityAnswerMatches } from './security-questions.ts';

/** The username rule of registration: a letter, then 3 to 15 letters, digits or _. */
export const usernamePattern = /^[A-Za-z][A-Za-z0-9_]{3,15}$/;

export const memberCommandSchemas = [
  z.object({
    kind: z.literal('members.agent'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    username: z.string().check(z.regex(usernamePattern)),
  }),
  z.object({
    kind: z.literal('members.payee'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    username: z.string().check(z.regex(usernamePattern)),
    payeeName: z.string().check(z.minLength(1), z.maxLength(128)),
  }),
  z.object({
    kind: z.literal('members.answer-check'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    username: z.string().check(z.regex(usernamePattern)),
    questionId: z.enum(securityQuestionIds),
    answer: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
] as const;

export type MemberCommand = z.infer<(typeof memberCommandSchemas)[number]>;

export interface MembersView {
  members: { username: string; type: number; affiliateCode: string | null }[];
  /** members payee: the member's payee name before and after. */
  payee?: { before: string | null; after: string };
  /** members answer-check: whether the answer given is the member's answer to the question. */
  answerCheck?: { questionId: SecurityQuestionId; matches: boolean };
}

export function isMemberCommand(command: { kind: string }): command is MemberCommand {
  return command.kind.startsWith('members.');
}

/** Invitation codes: 8 characters without the easily confused 0/O and 1/I. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newAffiliateCode = () => Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/** An invitation code no member of the merchant has. */
async function freeAffiliateCode(db: Database, merchant: string): Promise<string> {
  for (;;) {
    const code = newAffiliateCode();
    const [taken] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, merchant), eq(members.affiliateCode, code)))
      .limit(1);
    if (!taken) return code;
  }
}

/**
 * Makes a member an agent (type 1) with an invitation code. An agent keeps
 * its type and code; a trial account cannot become one. (The unique index on
 * the codes refuses the one-in-a-trillion race of two new agents drawing the
 * same free code at once; the command then fails and can be run again.)
 */
async function makeAgent(db: Database, merchant: string, username: string): Promise<MembersView> {
  const [member] = await db
    .select({ id: members.id, username: members.username, type: members.type, affiliateCode: members.affiliateCode })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  if ((trialTypes as readonly number[]).includes(member.type)) throw AppError.invalid('A trial account cannot become an agent.');
  const isAgent = (agentTypes as readonly number[]).includes(member.type);
  if (isAgent && member.affiliateCode) {
    return { members: [{ username: member.username, type: member.type, affiliateCode: member.affiliateCode }] };
  }
  const updated = await db
    .update(members)
    .set({ type: isAgent ? member.type : 1, affiliateCode: member.affiliateCode ?? (await freeAffiliateCode(db, merchant)), updatedAt: new Date() })
    .where(eq(members.id, member.id))
    .returning({ username: members.username, type: members.type, affiliateCode: members.affiliateCode });
  return { members: updated };
}

/**
 * Changes a member's payee name (the operator's way past the member's set-once
 * lock), checked by the merchant's payee name rule as the member's own is.
 * A trial account has none.
 */
async function setPayeeName(db: Database, merchant: string, username: string, raw: string): Promise<MembersView> {
  const [merchantRow] = await db.select().from(merchants).where(eq(merchants.code, merchant)).limit(1);
  if (!merchantRow) throw new AppError(404, errorCodes.notFound, `No merchant "${merchant}".`);
  const payeeName = checkAccountField(merchantRow, 'payeeName', raw);
  const [member] = await db
    .select({ id: members.id, type: members.type, payeeName: members.payeeName })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  if ((trialTypes as readonly number[]).includes(member.type)) throw AppError.invalid('A trial account has no payee name.');
  const updated = await db
    .update(members)
    .set({ payeeName, updatedAt: new Date() })
    .where(eq(members.id, member.id))
    .returning({ username: members.username, type: members.type, affiliateCode: members.affiliateCode });
  return { members: updated, payee: { before: member.payeeName, after: payeeName } };
}

/**
 * Whether `answer` is the member's answer to the question: 404
 * member.not.found for an unknown member, 404 security.question.invalid when
 * the member did not answer that question (the message names the ones it did).
 */
async function checkAnswer(db: Database, merchant: string, username: string, questionId: SecurityQuestionId, answer: string): Promise<MembersView> {
  const [member] = await db
    .select({ id: members.id, username: members.username, type: members.type, affiliateCode: members.affiliateCode })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  const matches = await securityAnswerMatches(db, member.id, questionId, answer);
  if (matches === null) {
    const answered = await answeredQuestionIds(db, member.id);
    throw new AppError(
      404,
      errorCodes.securityQuestionInvalid,
      `${member.username} has not answered ${questionId} (answered: ${answered.length ? answered.join(', ') : 'none'}).`,
    );
  }
  const { id: _id, ...shown } = member;
  return { members: [shown], answerCheck: { questionId, matches } };
}

export async function executeMemberCommand(db: Database, command: MemberCommand): Promise<MembersView> {
  if (command.kind === 'members.payee') return setPayeeName(db, command.merchant, command.username, command.payeeName);
  if (command.kind === 'members.answer-check') return checkAnswer(db, command.merchant, command.username, command.questionId, command.answer);
  return makeAgent(db, command.merchant, command.username);
}

/** The CLI's text: one member a line (members payee: the payee name before and after). */
export function formatMembers(view: MembersView): string {
  const { payee, answerCheck } = view;
  if (answerCheck) {
    const verdict = answerCheck.matches ? 'MATCHES' : 'does NOT match';
    return view.members.map((m) => `${m.username}  ${answerCheck.questionId}: the answer ${verdict} the member's answer`).join('\n');
  }
  if (payee) return view.members.map((m) => `${m.username}  payee name "${payee.after}" (was ${payee.before ? `"${payee.before}"` : 'not set'})`).join('\n');
  return view.members
    .map((m) => `${m.username}  ${(agentTypes as readonly number[]).includes(m.type) ? 'agent' : 'member'} (type ${m.type})  invitation code ${m.affiliateCode ?? '-'}`)
    .join('\n');
}
