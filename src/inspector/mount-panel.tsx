import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { localeOf } from '../i18n/catalogs.ts';
import { loadDevCatalog } from '../i18n/dev-catalog.ts';
import { InspectorPanel } from './inspector-panel.tsx';
import type { InspectorStore } from './inspector-store.ts';

const hostId = 'xstate-inspector';

/** The site's language as the page says it (`<html lang>`, set by the app's I18nProvider). */
function subscribeToLang(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
const pageLanguage = () => (document.documentElement.lang.toLowerCase().startsWith('zh') ? 'CN' : 'EN');

/** The panel in the page's language, with the developer tools' messages (the `dev` catalog part). */
function InspectorRoot({ store }: { store: InspectorStore }) {
  const language = useSyncExternalStore(subscribeToLang, pageLanguage);
  const [catalog, setCatalog] = useState<{ language: string; messages: Record<string, MessageFormatElement[]> } | null>(null);
  useEffect(() => {
    let live = true;
    loadDevCatalog(language).then(
      (messages) => live && setCatalog({ language, messages }),
      (error: unknown) => console.error('[inspect] the inspector messages could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (!catalog) return null;
  return (
    <IntlProvider locale={localeOf(catalog.language)} defaultLocale="en" messages={catalog.messages}>
      <InspectorPanel store={store} />
    </IntlProvider>
  );
}

/**
 * Renders the panel in a React root of its own, in an element after the
 * site's `#root` (the site's tree and layout are left alone). Once per page.
 */
export function mountPanel(store: InspectorStore): void {
  if (document.getElementById(hostId)) return;
  const host = document.createElement('div');
  host.id = hostId;
  document.body.append(host);
  createRoot(host).render(<InspectorRoot store={store} />);
}
