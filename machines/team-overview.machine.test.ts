import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TeamKpi } from '../contract/agent.ts';
import { moneyMessages } from './money-types.ts';
import { type DateRange, rangeOf, teamOverviewMachine } from './team-overview.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { kpi } from './test/models/agent-home.model.ts';
import { backwardsRange, customRange, teamOverviewModel, today } from './test/models/team-overview.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('team overview machine', teamOverviewModel, { delays: {}, invokes: { loadKpi: 'loadKpi' } });

describe('team overview machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(teamOverviewMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'overview.retry')) }));
    expect(coverageOf(teamOverviewMachine, without).missingTransitions).toEqual(['teamOverview.failed --overview.retry--> teamOverview.loading']);
  });
});

describe('rangeOf', () => {
  it("gives each preset's inclusive days from today", () => {
    expect(rangeOf('today', '2026-11-20')).toEqual({ startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(rangeOf('yesterday', '2026-11-20')).toEqual({ startDate: '2026-11-19', endDate: '2026-11-19' });
    expect(rangeOf('last7', '2026-11-20')).toEqual({ startDate: '2026-11-14', endDate: '2026-11-20' });
    expect(rangeOf('month', '2026-11-20')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-20' });
  });

  it("crosses into the previous month and year, and this month is one day on the month's first", () => {
    expect(rangeOf('month', '2026-11-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-01' });
    expect(rangeOf('yesterday', '2026-11-01')).toEqual({ startDate: '2026-10-31', endDate: '2026-10-31' });
    expect(rangeOf('last7', '2026-11-03')).toEqual({ startDate: '2026-10-28', endDate: '2026-11-03' });
    expect(rangeOf('yesterday', '2027-01-01')).toEqual({ startDate: '2026-12-31', endDate: '2026-12-31' });
    expect(rangeOf('last7', '2027-01-01')).toEqual({ startDate: '2026-12-26', endDate: '2027-01-01' });
    expect(rangeOf('yesterday', '2028-03-01')).toEqual({ startDate: '2028-02-29', endDate: '2028-02-29' });
  });
});

function harness() {
  const load = deferred<TeamKpi, DateRange>();
  const actor = createActor(teamOverviewMachine.provide({ actors: { loadKpi: load.logic } }), { input: { today } });
  actor.start();
  return { actor, load };
}

describe('team overview machine', () => {
  it("loads today's totals at first", async () => {
    const h = harness();
    expect(h.load.inputs).toEqual([{ startDate: today, endDate: today }]);
    expect(h.actor.getSnapshot().context).toMatchObject({ preset: 'today', kpi: null });
    h.load.resolve(kpi);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.actor.getSnapshot().context.kpi).toEqual(kpi);
  });

  it('loads each preset with its range, keeping the last figures on screen meanwhile', async () => {
    const h = harness();
    h.load.resolve(kpi);
    await flush();
    for (const preset of ['yesterday', 'last7', 'month', 'today'] as const) {
      h.actor.send({ type: 'range.preset', preset });
      expect(h.actor.getSnapshot().value).toBe('loading');
      expect(h.actor.getSnapshot().context).toMatchObject({ preset, range: rangeOf(preset, today), kpi });
      h.load.resolve(kpi);
      await flush();
    }
    expect(h.load.inputs).toEqual([
      { startDate: '2026-11-20', endDate: '2026-11-20' },
      { startDate: '2026-11-19', endDate: '2026-11-19' },
      { startDate: '2026-11-14', endDate: '2026-11-20' },
      { startDate: '2026-11-01', endDate: '2026-11-20' },
      { startDate: '2026-11-20', endDate: '2026-11-20' },
    ]);
  });

  it('a range chosen while another loads replaces it: the earlier answer is not shown', async () => {
    const h = harness();
    h.actor.send({ type: 'range.preset', preset: 'yesterday' });
    const stale = { ...kpi, footer: { ...kpi.footer, teamOnlineCount: 99 } };
    h.load.resolve(stale);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.actor.getSnapshot().context.kpi).toBeNull();
    h.load.resolve(kpi);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.actor.getSnapshot().context).toMatchObject({ preset: 'yesterday', kpi });
  });

  it('refuses a custom range that ends before it starts, or lacks a day, and loads nothing', async () => {
    const h = harness();
    h.load.resolve(kpi);
    await flush();
    for (const range of [backwardsRange, { startDate: '', endDate: '2026-11-10' }]) {
      h.actor.send({ type: 'range.custom', range });
      expect(h.actor.getSnapshot().value).toBe('ready');
      expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: moneyMessages.dateRange, preset: 'today', range: rangeOf('today', today), kpi });
    }
    expect(h.load.inputs).toHaveLength(1);

    h.actor.send({ type: 'range.custom', range: customRange });
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: null, preset: null, range: customRange });
    expect(h.load.inputs.at(-1)).toEqual(customRange);
    // A single day is a range.
    h.load.resolve(kpi);
    await flush();
    h.actor.send({ type: 'range.custom', range: { startDate: '2026-11-05', endDate: '2026-11-05' } });
    expect(h.load.inputs.at(-1)).toEqual({ startDate: '2026-11-05', endDate: '2026-11-05' });
  });

  it('a failed load shows its message, and the retry loads the same range again', async () => {
    const h = harness();
    h.load.resolve(kpi);
    await flush();
    h.actor.send({ type: 'range.preset', preset: 'month' });
    h.load.reject({ errorCode: 'agent.menu.denied' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.errorCode).toBe('agent.menu.denied');
    h.actor.send({ type: 'overview.retry' });
    expect(h.actor.getSnapshot().context.errorCode).toBeNull();
    expect(h.load.inputs.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-20' });
  });
});
