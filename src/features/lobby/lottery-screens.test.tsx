import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BetTypeInfo, Issue, LotteryGame, LotteryGameDetail, Order } from '../../../contract/lottery.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1, balance: 500000, held: 0 }, sumBalance: 500000, updatedAt: '2026-11-29T10:00:00.000Z' };
const T0 = Date.parse('2026-11-29T10:00:20.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const issue = (issueNo: string, drawAt: number, numbers: number[] = []): Issue => ({
  issueNo,
  cutoffAt: iso(drawAt - 10_000),
  drawAt: iso(drawAt),
  seedHash: 'ab'.repeat(32),
  status: numbers.length ? 'drawn' : 'open',
  numbers,
  seed: numbers.length ? 'cd'.repeat(32) : null,
});
const betTypes: BetTypeInfo[] = [
  { betType: 'position', choices: ['1:0', '1:1', '2:0', '2:1'], picks: [1, 1], odds: [970] },
  { betType: 'bigSmall', choices: ['big', 'small'], picks: [1, 1], odds: [194] },
];
const game = (current: Issue, last: Issue | null): LotteryGame => ({
  gameCode: 'TCG_SEA_0001',
  gameName: '1-Minute Lotto',
  vendor: 'TCG_SEA',
  gameType: 'ELOTT',
  family: 'digits',
  intervalSeconds: 60,
  cutoffSeconds: 10,
  balls: 2,
  minNumber: 0,
  maxNumber: 9,
  prizeMode: 'SEA',
  playType: 'ent',
  iconUrl: '/icons/lotto.svg',
  current,
  last,
});
const earlier = issue('20261129-0600', T0 - 20_000, [3, 7]);
const first = issue('20261129-0601', T0 + 40_000);
const second = issue('20261129-0602', T0 + 100_000);
const drawnFirst = issue('20261129-0601', T0 + 40_000, [4, 9]);
const detail: LotteryGameDetail = { game: game(first, earlier), betTypes, recent: [earlier], serverTime: iso(T0) };
const afterDraw: LotteryGameDetail = { game: game(second, drawnFirst), betTypes, recent: [drawnFirst, earlier], serverTime: iso(T0 + 42_000) };

const order = (orderId: number, cancelled = false): Order => ({
  orderId,
  gameCode: 'TCG_SEA_0001',
  gameName: '1-Minute Lotto',
  issueNo: first.issueNo,
  prizeMode: 'SEA',
  playType: 'ent',
  stake: cancelled ? 0 : 1000,
  payout: 0,
  status: cancelled ? 'cancelled' : 'open',
  createdAt: iso(T0),
  subOrders: [{ id: orderId * 10, betType: 'bigSmall', pick: 'big', stake: 1000, odds: 194, status: cancelled ? 'cancelled' : 'open', payout: 0, cancellable: !cancelled }],
});
const page = <T,>(list: T[], pageNum = 1, totalPages = 1) => ({ list, pageNum, totalPages, total: list.length });
const gamePath = '/m/lotto/TCG_SEA_0001?prizeMode=SEA&playType=ent';

afterEach(() => {
  vi.useRealTimers();
});

