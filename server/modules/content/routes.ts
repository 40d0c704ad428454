import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  announcementsEndpoint,
  bannersEndpoint,
  customerServiceEndpoint,
  downloadLinksEndpoint,
  footerEndpoint,
} from '../../../contract/content.ts';
import { helpCenterEndpoint } from '../../../contract/help.ts';
import { agentNoticesEndpoint, announcementUnreadEndpoint, markAnnouncementReadEndpoint } from '../../../contract/notices.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { requireAuth } from '../session/auth.ts';
import { registerBannerImageRoute } from './banner-images.ts';
import { agentNotices, announcementUnreadCount, markAnnouncementRead } from './notices.ts';
import { type AnnouncementReader, announcementGroups, bannerList, customerService, downloadLinkList, footer, helpCenter } from './service.ts';

const readerOf = (request: FastifyRequest): AnnouncementReader => {
  const { member } = requireAuth(request);
  return { memberId: member.id, type: member.type };
};

export function registerContentRoutes(app: FastifyInstance): void {
  /** The member of the request's session when it carries a live one; a guest otherwise (the list is public). */
  const optionalReader = async (ctx: RequestContext): Promise<AnnouncementReader | null> => {
    if (!ctx.token) return null;
    const auth = await app.identity.sessions.authenticate(ctx.merchant.row.code, ctx.token).catch(() => null);
    return auth ? { memberId: auth.member.id, type: auth.member.type } : null;
  };
  const readerLanguage = (ctx: RequestContext, asked?: string) => ({
    language: asked ?? ctx.language,
    merchantDefault: ctx.merchant.row.defaultLanguage,
  });

  registerEndpoint(app, bannersEndpoint, ({ ctx, query }) => bannerList(app.db, ctx.merchant.row.code, query.groupName));
  registerEndpoint(app, announcementsEndpoint, async ({ ctx, query }) =>
    announcementGroups(
      app.db,
      ctx.merchant.row.code,
      { ...query, ...readerLanguage(ctx, query.language) },
      await optionalReader(ctx),
      app.identity.now(),
    ),
  );
  registerEndpoint(app, markAnnouncementReadEndpoint, ({ ctx, request, body }) =>
    markAnnouncementRead(app.db, ctx.merchant.row.code, readerOf(request), body.announcementId, app.identity.now()),
  );
  registerEndpoint(app, announcementUnreadEndpoint, ({ ctx, request }) =>
    announcementUnreadCount(app.db, ctx.merchant.row.code, readerOf(request), readerLanguage(ctx), app.identity.now()),
  );
  registerEndpoint(app, agentNoticesEndpoint, ({ ctx, request, query }) =>
    agentNotices(app.db, ctx.merchant.row.code, readerOf(request), { groupName: query.groupName, ...readerLanguage(ctx) }, app.identity.now()),
  );
  registerEndpoint(app, footerEndpoint, ({ ctx }) => footer(app.db, ctx.merchant.row.code));
  registerEndpoint(app, customerServiceEndpoint, ({ ctx }) => customerService(app.db, ctx.merchant.row.code));
  registerEndpoint(app, downloadLinksEndpoint, ({ ctx }) => downloadLinkList(app.db, ctx.merchant.row.code));
  // `lang` when given, else the request's language (the Language header, when the merchant offers it).
  registerEndpoint(app, helpCenterEndpoint, ({ ctx, query }) =>
    helpCenter(app.db, ctx.merchant.row.code, query.lang ?? ctx.language, ctx.merchant.row.defaultLanguage),
  );
  registerBannerImageRoute(app);
}
