import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractOverview, ContractPayout, DividendSummary } from '../../../contract/agent-contracts.ts';
import { contract } from '../../../machines/test/models/contract.model.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { agentSession, memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1, balance: 1234567, held: 0 }, sumBalance: 1234567, updatedAt: '2026-11-28T10:00:00.000Z' };
const payout = (id: number, over: Partial<ContractPayout> = {}): ContractPayout => ({
  id,
  contractId: 2,
  kind: 'salary',
  role: 'received',
  period: `2026-11-${String(28 - id).padStart(2, '0')}`,
  agentAccount: 'boss',
  memberAccount: 'alice',
  base: 250000,
  amount: 5000,
  status: 'paid',
  settledAt: '2026-11-27T00:05:00.000Z',
  ...over,
});
const page = <T,>(list: T[], pageNum = 1, totalPages = 1) => ({ list, pageNum, totalPages, total: list.length });
const noRequests = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };

// The prompt's code loads after the home has shown; loaded here once, so the tests wait for the app, not for the import.
beforeAll(() => Promise.all([import('./contract-prompt.tsx'), import('../../routes/balance-slot.tsx'), import('../../app/lobby-actors.ts')]));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contract prompts on the home', () => {
  it('asks about each proposal in order: cancel moves on, go opens that contract screen; the home does not ask again', async () => {
    const server = lobbyServer({
      answers: {
        'GET /wps/agent/contracts/requests': () => ({ dailysalreqtype: '7', divtypecompperiodreq: '8', contracthoursalreq: '9' }),
        'GET /wps/agent/contracts': () => ({ received: [contract(8, 'pending', { kind: 'dividend', tiers: [{ threshold: 0, reward: 1250 }] })], offered: [], canOffer: false }),
        'GET /wps/agent/contracts/payouts': () => page([]),
      },
    });
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    const first = await screen.findByRole('alertdialog', { name: 'Agent contract' });
    expect(first.textContent).toContain('Daily salary agreement required');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    const second = await screen.findByRole('alertdialog');
    expect(second.textContent).toContain('Dividend agreement required');
    await user.click(within(second).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/member/agent/getDevidendContract'));
    expect(await screen.findByText('12.50%')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Back on the home: the prompts ran for this session.
    await router.navigate({ to: '/m/home' });
    await screen.findByTestId('home-block-HOT');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.requests.filter((r) => r.path === '/wps/agent/contracts/requests')).toHaveLength(1);
  });

  it('nothing awaiting: no prompt', async () => {
    const server = lobbyServer({ answers: { 'GET /wps/agent/contracts/requests': () => noRequests } });
    renderApp({ path: '/m/home', session: memberSession });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/wps/agent/contracts/requests')).toBe(true));
    await screen.findByTestId('home-block-HOT');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a type-41 agent is never asked', async () => {
    const server = lobbyServer({ answers: { 'GET /wps/agent/contracts/requests': () => ({ ...noRequests, dailysalreqtype: '7' }) } });
    renderApp({ path: '/m/home', session: { ...agentSession, type: 41 } });
    // The header's member slot is in (its balance shows), where the prompts would start.
    expect((await screen.findAllByText('₱5,000.00')).length).toBeGreaterThan(0);
    await screen.findByTestId('home-block-HOT');
    expect(server.requests.filter((r) => r.path.startsWith('/wps/agent/contracts'))).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('contract screens', () => {
  it('a member sees the active contract, accepts a proposal after a confirm, and pages the payouts', async () => {
    let accepted = false;
    const overview = (): ContractOverview => ({
      received: accepted
        ? [contract(3, 'active'), contract(2, 'ended'), contract(1, 'rejected')]
        : [contract(3, 'pending', { tiers: [{ threshold: 0, reward: 8000 }] }), contract(2, 'active'), contract(1, 'rejected')],
      offered: [],
      canOffer: false,
    });
    const server = fetchServer({
      'GET /wps/agent/contracts': overview,
      'POST /wps/agent/contracts/decision': () => {
        accepted = true;
        return contract(3, 'active');
      },
      'GET /wps/agent/contracts/payouts': () => page([payout(1), payout(2, { status: 'unpaid' })], 1, 2),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/getSalaryContract', session: memberSession });
    const proposal = await screen.findByRole('button', { name: 'Accept' });
    const mine = within(screen.getByRole('region', { name: 'My contract' }));
    // The active contract's tiers: threshold -> amount per day.
    const active = mine.getAllByRole('table')[1]!;
    expect(within(active).getAllByRole('row').map((r) => r.textContent)).toEqual(['Team turnover fromSalary per day', '₱1,000.00₱50.00', '₱5,000.00₱300.00']);
    // The history is collapsed.
    expect(mine.getByText('History (1)').closest('details')?.open).toBe(false);
    await user.click(proposal);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Accept the contract offered by boss?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.sent('POST', '/wps/agent/contracts/decision')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Contract accepted')).toBeTruthy();
    expect(server.sent('POST', '/wps/agent/contracts/decision').map((r) => r.body)).toEqual([{ contractId: 3, decision: 'accept' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(screen.getByText('History (2)')).toBeTruthy();
    // Payouts: period, who paid, the base, the amount and the status; the next page on "Load more".
    const payouts = await screen.findByRole('list', { name: 'Payouts' });
    const rows = within(payouts).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('Nov 27, 2026');
    expect(rows[0]).toContain('Received from boss');
    expect(rows[0]).toContain('Turnover ₱2,500.00');
    expect(rows[0]).toContain('+₱50.00');
    expect(rows[1]).toContain('Unpaid');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(server.sent('GET', '/wps/agent/contracts/payouts').at(-1)?.query).toMatchObject({ kind: 'salary', pageNo: '2' }));
  });

  it('with no contract says so', async () => {
    fetchServer({
      'GET /wps/agent/contracts': () => ({ received: [], offered: [], canOffer: false }),
      'GET /wps/agent/contracts/payouts': () => page([]),
      'GET /wps/wallets/gcs': () => wallet,
    });
    renderApp({ path: '/m/member/agent/getHourContract', session: memberSession });
    expect(await screen.findByRole('heading', { name: 'No contract yet' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Offer a contract' })).toBeNull();
  });

  it("an agent's offer is checked on the field to fix, refused by the server on its field, then sent; an offer is withdrawn after a confirm", async () => {
    let proposals = 0;
    const server = fetchServer({
      'GET /wps/agent/contracts': () => ({
        received: [],
        offered: [contract(11, 'pending', { kind: 'hourly', memberAccount: 'rico' }), contract(10, 'active', { kind: 'hourly', memberAccount: 'bella' })],
        canOffer: true,
      }),
      'POST /wps/agent/contracts': () => (++proposals === 1 ? refuse(409, 'contract.pending.exists') : contract(12, 'pending', { kind: 'hourly' })),
      'POST /wps/agent/contracts/decision': () => contract(11, 'withdrawn', { kind: 'hourly' }),
      'GET /wps/agent/contracts/payouts': () => page([payout(1, { kind: 'hourly', role: 'paid', period: '2026-11-27T14', memberAccount: 'bella', amount: 1500 })]),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/getHourContract', session: agentSession });
    const form = within(await screen.findByRole('region', { name: 'Offer a contract' }));
    const send = form.getByRole('button', { name: 'Send offer' });
    await user.click(send);
    const account = form.getByLabelText('Member account');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText("Please enter the member's account")).toBeTruthy();
    await user.type(account, 'alice');
    const tier = (n: number) => within(form.getByRole('group', { name: new RegExp(`^Tier ${n}`) }));
    await user.type(tier(1).getByLabelText('Team turnover from'), '1000');
    await user.type(tier(1).getByLabelText('Salary per hour'), '20');
    await user.click(form.getByRole('button', { name: 'Add a tier' }));
    await user.type(tier(2).getByLabelText('Team turnover from'), '500');
    await user.type(tier(2).getByLabelText('Salary per hour'), '30');
    await user.click(send);
    const threshold2 = tier(2).getByLabelText('Team turnover from');
    expect(threshold2.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Each tier must be higher than the one before it, in both columns')).toBeTruthy();
    expect(server.sent('POST', '/wps/agent/contracts')).toHaveLength(0);
    await user.clear(threshold2);
    await user.type(threshold2, '5000');
    await user.click(send);
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByText('This member already has a pending offer of this kind')).toBeTruthy();
    await user.click(send);
    expect(await screen.findByText('Offer sent')).toBeTruthy();
    expect(server.sent('POST', '/wps/agent/contracts').map((r) => r.body)).toEqual([
      { kind: 'hourly', account: 'alice', tiers: [{ threshold: 100000, reward: 2000 }, { threshold: 500000, reward: 3000 }] },
      { kind: 'hourly', account: 'alice', tiers: [{ threshold: 100000, reward: 2000 }, { threshold: 500000, reward: 3000 }] },
    ]);
    // The form starts again with one empty tier.
    await waitFor(() => expect((form.getByLabelText('Member account') as HTMLInputElement).value).toBe(''));
    expect(form.queryByRole('group', { name: /^Tier 2/ })).toBeNull();
    // What the agent offered: withdraw the pending one (confirmed), end the active one.
    const offered = within(screen.getByRole('region', { name: 'My offers' }));
    expect(offered.getByRole('article', { name: 'To bella' })).toBeTruthy();
    await user.click(within(offered.getByRole('article', { name: 'To rico' })).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Withdraw your offer to rico?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(server.sent('POST', '/wps/agent/contracts/decision').map((r) => r.body)).toEqual([{ contractId: 11, decision: 'withdraw' }]));
    // A payout the agent paid, for an hour (UTC).
    const row = within(await screen.findByRole('list', { name: 'Payouts' })).getByRole('listitem').textContent;
    expect(row).toContain('Paid to bella');
    expect(row).toContain('-₱15.00');
    expect(row).toMatch(/Nov 27, 2026, 0?2:00 PM UTC/);
  });

  it('a dividend offer takes rates as percentages, at most 100 %', async () => {
    const server = fetchServer({
      'GET /wps/agent/contracts': () => ({ received: [], offered: [], canOffer: true }),
      'POST /wps/agent/contracts': () => contract(12, 'pending', { kind: 'dividend' }),
      'GET /wps/agent/contracts/payouts': () => page([]),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/getDevidendContract', session: agentSession });
    const form = within(await screen.findByRole('region', { name: 'Offer a contract' }));
    await user.type(form.getByLabelText('Member account'), 'alice');
    await user.type(form.getByLabelText('Team net loss from'), '0');
    const rate = form.getByLabelText('Dividend rate (%)');
    await user.type(rate, '120');
    await user.click(form.getByRole('button', { name: 'Send offer' }));
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Please enter a rate above 0% and at most 100%')).toBeTruthy();
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(form.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(server.sent('POST', '/wps/agent/contracts').map((r) => r.body)).toEqual([{ kind: 'dividend', account: 'alice', tiers: [{ threshold: 0, reward: 1250 }] }]));
  });
});

describe('dividend (/m/member/agent/agentDivident)', () => {
  it("shows this month's net loss, the estimate under my contract's tiers, the totals and the payouts, with a link to the contract screen", async () => {
    const summary: DividendSummary = {
      period: '2026-11',
      netLoss: 2500000,
      contract: contract(5, 'active', { kind: 'dividend', tiers: [{ threshold: 1000000, reward: 1000 }] }),
      estimate: 250000,
      receivedTotal: 120000,
      paidTotal: 40000,
    };
    fetchServer({
      'GET /wps/agent/dividend': () => summary,
      'GET /wps/agent/contracts/payouts': () => page([payout(1, { kind: 'dividend', period: '2026-10', base: 900000, amount: 90000 })]),
      'GET /wps/wallets/gcs': () => wallet,
    });
    renderApp({ path: '/m/member/agent/agentDivident', session: agentSession });
    expect(await screen.findByRole('heading', { name: 'This month: November 2026' })).toBeTruthy();
    const figure = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
    expect(figure('Team net loss')).toBe('₱25,000.00');
    expect(figure('Estimated dividend')).toBe('₱2,500.00');
    expect(figure('Dividends received')).toBe('₱1,200.00');
    expect(figure('Dividends paid')).toBe('₱400.00');
    expect(within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent)).toEqual(['Team net loss fromDividend rate', '₱10,000.0010.00%']);
    expect(screen.getByRole('link', { name: 'Dividend contracts' }).getAttribute('href')).toBe('/m/member/agent/getDevidendContract');
    const row = within(await screen.findByRole('list', { name: 'Dividend payouts' })).getByRole('listitem').textContent;
    expect(row).toContain('October 2026');
    expect(row).toContain('Net loss ₱9,000.00');
  });
});
