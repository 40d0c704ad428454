/**
 * The application factory: one Fastify instance with the platform's envelope,
 * error model, request context, security headers, rate limit, OpenAPI
 * document, API modules and (when built) the SPA. Tests drive it with
 * `app.inject`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { errorCodes } from '../contract/error-codes.ts';
import type { Database } from './db/connect.ts';
import { failure } from './http/app-error.ts';
import { envelopeServerOptions, installErrorHandler } from './http/error-handling.ts';
import { installInputTextCheck } from './http/input-text.ts';
import { registerOpenApiRoute } from './http/openapi.ts';
import { installRequestContext } from './http/request-context.ts';
import { installRouteTable } from './http/route-table.ts';
import { registerRateLimit, registerSecurityHeaders } from './http/security.ts';
import { createDocumentRenderer } from './http/document.ts';
import { registerSpa, wantsSpaIndex } from './http/spa.ts';
import { createMerchantDirectory, type MerchantDirectory } from './modules/system/merchant-directory.ts';
import { type IdentityOptions, registerIdentity } from './modules/identity.ts';
import { registerSocial, type SocialOptions } from './modules/social/module.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerContentRoutes } from './modules/content/routes.ts';
import { registerPromotionRoutes } from './modules/promotions/routes.ts';
import { registerGameRoutes } from './modules/games/routes.ts';
import { registerWallet, type WalletOptions } from './modules/wallet/routes.ts';
import { depositBadgeOf } from './modules/wallet/service.ts';
import { type PlayRoutesOptions, registerPlayRoutes } from './modules/play/routes.ts';
import { registerSeamlessRoutes } from './modules/seamless/routes.ts';
import { registerChatRoutes } from './modules/chat/routes.ts';
import { registerLoyaltyRoutes } from './modules/loyalty/routes.ts';
import { registerLeaderboardRoutes } from './modules/leaderboard/routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/routes.ts';
import { registerLiveRoutes } from './modules/live/routes.ts';
import { type LotteryRoutesOptions, registerLotteryRoutes } from './modules/lottery/routes.ts';
import { registerResponsibleGamingRoutes } from './modules/responsible-gaming/routes.ts';
import { registerAgentRoutes } from './modules/agent/routes.ts';
import type { ContractRoutesOptions } from './modules/agent/contract-routes.ts';

export interface BuildAppOptions {
  db: Database;
  /** Fastify logger options; false (quiet) by default. */
  logger?: FastifyServerOptions['logger'];
  /** Fastify `trustProxy` (env TRUST_PROXY); false by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Requests per minute per IP on /wps and /lgw. */
  rateLimitPerMinute?: number;
  /** Directory of the built SPA; nothing is served when missing. */
  staticDir?: string;
  /** The merchant the built SPA serves (SITE_MERCHANT, default DEMO): its first answers go in the page. */
  siteMerchant?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Merchant cache lifetime in ms. */
  merchantCacheTtlMs?: number;
  /** Check every success value against its endpoint's schema (default: outside production). */
  checkResponses?: boolean;
  /** Lifetime of cached catalogue answers (game lists, hot games, ...) in ms; 0 disables. Default 5000. */
  catalogueCacheTtlMs?: number;
  /** Clock, limits and message provider of the identity modules (session, member, verification). */
  identity?: IdentityOptions;
  /** Clock and payment gateway secret of the money module. */
  wallet?: WalletOptions;
  /** Social login: the OpenID Connect providers and the site origins registered with them (docs/social-login.md). */
  social?: SocialOptions;
  /** VENDOR_WALLET_SECRET: the seamless-wallet secrets of vendors are derived from it (else random, kept in the database). */
  vendorWalletSecret?: string | undefined;
  /** The recovery sweep of interrupted game rounds (timeout and period; recoverEveryMs 0 turns it off). */
  play?: Omit<PlayRoutesOptions, 'now'>;
  /** The settlement job of agent contracts and rebates (settleEveryMs; off unless set). */
  agent?: ContractRoutesOptions;
  /** The lottery's draw job (drawEveryMs; off unless set). */
  lottery?: LotteryRoutesOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    merchants: MerchantDirectory;
    db: Database;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ...envelopeServerOptions,
  });

  const merchants = createMerchantDirectory(options.db, { ttlMs: options.merchantCacheTtlMs ?? 1000 });
  app.decorate('db', options.db);
  app.decorate('merchants', merchants);
  app.addHook('onClose', async () => merchants.close());
  app.decorate('endpointRegistry', []);
  // First, so routes of encapsulated plugins (static files) are recorded too.
  installRouteTable(app);
  app.decorate('checkResponses', options.checkResponses ?? process.env.NODE_ENV !== 'production');

  installErrorHandler(app);
  registerSecurityHeaders(app);
  await registerRateLimit(app, options.rateLimitPerMinute ?? 600);
  installRequestContext(app, merchants);
  installInputTextCheck(app);

  registerOpenApiRoute(app);
  registerSystemRoutes(app, { depositBadgeOf, badgeCacheTtlMs: options.merchantCacheTtlMs ?? 1000 });
  registerIdentity(app, options.db, options.identity);
  registerSocial(app, options.social);
  registerGameRoutes(app, { cacheTtlMs: options.catalogueCacheTtlMs ?? 5000 });
  registerContentRoutes(app);
  registerPromotionRoutes(app);
  await registerWallet(app, options.db, options.wallet);
  await registerSeamlessRoutes(app, { now: () => app.identity.now(), masterSecret: options.vendorWalletSecret });
  registerPlayRoutes(app, { ...options.play, now: () => app.identity.now() });
  registerLoyaltyRoutes(app, { now: () => app.identity.now() });
  registerLeaderboardRoutes(app, { now: () => app.identity.now() });
  registerFeedbackRoutes(app, { now: () => app.identity.now() });
  await registerLiveRoutes(app);
  registerResponsibleGamingRoutes(app, { now: () => app.identity.now() });
  registerAgentRoutes(app, options.agent);
  registerLotteryRoutes(app, options.lottery);
  await registerChatRoutes(app);

  const spa = options.staticDir ? await registerSpa(app, options.staticDir) : false;
  const pages = spa && options.staticDir ? createDocumentRenderer(app, options.staticDir, { merchant: options.siteMerchant ?? 'DEMO' }) : null;
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    if (pages && wantsSpaIndex(request)) return pages.send(request, reply);
    return reply
      .status(404)
      .send(failure(errorCodes.notFound, `The requested url ${request.method} ${request.url.split('?')[0]} does not exist.`));
  });

  return app;
}
