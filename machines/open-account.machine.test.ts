import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OpenAccountPayload, OpenAccountResult } from '../contract/agent.ts';
import { type AffiliateLinks, openAccountMachine } from './open-account.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { affiliate, opened, openAccountModel, payload, usernameTaken } from './test/models/open-account.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('open account machine', openAccountModel, {
  delays: { copiedToast: 1000 },
  invokes: { openAccount: 'openAccount', loadAffiliate: 'loadAffiliate', copyText: 'copyText' },
});

describe('open account machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(openAccountMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'xstate.error.actor.openAccount')) }));
    expect(coverageOf(openAccountMachine, without).missingTransitions).toEqual(['openAccount.form.submitting --xstate.error.actor.openAccount--> openAccount.form.editing']);
  });
});

function harness() {
  const open = deferred<OpenAccountResult, OpenAccountPayload>();
  const load = deferred<AffiliateLinks, unknown>();
  const copy = deferred<void, { text: string }>();
  const actor = createActor(openAccountMachine.provide({ actors: { openAccount: open.logic, loadAffiliate: load.logic, copyText: copy.logic } }));
  actor.start();
  return { actor, open, load, copy };
}

describe('open account machine', () => {
  it('a refused form stays open for editing, with the message at the field the server names', async () => {
    const h = harness();
    h.actor.send({ type: 'account.submit', payload });
    expect(h.open.inputs).toEqual([payload]);
    expect(h.actor.getSnapshot().matches({ form: 'submitting' })).toBe(true);
    h.open.reject(usernameTaken);
    await flush();
    expect(h.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'member.username.exists', errorField: 'username', opened: null });

    // A refusal naming no field shows its message alone; sending again clears the last one.
    h.actor.send({ type: 'account.submit', payload: { ...payload, username: 'newbie2' } });
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: null, errorField: null });
    h.open.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'client.timeout', errorField: null });
  });

  it('shows the account opened, and "open another" clears it for a new form', async () => {
    const h = harness();
    h.actor.send({ type: 'account.submit', payload });
    h.open.resolve(opened);
    await flush();
    expect(h.actor.getSnapshot().matches({ form: 'opened' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ opened, errorCode: null, errorField: null });
    h.actor.send({ type: 'account.submit', payload });
    expect(h.open.inputs).toHaveLength(1);
    h.actor.send({ type: 'account.another' });
    expect(h.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(h.actor.getSnapshot().context.opened).toBeNull();
  });

  it('the affiliate links do not wait for the form, nor the form for them', async () => {
    const h = harness();
    h.load.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ form: 'editing', affiliate: 'failed' });
    expect(h.actor.getSnapshot().context.affiliateError).toBe('client.offline');
    h.actor.send({ type: 'account.submit', payload });
    h.actor.send({ type: 'affiliate.retry' });
    h.load.resolve(affiliate);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ form: 'submitting', affiliate: { ready: { action: 'idle', toast: 'hidden' } } });
    expect(h.actor.getSnapshot().context).toMatchObject({ affiliate, affiliateError: null });
  });

  it('a clipboard that refuses shows its message, no toast', async () => {
    const h = harness();
    h.load.resolve(affiliate);
    await flush();
    h.actor.send({ type: 'affiliate.copy', part: 'link' });
    h.copy.reject(new Error('denied'));
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ copyError: 'member.copy.failed', copied: null });
    expect(h.actor.getSnapshot().matches({ affiliate: { ready: { action: 'idle', toast: 'hidden' } } })).toBe(true);
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('copies the code or the full link, says which with "Copy successful" for a second', async () => {
      const h = harness();
      h.load.resolve(affiliate);
      await flush();
      h.actor.send({ type: 'affiliate.copy', part: 'code' });
      h.copy.resolve();
      await flush();
      expect(h.actor.getSnapshot().matches({ affiliate: { ready: { toast: 'shown' } } })).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({ copied: 'code', copyError: null });
      await vi.advanceTimersByTimeAsync(999);
      expect(h.actor.getSnapshot().matches({ affiliate: { ready: { toast: 'shown' } } })).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.actor.getSnapshot().matches({ affiliate: { ready: { toast: 'hidden' } } })).toBe(true);

      h.actor.send({ type: 'affiliate.copy', part: 'link' });
      h.copy.resolve();
      await flush();
      expect(h.copy.inputs).toEqual([{ text: 'A1024' }, { text: affiliate.link }]);
      expect(h.actor.getSnapshot().context.copied).toBe('link');
    });
  });
});
