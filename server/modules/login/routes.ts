import type { FastifyInstance } from 'fastify';
import { deviceLoginEndpoint, loginEndpoint, trialLoginEndpoint } from '../../../contract/session.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type KeyStore, openEncryptedPayload } from '../crypto/key-store.ts';
import { usableDeviceId } from '../session/tokens.ts';
import type { LoginRequest, LoginService } from './login-service.ts';

export function loginRequestOf(ctx: RequestContext): LoginRequest {
  return { merchant: ctx.merchant, clientIp: ctx.clientIp, deviceId: usableDeviceId(ctx.deviceId) };
}

export function registerLoginRoutes(app: FastifyInstance, deps: { keys: KeyStore; login: LoginService }): void {
  const { keys, login } = deps;

  registerEndpoint(app, loginEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, loginEndpoint, body);
    return login.login(loginRequestOf(ctx), payload);
  });

  registerEndpoint(app, trialLoginEndpoint, ({ ctx }) => login.trial(loginRequestOf(ctx)));

  registerEndpoint(app, deviceLoginEndpoint, ({ body, ctx }) => login.loginWithDevice(loginRequestOf(ctx), body.deviceToken));
}
