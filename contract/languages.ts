/**
 * The interface languages: the ones the site has a catalog for, their
 * locales and text direction (spec sections 1, 3 and 9), the
 * default, and how a stored or requested language code is normalised.
 * Shared by the client (storage, the language menu, formats, `dir`) and the
 * server (its pages and messages in the reader's language).
 *
 * Each language has a complete catalog in `contract/messages/<code>.json`
 * (the code in lower case; checked by src/i18n/catalogs.test.ts). The
 * languages' own names are in ./language-names.ts, loaded with the menu.
 */
export const defaultLanguage = 'EN';

export interface InterfaceLanguage {
  /** The code the API and storage use (EN, CN, PT-BR, ...). */
  code: string;
  /** The BCP 47 locale for Intl (numbers, money, dates) and `<html lang>`. */
  locale: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The spec's list first (in its order), then the others. Written compactly:
 * every page's first load carries this table.
 */
const codes = 'CN EN JA TH VI MY ES HI ID KM KO MS PT PT-BR TA TW UR TR BN AR FA RU LO NE FR TE SW DE IT PL'.split(' ');
/** Locales that are not the code in lower case. */
const locales: Record<string, string> = { CN: 'zh-CN', TW: 'zh-TW', PT: 'pt-PT', 'PT-BR': 'pt-BR' };
/** Written right to left. */
const rightToLeft = ['AR', 'FA', 'UR'];

export const interfaceLanguages: readonly InterfaceLanguage[] = codes.map((code) => ({
  code,
  locale: locales[code] ?? code.toLowerCase(),
  dir: rightToLeft.includes(code) ? 'rtl' : 'ltr',
}));

/** The stored language, default EN; any value containing CN is CN; KR (the spec's other code for Korean) is KO. */
export function normaliseLanguage(value: string | null | undefined): string {
  if (!value) return defaultLanguage;
  const upper = value.toUpperCase().replace('_', '-');
  if (upper.includes('CN')) return 'CN';
  if (upper === 'KR') return 'KO';
  return /^[A-Z]{2}(-[A-Z]{2})?$/.test(upper) ? upper : defaultLanguage;
}

/** Whether the site has a catalog for a code. */
export const hasCatalog = (code: string) => codes.includes(code);

/** The language of the table a code means, else the default's (a language without a catalog reads as EN). */
export function interfaceLanguage(code: string | null | undefined): InterfaceLanguage {
  const find = (wanted: string) => interfaceLanguages.find((l) => l.code === wanted);
  return find(normaliseLanguage(code)) ?? (find(defaultLanguage) as InterfaceLanguage);
}
