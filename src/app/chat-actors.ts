/**
 * The chat machine (machines/chat.machine.ts) with its real side effects:
 * the browser's socket (src/app/chat-socket.ts), the start of a guest
 * conversation (chatGuestEndpoint), the guest's token kept in the browser so
 * a reload goes on with the same conversation, and the word to the site's
 * unread counts after the chat reported messages read.
 *
 * Imported only by the chat screen (a lazily loaded route), never by the
 * first load.
 */
import { fromPromise } from 'xstate';
import { chatGuestEndpoint } from '../../contract/chat.ts';
import { type ChatInput, chatMachine, type GuestDetails } from '../../machines/chat.machine.ts';
import type { Role } from '../../machines/session.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';
import { browserChatSocket } from './chat-socket.ts';
import { safe } from './storage.ts';

/** Local storage: the token of the guest's conversation (a guest who comes back goes on with it). */
export const chatGuestTokenKey = 'CHAT_GUEST_TOKEN';

export const readGuestToken = () => safe(() => localStorage.getItem(chatGuestTokenKey), null);
const writeGuestToken = (token: string) => safe(() => localStorage.setItem(chatGuestTokenKey, token), undefined);
const dropGuestToken = () => safe(() => localStorage.removeItem(chatGuestTokenKey), undefined);

/** 24 random hex digits: the start of every clientId of one chat screen (getRandomValues works on any page, secure or not). */
export function newClientIdSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The chat machine's input for who is signed in (a guest's remembered token read from the browser). */
export function chatInputOf(role: Role, token: string | null): ChatInput {
  return { role, token, guestToken: role === 'guest' ? readGuestToken() : null, clientIdSeed: newClientIdSeed() };
}

/** Tells the site's unread counts (system id `unread`, when it runs) that the chat's count changed. */
export function notifyChatUnreadChanged({ system }: SystemArgs): void {
  system.get('unread')?.send({ type: 'unread.changed', kind: 'chat' });
}

export function provideChatMachine(call: ApiCall = apiCall, socket: typeof browserChatSocket = browserChatSocket) {
  return chatMachine.provide({
    actors: {
      chatSocket: socket,
      startGuest: fromPromise(({ input }: { input: GuestDetails }) => call(chatGuestEndpoint, { body: input })),
    },
    actions: {
      rememberGuestToken: (_, { token }) => writeGuestToken(token),
      forgetGuestToken: () => dropGuestToken(),
      unreadChanged: notifyChatUnreadChanged,
    },
  });
}
