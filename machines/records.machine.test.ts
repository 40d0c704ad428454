import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { moneyMessages } from './money-types.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from './records.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { first, last, recordsModel } from './test/models/records.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(recordsModel);

describe('records machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(recordsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'records.retry')),
    }));
    expect(coverageOf(recordsMachine, withoutRetry).missingTransitions).toEqual(['records.failed --records.retry--> records.loading']);
  });
});

describe('records machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(recordsMachine, input, path, { delays: {}, invokes: { loadRecords: 'loadRecords', loadMoreRecords: 'loadRecords' } }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

describe('records machine', () => {
  it('loads page 1, appends the next page on scroll until the last, and starts again on a new filter', async () => {
    const load = deferred<RecordPage, RecordsRequest>();
    const actor = createActor(recordsMachine.provide({ actors: { loadRecords: load.logic } }), {
      input: { filter: { types: 'A', startDate: null, endDate: null } },
    });
    actor.start();
    load.resolve(first);
    await flush();
    actor.send({ type: 'records.more' });
    load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'moreFailed' });
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }, { id: 2 }]);
    actor.send({ type: 'records.more' });
    load.resolve(last);
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    actor.send({ type: 'records.more' });
    expect(load.pendingCount).toBe(0);
    actor.send({ type: 'records.filter', filter: { startDate: '2026-11-20', endDate: '2026-11-19' } });
    expect(actor.getSnapshot().context.errorCode).toBe(moneyMessages.dateRange);
    actor.send({ type: 'records.filter', filter: { types: 'D', startDate: '2026-11-01', endDate: '2026-11-20' } });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(load.inputs).toEqual([
      { filter: { types: 'A', startDate: null, endDate: null }, pageNo: 1 },
      { filter: { types: 'A', startDate: null, endDate: null }, pageNo: 2 },
      { filter: { types: 'A', startDate: null, endDate: null }, pageNo: 2 },
      { filter: { types: 'D', startDate: '2026-11-01', endDate: '2026-11-20' }, pageNo: 1 },
    ]);
  });

  it('a new filter while loading starts a new load', async () => {
    const load = deferred<RecordPage, RecordsRequest>();
    const actor = createActor(recordsMachine.provide({ actors: { loadRecords: load.logic } }), {
      input: { filter: { types: 'A', startDate: null, endDate: null } },
    });
    actor.start();
    actor.send({ type: 'records.filter', filter: { types: 'W' } });
    expect(load.inputs.map((r) => r.filter.types)).toEqual(['A', 'W']);
  });
});
