/**
 * The chat's HTTP endpoints and its WebSocket (contract/chat.ts,
 * docs/chat.md). The socket's merchant is its `merchant` query parameter
 * (browsers send no custom header with a WebSocket); the socket
 * authenticates with its first frame (hub.ts). Staff endpoints take the
 * staff token in `Authorization`.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chatErrorCodes,
  chatGuestEndpoint,
  chatLaunchEndpoint,
  chatScreenPath,
  chatSocketPath,
  chatUnreadEndpoint,
  staffAssignEndpoint,
  staffCloseEndpoint,
  staffHistoryEndpoint,
  staffLoginEndpoint,
  staffLogoutEndpoint,
  staffMessagesEndpoint,
  staffQueueEndpoint,
} from '../../../contract/chat.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { trialTypes } from '../../../contract/session.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { readPlatformHeaders } from '../../http/request-context.ts';
import { requireAuth } from '../session/auth.ts';
import { hashToken, newToken } from '../session/tokens.ts';
import { createChatHub } from './hub.ts';
import { memberUnread, readMessages, staffConversation, staffHistory, staffQueue, startGuestConversation } from './service.ts';
import { createStaffAccounts } from './staff.ts';

/** Largest frame a socket may send. */
const maxFrameBytes = 16 * 1024;

const chatEnabled = (ctx: RequestContext) => ctx.merchant.row.switches.CBS3 === true;

function requireChat(ctx: RequestContext): void {
  if (!chatEnabled(ctx)) throw new AppError(403, chatErrorCodes.disabled, 'Live chat is not available.');
}

function refuseTrial(type: number): void {
  if ((trialTypes as readonly number[]).includes(type)) {
    throw new AppError(403, errorCodes.freeReject, 'Please log in to a real account to use this function');
  }
}

export async function registerChatRoutes(app: FastifyInstance): Promise<void> {
  const staffAccounts = createStaffAccounts(app.db, () => app.identity.now());
  const hub = createChatHub({
    db: app.db,
    sessions: app.identity.sessions,
    staff: staffAccounts,
    now: () => Date.now(),
    onError: (error) => app.log.error({ err: error }, 'chat'),
  });
  app.addHook('onClose', async () => hub.shutdown());

  await app.register(websocket, { options: { maxPayload: maxFrameBytes } });
  app.route({
    method: 'GET',
    url: chatSocketPath,
    config: { merchant: false },
    // A plain request (no WebSocket upgrade) is answered as any bad request is.
    handler: async () => {
      throw new AppError(400, errorCodes.invalidRequest, 'This address takes a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const code = (request.query as { merchant?: unknown }).merchant;
      const merchant =
        typeof code === 'string' && code.length <= 32
          ? app.merchants
              .get(code)
              .then((found) => (found ? { code: found.row.code, chatEnabled: found.row.switches.CBS3 === true } : null))
              .catch(() => null)
          : Promise.resolve(null);
      hub.accept(socket, merchant);
    },
  });

  registerEndpoint(app, chatUnreadEndpoint, async ({ ctx, request }) => {
    requireChat(ctx);
    const { member } = requireAuth(request);
    refuseTrial(member.type);
    return { unReadCount: await memberUnread(app.db, member.merchantCode, member.id) };
  });

  registerEndpoint(app, chatLaunchEndpoint, async ({ ctx }) => {
    requireChat(ctx);
    // A signed-in caller's token must be valid, and a trial account is refused (spec section 6).
    if (ctx.token) refuseTrial((await app.identity.sessions.authenticate(ctx.merchant.row.code, ctx.token)).member.type);
    return { chatUrl: chatScreenPath };
  });

  registerEndpoint(
    app,
    chatGuestEndpoint,
    async ({ ctx, body }) => {
      requireChat(ctx);
      const token = newToken();
      await startGuestConversation(app.db, ctx.merchant.row.code, hashToken(token), body.name.trim(), body.contact.trim());
      return { token };
    },
    { rateLimit: { max: 5, timeWindow: 60_000 } },
  );

  registerEndpoint(
    app,
    staffLoginEndpoint,
    async ({ ctx, body }) => staffAccounts.login(ctx.merchant.row.code, body.username, body.password).then(({ token, staff }) => ({ token, staff: { id: staff.id, name: staff.name } })),
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );

  const staffOf = (request: FastifyRequest, ctx: RequestContext) => staffAccounts.authenticate(ctx.merchant.row.code, readPlatformHeaders(request).token);

  registerEndpoint(app, staffLogoutEndpoint, async ({ request }) => {
    await staffAccounts.logout(readPlatformHeaders(request).token);
    return { ok: true };
  });
  registerEndpoint(app, staffQueueEndpoint, async ({ ctx, request }) => ({ list: await staffQueue(app.db, await staffOf(request, ctx)) }));
  registerEndpoint(app, staffAssignEndpoint, async ({ ctx, request, body }) => {
    const staff = await staffOf(request, ctx);
    await hub.assign(staff, body.conversationId);
    return staffConversation(app.db, staff, body.conversationId);
  });
  registerEndpoint(app, staffCloseEndpoint, async ({ ctx, request, body }) => {
    const staff = await staffOf(request, ctx);
    await hub.close(staff, body.conversationId);
    return staffConversation(app.db, staff, body.conversationId);
  });
  registerEndpoint(app, staffHistoryEndpoint, async ({ ctx, request, query }) => staffHistory(app.db, await staffOf(request, ctx), query.q, query.pageNo));
  registerEndpoint(app, staffMessagesEndpoint, async ({ ctx, request, query }) => {
    const staff = await staffOf(request, ctx);
    const conversation = await staffConversation(app.db, staff, query.conversationId);
    return { conversation, list: await readMessages(app.db, conversation.id, { before: query.before }) };
  });
}
