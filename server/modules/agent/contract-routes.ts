/**
 * The endpoints of agent contracts and rebates (contract/agent-contracts.ts),
 * and the settlement job that pays them (settlement.ts): when the server is
 * ready, then once per period across every process sharing the database
 * (server/lib/scheduled-jobs.ts), when `settleEveryMs` is above 0.
 */
import type { FastifyInstance } from 'fastify';
import {
  contractOverviewEndpoint,
  contractPayoutsEndpoint,
  contractRequestsEndpoint,
  decideContractEndpoint,
  dividendSummaryEndpoint,
  proposeContractEndpoint,
  rebateIncomeEndpoint,
  rebateSettingsEndpoint,
  updateRebateEndpoint,
} from '../../../contract/agent-contracts.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { type JobRunner, startScheduledJob } from '../../lib/scheduled-jobs.ts';
import { requireAuth } from '../session/auth.ts';
import { contractOverview, contractPayoutPage, contractRequests, decideContract, dividendSummary, proposeContract } from './contracts.ts';
import { rebateIncome, rebateSettings, updateRebate } from './rebates.ts';
import { settleRecentPeriods } from './settlement.ts';

export interface ContractRoutesOptions {
  /** How often the settlement job runs (0: never, the default; the server's own setting is SETTLEMENT_EVERY_MS). */
  settleEveryMs?: number;
}

export function registerContractRoutes(app: FastifyInstance, options: ContractRoutesOptions = {}): void {
  const { db } = app;
  const now = () => app.identity.now();
  const member = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).member;

  registerEndpoint(app, contractOverviewEndpoint, ({ query, request }) => contractOverview(db, member(request), query.kind));
  registerEndpoint(app, proposeContractEndpoint, ({ body, request }) => proposeContract(db, member(request), body, now()));
  registerEndpoint(app, decideContractEndpoint, ({ body, request }) => decideContract(db, member(request), body, now()));
  registerEndpoint(app, contractRequestsEndpoint, ({ request }) => contractRequests(db, member(request)));
  registerEndpoint(app, contractPayoutsEndpoint, ({ query, request }) => contractPayoutPage(db, member(request), query));
  registerEndpoint(app, dividendSummaryEndpoint, ({ request }) => dividendSummary(db, member(request), now()));
  registerEndpoint(app, rebateSettingsEndpoint, ({ ctx, query, request }) => rebateSettings(db, member(request), ctx.merchant.row, query));
  registerEndpoint(app, updateRebateEndpoint, ({ ctx, body, request }) => updateRebate(db, member(request), ctx.merchant.row, body));
  registerEndpoint(app, rebateIncomeEndpoint, ({ ctx, query, request }) => rebateIncome(db, member(request), ctx.merchant.row, query, now()));

  const everyMs = options.settleEveryMs ?? 0;
  if (everyMs > 0) {
    let job: JobRunner | null = null;
    app.addHook('onReady', async () => {
      job = startScheduledJob(
        db,
        { name: 'agent.settle-contracts-and-rebates', everyMs, leaseMs: Math.max(60_000, everyMs / 2), run: () => settleRecentPeriods(db, now()) },
        {
          onRun: (run) => app.log.info(run, 'scheduled job runs'),
          onError: (error) => app.log.error({ err: error }, 'settlement of contracts and rebates failed'),
        },
      );
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
