/**
 * The agency centre's endpoints (contract/agent.ts): the agent home's menu
 * (menu.ts), open account and the affiliate link (open-account.ts), the red
 * envelope rain (red-rain.ts), the team's reports (report-routes.ts) and
 * contracts and rebates (contract-routes.ts), for the session's own agent
 * and its own subtree only. Registered by server/app.ts beside the other
 * modules; the clock and the keys of encrypted bodies are the identity
 * modules'.
 */
import type { FastifyInstance } from 'fastify';
import { affiliateEndpoint, agentMenuEndpoint, openAccountEndpoint, redRainEndpoint } from '../../../contract/agent.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { openEncryptedPayload } from '../crypto/key-store.ts';
import { requireAuth } from '../session/auth.ts';
import { requireAgent } from './access.ts';
import { agentMenu } from './menu.ts';
import { affiliate, openAccount } from './open-account.ts';
import { redRain } from './red-rain.ts';
import { type ContractRoutesOptions, registerContractRoutes } from './contract-routes.ts';
import { registerTeamReportRoutes } from './report-routes.ts';

export function registerAgentRoutes(app: FastifyInstance, options: ContractRoutesOptions = {}): void {
  const { db } = app;

  registerEndpoint(app, agentMenuEndpoint, ({ ctx, request }) => agentMenu(requireAuth(request).member, ctx.merchant.row));

  registerEndpoint(app, affiliateEndpoint, ({ request }) => affiliate(db, requireAuth(request).member, app.identity.now()));

  registerEndpoint(app, openAccountEndpoint, async ({ body, ctx, request }) => {
    // A non-agent is refused before its body is opened.
    const member = requireAgent(requireAuth(request).member);
    const payload = await openEncryptedPayload(app.identity.keys, request, openAccountEndpoint, body);
    return openAccount(db, member, ctx.merchant.row, payload, { clientIp: ctx.clientIp, now: app.identity.now() });
  });

  registerEndpoint(app, redRainEndpoint, ({ body, ctx, request }) => redRain(db, requireAuth(request).member, ctx.merchant.row, body));

  registerTeamReportRoutes(app);
  registerContractRoutes(app, options);
}
