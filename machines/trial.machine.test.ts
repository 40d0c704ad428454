import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { identityMessages } from './identity-types.ts';
import type { SessionInfo } from './session.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { trialModel } from './test/models/trial.model.ts';
import { trialMachine } from './trial.machine.ts';

const pathSets = modelPathSets(trialModel);

describe('trial machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(trialMachine, pathSets);
    expect(coverage.states).toEqual(['trial.starting', 'trial.failed', 'trial.done']);
    expect(coverage.transitions.length).toBe(4);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets[0]!.paths.length).toBe(4);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutMemberAnswer = [{ input: undefined, paths: pathSets[0]!.paths.filter((p) => !eventsOf(p).some((e) => e.output?.type === 0)) }];
    expect(coverageOf(trialMachine, withoutMemberAnswer).missingTransitions).toEqual(['trial.starting --xstate.done.actor.startTrial #1--> trial.failed']);
  });
});

describe('trial machine replayed', () => {
  it.each(pathSets[0]!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const startTrial = deferred<SessionInfo, unknown>();
    const storeSession = vi.fn<(s: SessionInfo, remember: boolean) => void>();
    const goTo = vi.fn();
    const actor = createActor(
      trialMachine.provide({
        actors: { startTrial: startTrial.logic },
        actions: { storeSession: (_, p) => storeSession(p.session, p.remember), goTo: (_, n) => goTo(n) },
      }),
    );
    let view: { loading: boolean; error: string | null } | { goTo: string } = { loading: true, error: null };
    let calls = 1;
    const stored: Array<[SessionInfo, boolean]> = [];
    actor.start();
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      if (event.type === 'xstate.done.actor.startTrial') {
        startTrial.resolve(event.output);
        if (event.output.type === 4) {
          view = { goTo: '/m/home' };
          stored.push([event.output, false]);
        } else {
          view = { loading: false, error: identityMessages.trialInvalid };
        }
      } else if (event.type === 'xstate.error.actor.startTrial') {
        startTrial.reject(event.error);
        view = { loading: false, error: 'system.busy' };
      } else {
        actor.send(event as never);
        // A retry only counts on the error screen.
        if ('loading' in view && !view.loading) {
          view = { loading: true, error: null };
          calls++;
        }
      }
      await flush();
      const snap = actor.getSnapshot();
      expect(snap.value).toEqual(step.state.value);
      expect(
        // Done: where the machine sent the player (replacing the trial screen).
        snap.status === 'done' && goTo.mock.calls.length === 1 && goTo.mock.calls[0]![0].replace
          ? { goTo: goTo.mock.calls[0]![0].to }
          : { loading: snap.matches('starting'), error: snap.context.errorCode },
      ).toEqual(view);
      expect(startTrial.inputs).toHaveLength(calls);
      expect(storeSession.mock.calls).toEqual(stored);
    }
  });
});
