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
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path, set.aspect] as const));
  it.each(all)('%s', async (_name, input, path, aspect) => {
    await replayPath(unreadMachine, input, path, { delays, invokes }, (actual, expected) => {
      // The model tells states apart by what is due and fetched (machines/test/models/unread.model.ts).
      const key = unreadModel.aspects.find((a) => a.name === aspect)!.contextKey!;
      expect(actual.value).toEqual(expected.value);
      expect(key(actual.context)).toEqual(key(expected.context));
    });
  });
});

describe('unread machine', () => {
  const start = (role: 'guest' | 'member' | 'trial' | 'agent', chatEnabled = false) => {
    const load = deferred<Partial<Record<FetchedKind, number>>, { kinds: FetchedKind[] }>();
    const actor = createActor(unreadMachine.provide({ actors: { loadCounts: load.logic } }), { input: { role, chatEnabled } });
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

  it('counts the live chat only while the CBS3 switch is on', async () => {
    const { actor, load } = start('member');
    actor.send({ type: 'unread.changed', kind: 'chat' });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs).toEqual([{ kinds: ['announcement', 'inbox'] }]);
    load.resolve({ announcement: 1, inbox: 0, chat: 9 });
    await flush();
    expect(actor.getSnapshot().context.counts.chat).toBe(0);
    // The switch is read: on, the chat's count is fetched (alone), then reported changes fetch it again.
    actor.send({ type: 'chat.switch', enabled: true });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs[1]).toEqual({ kinds: ['chat'] });
    load.resolve({ chat: 4 });
    await flush();
    expect(actor.getSnapshot().context.counts).toEqual({ announcement: 1, inbox: 0, chat: 4 });
    actor.send({ type: 'unread.changed', kind: 'chat' });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs[2]).toEqual({ kinds: ['chat'] });
    load.resolve({ chat: 0 });
    await flush();
    // Off again: its count drops to 0 and is not fetched.
    actor.send({ type: 'chat.switch', enabled: true });
    actor.send({ type: 'unread.changed', kind: 'chat' });
    actor.send({ type: 'chat.switch', enabled: false });
    await vi.advanceTimersByTimeAsync(unreadThrottleMs * 4);
    expect(load.inputs).toHaveLength(3);
    expect(actor.getSnapshot().context.counts.chat).toBe(0);
  });

  it('fetches every count of a member at start when the switch is known to be on; a trial account gets none', async () => {
    const { load } = start('member', true);
    await vi.advanceTimersByTimeAsync(unreadThrottleMs);
    expect(load.inputs).toEqual([{ kinds: ['announcement', 'inbox', 'chat'] }]);
    const trial = start('trial', true);
    await vi.advanceTimersByTimeAsync(unreadThrottleMs * 4);
    expect(trial.load.inputs).toEqual([]);
  });

  it('shows 99+ above 99 and no badge at 0', () => {
    expect([badgeText(0), badgeText(1), badgeText(99), badgeText(100)]).toEqual([null, '1', '99', '99+']);
  });
});
