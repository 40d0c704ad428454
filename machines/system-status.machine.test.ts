import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { modelPathSets } from './test/model.ts';
import { AFTER_REFRESH, answer, inputs, systemStatusModel } from './test/models/system-status.model.ts';

const REFRESH_MS = 30_000;

/** What the user sees for an answer: the spec's 0 normal, 1 maintenance, 2 region restricted. */
const expectedStatus = (a: StatusAnswer | null) => (a === null ? 'unknown' : (['normal', 'maintenance', 'restricted'] as const)[a.status]);

const pathSets = modelPathSets(systemStatusModel);

describe('systemStatus machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(systemStatusMachine, pathSets);
    expect(coverage.states.length).toBe(8);
    expect(coverage.transitions.length).toBe(13);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutErrors = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type.startsWith('xstate.error.'))),
    }));
    expect(coverageOf(systemStatusMachine, withoutErrors).missingTransitions).toEqual([
      'systemStatus.connection.fetching --xstate.error.actor.fetchStatus--> systemStatus.connection.waiting',
    ]);
  });
});

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function harness(input: { cached: StatusAnswer | null }) {
  const pending: Array<{ resolve: (a: StatusAnswer) => void; reject: (e: unknown) => void }> = [];
  const fetchStatus = vi.fn(() => new Promise<StatusAnswer>((resolve, reject) => pending.push({ resolve, reject })));
  const persistStatus = vi.fn<(a: StatusAnswer) => void>();
  const machine = systemStatusMachine.provide({
    actors: { fetchStatus: fromPromise(() => fetchStatus()) },
    actions: { persistStatus: (_, params) => persistStatus(params.answer) },
  });
  const actor = createActor(machine, { input });
  return { actor, pending, fetchStatus, persistStatus };
}

describe.each(inputs)('systemStatus machine replayed with cached $cached', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const paths = pathSets.find((s) => s.input === input)!.paths;

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, pending, fetchStatus, persistStatus } = harness(input);
    // The user's model of the system, independent of the machine.
    let shown = input.cached;
    let fetching = true;
    let fetches = 1;
    let lastError: string | null = null;
    const persisted: StatusAnswer[] = [];

    const check = (modelState: { value: unknown; context: unknown }) => {
      const snap = actor.getSnapshot();
      expect(snap.status).toBe('active');
      expect(snap.value).toEqual(modelState.value);
      expect(snap.context).toEqual(modelState.context);
      expect(snap.value).toEqual({ connection: fetching ? 'fetching' : 'waiting', status: expectedStatus(shown) });
      expect(snap.context).toEqual({ answer: shown, lastError });
      expect(fetchStatus).toHaveBeenCalledTimes(fetches);
      expect(pending.length).toBe(fetching ? 1 : 0);
      expect(persistStatus.mock.calls.map(([a]) => a)).toEqual(persisted);
    };

    actor.start();
    await flush();
    // The cached answer is shown at once, before the first fetch settles.
    check(path.steps[0]!.state);

    for (const step of path.steps.slice(1)) {
      const event = step.event;
      if (event.type === 'xstate.done.actor.fetchStatus') {
        pending.shift()!.resolve(event.output);
        shown = event.output;
        persisted.push(event.output);
        lastError = null;
        fetching = false;
      } else if (event.type === 'xstate.error.actor.fetchStatus') {
        pending.shift()!.reject(event.error);
        lastError = event.error instanceof Error ? 'client.network' : event.error.errorCode;
        fetching = false;
      } else if (event.type === AFTER_REFRESH) {
        await vi.advanceTimersByTimeAsync(REFRESH_MS - 1);
        expect(fetchStatus).toHaveBeenCalledTimes(fetches);
        await vi.advanceTimersByTimeAsync(1);
        fetching = true;
        fetches++;
      } else if (event.type === 'status.refresh') {
        actor.send({ type: 'status.refresh' });
        if (!fetching) {
          fetching = true;
          fetches++;
        }
      } else {
        throw new Error(`no executor for ${event.type}`);
      }
      await flush();
      check(step.state);
    }
    actor.stop();
  });
});

describe('systemStatus machine: named scenarios', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows maintenance after a status=1 answer and keeps it for the next visit', async () => {
    const { actor, pending, persistStatus } = harness({ cached: null });
    actor.start();
    expect(actor.getSnapshot().matches({ status: 'unknown' })).toBe(true);
    pending.shift()!.resolve(answer(1));
    await flush();
    expect(actor.getSnapshot().matches({ status: 'maintenance' })).toBe(true);
    expect(persistStatus).toHaveBeenCalledWith(answer(1));
  });

  it('refreshes every statusRefresh (30 s) and on status.refresh', async () => {
    const { actor, pending, fetchStatus } = harness({ cached: answer(0) });
    actor.start();
    pending.shift()!.resolve(answer(0));
    await flush();
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    pending.shift()!.resolve(answer(2));
    await flush();
    expect(actor.getSnapshot().matches({ status: 'restricted' })).toBe(true);
    actor.send({ type: 'status.refresh' });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });
});
