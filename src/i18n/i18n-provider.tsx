import { createContext, type ReactNode, use, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import type { CatalogPart } from './catalog-parts.ts';
import { type Catalog, loadCatalog, loadCatalogPart, loadedCatalog, localeOf, onCatalogChange, setDocumentLanguage } from './catalogs.ts';

/** Whether the provider's messages come in parts (false when a test gives whole catalogs). */
const PartsContext = createContext(false);
/** The language the provider was given (the app machine's). */
const LanguageContext = createContext('EN');

/**
 * A screen that shows the messages of a catalog part (identity, money) calls
 * this first: it suspends until the part of the current language is in.
 */
export function useCatalogPart(part: CatalogPart) {
  const language = useContext(LanguageContext);
  const inParts = useContext(PartsContext);
  // `use()` on every render, never behind a condition: React replays a component that suspended
  // in it, and a replay that skips the call breaks the hook order (React error 467, recovered by
  // rendering the whole root again, synchronously). A part already in returns at once.
  use(inParts ? loadCatalogPart(language, part) : noParts);
}

/** What `useCatalogPart` waits for when the provider was given whole catalogs (tests). */
const noParts = Object.assign(Promise.resolve<Catalog>({}), { status: 'fulfilled', value: {} });

/**
 * Gives the tree the messages of the app machine's language. Until the first
 * catalog has arrived nothing is rendered (a few ms; never message ids); on a
 * language change the old catalog stays on screen until the new one is in.
 * Parts that screens load later (src/i18n/catalogs.ts) join the messages as
 * they arrive. `load` replaces the loading of whole catalogs (tests).
 */
export function I18nProvider({
  language,
  children,
  load = loadCatalog,
}: {
  /** The interface language (the app machine's, src/app/app-root.tsx). */
  language: string;
  children: ReactNode;
  load?: (language: string) => Promise<Catalog>;
}) {
  const custom = load !== loadCatalog;
  // The language on screen: the app's, once its catalog is in.
  const [shown, setShown] = useState<{ language: string; messages?: Catalog } | null>(() =>
    !custom && loadedCatalog(language) ? { language } : null,
  );
  const [failed, setFailed] = useState(false);
  const loaded = useSyncExternalStore(onCatalogChange, () => (shown && !custom ? loadedCatalog(shown.language) : undefined));

  useEffect(() => {
    let live = true;
    load(language).then(
      (messages) => {
        if (live) setShown({ language, messages: custom ? messages : undefined });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [language, load, custom]);

  useEffect(() => {
    if (shown) setDocumentLanguage(shown.language);
  }, [shown]);

  const messages = shown?.messages ?? loaded;
  if (!shown || !messages) {
    // Without any catalog there is no copy to show; render an empty page
    // rather than raw ids. A reload is the only sensible next step.
    return failed ? <output aria-live="polite" /> : null;
  }
  return (
    <PartsContext value={!custom}>
      <LanguageContext value={language}>
        <IntlProvider locale={localeOf(shown.language)} defaultLocale="en" messages={messages}>
          {children}
        </IntlProvider>
      </LanguageContext>
    </PartsContext>
  );
}
