/**
 * The loyalty endpoints (contract/loyalty.ts): the VIP room (GET
 * /wps/member/vip, vip.ts) and the reward center (GET /wps/mall/status and
 * POST /wps/mall/redeem, mall.ts), for the session's own member only.
 * Registered by server/app.ts beside the other modules; the clock is the
 * identity modules' (tests move it).
 */
import type { FastifyInstance } from 'fastify';
import { mallStatusEndpoint, redeemEndpoint, vipStatusEndpoint } from '../../../contract/loyalty.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { mallStatus, redeem } from './mall.ts';
import { vipStatus } from './vip.ts';

export function registerLoyaltyRoutes(app: FastifyInstance, options: { now: () => Date }): void {
  const { db } = app;

  registerEndpoint(app, vipStatusEndpoint, ({ ctx, request }) => vipStatus(db, requireAuth(request).member, ctx.merchant.row));

  registerEndpoint(app, mallStatusEndpoint, ({ ctx, request }) => mallStatus(db, requireAuth(request).member, ctx.merchant.row));

  registerEndpoint(app, redeemEndpoint, ({ body, ctx, request }) => redeem(db, requireAuth(request).member, ctx.merchant.row, body, options.now()));
}
