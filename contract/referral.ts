/**
 * Invite friends (/m/inviteFriends; spec sections 2 and 6): a member's
 * referral code and link, and the friends who registered with it. The
 * referral program is on with the merchant's REFERRAL3 switch (the referral
 * promotion); agents have no referral (they invite with their affiliate
 * code), trial accounts neither. A registration that carries the code
 * (`/m/register?recommenderId=<code>`) records the referrer.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { pageOf, pagingQuery } from './wallet.ts';

/** The path of a referral link; the site puts its own origin before it. */
export const referralLinkPath = (code: string) => `/m/register?recommenderId=${encodeURIComponent(code)}`;

export const referralSummarySchema = z.object({
  /** The member's referral code (the member ID the member center shows). */
  code: z.string(),
  /** Friends who registered with the code. */
  invited: z.number(),
  /** Of them, those with at least one completed deposit. */
  deposited: z.number(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralSummaryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/referral',
  tag: 'member',
  summary:
    "The member's referral code and how many friends registered and deposited with it (403 request.forbidden for agents or with REFERRAL3 off; trial.forbidden)",
  value: referralSummarySchema,
  auth: true,
});

/** What an invited friend has done so far. */
export const invitedFriendStatuses = ['registered', 'deposited'] as const;
export type InvitedFriendStatus = (typeof invitedFriendStatuses)[number];

export const invitedFriendSchema = z.object({
  id: z.number(),
  /** The friend's username, masked (`ma***a`): the referrer never sees a friend's full account. */
  account: z.string(),
  status: z.enum(invitedFriendStatuses),
  /** When the friend registered (ISO 8601). */
  joinedAt: z.string(),
});
export type InvitedFriend = z.infer<typeof invitedFriendSchema>;

export const invitedFriendsSchema = pageOf(invitedFriendSchema);
export type InvitedFriends = z.infer<typeof invitedFriendsSchema>;

export const invitedFriendsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/referral/friends',
  tag: 'member',
  summary: 'The friends who registered with the member’s referral code, newest first, by registration date range, paged (the same refusals as the summary)',
  query: z.object({ ...pagingQuery }),
  value: invitedFriendsSchema,
  auth: true,
});
