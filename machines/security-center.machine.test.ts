import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type SecurityOverview, securityCenterMachine } from './security-center.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { overview, securityCenterModel } from './test/models/security-center.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('security center machine', securityCenterModel, {
  delays: { doneToast: 1000 },
  invokes: { loadOverview: 'loadOverview', signOutElsewhere: 'signOutElsewhere' },
});

describe('security center machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(securityCenterMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'sessions.cancel')) }));
    expect(coverageOf(securityCenterMachine, withoutCancel).missingTransitions).toEqual(['securityCenter.ready.confirming --sessions.cancel--> securityCenter.ready.idle']);
  });
});

describe('security center machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a trial account is refused and nothing is read', () => {
    const load = deferred<SecurityOverview, unknown>();
    const actor = createActor(securityCenterMachine.provide({ actors: { loadOverview: load.logic } }), { input: { isTrial: true } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.errorCode).toBe('free_reject');
    expect(load.inputs).toEqual([]);
  });

  it('shows what the other machines set, and signs out elsewhere after confirmation, keeping this session', async () => {
    vi.useFakeTimers();
    const load = deferred<SecurityOverview, unknown>();
    const signOut = deferred<{ ended: number }, unknown>();
    const actor = createActor(securityCenterMachine.provide({ actors: { loadOverview: load.logic, signOutElsewhere: signOut.logic } }), { input: { isTrial: false } });
    actor.start();
    load.resolve(overview);
    await flush();
    actor.send({ type: 'security.pinSet' });
    actor.send({ type: 'security.questionsSet', questionIds: ['firstPet', 'firstCar'] });
    expect(actor.getSnapshot().context.overview?.config).toMatchObject({ hasWithdrawalPassword: true, questionIds: ['firstPet', 'firstCar'] });
    actor.send({ type: 'sessions.signOutElsewhere' });
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(signOut.inputs).toEqual([]);
    actor.send({ type: 'sessions.confirm' });
    signOut.resolve({ ended: 1 });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context.overview?.sessions.map((s) => s.id)).toEqual(['a']);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    // Nothing else is signed in now: the button offers nothing.
    actor.send({ type: 'sessions.signOutElsewhere' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
