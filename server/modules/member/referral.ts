/**
 * Invite friends (contract/referral.ts): a member's referral code (the member
 * ID, as the member center shows it), how many friends registered with it
 * and how many of them completed a deposit, and the list of those friends,
 * newest first, by registration day (UTC, inclusive), paged. A friend is a
 * member whose `referrer_id` is the member's (registration records it from
 * the `recommenderId` field, service.ts); a friend's username is masked
 * (`maskAccount`), and a friend counts as `deposited` once one deposit of
 * the friend is completed.
 *
 * Open only with the merchant's REFERRAL3 switch (else 403
 * request.forbidden, as every switched-off feature), to real accounts (a
 * trial one gets 403 trial.forbidden) that are not agents (agents invite with
 * their affiliate code: 403 request.forbidden). The switch is checked first,
 * as loyalty/access.ts does. Every call reads the session's own member's
 * friends only.
 */
import { and, count, desc, eq, exists, gte, lt, type SQL, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { InvitedFriend, InvitedFriends, ReferralSummary } from '../../../contract/referral.ts';
import { agentTypes, trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members } from '../../db/schema.ts';
import { deposits } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { dayRange, totalPages } from '../../http/paging.ts';
import { completeSwitches } from '../system/service.ts';

export interface FriendsQuery {
  pageNo: number;
  pageSize: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export const isAgent = (member: Pick<MemberRow, 'type'>): boolean => (agentTypes as readonly number[]).includes(member.type);

export const isTrial = (member: Pick<MemberRow, 'type'>): boolean => (trialTypes as readonly number[]).includes(member.type);

/** A friend's username as the referrer sees it: the first 2 characters, `***` and the last one (`ma***8`); 3 characters or fewer: the first and `***`. */
export function maskAccount(username: string): string {
  const chars = [...username];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}

const forbidden = () => new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');

export function assertReferralAccess(member: MemberRow, merchant: MerchantRow): void {
  if (!completeSwitches(merchant.switches).REFERRAL3) throw forbidden();
  if (isTrial(member)) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
  if (isAgent(member)) throw forbidden();
}

/** Whether the friend in the row has a completed deposit. */
const hasCompletedDeposit = (db: Database) =>
  sql<boolean>`${exists(
    db
      .select({ one: sql`1` })
      .from(deposits)
      .where(and(eq(deposits.memberId, members.id), eq(deposits.status, 'completed'))),
  )}`;

const friendsOf = (member: MemberRow) => and(eq(members.merchantCode, member.merchantCode), eq(members.referrerId, member.id));

/** GET /wps/member/referral. */
export async function referralSummary(db: Database, member: MemberRow, merchant: MerchantRow): Promise<ReferralSummary> {
  assertReferralAccess(member, merchant);
  const [row] = await db
    .select({
      invited: count(),
      deposited: sql<number>`count(*) filter (where ${hasCompletedDeposit(db)})::int`,
    })
    .from(members)
    .where(friendsOf(member));
  return { code: String(member.id), invited: row?.invited ?? 0, deposited: row?.deposited ?? 0 };
}

/** GET /wps/member/referral/friends. */
export async function invitedFriends(db: Database, member: MemberRow, merchant: MerchantRow, query: FriendsQuery): Promise<InvitedFriends> {
  assertReferralAccess(member, merchant);
  const { from, to } = dayRange(query.startDate, query.endDate);
  const conditions: (SQL | undefined)[] = [friendsOf(member)];
  if (from) conditions.push(gte(members.createdAt, from));
  if (to) conditions.push(lt(members.createdAt, to));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: members.id, username: members.username, createdAt: members.createdAt, deposited: hasCompletedDeposit(db) })
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(members).where(where),
  ]);
  const total = counted?.n ?? 0;
  const list: InvitedFriend[] = rows.map((r) => ({
    id: r.id,
    account: maskAccount(r.username),
    status: r.deposited ? 'deposited' : 'registered',
    joinedAt: r.createdAt.toISOString(),
  }));
  return { list, pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total };
}
