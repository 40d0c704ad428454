import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import type { DividendSummary } from '../contract/agent-contracts.ts';
import { dividendMachine, dividendPayoutsId } from './dividend.machine.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from './records.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { dividendModel, summary } from './test/models/dividend.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('dividend machine', dividendModel, { delays: {}, invokes: { loadSummary: 'loadSummary' } });

describe('dividend machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(dividendMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'dividend.retry')) }));
    expect(coverageOf(dividendMachine, without).missingTransitions).toContain('dividend.failed --dividend.retry--> dividend.loading');
  });
});

describe('dividend machine', () => {
  it("reads this month's dividend and the dividend payouts, each failing on its own", async () => {
    const load = deferred<DividendSummary, unknown>();
    const loadPayouts = deferred<RecordPage, RecordsRequest>();
    const actor = createActor(dividendMachine.provide({ actors: { loadSummary: load.logic, payouts: recordsMachine.provide({ actors: { loadRecords: loadPayouts.logic } }) } }));
    actor.start();
    expect(loadPayouts.inputs).toEqual([{ filter: { types: 'dividend', startDate: null, endDate: null }, pageNo: 1 }]);
    load.reject({ errorCode: 'client.offline' });
    loadPayouts.resolve({ list: [], pageNum: 1, totalPages: 0, total: 0, summary: null });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('client.offline');
    const payouts = actor.getSnapshot().children[dividendPayoutsId] as ActorRefFrom<typeof recordsMachine>;
    expect(payouts.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'dividend.retry' });
    load.resolve(summary);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toEqual({ summary, errorCode: null });
  });
});
