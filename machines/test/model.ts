/**
 * A machine's model for model-based testing: the inputs and the events the
 * graph traversal tries, grouped in aspects (each aspect is explored on its
 * own, so that independent parts of a machine do not multiply into thousands
 * of paths). One definition per machine, in `machines/test/models/`, shared
 * by the machine's unit test and `npm run paths`.
 */
import type { AnyEventObject, AnyStateMachine, InputFrom } from 'xstate';
import { type ContextKey, generatePaths, generateSimplePaths, type MachinePath, type PathSet, type SimplePathBound, type SimplePathSet } from './coverage.ts';

export interface ModelAspect<TMachine extends AnyStateMachine> {
  /** What the aspect explores, in a few words. */
  name: string;
  inputs: InputFrom<TMachine>[];
  /** Events tried in every state, with the done/error events of invoked actors and `xstate.after.*` delays. */
  events: AnyEventObject[];
  /** What of the context tells two states apart (default: all of it; see `generatePaths`). */
  contextKey?: ContextKey;
}

export interface MachineModel<TMachine extends AnyStateMachine> {
  machine: TMachine;
  aspects: ModelAspect<TMachine>[];
  /** Generated paths the unit test does not replay, and why. */
  exclude?: { reason: string; matches: (path: MachinePath<TMachine>) => boolean };
}

/** Generated paths of one aspect and input. */
export type AspectPathSet<TMachine extends AnyStateMachine> = PathSet<TMachine> & { aspect: string };

/** The shortest path to every distinct transition, per aspect and input (what the unit test replays). */
export function modelPathSets<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): AspectPathSet<TMachine>[] {
  const { exclude } = model;
  return model.aspects.flatMap(({ name, inputs, events, contextKey }) =>
    generatePaths(model.machine, { inputs, events, contextKey }).map((set) => ({
      ...set,
      aspect: name,
      paths: exclude ? set.paths.filter((path) => !exclude.matches(path)) : set.paths,
    })),
  );
}

/** The simple paths of every aspect and input, within the bound (`npm run paths`). */
export function modelSimplePathSets<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  bound: SimplePathBound,
): Array<SimplePathSet<TMachine> & { aspect: string }> {
  const { exclude } = model;
  return model.aspects.flatMap(({ name, inputs, events, contextKey }) =>
    generateSimplePaths(model.machine, { inputs, events, contextKey, ...bound }).map((set) => ({
      ...set,
      aspect: name,
      paths: exclude ? set.paths.filter((path) => !exclude.matches(path)) : set.paths,
    })),
  );
}

export const isMachineModel = (value: unknown): value is MachineModel<AnyStateMachine> =>
  typeof value === 'object' && value !== null && 'machine' in value && 'aspects' in value && Array.isArray((value as { aspects: unknown }).aspects);
