import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ContractRequests } from '../contract/agent-contracts.ts';
import { contractCheckSkippedTypes } from './contract-check.ts';
import { awaitingKinds, contractPromptMachine } from './contract-prompt.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { allRequests, contractPromptModel, hourlyOnly, noRequests } from './test/models/contract-prompt.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('contract prompt machine', contractPromptModel, { delays: {}, invokes: { loadRequests: 'loadRequests' } });

describe('contract prompt machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(contractPromptMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'prompt.cancel')) }));
    expect(coverageOf(contractPromptMachine, without).missingTransitions).toEqual(['contractPrompt.asking --prompt.cancel--> (internal)']);
  });
});

function harness(memberType = 0) {
  const load = deferred<ContractRequests, unknown>();
  const goTo = vi.fn();
  const actor = createActor(contractPromptMachine.provide({ actors: { loadRequests: load.logic }, actions: { goTo: (_, params) => goTo(params) } }), {
    input: { memberType, session: 'tok-1' },
  });
  actor.start();
  return { actor, load, goTo };
}

describe('awaitingKinds', () => {
  it('lists the kinds with a non-empty request, in the order salary, dividend, hourly', () => {
    expect(awaitingKinds(allRequests)).toEqual(['salary', 'dividend', 'hourly']);
    expect(awaitingKinds(hourlyOnly)).toEqual(['hourly']);
    expect(awaitingKinds({ dailysalreqtype: ' ', divtypecompperiodreq: '3', contracthoursalreq: '' })).toEqual(['dividend']);
    expect(awaitingKinds(noRequests)).toEqual([]);
  });
});

describe('contract prompt machine', () => {
  it.each(contractCheckSkippedTypes)('a member of type %i is never asked: it ends at once without a call', (type) => {
    const h = harness(type);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.load.inputs).toEqual([]);
  });

  it.each([0, 1, 2])('a member of type %i is asked which proposals await it', async (type) => {
    const h = harness(type);
    expect(h.load.inputs).toHaveLength(1);
    h.load.resolve(allRequests);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('asking');
    expect(h.actor.getSnapshot().context.kinds).toEqual(['salary', 'dividend', 'hourly']);
  });

  it('asks about each kind in turn: cancel moves on, go opens that kind’s screen and ends', async () => {
    const h = harness();
    h.load.resolve(allRequests);
    await flush();
    h.actor.send({ type: 'prompt.cancel' });
    expect(h.actor.getSnapshot().context.kinds).toEqual(['dividend', 'hourly']);
    h.actor.send({ type: 'prompt.go' });
    expect(h.goTo).toHaveBeenCalledExactlyOnceWith({ to: '/m/member/agent/getDevidendContract' });
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('each kind opens its own screen', async () => {
    const screens: string[] = [];
    for (const requests of [
      { ...noRequests, dailysalreqtype: '1' },
      { ...noRequests, divtypecompperiodreq: '2' },
      { ...noRequests, contracthoursalreq: '3' },
    ]) {
      const h = harness();
      h.load.resolve(requests);
      await flush();
      h.actor.send({ type: 'prompt.go' });
      screens.push(h.goTo.mock.calls[0]![0].to);
    }
    expect(screens).toEqual(['/m/member/agent/getSalaryContract', '/m/member/agent/getDevidendContract', '/m/member/agent/getHourContract']);
  });

  it('cancelling the last prompt ends without going anywhere', async () => {
    const h = harness();
    h.load.resolve(hourlyOnly);
    await flush();
    h.actor.send({ type: 'prompt.cancel' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.goTo).not.toHaveBeenCalled();
  });

  it('nothing awaiting, or a failed request, ends quietly', async () => {
    const none = harness();
    none.load.resolve(noRequests);
    await flush();
    expect(none.actor.getSnapshot().status).toBe('done');
    const failed = harness();
    failed.load.reject({ errorCode: 'system.error' });
    await flush();
    expect(failed.actor.getSnapshot().status).toBe('done');
    expect(failed.goTo).not.toHaveBeenCalled();
  });
});
