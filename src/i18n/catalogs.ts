/**
 * Message catalogs: source in `messages/<lang>.json` (id -> ICU string),
 * compiled to AST by `npm run i18n:compile` into `compiled/<lang>.<part>.json`
 * (gitignored), one chunk per language and part (./catalog-parts.ts), loaded
 * lazily. The browser never parses ICU (vite aliases the parser to its
 * no-parser build).
 *
 * A language's `core` part is loaded before anything renders; the identity
 * and money parts are loaded by the screens that show them
 * (`loadCatalogPart`, awaited by their routes' loaders and lazy imports), and
 * a language change loads every part asked for so far.
 */
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import type { CatalogPart } from './catalog-parts.ts';
import { settleMark } from '../lib/settle-mark.ts';

export type Catalog = Record<string, MessageFormatElement[]> | Record<string, string>;

/** Languages with a catalog; any other language falls back to EN. */
export const catalogLanguages = ['EN', 'CN'] as const;
export type CatalogLanguage = (typeof catalogLanguages)[number];

/** A compiled part: the AST of each message, or its text when it is plain text. */
type CompiledPart = Record<string, MessageFormatElement[] | string>;

// Not the developer tools' part (`*.dev.json`, ./dev-catalog.ts): the site never loads it.
const loaders = import.meta.glob<CompiledPart>(['./compiled/*.json', '!./compiled/*.dev.json'], {
  import: 'default',
});

export function catalogLanguage(language: string): CatalogLanguage {
  return (catalogLanguages as readonly string[]).includes(language) ? (language as CatalogLanguage) : 'EN';
}

/** The BCP 47 locale for react-intl (number and date formats, `<html lang>`). */
export function localeOf(language: string): string {
  return catalogLanguage(language) === 'CN' ? 'zh-CN' : 'en';
}

const pending = new Map<string, Promise<Catalog>>();
/** Loaded parts, per language. */
const ready = new Map<CatalogLanguage, Map<CatalogPart, Catalog>>();
/** The parts the screens have asked for (loaded again for a new language). */
const wanted = new Set<CatalogPart>(['core']);
const listeners = new Set<() => void>();
/** The merged catalog of each language, rebuilt when a part arrives. */
const merged = new Map<CatalogLanguage, Catalog>();

function loadPart(lang: CatalogLanguage, part: CatalogPart): Promise<Catalog> {
  const key = `${lang}.${part}`;
  let load = pending.get(key);
  if (!load) {
    const loader = loaders[`./compiled/${lang.toLowerCase()}.${part}.json`] ?? loaders[`./compiled/en.${part}.json`];
    load = loader
      ? loader().then((compiled) => {
          // Plain text becomes its one literal node (react-intl formats ASTs only without the parser).
          const messages: Record<string, MessageFormatElement[]> = {};
          for (const [id, message] of Object.entries(compiled)) {
            messages[id] = typeof message === 'string' ? [{ type: TYPE.literal, value: message }] : message;
          }
          const parts = ready.get(lang) ?? new Map<CatalogPart, Catalog>();
          parts.set(part, messages);
          ready.set(lang, parts);
          merged.set(lang, Object.assign({}, ...parts.values()) as Catalog);
          for (const listener of listeners) listener();
          return messages;
        })
      : Promise.reject(new Error('No compiled catalogs: run `npm run i18n:compile`'));
    load.catch(() => pending.delete(key));
    settleMark(load);
    pending.set(key, load);
  }
  return load;
}

/**
 * Loads (once) the catalog of a language: its core part and every part asked
 * for so far. Resolves to the merged catalog.
 */
export async function loadCatalog(language: string): Promise<Catalog> {
  const lang = catalogLanguage(language);
  await Promise.all([...wanted].map((part) => loadPart(lang, part)));
  return merged.get(lang) ?? {};
}

/**
 * Loads (once) one part of a language's catalog and keeps asking for it when
 * the language changes; a screen's route awaits it before the screen renders.
 */
export function loadCatalogPart(language: string, part: CatalogPart): Promise<Catalog> {
  wanted.add(part);
  return loadPart(catalogLanguage(language), part);
}

/** The merged catalog of a language as loaded so far (undefined before its core part is in). */
export function loadedCatalog(language: string): Catalog | undefined {
  const lang = catalogLanguage(language);
  return ready.get(lang)?.has('core') ? merged.get(lang) : undefined;
}

/** Calls `listener` whenever a part of any language has arrived; returns the unsubscribe. */
export function onCatalogChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
