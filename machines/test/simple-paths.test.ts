import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { generateSimplePaths } from './coverage.ts';
import { type MachineModel, modelSimplePathSets } from './model.ts';
import { changePasswordModel } from './models/change-password.model.ts';
import { loginModel } from './models/login.model.ts';
import { logoutModel } from './models/logout.model.ts';
import { bannerCarouselModel } from './models/banner-carousel.model.ts';
import { withdrawModel } from './models/withdraw.model.ts';

/** A path as its events and the state values it goes through. */
const shape = (path: { steps: { event: AnyEventObject; state: { value: unknown } }[] }) =>
  path.steps.map((step) => [step.event.type, JSON.stringify(step.event), JSON.stringify(step.state.value)]);

/** What getSimplePaths gives for the same inputs and events, with the traversal filter of the models. */
function unbounded(model: MachineModel<AnyStateMachine>) {
  return model.aspects.flatMap(({ inputs, events }) =>
    inputs.map((input) =>
      getSimplePaths(model.machine, {
        input,
        events: events as never,
        filterEvents: (snapshot, event) =>
          snapshot.status === 'active' &&
          (!event.type.startsWith('xstate.') ||
            ((snapshot as unknown as { _nodes: { ownEvents: string[] }[] })._nodes ?? []).some((n) => n.ownEvents.includes(event.type))),
      }).map(shape),
    ),
  );
}

describe('simple paths within a bound', () => {
  it.each([
    ['logout', logoutModel],
    ['change-password', changePasswordModel],
    ['banner-carousel', bannerCarouselModel],
  ] as const)('are those of getSimplePaths, in its order, when the bound holds them all (%s)', (_name, model) => {
    const sets = modelSimplePathSets(model as MachineModel<AnyStateMachine>, { maxSteps: 20, maxPaths: 10_000 });
    expect(sets.every((set) => set.complete)).toBe(true);
    expect(sets.map((set) => set.paths.map(shape))).toEqual(unbounded(model as MachineModel<AnyStateMachine>));
  });

  it('list every path of up to N steps, N as large as the bound on their number allows', () => {
    const [aspect] = loginModel.aspects.slice(1);
    const [set] = generateSimplePaths(loginModel.machine, { inputs: aspect!.inputs, events: aspect!.events, maxSteps: 20, maxPaths: 100 });
    expect(set!.complete).toBe(false);
    expect(set!.paths.length).toBeLessThanOrEqual(100);
    const lengths = set!.paths.map((p) => p.steps.length - 1);
    expect(Math.max(...lengths)).toBe(set!.steps);
    // One step more would list more than 100 paths.
    const [longer] = generateSimplePaths(loginModel.machine, {
      inputs: aspect!.inputs,
      events: aspect!.events,
      maxSteps: set!.steps + 1,
      maxPaths: 100_000,
    });
    expect(longer!.paths.length).toBeGreaterThan(100);
    // Each is simple: no snapshot twice.
    for (const path of set!.paths) {
      const seen = path.steps.map((s) => JSON.stringify({ value: s.state.value, context: s.state.context }));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('stop at maxSteps when every path that short fits', () => {
    const sets = modelSimplePathSets(withdrawModel, { maxSteps: 2, maxPaths: 100_000 });
    expect(sets[0]!.steps).toBe(2);
    expect(sets[0]!.complete).toBe(false);
    expect(Math.max(...sets[0]!.paths.map((p) => p.steps.length - 1))).toBe(2);
  });
});
