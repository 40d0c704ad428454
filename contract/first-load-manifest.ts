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
