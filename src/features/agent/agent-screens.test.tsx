import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentMenu, TeamKpi, TeamMember } from '../../../contract/agent.ts';
import type { Announcement } from '../../../contract/content.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { agentSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1, balance: 1234567, held: 0 }, sumBalance: 1234567, updatedAt: '2026-11-28T10:00:00.000Z' };
const kpi: TeamKpi = {
  footer: { teamLoginMemberCount: 7, teamBetMemberCount: 5, teamRegisterMemberCount: 2, teamOnlineCount: 3 },
  summary: { teamSize: 25, directCount: 4, agentCount: 3, balance: 990000, deposit: 50000, withdraw: 10000, betCount: 40, stake: 400000, win: 350000, profit: -50000 },
};
const notice = (id: number, read: boolean): Announcement => ({
  announcementId: id,
  type: 'A',
  title: `Weekly agent news ${id}`,
  content: '<p>New <b>rebate</b> tiers start Monday.</p>',
  startDate: '2026-11-27',
  endDate: null,
  read,
});
const member = (id: number, account: string, level: number): TeamMember => ({
  id,
  account,
  nickname: null,
  type: 0,
  level,
  parentAccount: 'boss',
  balance: 10000 * id,
  status: 'active',
  lastLoginAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  directCount: 0,
});
const page = <T,>(list: T[]) => ({ list, pageNum: 1, totalPages: 1, total: list.length });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('agency centre (/m/agent)', () => {
  it('shows the wallet, today’s team figures, only the granted menu entries with customer service, and the notice card that reports read', async () => {
    const menu: AgentMenu = { keys: ['AGEPAG', 'DOWNMAN', 'TEAMBETTING3'], dividendEnabled: false };
    const server = fetchServer({
      'GET /wps/agent/menu': () => menu,
      'GET /wps/agent/team/kpi': () => kpi,
      'GET /wps/content/announcements/agent': () => ({ list: [notice(9, false)], footer: { unreadCount: 1 } }),
      'PUT /wps/content/announcements/read': () => ({ announcementId: 9, read: true }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/agent', session: agentSession });
    expect(await screen.findByText('₱12,345.67')).toBeTruthy();
    const today = await screen.findByRole('region', { name: "Today's team" });
    await waitFor(() => expect(within(today).getByText('Online now').nextElementSibling?.textContent).toBe('3'));
    expect(within(today).getByText('Logged in').nextElementSibling?.textContent).toBe('7');
    expect(within(today).getByText('Registered').nextElementSibling?.textContent).toBe('2');
    const entries = within(await screen.findByRole('region', { name: 'Agent menu' }));
    await waitFor(() => expect(entries.getByRole('link', { name: 'Team overview' }).getAttribute('href')).toBe('/m/agent/team/overview'));
    expect(entries.getByRole('link', { name: 'Team management' })).toBeTruthy();
    expect(entries.getByRole('link', { name: 'Team betting' })).toBeTruthy();
    expect(entries.queryByRole('link', { name: 'Red envelope rain' })).toBeNull();
    expect(entries.getByRole('button', { name: 'Customer service' })).toBeTruthy();
    // The footer: no dividend with the switch off; the announcements' unread badge.
    const footer = within(screen.getByRole('navigation', { name: 'Agency centre' }));
    expect(footer.queryByRole('link', { name: /Dividend/ })).toBeNull();
    expect(footer.getByRole('link', { name: /Agent announcements/ }).textContent).toContain('1');
    // Collapsed: the preview; the header opens the whole notice and reports it read once.
    const card = within(screen.getByRole('region', { name: 'Latest notice' }));
    const header = card.getByRole('button', { name: /Weekly agent news 9/ });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(header.textContent).toContain('New rebate tiers start Monday.');
    await user.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(server.sent('PUT', '/wps/content/announcements/read').map((r) => r.body)).toEqual([{ announcementId: 9, read: true }]));
    await waitFor(() => expect(footer.getByRole('link', { name: /Agent announcements/ }).textContent).not.toContain('1'));
    await user.click(header);
    await user.click(header);
    expect(server.sent('PUT', '/wps/content/announcements/read')).toHaveLength(1);
  });

  it('a part that fails offers its own retry while the others show', async () => {
    let menuCalls = 0;
    fetchServer({
      'GET /wps/agent/menu': () => (++menuCalls === 1 ? refuse(500, 'system.error') : { keys: ['AGEPAG'], dividendEnabled: true }),
      'GET /wps/agent/team/kpi': () => kpi,
      'GET /wps/content/announcements/agent': () => ({ list: [], footer: { unreadCount: 0 } }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/agent', session: agentSession });
    const menu = within(await screen.findByRole('region', { name: 'Agent menu' }));
    const retry = await menu.findByRole('button', { name: 'Loading failed, click to retry' });
    expect(within(screen.getByRole('region', { name: "Today's team" })).getByText('Placed bets').nextElementSibling?.textContent).toBe('5');
    await user.click(retry);
    expect(await menu.findByRole('link', { name: 'Team overview' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Agency centre' })).getByRole('link', { name: /Dividend/ })).toBeTruthy();
  });
});

describe('team management (/m/member/team)', () => {
  it('lists the downline with level and balance; a search and a scope ask the server again', async () => {
    const server = fetchServer({
      'GET /wps/agent/team/members': () => page([member(2, 'rico_m', 1), member(3, 'bella22', 2)]),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/team', session: agentSession });
    const list = await screen.findByRole('list', { name: 'Team members' });
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('rico_m');
    expect(rows[0]).toContain('Level 1');
    expect(rows[0]).toContain('₱200.00');
    expect(rows[1]).toContain('Level 2');
    await user.type(screen.getByLabelText('Account'), 'ric');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.sent('GET', '/wps/agent/team/members').at(-1)?.query).toMatchObject({ account: 'ric', pageNo: '1' }));
    await user.click(screen.getByRole('button', { name: 'Direct' }));
    await waitFor(() => expect(server.sent('GET', '/wps/agent/team/members').at(-1)?.query).toMatchObject({ account: 'ric', scope: 'direct' }));
  });
});

describe('red envelope rain (/m/redRain)', () => {
  it('refuses an empty choice, reviews the total, and sends one rain for the chosen members', async () => {
    const server = fetchServer({
      'GET /wps/agent/team/members': () => page([member(2, 'rico_m', 1), member(3, 'bella22', 2), member(4, 'jun_d', 1)]),
      'POST /wps/agent/transfers': () => ({ transactionId: 'tx-1', members: 2, total: 2000, balance: 1232567 }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/redRain', session: agentSession });
    await user.type(await screen.findByLabelText('Amount for each member'), '10');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose at least one member');
    await user.click(screen.getByRole('checkbox', { name: /rico_m/ }));
    await user.click(screen.getByRole('checkbox', { name: /bella22/ }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Send ₱10.00 to each of 2 members (rico_m and bella22), ₱20.00 in all?');
    expect(server.sent('POST', '/wps/agent/transfers')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('₱20.00 sent to 2 members')).toBeTruthy();
    const sent = server.sent('POST', '/wps/agent/transfers');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ memberIds: [2, 3], amount: 1000 });
    expect((sent[0]!.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_\-:.]{8,64}$/);
  });

  it('a refused rain says why and changes nothing on screen', async () => {
    fetchServer({
      'GET /wps/agent/team/members': () => page([member(2, 'rico_m', 1)]),
      'POST /wps/agent/transfers': () => refuse(409, 'wallet.balance.insufficient'),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/redRain', session: agentSession });
    await user.click(await screen.findByRole('checkbox', { name: /rico_m/ }));
    await user.type(screen.getByLabelText('Amount for each member'), '99999');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    const amount = screen.getByLabelText('Amount for each member');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect((screen.getByRole('checkbox', { name: /rico_m/ }) as HTMLInputElement).checked).toBe(true);
  });
});
