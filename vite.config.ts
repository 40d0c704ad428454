import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shellPrecache, webAppManifest } from './scripts/pwa-config.ts';
import { appShellPath } from './contract/route-paths.ts';
import { firstLoadPlugin } from './scripts/first-load-plugin.ts';
import { catalogAssetsPlugin } from './scripts/catalog-assets-plugin.ts';
import { routes } from './src/routes/routes.ts';

const backend = 'http://127.0.0.1:8080';

const cssModuleFiles = new Map<string, string>();

/** `[name]_[local]` of a CSS module's class; fails the build when two CSS modules share a file name. */
function scopedClassName(local: string, file: string): string {
  const name = basename(file.split('?')[0]!).replace(/(\.module)?\.css$/, '').replace(/\./g, '-');
  const seen = cssModuleFiles.get(name);
  if (seen && seen !== file) throw new Error(`Two CSS modules are named ${name}: ${seen} and ${file}`);
  cssModuleFiles.set(name, file);
  return `${name}_${local}`;
}

/** The part of the bundler's chunking context read here. */
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}
/** Per chunking pass (a build of the reference pages of `npm run bench:web` is another graph). */
const initialByPass = new WeakMap<ModuleGraph, Map<string, boolean>>();
/** Whether the entry imports a module statically, directly or through others (the bundler's `$initial` tag). */
function initialModule(id: string, graph: ModuleGraph): boolean {
  const known = initialByPass.get(graph) ?? new Map<string, boolean>();
  initialByPass.set(graph, known);
  // One search up the importers from `id`. A module found on a way to the entry is kept as initial; a
  // "no" is kept only for `id` itself, since the search skips the modules it has already been through.
  const seen = new Set<string>();
  const reaches = (module: string): boolean => {
    const kept = known.get(module);
    if (kept !== undefined) return kept;
    if (seen.has(module)) return false;
    seen.add(module);
    const info = graph.getModuleInfo(module);
    const initial = !!info && (info.isEntry || info.importers.some(reaches));
    if (initial) known.set(module, true);
    return initial;
  };
  const initial = reaches(id);
  known.set(id, initial);
  return initial;
}

/** The modules of the home screen beyond the shell (in the entry's chunk, see `codeSplitting` below). */
const homeModules =
  /\/src\/(features\/lobby\/(lobby-home|home-parts|banner-carousel|game-grid|game-tile|lobby-blocks|lobby-names|lobby-overlays)\.tsx|app\/(lobby-actors|lobby-calls)\.ts|api\/(games|content|query)\.ts|routes\/m\/home\.tsx)|\/machines\/(lobby-home|lobby-types)\.ts|\/lucide-react\/dist\/esm\/icons\/(chevron-right|clock|layout-grid|star|ticket|wifi-off|download|megaphone|thumbs-up|tv|x)\.mjs/;

/**
 * Writes `file.br` and `file.gz` next to every text file of the build; the
 * server sends them to browsers that accept them (`preCompressed` in
 * server/http/spa.ts). Compressing once at build time at the highest levels
 * costs nothing per request and makes the first load about 3.5x smaller
 * (measured by `npm run bench:web` / `bench:bundle`, docs/quality.md).
 */
