/**
 * Model-based test helpers shared by every `*.machine.test.ts`.
 *
 * - `generatePaths` asks `xstate/graph` for the shortest path to every
 *   distinct *transition* of the machine (a state is serialised together with
 *   the event and the snapshot it came from), for one or more inputs.
 * - `stateNodesOf` / `transitionsOf` list what the machine definition contains:
 *   every state node, and every transition (`on`, `always`, `after`, invoke
 *   `onDone`/`onError`), each with a readable key.
 * - `coverageOf` replays the generated paths on real actors whose invoked
 *   actors are inert (the path itself delivers their done/error events and the
 *   delayed events) and records, through the inspection API, every state node
 *   entered and every transition taken, including eventless ones.
 *
 * A test then asserts that `missingStates` and `missingTransitions` are empty.
 *
 * `generateSimplePaths` lists the simple paths (no snapshot visited twice) as
 * `getSimplePaths` of `xstate/graph` does, within a bound, for `npm run paths`.
 */
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type StatePath } from 'xstate/graph';

export type MachinePath<TMachine extends AnyStateMachine> = StatePath<SnapshotFrom<TMachine>, AnyEventObject>;

/** Generated paths that all start from the same machine input. */
export interface PathSet<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  paths: MachinePath<TMachine>[];
}

export interface Coverage {
  states: string[];
  transitions: string[];
  missingStates: string[];
  missingTransitions: string[];
}

/** Every state node below the root, by id, in definition order. */
export function stateNodesOf(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      ids.push(child.id);
      walk(child);
    }
  };
  walk(machine.root);
  return ids;
}

function describeGuard(guard: AnyTransitionDefinition['guard']): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  return String((guard as { type?: unknown }).type ?? 'guard');
}

/**
 * A stable, readable key for one transition of the definition, e.g.
 * `app.deciding --always [isAgent]--> app.agent` or
 * `systemStatus.connection.waiting --after statusRefresh--> systemStatus.connection.fetching`.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const delay = (t as { delay?: unknown }).delay;
  const trigger = t.eventType === '' ? 'always' : delay !== undefined ? `after ${String(delay)}` : t.eventType;
  const guard = describeGuard(t.guard);
  const targets = t.target?.length ? t.target.map((n) => n.id).join(',') : '(internal)';
  const siblings = t.eventType === '' ? source.always ?? [] : source.transitions.get(t.eventType) ?? [];
  const index = siblings.length > 1 ? ` #${siblings.indexOf(t)}` : '';
  return `${source.id} --${trigger}${guard ? ` [${guard}]` : ''}${index}--> ${targets}`;
}

/** Every transition of the definition (`on`, `always`, `after`, invoke done/error), by key. */
export function transitionsOf(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return keys;
}

/** Snapshots are immutable: each one's JSON is made once (the traversal asks for it again and again). */
const snapshotJson = new WeakMap<object, string>();
const jsonOf = (snapshot: { value: unknown; context: unknown }) => {
  let text = snapshotJson.get(snapshot);
  if (text === undefined) {
    text = JSON.stringify({ value: snapshot.value, context: snapshot.context });
    snapshotJson.set(snapshot, text);
  }
  return text;
};

/** Serialises a snapshot with the transition that produced it, so that every distinct transition gets a path. */
export function serializeStep(state: { value: unknown; context: unknown }, event?: AnyEventObject, prev?: { value: unknown; context: unknown }) {
  const self = jsonOf(state);
  if (!event || !prev) return self;
  return `${self} via ${JSON.stringify(event)} from ${jsonOf(prev)}`;
}

/** What of the context tells two states apart (see `generatePaths`). */
export type ContextKey = (context: unknown) => unknown;

/** `serializeStep` with only the part of the context `contextKey` names. */
function serializerOf(contextKey: ContextKey | undefined) {
  if (!contextKey) return serializeStep;
  const key = (state: { value: unknown; context: unknown }) => JSON.stringify({ value: state.value, context: contextKey(state.context) });
  return (state: { value: unknown; context: unknown }, event?: AnyEventObject, prev?: { value: unknown; context: unknown }) => {
    const self = key(state);
    if (!event || !prev) return self;
    return `${self} via ${JSON.stringify(event)} from ${key(prev)}`;
  };
}

/**
 * Whether an active state node has a transition for `type`. The done/error
 * events of invoked actors and delayed events only happen then, so the
 * traversal offers them only then.
 */
