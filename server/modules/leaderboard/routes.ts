/**
 * The leaderboard endpoint (contract/leaderboard.ts, GET /wps/member/leaderboard):
 * member-only like the other `/wps/member/...` reads (a guest is answered 401
 * `user.or.token.invalid`), as the answer carries the member's own rank. The
 * clock is the identity modules' (tests move it). No cache: the query reads one
 * index range of the bets' running totals (service.ts), a few milliseconds at
 * any number of bets.
 */
import type { FastifyInstance } from 'fastify';
import { leaderboardEndpoint } from '../../../contract/leaderboard.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { leaderboard } from './service.ts';

export function registerLeaderboardRoutes(app: FastifyInstance, options: { now: () => Date }): void {
  registerEndpoint(app, leaderboardEndpoint, ({ ctx, request, query }) =>
    leaderboard(app.db, ctx.merchant.row, requireAuth(request).member.id, query.board, query.period, options.now()),
  );
}
