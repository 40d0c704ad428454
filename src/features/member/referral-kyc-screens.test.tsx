import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycState } from '../../../contract/kyc.ts';
import type { InvitedFriends, ReferralSummary } from '../../../contract/referral.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };
const summary: ReferralSummary = { code: '1001', invited: 2, deposited: 1 };
const friends: InvitedFriends = {
  list: [
    { id: 7, account: 'ju***s', status: 'deposited', joinedAt: '2026-11-26T08:00:00.000Z' },
    { id: 6, account: 'ma***8', status: 'registered', joinedAt: '2026-11-25T08:00:00.000Z' },
  ],
  pageNum: 1,
  totalPages: 1,
  total: 2,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invite friends (/m/inviteFriends)', () => {
  it('shows the code, the link on this site with its QR code, the counts and the friends; copies the link', async () => {
    fetchServer({ 'GET /wps/member/referral': () => summary, 'GET /wps/member/referral/friends': () => friends, 'GET /wps/wallets/gcs': () => wallet });
    const { user } = renderApp({ path: '/m/inviteFriends', session: memberSession });
    // After user-event's setup, which puts its own clipboard on the navigator.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const panel = await screen.findByRole('region', { name: 'Your referral code' });
    const link = `${window.location.origin}/m/register?recommenderId=1001`;
    expect(within(panel).getByText('1001')).toBeTruthy();
    expect(within(panel).getByText(link)).toBeTruthy();
    expect(within(panel).getByRole('img', { name: 'QR code of your referral link' })).toBeTruthy();
    const counts = screen.getByRole('region', { name: 'Invited friends' });
    expect(within(counts).getByText('Friends who signed up').nextElementSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Friends who deposited').nextElementSibling?.textContent).toBe('1');
    const list = await screen.findByRole('list', { name: 'Invited friends' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('ju***s'),
      expect.stringContaining('ma***8'),
    ]);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Deposited');
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Copy successful')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith('1001');
  });

  it('says so when the merchant has no referral program, and refuses a trial account without asking', async () => {
    const server = fetchServer({ 'GET /wps/member/referral': () => refuse(403, 'request.forbidden'), 'GET /wps/wallets/gcs': () => wallet });
    const member = renderApp({ path: '/m/inviteFriends', session: memberSession });
    expect(await screen.findByRole('button', { name: 'Loading failed, click to retry' })).toBeTruthy();
    member.unmount();
    renderApp({ path: '/m/inviteFriends', session: trialSession });
    expect(await screen.findByText('Please login an actual account to use this function')).toBeTruthy();
    expect(server.sent('GET', '/wps/member/referral')).toHaveLength(1);
  });
});

const none: KycState = { status: 'none', submittedAt: null, reviewedAt: null, reason: null, requiredForWithdrawal: true };
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

