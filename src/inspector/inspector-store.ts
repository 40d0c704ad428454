import type { AnyActorRef, InspectionEvent, Observer, Subscription } from 'xstate';

/** How many events each actor keeps (the newest). */
export const eventLimit = 50;

/** One `@xstate.event` inspection event: an event delivered to `target`, sent by `source` (none: from outside). */
export interface InspectedEvent {
  seq: number;
  /** When the inspector saw it (ms since the epoch). */
  time: number;
  type: string;
  source: AnyActorRef | undefined;
  target: AnyActorRef;
}

/** A live actor of the inspected system. */
export interface InspectedActor {
  ref: AnyActorRef;
  /** The session id of the actor that started it, when one did (the source of its `xstate.init`). */
  parentId: string | undefined;
  /** Order of appearance, for a stable list. */
  order: number;
  /** The events it received or sent, oldest first, at most `eventLimit`. */
  events: InspectedEvent[];
}

/** The system id the actor was registered under, if any (public on XState's `Actor`, not on `ActorRef`). */
export const systemIdOf = (ref: AnyActorRef): string | undefined => (ref as { systemId?: string }).systemId;

/** The actor's logic (public on `Actor`): a state machine has an `id`, a `root` state node and `getStateNodeById`. */
export function machineIdOf(ref: AnyActorRef): string | undefined {
  const logic = (ref as { logic?: unknown }).logic as { id?: unknown; root?: unknown; getStateNodeById?: unknown } | undefined;
  return logic && typeof logic.id === 'string' && logic.root && typeof logic.getStateNodeById === 'function' ? logic.id : undefined;
}

/**
 * How people call an actor: its system id, else its id; a root actor's id is
 * its session id (`x:0`), so its machine id reads better.
 */
export function actorLabel(ref: AnyActorRef): string {
  const systemId = systemIdOf(ref);
  if (systemId) return systemId;
  return ref.id.startsWith('x:') ? (machineIdOf(ref) ?? ref.id) : ref.id;
}

const isLive = (ref: AnyActorRef) => {
  const status = (ref.getSnapshot() as { status?: string } | undefined)?.status;
  return status === undefined || status === 'active';
};

/**
 * What the inspector panel shows, fed by XState's inspection API: pass
 * `store.inspect` as the `inspect` option of a root actor (every event from
 * its start is kept until the panel reads it), or `store.attach(actor)` to
 * join a system already running. It keeps every started actor until it stops
 * (its snapshot's status is no longer `active`), with its last `eventLimit`
 * events. Listeners are told of changes once per microtask, not per event.
 */
export class InspectorStore {
  readonly #actors = new Map<string, InspectedActor>();
  readonly #listeners = new Set<() => void>();
  #order = 0;
  #seq = 0;
  #version = 0;
  #scheduled = false;

  /** The `inspect` option of `createActor` (or an observer for `system.inspect`). */
  readonly inspect = (inspectionEvent: InspectionEvent): void => {
    const ref = inspectionEvent.actorRef as AnyActorRef;
    if (inspectionEvent.type === '@xstate.event') {
      const source = inspectionEvent.sourceRef as AnyActorRef | undefined;
      // An actor is listed from its start: XState sends it `xstate.init` from its parent (none for a root).
      if (inspectionEvent.event.type === 'xstate.init') this.#add(ref, source?.sessionId);
      const record: InspectedEvent = { seq: this.#seq++, time: Date.now(), type: inspectionEvent.event.type, source, target: ref };
      this.#record(ref.sessionId, record);
      if (source && source.sessionId !== ref.sessionId) this.#record(source.sessionId, record);
      this.#changed();
    } else if (inspectionEvent.type === '@xstate.snapshot') {
      const status = (inspectionEvent.snapshot as { status?: string }).status;
      if (status !== 'active') this.#actors.delete(ref.sessionId);
      this.#changed();
    }
  };

  /**
   * Inspects the system of a running actor from now on, listing the actor,
   * its children (as its snapshot names them, recursively) and every actor
   * registered in the system by a system id. Returns the subscription.
   */
  attach(actor: AnyActorRef): Subscription {
    const visit = (ref: AnyActorRef, parentId: string | undefined) => {
      if (this.#actors.has(ref.sessionId) || !isLive(ref)) return;
      this.#add(ref, parentId);
      const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children;
      for (const child of Object.values(children ?? {})) if (child) visit(child, ref.sessionId);
    };
    visit(actor, undefined);
    for (const ref of Object.values(actor.system.getAll() as Record<string, AnyActorRef>)) visit(ref, undefined);
    this.#changed();
    return actor.system.inspect(this.inspect as Observer<InspectionEvent>);
  }

  /** Live actors, each after the actor that started it, in order of appearance; with their depth. */
  list(): { actor: InspectedActor; depth: number }[] {
    const live = [...this.#actors.values()].filter((a) => isLive(a.ref)).sort((a, b) => a.order - b.order);
    const byParent = new Map<string | undefined, InspectedActor[]>();
    for (const actor of live) {
      const parent = actor.parentId && this.#actors.has(actor.parentId) ? actor.parentId : undefined;
      byParent.set(parent, [...(byParent.get(parent) ?? []), actor]);
    }
    const out: { actor: InspectedActor; depth: number }[] = [];
    const walk = (parent: string | undefined, depth: number) => {
      for (const actor of byParent.get(parent) ?? []) {
        out.push({ actor, depth });
        walk(actor.ref.sessionId, depth + 1);
      }
    };
    walk(undefined, 0);
    return out;
  }

  get(sessionId: string): InspectedActor | undefined {
    const actor = this.#actors.get(sessionId);
    return actor && isLive(actor.ref) ? actor : undefined;
  }

  /** For `useSyncExternalStore`: called once per batch of changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Grows with every batch of changes told to the listeners. */
  readonly getVersion = (): number => this.#version;

  #add(ref: AnyActorRef, parentId: string | undefined) {
    if (!this.#actors.has(ref.sessionId)) {
      this.#actors.set(ref.sessionId, { ref, parentId, order: this.#order++, events: [] });
    }
  }

  #record(sessionId: string, event: InspectedEvent) {
    const actor = this.#actors.get(sessionId);
    if (!actor) return;
    actor.events.push(event);
    if (actor.events.length > eventLimit) actor.events.splice(0, actor.events.length - eventLimit);
  }

  #changed() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      // Actors that failed leave no snapshot event (XState reports the error to observers): sweep them too.
      for (const [sessionId, actor] of this.#actors) if (!isLive(actor.ref)) this.#actors.delete(sessionId);
      this.#version += 1;
      for (const listener of this.#listeners) listener();
    });
  }
}
