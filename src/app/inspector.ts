import type { InspectionEvent } from 'xstate';

export type Inspect = (inspectionEvent: unknown) => void;

/**
 * DEV ONLY (`?inspect`): the Stately inspector, in a window of its own. When it
 * cannot be loaded (offline, blocked pop-up) the actors are logged to the
 * console instead: one collapsed group per snapshot, titled with the actor,
 * the event and the state value.
 */
export async function createInspector(): Promise<Inspect | undefined> {
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    // No window (SSR, tests) gives a no-op adapter; a blocked pop-up leaves no target window.
    if (!inspector.inspect || !(inspector.adapter as { targetWindow?: unknown }).targetWindow) {
      inspector.stop?.();
      throw new Error('the inspector window could not be opened');
    }
    return (ev) => inspector.inspect.next?.(ev as InspectionEvent);
  } catch (error) {
    console.info('[inspect] Stately inspector unavailable, logging to the console:', error);
    return consoleInspect;
  }
}

const consoleInspect: Inspect = (ev) => {
  const e = ev as InspectionEvent;
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
