/**
 * A chat socket for tests and the chat bench: connects with `ws`, keeps every
 * frame the server sent, and waits for the one a test expects.
 */
import WebSocket from 'ws';
import { type ChatClientFrame, type ChatServerFrame, chatSocketPath } from '../../contract/chat.ts';

export interface ChatSocketClient {
  readonly frames: ChatServerFrame[];
  readonly closeCode: Promise<number>;
  send(frame: ChatClientFrame | Record<string, unknown>): void;
  /** The first frame (from `from` on) that matches, waiting up to `timeoutMs`. */
  next<F extends ChatServerFrame>(match: (frame: ChatServerFrame) => frame is F, timeoutMs?: number, from?: number): Promise<F>;
  next(match: (frame: ChatServerFrame) => boolean, timeoutMs?: number, from?: number): Promise<ChatServerFrame>;
  close(): void;
  /** Frames received so far of a kind. */
  messages(): Extract<ChatServerFrame, { t: 'message' }>['message'][];
}

export function chatSocketUrl(origin: string, merchant = 'DEMO'): string {
  return `${origin.replace(/^http/, 'ws')}${chatSocketPath}?merchant=${merchant}`;
}

export function openChatSocket(url: string): Promise<ChatSocketClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: ChatServerFrame[] = [];
    const waiters = new Set<() => void>();
    let closed: (code: number) => void = () => {};
    const closeCode = new Promise<number>((r) => {
      closed = r;
    });
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as ChatServerFrame);
      for (const wake of [...waiters]) wake();
    });
    ws.on('close', (code) => {
      closed(code);
      for (const wake of [...waiters]) wake();
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        frames,
        closeCode,
        send: (frame) => ws.send(JSON.stringify(frame)),
        next(match: (frame: ChatServerFrame) => boolean, timeoutMs = 5000, from = 0) {
          return new Promise<ChatServerFrame>((done, fail) => {
            const look = () => {
              const found = frames.slice(from).find(match);
              if (found) {
                waiters.delete(look);
                clearTimeout(timer);
                done(found);
              } else if (ws.readyState === WebSocket.CLOSED) {
                waiters.delete(look);
                clearTimeout(timer);
                fail(new Error(`socket closed while waiting; frames: ${JSON.stringify(frames.slice(-5))}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`no matching frame in ${timeoutMs} ms; last frames: ${JSON.stringify(frames.slice(-5))}`));
            }, timeoutMs);
            waiters.add(look);
            look();
          });
        },
        close: () => ws.close(),
        messages: () => frames.flatMap((f) => (f.t === 'message' ? [f.message] : [])),
      } as ChatSocketClient),
    );
  });
}

export const isFrame =
  <T extends ChatServerFrame['t']>(t: T) =>
  (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { t: T }> =>
    frame.t === t;

/** A `message` frame whose message matches. */
export const isMessage =
  (match: (message: Extract<ChatServerFrame, { t: 'message' }>['message']) => boolean) =>
  (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { t: 'message' }> =>
    frame.t === 'message' && match(frame.message);
