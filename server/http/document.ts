/**
 * The page of a client-side route (index.html), with what its first screen
 * needs asked for in the document itself (docs/first-load.md):
 *
 * - `<link rel="modulepreload">` for the route's chunks and the default
 *   language's message catalog, and `<link rel="stylesheet">` for the route's
 *   CSS (from `.vite/first-load.json`, written by scripts/first-load-plugin.ts),
 *   so the browser fetches them in parallel with the entry instead of one
 *   round trip after another;
 * - the answers of the screen's first public calls (`server/http/first-screen.ts`)
 *   in `<script type="application/json" id="mc-first-answers">`, taken by the
 *   API client instead of a request each;
 * - `<link rel="preload" as="image">` for the images the first screen shows
 *   first (the home banner, the first game icons).
 *
 * The answers come from the server's own routes (`app.inject`, the same code
 * and caches as a request from the browser) with the visitor's address, so a
 * restricted visitor's status is the one they would get. A call that fails is
 * left out: the client then asks for it as usual.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callKey, type FirstAnswer, firstAnswersElementId, queryString } from '../../contract/first-answers.ts';
import { acceptedEncoding, compressAsync, sendEncoded } from './content-encoding.ts';
import { type FirstCall, firstScreenCalls, firstScreenImages, firstScreenPath, followUpCalls, settingsCall } from './first-screen.ts';
import { defaultLanguage } from '../../contract/languages.ts';
import { appShellPath } from '../../contract/route-paths.ts';
import { type FirstLoadManifest, routeFirstLoad } from '../../contract/first-load-manifest.ts';

/** Header that marks the document's own calls (not counted by the rate limit: the page request was). */
export const internalCallHeader = 'x-first-load';
export const internalCallToken = randomBytes(24).toString('base64url');

export interface DocumentOptions {
  /** The merchant the built site serves (the client's VITE_MERCHANT_CODE). */
  merchant: string;
}

export interface DocumentRenderer {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** `<` `>` `&` and the line separators escaped, so JSON cannot end the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The meta element that carries the merchant's brand to the client (src/app/brand.ts). */
export const brandMetaName = 'application-name';

/**
 * The merchant's name (its configuration, the consolidated settings' `name`)
 * as the page's title and its application name; the template's title stays
 * when the settings could not be read.
 */
export function withBrand(html: string, name: string | null): string {
  if (!name) return html;
  const text = escapeAttribute(name).replace(/>/g, '&gt;');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`)
    .replace('</head>', () => `  <meta name="${brandMetaName}" content="${text}">\n  </head>`);
}

/** Returns null when the build has no index.html (API-only server). */
export function createDocumentRenderer(app: FastifyInstance, distDir: string, options: DocumentOptions): DocumentRenderer | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'first-load.json');
  const manifest: FirstLoadManifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as FirstLoadManifest)
    : { routes: {}, catalogs: {} };

  async function answer(request: FastifyRequest, { endpoint, query }: FirstCall): Promise<FirstAnswer | null> {
    const res = await app.inject({
      method: 'GET',
      url: `${endpoint.path}${queryString(query)}`,
      remoteAddress: request.ip,
      headers: { merchant: options.merchant, language: defaultLanguage, [internalCallHeader]: internalCallToken },
    });
    if (res.statusCode !== 200) return null;
    const body = res.json() as { success?: boolean; value?: unknown };
    if (body.success !== true) return null;
    return { key: callKey(endpoint, query), merchant: options.merchant, language: defaultLanguage, value: body.value };
  }

  async function render(request: FastifyRequest): Promise<string> {
    const [rawPath, rawSearch = ''] = request.url.split('?');
    // The shell the service worker keeps offline: no answers of this moment in it.
    if (rawPath === appShellPath) return template;
    const pathname = firstScreenPath(decodedPath(rawPath ?? '/'));
    const search = new URLSearchParams(rawSearch);
    const files = routeFirstLoad(manifest, pathname, defaultLanguage);
    // The screen's first calls, then those that need their answers (one more step, still on the server).
    const first = await Promise.all(firstScreenCalls(pathname).map((call) => answer(request, call)));
    const lookup = new Map<string, unknown>();
    const answerOf = (endpoint: FirstCall['endpoint'], query?: Record<string, unknown>) => lookup.get(callKey(endpoint, query));
    for (const a of first) if (a) lookup.set(a.key, a.value);
    const more = await Promise.all(
      followUpCalls(pathname, search, answerOf)
        .filter((call) => !lookup.has(callKey(call.endpoint, call.query)))
        .map((call) => answer(request, call)),
    );
    const answers = [...first, ...more].filter((a): a is FirstAnswer => a !== null);
    for (const a of answers) lookup.set(a.key, a.value);
    const settings = answerOf(settingsCall.endpoint) as { name?: unknown } | undefined;
    const brand = typeof settings?.name === 'string' ? settings.name : null;
    const images = firstScreenImages(pathname, search, answerOf);
    const head = [
      ...files.css.map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(f)}">`),
      // Chunks as modules; the catalog parts (data files) as the fetch src/i18n/catalog-files.ts makes.
      ...files.js.map((f) =>
        f.endsWith('.json')
          ? `<link rel="preload" as="fetch" crossorigin href="/${escapeAttribute(f)}">`
          : `<link rel="modulepreload" crossorigin href="/${escapeAttribute(f)}">`,
      ),
      ...images.map((src, i) => `<link rel="preload" as="image" href="${escapeAttribute(src)}"${i === 0 ? ' fetchpriority="high"' : ''}>`),
    ];
    const body = answers.length
      ? `<script type="application/json" id="${firstAnswersElementId}">${jsonForScript(answers)}</script>`
      : '';
    // Function replacers: `$&` or `$'` in the data must stay text.
    return withBrand(template, brand)
      .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`)
      .replace('</body>', () => `  ${body}\n  </body>`);
  }

  return {
    async send(request, reply) {
      const html = await render(request);
      if (request.method === 'HEAD') return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send();
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      const encoding = acceptedEncoding(request);
      return sendEncoded(reply, encoding, encoding ? await compressAsync(html, encoding) : Buffer.from(html));
    },
  };
}
