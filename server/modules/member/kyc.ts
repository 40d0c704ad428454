/**
 * The member's identity check (the KYC center, contract/kyc.ts): the member
 * sends the front and the back of an ID document (png or jpg data URLs of at
 * most 5 MB each, checked by their bytes as the head icon is: account.ts),
 * the operator approves or rejects a pending check (`kyc approve|reject`,
 * kyc-admin-commands.ts), and with the merchant's KYCWITHDRAW3 switch on a
 * withdrawal needs an approved check (the money module asks
 * `assertKycForWithdrawal`).
 *
 * One row per member (`member_kyc`): a member sends once; while the check is
 * pending or once it is approved, sending again is 409
 * kyc.already.submitted; after a rejection a new sending replaces the row
 * (pending again, no reason, not reviewed). The replacement is one statement
 * (insert, or update only a rejected row), so two sendings at once store one.
 * Trial accounts have no check (403 trial.forbidden).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { KycState, KycStatus, KycSubmitBody } from '../../../contract/kyc.ts';
import { trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, memberKyc, members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { completeSwitches } from '../system/service.ts';
import { type DecodedIcon, decodeImageDataUrl, type ImageLabel } from './account.ts';

export type KycDecision = 'approved' | 'rejected';

/** The labels of the two images in messages and in the error's value (`{ field: 'front' }`). */
export const kycImageLabels = {
  front: { name: 'The ID front', field: 'front' },
  back: { name: 'The ID back', field: 'back' },
} as const satisfies Record<'front' | 'back', ImageLabel>;

/** The rule of an operator's rejection reason: plain text of 1 to 200 characters, no control characters and no markup brackets. */
export const kycReasonRule = { maxLength: 200, pattern: /^[^\p{Cc}<>]+$/u } as const;

const refuseTrial = (member: Pick<MemberRow, 'type'>) => {
  if ((trialTypes as readonly number[]).includes(member.type)) {
    throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
  }
};

/** Whether the merchant's withdrawals need an approved identity check. */
export const kycRequiredForWithdrawal = (merchant: MerchantRow): boolean => completeSwitches(merchant.switches).KYCWITHDRAW3;

/** The check's fields without its images. */
const kycFields = {
  status: memberKyc.status,
  reason: memberKyc.reason,
  submittedAt: memberKyc.submittedAt,
  reviewedAt: memberKyc.reviewedAt,
};

type KycFields = { status: Exclude<KycStatus, 'none'>; reason: string | null; submittedAt: Date; reviewedAt: Date | null };

async function kycFieldsOf(db: Database, memberId: number): Promise<KycFields | null> {
  const [row] = await db.select(kycFields).from(memberKyc).where(eq(memberKyc.memberId, memberId)).limit(1);
  return row ?? null;
}

const kycView = (row: KycFields | null, merchant: MerchantRow): KycState => ({
  status: row?.status ?? 'none',
  submittedAt: row ? row.submittedAt.toISOString() : null,
  reviewedAt: row?.reviewedAt ? row.reviewedAt.toISOString() : null,
  reason: row?.reason ?? null,
  requiredForWithdrawal: kycRequiredForWithdrawal(merchant),
});

/** The status of a member's check (`none` when nothing was sent). */
export async function kycStatusOf(db: Database, memberId: number): Promise<KycStatus> {
  return (await kycFieldsOf(db, memberId))?.status ?? 'none';
}

/** GET /wps/member/kyc: the session's own member's check. */
export async function kycState(db: Database, member: MemberRow, merchant: MerchantRow): Promise<KycState> {
  refuseTrial(member);
  return kycView(await kycFieldsOf(db, member.id), merchant);
}

const imagesRequired = (missing: ('front' | 'back')[]) =>
  new AppError(400, errorCodes.kycImagesRequired, 'Please upload front/back of your ID', { missing });

/**
 * POST /wps/member/kyc: both sides are required (400 kyc.images.required,
 * nothing stored), each checked (upload.type.invalid, upload.too.large);
 * stored as a pending check unless one is pending or approved (409
 * kyc.already.submitted). Answers the new state.
 */
export async function submitKyc(db: Database, member: MemberRow, merchant: MerchantRow, body: KycSubmitBody, now: Date): Promise<KycState> {
  refuseTrial(member);
  const missing = (['front', 'back'] as const).filter((side) => !body[side]);
  if (missing.length) throw imagesRequired(missing);
  const front: DecodedIcon = decodeImageDataUrl(body.front!, kycImageLabels.front);
  const back: DecodedIcon = decodeImageDataUrl(body.back!, kycImageLabels.back);
  const check = {
    status: 'pending' as const,
    frontType: front.contentType,
    front: front.bytes,
    backType: back.contentType,
    back: back.bytes,
    reason: null,
    submittedAt: now,
    reviewedAt: null,
  };
  const [stored] = await db
    .insert(memberKyc)
    .values({ memberId: member.id, ...check })
    .onConflictDoUpdate({ target: memberKyc.memberId, set: check, setWhere: eq(memberKyc.status, 'rejected') })
    .returning(kycFields);
  if (!stored) {
    const status = await kycStatusOf(db, member.id);
    throw new AppError(
      409,
      errorCodes.kycAlreadySubmitted,
      status === 'approved' ? 'Your identity has already been verified.' : 'Your ID has been sent and is waiting for review.',
    );
  }
  return kycView(stored, merchant);
}

