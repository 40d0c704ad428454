import { defaultLanguage } from '../../contract/languages.ts';

/** The languages a text is looked for in: the request's, the merchant's default, EN. */
export function readerLanguages(requested: string, merchantDefault: string): string[] {
  return [...new Set([requested.toUpperCase(), merchantDefault.toUpperCase(), defaultLanguage])];
}

/** The text of the first of `languages` a text-per-language map has (EN, CN, ...), else of any language, else ''. */
export function localised(texts: Readonly<Record<string, string>>, languages: readonly string[]): string {
  for (const language of languages) {
    const text = texts[language];
    if (text) return text;
  }
  return Object.values(texts).find(Boolean) ?? '';
}
