import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { chatOpenDelayMs } from '../../machines/chat-launch.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { provideChatLaunchMachine } from './chat-launch-actors.ts';
import { siteHref } from './site-href.ts';

const here = { href: 'https://casino.example/m/home', origin: 'https://casino.example' };

describe('where an address leads', () => {
  it("gives this site's paths to the router, and nothing for another site's address", () => {
    expect(siteHref('/m/chat', here)).toBe('/m/chat');
    expect(siteHref('https://casino.example/m/chat?from=home#end', here)).toBe('/m/chat?from=home#end');
    expect(siteHref('https://chat.vendor.example/room/1', here)).toBe(null);
  });
});

describe('the chat launcher with its real side effects', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The launcher as a child of a stand-in app actor that records the navigations it is asked for. */
  const start = (chatUrl: string) => {
    const navigations: unknown[] = [];
    const queries: unknown[] = [];
    const call = (async (_endpoint: unknown, args: { query: unknown }) => {
      queries.push(args.query);
      return { chatUrl };
    }) as unknown as ApiCall;
    const left: string[] = [];
    const logic = provideChatLaunchMachine(call, (url) => left.push(url));
    const app = createActor(
      createMachine({
        invoke: { id: 'chatLaunch', systemId: 'chatLaunch', src: logic },
        on: { navigate: { actions: ({ event }) => navigations.push(event) } },
      }),
      { systemId: 'app' },
    );
    app.start();
    const launcher = app.system.get('chatLaunch')!;
    return { launcher, navigations, queries, left };
  };

  it("asks with module CBS3 and b2c 1, then goes to the site's chat path 500 ms later", async () => {
    const { launcher, navigations, queries } = start('/m/chat');
    launcher.send({ type: 'chat.launch', role: 'member' });
    await vi.advanceTimersByTimeAsync(chatOpenDelayMs - 1);
    expect(queries).toEqual([expect.objectContaining({ module: 'CBS3', b2c: 1, language: expect.any(String), backUrl: expect.any(String) })]);
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigations).toEqual([{ type: 'navigate', href: '/m/chat' }]);
  });

  it("leaves for another site's chat in this tab", async () => {
    const { launcher, navigations, left } = start('https://chat.vendor.example/room/1');
    launcher.send({ type: 'chat.launch', role: 'guest' });
    await vi.advanceTimersByTimeAsync(chatOpenDelayMs);
    expect(left).toEqual(['https://chat.vendor.example/room/1']);
    expect(navigations).toEqual([]);
  });
});
