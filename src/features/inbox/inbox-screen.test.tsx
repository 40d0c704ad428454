import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '../../../contract/inbox.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

type Answer = (request: { body: unknown; query: URLSearchParams }) => { status?: number; value?: unknown; errorCode?: string } | Promise<{ status?: number; value?: unknown; errorCode?: string }>;

/** The server: answers by method and path; records every request with its body. */
function fakeServer(answers: Record<string, Answer>) {
  const requests: { method: string; path: string; body: unknown; query: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path: url.pathname, body, query: url.search });
    const answer = answers[`${method} ${url.pathname}`];
    const result = answer ? await answer({ body, query: url.searchParams }) : { status: 404, errorCode: 'request.not.found' };
    const ok = !result.errorCode;
    return new Response(JSON.stringify(ok ? { success: true, value: result.value } : { success: false, errorCode: result.errorCode, message: 'no' }), {
      status: result.status ?? (ok ? 200 : 400),
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, inbox: () => requests.filter((r) => r.path.startsWith('/wps/member/messages')) };
}

const message = (id: number, read: boolean, title = `Message ${id}`): InboxMessage => ({
  id,
  kind: 'operator.message',
  title,
  body: `${title} body.\nSecond line.`,
  createdAt: '2026-03-01T10:00:00.000Z',
  read,
});

let n = 0;
const freshMember = () => ({ ...memberSession, token: `tok-inbox-${++n}` });
const page = (list: InboxMessage[], pageNum = 1, totalPages = 1) => ({ value: { list, pageNum, totalPages, total: list.length } });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const rowsOf = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('inbox screen (/m/webEmail)', () => {
  it('lists messages with unread markers and dates; opening one shows the full body, marks it read, and the list shows it read', async () => {
    const server = fakeServer({
      'GET /wps/member/messages': () => page([message(2, false, 'Weekend bonus'), message(1, true, 'Welcome')]),
      'POST /wps/member/messages/read': ({ body }) => ({ value: { ...message((body as { id: number }).id, true, 'Weekend bonus') } }),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    expect(rowsOf(list)).toHaveLength(2);
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Weekend bonus, Unread, Mar 1, 2026, 10:00 AM',
      'Delete: Weekend bonus',
      'Welcome, Mar 1, 2026, 10:00 AM',
      'Delete: Welcome',
    ]);
    const unread = within(list).getByRole('button', { name: /^Weekend bonus, Unread/ });
    expect(unread.textContent).toContain('Weekend bonus body.');

    await user.click(unread);
    const article = await screen.findByRole('article', { name: 'Weekend bonus' });
    // The body keeps its line break (plain text, shown as written).
    expect(within(article).getByText('Weekend bonus body. Second line.', { normalizer: (text) => text.replace(/\s+/g, ' ') }).textContent).toBe('Weekend bonus body.\nSecond line.');
    expect(server.inbox().map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/wps/member/messages', undefined],
      ['POST', '/wps/member/messages/read', { id: 2 }],
    ]);
    await user.click(within(article).getByRole('button', { name: 'Back to the inbox' }));
    const again = await screen.findByRole('list', { name: 'Inbox messages' });
    expect(within(again).getByRole('button', { name: 'Weekend bonus, Mar 1, 2026, 10:00 AM' })).toBeTruthy();
  });

  it('deletes a message after the confirmation; cancel keeps it', async () => {
    const server = fakeServer({
      'GET /wps/member/messages': () => page([message(2, false), message(1, true)]),
      'POST /wps/member/messages/delete': ({ body }) => ({ value: { id: (body as { id: number }).id, wasUnread: true } }),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    await user.click(within(list).getByRole('button', { name: 'Delete: Message 2' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.inbox().filter((r) => r.method === 'POST')).toEqual([]);
    expect(rowsOf(list)).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Delete: Message 2' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('list', { name: 'Inbox messages' }))).toHaveLength(1));
    expect((await screen.findByText('Message deleted')).getAttribute('role')).toBe('status');
    expect(server.inbox().filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([['/wps/member/messages/delete', { id: 2 }]]);
  });

  it('deletes the open message from its page', async () => {
    fakeServer({
      'GET /wps/member/messages': () => page([message(1, true)]),
      'POST /wps/member/messages/read': () => ({ value: message(1, true) }),
      'POST /wps/member/messages/delete': () => ({ value: { id: 1, wasUnread: false } }),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    await user.click(within(list).getByRole('button', { name: /^Message 1/ }));
    const article = await screen.findByRole('article', { name: 'Message 1' });
    await user.click(within(article).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No messages' })).toBeTruthy();
  });

  it('loads the next page on "Load more"', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => message(21 - i, false));
    const server = fakeServer({
      'GET /wps/member/messages': ({ query }) => (query.get('pageNo') === '1' ? page(firstPage, 1, 2) : page([message(1, true)], 2, 2)),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    expect(rowsOf(list)).toHaveLength(20);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(list)).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(server.inbox().map((r) => r.query)).toEqual(['?pageNo=1&pageSize=20', '?pageNo=2&pageSize=20']);
  });

  it('shows the empty state', async () => {
    fakeServer({ 'GET /wps/member/messages': () => page([]) });
    renderApp({ path: '/m/webEmail', session: freshMember() });
    expect(await screen.findByRole('heading', { name: 'No messages' })).toBeTruthy();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let calls = 0;
    fakeServer({
      'GET /wps/member/messages': () => (++calls === 1 ? { status: 500, errorCode: 'system.error' } : page([message(1, false)])),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    await user.click(await screen.findByRole('button', { name: 'Loading failed, click to retry' }));
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    expect(rowsOf(list)).toHaveLength(1);
  });

  it('a message gone meanwhile leaves the list with a translated notice', async () => {
    fakeServer({
      'GET /wps/member/messages': () => page([message(1, false)]),
      'POST /wps/member/messages/read': () => ({ status: 404, errorCode: 'inbox.message.not.found' }),
    });
    const { user } = renderApp({ path: '/m/webEmail', session: freshMember() });
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    await user.click(within(list).getByRole('button', { name: /^Message 1/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('This message no longer exists.');
    expect(await screen.findByRole('heading', { name: 'No messages' })).toBeTruthy();
  });

  it('a trial account sees the refusal and nothing is asked of the server', async () => {
    const server = fakeServer({});
    renderApp({ path: '/m/webEmail', session: trialSession });
    expect(await screen.findByRole('heading', { name: 'Please log in to a real account to use this function' })).toBeTruthy();
    expect(server.inbox()).toEqual([]);
  });
});
