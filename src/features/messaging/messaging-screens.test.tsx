import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchKeys } from '../../../contract/system.ts';
import { agentSession, demoSettings, memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const notice = (announcementId: number, title: string, read: boolean, type = 'PL') => ({
  announcementId,
  type,
  title,
  content: `<p>${title} <strong>details</strong></p><img src=x onerror="window.hacked=1">`,
  startDate: '2026-11-20',
  endDate: null,
  read,
});
const switches = (cbs3: boolean) => ({ ...Object.fromEntries(switchKeys.map((key) => [key, false])), CBS3: cbs3 }) as typeof demoSettings.switches;
const groups = (player: ReturnType<typeof notice>[]) => ({ promotion: [], banners: [], player, popup: [], hot: [], agent: [] });
const footer = {
  vendorLogos: [],
  customerService: [{ csType: 'LIVECHAT', title: 'Live chat', path: 'https://chat.example/live' }],
  downloadLinks: [{ resourceType: 'TELEGRAM', url: 'https://t.me/example', labelNameEn: 'Telegram' }],
  copyrightYear: 2025,
};

/** The server: answers by method and path; records every request. */
function fakeServer(answers: Record<string, (body: unknown) => unknown>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) return new Response(JSON.stringify({ success: false, errorCode: 'request.not.found', message: 'no' }), { status: 404 });
    return new Response(JSON.stringify({ success: true, value: answer(body) }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests };
}

let n = 0;
const fresh = <T extends { token: string }>(s: T) => ({ ...s, token: `tok-msg-${++n}` });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message center', () => {
  it('shows a member the unread badges (99+ above 99), live chat with CBS3 on and its count, and opens the notices', async () => {
    const server = fakeServer({
      'GET /wps/content/footer': () => footer,
      'GET /wps/content/announcements/unread': () => 3,
      'GET /wps/member/messages/unread': () => 120,
      'GET /wps/cbs/unread': () => ({ unReadCount: 4 }),
      'GET /wps/content/announcements': () => groups([notice(1, 'Maintenance', false)]),
    });
    const { user, router } = renderApp({ path: '/m/message', session: fresh(memberSession), settings: { ...demoSettings, switches: switches(true) } });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect((await within(list).findByLabelText('3 unread')).textContent).toContain('3');
    expect((within(list).getByLabelText('120 unread')).textContent).toContain('99+');
    expect(within(within(list).getByRole('button', { name: /Live chat/ })).getByLabelText('4 unread').textContent).toBe('4');
    expect(server.requests.filter((r) => r.path === '/wps/cbs/unread')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /Announcements/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/notice'));
  });

  it('hides live chat without CBS3 and sends a guest to login for announcements, without badges', async () => {
    const server = fakeServer({ 'GET /wps/content/footer': () => footer });
    const { user, router } = renderApp({ path: '/m/message', settings: { ...demoSettings, switches: switches(false) } });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).queryByRole('button', { name: /Live chat/ })).toBeNull();
    expect(within(list).queryByLabelText(/unread/)).toBeNull();
    await user.click(within(list).getByRole('button', { name: /Announcements/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(server.requests.some((r) => r.path.endsWith('/unread'))).toBe(false);
  });

  it("launches a member's live chat: the launch call, then its chatUrl 500 ms later, through the router", async () => {
    const server = fakeServer({
      'GET /wps/content/footer': () => footer,
      'GET /wps/content/announcements/unread': () => 0,
      'GET /wps/member/messages/unread': () => 0,
      'GET /wps/cbs/unread': () => ({ unReadCount: 0 }),
      'GET /wps/cbs/launch': () => ({ chatUrl: '/m/chat' }),
    });
    const { user, router } = renderApp({ path: '/m/message', session: fresh(memberSession), settings: { ...demoSettings, switches: switches(true) } });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const tappedAt = Date.now();
    await user.click(within(list).getByRole('button', { name: /Live chat/ }));
    expect((await screen.findByText('Opening customer service…')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/chat'));
    expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(500);
    const [launch] = server.requests.filter((r) => r.path === '/wps/cbs/launch');
    expect(launch?.method).toBe('GET');
  });

  it("opens a customer service entry that is a page of this site here (the merchant's LIVECHAT at /m/chat)", async () => {
    fakeServer({ 'GET /wps/content/footer': () => ({ ...footer, customerService: [{ csType: 'LIVECHAT', title: 'Live chat', path: '/m/chat' }] }) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, router } = renderApp({ path: '/m/message' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await user.click(within(list).getByRole('button', { name: /Customer service/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/chat'));
    expect(open).not.toHaveBeenCalled();
  });

  it('sends a guest tapping live chat to login, and refuses a trial account with a toast (no launch)', async () => {
    const server = fakeServer({ 'GET /wps/content/footer': () => footer });
    const guest = renderApp({ path: '/m/message', settings: { ...demoSettings, switches: switches(true) } });
    await guest.user.click(within(await screen.findByRole('list', { name: 'Messages' })).getByRole('button', { name: /Live chat/ }));
    await waitFor(() => expect(guest.router.state.location.pathname).toBe('/m/login'));
    guest.unmount();
    const trial = renderApp({ path: '/m/message', session: fresh(trialSession), settings: { ...demoSettings, switches: switches(true) } });
    await trial.user.click(within(await screen.findByRole('list', { name: 'Messages' })).getByRole('button', { name: /Live chat/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Please log in to a real account to use this function');
    expect(trial.router.state.location.pathname).toBe('/m/message');
    expect(server.requests.some((r) => r.path.startsWith('/wps/cbs/'))).toBe(false);
  });

  it('refuses a trial account the inbox with a toast and stays', async () => {
    const server = fakeServer({ 'GET /wps/content/footer': () => footer });
    const { user, router } = renderApp({ path: '/m/message', session: fresh(trialSession) });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await user.click(within(list).getByRole('button', { name: /^Messages/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Please log in to a real account to use this function');
    expect(router.state.location.pathname).toBe('/m/message');
    expect(server.requests.some((r) => r.path.endsWith('/unread'))).toBe(false);
  });
});

describe('notice screen', () => {
  it('lists notices with unread markers, opens one in full (sanitised) and reports it read once', async () => {
    const server = fakeServer({
      'GET /wps/content/announcements': () => groups([notice(1, 'Maintenance', false), notice(2, 'Bonus', true)]),
      'GET /wps/content/announcements/unread': () => 1,
      'GET /wps/member/messages/unread': () => 0,
      'PUT /wps/content/announcements/read': () => ({ announcementId: 1, read: true }),
    });
    const { user } = renderApp({ path: '/m/notice', session: fresh(memberSession) });
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const first = within(list).getByRole('button', { name: /Maintenance/ });
    expect(within(first).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(within(list).getByRole('button', { name: /Bonus/ })).queryByRole('img', { name: 'Unread' })).toBeNull();
    await user.click(first);
    const article = await screen.findByRole('article', { name: 'Maintenance' });
    expect(within(article).getByText('details').tagName).toBe('STRONG');
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/wps/content/announcements/read', body: { announcementId: 1, read: true } },
    ]));
    await user.click(screen.getByRole('button', { name: 'Back to all announcements' }));
    const again = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(within(again).getByRole('button', { name: /Maintenance/ })).queryByRole('img', { name: 'Unread' })).toBeNull();
  });

  it('?index= opens that item; a guest sees everything as read and reports nothing', async () => {
    const server = fakeServer({ 'GET /wps/content/announcements': () => groups([notice(1, 'Maintenance', false), notice(2, 'Bonus', false)]) });
    renderApp({ path: '/m/notice?index=1' });
    expect(await screen.findByRole('article', { name: 'Bonus' })).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('agent notices', () => {
  it('shows collapsed plain-text previews and the unread count; the header expands one and reports it read', async () => {
    const server = fakeServer({
      'GET /wps/content/announcements/agent': () => ({ list: [notice(5, 'Rebate tiers', false, 'A'), notice(6, 'Training', true, 'A')], footer: { unreadCount: 1 } }),
      'GET /wps/content/announcements/unread': () => 0,
      'GET /wps/member/messages/unread': () => 0,
      'PUT /wps/content/announcements/read': () => ({ announcementId: 5, read: true }),
    });
    const { user } = renderApp({ path: '/m/member/notice?types=A', session: fresh(agentSession) });
    const list = await screen.findByRole('list', { name: 'Agent notices' });
    expect(screen.getByText('1 unread notice')).toBeTruthy();
    expect(within(list).getByText('Rebate tiers details')).toBeTruthy();
    const header = within(list).getByRole('button', { name: /Rebate tiers/, expanded: false });
    await user.click(header);
    expect(within(list).getByRole('button', { name: /Rebate tiers/, expanded: true })).toBe(header);
    expect(within(list).getByText('details').tagName).toBe('STRONG');
    expect(await screen.findByText('No unread notices')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ announcementId: 5, read: true }]);
  });
});