export function handles(snapshot: unknown, type: string): boolean {
  const nodes = ((snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) as AnyStateNode[];
  return nodes.some((node) => node.ownEvents.includes(type));
}

/**
 * The events a traversal offers in a snapshot: none once the machine has
 * reached its final state, and the done/error events of invoked actors and
 * delayed events only while a state handles them.
 */
export const offered = (snapshot: unknown, event: AnyEventObject) =>
  (snapshot as { status?: string }).status === 'active' && (!event.type.startsWith('xstate.') || handles(snapshot, event.type));

/** Drops paths whose event sequence is a prefix of a longer path (the longer one replays it too). */
export function withoutPrefixes<T extends { steps: { event: AnyEventObject }[] }>(paths: T[]): T[] {
  const seqs = paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)));
  return paths.filter((_, i) => {
    const mine = seqs[i]!;
    return !seqs.some(
      (other, j) => j !== i && other.length >= mine.length && mine.every((e, k) => other[k] === e) && (other.length > mine.length || j < i),
    );
  });
}

/**
 * Shortest paths to every reachable (snapshot, incoming transition) pair, for
 * each input. `events` lists the events to try in every state, including the
 * done/error events of invoked actors and `xstate.after.*` delay events (or
 * gives them for each snapshot).
 */
export function generatePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    inputs: InputFrom<TMachine>[];
    events: AnyEventObject[] | ((snapshot: SnapshotFrom<TMachine>) => AnyEventObject[]);
    /**
     * What of the context tells two states apart (default: all of it). A
     * machine whose context only counts up (a decorative counter) names the
     * part that matters, so the graph stays finite.
     */
    contextKey?: ContextKey;
  },
): PathSet<TMachine>[] {
  const serialize = serializerOf(options.contextKey);
  return options.inputs.map((input) => {
    const paths = getShortestPaths(machine, {
      input,
      events: options.events as never,
      serializeState: serialize as never,
      filterEvents: offered,
      limit: 100_000,
    }) as unknown as MachinePath<TMachine>[];
    return { input, paths: withoutPrefixes(paths) };
  });
}

/** Bounds of `generateSimplePaths`: at most `maxPaths` paths of at most `maxSteps` steps per input. */
export interface SimplePathBound {
  maxSteps: number;
  maxPaths: number;
}

/**
 * Simple paths that all start from the same machine input: every one of at
 * most `steps` steps; `complete` when that is all of them (no longer one exists).
 */
export interface SimplePathSet<TMachine extends AnyStateMachine> extends PathSet<TMachine> {
  steps: number;
  complete: boolean;
}

/**
 * The simple paths of `getSimplePaths` (xstate/graph): over the same adjacency
 * map (snapshots told apart by value and context, `serializeSnapshot`), every
 * path from the initial snapshot that visits no snapshot twice, grouped by
 * the snapshot they end in, in the adjacency map's order, depth-first within
 * a group. `getSimplePaths` has no bound (a machine of 60 snapshots has more
 * simple paths than can be listed), so this lists every simple path of up to
 * N steps, N the largest (at most `maxSteps`) for which there are at most
 * `maxPaths` of them. When that is every simple path, the list is
 * `getSimplePaths`'s, in its order (machines/test/simple-paths.test.ts).
 */
export function generateSimplePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: { inputs: InputFrom<TMachine>[]; events: AnyEventObject[]; contextKey?: ContextKey } & SimplePathBound,
): SimplePathSet<TMachine>[] {
  const { contextKey } = options;
  const serialize = contextKey
    ? (state: { value: unknown; context: unknown }) => JSON.stringify({ value: state.value, context: contextKey(state.context) })
    : (state: { value: unknown; context: unknown }) => serializeSnapshot(state as never);
  return options.inputs.map((input) => {
    type Snapshot = SnapshotFrom<TMachine>;
    type Edge = { event: AnyEventObject; state: Snapshot };
    const adjacency = getAdjacencyMap(machine, {
      input,
      events: options.events as never,
      serializeState: serialize as never,
      filterEvents: offered,
      limit: 100_000,
    }) as unknown as Record<string, { state: Snapshot; transitions: Record<string, Edge> }>;
    const order = Object.keys(adjacency);

    /** Every simple path of at most `depth` steps by the snapshot it ends in, or null when there are more than maxPaths. */
    const enumerate = (depth: number) => {
      const byEnd = new Map<string, Edge[][]>(order.map((key) => [key, []]));
      const visiting = new Set<string>();
      const steps: Edge[] = [];
      let found = 0;
      let cut = false;
      const walk = (key: string): boolean => {
        if (++found > options.maxPaths) return false;
        byEnd.get(key)!.push([...steps]);
        visiting.add(key);
        for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
          const next = serialize(state as never);
          if (visiting.has(next)) continue;
          if (steps.length >= depth) {
            cut = true;
            continue;
          }
          // A step: the snapshot before the event, and the event.
          steps.push({ state: adjacency[key]!.state, event });
          const fits = walk(next);
          steps.pop();
          if (!fits) return false;
        }
        visiting.delete(key);
        return true;
      };
      return walk(order[0]!) ? { byEnd, cut } : null;
    };

    let best = { depth: 0, found: enumerate(0)! };
    for (let depth = 1; depth <= options.maxSteps && best.found.cut; depth++) {
      const found = enumerate(depth);
      if (!found) break;
      best = { depth, found };
    }
    // As `getSimplePaths` gives them: each step is a snapshot and the event that led to it, the first `xstate.init`.
    const paths = order.flatMap((key) =>
      best.found.byEnd.get(key)!.map((taken) => ({
        state: adjacency[key]!.state,
        weight: taken.length,
        steps: [
          ...taken.map((step, i) => ({ state: step.state, event: i === 0 ? { type: 'xstate.init' } : taken[i - 1]!.event })),
          { state: adjacency[key]!.state, event: taken.at(-1)?.event ?? { type: 'xstate.init' } },
        ],
      })),
    ) as unknown as MachinePath<TMachine>[];
    return { input, paths, steps: best.depth, complete: !best.found.cut };
  });
}

