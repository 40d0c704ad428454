/**
 * Authentication of endpoints declared with `auth: true`: a preHandler hook
 * (after the request context) resolves the Authorization token to the member
 * and session, or answers 401 with `user.or.token.invalid`, `login.not.session`
 * (a newer login replaced the session) or `login.session.expired`. Handlers
 * read the result with `requireAuth(request)`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedSession, SessionService } from './session-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
}

export function installAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('auth', null);
  let known = -1;
  const authRoutes = new Set<string>();
  app.addHook('preHandler', async (request) => {
    if (known !== app.endpointRegistry.length) {
      authRoutes.clear();
      for (const e of app.endpointRegistry) if (e.auth) authRoutes.add(`${e.method} ${e.path}`);
      known = app.endpointRegistry.length;
    }
    const routeMethod = request.method === 'HEAD' ? 'GET' : request.method;
    if (!authRoutes.has(`${routeMethod} ${request.routeOptions.url}`)) return;
    const ctx = request.platform;
    if (!ctx) throw new AppError(401, errorCodes.unauthorized, 'You are not logged in, please login first');
    request.auth = await sessions.authenticate(ctx.merchant.row.code, ctx.token);
  });
}

/** The member and session of an `auth: true` endpoint (resolved by the hook). */
export function requireAuth(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError(401, errorCodes.unauthorized, 'You are not logged in, please login first');
  return request.auth;
}