describe('lottery game screen (/m/lotto/$gameCode)', () => {
  it('counts down to the cutoff, then says betting closed, then draw in progress, then shows the drawn numbers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(T0);
    let reads = 0;
    fetchServer({ 'GET /lgw/games/detail': () => (++reads === 1 ? detail : afterDraw) });
    renderApp({ path: gamePath });
    expect(await screen.findByRole('heading', { name: '1-Minute Lotto' })).toBeTruthy();
    const round = screen.getAllByRole('status')[0]!;
    expect(round.textContent).toMatch(/Betting closes in 0:(30|29)/);
    expect(screen.getByRole('list', { name: 'Numbers drawn: 3, 7' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Position · Odds 9.70' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(round.textContent).toMatch(/^Betting closed, draw at /);
    expect((screen.getByRole('button', { name: 'Place bets' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(round.textContent).toBe('Draw in progress…');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(round.textContent).toBe('Draw 20261129-0601: the numbers are out'));
    expect(screen.getByRole('list', { name: 'Numbers drawn: 4, 9' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(round.textContent).toMatch(/^Betting closes in/));
    expect(screen.getByText('Draw 20261129-0602')).toBeTruthy();
  });

  it('a pick added and placed sends the order on the issue taking bets, shows the placed toast and empties the slip', async () => {
    const server = fetchServer({
      'GET /lgw/games/detail': () => ({ ...detail, serverTime: iso(Date.now()), game: game(issue('20261129-0601', Date.now() + 300_000), earlier) }),
      'POST /lgw/orders': () => ({ order: order(7), balance: 499000 }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: gamePath, session: memberSession });
    await user.click(await screen.findByRole('tab', { name: 'Big / Small · Odds 1.94' }));
    await user.click(screen.getByRole('button', { name: 'Big' }));
    await user.clear(screen.getByLabelText('Stake'));
    await user.type(screen.getByLabelText('Stake'), '25');
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByText('Potential payout: ₱48.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place 1 bet' }));
    expect((await screen.findByText('1 bet placed on draw 20261129-0601')).getAttribute('role')).toBe('status');
    expect(server.sent('POST', '/lgw/orders').map((r) => r.body)).toEqual([
      { gameCode: 'TCG_SEA_0001', issueNo: '20261129-0601', prizeMode: 'SEA', playType: 'ent', bets: [{ betType: 'bigSmall', pick: 'big', stake: 2500 }] },
    ]);
    expect(screen.getByText('Your slip is empty: choose a pick and add it.')).toBeTruthy();
  });

  it('a refused order says why and keeps the slip', async () => {
    fetchServer({
      'GET /lgw/games/detail': () => ({ ...detail, serverTime: iso(Date.now()), game: game(issue('20261129-0601', Date.now() + 300_000), earlier) }),
      'POST /lgw/orders': () => refuse(409, 'wallet.balance.insufficient'),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: gamePath, session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Ball 2: 1' }));
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    await user.click(screen.getByRole('button', { name: 'Place 1 bet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance');
    expect(screen.getByText('Position: Ball 2: 1')).toBeTruthy();
  });

  it('a guest who places a bet is sent to login', async () => {
    const server = fetchServer({ 'GET /lgw/games/detail': () => ({ ...detail, serverTime: iso(Date.now()), game: game(issue('20261129-0601', Date.now() + 300_000), earlier) }) });
    const { user, router } = renderApp({ path: gamePath });
    await user.click(await screen.findByRole('button', { name: 'Ball 1: 0' }));
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    await user.click(screen.getByRole('button', { name: 'Place 1 bet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(server.sent('POST', '/lgw/orders')).toEqual([]);
  });
});

describe('my lottery orders (/m/lotto/orders)', () => {
  it('lists the orders, opens one, and cancels an open bet after a confirm', async () => {
    const server = fetchServer({
      'GET /lgw/orders': () => page([order(7)]),
      'GET /lgw/orders/detail': () => ({ order: order(7), issue: first }),
      'POST /lgw/orders/suborders/cancel': () => ({ order: order(7, true), balance: 500000 }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/lotto/orders', session: memberSession });
    const list = await screen.findByRole('list', { name: 'Lottery orders' });
    const row = within(list).getByRole('button', { name: /1-Minute Lotto/ });
    expect(row.textContent).toContain('Draw 20261129-0601');
    expect(row.textContent).toContain('Stake ₱10.00 · Payout ₱0.00');
    await user.click(row);
    const detailRegion = await screen.findByRole('region', { name: 'Order 7' });
    expect(within(detailRegion).getByText('Not drawn yet')).toBeTruthy();
    expect(within(detailRegion).getByText('Stake ₱10.00 · Odds 1.94 · Payout ₱0.00')).toBeTruthy();
    await user.click(within(detailRegion).getByRole('button', { name: 'Cancel bet' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cancel this bet of ₱10.00? The stake goes back to your wallet.');
    expect(server.sent('POST', '/lgw/orders/suborders/cancel')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bet' }));
    await waitFor(() => expect(server.sent('POST', '/lgw/orders/suborders/cancel').map((r) => r.body)).toEqual([{ subOrderId: 70 }]));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Order 7' })).queryByRole('button', { name: 'Cancel bet' })).toBeNull());
    expect(row.textContent).toContain('Cancelled');
  });

  it('a refused cancel shows its reason', async () => {
    fetchServer({
      'GET /lgw/orders': () => page([order(7)]),
      'GET /lgw/orders/detail': () => ({ order: order(7), issue: first }),
      'POST /lgw/orders/suborders/cancel': () => refuse(409, 'lottery.suborder.not.cancellable'),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/lotto/orders', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /1-Minute Lotto/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel bet' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel bet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This bet can no longer be cancelled.');
  });
});

describe('lottery results (/m/lotto/results/$gameCode)', () => {
  it('shows each draw with its numbers, seed hash and seed, and pages on', async () => {
    const server = fetchServer({
      'GET /lgw/numero': (_body) => {
        const pageNo = Number(server.requests.at(-1)?.query.pageNo ?? '1');
        return pageNo === 1 ? page([drawnFirst], 1, 2) : page([earlier], 2, 2);
      },
    });
    const { user } = renderApp({ path: '/m/lotto/results/TCG_SEA_0001' });
    const list = await screen.findByRole('list', { name: 'Draws' });
    expect(within(list).getByRole('list', { name: 'Numbers drawn: 4, 9' })).toBeTruthy();
    expect(within(list).getByText(`Seed hash: ${'ab'.repeat(32)}`)).toBeTruthy();
    expect(within(list).getByText(`Seed: ${'cd'.repeat(32)}`)).toBeTruthy();
    expect(screen.getByText(/HMAC-SHA256 of its seed and "TCG_SEA_0001:draw number"/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('list', { name: 'Numbers drawn: 3, 7' })).toBeTruthy();
    expect(server.sent('GET', '/lgw/numero').map((r) => [r.query.gameCode, r.query.pageNo])).toEqual([
      ['TCG_SEA_0001', '1'],
      ['TCG_SEA_0001', '2'],
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
