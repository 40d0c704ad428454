import { describe, expect, it, vi } from 'vitest';
import { assign, createActor } from 'xstate';
import type { RedRainBody, RedRainResult, TeamMember } from '../contract/agent.ts';
import { moneyMessages } from './money-types.ts';
import { redRainMachine, redRainMessages } from './red-rain.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { alice, bob, member, members, redRainModel, result } from './test/models/red-rain.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('red rain machine', redRainModel, { delays: {}, invokes: { loadCandidates: 'loadCandidates', sendRain: 'sendRain' } });

describe('red rain machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(redRainMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'rain.again')) }));
    expect(coverageOf(redRainMachine, without).missingTransitions).toEqual(['redRain.done --rain.again--> redRain.loading']);
  });
});

function harness(candidates: TeamMember[] = members) {
  // Keys count from 1 in each test.
  let keys = 0;
  const load = deferred<TeamMember[], { account: string }>();
  const send = deferred<RedRainResult, RedRainBody>();
  const rainSent = vi.fn();
  const actor = createActor(
    redRainMachine.provide({
      actors: { loadCandidates: load.logic, sendRain: send.logic },
      // As the app does: a random key per new rain.
      actions: { rainSent, newRequestId: assign(() => ({ requestId: `key-${++keys}` })) },
    }),
  );
  actor.start();
  load.resolve(candidates);
  return { actor, load, send, rainSent };
}

/** A rain of 500 on every member, refused with `errorCode` (the answer that may or may not mean it was paid). */
async function failedRain(errorCode: string) {
  const h = harness();
  await flush();
  h.actor.send({ type: 'rain.all' });
  h.actor.send({ type: 'rain.review', amount: 500 });
  h.actor.send({ type: 'rain.confirm' });
  h.send.reject({ errorCode });
  await flush();
  return h;
}

