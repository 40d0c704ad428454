/**
 * The installable app's configuration (vite.config.ts, docs/pwa.md): the web
 * app manifest, and what the service worker precaches.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestOptions } from 'vite-plugin-pwa';
import type { FirstLoadManifest } from '../contract/first-load-manifest.ts';
import { routeFirstLoad } from '../contract/first-load-manifest.ts';
import { appShellPath, homePath } from '../contract/route-paths.ts';



const brand = '#f5c451';
const background = '#0f1115';

export const webAppManifest: Partial<ManifestOptions> = {
  id: '/m/home',
  name: 'M Casino',
  short_name: 'M Casino',
  description: 'Casino, sports and lottery games on your phone.',
  start_url: `${homePath}?source=pwa`,
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: background,
  background_color: background,
  categories: ['games', 'entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** The brand colour of the icons (scripts/app-icons.ts draws them). */
export const iconColours = { brand, background };

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** The catalog parts kept offline for every language: what every screen shows, the whole-page states, and the offline notice. */
const shellParts = ['core', 'status', 'install'] as const;

/** Lazy modules kept offline with the shell. */
const offlineModules = ['src/features/shell/install-layer.tsx'];

/**
 * Workbox's `manifestTransforms`: of the files the globs found, the shell:
 * the entry with what it imports statically and its CSS, the install layer
 * (the offline notice), the home screen's first files, and every language's
 * `core`, `status` and `install` messages (a page opened offline must have its
 * language's words, or it shows nothing); plus the shell page,
 * revised with index.html. Everything else is kept as the player loads it
 * (runtime caching of /assets/).
 */
export function shellPrecache(distDir: string) {
  return async (entries: PrecacheEntry[]) => {
    const vite = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    const firstLoad = JSON.parse(readFileSync(path.join(distDir, '.vite/first-load.json'), 'utf8')) as FirstLoadManifest;
    const keep = new Set<string>();
    const visit = (key: string) => {
      const chunk = vite[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      for (const css of chunk.css ?? []) keep.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const [key, chunk] of Object.entries(vite)) if (chunk.isEntry) visit(key);
    // The layer that says "no internet" must be there without the internet.
    for (const key of offlineModules) {
      if (!vite[key]) throw new Error(`${key} is not a chunk of the build`);
      visit(key);
    }
    const home = routeFirstLoad(firstLoad, homePath, 'EN');
    for (const file of [...home.js, ...home.css]) keep.add(file);
    for (const parts of Object.values(firstLoad.catalogs)) {
      for (const part of shellParts) if (parts[part]) keep.add(parts[part]);
    }
    const manifest = entries.filter((entry) => keep.has(entry.url) || !entry.url.startsWith('assets/'));
    const shell = readFileSync(path.join(distDir, 'index.html'));
    manifest.push({ url: appShellPath, revision: createHash('sha256').update(shell).digest('hex').slice(0, 16), size: shell.length });
    return { manifest, warnings: [] };
  };
}
