import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AgentMenu, TeamKpi } from '../contract/agent.ts';
import { type AgentNotices, agentHomeMachine, greetingOf } from './agent-home.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { agentHomeModel, kpi, menu, notice, notices } from './test/models/agent-home.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('agent home machine', agentHomeModel, {
  delays: { statsRefresh: 60_000 },
  invokes: { loadKpi: 'loadKpi', loadMenu: 'loadMenu', loadNotices: 'loadNotices', markRead: 'markRead' },
});

describe('agent home machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(agentHomeMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'xstate.error.actor.markRead')) }));
    expect(coverageOf(agentHomeMachine, without).missingTransitions).toEqual([
      'agentHome.notice.ready.marking --xstate.error.actor.markRead--> agentHome.notice.ready.idle',
    ]);
  });
});

function harness(hour = 9) {
  const loadKpi = deferred<TeamKpi, unknown>();
  const loadMenu = deferred<AgentMenu, unknown>();
  const loadNotices = deferred<AgentNotices, unknown>();
  const markRead = deferred<{ id: number }, { id: number }>();
  const actor = createActor(
    agentHomeMachine.provide({ actors: { loadKpi: loadKpi.logic, loadMenu: loadMenu.logic, loadNotices: loadNotices.logic, markRead: markRead.logic } }),
    { input: { hour } },
  );
  actor.start();
  return { actor, loadKpi, loadMenu, loadNotices, markRead };
}

/** The home with its three regions loaded. */
async function loaded(list: AgentNotices = notices) {
  const h = harness();
  h.loadKpi.resolve(kpi);
  h.loadMenu.resolve(menu);
  h.loadNotices.resolve(list);
  await flush();
  return h;
}

describe('agent home machine', () => {
  it('greets by the local hour: up to 10 morning, to 14 early afternoon, to 18 late afternoon, then evening', () => {
    expect([0, 10, 11, 14, 15, 18, 19, 23].map(greetingOf)).toEqual([
      'morning',
      'morning',
      'earlyAfternoon',
      'earlyAfternoon',
      'lateAfternoon',
      'lateAfternoon',
      'evening',
      'evening',
    ]);
    expect(harness(16).actor.getSnapshot().context.greeting).toBe('lateAfternoon');
  });

  it('one region failing leaves the others on screen, and its retry reloads only it', async () => {
    const h = harness();
    h.loadKpi.resolve(kpi);
    h.loadMenu.reject({ errorCode: 'client.offline' });
    h.loadNotices.resolve(notices);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ stats: 'ready', menu: 'failed', notice: { ready: 'idle' } });
    expect(h.actor.getSnapshot().context).toMatchObject({ kpi, notices, menu: null, menuError: 'client.offline', statsError: null, noticeError: null });

    h.actor.send({ type: 'menu.retry' });
    expect([h.loadKpi.inputs.length, h.loadMenu.inputs.length, h.loadNotices.inputs.length]).toEqual([1, 2, 1]);
    h.loadMenu.resolve(menu);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ stats: 'ready', menu: 'ready', notice: { ready: 'idle' } });
    expect(h.actor.getSnapshot().context).toMatchObject({ menu, menuError: null });
  });

  it('opening an unread notice reports it read once, and the badge counts one less once the server has it', async () => {
    const h = await loaded({ list: [notice(1, false), notice(2, true), notice(3, false)], unreadCount: 2 });
    h.actor.send({ type: 'notice.toggle', id: 3 });
    expect(h.actor.getSnapshot().context.expandedId).toBe(3);
    expect(h.markRead.inputs).toEqual([{ id: 3 }]);
    // Not yet: the server has not answered.
    expect(h.actor.getSnapshot().context.notices).toMatchObject({ unreadCount: 2 });

    h.markRead.resolve({ id: 3 });
    await flush();
    const { notices: shown } = h.actor.getSnapshot().context;
    expect(shown?.unreadCount).toBe(1);
    expect(shown?.list.map((n) => [n.announcementId, n.read])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(h.actor.getSnapshot().matches({ notice: { ready: 'idle' } })).toBe(true);

    // Closed and opened again: it is read now, nothing more is reported.
    h.actor.send({ type: 'notice.toggle', id: 3 });
    h.actor.send({ type: 'notice.toggle', id: 3 });
    expect(h.markRead.inputs).toEqual([{ id: 3 }]);
  });

  it('opening a read notice or closing one reports nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'notice.toggle', id: 2 });
    expect(h.actor.getSnapshot().context.expandedId).toBe(2);
    h.actor.send({ type: 'notice.toggle', id: 2 });
    expect(h.actor.getSnapshot().context.expandedId).toBeNull();
    expect(h.markRead.inputs).toEqual([]);
    expect(h.actor.getSnapshot().context.notices).toEqual(notices);
  });

  it('a notice the server was not told of stays unread, and is reported again when opened next time', async () => {
    const h = await loaded();
    h.actor.send({ type: 'notice.toggle', id: 1 });
    h.markRead.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().context.notices).toEqual(notices);
    expect(h.actor.getSnapshot().context.expandedId).toBe(1);
    h.actor.send({ type: 'notice.toggle', id: 1 });
    h.actor.send({ type: 'notice.toggle', id: 1 });
    expect(h.markRead.inputs).toEqual([{ id: 1 }, { id: 1 }]);
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("reads the team's totals again each minute, keeping the last ones on screen meanwhile", async () => {
      const h = await loaded();
      await vi.advanceTimersByTimeAsync(59_999);
      expect(h.loadKpi.inputs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.loadKpi.inputs).toHaveLength(2);
      expect(h.actor.getSnapshot().matches({ stats: 'loading' })).toBe(true);
      expect(h.actor.getSnapshot().context.kpi).toEqual(kpi);
      const later = { ...kpi, footer: { ...kpi.footer, teamOnlineCount: 9 } };
      h.loadKpi.resolve(later);
      await flush();
      expect(h.actor.getSnapshot().context.kpi).toEqual(later);
      expect([h.loadMenu.inputs.length, h.loadNotices.inputs.length]).toEqual([1, 1]);
    });
  });
});
