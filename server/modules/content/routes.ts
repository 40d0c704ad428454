import type { FastifyInstance } from 'fastify';
import {
  announcementsEndpoint,
  bannersEndpoint,
  customerServiceEndpoint,
  downloadLinksEndpoint,
  footerEndpoint,
} from '../../../contract/content.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { registerBannerImageRoute } from './banner-images.ts';
import { announcementGroups, bannerList, customerService, downloadLinkList, footer } from './service.ts';

export function registerContentRoutes(app: FastifyInstance): void {
  registerEndpoint(app, bannersEndpoint, ({ ctx, query }) => bannerList(app.db, ctx.merchant.row.code, query.groupName));
  registerEndpoint(app, announcementsEndpoint, ({ ctx, query }) => announcementGroups(app.db, ctx.merchant.row.code, query));
  registerEndpoint(app, footerEndpoint, ({ ctx }) => footer(app.db, ctx.merchant.row.code));
  registerEndpoint(app, customerServiceEndpoint, ({ ctx }) => customerService(app.db, ctx.merchant.row.code));
  registerEndpoint(app, downloadLinksEndpoint, ({ ctx }) => downloadLinkList(app.db, ctx.merchant.row.code));
  registerBannerImageRoute(app);
}
