import type { FastifyInstance } from 'fastify';
import { captchaEndpoint, devOutboxEndpoint, smsNoLoginEndpoint, smsRegisterEndpoint } from '../../../contract/verification.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { CaptchaService } from './captcha-service.ts';
import type { VerificationService } from './service.ts';

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: { captchas: CaptchaService; verification: VerificationService; devOutbox: boolean },
): void {
  const { captchas, verification } = deps;
  registerEndpoint(app, captchaEndpoint, ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    return captchas.create();
  });
  registerEndpoint(app, smsNoLoginEndpoint, ({ body, ctx }) => verification.sendNoLogin(ctx.merchant, body));
  registerEndpoint(app, smsRegisterEndpoint, ({ body, ctx }) => verification.sendRegister(ctx.merchant, body));
  // Development only: never registered in production or with a real message provider.
  if (deps.devOutbox) {
    registerEndpoint(app, devOutboxEndpoint, async ({ query, ctx }) => ({
      messages: await verification.outbox(ctx.merchant.row.code, query.to),
    }));
  }
}
