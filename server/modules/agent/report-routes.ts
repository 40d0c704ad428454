/**
 * The team's report endpoints (contract/agent.ts, reports.ts): KPI, members,
 * bets, profit and loss per member and per day, and transactions, each of the
 * session's own agent's subtree only. Registered by the agent routes
 * (routes.ts); "today" is the identity modules' clock.
 */
import type { FastifyInstance } from 'fastify';
import {
  teamBetsEndpoint,
  teamKpiEndpoint,
  teamMembersEndpoint,
  teamPnlDaysEndpoint,
  teamPnlMembersEndpoint,
  teamTransactionsEndpoint,
} from '../../../contract/agent.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { teamBets, teamKpi, teamMembers, teamPnlDays, teamPnlMembers, teamTransactions } from './reports.ts';

export function registerTeamReportRoutes(app: FastifyInstance): void {
  const { db } = app;
  const now = () => app.identity.now();

  registerEndpoint(app, teamKpiEndpoint, ({ ctx, query, request }) => teamKpi(db, requireAuth(request).member, ctx.merchant.row, query, now()));

  registerEndpoint(app, teamMembersEndpoint, ({ ctx, query, request }) => teamMembers(db, requireAuth(request).member, ctx.merchant.row, query));

  registerEndpoint(app, teamBetsEndpoint, ({ ctx, query, request }) => teamBets(db, requireAuth(request).member, ctx.merchant.row, query, now()));

  registerEndpoint(app, teamPnlMembersEndpoint, ({ ctx, query, request }) =>
    teamPnlMembers(db, requireAuth(request).member, ctx.merchant.row, query, now()),
  );

  registerEndpoint(app, teamPnlDaysEndpoint, ({ ctx, query, request }) =>
    teamPnlDays(db, requireAuth(request).member, ctx.merchant.row, query, now()),
  );

  registerEndpoint(app, teamTransactionsEndpoint, ({ ctx, query, request }) =>
    teamTransactions(db, requireAuth(request).member, ctx.merchant.row, query),
  );
}
