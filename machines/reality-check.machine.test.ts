import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { longestDelayMs, nextReminderMs, playedMinutes, type RealityReading, type RealityUpdate, realityCheckMachine, sessionLeftMs } from './reality-check.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { firstReading, limitedReading, modelDelays, reality, realityCheckModel, reminderReading, since } from './test/models/reality-check.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('reality check machine', realityCheckModel, {
  delays: modelDelays,
  invokes: { loadSettings: 'loadSettings', loadReality: 'loadReality', logOut: 'logOut' },
});

describe('reality check machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(realityCheckMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'reality.continue')) }));
    expect(coverageOf(realityCheckMachine, without).missingTransitions).toEqual(['realityCheck.running.reminding --reality.continue--> realityCheck.running.waiting']);
  });
});

const minute = 60_000;
const ctx = (reading: RealityReading) => ({ session: 't', ...reading });

describe('the reality check’s timing', () => {
  it('reminds every interval counted from the session’s start', () => {
    expect(nextReminderMs(ctx(firstReading))).toBe(10 * minute);
    expect(nextReminderMs(ctx({ ...firstReading, readAt: Date.parse(since) + 15 * minute + 500 }))).toBe(15 * minute - 500);
    expect(nextReminderMs(ctx({ ...firstReading, realityCheckMinutes: 60, readAt: Date.parse(since) + 61 * minute }))).toBe(59 * minute);
  });

  it('skips a reminder less than a minute away (the clocks of server and client differ)', () => {
    expect(nextReminderMs(ctx({ ...firstReading, readAt: Date.parse(since) + 15 * minute - 2000 }))).toBe(15 * minute + 2000);
  });

  it('never, when off; the session limit at endsAt, never without one', () => {
    expect(nextReminderMs(ctx({ ...firstReading, realityCheckMinutes: 0 }))).toBe(longestDelayMs);
    expect(sessionLeftMs(ctx(limitedReading))).toBe(115 * minute);
    expect(sessionLeftMs(ctx({ ...limitedReading, readAt: Date.parse('2026-11-28T12:30:00.000Z') }))).toBe(0);
    expect(sessionLeftMs(ctx(firstReading))).toBe(longestDelayMs);
  });

  it('counts whole minutes played', () => {
    expect(playedMinutes(reality, Date.parse(since) + 75 * minute + 59_000)).toBe(75);
  });
});

function harness(reading: RealityReading) {
  const settings = deferred<RealityReading, unknown>();
  const realityLoad = deferred<RealityUpdate, unknown>();
  const logOut = deferred<void, unknown>();
  const endSession = vi.fn();
  const goTo = vi.fn();
  const actor = createActor(
    realityCheckMachine.provide({
      actors: { loadSettings: settings.logic, loadReality: realityLoad.logic, logOut: logOut.logic },
      actions: { endSession, goTo: (_, params) => goTo(params) },
    }),
    { input: { session: 'tok-1' } },
  );
  actor.start();
  settings.resolve(reading);
  return { actor, settings, realityLoad, logOut, endSession, goTo };
}

describe('reality check machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reminds at the interval with the session’s figures read again; continue waits for the next one', async () => {
    const h = harness(firstReading);
    await flush();
    await vi.advanceTimersByTimeAsync(10 * minute - 1);
    expect(h.realityLoad.inputs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toEqual({ running: 'loading' });
    h.realityLoad.resolve(reminderReading);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ running: 'reminding' });
    expect(h.actor.getSnapshot().context.reality).toEqual(reminderReading.reality);
    h.actor.send({ type: 'reality.continue' });
    expect(h.actor.getSnapshot().value).toEqual({ running: 'waiting' });
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(h.realityLoad.inputs).toHaveLength(2);
  });

  it('with the reality check off, never reminds', async () => {
    const h = harness({ ...firstReading, realityCheckMinutes: 0 });
    await flush();
    await vi.advanceTimersByTimeAsync(24 * 60 * minute);
    expect(h.realityLoad.inputs).toHaveLength(0);
    expect(h.actor.getSnapshot().value).toEqual({ running: 'waiting' });
  });

  it('"log out" from the reminder logs out, ends the session and goes home', async () => {
    const h = harness(firstReading);
    await flush();
    await vi.advanceTimersByTimeAsync(10 * minute);
    h.realityLoad.resolve(reminderReading);
    await flush();
    h.actor.send({ type: 'reality.logout' });
    expect(h.logOut.inputs).toHaveLength(1);
    h.logOut.resolve();
    await flush();
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.endSession).toHaveBeenCalledTimes(1);
    expect(h.goTo).toHaveBeenCalledWith({ to: '/m/home', replace: true });
  });

  it('the session limit reached ends it, even during a reminder; its only way on is logging out', async () => {
    const h = harness({ ...limitedReading, realityCheckMinutes: 15 });
    await flush();
    await vi.advanceTimersByTimeAsync(10 * minute);
    h.realityLoad.resolve({ reality: limitedReading.reality, readAt: limitedReading.readAt + 10 * minute });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ running: 'reminding' });
    await vi.advanceTimersByTimeAsync(105 * minute);
    expect(h.actor.getSnapshot().value).toBe('ended');
    h.actor.send({ type: 'reality.continue' });
    expect(h.actor.getSnapshot().value).toBe('ended');
    h.actor.send({ type: 'reality.logout' });
    h.logOut.reject({ errorCode: 'user.or.token.invalid' });
    await flush();
    expect(h.endSession).toHaveBeenCalledTimes(1);
  });

  it('changed settings are read again and the timers start over', async () => {
    const h = harness(firstReading);
    await flush();
    h.actor.send({ type: 'settings.changed' });
    expect(h.settings.inputs).toHaveLength(2);
    h.settings.resolve({ ...firstReading, realityCheckMinutes: 30, readAt: firstReading.readAt + minute });
    await flush();
    await vi.advanceTimersByTimeAsync(20 * minute);
    expect(h.realityLoad.inputs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(4 * minute);
    expect(h.realityLoad.inputs).toHaveLength(1);
  });

  it('a failed reading is tried again after a minute', async () => {
    const settings = deferred<RealityReading, unknown>();
    const actor = createActor(realityCheckMachine.provide({ actors: { loadSettings: settings.logic } }), { input: { session: 'tok-1' } });
    actor.start();
    settings.reject({ errorCode: 'client.offline' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(minute);
    expect(settings.inputs).toHaveLength(2);
  });
});
