/**
 * The invite-friends endpoints (contract/referral.ts, referral.ts): the
 * session's own member's referral summary and invited friends. Registered
 * with the member routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { invitedFriendsEndpoint, referralSummaryEndpoint } from '../../../contract/referral.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { invitedFriends, referralSummary } from './referral.ts';

export function registerReferralRoutes(app: FastifyInstance): void {
  const { db } = app;

  registerEndpoint(app, referralSummaryEndpoint, ({ ctx, request }) => referralSummary(db, requireAuth(request).member, ctx.merchant.row));

  registerEndpoint(app, invitedFriendsEndpoint, ({ ctx, query, request }) =>
    invitedFriends(db, requireAuth(request).member, ctx.merchant.row, query),
  );
}
