/**
 * Vite build plugin: writes `.vite/first-load.json`, what the first visit of
 * each route needs beyond index.html, so the server can ask for all of it in
 * the document itself (`<link rel="modulepreload">`) instead of the browser
 * discovering it one round trip after another (entry -> route chunk -> the
 * modules the route imports lazily -> ...). See docs/first-load.md.
 *
 * For every path of the route table (src/routes/routes.ts) it lists the
 * chunks of the route's modules and of its layouts (the split component
 * chunks and the modules they import lazily, one level deep, each with its
 * static imports) and their CSS, minus what index.html loads already, and the
 * catalog parts its screens show (src/i18n/catalog-parts.ts: the parts its
 * chunks' modules ask for with `useCatalogPart`); and the chunk of each
 * part of each compiled message catalog (its data file).
 */
import path from 'node:path';
import type { VirtualRootRoute, VirtualRouteNode } from '@tanstack/virtual-file-routes';
import type { Plugin } from 'vite';
import type { FirstLoadManifest } from '../contract/first-load-manifest.ts';
import { catalogParts } from '../src/i18n/catalog-parts.ts';
import { catalogAssetDir, catalogVersion, compiledCatalogFiles } from './catalog-assets-plugin.ts';

interface RouteFiles {
  path: string;
  files: string[];
}

/** Every routable path with the route files that render it (layouts first). */
export function routeFilesOf(root: VirtualRootRoute): RouteFiles[] {
  const out: RouteFiles[] = [];
  const walk = (nodes: VirtualRouteNode[] | undefined, parents: string[]) => {
    for (const node of nodes ?? []) {
      if (node.type === 'index') out.push({ path: '/', files: [...parents, node.file] });
      else if (node.type === 'route') {
        const files = node.file ? [...parents, node.file] : parents;
        if (!node.path.includes('$')) out.push({ path: node.path, files });
        walk(node.children, files);
      } else if (node.type === 'layout') walk(node.children, [...parents, node.file]);
    }
  };
  walk(root.children, root.file ? [root.file] : []);
  return out;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function firstLoadPlugin(options: { routes: VirtualRootRoute; routesDirectory: string }): Plugin {
  return {
    name: 'm-casino:first-load',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((c): c is never => c.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkOfModule = new Map<string, ChunkLike>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk);

      /** A chunk and its static imports, transitively. */
      const closure = (start: ChunkLike, into: Set<ChunkLike>) => {
        if (into.has(start)) return;
        into.add(start);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
      };
      const entryFiles = new Set<ChunkLike>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entryFiles);

      const routesDir = path.resolve(options.routesDirectory);
      const manifest: FirstLoadManifest = { routes: {}, catalogs: {} };
      for (const { path: urlPath, files } of routeFilesOf(options.routes)) {
        const needed = new Set<ChunkLike>();
        for (const file of files) {
          const base = path.join(routesDir, file);
          // The route module itself and its split chunks (`?tsr-split=component` ...).
          const moduleIds = [...chunkOfModule.keys()].filter((id) => id === base || id.startsWith(`${base}?`));
          for (const id of moduleIds) {
            const chunk = chunkOfModule.get(id);
            if (chunk) closure(chunk, needed);
            for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
              const lazyChunk = chunkOfModule.get(lazy);
              if (lazyChunk) closure(lazyChunk, needed);
            }
          }
        }
        const own = [...needed].filter((c) => !entryFiles.has(c));
        const code = own.flatMap((c) => c.moduleIds).map((id) => this.getModuleInfo(id)?.code ?? '');
        manifest.routes[urlPath] = {
          js: own.map((c) => c.fileName),
          css: [...new Set(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
          parts: catalogParts.filter((part) => part !== 'core' && code.some((c) => c.includes(`useCatalogPart('${part}')`) || c.includes(`useCatalogPart("${part}")`))),
        };
      }
      // The catalog files (scripts/catalog-assets-plugin.ts): each language's parts.
      const catalogDir = catalogAssetDir(catalogVersion());
      for (const file of compiledCatalogFiles()) {
        const match = /^([a-z]+(?:-[a-z]+)?)\.([a-z]+)\.json$/.exec(file);
        if (match?.[1] && match[2] && (catalogParts as readonly string[]).includes(match[2])) {
          const lang = match[1].toUpperCase();
          manifest.catalogs[lang] = { ...manifest.catalogs[lang], [match[2]]: `${catalogDir}/${file}` };
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/first-load.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
