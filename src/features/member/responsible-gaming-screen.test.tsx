import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Limit, limitKinds, limitPeriods, type Protection, type Reality, type StatementMonth } from '../../../contract/responsible-gaming.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

type LimitKey = `${Limit['kind']}.${Limit['period']}`;
const protectionWith = (limits: Partial<Record<LimitKey, Partial<Limit>>> = {}, more: Partial<Protection> = {}): Protection => ({
  limits: limitKinds.flatMap((kind) => limitPeriods.map((period) => ({ kind, period, amount: null, next: null, used: 0, ...limits[`${kind}.${period}`] }))),
  sessionLimitMinutes: 0,
  realityCheckMinutes: 0,
  exclusion: null,
  ...more,
});

const limits: Partial<Record<LimitKey, Partial<Limit>>> = {
  'deposit.day': { amount: 50000, used: 12000 },
  'deposit.week': { amount: 100000, used: 12000, next: { amount: 200000, from: '2026-11-29T10:00:00.000Z' } },
  'loss.month': { amount: 30000, used: 4500, next: { amount: null, from: '2026-11-29T10:00:00.000Z' } },
};
const protection = protectionWith(limits);
const statement: StatementMonth[] = [
  { month: '2026-11', deposits: 100000, withdrawals: 20000, stake: 50000, win: 42000 },
  { month: '2026-10', deposits: 0, withdrawals: 0, stake: 1000, win: 2500 },
];
const wallet = { merchant: { merchantCode: 'DEMO', currency: { code: 'PHP', symbol: '₱', minorUnits: 2 } }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };
const reality: Reality = { since: '2026-11-28T10:00:00.000Z', stake: 5000, win: 3500, endsAt: null };

function rgServer(more: Record<string, (body: unknown) => unknown> = {}) {
  return fetchServer({
    'GET /wps/rg/settings': () => protection,
    'GET /wps/rg/statement': () => statement,
    'GET /wps/rg/reality': () => reality,
    'GET /wps/wallets/gcs': () => wallet,
    'DELETE /wps/session/logout': () => null,
    ...more,
  });
}