describe('KYC center (/m/member/kyc)', () => {
  it('asks for both sides with the spec message, then sends both and shows the check waiting', async () => {
    const server = fetchServer({
      'GET /wps/member/kyc': () => none,
      'POST /wps/member/kyc': () => ({ ...none, status: 'pending', submittedAt: '2026-11-28T09:00:00.000Z' }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/kyc', session: memberSession });
    expect(await screen.findByRole('heading', { name: 'Not verified' })).toBeTruthy();
    expect(screen.getByText('Withdrawals need a verified identity.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose Front of ID'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload front/back of your ID');
    // The side still missing is marked in error, described by the message; the picked one is not.
    const back = screen.getByLabelText('Choose Back of ID');
    expect(back.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(back);
    expect(document.getElementById(back.getAttribute('aria-describedby')!)?.textContent).toBe('Please upload front/back of your ID');
    expect(screen.getByLabelText('Change Front of ID').getAttribute('aria-invalid')).toBeNull();
    expect(server.sent('POST', '/wps/member/kyc')).toHaveLength(0);
    // An image above 5 MB is refused at once, and the side stays empty.
    await user.upload(screen.getByLabelText('Choose Back of ID'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Each image may be at most 5 MB.');
    expect(screen.getByLabelText('Choose Back of ID')).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose Back of ID'), png('back.png'));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for review' })).toBeTruthy();
    const [sent] = server.sent('POST', '/wps/member/kyc');
    expect(sent?.body).toEqual({ front: expect.stringMatching(/^data:image\/png;base64,/), back: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(await screen.findByText('Upload success')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it("shows the operator's reason after a rejection and takes new images", async () => {
    fetchServer({
      'GET /wps/member/kyc': () => ({ ...none, status: 'rejected', submittedAt: '2026-11-27T09:00:00.000Z', reviewedAt: '2026-11-27T12:00:00.000Z', reason: 'The photo is blurred.', requiredForWithdrawal: false }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    renderApp({ path: '/m/member/kyc', session: memberSession });
    expect(await screen.findByRole('heading', { name: 'Not accepted' })).toBeTruthy();
    expect(screen.getByText('Reason: The photo is blurred.')).toBeTruthy();
    expect(screen.queryByText('Withdrawals need a verified identity.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeTruthy();
  });
});

describe('profit record and bonus details', () => {
  it('shows each day with its net result and the totals, and switches to the bonus details', async () => {
    const server = fetchServer({
      'GET /wps/member/profitRecord': () => ({
        list: [
          { day: '2026-11-27', stake: 50_000, win: 20_000, profit: -30_000, bonus: 5_000, net: -25_000 },
          { day: '2026-11-26', stake: 10_000, win: 40_000, profit: 30_000, bonus: 0, net: 30_000 },
        ],
        pageNum: 1,
        totalPages: 1,
        total: 2,
        summary: { stake: 60_000, win: 60_000, profit: 0, bonus: 5_000, net: 5_000 },
      }),
      'GET /wps/member/bonusRecord': () => ({ list: [], pageNum: 1, totalPages: 0, total: 0, summary: { total: 0 } }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user, router } = renderApp({ path: '/m/transaction/profit', session: memberSession });
    const rows = within(await screen.findByRole('list', { name: 'Records' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Nov 27, 2026');
    expect(rows[0]!.textContent).toContain('-₱250.00');
    expect(rows[0]!.textContent).toContain('Stake ₱500.00 · Win ₱200.00 · Bonus ₱50.00');
    expect(rows[1]!.textContent).toContain('+₱300.00');
    const totals = screen.getByRole('region', { name: 'Totals' });
    await waitFor(() => expect(totals.textContent).toContain('Net+₱50.00'));
    expect(server.sent('GET', '/wps/member/profitRecord')[0]?.query).toEqual({ pageNo: '1', pageSize: '20' });
    await user.click(screen.getByRole('button', { name: 'Bonus details', pressed: false }));
    await waitFor(() => expect(router.state.location.search).toEqual({ types: 'O' }));
    expect(await screen.findByText('Bonuses received')).toBeTruthy();
  });

  it('names each bonus by its promotion or reward, with its source, and the total', async () => {
    fetchServer({
      'GET /wps/member/bonusRecord': () => ({
        list: [
          { id: 30, source: 'mall', title: 'loyalty.item.silverBonus', amount: 6_000, reference: 'MALL-3', createdAt: '2026-11-27T10:00:00.000Z' },
          { id: 20, source: 'promotion', title: 'Weekend reload', amount: 10_000, reference: 'PA-2', createdAt: '2026-11-26T10:00:00.000Z' },
          { id: 10, source: 'other', title: null, amount: 500, reference: null, createdAt: '2026-11-25T10:00:00.000Z' },
        ],
        pageNum: 1,
        totalPages: 1,
        total: 3,
        summary: { total: 16_500 },
      }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    renderApp({ path: '/m/transaction/profit?types=O', session: memberSession });
    const rows = within(await screen.findByRole('list', { name: 'Records' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Silver bonus');
    expect(rows[0]!.textContent).toContain('Reward center');
    expect(rows[1]!.textContent).toContain('Weekend reload');
    expect(rows[1]!.textContent).toContain('Promotion bonus');
    expect(rows[2]!.textContent).toContain('Bonus');
    expect(rows[2]!.textContent).toContain('+₱5.00');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Totals' }).textContent).toContain('Bonuses received₱165.00'));
  });
});
