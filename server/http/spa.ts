import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-paths.ts';

/**
 * Serves the built SPA (vite's dist/). Hashed files under /assets are cached
 * for a year; everything else must be revalidated. Files are registered as
 * routes at start (`wildcard: false`), so unknown paths reach the not-found
 * handler, which answers the page (index.html with what the first screen
 * needs, server/http/document.ts) for client-side routes such as /m/home.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    cacheControl: false,
    // The build writes .br and .gz next to every text file (vite.config.ts,
    // `precompress`): send those to browsers that accept them.
    preCompressed: true,
    // index.html is never sent as it is: the pages of client routes are rendered (server/http/document.ts).
    index: false,
    globIgnore: ['**/*.br', '**/*.gz', '.vite/**', 'index.html'],
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * A GET for a client-side route: not the API, and not something that looks
 * like a file — except `.html` pages, which are routes of the site
 * (/m/index.html, /m/register.html).
 */
export function wantsSpaIndex(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiRequest(request)) return false;
  const pathname = request.url.split('?')[0] ?? '/';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}
