import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberSession, SecurityConfig } from '../../../contract/security.ts';
import { securityQuestionIds } from '../../../contract/security.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const config = (more: Partial<SecurityConfig> = {}): SecurityConfig => ({ hasWithdrawalPassword: false, questionIds: [], bankCardCount: 1, maxBankCards: 2, ...more });
const sessions: MemberSession[] = [
  { id: 'a', kind: 'web', device: 'Chrome · Android', ipMasked: '203.0.113.*', createdAt: '2026-11-28T01:00:00.000Z', lastSeenAt: '2026-11-28T01:05:00.000Z', current: true },
  { id: 'b', kind: 'device', device: 'Safari · iOS', ipMasked: '198.51.100.*', createdAt: '2026-11-20T08:00:00.000Z', lastSeenAt: '2026-11-20T08:00:00.000Z', current: false },
];
const bdo = { id: 7, bankName: 'BDO Unibank', accountName: 'Alice Reyes', accountNumberMasked: '**** 6789', createdAt: '2026-11-01T00:00:00.000Z' };
const withdrawInfo = (cards = [bdo]) => ({
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  balance: 100000,
  held: 0,
  minAmount: 10000,
  maxAmount: 5000000,
  bankCards: cards,
  maxBankCards: 2,
  banks: ['BDO Unibank', 'Metrobank'],
  hasWithdrawalPassword: false,
});

const wallet = { merchant: { merchantCode: 'DEMO', currency: { code: 'PHP', symbol: '₱', minorUnits: 2 } }, member: { memberId: 1001, balance: 100000, held: 0 }, sumBalance: 100000, updatedAt: '2026-11-28T10:00:00.000Z' };

