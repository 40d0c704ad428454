/**
 * Message catalogs: source in `messages/<lang>.json` (id -> ICU string),
 * compiled to AST by `npm run i18n:compile` into `compiled/<lang>.json`
 * (gitignored) and loaded lazily, one chunk per language. The browser never
 * parses ICU (vite aliases the parser to its no-parser build).
 */
import type { MessageFormatElement } from 'react-intl';

export type Catalog = Record<string, MessageFormatElement[]> | Record<string, string>;

/** Languages with a catalog; any other language falls back to EN. */
export const catalogLanguages = ['EN', 'CN'] as const;
export type CatalogLanguage = (typeof catalogLanguages)[number];

const loaders = import.meta.glob<Record<string, MessageFormatElement[]>>('./compiled/*.json', {
  import: 'default',
});

export function catalogLanguage(language: string): CatalogLanguage {
  return (catalogLanguages as readonly string[]).includes(language) ? (language as CatalogLanguage) : 'EN';
}

/** The BCP 47 locale for react-intl (number and date formats, `<html lang>`). */
export function localeOf(language: string): string {
  return catalogLanguage(language) === 'CN' ? 'zh-CN' : 'en';
}

const cache = new Map<CatalogLanguage, Promise<Catalog>>();
const ready = new Map<CatalogLanguage, Catalog>();

/** Loads (once) the compiled catalog of a language; starts the request at once. */
export function loadCatalog(language: string): Promise<Catalog> {
  const lang = catalogLanguage(language);
  let pending = cache.get(lang);
  if (!pending) {
    const load = loaders[`./compiled/${lang.toLowerCase()}.json`] ?? loaders['./compiled/en.json'];
    pending = load
      ? load().then((messages) => {
          ready.set(lang, messages);
          return messages;
        })
      : Promise.reject(new Error('No compiled catalogs: run `npm run i18n:compile`'));
    pending.catch(() => cache.delete(lang));
    cache.set(lang, pending);
  }
  return pending;
}

/** The catalog of a language if it has already been loaded. */
export function loadedCatalog(language: string): Catalog | undefined {
  return ready.get(catalogLanguage(language));
}
