import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { inboxDeleteEndpoint, inboxListEndpoint, inboxReadEndpoint, inboxUnreadEndpoint } from '../../../contract/inbox.ts';
import { trialTypes } from '../../../contract/session.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import type { InboxReader, InboxService } from './service.ts';

/** The session's member as a reader of the inbox; trial accounts have none (spec section 6: free_reject). */
function readerOf(request: FastifyRequest): InboxReader {
  const { member } = requireAuth(request);
  if ((trialTypes as readonly number[]).includes(member.type)) {
    throw new AppError(403, errorCodes.freeReject, 'Please log in to a real account to use this function');
  }
  return { merchantCode: member.merchantCode, memberId: member.id };
}

export function registerInboxRoutes(app: FastifyInstance, inbox: InboxService): void {
  registerEndpoint(app, inboxListEndpoint, async ({ ctx, request, query }) =>
    inbox.page(readerOf(request), ctx.language, query.pageNo, query.pageSize),
  );
  registerEndpoint(app, inboxReadEndpoint, async ({ ctx, request, body }) => inbox.read(readerOf(request), body.id, ctx.language));
  registerEndpoint(app, inboxDeleteEndpoint, async ({ request, body }) => inbox.remove(readerOf(request), body.id));
  registerEndpoint(app, inboxUnreadEndpoint, async ({ request }) => inbox.unreadCount(readerOf(request)));
}
