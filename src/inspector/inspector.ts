import type { InspectionEvent } from 'xstate';
import { InspectorStore } from './inspector-store.ts';

export type Inspect = (inspectionEvent: InspectionEvent) => void;

/**
 * DEVELOPMENT AND PREVIEW BUILDS ONLY (src/main.tsx, `?inspect`): the
 * inspector given to the root app actor as its `inspect` option, so it sees
 * every actor of the system from the very start.
 *
 * - `?inspect`: the offline panel inside the page (./inspector-panel.tsx).
 *   Events are kept in an `InspectorStore` from the first one on; the panel's
 *   code and messages load meanwhile and show what was kept.
 * - `?inspect=stately`: the online Stately inspector in a window of its own;
 *   when it cannot be opened (offline, blocked pop-up), the console logger.
 * - `?inspect=console`: the console logger: one collapsed group per snapshot,
 *   titled with the actor, the event and the state value.
 */
export async function createInspector(mode: string): Promise<Inspect> {
  if (mode === 'stately') return (await statelyInspector()) ?? consoleInspect;
  if (mode === 'console') return consoleInspect;
  const store = new InspectorStore();
  import('./mount-panel.tsx').then(
    ({ mountPanel }) => mountPanel(store),
    (error: unknown) => console.error('[inspect] the inspector panel could not be loaded', error),
  );
  return store.inspect;
}

async function statelyInspector(): Promise<Inspect | undefined> {
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    // No window (SSR, tests) gives a no-op adapter; a blocked pop-up leaves no target window.
    if (!inspector.inspect || !(inspector.adapter as { targetWindow?: unknown }).targetWindow) {
      inspector.stop?.();
      throw new Error('the inspector window could not be opened');
    }
    return (ev) => inspector.inspect.next?.(ev);
  } catch (error) {
    console.info('[inspect] Stately inspector unavailable, logging to the console:', error);
    return undefined;
  }
}

const consoleInspect: Inspect = (e) => {
  if (e.type !== '@xstate.snapshot') return;
  const snapshot = e.snapshot as { value?: unknown; context?: unknown; status?: string };
  const value = snapshot.value === undefined ? snapshot.status : JSON.stringify(snapshot.value);
  const ref = e.actorRef as { id?: string; logic?: { id?: string } };
  // A root actor's id is its session id (x:0); its machine id reads better.
  const actor = ref.id?.startsWith('x:') ? (ref.logic?.id ?? ref.id) : ref.id;
  console.groupCollapsed(`[${actor}] ${e.event.type} → ${value}`);
  console.log('event', e.event);
  if (snapshot.context !== undefined) console.log('context', snapshot.context);
  console.groupEnd();
};
