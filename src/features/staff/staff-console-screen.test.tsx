import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatClientFrame, ChatMessage, ChatServerFrame, ConversationSummary } from '../../../contract/chat.ts';
import en from '../../../contract/messages/en.json';
import { renderApp } from '../../test/render-app.tsx';

type Answer = (request: { body: unknown; query: URLSearchParams }) => { status?: number; value?: unknown; errorCode?: string };

/** The server's HTTP side: answers by method and path; records every request with its body and Authorization. */
function fakeServer(answers: Record<string, Answer>) {
  const requests: { method: string; path: string; body: unknown; query: string; authorization: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const authorization = new Headers(init?.headers).get('authorization');
    requests.push({ method, path: url.pathname, body, query: url.search, authorization });
    const answer = answers[`${method} ${url.pathname}`];
    const result = answer ? answer({ body, query: url.searchParams }) : { status: 404, errorCode: 'request.not.found' };
    const ok = !result.errorCode;
    return new Response(JSON.stringify(ok ? { success: true, value: result.value } : { success: false, errorCode: result.errorCode, message: 'no' }), {
      status: result.status ?? (ok ? 200 : 400),
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, staff: () => requests.filter((r) => r.path.startsWith('/wps/cbs/staff/')) };
}

/** The browser's WebSocket as the chat socket (src/app/chat-socket.ts) uses it, driven by the test. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: ChatClientFrame[] = [];
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ChatClientFrame);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', { code });
  }
  private emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server side. */
  async accept() {
    await act(async () => {
      this.readyState = 1;
      this.emit('open', {});
    });
  }
  async receive(frame: ChatServerFrame) {
    await act(async () => this.emit('message', { data: JSON.stringify(frame) }));
  }
  async cut(code: number) {
    await act(async () => {
      this.readyState = 3;
      this.emit('close', { code });
    });
  }
}

const lastSocket = () => FakeSocket.all.at(-1)!;
const waitForSocket = (count: number) => waitFor(() => expect(FakeSocket.all).toHaveLength(count));

const ann = { id: 7, name: 'Ann' };
const staffSession = { token: 'staff-token-abc', staff: ann };
const ready: ChatServerFrame = { t: 'ready', conversationId: null, staff: ann, unread: 0, readSeq: 0 };

const summary = (id: number, overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  status: 'open',
  visitor: `visitor${id}`,
  guest: false,
  contact: null,
  staffId: null,
  staffName: null,
  lastSeq: 2,
  unread: 2,
  preview: `Preview ${id}`,
  updatedAt: `2026-03-01T10:0${id}:00.000Z`,
  ...overrides,
});

