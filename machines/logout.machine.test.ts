import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { logoutMachine } from './logout.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { logoutModel } from './test/models/logout.model.ts';

const pathSets = modelPathSets(logoutModel);

describe('logout machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(logoutMachine, pathSets);
    expect(coverage.states).toEqual(['logout.idle', 'logout.confirming', 'logout.loggingOut', 'logout.loggedOut']);
    expect(coverage.transitions.length).toBe(5);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets[0]!.paths.length).toBe(10);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutCancel = [{ input: undefined, paths: pathSets[0]!.paths.filter((p) => !eventsOf(p).some((e) => e.type === 'logout.cancel')) }];
    expect(coverageOf(logoutMachine, withoutCancel).missingTransitions).toEqual(['logout.confirming --logout.cancel--> logout.idle']);
  });
});

function harness() {
  const serverLogout = deferred<void, unknown>();
  const clearLocalSession = vi.fn();
  const goTo = vi.fn();
  const actor = createActor(
    logoutMachine.provide({ actors: { serverLogout: serverLogout.logic }, actions: { clearLocalSession, goTo: (_, n) => goTo(n) } }),
  );
  return { actor, serverLogout, clearLocalSession, goTo };
}

/** What the user sees: nothing, the in_sure_logout dialog, the loading message, or the home page. */
function screen(h: ReturnType<typeof harness>) {
  const snap = h.actor.getSnapshot();
  // Logged out: where the machine sent the player (replacing the screen).
  if (snap.status === 'done') return { goTo: h.goTo.mock.calls.length === 1 && h.goTo.mock.calls[0]![0].replace ? h.goTo.mock.calls[0]![0].to : null };
  return { dialog: snap.matches('confirming') ? 'in_sure_logout' : null, loading: snap.matches('loggingOut') };
}

describe('logout machine replayed', () => {
  it.each(pathSets[0]!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness();
    let view: ReturnType<typeof screen> = { dialog: null, loading: false };
    let calls = 0;
    let cleared = 0;
    h.actor.start();
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      if (event.type === 'xstate.done.actor.serverLogout') {
        h.serverLogout.resolve(undefined);
      } else if (event.type === 'xstate.error.actor.serverLogout') {
        h.serverLogout.reject(event.error);
      } else {
        h.actor.send(event as never);
      }
      if (event.type === 'logout.request' && !view.dialog && !view.loading) view = { dialog: 'in_sure_logout', loading: false };
      else if (event.type === 'logout.cancel' && view.dialog) view = { dialog: null, loading: false };
      else if (event.type === 'logout.confirm' && view.dialog) {
        view = { dialog: null, loading: true };
        calls++;
      } else if (event.type.startsWith('xstate.')) {
        // Whatever the server says, the local session goes.
        view = { goTo: '/m/home' };
        cleared++;
      }
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(step.state.value);
      expect(screen(h)).toEqual(view);
      expect(h.serverLogout.inputs).toHaveLength(calls);
      expect(h.clearLocalSession).toHaveBeenCalledTimes(cleared);
    }
  });
});
