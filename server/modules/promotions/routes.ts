/**
 * Promotion routes (contract/promotions.ts): categories and the list (a
 * session is optional: with one, each promotion carries the member's status),
 * apply (its body limit raised to three images), join and claim (a session
 * is required), and the generated images and an application's image bytes
 * (images.ts). Rules in service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyEndpoint, claimEndpoint, joinEndpoint, promotionCategoriesEndpoint, promotionsEndpoint } from '../../../contract/promotions.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { requireAuth } from '../session/auth.ts';
import { registerPromotionImageRoutes } from './images.ts';
import { readerLanguages } from '../../lib/localised.ts';
import { type Actor, applyForPromotion, categoryList, claimBonus, joinPromotion, promotionList, type Reader } from './service.ts';
import { applyBodyLimit, precheckUploads } from './uploads.ts';

export function registerPromotionRoutes(app: FastifyInstance): void {
  const now = () => app.identity.now();
  const languagesOf = (ctx: RequestContext) => readerLanguages(ctx.language, ctx.merchant.row.defaultLanguage);

  /** The reader of a read whose session is optional: a token that authenticates names the member, else a guest. */
  async function reader(ctx: RequestContext): Promise<Reader> {
    const merchantCode = ctx.merchant.row.code;
    const auth = ctx.token ? await app.identity.sessions.authenticate(merchantCode, ctx.token, { fresh: false }).catch(() => null) : null;
    return { merchantCode, languages: languagesOf(ctx), member: auth?.member ?? null };
  }
  const actor = (ctx: RequestContext, request: FastifyRequest): Actor => ({
    merchantCode: ctx.merchant.row.code,
    languages: languagesOf(ctx),
    member: requireAuth(request).member,
  });

  registerEndpoint(app, promotionCategoriesEndpoint, ({ ctx }) => categoryList(app.db, ctx.merchant.row.code, languagesOf(ctx)));
  registerEndpoint(app, promotionsEndpoint, async ({ ctx, query }) => promotionList(app.db, await reader(ctx), query, now()));
  registerEndpoint(app, applyEndpoint, ({ ctx, request, body }) => applyForPromotion(app.db, actor(ctx, request), body, now()), {
    bodyLimit: applyBodyLimit,
    precheckBody: precheckUploads,
  });
  registerEndpoint(app, joinEndpoint, ({ ctx, request, body }) => joinPromotion(app.db, actor(ctx, request), body, now()));
  registerEndpoint(app, claimEndpoint, ({ ctx, request, body }) => claimBonus(app.db, actor(ctx, request), body, now()));
  registerPromotionImageRoutes(app);
}
