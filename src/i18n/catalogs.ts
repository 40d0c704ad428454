/**
 * Message catalogs: source in `contract/messages/<lang>.json` (id -> ICU string; contract/languages.ts),
 * compiled to AST by `npm run i18n:compile` into `compiled/<lang>.<part>.json`
 * (gitignored), one file per language and part (./catalog-parts.ts), fetched
 * when needed (./catalog-files.ts). The browser never parses ICU (vite
 * aliases the parser to its no-parser build).
 *
 * A language's `core` part is loaded before anything renders; the identity
 * and money parts are loaded by the screens that show them
 * (`loadCatalogPart`, awaited by their routes' loaders and lazy imports), and
 * a language change loads every part asked for so far.
 */
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import type { CatalogPart } from './catalog-parts.ts';
import { settleMark } from '../lib/settle-mark.ts';
import { fetchCatalogFile } from './catalog-files.ts';
import { hasCatalog, interfaceLanguage, interfaceLanguages } from '../../contract/languages.ts';

export type Catalog = Record<string, MessageFormatElement[]> | Record<string, string>;

/** Languages with a catalog (contract/languages.ts); any other language falls back to EN. */
export const catalogLanguages: readonly string[] = interfaceLanguages.map((l) => l.code);
export type CatalogLanguage = string;

export function catalogLanguage(language: string): CatalogLanguage {
  return hasCatalog(language) ? language : 'EN';
}

/** The BCP 47 locale for react-intl (number and date formats, `<html lang>`). */
export function localeOf(language: string): string {
  return interfaceLanguage(language).locale;
}

/** The text direction of a language (`<html dir>`): rtl for AR, FA and UR. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return interfaceLanguage(language).dir;
}

/** `<html lang dir>` of a language: the locale and its direction (the whole page mirrors for rtl). */
export function setDocumentLanguage(language: string) {
  document.documentElement.lang = localeOf(language);
  document.documentElement.dir = directionOf(language);
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
    load = fetchCatalogFile(`${lang.toLowerCase()}.${part}.json`).then((compiled) => {
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
        });
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
