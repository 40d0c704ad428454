import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import type { ChatSocketCommand, ChatSocketEvent } from '../../machines/chat-socket.ts';
import type { ApiCall } from '../api/client.ts';
import { chatGuestTokenKey, chatInputOf, newClientIdSeed, notifyChatUnreadChanged, provideChatMachine } from './chat-actors.ts';

describe('the chat tells the unread counts', () => {
  it('sends unread.changed (chat) to the actor of the system registered as unread, when there is one', () => {
    const received = vi.fn();
    const unread = createActor(createMachine({ on: { '*': { actions: ({ event }) => received(event) } } }), { systemId: 'unread' });
    unread.start();
    notifyChatUnreadChanged({ system: unread.system });
    expect(received).toHaveBeenCalledWith({ type: 'unread.changed', kind: 'chat' });
    unread.stop();
    const other = createActor(createMachine({}), { systemId: 'app' });
    other.start();
    expect(() => notifyChatUnreadChanged({ system: other.system })).not.toThrow();
    other.stop();
  });
});

describe('the chat machine with its real side effects', () => {
  it('makes a new seed of 24 hex digits for every screen', () => {
    const [a, b] = [newClientIdSeed(), newClientIdSeed()];
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
  });

  it("reads a guest's kept token (never a member's) into the machine's input", () => {
    localStorage.setItem(chatGuestTokenKey, 'guest-token-1');
    expect(chatInputOf('guest', null)).toMatchObject({ role: 'guest', token: null, guestToken: 'guest-token-1' });
    expect(chatInputOf('member', 'tok')).toMatchObject({ role: 'member', token: 'tok', guestToken: null });
  });

  it("starts a guest's conversation through chatGuestEndpoint, keeps its token, and forgets it when the socket is refused", async () => {
    const bodies: unknown[] = [];
    const call = (async (_endpoint: unknown, args: { body: unknown }) => {
      bodies.push(args.body);
      return { token: 'guest-token-2' };
    }) as unknown as ApiCall;
    let tell: ((event: ChatSocketEvent) => void) | null = null;
    const socket = fromCallback<ChatSocketCommand>(({ sendBack }) => {
      tell = sendBack;
    });
    const actor = createActor(provideChatMachine(call, socket), { input: chatInputOf('guest', null) });
    actor.start();
    actor.send({ type: 'guest.submit', name: 'Jo', contact: '0917' });
    await vi.waitFor(() => expect(localStorage.getItem(chatGuestTokenKey)).toBe('guest-token-2'));
    expect(bodies).toEqual([{ name: 'Jo', contact: '0917' }]);
    tell!({ type: 'socket.closed', code: 4401 });
    expect(localStorage.getItem(chatGuestTokenKey)).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ guest: 'form' });
    actor.stop();
  });
});
