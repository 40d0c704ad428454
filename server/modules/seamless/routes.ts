/**
 * `/lgw/wallet/*`, the seamless-wallet API of vendors. The routes live in an
 * encapsulated plugin that keeps the raw JSON body (the signature covers the
 * exact bytes) and checks the signature before any handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  walletBalanceEndpoint,
  walletCreditEndpoint,
  walletDebitEndpoint,
  walletRollbackEndpoint,
} from '../../../contract/seamless.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { createVendorSecrets, verifySignedRequest } from './signature.ts';
import { type WalletScope, walletBalance, walletCredit, walletDebit, walletRollback } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    seamlessVendor?: string;
  }
  interface FastifyInstance {
    /** The seamless-wallet secret of a vendor (null when unknown). */
    vendorSecret: (vendorCode: string) => Promise<string | null>;
  }
}

export interface SeamlessRoutesOptions {
  /** Clock of the replay window and of bet times. */
  now?: () => Date;
  /** VENDOR_WALLET_SECRET: vendors' secrets are derived from it instead of random ones kept in the database. */
  masterSecret?: string | undefined;
}

function scopeOf(ctx: RequestContext, request: FastifyRequest): WalletScope {
  return { merchantCode: ctx.merchant.row.code, currency: ctx.merchant.row.currencyCode, vendorCode: request.seamlessVendor ?? '' };
}

export async function registerSeamlessRoutes(app: FastifyInstance, options: SeamlessRoutesOptions = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  app.decorate('vendorSecret', createVendorSecrets(app.db, options.masterSecret));
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      parseJson(request, body as string, done);
    });
    scope.addHook('preHandler', async (request) => {
      request.seamlessVendor = await verifySignedRequest(app.vendorSecret, request.headers, request.rawBody ?? '', now().getTime());
    });
    registerEndpoint(scope, walletBalanceEndpoint, ({ ctx, request, body }) => walletBalance(app.db, scopeOf(ctx, request), body.playerId));
    registerEndpoint(scope, walletDebitEndpoint, ({ ctx, request, body }) => walletDebit(app.db, scopeOf(ctx, request), body, now()));
    registerEndpoint(scope, walletCreditEndpoint, ({ ctx, request, body }) => walletCredit(app.db, scopeOf(ctx, request), body, now()));
    registerEndpoint(scope, walletRollbackEndpoint, ({ ctx, request, body }) => walletRollback(app.db, scopeOf(ctx, request), body, now()));
  });
}
