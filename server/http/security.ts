import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { errorCodes } from '../../contract/error-codes.ts';
import { isApiRequest } from './api-paths.ts';
import { internalCallHeader, internalCallToken } from './document.ts';
import { AppError } from './app-error.ts';
import { isSharedDatabase } from '../db/change-bus.ts';
import { createDatabaseRateLimitStore } from './rate-limit-store.ts';

/** What pages and API answers both carry. */
const common = {
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xContentTypeOptions: true,
} as const;

/**
 * Security headers, in two sets, each built once (each request only sets the
 * finished headers; the Fastify plugin would parse every directive again).
 *
 * - Pages (the SPA, the game pages, the local payment pages): a CSP that
 *   allows no inline script; inline styles only in style attributes (sanitised
 *   server HTML such as announcements carries them), never in <style>
 *   elements; and helmet's other document headers.
 * - API answers (`/wps`, `/lgw`; JSON, never rendered): the policy of a
 *   document that may load nothing and be framed by nobody
 *   (`default-src 'none'; frame-ancestors 'none'`), with HSTS, nosniff, the
 *   referrer policy and the cross-origin resource policy. The document
 *   headers meant for pages (opener policy, origin-agent cluster, DNS
 *   prefetch, XSS auditor, download options) are left out: they made about
 *   two thirds of an answer's header bytes on every call of the site.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = helmet({
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
    ...common,
  });
  const apiHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    ...common,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    (isApiRequest(request) ? apiHeaders : pageHeaders)(request.raw, reply.raw, (error) =>
      done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error))),
    ),
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
