import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RebateIncomeDay, RebateMember, RebateSettings } from '../../../contract/agent-contracts.ts';
import { rates } from '../../../machines/test/models/rebate-settings.model.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { agentSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1, balance: 1234567, held: 0 }, sumBalance: 1234567, updatedAt: '2026-11-28T10:00:00.000Z' };
const rico: RebateMember = { id: 2, account: 'rico_m', type: 0, rates: rates(100) };
const bella: RebateMember = { id: 3, account: 'bella22', type: 2, rates: rates(50, 25) };
const settings = (members: RebateMember[]): RebateSettings => ({ own: rates(150, 80), members: { list: members, pageNum: 1, totalPages: 1, total: members.length } });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A member's row's rate of a game type, as it shows. */
const rowRate = (account: string, gameType: string) => {
  const rates = screen.getAllByLabelText(`Rebate rates of ${account}`).find((e) => e.tagName === 'DL')!;
  return within(rates).getByText(gameType).nextElementSibling?.textContent;
};


describe('rebate settings (/m/member/agent/agentRebeat)', () => {
  it("shows the agent's own rates and each direct member's", async () => {
    const server = fetchServer({ 'GET /wps/agent/rebates': () => settings([rico, bella]), 'GET /wps/wallets/gcs': () => wallet });
    const { user } = renderApp({ path: '/m/member/agent/agentRebeat', session: agentSession });
    const own = await screen.findByRole('table', { name: 'Your rebate rates' });
    expect(within(own).getByRole('row', { name: 'Slots 1.50%' })).toBeTruthy();
    expect(within(own).getByRole('row', { name: 'Live 0.80%' })).toBeTruthy();
    expect(within(own).getByRole('row', { name: 'E-lottery 0.00%' })).toBeTruthy();
    expect(rowRate('rico_m', 'Slots')).toBe('1.00%');
    expect(rowRate('bella22', 'Live')).toBe('0.25%');
    expect(rowRate('bella22', 'Slots')).toBe('0.50%');
    expect(screen.getByText('bella22').textContent).toContain('Agent');
    await user.type(screen.getByLabelText('Account'), 'bel');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.sent('GET', '/wps/agent/rebates').at(-1)?.query).toMatchObject({ account: 'bel', pageNo: '1' }));
  });

  it('a rate above the own rate, a negative one and one that is not a number are refused on their fields, and nothing is sent', async () => {
    const server = fetchServer({ 'GET /wps/agent/rebates': () => settings([rico]), 'GET /wps/wallets/gcs': () => wallet });
    const { user } = renderApp({ path: '/m/member/agent/agentRebeat', session: agentSession });
    await user.click(await screen.findByRole('button', { name: 'Edit the rates of rico_m' }));
    const form = within(await screen.findByRole('dialog', { name: 'Rebate rates of rico_m' }));
    const slots = form.getByLabelText('Slots') as HTMLInputElement;
    expect(slots.value).toBe('1.00');
    await user.clear(slots);
    await user.type(slots, '1.75');
    await user.clear(form.getByLabelText('Live'));
    await user.type(form.getByLabelText('Live'), '-0.5');
    await user.clear(form.getByLabelText('Fishing'));
    await user.type(form.getByLabelText('Fishing'), 'abc');
    await user.click(form.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(slots.getAttribute('aria-invalid')).toBe('true'));
    expect(slots.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(slots.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Above your own rate of 1.50%');
    expect(form.getByText('A rate cannot be negative')).toBeTruthy();
    expect(form.getByText('Enter a percentage with at most two decimals, such as 1.25')).toBeTruthy();
    expect(document.activeElement).toBe(slots);
    expect(server.sent('POST', '/wps/agent/rebates')).toHaveLength(0);
  });

  it('a valid edit sends the changed rates as basis points and the row shows the saved rates', async () => {
    const server = fetchServer({
      'GET /wps/agent/rebates': () => settings([rico, bella]),
      'POST /wps/agent/rebates': () => ({ ...rico, rates: rates(125) }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/agentRebeat', session: agentSession });
    await user.click(await screen.findByRole('button', { name: 'Edit the rates of rico_m' }));
    const form = within(await screen.findByRole('dialog', { name: 'Rebate rates of rico_m' }));
    await user.clear(form.getByLabelText('Slots'));
    await user.type(form.getByLabelText('Slots'), '1.25');
    await user.click(form.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/wps/agent/rebates').map((r) => r.body)).toEqual([{ memberId: 2, rates: [{ gameType: 'RNG', rateBps: 125 }] }]);
    expect(rowRate('rico_m', 'Slots')).toBe('1.25%');
    expect(screen.getByText('The rates of rico_m are saved')).toBeTruthy();
  });

  it("the server's refusal is shown on the form, which stays open", async () => {
    fetchServer({
      'GET /wps/agent/rebates': () => settings([rico]),
      'POST /wps/agent/rebates': () => refuse(400, 'rebate.rate.above.own'),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/agentRebeat', session: agentSession });
    await user.click(await screen.findByRole('button', { name: 'Edit the rates of rico_m' }));
    const form = within(await screen.findByRole('dialog', { name: 'Rebate rates of rico_m' }));
    await user.clear(form.getByLabelText('Slots'));
    await user.type(form.getByLabelText('Slots'), '1.5');
    await user.click(form.getByRole('button', { name: 'Save rates' }));
    expect((await form.findByRole('alert')).textContent).toBe('A rate is above your own rate for that game type');
    expect(rowRate('rico_m', 'Slots')).toBe('1.00%');
  });

  it('a revoked tool shows the failed state, and its retry loads again', async () => {
    let calls = 0;
    fetchServer({
      'GET /wps/agent/rebates': () => (++calls === 1 ? refuse(403, 'agent.menu.denied') : settings([rico])),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/agent/agentRebeat', session: agentSession });
    expect(await screen.findByText('This account does not have permission or the feature is temporarily unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Loading failed, click to retry' }));
    expect(await screen.findByRole('table', { name: 'Your rebate rates' })).toBeTruthy();
  });
});

const day = (date: string, amount: number, lines: RebateIncomeDay['lines']): RebateIncomeDay => ({
  day: date,
  turnover: lines.reduce((sum, l) => sum + l.turnover, 0),
  amount,
  status: amount > 0 ? 'paid' : 'nothing',
  lines,
});

describe('team rebate income (/m/member/teamRebate)', () => {
  it('shows the totals, then each day with its lines; a date range asks the server again', async () => {
    const server = fetchServer({
      'GET /wps/agent/rebates/income': () => ({
        list: [
          day('2026-11-27', 1750, [
            { gameType: 'RNG', source: 'self', turnover: 100000, amount: 1500 },
            { gameType: 'LIVE', source: 'team', turnover: 50000, amount: 250 },
          ]),
          day('2026-11-26', 0, []),
        ],
        pageNum: 1,
        totalPages: 1,
        total: 2,
        summary: { turnover: 150000, amount: 1750 },
      }),
      'GET /wps/wallets/gcs': () => wallet,
    });
    const { user } = renderApp({ path: '/m/member/teamRebate', session: agentSession });
    const totals = await screen.findByRole('region', { name: 'Rebate income in the period' });
    await waitFor(() => expect(totals.textContent).toBe('Turnover₱1,500.00Rebate₱17.50'));
    const days = within(await screen.findByRole('list', { name: 'Rebate income by day' }));
    const first = days.getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Nov 27, 2026');
    expect(first.textContent).toContain('₱17.50');
    expect(first.textContent).toContain('Paid');
    const lines = within(first).getByRole('list', { name: 'Rebates of Nov 27, 2026 by game type' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Slots · Own bets₱15.00Turnover ₱1,000.00',
      'Live · Team bets₱2.50Turnover ₱500.00',
    ]);
    expect(screen.getByText('Nov 26, 2026').closest('li')?.textContent).toContain('Nothing due');
    expect(server.sent('GET', '/wps/agent/rebates/income')[0]?.query).toEqual({ pageNo: '1', pageSize: '20' });
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(server.sent('GET', '/wps/agent/rebates/income').at(-1)?.query).toMatchObject({ startDate: '2026-11-01' }));
  });
});
