import type { FastifyInstance } from 'fastify';
import {
  captchaEndpoint,
  devCaptchaEndpoint,
  devOutboxEndpoint,
  smsNoLoginEndpoint,
  smsRegisterEndpoint,
} from '../../../contract/verification.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { isDirectLoopbackRequest } from '../../http/loopback.ts';
import type { CaptchaService } from './captcha-service.ts';
import { listOutbox } from './outbox.ts';
import type { VerificationService } from './service.ts';

export interface VerificationRouteOptions {
  captchas: CaptchaService;
  verification: VerificationService;
  /** The test switch (DEV_ENDPOINTS): the outbox and captcha answers over HTTP, to loopback clients only. */
  devEndpoints: { outbox: boolean; captcha: boolean };
}

export function registerVerificationRoutes(app: FastifyInstance, deps: VerificationRouteOptions): void {
  const { captchas, verification } = deps;
  registerEndpoint(app, captchaEndpoint, ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    return captchas.create();
  });
  registerEndpoint(app, smsNoLoginEndpoint, ({ body, ctx }) => verification.sendNoLogin(ctx, body));
  registerEndpoint(app, smsRegisterEndpoint, ({ body, ctx }) => verification.sendRegister(ctx, body));

  // The test switch only: never registered in production, and answered to this machine only.
  const loopbackOnly = (request: Parameters<typeof isDirectLoopbackRequest>[0]) => {
    if (!isDirectLoopbackRequest(request)) throw AppError.notFound(`The requested url ${request.method} ${request.url.split('?')[0]} does not exist.`);
  };
  if (deps.devEndpoints.outbox) {
    registerEndpoint(app, devOutboxEndpoint, async ({ query, ctx, request, reply }) => {
      loopbackOnly(request);
      void reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(app.db, ctx.merchant.row.code, query.to) };
    });
  }
  if (deps.devEndpoints.captcha) {
    registerEndpoint(app, devCaptchaEndpoint, ({ query, request, reply }) => {
      loopbackOnly(request);
      void reply.header('cache-control', 'no-store');
      return { answer: captchas.revealedAnswer(query.captchaId) };
    });
  }
}
