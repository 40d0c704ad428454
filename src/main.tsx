import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { createAppRouter } from './app/router.ts';
import { loadCatalog } from './i18n/catalogs.ts';
import { readLanguage } from './app/storage.ts';
import './ui/tokens.css';
import './ui/base.css';

type Inspect = (ev: unknown) => void;

/**
 * DEV ONLY: `?inspect` attaches the Stately inspector (src/app/inspector.ts).
 * `import.meta.env.DEV` is false in builds, so this branch and the inspector
 * chunk are dropped from the production bundle.
 */
async function devInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createInspector } = await import('./app/inspector.ts');
  return createInspector();
}

async function start() {
  // Ask for the catalog before anything renders, in parallel with the route chunk.
  void loadCatalog(readLanguage()).catch(() => undefined);
  const inspect = await devInspector();
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(<AppRoot router={router} inspect={inspect} />);
}

void start();
