import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MallStatus, VipStatus } from '../../../contract/loyalty.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };
const vip: VipStatus = {
  currency: peso,
  turnover: 1_250_000,
  level: 1,
  levels: [
    { level: 0, name: 'VIP 0', turnover: 0, benefits: [{ kind: 'dailyWithdrawals', value: 3 }] },
    { level: 1, name: 'VIP 1', turnover: 1_000_000, benefits: [{ kind: 'upgradeBonus', value: 8_800 }, { kind: 'rebate', value: 30 }] },
    { level: 2, name: 'VIP 2', turnover: 5_000_000, benefits: [{ kind: 'upgradeBonus', value: 28_800 }, { kind: 'dedicatedService', value: 0 }] },
  ],
};
const mall: MallStatus = {
  currency: peso,
  earned: 1_250,
  spent: 200,
  available: 1_050,
  turnoverPerPoint: 1_000,
  items: [
    { id: 1, nameKey: 'silverBonus', points: 500, reward: 6_000 },
    { id: 3, nameKey: 'goldBonus', points: 2_000, reward: 26_000 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VIP room (/m/member/benefits)', () => {
  it("shows the member's level, the turnover left to the next, and every level's benefits", async () => {
    fetchServer({ 'GET /wps/member/vip': () => vip, 'GET /wps/wallets/gcs': () => wallet });
    renderApp({ path: '/m/member/benefits', session: memberSession });
    const level = await screen.findByRole('region', { name: 'VIP 1' });
    expect(within(level).getByText('Turnover ₱12,500.00')).toBeTruthy();
    expect(within(level).getByText('₱37,500.00 more turnover to reach VIP 2')).toBeTruthy();
    expect(within(level).getByRole('progressbar', { name: 'Progress to VIP 2' })).toBeTruthy();
    const levels = within(screen.getByRole('region', { name: 'Levels and benefits' })).getAllByRole('listitem');
    expect(levels.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(levels[1]!.textContent).toContain('Upgrade bonus ₱88.00');
    expect(levels[1]!.textContent).toContain('Rebate 0.3% on bets');
    expect(levels[0]!.textContent).toContain('3 withdrawals a day');
    expect(levels[2]!.textContent).toContain('Dedicated customer service');
  });

  it('says so when the merchant has no VIP room, and offers a retry', async () => {
    fetchServer({ 'GET /wps/member/vip': () => refuse(403, 'request.forbidden'), 'GET /wps/wallets/gcs': () => wallet });
    renderApp({ path: '/m/member/benefits', session: memberSession });
    expect(await screen.findByRole('button', { name: 'Loading failed, click to retry' })).toBeTruthy();
    expect(screen.getByText(/does not have permission/)).toBeTruthy();
  });
});

describe('reward center (/m/mall/mallHome)', () => {
  it('shows the points, refuses a reward beyond them, and redeems one after confirmation with a fresh key', async () => {
    const server = fetchServer({
      'GET /wps/mall/status': () => mall,
      'GET /wps/wallets/gcs': () => wallet,
      'POST /wps/mall/redeem': (body) => ({ id: 9, itemId: (body as { itemId: number }).itemId, points: 500, reward: 6_000, available: 550, createdAt: '2026-11-28T05:00:00.000Z' }),
    });
    const { user } = renderApp({ path: '/m/mall/mallHome', session: memberSession });
    expect((await screen.findByTestId('mall-available')).textContent).toBe('1,050');
    expect(screen.getByText('1 point for every ₱10.00 of turnover')).toBeTruthy();
    const rewards = screen.getByRole('region', { name: 'Rewards' });
    await user.click(within(rewards).getByRole('button', { name: 'Redeem Gold bonus' }));
    expect(within(rewards).getByRole('alert').textContent).toBe('You do not have enough points for this reward.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(within(rewards).getByRole('button', { name: 'Redeem Silver bonus' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Redeem this reward?' });
    expect(confirm.textContent).toContain('Silver bonus costs 500 points. ₱60.00 is paid into your wallet.');
    expect(server.sent('POST', '/wps/mall/redeem')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.getByTestId('mall-available').textContent).toBe('550'));
    expect(screen.getByText('Redeemed: ₱60.00 paid into your wallet')).toBeTruthy();
    const bodies = server.sent('POST', '/wps/mall/redeem').map((r) => r.body as { itemId: number; idempotencyKey: string });
    expect(bodies).toEqual([{ itemId: 1, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });
});
