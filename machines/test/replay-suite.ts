/**
 * The model-based test of a machine in one call: every generated path of its
 * model replayed on a real actor (fake timers), checking the state value and
 * context after each step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { describePath } from './coverage.ts';
import { type AspectPathSet, modelPathSets, type MachineModel } from './model.ts';
import { type ReplayOptions, replayPath } from './replay.ts';

export function replayModelPaths<TMachine extends AnyStateMachine>(name: string, model: MachineModel<TMachine>, options: ReplayOptions): AspectPathSet<TMachine>[] {
  const pathSets = modelPathSets(model);
  describe(`${name} replayed on real actors`, () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
    it.each(all)('%s', async (_name, input, path) => {
      await replayPath(model.machine, input, path, options, (actual, expected) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      });
    });
  });
  return pathSets;
}
