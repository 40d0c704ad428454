import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { errorCodes } from '../../contract/error-codes.ts';
import { isApiRequest } from './api-paths.ts';
import { internalCallHeader, internalCallToken } from './document.ts';
import { AppError } from './app-error.ts';
import { isSharedDatabase } from '../db/change-bus.ts';
import { createDatabaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Security headers for the SPA and the API. The CSP allows no inline script;
 * inline styles only in style attributes (sanitised server HTML such as
 * announcements carries them), never in <style> elements.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Built once: each request only sets the finished headers (the Fastify plugin would build the
  // middleware again, parsing every directive, on each request).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error)))),
  );
}

/**
 * Per-IP rate limit on /wps and /lgw; the 429 answer is a failure envelope. Counted in memory with
 * PGlite (one process), in the database on PostgreSQL, where other processes serve the same clients.
 */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    ...(isSharedDatabase(app.db) ? { store: createDatabaseRateLimitStore(app.db) } : {}),
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    // The page's own first-screen calls are part of the page request, which was counted.
    allowList: (request) => !isApiRequest(request) || request.headers[internalCallHeader] === internalCallToken,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, errorCodes.rateLimited, `Too many requests, retry in ${context.after}.`),
  });
}
