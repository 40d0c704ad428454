/**
 * `npm run bench:bundle` — what a first visit to /m/home downloads.
 *
 * Builds the app (`npm run build`; `--no-build` uses the existing dist/, as
 * `npm test` does right after its build), serves it with the real server on
 * 127.0.0.1 (fresh temporary DATA_DIR), opens /m/home as a guest in Debian's
 * Chromium (390 x 844, mobile) and records every script and stylesheet the
 * page requests until the network is idle: the entry, its static imports, the
 * route chunks of the first screen and the language catalog (a data file,
 * counted with the scripts: it is what they need to show a word), and anything
 * else the page pulls in on its own. Recording the real requests (rather than
 * walking the Vite manifest) also catches chunks loaded at run time. The
 * Vite manifest (dist/.vite/manifest.json) only names each file's source.
 *
 * For every file: raw size, gzip (level 9) and brotli (quality 11) sizes from
 * node:zlib — the same settings as the .gz / .br files the build writes and
 * the server sends. Budget: 150 kB (150 000 bytes) gzip of JavaScript for the
 * first load; exit code 1 when over. Writes bench-results/bundle.json.
 *
 * Then the same for the first visit of EVERY route, read from the build
 * rather than a browser: index.html's own scripts and stylesheets plus what
 * the server's page names for the route (`routeFirstLoad`, the preloads of
 * server/http/document.ts: the route's chunks, CSS and catalog parts in the
 * default language). One table row per route, sorted by JS gzip, each marked
 * when over the budget. Only the home's recorded first load fails the run
 * today; the other routes over it are listed (docs/quality.md, bench:bundle).
 *
 * Also fails when a client file imports the full `zod` (the client uses
 * `zod/mini`; the full build would add ~15 kB gzip).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  buildApp,
  distDir,
  hasFlag,
  requireBuild,
  resultsDir,
  root,
  startServer,
  table,
} from './support.ts';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium-flags.ts';
import { type FirstLoadManifest, routeFirstLoad } from '../../contract/first-load-manifest.ts';
import { defaultLanguage } from '../../contract/languages.ts';

const budgetJsGzip = 150_000;
const firstPage = '/m/home';

interface FileSize {
  file: string;
  source: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  brotli: number;
}

const gzipOf = (raw: Buffer) => gzipSync(raw, { level: 9 }).length;

function sizes(file: string): Omit<FileSize, 'source'> {
  const raw = readFileSync(path.join(distDir, file));
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    raw: raw.length,
    gzip: gzipOf(raw),
    brotli: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }).length,
  };
}

/** file -> source module, from the Vite manifest (for the report only). */
function sourcesOf(): Map<string, string> {
  const out = new Map<string, string>();
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; src?: string; css?: string[] }
    >;
    for (const [key, chunk] of Object.entries(manifest)) {
      const src = (chunk.src ?? key).replace(/\?tsr-split=.*$/, '');
      out.set(chunk.file, src);
      for (const css of chunk.css ?? []) if (!out.has(css)) out.set(css, `${src} (css)`);
    }
  } catch {
    // no manifest: the report shows file names only
  }
  return out;
}

/** Client files that import the full zod instead of zod/mini. */
function fullZodImports(): string[] {
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = readFileSync(full, 'utf8');
        if (/from\s+['"]zod(\/v4)?(\/classic)?['"]/.test(text)) hits.push(path.relative(root, full));
      }
    }
  };
  walk(path.join(root, 'src'));
  return hits;
}

interface RouteSize {
  route: string;
  files: number;
  jsGzip: number;
  cssGzip: number;
}

/** Every route's first load from the build: index.html's files plus the page's preloads. */
function routeSizes(): RouteSize[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const own = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/first-load.json'), 'utf8')) as FirstLoadManifest;
  // Gzip only (the table's measure), once per file: most files are in many routes' first loads.
  const known = new Map<string, number>();
  const gzip = (file: string) => {
    if (!known.has(file)) known.set(file, gzipOf(readFileSync(path.join(distDir, file))));
    return known.get(file)!;
  };
  return Object.keys(manifest.routes)
    .map((route) => {
      const page = routeFirstLoad(manifest, route, defaultLanguage);
      const files = [...new Set([...own, ...page.css, ...page.js])];
      const sum = (kind: RegExp) => files.filter((f) => kind.test(f)).reduce((total, f) => total + gzip(f), 0);
      return { route, files: files.length, jsGzip: sum(/\.(js|json)$/), cssGzip: sum(/\.css$/) };
    })
    .sort((a, b) => b.jsGzip - a.jsGzip || a.route.localeCompare(b.route));
}

