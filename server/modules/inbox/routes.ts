import type { FastifyInstance } from 'fastify';
import { inboxListEndpoint, inboxUnreadEndpoint } from '../../../contract/inbox.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import type { InboxService } from './service.ts';

export function registerInboxRoutes(app: FastifyInstance, inbox: InboxService): void {
  registerEndpoint(app, inboxListEndpoint, async ({ ctx, request }) => {
    const { member } = requireAuth(request);
    return { messages: await inbox.list(ctx.merchant.row.code, member.id, ctx.language) };
  });
  registerEndpoint(app, inboxUnreadEndpoint, async ({ ctx, request }) => {
    const { member } = requireAuth(request);
    return inbox.unreadCount(ctx.merchant.row.code, member.id);
  });
}
