import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RebateMember, RebateSettings, RebateUpdate } from '../contract/agent-contracts.ts';
import { changedRates, parseRate, rateProblems, rateText, type RebateSettingsRequest, rebateSettingsMachine } from './rebate-settings.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { alice, aliceSaved, bob, carol, firstPage, lastPage, own, rebateSettingsModel, settings } from './test/models/rebate-settings.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('rebate settings machine', rebateSettingsModel, {
  delays: {},
  invokes: { loadSettings: 'loadSettings', loadMoreSettings: 'loadSettings', saveRates: 'saveRates' },
});

describe('rebate settings machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(rebateSettingsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'rebate.cancel')) }));
    expect(coverageOf(rebateSettingsMachine, without).missingTransitions).toEqual(['rebateSettings.ready.form.editing --rebate.cancel--> rebateSettings.ready.form.closed']);
  });
});

describe('parseRate', () => {
  it('reads a percentage with at most two decimals as basis points', () => {
    expect(parseRate('1.25')).toBe(125);
    expect(parseRate(' 1,25 ')).toBe(125);
    expect(parseRate('3')).toBe(300);
    expect(parseRate('0.5')).toBe(50);
    expect(parseRate('.05')).toBe(5);
    expect(parseRate('2.')).toBe(200);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('1.5%')).toBe(150);
    expect(parseRate('-0')).toBe(0);
  });

  it('refuses what is not one, and a negative rate', () => {
    for (const text of ['', ' ', 'abc', '1.255', '1.2.3', '1e2', '12345', '.', '+1']) expect(parseRate(text)).toBe('invalid');
    expect(parseRate('-1')).toBe('negative');
    expect(parseRate('-0.25')).toBe('negative');
  });

  it('writes basis points back as the text of a field', () => {
    expect(rateText(125)).toBe('1.25');
    expect(rateText(5)).toBe('0.05');
    expect(rateText(1000)).toBe('10.00');
    expect(parseRate(rateText(987))).toBe(987);
  });
});

describe('rateProblems and changedRates', () => {
  it("names each field's problem; the agent's own rate is allowed, a hundredth above it is not", () => {
    expect(rateProblems(own, { RNG: '1.50', LIVE: '0.80', FISH: '0' })).toEqual({});
    expect(rateProblems(own, { RNG: '1.51', LIVE: '-1', FISH: 'x', PVP: '0.01' })).toEqual({ RNG: 'above', LIVE: 'negative', FISH: 'invalid', PVP: 'above' });
  });

  it('keeps only the rates that differ from the member’s', () => {
    expect(changedRates(alice, { RNG: '1.00', LIVE: '0.50', FISH: '0' })).toEqual([{ gameType: 'LIVE', rateBps: 50 }]);
  });
});

function harness(first: RebateSettings = settings([alice, bob])) {
  const load = deferred<RebateSettings, RebateSettingsRequest>();
  const save = deferred<RebateMember, RebateUpdate>();
  const actor = createActor(rebateSettingsMachine.provide({ actors: { loadSettings: load.logic, saveRates: save.logic } }));
  actor.start();
  load.resolve(first);
  return { actor, load, save };
}

describe('rebate settings machine', () => {
  it('loads the own rates and the first page of members, appends the next page, and a search starts again', async () => {
    const h = harness(firstPage);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ own, members: [alice, bob], pageNum: 1, totalPages: 2 });
    h.actor.send({ type: 'rebate.more' });
    h.load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ ready: { list: 'moreFailed', form: 'closed' } });
    expect(h.actor.getSnapshot().context).toMatchObject({ members: [alice, bob], errorCode: 'client.timeout' });
    h.actor.send({ type: 'rebate.more' });
    h.load.resolve(lastPage);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ members: [alice, bob, carol], pageNum: 2, errorCode: null });
    h.actor.send({ type: 'rebate.more' });
    expect(h.load.pendingCount).toBe(0);
    h.actor.send({ type: 'rebate.search', account: ' car ' });
    expect(h.actor.getSnapshot().context.members).toEqual([]);
    expect(h.load.inputs).toEqual([
      { account: '', pageNo: 1 },
      { account: '', pageNo: 2 },
      { account: '', pageNo: 2 },
      { account: 'car', pageNo: 1 },
    ]);
  });

  it('a refused field sends nothing and says which; a valid form sends the changed rates and the row takes the answer', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rebate.edit', memberId: 11 });
    expect(h.actor.getSnapshot().context.editing).toEqual(alice);
    h.actor.send({ type: 'rebate.save', rates: { RNG: '1.60', LIVE: '0.50' } });
    expect(h.actor.getSnapshot().context.problems).toEqual({ RNG: 'above' });
    expect(h.save.inputs).toEqual([]);
    h.actor.send({ type: 'rebate.save', rates: { RNG: '1.25', LIVE: '0' } });
    expect(h.actor.getSnapshot().matches({ ready: { form: 'saving' } })).toBe(true);
    expect(h.save.inputs).toEqual([{ memberId: 11, rates: [{ gameType: 'RNG', rateBps: 125 }] }]);
    h.save.resolve(aliceSaved);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { form: 'closed' } })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ members: [aliceSaved, bob], saved: aliceSaved, editing: null, problems: {} });
  });

  it("the server's refusal stays on the form, which can be sent again", async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rebate.edit', memberId: 11 });
    h.actor.send({ type: 'rebate.save', rates: { RNG: '1.25' } });
    h.save.reject({ errorCode: 'rebate.rate.above.own' });
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ saveErrorCode: 'rebate.rate.above.own', members: [alice, bob] });
    h.actor.send({ type: 'rebate.save', rates: { RNG: '1.20' } });
    expect(h.save.inputs.at(-1)).toEqual({ memberId: 11, rates: [{ gameType: 'RNG', rateBps: 120 }] });
    expect(h.actor.getSnapshot().context.saveErrorCode).toBeNull();
  });

  it('a form that changes nothing closes without a request; an unknown member opens nothing', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rebate.edit', memberId: 99 });
    expect(h.actor.getSnapshot().matches({ ready: { form: 'closed' } })).toBe(true);
    h.actor.send({ type: 'rebate.edit', memberId: 12 });
    h.actor.send({ type: 'rebate.save', rates: { RNG: '0.00', LIVE: '0' } });
    expect(h.actor.getSnapshot().matches({ ready: { form: 'closed' } })).toBe(true);
    expect(h.save.inputs).toEqual([]);
  });

  it('a denied or failed load shows its code, and the retry reads it again', async () => {
    const load = deferred<RebateSettings, RebateSettingsRequest>();
    const actor = createActor(rebateSettingsMachine.provide({ actors: { loadSettings: load.logic } }));
    actor.start();
    load.reject({ errorCode: 'agent.menu.denied' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('agent.menu.denied');
    actor.send({ type: 'rebate.retry' });
    load.resolve(settings([bob]));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ members: [bob], errorCode: null });
  });
});
