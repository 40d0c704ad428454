import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceLoginEndpoint, loginEndpoint, trialLoginEndpoint } from '../../../contract/session.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type KeyStore, openEncryptedPayload } from '../crypto/key-store.ts';
import { usableDeviceId } from '../session/tokens.ts';
import type { LoginRequest, LoginService } from './login-service.ts';

export function loginRequestOf(ctx: RequestContext, request: FastifyRequest): LoginRequest {
  // The session keeps it trimmed to 256 characters (session-view.ts storedUserAgent).
  const userAgent = request.headers['user-agent'];
  return { merchant: ctx.merchant, clientIp: ctx.clientIp, deviceId: usableDeviceId(ctx.deviceId), userAgent: typeof userAgent === 'string' ? userAgent : null };
}

export function registerLoginRoutes(app: FastifyInstance, deps: { keys: KeyStore; login: LoginService }): void {
  const { keys, login } = deps;

  registerEndpoint(app, loginEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, loginEndpoint, body);
    return login.login(loginRequestOf(ctx, request), payload);
  });

  registerEndpoint(app, trialLoginEndpoint, ({ ctx, request }) => login.trial(loginRequestOf(ctx, request)));

  registerEndpoint(app, deviceLoginEndpoint, ({ body, ctx, request }) =>
    login.loginWithDevice(loginRequestOf(ctx, request), body.deviceToken),
  );
}
