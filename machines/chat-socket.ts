/**
 * The chat's socket as the chat machines see it (machines/chat.machine.ts for
 * members and guests, machines/staff-console.machine.ts for staff): an
 * invoked callback actor named `chatSocket` that opens one WebSocket, tells
 * its parent what happens to it, and sends the frames its parent gives it.
 * The real one is src/app/chat-socket.ts; tests provide their own.
 */
import { fromCallback } from 'xstate';
import type { ChatClientFrame, ChatServerFrame } from '../contract/chat.ts';

/** What the socket tells its parent. */
export type ChatSocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.frame'; frame: ChatServerFrame }
  /** The socket closed (or could not open); `code` is the WebSocket close code (1006 when cut). */
  | { type: 'socket.closed'; code: number };

/** What the parent sends the socket. */
export type ChatSocketCommand = { type: 'socket.send'; frame: ChatClientFrame };

/** The placeholder: never opens (the app and the tests provide a real one). */
export const idleChatSocket = fromCallback<ChatSocketCommand>(() => () => {});
