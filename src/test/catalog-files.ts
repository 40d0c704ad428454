/**
 * The tests' catalog files (vitest.config.ts aliases src/i18n/catalog-files.ts
 * here): the same compiled files, read from src/i18n/compiled through
 * vitest's module graph instead of fetched from a server.
 */
import type { CompiledPart } from '../i18n/catalog-files.ts';

export type { CompiledPart };

const files = import.meta.glob<CompiledPart>('../i18n/compiled/*.json', { import: 'default' });

export async function fetchCatalogFile(name: string): Promise<CompiledPart> {
  const load = files[`../i18n/compiled/${name}`];
  if (!load) throw new Error(`Catalog ${name}: no such compiled file (run \`npm run i18n:compile\`)`);
  return load();
}
