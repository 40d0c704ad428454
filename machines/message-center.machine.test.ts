import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { type MessageCenterLinks, type MessageRow, messageCenterMachine, noLinks, visibleRows } from './message-center.machine.ts';
import type { Role } from './session.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { modelPathSets } from './test/model.ts';
import { demoLinks, messageCenterModel } from './test/models/message-center.model.ts';
import { replayPath } from './test/replay.ts';
import { trialRefusalMessage, trialRefusalMs } from './trial-refusal.ts';

const pathSets = modelPathSets(messageCenterModel);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('message center machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(messageCenterMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

describe('message center machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(messageCenterMachine, input, path, { delays: { trialRefusal: trialRefusalMs }, invokes: { loadLinks: 'loadLinks' } }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

describe('message center machine', () => {
  const start = async (role: Role, links: MessageCenterLinks = demoLinks) => {
    const went: Navigation[] = [];
    const opened: string[] = [];
    const chats: Role[] = [];
    const actor = createActor(
      messageCenterMachine.provide({
        actions: {
          goTo: (_, to) => went.push(to),
          openUrl: (_, { url }) => opened.push(url),
          launchChat: (_, { role: launching }) => chats.push(launching),
        },
        actors: { loadLinks: fromPromise(async () => links) },
      }),
      { input: { role } },
    );
    actor.start();
    await vi.runAllTimersAsync();
    const tap = (row: MessageRow) => actor.send({ type: 'row.open', row });
    return { actor, went, opened, chats, tap };
  };

  it('sends a guest to login for announcements, messages and chat; links open for anyone', async () => {
    const { went, opened, tap } = await start('guest');
    tap('announcement');
    tap('inbox');
    tap('chat');
    tap('telegram');
    tap('service');
    expect(went).toEqual([{ to: '/m/login' }, { to: '/m/login' }, { to: '/m/login' }]);
    expect(opened).toEqual(['https://t.me/x', 'https://cs.example']);
  });

  it('shows Telegram only with its link, live chat and the live rooms only with CBS3; a row without a link does nothing', async () => {
    expect(visibleRows({ links: demoLinks })).toEqual(['telegram', 'announcement', 'inbox', 'chat', 'live', 'service']);
    expect(visibleRows({ links: noLinks })).toEqual(['announcement', 'inbox', 'service']);
    const { opened, tap, actor } = await start('member', noLinks);
    tap('telegram');
    tap('service');
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().context.links).toEqual(noLinks);
  });

  it('takes a member to the notices and the inbox, asks the chat launcher for the chat; back goes home', async () => {
    const { actor, went, chats, tap } = await start('member');
    tap('announcement');
    tap('inbox');
    tap('chat');
    actor.send({ type: 'back' });
    expect(went).toEqual([{ to: '/m/notice' }, { to: '/m/webEmail' }, { to: '/m/home' }]);
    expect(chats).toEqual(['member']);
  });

  it('opens the live rooms for anyone, a guest and a trial account too', async () => {
    for (const role of ['guest', 'trial', 'member'] as const) {
      const { went, tap } = await start(role);
      tap('live');
      expect(went).toEqual([{ to: '/m/live' }]);
    }
  });

  it('refuses a trial account messages and chat for 1 s and stays; announcements open', async () => {
    const { actor, went, chats, tap } = await start('trial');
    tap('inbox');
    expect(actor.getSnapshot().context.toast).toBe(trialRefusalMessage);
    await vi.advanceTimersByTimeAsync(trialRefusalMs - 1);
    expect(actor.getSnapshot().context.toast).toBe(trialRefusalMessage);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.toast).toBe(null);
    tap('chat');
    expect(actor.getSnapshot().matches({ rows: 'refused' })).toBe(true);
    tap('announcement');
    expect(went).toEqual([{ to: '/m/notice' }]);
    expect(chats).toEqual([]);
  });

  it('keeps the loaded links while a refusal shows, and starts the 1 s again on another refused tap', async () => {
    let loads = 0;
    const actor = createActor(
      messageCenterMachine.provide({
        actors: {
          loadLinks: fromPromise(async () => {
            loads++;
            return demoLinks;
          }),
        },
      }),
      { input: { role: 'trial' } },
    );
    actor.start();
    await vi.runAllTimersAsync();
    actor.send({ type: 'row.open', row: 'inbox' });
    await vi.advanceTimersByTimeAsync(trialRefusalMs - 100);
    actor.send({ type: 'row.open', row: 'chat' });
    await vi.advanceTimersByTimeAsync(trialRefusalMs - 100);
    expect(actor.getSnapshot().context.toast).toBe(trialRefusalMessage);
    expect(actor.getSnapshot().value).toEqual({ links: 'loaded', rows: 'refused' });
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().context.toast).toBe(null);
    expect(loads).toBe(1);
    expect(actor.getSnapshot().context.links).toEqual(demoLinks);
  });
});
