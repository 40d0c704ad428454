import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:8080';

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
  },
});
