import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { AppRoot } from './app/app-root.tsx';
import { createAppRouter } from './app/router.ts';
import { loadCatalog, localeOf, setDocumentLanguage } from './i18n/catalogs.ts';
import { readLanguage } from './app/storage.ts';
import { watchInstallSignals } from './app/install-state.ts';
import './ui/tokens.css';
import './ui/base.css';

type Inspect = (inspectionEvent: InspectionEvent) => void;

/**
 * `?inspect` attaches the state inspector (src/inspector/inspector.ts) to the
 * root app actor from its creation: the panel inside the page, or with
 * `?inspect=stately` the online Stately inspector, with `?inspect=console` the
 * console logger. Development and preview builds only (`npm run preview`
 * builds with VITE_INSPECTOR=1): in a production build the condition is false,
 * so this branch and the inspector's chunks are dropped from the bundle.
 */
async function devInspector(): Promise<Inspect | undefined> {
  if (!(import.meta.env.DEV || import.meta.env.VITE_INSPECTOR === '1')) return undefined;
  const mode = new URLSearchParams(window.location.search).get('inspect');
  if (mode === null) return undefined;
  const { createInspector } = await import('./inspector/inspector.ts');
  return createInspector(mode);
}

async function start() {
  // Ask for the catalog before anything renders, in parallel with the route chunk.
  const language = readLanguage();
  void loadCatalog(language).catch(() => undefined);
  // The page's language and direction before the first paint (a right-to-left page never flips).
  setDocumentLanguage(language);
  watchInstallSignals();
  const router = createAppRouter();
  // Nothing renders before the catalog is in, so the router would only ask for
  // the first screen's code after it: fetch it now, in parallel (one round
  // trip less before the first paint; measured by `npm run bench:web`).
  const [firstRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);
  // The browser loads its locale data on the first Intl call, which react-intl makes as the
  // first screen renders; make it now, while the catalog and route code are on their way.
  setTimeout(() => Intl.NumberFormat.supportedLocalesOf(localeOf(language)), 0);
  const inspect = await devInspector();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: React renders the first screen in slices and yields to the browser between
  // them (no long task for the first render; TBT in `npm run bench:web`).
  const appRoot = createRoot(root);
  startTransition(() => appRoot.render(<AppRoot router={router} inspect={inspect} />));
}

void start();