async function firstLoadFiles(origin: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      // Scripts, stylesheets and the message catalogs (data files, counted with the scripts).
      if (/\.(m?js|css|json)$/.test(url.pathname)) files.add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(`${origin}${firstPage}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    return [...files];
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  if (hasFlag('--no-build')) requireBuild();
  else buildApp();

  const server = await startServer(distDir, 'bench-bundle');
  let files: string[];
  try {
    files = await firstLoadFiles(server.origin);
  } finally {
    await server.stop();
  }
  const sources = sourcesOf();
  const measured: FileSize[] = files
    .map((f) => ({ ...sizes(f), source: sources.get(f) ?? '' }))
    .sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === 'js' ? -1 : 1));
  const total = (kind: 'js' | 'css' | 'all', key: 'raw' | 'gzip' | 'brotli') =>
    measured.filter((f) => kind === 'all' || f.kind === kind).reduce((sum, f) => sum + f[key], 0);
  const kb = (n: number) => (n / 1000).toFixed(2);

  console.log(`bench:bundle — first visit to ${firstPage} as a guest (Chromium, recorded requests); sizes in kB (1000 bytes)\n`);
  console.log(
    table([
      ['file', 'source', 'raw', 'gzip', 'brotli'],
      ...measured.map((f) => [f.file, f.source, kb(f.raw), kb(f.gzip), kb(f.brotli)]),
      ...(['js', 'css', 'all'] as const).map((k) => [
        `total ${k === 'all' ? 'JS + CSS' : k.toUpperCase()}`,
        '',
        kb(total(k, 'raw')),
        kb(total(k, 'gzip')),
        kb(total(k, 'brotli')),
      ]),
    ]),
  );

  const routes = routeSizes();
  const over = routes.filter((r) => r.jsGzip > budgetJsGzip);
  console.log(`\nEvery route's first load (index.html + the page's preloads, ${defaultLanguage} catalogs); gzip kB\n`);
  console.log(
    table([
      ['route', 'files', 'JS', 'CSS', `JS <= ${kb(budgetJsGzip)}`],
      ...routes.map((r) => [r.route, String(r.files), kb(r.jsGzip), kb(r.cssGzip), r.jsGzip > budgetJsGzip ? 'over' : 'ok']),
    ]),
  );
  console.log(`${over.length} of ${routes.length} routes over the budget`);

  const failures: string[] = [];
  const jsGzip = total('js', 'gzip');
  if (!measured.some((f) => f.kind === 'js')) failures.push(`no script was requested by ${firstPage}`);
  if (jsGzip > budgetJsGzip) failures.push(`first-load JS is ${kb(jsGzip)} kB gzip, over the budget of ${kb(budgetJsGzip)} kB`);
  const zod = fullZodImports();
  if (zod.length) failures.push(`full zod imported in the client (use zod/mini): ${zod.join(', ')}`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'bundle.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        page: firstPage,
        budget: { jsGzipBytes: budgetJsGzip },
        totals: {
          js: { raw: total('js', 'raw'), gzip: jsGzip, brotli: total('js', 'brotli') },
          css: { raw: total('css', 'raw'), gzip: total('css', 'gzip'), brotli: total('css', 'brotli') },
        },
        files: measured,
        routes,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nbudget: JS of the first load <= ${kb(budgetJsGzip)} kB gzip — ${kb(jsGzip)} kB (${((jsGzip / budgetJsGzip) * 100).toFixed(1)}% of it)`);
  console.log('wrote bench-results/bundle.json');
  if (failures.length) {
    console.error(`\nBUDGET BROKEN:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  return 1;
});
