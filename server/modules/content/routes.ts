import type { FastifyInstance } from 'fastify';
import {
  announcementsEndpoint,
  bannersEndpoint,
  customerServiceEndpoint,
  downloadLinksEndpoint,
  footerEndpoint,
} from '../../../contract/content.ts';
import { helpCenterEndpoint } from '../../../contract/help.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { registerBannerImageRoute } from './banner-images.ts';
import { announcementGroups, bannerList, customerService, downloadLinkList, footer, helpCenter } from './service.ts';

export function registerContentRoutes(app: FastifyInstance): void {
  registerEndpoint(app, bannersEndpoint, ({ ctx, query }) => bannerList(app.db, ctx.merchant.row.code, query.groupName));
  registerEndpoint(app, announcementsEndpoint, ({ ctx, query }) => announcementGroups(app.db, ctx.merchant.row.code, query));
  registerEndpoint(app, footerEndpoint, ({ ctx }) => footer(app.db, ctx.merchant.row.code));
  registerEndpoint(app, customerServiceEndpoint, ({ ctx }) => customerService(app.db, ctx.merchant.row.code));
  registerEndpoint(app, downloadLinksEndpoint, ({ ctx }) => downloadLinkList(app.db, ctx.merchant.row.code));
  // `lang` when given, else the request's language (the Language header, when the merchant offers it).
  registerEndpoint(app, helpCenterEndpoint, ({ ctx, query }) =>
    helpCenter(app.db, ctx.merchant.row.code, query.lang ?? ctx.language, ctx.merchant.row.defaultLanguage),
  );
  registerBannerImageRoute(app);
}
