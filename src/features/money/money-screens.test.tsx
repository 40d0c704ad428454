import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = (sumBalance: number) => ({
  merchant: { merchantCode: 'DEMO', currency: peso },
  member: { memberId: 1, balance: sumBalance, held: 0 },
  sumBalance,
  updatedAt: '2026-11-22T10:00:00.000Z',
});
const depositOptions = {
  currency: peso,
  channels: [{ code: 'LOCALPAY', name: 'Online banking', provider: 'local', minAmount: 10000, maxAmount: 5000000, presetAmounts: [10000, 30000] }],
  promotions: [],
  bonusBadge: 25800,
};
const withdrawInfo = {
  currency: peso,
  balance: 500000,
  held: 0,
  minAmount: 10000,
  maxAmount: 5000000,
  bankCards: [],
  maxBankCards: 5,
  banks: ['BDO Unibank', 'BPI'],
  hasWithdrawalPassword: false,
};

/** The server: answers by path; records every request. */
function fakeServer(answers: Record<string, () => unknown | Promise<unknown>>) {
  const requests: { method: string; path: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    requests.push({ method, path: url.pathname });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) return new Response(JSON.stringify({ success: false, errorCode: 'request.not.found', message: 'no' }), { status: 404 });
    return new Response(JSON.stringify({ success: true, value: await answer() }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests };
}

/** The text of the elements that describe a field (aria-describedby), as a screen reader reads it after the name. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

let n = 0;
/** A member session of its own, so the site-wide balance starts afresh. */
const freshMember = () => ({ ...memberSession, token: `tok-money-${++n}` });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('balance widget', () => {
  it('shows the balance with the symbol and 2 decimals, hides it with asterisks and refreshes it', async () => {
    let balance = 500000;
    const server = fakeServer({ 'GET /wps/wallets/gcs': () => wallet(balance) });
    const { user } = renderApp({ path: '/m/set', session: freshMember() });
    const header = await screen.findByRole('banner');
    // What a screen reader is told (a polite status) and what the toggle shows.
    const spoken = await within(header).findByRole('status', { name: 'Balance' });
    await waitFor(() => expect(spoken.textContent).toBe('₱5,000.00'));
    // The toggle's name is stable and holds the amount it shows (WCAG 2.5.3); pressed while hidden.
    const toggle = within(header).getByRole('button', { name: 'Hide balance ₱5,000.00', pressed: false });

    await user.click(toggle);
    expect(within(header).getByTestId('balance-amount').textContent).toBe('****');
    expect(within(header).getByRole('button', { name: 'Hide balance', pressed: true })).toBe(toggle);
    expect(spoken.textContent).toBe('');
    expect(localStorage.getItem('MC_BALANCE_HIDDEN')).toBe('1');
    await user.click(toggle);
    expect(within(header).getByTestId('balance-amount').textContent).toBe('₱5,000.00');
    expect(within(header).getByRole('button', { name: 'Hide balance ₱5,000.00', pressed: false })).toBe(toggle);
    expect(spoken.textContent).toBe('₱5,000.00');

    balance = 123456789;
    await user.click(within(header).getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(spoken.textContent).toBe('₱1,234,567.89'));
    expect(within(header).getByRole('button', { name: 'Hide balance ₱1,234,567.89' })).toBe(toggle);
    expect(server.requests.filter((r) => r.path === '/wps/wallets/gcs')).toHaveLength(2);
  });

  it('tells screen readers a new amount once: the polite status keeps the amount while it reloads', async () => {
    let release: () => void = () => {};
    let calls = 0;
    fakeServer({
      'GET /wps/wallets/gcs': () =>
        ++calls === 1 ? wallet(500000) : new Promise((resolve) => (release = () => resolve(wallet(5000)))),
    });
    const { user } = renderApp({ path: '/m/set', session: freshMember() });
    const header = await screen.findByRole('banner');
    const spoken = await within(header).findByRole('status', { name: 'Balance' });
    await waitFor(() => expect(spoken.textContent).toBe('₱5,000.00'));
    await user.click(within(header).getByRole('button', { name: 'Refresh balance' }));
    // Loading: the toggle shows asterisks, the status (a live region) does not change, so nothing is read.
    await waitFor(() => expect(within(header).getByTestId('balance-amount').textContent).toBe('****'));
    expect(spoken.textContent).toBe('₱5,000.00');
    release();
    await waitFor(() => expect(spoken.textContent).toBe('₱50.00'));
  });

  it('reloads when the page becomes visible again', async () => {
    let balance = 100;
    const server = fakeServer({ 'GET /wps/wallets/gcs': () => wallet(balance) });
    renderApp({ path: '/m/set', session: freshMember() });
    const amount = await within(await screen.findByRole('banner')).findByRole('status', { name: 'Balance' });
    await waitFor(() => expect(amount.textContent).toBe('₱1.00'));
    balance = 25800;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(amount.textContent).toBe('₱258.00'));
    expect(server.requests.filter((r) => r.path === '/wps/wallets/gcs')).toHaveLength(2);
  });
});

