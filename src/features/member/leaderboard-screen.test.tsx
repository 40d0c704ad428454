import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard } from '../../../contract/leaderboard.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };
const winnersOfWeek: Leaderboard = {
  board: 'winners',
  period: 'week',
  periodStart: '2026-11-23T00:00:00.000Z',
  periodEnd: '2026-11-30T00:00:00.000Z',
  currency: peso,
  list: [
    { rank: 1, name: 'ma***88', amount: 1_250_000 },
    { rank: 2, name: 'pl***r1', amount: 30_050 },
    { rank: 3, name: 'jo***ny', amount: 9_900 },
    { rank: 4, name: 'k***', amount: 100 },
  ],
  mine: { rank: 2, amount: 30_050 },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('leaderboard (/m/leaderboard)', () => {
  it("lists the board of the picked tab with the member's own row pinned and highlighted", async () => {
    const server = fetchServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/member/leaderboard': () => {
        const { board, period } = server.requests.at(-1)!.query as { board: Leaderboard['board']; period: Leaderboard['period'] };
        if (board === 'turnover') return { ...winnersOfWeek, board, period, list: [], mine: null };
        return { ...winnersOfWeek, board, period };
      },
    });
    const { user } = renderApp({ path: '/m/leaderboard', session: memberSession });
    const list = await screen.findByRole('list', { name: 'Top 4' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((li) => li.textContent)).toEqual(['1ma***88₱12,500.00', '2pl***r1You₱300.50', '3jo***ny₱99.00', '4k***₱1.00']);
    expect(rows.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'true', null, null]);
    const mine = screen.getByRole('region', { name: 'Your rank' });
    expect(mine.textContent).toContain('No. 2');
    expect(mine.textContent).toContain('₱300.50');
    expect(server.sent('GET', '/wps/member/leaderboard').map((r) => r.query)).toEqual([{ board: 'winners', period: 'day' }]);
    expect(screen.getByRole('button', { name: 'Top winners' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'This week' }));
    await screen.findByText('Nov 23, 2026 – Nov 29, 2026 (UTC)');
    await user.click(screen.getByRole('button', { name: 'Top turnover' }));
    // Nobody yet on this board: the empty state, and the member is not ranked.
    expect(await screen.findByRole('heading', { name: 'No one is ranked yet' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your rank' }).textContent).toContain('You are not on this board yet');
    expect(screen.getByText(/Stakes of the bets settled in the period/)).toBeTruthy();
    expect(server.sent('GET', '/wps/member/leaderboard').map((r) => r.query)).toEqual([
      { board: 'winners', period: 'day' },
      { board: 'winners', period: 'week' },
      { board: 'turnover', period: 'week' },
    ]);
  });

  it('says why a board failed to load and loads it again on retry', async () => {
    let calls = 0;
    fetchServer({
      'GET /wps/wallets/gcs': () => wallet,
      'GET /wps/member/leaderboard': () => (++calls === 1 ? refuse(500, 'system.error') : winnersOfWeek),
    });
    const { user } = renderApp({ path: '/m/leaderboard', session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Loading failed, click to retry' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Top 4' })).toBeTruthy());
    expect(calls).toBe(2);
  });

  it('sends a guest to log in', async () => {
    fetchServer({ 'GET /wps/wallets/gcs': () => wallet });
    const { router } = renderApp({ path: '/m/leaderboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });
});
