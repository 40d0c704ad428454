/**
 * Vite plugin: the compiled message catalogs (src/i18n/compiled/<lang>.<part>.json,
 * `npm run i18n:compile`) as data files the site fetches by one URL pattern,
 * `/assets/i18n/<version>/<lang>.<part>.json`, rather than as a module each:
 * thirty languages of six parts each would put 180 chunk names into the
 * entry's import map, which every first load pays for, while a pattern costs
 * one string (src/i18n/catalog-files.ts). `<version>` is a hash of all the
 * compiled files, so the files are cached for a year like the other assets
 * and a new build with other words has other URLs. In development the files
 * are served from src/i18n/compiled as they are.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const compiledCatalogDir = path.resolve(import.meta.dirname, '../src/i18n/compiled');
const devBase = '/i18n-dev/';

/** The compiled files, sorted. */
export function compiledCatalogFiles(dir = compiledCatalogDir): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
}

/** A hash of every compiled file's name and content: the build's catalog folder. */
export function catalogVersion(dir = compiledCatalogDir): string {
  const hash = createHash('sha256');
  for (const file of compiledCatalogFiles(dir)) hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex').slice(0, 10);
}

/** Where a build keeps the compiled files (relative to the site root). */
export const catalogAssetDir = (version: string) => `assets/i18n/${version}`;

/**
 * `withDevPart`: also the developer tools' part (`*.dev.json`), for builds
 * that carry the inspector (`npm run preview`); a production build has none.
 */
export function catalogAssetsPlugin({ withDevPart }: { withDevPart: boolean }): Plugin {
  let build = false;
  let version = '';
  return {
    name: 'm-casino:catalog-assets',
    config(_config, env) {
      build = env.command === 'build';
      version = catalogVersion();
      return { define: { __CATALOG_BASE__: JSON.stringify(build ? `/${catalogAssetDir(version)}/` : devBase) } };
    },
    configureServer(server) {
      server.middlewares.use(devBase, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!/^[a-z-]+\.[a-z]+\.json$/.test(name) || !existsSync(path.join(compiledCatalogDir, name))) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(readFileSync(path.join(compiledCatalogDir, name)));
      });
    },
    generateBundle() {
      if (!build) return;
      const files = compiledCatalogFiles();
      if (files.length === 0) this.error('No compiled catalogs: run `npm run i18n:compile`');
      for (const file of files.filter((f) => withDevPart || !f.endsWith('.dev.json'))) {
        this.emitFile({ type: 'asset', fileName: `${catalogAssetDir(version)}/${file}`, source: readFileSync(path.join(compiledCatalogDir, file)) });
      }
    },
  };
}
