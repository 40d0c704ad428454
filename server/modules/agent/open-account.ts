/**
 * Open account and the affiliate link (contract/agent.ts).
 *
 * POST /wps/agent/members (encrypted, like registration): an agent opens a
 * plain member (type 0) or a sub-agent (type 2, with an affiliate code of its
 * own) in its direct downline (`parent_id` = the agent, so the tree's trigger
 * puts it at level 1 of the agent's team and below the agent's own
 * ancestors). Username, password, its confirmation and the nickname are
 * checked by the merchant's registration rules with registration's own
 * validator (service.ts `validateRegistration`), so the error codes and the
 * `field` detail are the registration's; the username is unique per merchant
 * ignoring case (409 member.username.exists); the password is stored as
 * registration stores it (argon2id) and the row goes in through the same
 * query (queries.ts `insertMember`).
 *
 * GET /wps/agent/affiliate: the agent's affiliate code (one is drawn and
 * stored the first time for an agent without one) and the size of its direct
 * downline.
 *
 * Agents only (403 agent.only); neither needs a menu key (open account is the
 * agent home's footer entry).
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Affiliate, OpenAccountPayload, OpenAccountResult } from '../../../contract/agent.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { type RegisterField, type RegistrationRules, registerFields } from '../../../contract/member.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members } from '../../db/schema.ts';
import { memberTree } from '../../db/schema-agent.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../member/passwords.ts';
import { findMemberByUsername, insertMember, uniqueViolation } from '../member/queries.ts';
import { registrationRules } from '../member/registration-rules.ts';
import { validateRegistration } from '../member/service.ts';
import { requireAgent } from './access.ts';

/** RFC 4648 base32: upper-case letters and the digits 2 to 7. */
const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new affiliate code: `A` and 7 base32 characters (upper case, as codes are stored). */
export const newAffiliateCode = (): string => `A${Array.from({ length: 7 }, () => base32[randomInt(base32.length)]).join('')}`;

/** Draws of a code before giving up (a clash among 32^7 codes is already rare). */
const codeAttempts = 5;

const isAffiliateClash = (error: unknown) => uniqueViolation(error)?.includes('affiliate') === true;

/** The agent's affiliate code, drawing and storing one when it has none (never replacing one). */
async function affiliateCodeOf(db: Database, agentId: number, now: Date): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const [row] = await db.select({ code: members.affiliateCode }).from(members).where(eq(members.id, agentId)).limit(1);
    if (row?.code) return row.code;
    try {
      const [updated] = await db
        .update(members)
        .set({ affiliateCode: newAffiliateCode(), updatedAt: now })
        .where(and(eq(members.id, agentId), or(isNull(members.affiliateCode), eq(members.affiliateCode, ''))))
        .returning({ code: members.affiliateCode });
      if (updated?.code) return updated.code;
      // Another request stored one meanwhile: read it.
    } catch (error) {
      if (!isAffiliateClash(error) || attempt >= codeAttempts) throw error;
    }
  }
}

/** GET /wps/agent/affiliate. */
export async function affiliate(db: Database, agent: MemberRow, now: Date): Promise<Affiliate> {
  requireAgent(agent);
  const [code, [direct]] = await Promise.all([
    affiliateCodeOf(db, agent.id, now),
    db
      .select({ n: count() })
      .from(memberTree)
      .where(and(eq(memberTree.ancestorId, agent.id), eq(memberTree.depth, 1))),
  ]);
  return { code, registered: direct?.n ?? 0 };
}

/** The fields of the form an agent fills in. */
const openAccountFields = new Set<RegisterField>(['username', 'password', 'confirmPassword', 'nickname']);

/**
 * The merchant's registration rules narrowed to the open-account form: its
 * rules for username, password, confirmation and nickname (a password always
 * asked), every other field, the captcha and the affiliate code off.
 */
function openAccountRules(rules: RegistrationRules): RegistrationRules {
  const fields = { ...rules.fields };
  for (const name of registerFields) {
    const rule = rules.fields[name];
    if (name === 'password' || name === 'confirmPassword') fields[name] = { ...rule, enabled: true, required: true };
    else if (!openAccountFields.has(name)) fields[name] = { ...rule, enabled: false, required: false };
  }
  return { ...rules, smsVerification: false, captchaRequired: false, affiliateEnabled: false, fields };
}

/** Trimmed values, empty ones dropped; passwords as typed (as registration reads its form). */
function formFields(payload: OpenAccountPayload): Partial<Record<RegisterField, string>> {
  const out: Partial<Record<RegisterField, string>> = {};
  const values: [RegisterField, string | undefined][] = [
    ['username', payload.username.trim()],
    ['password', payload.password],
    ['confirmPassword', payload.confirmPassword],
    ['nickname', payload.nickname?.trim()],
  ];
  for (const [name, value] of values) if (value) out[name] = value;
  return out;
}

const usernameTaken = () => new AppError(409, errorCodes.usernameExists, 'Sorry, the username already exists.', { field: 'username' });

/** POST /wps/agent/members. */
export async function openAccount(
  db: Database,
  agent: MemberRow,
  merchant: MerchantRow,
  payload: OpenAccountPayload,
  client: { clientIp: string; now: Date },
): Promise<OpenAccountResult> {
  requireAgent(agent);
  const t = client.now;
  const fields = formFields(payload);
  validateRegistration(openAccountRules(registrationRules(merchant)), 'username', fields, t);
  const username = fields.username ?? '';
  if (await findMemberByUsername(db, merchant.code, username)) throw usernameTaken();
  const passwordHash = await hashPassword(fields.password ?? '');
  const type = payload.kind === 'agent' ? 2 : 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const member = await insertMember(db, {
        merchantCode: merchant.code,
        username,
        passwordHash,
        type,
        parentId: agent.id,
        affiliateCode: type === 2 ? newAffiliateCode() : null,
        nickname: fields.nickname ?? null,
        passwordChangedAt: t,
        registerIp: client.clientIp.slice(0, 64),
        createdAt: t,
        updatedAt: t,
      });
      return { id: member.id, account: member.username, type: member.type, affiliateCode: member.affiliateCode };
    } catch (error) {
      const index = uniqueViolation(error);
      if (index?.includes('username')) throw usernameTaken();
      if (!(type === 2 && isAffiliateClash(error) && attempt < codeAttempts)) throw error;
    }
  }
}
