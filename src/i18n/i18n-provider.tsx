import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useLanguage } from '../app/app-actor.tsx';
import { type Catalog, loadCatalog, loadedCatalog, localeOf } from './catalogs.ts';

interface Loaded {
  language: string;
  messages: Catalog;
}

/**
 * Gives the tree the messages of the app machine's language. Until the first
 * catalog has arrived nothing is rendered (a few ms; never message ids); on a
 * language change the old catalog stays on screen until the new one is in.
 */
export function I18nProvider({
  children,
  load = loadCatalog,
}: {
  children: ReactNode;
  load?: (language: string) => Promise<Catalog>;
}) {
  const language = useLanguage();
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const messages = loadedCatalog(language);
    return messages ? { language, messages } : null;
  });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    load(language).then(
      (messages) => {
        if (live) setLoaded({ language, messages });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [language, load]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = localeOf(loaded.language);
  }, [loaded]);

  if (!loaded) {
    // Without any catalog there is no copy to show; render an empty page
    // rather than raw ids. A reload is the only sensible next step.
    return failed ? <output aria-live="polite" /> : null;
  }
  return (
    <IntlProvider locale={localeOf(loaded.language)} defaultLocale="en" messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}
