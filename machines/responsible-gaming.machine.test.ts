import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ExclusionRequest, LimitChange, Protection, SessionSettings } from '../contract/responsible-gaming.ts';
import { type ResponsibleGamingData, responsibleGamingMachine, responsibleGamingMessages } from './responsible-gaming.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { excluded, lowered, protection, protectionWith, responsibleGamingModel, statement } from './test/models/responsible-gaming.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('responsible gaming machine', responsibleGamingModel, {
  delays: {},
  invokes: { loadPage: 'loadPage', saveLimit: 'saveLimit', removeLimit: 'saveLimit', saveSession: 'saveSession', exclude: 'exclude' },
});

describe('responsible gaming machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(responsibleGamingMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'exclusion.cancel')) }));
    expect(coverageOf(responsibleGamingMachine, without).missingTransitions).toEqual(['responsibleGaming.ready.confirmingExclusion --exclusion.cancel--> responsibleGaming.ready.idle']);
  });
});

async function harness(isTrial = false) {
  const load = deferred<ResponsibleGamingData, unknown>();
  const saveLimit = deferred<Protection, LimitChange>();
  const saveSession = deferred<Protection, SessionSettings>();
  const exclude = deferred<Protection, ExclusionRequest>();
  const sessionSettingsChanged = vi.fn();
  const actor = createActor(
    responsibleGamingMachine.provide({
      actors: { loadPage: load.logic, saveLimit: saveLimit.logic, saveSession: saveSession.logic, exclude: exclude.logic },
      actions: { sessionSettingsChanged },
    }),
    { input: { isTrial } },
  );
  actor.start();
  if (!isTrial) {
    load.resolve({ protection, statement });
    await flush();
  }
  return { actor, load, saveLimit, saveSession, exclude, sessionSettingsChanged };
}

const ready = (value: string) => ({ ready: value });

describe('responsible gaming machine', () => {
  it('a trial account is refused at once, without a call', async () => {
    const h = await harness(true);
    expect(h.actor.getSnapshot().value).toBe('rejected');
    expect(h.load.inputs).toEqual([]);
  });

  it('the server refusing a trial account is the same refusal; another failure offers a retry', async () => {
    const load = deferred<ResponsibleGamingData, unknown>();
    const actor = createActor(responsibleGamingMachine.provide({ actors: { loadPage: load.logic } }), { input: { isTrial: false } });
    actor.start();
    load.reject({ errorCode: 'client.offline' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('client.offline');
    actor.send({ type: 'rg.retry' });
    load.reject({ errorCode: 'trial.forbidden' });
    await flush();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.errorCode).toBe('free_reject');
  });

  it('refuses an amount that is not a number, not positive or too large, and sends nothing', async () => {
    const h = await harness();
    h.actor.send({ type: 'limit.edit', kind: 'deposit', period: 'day' });
    for (const [amount, message] of [
      [Number.NaN, responsibleGamingMessages.notNumber],
      [12.5, responsibleGamingMessages.notNumber],
      [0, responsibleGamingMessages.notPositive],
      [-100, responsibleGamingMessages.notPositive],
      [1_000_000_000_01, responsibleGamingMessages.tooLarge],
    ] as const) {
      h.actor.send({ type: 'limit.submit', amount });
      expect(h.actor.getSnapshot().value).toEqual(ready('editingLimit'));
      expect(h.actor.getSnapshot().context.limitError).toBe(message);
    }
    expect(h.saveLimit.inputs).toEqual([]);
  });

  it('saves a limit and shows the new protection; removing one sends a null amount', async () => {
    const h = await harness();
    h.actor.send({ type: 'limit.edit', kind: 'deposit', period: 'day' });
    h.actor.send({ type: 'limit.submit', amount: 20000 });
    expect(h.saveLimit.inputs).toEqual([{ kind: 'deposit', period: 'day', amount: 20000 }]);
    h.saveLimit.resolve(lowered);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual(ready('idle'));
    expect(h.actor.getSnapshot().context).toMatchObject({ protection: lowered, editing: null, notice: 'limit' });
    h.actor.send({ type: 'limit.edit', kind: 'loss', period: 'week' });
    expect(h.actor.getSnapshot().context.notice).toBeNull();
    h.actor.send({ type: 'limit.remove' });
    expect(h.saveLimit.inputs[1]).toEqual({ kind: 'loss', period: 'week', amount: null });
  });

  it('a refused limit comes back to its form with the server’s code', async () => {
    const h = await harness();
    h.actor.send({ type: 'limit.edit', kind: 'wager', period: 'month' });
    h.actor.send({ type: 'limit.submit', amount: 100 });
    h.saveLimit.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual(ready('editingLimit'));
    expect(h.actor.getSnapshot().context).toMatchObject({ editing: { kind: 'wager', period: 'month' }, limitError: 'client.offline' });
    h.actor.send({ type: 'limit.cancel' });
    expect(h.actor.getSnapshot().context).toMatchObject({ editing: null, limitError: null });
  });

  it('saved session settings tell the reality check; a failure says so and tells nothing', async () => {
    const h = await harness();
    h.actor.send({ type: 'session.save', sessionLimitMinutes: 60, realityCheckMinutes: 15 });
    expect(h.saveSession.inputs).toEqual([{ sessionLimitMinutes: 60, realityCheckMinutes: 15 }]);
    const saved = protectionWith({}, { sessionLimitMinutes: 60, realityCheckMinutes: 15 });
    h.saveSession.resolve(saved);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ protection: saved, notice: 'session' });
    expect(h.sessionSettingsChanged).toHaveBeenCalledTimes(1);
    h.actor.send({ type: 'session.save', sessionLimitMinutes: 30, realityCheckMinutes: 0 });
    h.saveSession.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ sessionError: 'client.offline', notice: null });
    expect(h.sessionSettingsChanged).toHaveBeenCalledTimes(1);
  });

  it('a time-out is taken only once confirmed; cancelling sends nothing', async () => {
    const h = await harness();
    h.actor.send({ type: 'exclusion.choose', request: { kind: 'selfExclusion', duration: 'permanent' } });
    expect(h.actor.getSnapshot().value).toEqual(ready('confirmingExclusion'));
    h.actor.send({ type: 'exclusion.cancel' });
    expect(h.exclude.inputs).toEqual([]);
    h.actor.send({ type: 'exclusion.choose', request: { kind: 'timeOut', duration: '24h' } });
    h.actor.send({ type: 'exclusion.confirm' });
    expect(h.exclude.inputs).toEqual([{ kind: 'timeOut', duration: '24h' }]);
    h.exclude.resolve(excluded);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ protection: excluded, exclusion: null, notice: 'exclusion' });
  });

  it('a shorter exclusion refused by the server shows its code', async () => {
    const h = await harness();
    h.actor.send({ type: 'exclusion.choose', request: { kind: 'timeOut', duration: '24h' } });
    h.actor.send({ type: 'exclusion.confirm' });
    h.exclude.reject({ errorCode: 'rg.exclusion.shorter' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual(ready('idle'));
    expect(h.actor.getSnapshot().context).toMatchObject({ exclusionError: 'rg.exclusion.shorter', protection });
  });
});