function precompress(): Plugin {
  let dir = 'dist';
  const compress = (file: string) => {
    const raw = readFileSync(join(dir, file));
    if (raw.length < 1024) return;
    writeFileSync(
      join(dir, `${file}.br`),
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    );
    writeFileSync(join(dir, `${file}.gz`), gzipSync(raw, { level: 9 }));
  };
  return {
    name: 'm-casino:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (file.startsWith('.vite/') || !/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        compress(file);
      }
    },
    // The service worker and its Workbox runtime are written after the bundle (vite-plugin-pwa's
    // closeBundle): compressed once it has run.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of readdirSync(dir)) if (/^(sw|workbox-[\w-]+)\.js$/.test(file)) compress(file);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must run before react: it generates src/routeTree.gen.ts
    // from the VIRTUAL route config (kebab-case files, camelCase URL paths) and
    // splits every route component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      virtualRouteConfig: './src/routes/routes.ts',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    // The message catalogs as data files under one URL pattern (src/i18n/catalog-files.ts).
    catalogAssetsPlugin({ withDevPart: process.env.VITE_INSPECTOR === '1' }),
    // .vite/first-load.json: each route's chunks, preloaded by the server (docs/first-load.md).
    firstLoadPlugin({ routes, routesDirectory: './src/routes' }),
    // The installable app (docs/pwa.md): the web app manifest, and a service worker that precaches
    // the shell (the entry, its CSS and the default language's core messages), keeps the hashed
    // files the player has loaded, answers a navigation with the shell only when the network fails,
    // and never touches the API. It waits for the player's "Update" (src/app/install-actors.ts).
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      manifest: webAppManifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      workbox: {
        globPatterns: ['assets/*.{js,css}', 'assets/i18n/*/*.json', 'icons/*.png', 'favicon.svg'],
        manifestTransforms: [shellPrecache('dist')],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // A page: the network's (with its first answers), else the shell kept offline.
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: appShellPath } },
          },
          {
            // Hashed files never change: kept once loaded (a screen opened online opens offline).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 30 } },
          },
        ],
      },
    }),
    precompress(),
  ],
  css: {
    // Class names are the file's name and the local name (`lobby-module_tile`): the class
    // maps of CSS modules are JavaScript in the first load, and names without hashes
    // compress well. Two CSS modules may not share a file name (checked here).
    modules: { generateScopedName: scopedClassName },
  },
  resolve: {
    alias: [
      // Catalogs are compiled to AST at build time (`npm run i18n:compile`),
      // so the ICU parser is not needed in the browser.
      // React 19 has useSyncExternalStore: the libraries that still import the shim for
      // React 16/17 (@xstate/react, @tanstack/react-store) get the plain modules instead.
      { find: 'use-sync-external-store/shim/with-selector', replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      // ws: the live chat's socket (/wps/cbs/socket) is proxied too.
      '/wps': { target: backend, changeOrigin: false, ws: true },
      '/lgw': { target: backend, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Strict CSP (no 'unsafe-inline'): never inline scripts or the modulepreload
    // polyfill; every script is a same-origin file.
    assetsInlineLimit: (file) => (/\.(js|mjs|ts|tsx)$/.test(file) ? false : undefined),
    modulePreload: false,
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    // dist/.vite/manifest.json: the chunk graph, read by `npm run bench:bundle`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Seven hash characters (the fewest the bundler accepts for this many chunks) are plenty
        // for cache-busting ~100 files; the entry names every lazily imported file, so each
        // character counts (eight cost the home's first load 0.09 kB gzip).
        entryFileNames: 'assets/[hash:7].js',
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        // What the entry needs statically is one file, not a dozen small shared chunks: a
        // browser opens only a few connections to the server, and each file waits for one
        // (measured by `npm run bench:web`, docs/first-load.md). The home screen's own modules
        // (its view, machine, calls, schemas and icons, with what they import) are in that file
        // too: the shell and nearly every screen share modules with the home (the actor system,
        // the sheet, the content and query contracts), so 62 of the 67 routes loaded the home's
        // chunk anyway, as one more file; in the entry, every route's first load has two files
        // fewer (its script and stylesheet) and 0.8-1.7 kB gzip less (no imports and exports
        // between the two; `npm run bench:bundle`, docs/first-load.md).
        codeSplitting: {
          groups: [
            { name: (id: string, graph: ModuleGraph) => (initialModule(id, graph) || homeModules.test(id) ? 'app' : null) },
            // No other group: a group takes every module its own modules import with it, so a
            // group of the content screens made the sign-in, wallet and help screens load the
            // promotions' form library, the sanitiser and the slider too (/m/login 215 -> 183 kB
            // gzip without it, /m/withdraw 209 -> 161, /m/help 198 -> 154; `npm run bench:bundle`).
          ],
        },
      },
    },
  },
});