function securityServer(more: Record<string, (body: unknown) => unknown> = {}) {
  return fetchServer({
    'GET /wps/member/securityConfig': () => config(),
    'GET /wps/member/sessions': () => sessions,
    'GET /wps/transaction/withdraw/info': () => withdrawInfo(),
    'GET /wps/member/securityQuestions': () => ({ questionIds: [...securityQuestionIds], count: 2 }),
    'GET /wps/wallets/gcs': () => wallet,
    ...more,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('security center (/m/securityCenter)', () => {
  it('lists what is set, the bank cards masked and the signed-in devices', async () => {
    securityServer();
    renderApp({ path: '/m/securityCenter', session: memberSession });
    const secrets = await screen.findByRole('region', { name: 'Passwords and questions' });
    expect(within(secrets).getByRole('link', { name: /Login password/ }).getAttribute('href')).toBe('/m/changePsw');
    expect(within(secrets).getByRole('button', { name: /Withdrawal password/ }).textContent).toContain('Not set');
    const cards = screen.getByRole('region', { name: /Bank cards/ });
    expect(within(cards).getByText('1 of 2')).toBeTruthy();
    expect(within(cards).getByText('**** 6789')).toBeTruthy();
    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    const items = within(devices).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Chrome · Android');
    expect(items[0]).toContain('This device');
    expect(items[0]).toContain('203.0.113.*');
    expect(items[1]).toContain('Remembered device');
  });

  it('sets the withdrawal password: a bad one is refused with its message and nothing is sent; a good one shows as set', async () => {
    const server = securityServer({ 'PUT /wps/member/paymentPassword': () => ({ hasWithdrawalPassword: true }) });
    const { user } = renderApp({ path: '/m/securityCenter', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /Withdrawal password/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Set a withdrawal password' });
    await user.type(within(sheet).getByLabelText('New withdrawal password'), '12345');
    await user.type(within(sheet).getByLabelText('Confirm new withdrawal password'), '12345');
    await user.click(within(sheet).getByRole('button', { name: 'Save withdrawal password' }));
    expect(within(sheet).getByText('The withdrawal password must be 6 digits.')).toBeTruthy();
    expect(within(sheet).getByLabelText('New withdrawal password').getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('PUT', '/wps/member/paymentPassword')).toEqual([]);
    await user.type(within(sheet).getByLabelText('New withdrawal password'), '6');
    await user.type(within(sheet).getByLabelText('Confirm new withdrawal password'), '6');
    await user.click(within(sheet).getByRole('button', { name: 'Save withdrawal password' }));
    expect((await within(sheet).findByRole('status')).textContent).toBe('Withdrawal password saved');
    expect(server.sent('PUT', '/wps/member/paymentPassword').map((r) => r.body)).toEqual([{ newPassword: '123456', confirmPassword: '123456' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: /Withdrawal password/ }).textContent).toContain('Set');
  });

  it('resets a forgotten withdrawal password with the login password, and says when that password is wrong', async () => {
    let wrong = true;
    const server = securityServer({
      'GET /wps/member/securityConfig': () => config({ hasWithdrawalPassword: true }),
      'POST /wps/member/paymentPassword/reset': () => (wrong ? refuse(400, 'modify.old.password.incorrect') : { hasWithdrawalPassword: true }),
    });
    const { user } = renderApp({ path: '/m/securityCenter', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /Withdrawal password/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Change withdrawal password' })).getByRole('button', { name: 'Forgot your withdrawal password?' }));
    const sheet = await screen.findByRole('dialog', { name: 'Reset withdrawal password' });
    await user.type(within(sheet).getByLabelText('Login password'), 'Wrong#1');
    await user.type(within(sheet).getByLabelText('New withdrawal password'), '246810');
    await user.type(within(sheet).getByLabelText('Confirm new withdrawal password'), '246810');
    await user.click(within(sheet).getByRole('button', { name: 'Save withdrawal password' }));
    expect(await within(sheet).findByText('The old password is incorrect.')).toBeTruthy();
    expect(within(sheet).getByLabelText('Login password').getAttribute('aria-invalid')).toBe('true');
    wrong = false;
    await user.click(within(sheet).getByRole('button', { name: 'Save withdrawal password' }));
    expect(await within(sheet).findByRole('status')).toBeTruthy();
    expect(server.sent('POST', '/wps/member/paymentPassword/reset').map((r) => r.body)).toEqual([
      { loginPassword: 'Wrong#1', newPassword: '246810', confirmPassword: '246810' },
      { loginPassword: 'Wrong#1', newPassword: '246810', confirmPassword: '246810' },
    ]);
  });

  it('sets security questions: two different ones, answered, confirmed with the login password', async () => {
    const server = securityServer({ 'PUT /wps/member/customerSecurityQuestions': () => ({ questionIds: ['firstPet', 'firstSchool'] }) });
    const { user } = renderApp({ path: '/m/securityCenter', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /Security questions/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Security questions' });
    const [first, second] = within(sheet).getAllByRole('combobox');
    await user.selectOptions(second!, 'What was the name of your first pet?');
    await user.type(within(sheet).getByLabelText('Answer 1'), 'Rex');
    await user.type(within(sheet).getByLabelText('Answer 2'), 'Cebu');
    await user.type(within(sheet).getByLabelText('Login password'), 'Alice#2026');
    await user.click(within(sheet).getByRole('button', { name: 'Save security questions' }));
    expect(within(sheet).getByText('Please choose two different security questions.')).toBeTruthy();
    expect(server.sent('PUT', '/wps/member/customerSecurityQuestions')).toEqual([]);
    await user.selectOptions(second!, 'What was the name of your first school?');
    expect((first as HTMLSelectElement).value).toBe('firstPet');
    await user.click(within(sheet).getByRole('button', { name: 'Save security questions' }));
    expect(await within(sheet).findByRole('status')).toBeTruthy();
    expect(server.sent('PUT', '/wps/member/customerSecurityQuestions').map((r) => r.body)).toEqual([
      { loginPassword: 'Alice#2026', answers: [{ questionId: 'firstPet', answer: 'Rex' }, { questionId: 'firstSchool', answer: 'Cebu' }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: /Security questions/ }).textContent).toContain('2 questions set');
  });

  it('adds a bank card up to the most, and removes one only after confirmation; a card in use stays with the reason', async () => {
    let inUse = true;
    const metro = { id: 8, bankName: 'Metrobank', accountName: 'Alice Reyes', accountNumberMasked: '**** 4321', createdAt: '2026-11-28T00:00:00.000Z' };
    const server = securityServer({
      'POST /wps/member/bankCard': () => metro,
      'DELETE /wps/member/bankCard': () => (inUse ? refuse(409, 'bankcard.in.use') : null),
    });
    const { user } = renderApp({ path: '/m/securityCenter', session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Add bank card' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add a bank card' });
    await user.selectOptions(within(sheet).getByLabelText('Bank'), 'Metrobank');
    await user.type(within(sheet).getByLabelText('Account name'), 'Alice Reyes');
    await user.type(within(sheet).getByLabelText('Account number'), '12');
    await user.click(within(sheet).getByRole('button', { name: 'Save bank card' }));
    expect(within(sheet).getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('POST', '/wps/member/bankCard')).toEqual([]);
    await user.type(within(sheet).getByLabelText('Account number'), '34 5678 4321');
    await user.click(within(sheet).getByRole('button', { name: 'Save bank card' }));
    const cards = screen.getByRole('region', { name: /Bank cards/ });
    expect((await within(cards).findByRole('status')).textContent).toBe('Bank card added');
    expect(within(cards).getByText('**** 4321')).toBeTruthy();
    expect(within(cards).queryByRole('button', { name: 'Add bank card' })).toBeNull();
    expect(within(cards).getByText('You have the most bank cards you can keep. Remove one to add another.')).toBeTruthy();

    await user.click(within(cards).getByRole('button', { name: 'Remove BDO Unibank **** 6789' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove bank card?' });
    expect(server.sent('DELETE', '/wps/member/bankCard')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect((await within(cards).findByRole('alert')).textContent).toContain('withdrawal in progress');
    expect(within(cards).getByText('**** 6789')).toBeTruthy();
    inUse = false;
    await user.click(within(cards).getByRole('button', { name: 'Remove BDO Unibank **** 6789' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(cards).queryByText('**** 6789')).toBeNull());
    expect(server.sent('DELETE', '/wps/member/bankCard').map((r) => r.query)).toEqual([{ id: '7' }, { id: '7' }]);
  });

  it('signs out elsewhere after confirmation and keeps only this device', async () => {
    const server = securityServer({ 'POST /wps/member/sessions/signOutElsewhere': () => ({ ended: 1 }) });
    const { user } = renderApp({ path: '/m/securityCenter', session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Sign out elsewhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out elsewhere' }));
    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    expect((await within(devices).findByRole('status')).textContent).toBe('Signed out of 1 other session');
    expect(within(devices).getAllByRole('listitem')).toHaveLength(1);
    expect(within(devices).getByText('Only this device is signed in.')).toBeTruthy();
    expect(server.sent('POST', '/wps/member/sessions/signOutElsewhere')).toHaveLength(1);
  });

  it('refuses a trial account without reading anything', async () => {
    const server = securityServer();
    renderApp({ path: '/m/securityCenter', session: trialSession });
    expect(await screen.findByText(/actual account/)).toBeTruthy();
    expect(server.sent('GET', '/wps/member/securityConfig')).toEqual([]);
  });
});
