import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFields, type FieldRule, type MemberInfo, type RegistrationRules } from '../../../contract/member.ts';
import { fetchServer, refuse } from '../../test/fetch-server.ts';
import { agentSession, demoSettings, memberSession, renderApp } from '../../test/render-app.tsx';

const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
const wallet = { merchant: { merchantCode: 'DEMO', currency: peso }, member: { memberId: 1001, balance: 123456, held: 0 }, sumBalance: 123456, updatedAt: '2026-11-28T10:00:00.000Z' };
const info = (more: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 1001,
  type: 0,
  account: 'alice',
  nickname: null,
  clubLabel: { labelName: 'VIP 2' },
  email: 'al***@example.com',
  mobileNum: null,
  payeeName: null,
  iconVersion: null,
  firstTimeLogin: false,
  ...more,
});
const off: FieldRule = { enabled: false, required: false, pattern: null, maxLength: 50 };
const rules: RegistrationRules = {
  methods: { username: true, mobile: false },
  defaultMethod: 'username',
  smsVerification: false,
  captchaRequired: true,
  affiliateEnabled: false,
  fields: {
    ...(Object.fromEntries(registerFields.map((f) => [f, off])) as RegistrationRules['fields']),
    email: { enabled: true, required: false, pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*\\.[A-Za-z]{2,}$', maxLength: 254 },
    nickname: { enabled: true, required: false, pattern: '^[^<>]{1,20}$', maxLength: 20 },
    payeeName: { enabled: false, required: false, pattern: "^[A-Za-z\\u00C0-\\u024F\\u4E00-\\u9FFF .'-]{2,50}$", maxLength: 50 },
  },
};
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function memberServer(member: MemberInfo = info(), more: Record<string, (body: unknown) => unknown> = {}) {
  return fetchServer({
    'GET /wps/member/info': () => member,
    'GET /wps/member/info/icon': () => ({ icon: null }),
    'GET /wps/wallets/gcs': () => wallet,
    'GET /wps/system/setting/register': () => rules,
    ...more,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member center (/m/member/home)', () => {
  it("shows the member's card and balance, copies the member ID with the copy-success toast, and lists the shortcuts", async () => {
    memberServer(info({ nickname: 'Lucky Al' }));
    const { user } = renderApp({ path: '/m/member/home', session: memberSession, settings: { ...demoSettings, switches: { TRANSBETREPMEM3: true, REFERRAL3: true } } as typeof demoSettings });
    // After user-event's setup, which puts its own clipboard on the navigator.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const card = await screen.findByRole('region', { name: 'Lucky Al' });
    expect(within(card).getByText('VIP 2')).toBeTruthy();
    expect(within(card).getByText('Member ID: 1001')).toBeTruthy();
    expect(within(card).getByText('₱1,234.56')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('1001');
    expect((await within(card).findByRole('status')).textContent).toBe('Copy successful');
    const shortcuts = screen.getByRole('navigation', { name: 'Member center' });
    const names = within(shortcuts).getAllByRole('link').map((l) => l.textContent);
    expect(names).toEqual([
      'Deposit',
      'Withdraw',
      'My account',
      'Security center',
      'Responsible gaming',
      'Transaction record',
      'Bet record',
      'Profit record',
      'Bonus details',
      'KYC center',
      'Leaderboard',
      'News',
      'Invite friends',
      'Personal settings',
    ]);
    expect(within(shortcuts).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/m/webEmail');
    expect(within(shortcuts).getByRole('link', { name: 'Leaderboard' }).getAttribute('href')).toBe('/m/leaderboard');
    expect(within(shortcuts).getByRole('button', { name: 'Customer service' })).toBeTruthy();
    await user.click(within(shortcuts).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('shows the account name without a nickname, hides the bet record without TRANSBETREPMEM3 and invite friends without REFERRAL3, and says when the clipboard refuses', async () => {
    memberServer();
    const { user } = renderApp({ path: '/m/member/home', session: memberSession });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const card = await screen.findByRole('region', { name: 'alice' });
    const shortcuts = screen.getByRole('navigation', { name: 'Member center' });
    expect(within(shortcuts).queryByRole('link', { name: 'Bet record' })).toBeNull();
    expect(within(shortcuts).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not copy. Select the ID and copy it yourself.');
  });

  it('gives an agent the agency center and no invite entry', async () => {
    memberServer(info({ type: 1, account: 'boss' }));
    renderApp({ path: '/m/member/home', session: agentSession });
    await screen.findByRole('region', { name: 'boss' });
    const shortcuts = screen.getByRole('navigation', { name: 'Member center' });
    expect(within(shortcuts).getByRole('link', { name: 'Agency center' }).getAttribute('href')).toBe('/m/agent');
    expect(within(shortcuts).queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });

  it('offers a retry when the member cannot be read', async () => {
    let fail = true;
    memberServer(info(), { 'GET /wps/member/info': () => (fail ? refuse(503, 'system.error') : info()) });
    const { user } = renderApp({ path: '/m/member/home', session: memberSession });
    const retry = await screen.findByRole('button', { name: 'Loading failed, click to retry' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'alice' })).toBeTruthy();
  });
});

describe('my account (/m/myAccount/index)', () => {
  it('refuses a bad nickname with its message and sends nothing; saves a good one trimmed and shows it at once', async () => {
    const server = memberServer(info(), { 'PUT /wps/member/info/nickname': () => null });
    const { user } = renderApp({ path: '/m/myAccount/index', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /Nickname/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nickname' });
    const input = within(sheet).getByRole('textbox', { name: 'Nickname' });
    await user.type(input, '<b>hi</b>');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Nickname format is not valid');
    expect(server.sent('PUT', '/wps/member/info/nickname')).toEqual([]);
    await user.clear(input);
    await user.type(input, '  Lucky Al ');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByRole('status')).toBeTruthy();
    expect(server.sent('PUT', '/wps/member/info/nickname').map((r) => r.body)).toEqual([{ nickname: 'Lucky Al' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    expect(screen.getByRole('button', { name: /Nickname/ }).textContent).toContain('Lucky Al');
  });

  it("shows the server's refusal of an e-mail in words, and a payee name already set cannot be changed", async () => {
    memberServer(info({ payeeName: 'Alice Reyes' }), { 'PUT /wps/member/info/email': () => refuse(400, 'register.email.invalid') });
    const { user } = renderApp({ path: '/m/myAccount/index', session: memberSession });
    await user.click(await screen.findByRole('button', { name: /E-mail/ }));
    const sheet = await screen.findByRole('dialog', { name: 'E-mail' });
    expect(within(sheet).getByText('Now: al***@example.com')).toBeTruthy();
    await user.type(within(sheet).getByRole('textbox', { name: 'E-mail' }), 'alice@example.com');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('E-mail format is incorrect');
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: /Payee name/ }));
    const payee = await screen.findByRole('dialog', { name: 'Payee name' });
    expect(within(payee).getByText('Your payee name is set. To change it, contact customer service.')).toBeTruthy();
    expect(within(payee).queryByRole('textbox')).toBeNull();
  });

  it('uploads a png and shows it as the head icon; refuses a gif before sending', async () => {
    const server = memberServer(info(), { 'POST /wps/member/info/icon': () => ({ icon: png, iconVersion: 1764300000000 }) });
    const { user } = renderApp({ path: '/m/myAccount/index', session: memberSession });
    const picker = (await screen.findByLabelText('Change head icon')) as HTMLInputElement;
    const region = screen.getByRole('region', { name: 'Head icon' });
    await user.upload(picker, new File([Uint8Array.from(atob(png.split(',')[1] ?? ''), (c) => c.charCodeAt(0))], 'me.png', { type: 'image/png' }));
    expect((await within(region).findByRole('status')).textContent).toBe('Upload success');
    expect(server.sent('POST', '/wps/member/info/icon').map((r) => r.body)).toEqual([{ icon: png }]);
    expect(region.querySelector('img')?.getAttribute('src')).toBe(png);
    // A browser's picker may still hand over another type (its accept list is a hint): the machine checks it.
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect((await within(region).findByRole('alert')).textContent).toBe('Images must be PNG or JPG.');
    expect(server.sent('POST', '/wps/member/info/icon')).toHaveLength(1);
  });
});

describe('the right-side member menu (home header)', () => {
  it('gives a guest the default avatar with log in and sign up', async () => {
    fetchServer({});
    const { user } = renderApp({ path: '/m/home' });
    await user.click(await screen.findByRole('button', { name: 'Member menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Member' });
    expect(within(menu).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/m/login');
    expect(within(menu).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/m/register');
  });

  it("shows a member's card, the spec's entries, and signs out only after the confirmation", async () => {
    memberServer(info({ nickname: 'Lucky Al' }));
    const { user } = renderApp({ path: '/m/home', session: memberSession });
    await user.click(await screen.findByRole('button', { name: 'Member menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Member' });
    expect(await within(menu).findByRole('region', { name: 'Lucky Al' })).toBeTruthy();
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['My account', 'Responsible gaming', 'Leaderboard', 'Feedback', 'News']);
    expect(within(menu).getByRole('button', { name: 'Customer service' })).toBeTruthy();
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alertdialog', { name: 'Are you sure you want to log out?' })).toBeTruthy();
  });
});
