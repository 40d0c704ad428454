/**
 * Where the browser gets a compiled catalog file (`<lang>.<part>.json`): one
 * URL pattern, `__CATALOG_BASE__` + the file's name (scripts/catalog-assets-plugin.ts),
 * so the entry carries no list of the thirty languages' files. The server
 * preloads the first screen's parts (server/http/document.ts) with the same
 * request mode as this fetch, so the fetch takes the preloaded answer.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

declare const __CATALOG_BASE__: string;

/** A compiled part: the AST of each message, or its text when it is plain text. */
export type CompiledPart = Record<string, MessageFormatElement[] | string>;

export async function fetchCatalogFile(name: string): Promise<CompiledPart> {
  // A same-origin GET in fetch's default mode, as the server's `<link rel="preload" as="fetch" crossorigin>`.
  const response = await fetch(__CATALOG_BASE__ + name);
  if (!response.ok) throw new Error(name);
  return (await response.json()) as CompiledPart;
}