const message = (conversationId: number, seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId,
  seq,
  author: 'member',
  kind: 'text',
  body: `message ${seq}`,
  staffName: null,
  clientId: null,
  at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const guest = summary(1, { guest: true, visitor: 'Maria', contact: 'maria@example.org', unread: 3 });
const mine = summary(2, { staffId: 7, staffName: 'Ann', unread: 0 });
const others = summary(3, { staffId: 9, staffName: 'Bob', unread: 0 });

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Signed in from the tab's session storage (a reload), the socket open and ready. */
async function signedIn(answers: Record<string, Answer>) {
  sessionStorage.setItem('MC_STAFF_SESSION', JSON.stringify(staffSession));
  const server = fakeServer({ 'GET /wps/cbs/staff/queue': () => ({ value: { list: [guest, mine, others] } }), ...answers });
  const view = renderApp({ path: '/staff' });
  await waitForSocket(1);
  await lastSocket().accept();
  await lastSocket().receive(ready);
  return { ...view, server, socket: lastSocket() };
}

describe('the staff console (/staff)', () => {
  it("shows none of the players' site, and signs a staff member in with the token on every call", async () => {
    const server = fakeServer({
      'POST /wps/cbs/staff/login': () => ({ value: staffSession }),
      'GET /wps/cbs/staff/queue': () => ({ value: { list: [others, mine, guest] } }),
    });
    const { user } = renderApp({ path: '/staff' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: en['shell.bottom.label'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['shell.back'] })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Enter your user name and password.')).toHaveLength(2);
    expect(server.staff()).toEqual([]);

    await user.type(screen.getByLabelText('User name'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForSocket(1);
    expect(JSON.parse(sessionStorage.getItem('MC_STAFF_SESSION')!)).toEqual(staffSession);
    expect(lastSocket().url).toMatch(/^ws:\/\/[^/]+\/wps\/cbs\/socket\?merchant=DEMO$/);
    await lastSocket().accept();
    expect(lastSocket().sent).toEqual([{ t: 'auth', as: 'staff', token: 'staff-token-abc' }]);
    await lastSocket().receive(ready);
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getByText('Signed in as Ann')).toBeTruthy();

    const login = server.staff().find((r) => r.path === '/wps/cbs/staff/login')!;
    expect(login.body).toEqual({ username: 'ann', password: 'Secret#2026' });
    expect(login.authorization).toBeNull();
    const queueCalls = server.staff().filter((r) => r.path === '/wps/cbs/staff/queue');
    expect(queueCalls.length).toBeGreaterThan(0);
    expect(queueCalls.every((r) => r.authorization === 'staff-token-abc')).toBe(true);

    // Unassigned first, then mine, then the colleagues'.
    const groups = await within(await screen.findByRole('tabpanel')).findAllByRole('heading', { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(['Waiting 1', 'Mine 1', 'With colleagues 1']);
    const waiting = within(groups[0]!.closest('section')!).getByRole('button');
    expect(waiting.textContent).toContain('Maria');
    expect(waiting.textContent).toContain('Guest');
    expect(waiting.textContent).toContain('Contact: maria@example.org');
    expect(waiting.textContent).toContain('3 unread');
    expect(within(groups[2]!.closest('section')!).getByRole('button').textContent).toContain('Assigned to Bob');
  });

  it('a refused login shows the translated error and asks for the password again', async () => {
    fakeServer({ 'POST /wps/cbs/staff/login': () => ({ status: 401, errorCode: 'chat.staff.login.failed' }) });
    const { user } = renderApp({ path: '/staff' });
    await user.type(await screen.findByLabelText('User name'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const expected = (en as Record<string, string>)['error.chat.staff.login.failed'] ?? en['error.unknown'];
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(FakeSocket.all).toEqual([]);
  });

  it('opens a conversation, watches it, shows its text safely, and answers through the socket', async () => {
    const { user, server, socket } = await signedIn({
      'GET /wps/cbs/staff/messages': () => ({
        value: {
          conversation: mine,
          list: [
            message(2, 1, { body: 'Hi <b>there</b>, see https://example.org/faq.' }),
            message(2, 2, { author: 'staff', staffName: 'Ann', body: 'Hello!' }),
          ],
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: /visitor2/ }));
    const log = await screen.findByRole('log', { name: 'Conversation with visitor2' });
    expect(server.staff().find((r) => r.path === '/wps/cbs/staff/messages')!.query).toBe('?conversationId=2');
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByText(/Hi <b>there<\/b>/)).toBeTruthy();
    const link = within(log).getByRole('link', { name: 'https://example.org/faq' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(socket.sent.slice(1)).toEqual([
      { t: 'watch', conversationId: 2, after: 2 },
      { t: 'read', conversationId: 2, seq: 2 },
    ]);

    // The visitor reads and types; the staff member answers.
    await socket.receive({ t: 'read', conversationId: 2, by: 'visitor', seq: 2 });
    expect(within(log).getByText('Seen')).toBeTruthy();
    await socket.receive({ t: 'typing', conversationId: 2, from: 'visitor' });
    expect(screen.getByText('visitor2 is typing…')).toBeTruthy();
    const reply = screen.getByLabelText('Reply');
    await user.type(reply, 'We are on it{Enter}');
    const send = socket.sent.find((f) => f.t === 'send');
    expect(send).toMatchObject({ t: 'send', conversationId: 2, body: 'We are on it' });
    expect((send as { clientId: string }).clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((reply as HTMLTextAreaElement).value).toBe('');
    expect(socket.sent.some((f) => f.t === 'typing')).toBe(true);
    expect(within(log).getByText('Sending…')).toBeTruthy();
    await socket.receive({
      t: 'message',
      message: message(2, 3, { author: 'staff', staffName: 'Ann', body: 'We are on it', clientId: (send as { clientId: string }).clientId }),
    });
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('We are on it')).toHaveLength(1);
  });

  it('a refused reply says why and can be sent again with the same id', async () => {
    const { user, socket } = await signedIn({
      'GET /wps/cbs/staff/messages': () => ({ value: { conversation: mine, list: [message(2, 1)] } }),
    });
    await user.click(await screen.findByRole('button', { name: /visitor2/ }));
    await user.type(await screen.findByLabelText('Reply'), 'Too fast{Enter}');
    const send = socket.sent.find((f) => f.t === 'send') as { clientId: string };
    await socket.receive({ t: 'error', errorCode: 'chat.rate.limited', clientId: send.clientId });
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(socket.sent.filter((f) => f.t === 'send')).toEqual([send, send]);
  });

  it('assigns an unassigned conversation to me, and closes it after asking', async () => {
    const { user, server } = await signedIn({
      'GET /wps/cbs/staff/messages': () => ({ value: { conversation: guest, list: [message(1, 1, { author: 'guest' })] } }),
      'POST /wps/cbs/staff/assign': () => ({ value: { ...guest, staffId: 7, staffName: 'Ann' } }),
      'POST /wps/cbs/staff/close': () => ({ value: { ...guest, staffId: 7, staffName: 'Ann', status: 'closed' } }),
    });
    await user.click(await screen.findByRole('button', { name: /Maria/ }));
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull());
    expect(server.staff().find((r) => r.path === '/wps/cbs/staff/assign')).toMatchObject({ body: { conversationId: 1 }, authorization: 'staff-token-abc' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    expect(await screen.findByText(/This conversation is closed/)).toBeTruthy();
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect(server.staff().find((r) => r.path === '/wps/cbs/staff/close')).toMatchObject({ body: { conversationId: 1 } });
  });

  it('searches the history page by page and opens a result read-only', async () => {
    const { user, server } = await signedIn({
      'GET /wps/cbs/staff/history': ({ query }) => ({
        value:
          query.get('pageNo') === '2'
            ? { list: [summary(5, { status: 'closed', visitor: 'Old visitor' })], pageNum: 2, totalPages: 2, total: 2 }
            : { list: [summary(4, { status: 'closed', visitor: 'Zoe' })], pageNum: 1, totalPages: 2, total: 2 },
      }),
      'GET /wps/cbs/staff/messages': () => ({
        value: { conversation: summary(5, { status: 'closed', visitor: 'Old visitor' }), list: [message(5, 1, { body: 'Thanks, bye' })] },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    await user.type(screen.getByLabelText('Visitor or text'), 'zoe');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: /Zoe/ })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: /Old visitor/ }));
    expect(await screen.findByText('Thanks, bye')).toBeTruthy();
    expect(screen.getByText('From the history: read only.')).toBeTruthy();
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect(server.staff().filter((r) => r.path === '/wps/cbs/staff/history').map((r) => r.query)).toEqual(['?q=zoe&pageNo=1', '?q=zoe&pageNo=2']);
  });

  it('a socket refused with 4401 ends the session: back to the login form, saying so', async () => {
    const { socket } = await signedIn({});
    await socket.cut(4401);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your session has ended. Please sign in again.');
    expect(sessionStorage.getItem('MC_STAFF_SESSION')).toBeNull();
    expect(screen.getByLabelText('User name')).toBeTruthy();
  });

  it('a cut connection says so and reconnects at once on request', async () => {
    const { user, socket } = await signedIn({});
    await socket.cut(1006);
    expect(await screen.findByText('Connection lost, reconnecting…')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reconnect now' }));
    await waitForSocket(2);
  });

  it('signing out ends the session on the server and forgets it in the tab', async () => {
    const { user, server } = await signedIn({ 'POST /wps/cbs/staff/logout': () => ({ value: { ok: true } }) });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('User name')).toBeTruthy();
    expect(server.staff().find((r) => r.path === '/wps/cbs/staff/logout')).toMatchObject({ method: 'POST', authorization: 'staff-token-abc' });
    expect(sessionStorage.getItem('MC_STAFF_SESSION')).toBeNull();
  });
});
