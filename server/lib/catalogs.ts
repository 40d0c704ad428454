/**
 * The interface catalogs (contract/messages/<code>.json) for what the server
 * writes in the reader's language: the in-house game pages and the inbox's
 * system messages. Each language is read once, when first asked for; a
 * language without a catalog, or an id missing from one, reads as EN.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { defaultLanguage, hasCatalog, interfaceLanguage } from '../../contract/languages.ts';

export type Catalog = Readonly<Record<string, string>>;

const messagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contract/messages');
const loaded = new Map<string, Catalog>();

/** A language with a catalog (EN for any other code). */
export const catalogLanguageOf = (language: string | null | undefined): string => interfaceLanguage(language).code;

/** The catalog of a language (EN's for a language without one). */
export function catalogOf(language: string | null | undefined): Catalog {
  const code = catalogLanguageOf(language);
  let catalog = loaded.get(code);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(path.join(messagesDir, `${code.toLowerCase()}.json`), 'utf8')) as Catalog;
    loaded.set(code, catalog);
  }
  return catalog;
}

/** A message of a language, else EN's, else undefined. */
export function messageOf(language: string | null | undefined, id: string): string | undefined {
  return catalogOf(language)[id] ?? catalogOf(defaultLanguage)[id];
}

/** The BCP 47 locale of a language (numbers and `<html lang>`). */
export const localeOfLanguage = (language: string | null | undefined) => interfaceLanguage(language).locale;
/** The direction of a language's text (`<html dir>`). */
export const directionOfLanguage = (language: string | null | undefined) => interfaceLanguage(language).dir;

/**
 * The first language of an Accept-Language header the site has a catalog for
 * (`zh-TW` -> TW, `zh` -> CN, `pt-BR` -> PT-BR, `fr-CA` -> FR), else EN.
 */
export function languageOfAcceptHeader(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toUpperCase() ?? '';
    if (!tag || tag === '*') continue;
    if (tag === 'ZH-TW' || tag === 'ZH-HK' || tag === 'ZH-HANT') return 'TW';
    if (tag.startsWith('ZH')) return 'CN';
    if (hasCatalog(tag)) return tag;
    const base = tag.split('-')[0] ?? '';
    if (hasCatalog(base)) return base;
  }
  return defaultLanguage;
}

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * An ICU message with its arguments filled in: plain and number arguments,
 * `plural` (with `#`, `=n` and the locale's categories) and `select`. What
 * the server writes needs no more; an argument without a value reads as
 * `{name}`. A plural's value may come as a numeric string.
 */
export function formatMessage(text: string, values: MessageValues, locale: string): string {
  const render = (elements: MessageFormatElement[], pound: number | null): string =>
    elements
      .map((element) => {
        switch (element.type) {
          case TYPE.literal:
            return element.value;
          case TYPE.argument:
            return element.value in values ? String(values[element.value]) : `{${element.value}}`;
          case TYPE.number: {
            const value = values[element.value];
            return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value ?? '');
          }
          case TYPE.pound:
            return pound === null ? '#' : new Intl.NumberFormat(locale).format(pound);
          case TYPE.plural: {
            const count = Number(values[element.value]);
            if (!Number.isFinite(count)) return `{${element.value}}`;
            const category = new Intl.PluralRules(locale, { type: element.pluralType }).select(count - element.offset);
            const option = element.options[`=${count}`] ?? element.options[category] ?? element.options.other;
            return option ? render(option.value, count - element.offset) : '';
          }
          case TYPE.select: {
            const option = element.options[String(values[element.value])] ?? element.options.other;
            return option ? render(option.value, pound) : '';
          }
          default:
            return '';
        }
      })
      .join('');
  return render(parse(text), null);
}
