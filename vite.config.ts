import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstLoadPlugin } from './scripts/first-load-plugin.ts';
import { routes } from './src/routes/routes.ts';

const backend = 'http://127.0.0.1:8080';

/**
 * Writes `file.br` and `file.gz` next to every text file of the build; the
 * server sends them to browsers that accept them (`preCompressed` in
 * server/http/spa.ts). Compressing once at build time at the highest levels
 * costs nothing per request and makes the first load about 3.5x smaller
 * (measured by `npm run bench:web` / `bench:bundle`, docs/quality.md).
 */
function precompress(): Plugin {
  return {
    name: 'm-casino:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (file.startsWith('.vite/') || !/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const raw = readFileSync(join(dir, file));
        if (raw.length < 1024) continue;
        writeFileSync(
          join(dir, `${file}.br`),
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
        writeFileSync(join(dir, `${file}.gz`), gzipSync(raw, { level: 9 }));
      }
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
    // .vite/first-load.json: each route's chunks, preloaded by the server (docs/first-load.md).
    firstLoadPlugin({ routes, routesDirectory: './src/routes' }),
    precompress(),
  ],
  resolve: {
    alias: [
      // Catalogs are compiled to AST at build time (`npm run i18n:compile`),
      // so the ICU parser is not needed in the browser.
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
      '/wps': { target: backend, changeOrigin: false },
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
    modulePreload: { polyfill: false },
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph, read by `npm run bench:bundle`.
    manifest: true,
  },
});