/** The limits of one kind (its region), once the currency is in. */
async function limitsOf(kind: string) {
  await screen.findAllByText('Used: ₱120.00');
  return screen.getByRole('region', { name: kind });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('responsible gaming (/m/responsibleGaming)', () => {
  it('shows each limit in force, what this period used, and a waiting raise or removal', async () => {
    rgServer();
    renderApp({ path: '/m/responsibleGaming', session: memberSession });
    const deposit = await limitsOf('Deposit limit');
    const [daily, weekly, monthly] = within(deposit).getAllByRole('button');
    expect(daily!.textContent).toContain('Daily');
    expect(daily!.textContent).toContain('₱500.00');
    expect(daily!.textContent).toContain('Used: ₱120.00');
    expect(weekly!.textContent).toContain('₱1,000.00');
    expect(weekly!.textContent).toMatch(/Rises to ₱2,000\.00 on Nov 29, 2026/);
    expect(monthly!.textContent).toContain('No limit');
    const loss = screen.getByRole('region', { name: 'Loss limit' });
    expect(within(loss).getAllByRole('button')[2]!.textContent).toMatch(/₱300\.00.*Removed on Nov 29, 2026|Removed on Nov 29, 2026.*₱300\.00/);
    expect(screen.getByText('Lowering a limit takes effect at once; raising or removing one takes effect after 24 hours.')).toBeTruthy();
  });

  it('saves a lower limit and shows it', async () => {
    const lowered = protectionWith({ ...limits, 'deposit.day': { amount: 20000, used: 12000 } });
    const server = rgServer({ 'POST /wps/rg/limits': () => lowered });
    const { user } = renderApp({ path: '/m/responsibleGaming', session: memberSession });
    await user.click(within(await limitsOf('Deposit limit')).getAllByRole('button')[0]!);
    const sheet = await screen.findByRole('dialog', { name: 'Deposit limit · Daily' });
    await user.type(within(sheet).getByLabelText('Limit amount'), '200');
    await user.click(within(sheet).getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByText('Limit saved.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent('POST', '/wps/rg/limits').map((r) => r.body)).toEqual([{ kind: 'deposit', period: 'day', amount: 20000 }]);
    expect(within(screen.getByRole('region', { name: 'Deposit limit' })).getAllByRole('button')[0]!.textContent).toContain('₱200.00');
  });

  it('a bad amount shows the field’s message and sends nothing; a server refusal shows on the form', async () => {
    let refusing = false;
    const server = rgServer({ 'POST /wps/rg/limits': () => (refusing ? refuse(400, 'request.invalid') : protection) });
    const { user } = renderApp({ path: '/m/responsibleGaming', session: memberSession });
    await user.click(within(await limitsOf('Wager limit')).getAllByRole('button')[1]!);
    const sheet = await screen.findByRole('dialog', { name: 'Wager limit · Weekly' });
    const amount = within(sheet).getByLabelText('Limit amount');
    await user.type(amount, 'ten');
    await user.click(within(sheet).getByRole('button', { name: 'Save limit' }));
    expect(within(sheet).getByText('Enter the amount as a number.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(sheet).getByRole('button', { name: 'Save limit' }));
    expect(within(sheet).getByText('The limit must be more than zero.')).toBeTruthy();
    expect(server.sent('POST', '/wps/rg/limits')).toEqual([]);
    refusing = true;
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(sheet).getByRole('button', { name: 'Save limit' }));
    expect((await within(sheet).findByRole('alert')).textContent).not.toBe('');
    expect(server.sent('POST', '/wps/rg/limits').map((r) => r.body)).toEqual([{ kind: 'wager', period: 'week', amount: 5000 }]);
  });

  it('saves the session limit and reality check', async () => {
    const server = rgServer({ 'POST /wps/rg/session': () => protectionWith(limits, { sessionLimitMinutes: 60, realityCheckMinutes: 15 }) });
    const { user } = renderApp({ path: '/m/responsibleGaming', session: memberSession });
    await user.selectOptions(await screen.findByLabelText('Session limit'), '1 hour');
    await user.selectOptions(screen.getByLabelText('Reality check'), '15 minutes');
    await user.click(screen.getByRole('button', { name: 'Save session settings' }));
    expect((await screen.findByText('Session settings saved.')).getAttribute('role')).toBe('status');
    expect(server.sent('POST', '/wps/rg/session').map((r) => r.body)).toEqual([{ sessionLimitMinutes: 60, realityCheckMinutes: 15 }]);
    expect((screen.getByLabelText('Session limit') as HTMLSelectElement).value).toBe('60');
    // The running reality check was told, and read the new settings (the page's load, its start, and now).
    await waitFor(() => expect(server.sent('GET', '/wps/rg/settings')).toHaveLength(3));
  });

  it('a time-out asks for confirmation first, then shows until when; a shorter one is refused with its message', async () => {
    let answer: unknown = protectionWith(limits, { exclusion: { kind: 'timeOut', until: '2026-11-29T10:00:00.000Z' } });
    const server = rgServer({ 'POST /wps/rg/exclusion': () => answer });
    const { user } = renderApp({ path: '/m/responsibleGaming', session: memberSession });
    const section = await screen.findByRole('region', { name: 'Time-out and self-exclusion' });
    await user.click(within(section).getByRole('button', { name: 'Take a break' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Take a break?' });
    expect(confirm.textContent).toContain('For 24 hours you will not be able to play games, place bets or deposit. It cannot be lifted early. You can still withdraw your balance.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.sent('POST', '/wps/rg/exclusion')).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Take a break' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start the break' }));
    expect(await within(section).findByText(/You are on a time-out until Nov 29, 2026/)).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('Your break has started.');
    expect(server.sent('POST', '/wps/rg/exclusion').map((r) => r.body)).toEqual([{ kind: 'timeOut', duration: '24h' }]);

    answer = refuse(409, 'rg.exclusion.shorter');
    await user.click(within(section).getByRole('radio', { name: '1 week' }));
    await user.click(within(section).getByRole('button', { name: 'Take a break' }));
    const permanent = within(section).getByRole('radio', { name: 'Permanent' });
    expect(permanent).toBeTruthy();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start the break' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('A time-out or self-exclusion in force can only be made longer.');
    expect(server.sent('POST', '/wps/rg/exclusion').map((r) => r.body)).toEqual([
      { kind: 'timeOut', duration: '24h' },
      { kind: 'timeOut', duration: '1w' },
    ]);
  });

  it('lists the activity statement month by month with the net result', async () => {
    rgServer();
    renderApp({ path: '/m/responsibleGaming', session: memberSession });
    await screen.findAllByText('Used: ₱120.00');
    const rows = within(screen.getByRole('region', { name: 'Activity statement' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('November 2026');
    expect(rows[0]!.textContent).toContain('Deposits ₱1,000.00');
    expect(rows[0]!.textContent).toContain('Withdrawals ₱200.00');
    expect(rows[0]!.textContent).toContain('Stakes ₱500.00');
    expect(rows[0]!.textContent).toContain('Wins ₱420.00');
    expect(rows[0]!.textContent).toContain('Net result -₱80.00');
    expect(rows[1]!.textContent).toContain('October 2026');
    expect(rows[1]!.textContent).toContain('Net result +₱15.00');
  });

  it('a failed load offers a retry; a trial account gets the trial refusal', async () => {
    let failing = true;
    rgServer({ 'GET /wps/rg/statement': () => (failing ? refuse(503, 'system.error') : statement) });
    const { user, unmount } = renderApp({ path: '/m/responsibleGaming', session: memberSession });
    const retry = await screen.findByRole('button', { name: 'Loading failed, click to retry' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Activity statement' })).toBeTruthy();
    unmount();

    rgServer({ 'GET /wps/rg/settings': () => refuse(403, 'trial.forbidden') });
    renderApp({ path: '/m/responsibleGaming', session: trialSession });
    expect(await screen.findByText('Please login an actual account to use this function')).toBeTruthy();
  });

  it('the server’s trial refusal shows the same refusal', async () => {
    rgServer({ 'GET /wps/rg/settings': () => refuse(403, 'trial.forbidden') });
    renderApp({ path: '/m/responsibleGaming', session: memberSession });
    expect(await screen.findByText('Please login an actual account to use this function')).toBeTruthy();
  });
});

describe('the reality check', () => {
  it('reminds of the time played and the net result; continue closes it, log out logs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 5 minutes into the session: the first reminder of a 15-minute interval is 10 minutes away.
    vi.setSystemTime(new Date('2026-11-28T10:05:00.000Z'));
    const server = rgServer({ 'GET /wps/rg/settings': () => protectionWith({}, { realityCheckMinutes: 15 }) });
    renderApp({ path: '/m/home', session: memberSession });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await waitFor(() => expect(server.sent('GET', '/wps/rg/reality')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    const reminder = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(reminder.textContent).toContain('You have been playing for 15 minutes.');
    expect(reminder.textContent).toContain('Net result this session: -₱15.00');
    await user.click(within(reminder).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(15 * 60_000));
    const again = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(again.textContent).toContain('You have been playing for 30 minutes.');
    await user.click(within(again).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(server.sent('DELETE', '/wps/session/logout')).toHaveLength(1));
    expect((await screen.findAllByRole('link', { name: 'Log in' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the session limit reached says so, and its only button logs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-28T10:05:00.000Z'));
    const server = rgServer({ 'GET /wps/rg/reality': () => ({ ...reality, endsAt: '2026-11-28T10:30:00.000Z' }) });
    renderApp({ path: '/m/home', session: memberSession });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await waitFor(() => expect(server.sent('GET', '/wps/rg/reality')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(25 * 60_000));
    const ended = await screen.findByRole('alertdialog', { name: 'Session limit reached' });
    expect(within(ended).getAllByRole('button').map((b) => b.textContent)).toEqual(['Log out']);
    await user.click(within(ended).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(server.sent('DELETE', '/wps/session/logout')).toHaveLength(1));
    expect((await screen.findAllByRole('link', { name: 'Log in' })).length).toBeGreaterThan(0);
  });

  it('does not run for a trial account', async () => {
    const server = rgServer();
    renderApp({ path: '/m/home', session: trialSession });
    await screen.findByRole('button', { name: 'Member menu' });
    await waitFor(() => expect(server.sent('GET', '/wps/wallets/gcs').length).toBeGreaterThan(0));
    expect(server.sent('GET', '/wps/rg/reality')).toEqual([]);
  });
});