describe('deposit screen', () => {
  it('refuses a trial account with free_reject, without asking the server for channels', async () => {
    const server = fakeServer({ 'GET /wps/wallets/gcs': () => wallet(0), 'GET /wps/deposit/channels': () => depositOptions });
    renderApp({ path: '/m/voucherCenter', session: trialSession });
    expect(await screen.findByRole('heading', { name: 'Please login an actual account to use this function' })).toBeTruthy();
    expect(screen.getAllByText('Please login an actual account to use this function').length).toBe(2);
    expect(server.requests.some((r) => r.path === '/wps/deposit/channels')).toBe(false);
  });

  it('checks the amount against the channel limits before creating a deposit', async () => {
    const server = fakeServer({ 'GET /wps/wallets/gcs': () => wallet(0), 'GET /wps/deposit/channels': () => depositOptions });
    const { user } = renderApp({ path: '/m/voucherCenter', session: freshMember() });
    const amount = await screen.findByLabelText('Amount');
    expect(screen.getByRole('radio', { name: /Online banking/ })).toHaveProperty('checked', true);
    // The merchant's bonus badge from the channels answer.
    expect(screen.getByText('Bonus up to ₱258')).toBeTruthy();
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Deposit now' }));
    // The error is the amount's: marked invalid, described by the error (and its limits), focused.
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(description(amount)).toBe('Please enter an amount within the limits. Limits ₱100.00 – ₱50,000.00');
    expect(document.activeElement).toBe(amount);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: '₱300.00' }));
    expect((amount as HTMLInputElement).value).toBe('300');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('withdraw screen', () => {
  it('asks for a bank card first and checks it before sending', async () => {
    const server = fakeServer({ 'GET /wps/wallets/gcs': () => wallet(500000), 'GET /wps/transaction/withdraw/info': () => withdrawInfo });
    const { user } = renderApp({ path: '/m/withdraw', session: freshMember() });
    expect(await screen.findByRole('heading', { name: 'Add a bank card' })).toBeTruthy();
    expect(screen.getByLabelText('Bank')).toHaveProperty('value', 'BDO Unibank');
    await user.type(screen.getByLabelText('Account name'), 'Alice');
    await user.type(screen.getByLabelText('Account number'), '123');
    await user.click(screen.getByRole('button', { name: 'Save bank card' }));
    const rule = 'Please choose a bank, enter the account name and an account number of 6 to 30 digits.';
    // Tied to the fields it is about: both described by it, the first one focused.
    await waitFor(() => expect(screen.getByLabelText('Account name').getAttribute('aria-invalid')).toBe('true'));
    expect(description(screen.getByLabelText('Account name'))).toBe(rule);
    expect(description(screen.getByLabelText('Account number'))).toBe(`${rule} 6 to 30 digits`);
    expect(document.activeElement).toBe(screen.getByLabelText('Account name'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
