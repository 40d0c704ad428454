import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { unreadModel } from './test/models/unread.model.ts';
import { replayPath } from './test/replay.ts';
import { badgeText, type FetchedKind, unreadMachine, unreadThrottleMs } from './unread.machine.ts';

const pathSets = modelPathSets(unreadModel);
const delays = { unreadThrottle: unreadThrottleMs };
const invokes = { loadCounts: 'loadCounts' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('unread machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(unreadMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

describe('unread machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(unreadMachine, input, path, { delays, invokes }, (actual, expected) => {
      // The model tells states apart by what is due and fetched (machines/test/models/unread.model.ts).
      const key = unreadModel.aspects[0]!.contextKey!;
      expect(actual.value).toEqual(expected.value);
      expect(key(actual.context)).toEqual(key(expected.context));
    });
  });
});

describe('unread machine', () => {
  const start = (role: 'guest' | 'member' | 'trial' | 'agent') => {
    const load = deferred<Partial<Record<FetchedKind, number>>, { kinds: FetchedKind[] }>();
    const actor = createActor(unreadMachine.provide({ actors: { loadCounts: load.logic } }), { input: { role } });
    actor.start();
    return { actor, load };
  };

  it('fetches nothing for a guest or a trial account', async () => {
    for (const role of ['guest', 'trial'] as const) {
      const { actor, load } = start(role);
      actor.send({ type: 'unread.changed', kind: 'inbox' });
      await vi.advanceTimersByTimeAsync(unreadThrottleMs * 4);
      expect(load.inputs).toEqual([]);
      expect(actor.getSnapshot().context.counts).toEqual({ announcement: 0, inbox: 0, chat: 0 });
    }
  });

  it('fetches a member\'s counts after the throttle window, once for everything asked within it', async () => {
    const { actor, load } = start('member');
    actor.send({ type: 'unread.changed', kind: 'inbox' });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs - 1);
    expect(load.inputs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(load.inputs).toEqual([{ kinds: ['announcement', 'inbox'] }]);
    load.resolve({ announcement: 2, inbox: 5 });
    await flush();
    expect(actor.getSnapshot().context.counts).toEqual({ announcement: 2, inbox: 5, chat: 0 });
    // A notice read: one less at once, then the count is fetched again (only that one).
    actor.send({ type: 'unread.read', kind: 'announcement' });
    expect(actor.getSnapshot().context.counts.announcement).toBe(1);
    actor.send({ type: 'unread.changed', kind: 'announcement' });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs[1]).toEqual({ kinds: ['announcement'] });
  });

  it('a change asked during a fetch is fetched after it; a sign-out drops every count', async () => {
    const { actor, load } = start('agent');
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    actor.send({ type: 'unread.changed', kind: 'inbox' });
    load.resolve({ announcement: 1, inbox: 1 });
    await flush();
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs).toEqual([{ kinds: ['announcement', 'inbox'] }, { kinds: ['inbox'] }]);
    actor.send({ type: 'session.change', loggedIn: false });
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.counts).toEqual({ announcement: 0, inbox: 0, chat: 0 });
  });

  it('shows 99+ above 99 and no badge at 0', () => {
    expect([badgeText(0), badgeText(1), badgeText(99), badgeText(100)]).toEqual([null, '1', '99', '99+']);
  });
});
