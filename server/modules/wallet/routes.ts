/**
 * Money routes: wallet, deposit (channels, orders, the gateway callback),
 * withdraw (info, bank cards, withdrawal password, orders) and records, plus
 * the local payment gateway's hosted page. `registerWallet` builds the
 * service and the gateway and returns them (tests and the admin listener
 * use them).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { bonusRecordsEndpoint, profitRecordEndpoint } from '../../../contract/member-records.ts';
import {
  addBankCardEndpoint,
  bankCardsEndpoint,
  betRecordsEndpoint,
  createDepositEndpoint,
  createWithdrawalEndpoint,
  depositOptionsEndpoint,
  depositOrdersEndpoint,
  depositStatusEndpoint,
  gatewayCallbackEndpoint,
  hasWithdrawalPasswordEndpoint,
  setWithdrawalPasswordEndpoint,
  transactionRecordsEndpoint,
  verifyWithdrawalPasswordEndpoint,
  walletEndpoint,
  withdrawalStatusEndpoint,
  withdrawalsEndpoint,
  withdrawInfoEndpoint,
} from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { readerLanguages } from '../../lib/localised.ts';
import { requireAuth } from '../session/auth.ts';
import { createLocalGateway, type LocalGateway } from './gateway/local-gateway.ts';
import { registerLocalGatewayRoutes } from './gateway/local-routes.ts';
import { gatewaySignatureHeader, type PaymentProvider } from './gateway/provider.ts';
import { bonusRecords, profitRecord } from './member-records.ts';
import { betRecords, depositOrders, transactionRecords, withdrawalOrders } from './records.ts';
import { createWalletService, type MemberContext, type WalletService } from './service.ts';
import { walletAnswers } from './wallet-answers.ts';
import { createWithdrawalPasswords } from './withdrawal-password.ts';

export interface WalletOptions {
  now?: () => Date;
  /** Secret of the local gateway's callback signature (default: PAYMENT_LOCAL_SECRET, else random per process). */
  localGatewaySecret?: string;
}

export interface WalletModule {
  service: WalletService;
  localGateway: LocalGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletModule;
  }
  interface FastifyRequest {
    rawBody?: string;
  }
}

export async function registerWallet(app: FastifyInstance, db: Database, options: WalletOptions = {}): Promise<WalletModule> {
  const now = options.now ?? (() => new Date());
  const secret = options.localGatewaySecret ?? process.env.PAYMENT_LOCAL_SECRET?.trim() ?? randomBytes(32).toString('hex');
  const localGateway = createLocalGateway({
    secret: secret || randomBytes(32).toString('hex'),
    now,
    // The gateway calls the platform's callback endpoint through the full HTTP stack.
    deliver: async ({ merchantCode, rawBody, signature }) => {
      const response = await app.inject({
        method: 'POST',
        url: gatewayCallbackEndpoint.path,
        headers: { 'content-type': 'application/json', merchant: merchantCode, [gatewaySignatureHeader]: signature },
        payload: rawBody,
      });
      return response.statusCode;
    },
  });
  const providers = new Map<string, PaymentProvider>([[localGateway.code, localGateway]]);
  const service = createWalletService({ db, now, providers, passwords: createWithdrawalPasswords(db, now) });
  const module: WalletModule = { service, localGateway };
  app.decorate('wallet', module);

  const memberCtx = (request: Parameters<typeof requireAuth>[0], ctx: RequestContext): MemberContext => ({
    member: requireAuth(request).member,
    merchant: ctx.merchant.row,
    language: ctx.language,
  });

  // The balance a member is shown: kept until this process moves the member's money, 2 s at most (wallet-answers.ts).
  registerEndpoint(app, walletEndpoint, ({ ctx, request }) => {
    const member = memberCtx(request, ctx);
    return walletAnswers(db).get(member.member.id, `wallet|${member.merchant.code}`, () => service.wallet(member));
  });
  registerEndpoint(app, depositOptionsEndpoint, ({ ctx, request }) => service.depositOptions(memberCtx(request, ctx)));
  registerEndpoint(app, createDepositEndpoint, ({ ctx, request, body }) => service.createDeposit(memberCtx(request, ctx), body));
  registerEndpoint(app, depositStatusEndpoint, ({ ctx, request, query }) => service.depositStatus(memberCtx(request, ctx), query.orderNo));
  registerEndpoint(app, withdrawInfoEndpoint, ({ ctx, request }) => service.withdrawInfo(memberCtx(request, ctx)));
  registerEndpoint(app, bankCardsEndpoint, ({ ctx, request }) => service.bankCards(memberCtx(request, ctx)));
  registerEndpoint(app, addBankCardEndpoint, ({ ctx, request, body }) => service.addBankCard(memberCtx(request, ctx), body));
  registerEndpoint(app, hasWithdrawalPasswordEndpoint, async ({ request }) => ({
    hasWithdrawalPassword: await service.passwords.has(requireAuth(request).member),
  }));
  registerEndpoint(app, setWithdrawalPasswordEndpoint, async ({ request, body }) => {
    const member = requireAuth(request).member;
    if (member.type === 4) throw trialRejected();
    await service.passwords.set(member, body);
    return { hasWithdrawalPassword: true as const };
  });
  registerEndpoint(app, verifyWithdrawalPasswordEndpoint, async ({ request, body }) => {
    await service.passwords.verify(requireAuth(request).member, body.password);
    return { valid: true as const };
  });
  registerEndpoint(app, createWithdrawalEndpoint, ({ ctx, request, body }) => service.createWithdrawal(memberCtx(request, ctx), body));
  registerEndpoint(app, withdrawalStatusEndpoint, ({ ctx, request, query }) =>
    service.withdrawalStatus(memberCtx(request, ctx), query.orderNo),
  );
  registerEndpoint(app, transactionRecordsEndpoint, ({ ctx, request, query }) =>
    transactionRecords(db, ctx.merchant.row.code, requireAuth(request).member.id, query),
  );
  registerEndpoint(app, betRecordsEndpoint, ({ ctx, request, query }) =>
    betRecords(db, ctx.merchant.row.code, requireAuth(request).member.id, query),
  );
  registerEndpoint(app, profitRecordEndpoint, ({ ctx, request, query }) =>
    profitRecord(db, ctx.merchant.row.code, requireAuth(request).member.id, query),
  );
  registerEndpoint(app, bonusRecordsEndpoint, ({ ctx, request, query }) =>
    bonusRecords(
      db,
      ctx.merchant.row.code,
      requireAuth(request).member.id,
      readerLanguages(ctx.language, ctx.merchant.row.defaultLanguage),
      query,
    ),
  );
  registerEndpoint(app, depositOrdersEndpoint, ({ request, query }) => depositOrders(db, requireAuth(request).member.id, query));
  registerEndpoint(app, withdrawalsEndpoint, ({ request, query }) => withdrawalOrders(db, requireAuth(request).member.id, query));

  // The callback verifies an HMAC of the raw body, so its JSON parser keeps the text.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(AppError.invalid('Invalid JSON body'), undefined);
      }
    });
    registerEndpoint(scope, gatewayCallbackEndpoint, ({ ctx, request, body }) => {
      const signature = request.headers[gatewaySignatureHeader];
      return service.gatewayCallback(
        ctx.merchant.row,
        localGateway.code,
        request.rawBody ?? '',
        typeof signature === 'string' ? signature : undefined,
        body,
      );
    });
  });

  registerLocalGatewayRoutes(app, db, localGateway);
  return module;
}

function trialRejected(): AppError {
  return new AppError(403, errorCodes.freeReject, 'Please login an actual account to use this function');
}
