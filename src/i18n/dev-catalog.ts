/**
 * The developer tools' messages (the `dev` part, ./catalog-parts.ts) in a
 * language: what the inspector panel (src/inspector/) shows. Only the panel
 * imports this module, and only development and preview builds import the
 * panel, so production builds hold neither the module nor the part.
 */
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { fetchCatalogFile } from './catalog-files.ts';
import { type CatalogLanguage, catalogLanguage } from './catalogs.ts';

const loaded = new Map<CatalogLanguage, Promise<Record<string, MessageFormatElement[]>>>();

/** The `dev.` messages of a language (EN for a language without them), as react-intl ASTs. */
export function loadDevCatalog(language: string): Promise<Record<string, MessageFormatElement[]>> {
  const lang = catalogLanguage(language);
  let load = loaded.get(lang);
  if (!load) {
    load = fetchCatalogFile(`${lang.toLowerCase()}.dev.json`).then((compiled) => {
          const messages: Record<string, MessageFormatElement[]> = {};
          // Plain text is stored as a string: its one literal node (react-intl formats ASTs only here).
          for (const [id, message] of Object.entries(compiled)) {
            messages[id] = typeof message === 'string' ? [{ type: TYPE.literal, value: message }] : message;
          }
          return messages;
        });
    load.catch(() => loaded.delete(lang));
    loaded.set(lang, load);
  }
  return load;
}
