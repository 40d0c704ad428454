/**
 * The build manifest `.vite/first-load.json` (written by
 * scripts/first-load-plugin.ts, read by server/http/document.ts): what the
 * page of each route asks for at once. See docs/first-load.md.
 */
export interface FirstLoadManifest {
  /** URL path -> files (relative to the site root, no leading slash). */
  routes: Record<string, { js: string[]; css: string[]; parts: string[] }>;
  /** Catalog language (EN, CN, ...) -> part (src/i18n/catalog-parts.ts) -> its chunk. */
  catalogs: Record<string, Record<string, string | undefined>>;
}

/**
 * The files the page of `pathname` names beyond index.html (the server's
 * preloads; `npm run bench:bundle` sizes them per route): the route's
 * stylesheets, and its chunks followed by the catalog parts its screens show
 * in `language` (`core` first, every screen shows it).
 */
export function routeFirstLoad(
  manifest: FirstLoadManifest,
  pathname: string,
  language: string,
): { css: string[]; js: string[] } {
  const files = manifest.routes[pathname];
  const catalog = manifest.catalogs[language] ?? {};
  const parts = ['core', ...(files?.parts ?? [])]
    .map((part) => catalog[part])
    .filter((file): file is string => !!file);
  return { css: files?.css ?? [], js: [...(files?.js ?? []), ...parts] };
}
