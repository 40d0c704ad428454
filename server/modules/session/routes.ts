import type { FastifyInstance } from 'fastify';
import { logoutEndpoint, sessionInfoEndpoint, sessionRenewEndpoint } from '../../../contract/session.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from './auth.ts';
import type { SessionService } from './session-service.ts';
import { usableDeviceId } from './tokens.ts';

/** Logout, session info and renew (the login endpoints: login/routes.ts). */
export function registerSessionRoutes(app: FastifyInstance, deps: { sessions: SessionService }): void {
  const { sessions } = deps;

  registerEndpoint(app, logoutEndpoint, async ({ body, ctx }) => {
    await sessions.logout(ctx.token, usableDeviceId(ctx.deviceId), body?.deviceToken);
    return null;
  });

  registerEndpoint(app, sessionInfoEndpoint, ({ request }) => sessions.info(requireAuth(request)));

  registerEndpoint(app, sessionRenewEndpoint, async ({ request }) => {
    const auth = requireAuth(request);
    await sessions.touch(auth);
    return sessions.info(auth);
  });
}
