import type { FastifyInstance } from 'fastify';
import {
  deviceLoginEndpoint,
  loginEndpoint,
  logoutEndpoint,
  sessionInfoEndpoint,
  sessionRenewEndpoint,
  trialLoginEndpoint,
} from '../../../contract/session.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type KeyStore, openEncryptedPayload } from '../crypto/key-store.ts';
import { requireAuth } from './auth.ts';
import type { LoginRequest, LoginService } from './login-service.ts';
import type { SessionService } from './session-service.ts';
import { usableDeviceId } from './tokens.ts';

export function loginRequestOf(ctx: RequestContext): LoginRequest {
  return { merchant: ctx.merchant, clientIp: ctx.clientIp, deviceId: usableDeviceId(ctx.deviceId) };
}

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { keys: KeyStore; login: LoginService; sessions: SessionService },
): void {
  const { keys, login, sessions } = deps;

  registerEndpoint(app, loginEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, loginEndpoint, body);
    return login.login(loginRequestOf(ctx), payload);
  });

  registerEndpoint(app, trialLoginEndpoint, ({ ctx }) => login.trial(loginRequestOf(ctx)));

  registerEndpoint(app, deviceLoginEndpoint, ({ body, ctx }) => login.loginWithDevice(loginRequestOf(ctx), body.deviceToken));

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