/**
 * The withdrawal rule: with KYCWITHDRAW3 on, a member whose check is not
 * approved gets 403 kyc.required (the caller then holds and moves nothing).
 */
export async function assertKycForWithdrawal(db: Database, member: Pick<MemberRow, 'id'>, merchant: MerchantRow): Promise<void> {
  if (!kycRequiredForWithdrawal(merchant)) return;
  if ((await kycStatusOf(db, member.id)) !== 'approved') {
    throw new AppError(403, errorCodes.kycRequired, 'Please complete your identity verification (KYC center) before withdrawing.');
  }
}

/** A check as the operator lists it. */
export interface KycListEntry {
  username: string;
  status: Exclude<KycStatus, 'none'>;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** The operator's list of a merchant's checks (of one status when given), oldest sent first: the order to review them in. */
export async function listKyc(db: Database, merchantCode: string, status?: Exclude<KycStatus, 'none'>, limit = 500): Promise<KycListEntry[]> {
  const where = status ? and(eq(members.merchantCode, merchantCode), eq(memberKyc.status, status)) : eq(members.merchantCode, merchantCode);
  const rows = await db
    .select({ username: members.username, ...kycFields })
    .from(memberKyc)
    .innerJoin(members, eq(members.id, memberKyc.memberId))
    .where(where)
    .orderBy(asc(memberKyc.submittedAt), asc(memberKyc.memberId))
    .limit(limit);
  return rows.map((row) => ({
    username: row.username,
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  }));
}

/** The member of a merchant by username (any case): 404 member.not.found. */
async function memberByUsername(db: Database, merchantCode: string, username: string): Promise<{ id: number; username: string }> {
  const [member] = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  return member;
}

const noCheck = (username: string) => new AppError(404, errorCodes.notFound, `${username} has not sent an identity check.`);

/**
 * The operator's decision on a member's pending check: approved, or rejected
 * with a reason (plain text, 1 to 200 characters) the member sees. Only a
 * pending check is decided: 404 member.not.found, 404 request.not.found for
 * a member without a check, 409 request.invalid for one already decided.
 */
export async function decideKyc(
  db: Database,
  merchantCode: string,
  username: string,
  decision: KycDecision,
  reasonText: string | null,
  now: Date,
): Promise<KycListEntry> {
  const reason = decision === 'rejected' ? checkKycReason(reasonText ?? '') : null;
  const member = await memberByUsername(db, merchantCode, username);
  const [decided] = await db
    .update(memberKyc)
    .set({ status: decision, reason, reviewedAt: now })
    .where(and(eq(memberKyc.memberId, member.id), eq(memberKyc.status, 'pending')))
    .returning(kycFields);
  if (!decided) {
    const current = await kycFieldsOf(db, member.id);
    if (!current) throw noCheck(member.username);
    throw new AppError(
      409,
      errorCodes.invalidRequest,
      `The identity check of ${member.username} is ${current.status}, not pending: only a pending check can be approved or rejected.`,
    );
  }
  return {
    username: member.username,
    status: decided.status,
    reason: decided.reason,
    submittedAt: decided.submittedAt.toISOString(),
    reviewedAt: decided.reviewedAt ? decided.reviewedAt.toISOString() : null,
  };
}

/** A rejection reason trimmed, or 400 request.invalid when it is not plain text of 1 to 200 characters. */
export function checkKycReason(raw: string): string {
  const reason = raw.trim();
  if (!reason || reason.length > kycReasonRule.maxLength || !kycReasonRule.pattern.test(reason)) {
    throw AppError.invalid(`The reason must be plain text of 1 to ${kycReasonRule.maxLength} characters (no control characters, < or >).`);
  }
  return reason;
}

/** A member's check with its images, for staff to look at (`kyc export`). */
export interface KycImages extends KycListEntry {
  front: DecodedIcon;
  back: DecodedIcon;
}

export async function kycImagesOf(db: Database, merchantCode: string, username: string): Promise<KycImages> {
  const member = await memberByUsername(db, merchantCode, username);
  const [row] = await db.select().from(memberKyc).where(eq(memberKyc.memberId, member.id)).limit(1);
  if (!row) throw noCheck(member.username);
  return {
    username: member.username,
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    front: { contentType: row.frontType, bytes: row.front },
    back: { contentType: row.backType, bytes: row.back },
  };
}
