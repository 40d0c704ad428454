import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { copyFailedCode, type MemberProfile, memberProfileMachine } from './member-profile.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { demoProfile, memberProfileModel } from './test/models/member-profile.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('member profile machine', memberProfileModel, { delays: { copiedToast: 1000 }, invokes: { loadProfile: 'loadProfile', copyText: 'copyText' } });

describe('member profile machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(memberProfileMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutIcon = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'profile.icon')) }));
    expect(coverageOf(memberProfileMachine, withoutIcon).missingTransitions).toEqual(['memberProfile.ready --profile.icon--> (internal)']);
  });
});

function harness() {
  const load = deferred<MemberProfile, unknown>();
  const copy = deferred<void, { text: string }>();
  const actor = createActor(memberProfileMachine.provide({ actors: { loadProfile: load.logic, copyText: copy.logic } }));
  actor.start();
  return { actor, load, copy };
}

describe('member profile machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers a retry when the profile cannot be read, and shows it once it is', async () => {
    const h = harness();
    h.load.reject({ errorCode: 'client.network' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.errorCode).toBe('client.network');
    h.actor.send({ type: 'profile.retry' });
    h.load.resolve(demoProfile);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context).toEqual({ profile: demoProfile, errorCode: null });
  });

  it('copies the member ID, shows the toast for 1 s, and says so when the clipboard refuses', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.load.resolve(demoProfile);
    await flush();
    h.actor.send({ type: 'id.copy' });
    expect(h.copy.inputs).toEqual([{ text: '1001' }]);
    h.copy.resolve(undefined);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: 'copied' })).toBe(true);
    vi.advanceTimersByTime(999);
    expect(h.actor.getSnapshot().matches({ ready: 'copied' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    h.actor.send({ type: 'id.copy' });
    h.copy.reject(new Error('denied'));
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.errorCode).toBe(copyFailedCode);
  });

  it('shows a field saved and an icon uploaded elsewhere at once, without reading again', async () => {
    const h = harness();
    h.load.resolve(demoProfile);
    await flush();
    h.actor.send({ type: 'profile.field', field: 'nickname', value: 'Lucky Pat' });
    h.actor.send({ type: 'profile.icon', icon: 'data:image/png;base64,AA==', iconVersion: 7 });
    const { profile } = h.actor.getSnapshot().context;
    expect(profile?.info.nickname).toBe('Lucky Pat');
    expect(profile?.icon).toBe('data:image/png;base64,AA==');
    expect(profile?.info.iconVersion).toBe(7);
    expect(h.load.inputs).toHaveLength(1);
  });
});