describe('red rain machine', () => {
  it('with no member chosen says so and sends nothing', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().value).toBe('picking');
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: redRainMessages.noMembers, amount: null, requestId: null });
    h.actor.send({ type: 'rain.confirm' });
    expect(h.send.inputs).toEqual([]);
  });

  it('refuses an amount that is zero, negative or not whole minor units', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.toggle', member: alice });
    for (const amount of [0, -500, 12.5, Number.NaN]) {
      h.actor.send({ type: 'rain.review', amount });
      expect(h.actor.getSnapshot().value).toBe('picking');
      expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: moneyMessages.amountRange, amount: null, requestId: null });
    }
    expect(h.send.inputs).toEqual([]);
  });

  it('refuses more members than a rain may reach', async () => {
    const h = harness(Array.from({ length: 201 }, (_, i) => member(100 + i, `m${100 + i}`)));
    await flush();
    h.actor.send({ type: 'rain.all' });
    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().value).toBe('picking');
    expect(h.actor.getSnapshot().context.errorCode).toBe(redRainMessages.tooMany);
  });

  it('reviewed and confirmed, sends the chosen members and the amount under a request id, then shows the result', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.toggle', member: bob });
    h.actor.send({ type: 'rain.toggle', member: alice });
    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().value).toBe('reviewing');
    expect(h.actor.getSnapshot().context).toMatchObject({ amount: 500, requestId: 'key-1', errorCode: null });
    expect(h.send.inputs).toEqual([]);
    h.actor.send({ type: 'rain.confirm' });
    expect(h.send.inputs).toEqual([{ requestId: 'key-1', memberIds: [12, 11], amount: 500 }]);
    h.send.resolve(result);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.actor.getSnapshot().context).toMatchObject({ result, requestId: null });
    expect(h.rainSent).toHaveBeenCalledTimes(1);
  });

  it('a failed rain sent again with the same members and amount is the same request, so it cannot be paid twice', async () => {
    const h = await failedRain('client.timeout');
    expect(h.actor.getSnapshot().value).toBe('picking');
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'client.timeout', selected: members, amount: 500 });
    expect(h.rainSent).not.toHaveBeenCalled();

    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().context).toMatchObject({ requestId: 'key-1', errorCode: null });
    h.actor.send({ type: 'rain.confirm' });
    expect(h.send.inputs).toEqual([
      { requestId: 'key-1', memberIds: [11, 12], amount: 500 },
      { requestId: 'key-1', memberIds: [11, 12], amount: 500 },
    ]);
  });

  it('a changed amount or a changed member after a failure is a new rain with a new request id', async () => {
    const h = await failedRain('wallet.balance.insufficient');

    h.actor.send({ type: 'rain.review', amount: 300 });
    expect(h.actor.getSnapshot().context).toMatchObject({ amount: 300, requestId: 'key-2' });
    h.actor.send({ type: 'rain.confirm' });
    h.send.reject({ errorCode: 'wallet.balance.insufficient' });
    await flush();

    h.actor.send({ type: 'rain.toggle', member: bob });
    h.actor.send({ type: 'rain.review', amount: 300 });
    h.actor.send({ type: 'rain.confirm' });
    expect(h.send.inputs.map((b) => [b.requestId, b.memberIds, b.amount])).toEqual([
      ['key-1', [11, 12], 500],
      ['key-2', [11, 12], 300],
      ['key-3', [11], 300],
    ]);
  });

  it('a choice changed and changed back after a failure is still the same rain, with the same request id', async () => {
    // A timeout: the server may have paid it.
    const h = await failedRain('client.timeout');
    h.actor.send({ type: 'rain.toggle', member: bob });
    h.actor.send({ type: 'rain.toggle', member: bob });
    h.actor.send({ type: 'rain.none' });
    h.actor.send({ type: 'rain.all' });
    h.actor.send({ type: 'rain.review', amount: 500 });
    h.actor.send({ type: 'rain.confirm' });
    expect(h.send.inputs.map((b) => b.requestId)).toEqual(['key-1', 'key-1']);
  });

  it('going back from the review keeps the rain; the same amount reviewed again keeps its request id', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.toggle', member: alice });
    h.actor.send({ type: 'rain.review', amount: 500 });
    h.actor.send({ type: 'rain.back' });
    expect(h.actor.getSnapshot().value).toBe('picking');
    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().context.requestId).toBe('key-1');
  });

  it('keeps the chosen members across a search of the list', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.toggle', member: alice });
    h.actor.send({ type: 'rain.search', account: '  bo ' });
    expect(h.load.inputs).toEqual([{ account: '' }, { account: 'bo' }]);
    h.load.resolve([bob]);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ account: 'bo', candidates: [bob], selected: [alice] });
    h.actor.send({ type: 'rain.all' });
    expect(h.actor.getSnapshot().context.selected).toEqual([alice, bob]);
    h.actor.send({ type: 'rain.toggle', member: alice });
    expect(h.actor.getSnapshot().context.selected).toEqual([bob]);
    h.actor.send({ type: 'rain.none' });
    expect(h.actor.getSnapshot().context.selected).toEqual([]);
  });

  it('a list that fails to load says so, and the retry reads it again', async () => {
    const load = deferred<TeamMember[], { account: string }>();
    const actor = createActor(redRainMachine.provide({ actors: { loadCandidates: load.logic } }));
    actor.start();
    load.reject({ errorCode: 'client.offline' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('client.offline');
    actor.send({ type: 'rain.retry' });
    load.resolve(members);
    await flush();
    expect(actor.getSnapshot().value).toBe('picking');
    expect(actor.getSnapshot().context).toMatchObject({ candidates: members, errorCode: null });
  });

  it('"again" starts over with no member, no amount and no result', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'rain.all' });
    h.actor.send({ type: 'rain.review', amount: 500 });
    h.actor.send({ type: 'rain.confirm' });
    h.send.resolve(result);
    await flush();
    h.actor.send({ type: 'rain.again' });
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.actor.getSnapshot().context).toMatchObject({ selected: [], amount: null, requestId: null, result: null, errorCode: null });
    h.load.resolve(members);
    await flush();
    h.actor.send({ type: 'rain.toggle', member: bob });
    h.actor.send({ type: 'rain.review', amount: 500 });
    expect(h.actor.getSnapshot().context.requestId).toBe('key-2');
  });
});
