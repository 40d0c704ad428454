import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import type { AgentMenu, TeamKpi } from '../contract/agent.ts';
import { agentHomeMachine, agentHomeNoticesId, greetingOf } from './agent-home.machine.ts';
import { type NoticeList, noticesMachine } from './notices.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { agentHomeModel, kpi, menu, notice, notices, STATS_REFRESH } from './test/models/agent-home.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('agent home machine', agentHomeModel, {
  delays: { statsRefresh: 60_000 },
  invokes: { loadKpi: 'loadKpi', loadMenu: 'loadMenu' },
});

describe('agent home machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(agentHomeMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === STATS_REFRESH)) }));
    expect(coverageOf(agentHomeMachine, without).missingTransitions).toEqual(['agentHome.stats.ready --after statsRefresh--> agentHome.stats.loading']);
  });
});

function harness(hour = 9) {
  const loadKpi = deferred<TeamKpi, unknown>();
  const loadMenu = deferred<AgentMenu, unknown>();
  const loadNotices = deferred<NoticeList, void>();
  const markRead = deferred<unknown, { announcementId: number }>();
  const notices = noticesMachine.provide({ actors: { loadNotices: loadNotices.logic, markRead: markRead.logic } });
  const actor = createActor(agentHomeMachine.provide({ actors: { loadKpi: loadKpi.logic, loadMenu: loadMenu.logic, notices } }), { input: { hour } });
  actor.start();
  /** The notice region's child (the notices machine). */
  const child = () => actor.getSnapshot().children[agentHomeNoticesId] as ActorRefFrom<typeof noticesMachine>;
  return { actor, child, loadKpi, loadMenu, loadNotices, markRead };
}

/** The home with its three regions loaded. */
async function loaded(list: NoticeList = notices) {
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
    expect(h.actor.getSnapshot().matches({ stats: 'ready', menu: 'failed' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ kpi, menu: null, menuError: 'client.offline', statsError: null });
    expect(h.child().getSnapshot().context).toMatchObject({ items: notices.list, unreadCount: 1 });

    h.actor.send({ type: 'menu.retry' });
    expect([h.loadKpi.inputs.length, h.loadMenu.inputs.length, h.loadNotices.inputs.length]).toEqual([1, 2, 1]);
    h.loadMenu.resolve(menu);
    await flush();
    expect(h.actor.getSnapshot().matches({ stats: 'ready', menu: 'ready' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ menu, menuError: null });
  });

  it("the notice region is the agents' notices: an unread one opened is reported read once, and the count drops once the server has it", async () => {
    const h = await loaded({ list: [notice(3, false), notice(2, true)], unreadCount: 2 });
    expect(h.child().getSnapshot().context.role).toBe('agent');
    h.child().send({ type: 'item.toggle', announcementId: 3 });
    expect(h.child().getSnapshot().context.openId).toBe(3);
    expect(h.markRead.inputs).toEqual([{ announcementId: 3 }]);
    expect(h.child().getSnapshot().context.unreadCount).toBe(2);

    h.markRead.resolve(null);
    await flush();
    expect(h.child().getSnapshot().context.unreadCount).toBe(1);
    expect(h.child().getSnapshot().context.items.map((n) => [n.announcementId, n.read])).toEqual([
      [3, true],
      [2, true],
    ]);
    // Closed and opened again: it is read now, nothing more is reported.
    h.child().send({ type: 'item.toggle', announcementId: 3 });
    h.child().send({ type: 'item.toggle', announcementId: 3 });
    expect(h.markRead.inputs).toEqual([{ announcementId: 3 }]);
  });

  it('a notice region that failed to load retries on its own, leaving the other regions as they are', async () => {
    const h = harness();
    h.loadKpi.resolve(kpi);
    h.loadMenu.resolve(menu);
    h.loadNotices.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.child().getSnapshot().matches('failed')).toBe(true);
    h.child().send({ type: 'notices.retry' });
    h.loadNotices.resolve(notices);
    await flush();
    expect(h.child().getSnapshot().context.items).toEqual(notices.list);
    expect([h.loadKpi.inputs.length, h.loadMenu.inputs.length, h.loadNotices.inputs.length]).toEqual([1, 1, 2]);
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