/** The events of a path after the initial `xstate.init` step. */
export function eventsOf(path: { steps: { event: AnyEventObject }[] }): AnyEventObject[] {
  return path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
}

/**
 * An event as people read it: `done:<invoke id>`, `error:<invoke id>`,
 * `after:<delay>` or its type, then its payload as JSON, cut at `max` characters.
 */
export function describeEvent(event: AnyEventObject, max = 60): string {
  const { type, ...rest } = event;
  const short = type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1');
  const payload = Object.keys(rest).length ? JSON.stringify(rest, (_k, v) => (v instanceof Error ? `Error(${v.message})` : v)) : '';
  return payload ? `${short}${payload.length > max ? `${payload.slice(0, max - 3)}...` : payload}` : short;
}

/** A readable name for a path: its events, with their payloads shortened. */
export function describePath(path: { steps: { event: AnyEventObject }[] }): string {
  const events = eventsOf(path).map((e) => describeEvent(e));
  return events.length ? events.join(' → ') : '(initial)';
}

const inertMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

/** The machine with every named actor replaced by one that never settles (made once per machine). */
function withInertActors(machine: AnyStateMachine): AnyStateMachine {
  let inertMachine = inertMachines.get(machine);
  if (!inertMachine) {
    const names = Object.keys(machine.implementations.actors ?? {});
    const inert = Object.fromEntries(names.map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
    inertMachine = machine.provide({ actors: inert });
    inertMachines.set(machine, inertMachine);
  }
  return inertMachine;
}

/**
 * Replays every path on a real actor (invoked actors inert, events sent as the
 * path lists them) and reports which state nodes and transitions were reached.
 */
export function coverageOf<TMachine extends AnyStateMachine>(machine: TMachine, pathSets: PathSet<TMachine>[]): Coverage {
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const inertMachine = withInertActors(machine);
  const recordNodes = (snapshot: unknown) => {
    for (const node of ((snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) as AnyStateNode[]) reachedStates.add(node.id);
  };
  for (const { input, paths } of pathSets) {
    for (const path of paths) {
      const actor = createActor(inertMachine, {
        input,
        inspect: (ev) => {
          if (ev.actorRef.sessionId !== ev.rootId) return;
          if (ev.type === '@xstate.microstep') {
            recordNodes(ev.snapshot);
            for (const t of ev._transitions) {
              takenTransitions.add(transitionKey(t));
              // The source was active, even when no snapshot shows it (a transient initial state).
              for (let node: AnyStateNode | undefined = t.source; node?.parent; node = node.parent) reachedStates.add(node.id);
            }
          } else if (ev.type === '@xstate.snapshot') {
            recordNodes(ev.snapshot);
          }
        },
      });
      actor.start();
      recordNodes(actor.getSnapshot());
      for (const event of eventsOf(path)) actor.send(event);
      actor.stop();
    }
  }
  const states = stateNodesOf(machine);
  const transitions = transitionsOf(machine);
  return {
    states,
    transitions,
    missingStates: states.filter((id) => !reachedStates.has(id)),
    missingTransitions: transitions.filter((key) => !takenTransitions.has(key)),
  };
}
