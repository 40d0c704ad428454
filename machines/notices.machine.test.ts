import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { type NoticeList, markReadThrottleMs, noticesMachine } from './notices.machine.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { noticeList, noticesModel } from './test/models/notices.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(noticesModel);
const delays = { markReadThrottle: markReadThrottleMs };
const invokes = { loadNotices: 'loadNotices', markRead: 'markRead' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notices machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(noticesMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

describe('notices machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(noticesMachine, input, path, { delays, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

describe('notices machine', () => {
  const start = (role: 'guest' | 'member' | 'trial' | 'agent', index: number | null = null) => {
    const load = deferred<NoticeList, void>();
    const mark = deferred<unknown, { announcementId: number }>();
    const actor = createActor(noticesMachine.provide({ actors: { loadNotices: load.logic, markRead: mark.logic } }), { input: { role, index } });
    actor.start();
    return { actor, load, mark };
  };

  it('opening an unread notice reports it read at once, then shows it read', async () => {
    const { actor, load, mark } = start('member');
    load.resolve(noticeList);
    await flush();
    actor.send({ type: 'item.open', announcementId: 1 });
    expect(actor.getSnapshot().context.openId).toBe(1);
    await flush();
    expect(mark.inputs).toEqual([{ announcementId: 1 }]);
    mark.resolve(null);
    await flush();
    expect(actor.getSnapshot().context.items[0]!.read).toBe(true);
    expect(actor.getSnapshot().context.unreadCount).toBe(0);
    // Opening it again, or a read one, reports nothing.
    actor.send({ type: 'item.close' });
    actor.send({ type: 'item.open', announcementId: 1 });
    actor.send({ type: 'item.open', announcementId: 2 });
    await vi.advanceTimersByTimeAsync(markReadThrottleMs * 2);
    expect(mark.inputs).toHaveLength(1);
  });

  it('spaces reports by the 150 ms throttle: the next waits until 150 ms after the last answer', async () => {
    const { actor, load, mark } = start('member');
    load.resolve({ list: noticeList.list.map((n) => ({ ...n, read: false })), unreadCount: noticeList.list.length });
    await flush();
    actor.send({ type: 'item.open', announcementId: 1 });
    await flush();
    actor.send({ type: 'item.open', announcementId: 2 });
    mark.resolve(null);
    await flush();
    expect(mark.inputs).toEqual([{ announcementId: 1 }]);
    await vi.advanceTimersByTimeAsync(markReadThrottleMs - 1);
    expect(mark.inputs).toEqual([{ announcementId: 1 }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(mark.inputs).toEqual([{ announcementId: 1 }, { announcementId: 2 }]);
  });

  it('reports nothing for a guest or a trial account', async () => {
    for (const role of ['guest', 'trial'] as const) {
      const { actor, load, mark } = start(role, 0);
      load.resolve(noticeList);
      await flush();
      expect(actor.getSnapshot().context.openId).toBe(1);
      actor.send({ type: 'item.toggle', announcementId: 1 });
      actor.send({ type: 'item.toggle', announcementId: 1 });
      await vi.advanceTimersByTimeAsync(markReadThrottleMs * 2);
      expect(mark.inputs).toEqual([]);
    }
  });

  it('?index= opens that item and reports it; toggling collapses and expands', async () => {
    const { actor, load, mark } = start('agent', 0);
    load.resolve(noticeList);
    await flush();
    expect(actor.getSnapshot().context.openId).toBe(1);
    actor.send({ type: 'item.toggle', announcementId: 1 });
    expect(actor.getSnapshot().context.openId).toBe(null);
    await vi.advanceTimersByTimeAsync(markReadThrottleMs);
    expect(mark.inputs).toEqual([{ announcementId: 1 }]);
  });

  it('tells the app unread counts (system id unread) when the server has the read', async () => {
    const received: unknown[] = [];
    const load = deferred<NoticeList, void>();
    const mark = deferred<unknown, { announcementId: number }>();
    const parent = createMachine({
      invoke: [
        { id: 'unread', systemId: 'unread', src: createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } }) },
        {
          id: 'notices',
          src: noticesMachine.provide({ actors: { loadNotices: load.logic, markRead: mark.logic } }),
          input: { role: 'member', index: 0 },
        },
      ],
    });
    createActor(parent).start();
    load.resolve(noticeList);
    await flush();
    await vi.advanceTimersByTimeAsync(markReadThrottleMs);
    mark.resolve(null);
    await flush();
    expect(received).toEqual([{ type: 'unread.read', kind: 'announcement' }]);
  });
});
