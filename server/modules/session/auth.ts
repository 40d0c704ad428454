/**
 * Authentication of endpoints declared with `auth: true`: a preHandler hook
 * (after the request context) resolves the Authorization token to the member
 * and session, or answers 401 with `user.or.token.invalid`, `login.not.session`
 * (a newer login replaced the session) or `login.session.expired`. Handlers
 * read the result with `requireAuth(request)`. Reads (GET) and the lobby's
 * calls (favourites, launch) may use a session this process authenticated in
 * the last 2 s (session-cache.ts); every other call (money, the account,
 * renew) reads the session from the database.
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
  const cachedRoutes = new Set<string>();
  app.addHook('preHandler', async (request) => {
    if (known !== app.endpointRegistry.length) {
      authRoutes.clear();
      cachedRoutes.clear();
      for (const e of app.endpointRegistry) {
        if (!e.auth) continue;
        authRoutes.add(`${e.method} ${e.path}`);
        if (e.method === 'GET' || e.tag === 'games') cachedRoutes.add(`${e.method} ${e.path}`);
      }
      known = app.endpointRegistry.length;
    }
    const routeMethod = request.method === 'HEAD' ? 'GET' : request.method;
    const route = `${routeMethod} ${request.routeOptions.url}`;
    if (!authRoutes.has(route)) return;
    const ctx = request.platform;
    if (!ctx) throw new AppError(401, errorCodes.unauthorized, 'You are not logged in, please login first');
    request.auth = await sessions.authenticate(ctx.merchant.row.code, ctx.token, { fresh: !cachedRoutes.has(route) });
  });
}

/** The member and session of an `auth: true` endpoint (resolved by the hook). */
export function requireAuth(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError(401, errorCodes.unauthorized, 'You are not logged in, please login first');
  return request.auth;
}
