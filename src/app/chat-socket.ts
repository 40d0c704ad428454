/**
 * The browser's chat socket (machines/chat-socket.ts): one WebSocket to
 * `chatSocketPath` on this site, for the build's merchant. Every frame the
 * server sends is parsed with the contract's schema; one that does not match
 * is dropped (the machine never sees it). Closing the actor closes the socket.
 */
import { fromCallback } from 'xstate';
import { type ChatServerFrame, chatServerFrameSchema, chatSocketPath } from '../../contract/chat.ts';
import type { ChatSocketCommand, ChatSocketEvent } from '../../machines/chat-socket.ts';
import { merchantCode } from './api.ts';

/** The socket's address on this site (ws: or wss: as the page). */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${chatSocketPath}?merchant=${encodeURIComponent(merchantCode)}`;
}

export const browserChatSocket = fromCallback<ChatSocketCommand>(({ sendBack, receive }) => {
  const tell = (event: ChatSocketEvent) => sendBack(event);
  let socket: WebSocket | null = null;
  try {
    socket = new WebSocket(chatSocketUrl());
  } catch {
    queueMicrotask(() => tell({ type: 'socket.closed', code: 1006 }));
    return () => {};
  }
  const ws = socket;
  let closed = false;
  ws.addEventListener('open', () => tell({ type: 'socket.opened' }));
  ws.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    let frame: ChatServerFrame;
    try {
      const parsed = chatServerFrameSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      frame = parsed.data;
    } catch {
      return;
    }
    tell({ type: 'socket.frame', frame });
  });
  ws.addEventListener('close', (event) => {
    if (closed) return;
    closed = true;
    tell({ type: 'socket.closed', code: event.code || 1006 });
  });
  receive((command) => {
    if (command.type === 'socket.send' && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(command.frame));
  });
  return () => {
    closed = true;
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
  };
});
