/**
 * A WebSocket the tests drive, installed as the global `WebSocket`: the
 * real chat socket (src/app/chat-socket.ts) opens it, and a test opens it,
 * sends it the server's frames, reads what the page sent and cuts it.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ChatClientFrame, ChatServerFrame } from '../../contract/chat.ts';

export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket the page opened, oldest first. */
  static opened: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  /** The frames the page sent, parsed. */
  readonly sent: ChatClientFrame[] = [];
  closedByPage: number | null = null;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.opened.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as ChatClientFrame);
  }

  close(code = 1000) {
    this.closedByPage = code;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }

  /** The server accepts the connection. */
  accept() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.dispatchEvent(new Event('open'));
    });
  }

  /** The server sends a frame. */
  receive(frame: ChatServerFrame) {
    act(() => {
      this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(frame) }));
    });
  }

  /** The connection ends from the server's side (1006: cut). */
  drop(code = 1006) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.dispatchEvent(Object.assign(new Event('close'), { code }));
    });
  }

  /** The frames of one type the page sent. */
  frames<T extends ChatClientFrame['t']>(t: T): Extract<ChatClientFrame, { t: T }>[] {
    return this.sent.filter((f): f is Extract<ChatClientFrame, { t: T }> => f.t === t);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.opened.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
}

/** Installs the fake as the global WebSocket (undone by `vi.unstubAllGlobals()` after each test). */
export function installFakeWebSocket() {
  FakeWebSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
