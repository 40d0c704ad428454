import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationRules } from '../../../contract/member.ts';
import type { HelpItem } from '../../../contract/help.ts';
import { FakeFailure, fakeServer } from '../../test/identity-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';

const server = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null }));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
    loadRegistrationNotice: async () => {
      notices.calls++;
      return [
        {
          announcementId: 7,
          type: 'B',
          title: 'Welcome aboard',
          content: '<p>Claim your bonus</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1">',
          startDate: '2026-01-01',
          endDate: null,
          read: false,
        },
      ];
    },
  };
});

const notices = vi.hoisted(() => ({ calls: 0 }));

const rule = (enabled: boolean, required: boolean, pattern: string | null = null) => ({ enabled, required, pattern, maxLength: 16 });
const rules: RegistrationRules = {
  methods: { username: true, mobile: true },
  defaultMethod: 'username',
  smsVerification: true,
  captchaRequired: true,
  affiliateEnabled: true,
  fields: {
    username: rule(true, false, '^[A-Za-z][A-Za-z0-9_]{3,15}$'),
    mobileNum: rule(false, false, '^\\d{6,15}$'),
    verificationCode: rule(true, true, '^\\d{6}$'),
    password: rule(true, true, '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7E]{8,20}$'),
    confirmPassword: rule(true, true),
    paymentPassword: rule(false, false),
    idNumber: rule(false, false),
    qqNum: rule(false, false),
    facebook: rule(false, false),
    wechat: rule(false, false),
    line: rule(false, false),
    whatsapp: rule(false, false),
    zalo: rule(false, false),
    email: rule(true, false),
    nickname: rule(false, false),
    payeeName: rule(false, false),
    recommenderId: rule(false, false),
    birthday: rule(true, false, '^\\d{4}-\\d{2}-\\d{2}$'),
    affiliateCode: rule(true, false, '^[A-Za-z0-9]{4,16}$'),
    captcha: rule(true, true, '^\\d{6}$'),
  },
};

/** The help centre as the demo seed has it (shortened), with a script that must never run. */
const helpItems: HelpItem[] = [
  {
    key: 'terms',
    title: 'Lucky Bay terms and conditions',
    content:
      '<h3>1. Who may play</h3><p>You must be at least 21 years old to register and to play.</p><script>window.hacked = 1</script><h3>2. One account per person</h3><p>Each person may hold one account only.</p>',
    language: 'EN',
  },
  { key: 'privacy', title: 'Privacy', content: '<p>Your data is not sold.</p>', language: 'EN' },
];

beforeEach(() => {
  notices.calls = 0;
  server.current = fakeServer({
    '/wps/system/setting/register': () => rules,
    '/wps/captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA', expiresInMs: 120_000 }),
    '/wps/member/affiliate/check': (query) => ({ valid: (query as { code: string }).code === 'AGENT1' }),
    '/wps/member/register': () => ({ userName: 'newbie1' }),
    '/wps/system/helpCenter': () => helpItems,
  });
});

describe('registration screen', () => {
  it('builds the form from the rules and focuses the first invalid field on submit', async () => {
    const { user } = renderApp({ path: '/m/register' });
    const username = await screen.findByLabelText('Username');
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();
    expect(screen.queryByLabelText('Mobile number')).toBeNull();
    const birthday = screen.getByLabelText('Birthday (optional)') as HTMLInputElement;
    expect(birthday.type).toBe('date');
    expect(birthday.min).toBe('1900-01-01');
    expect(birthday.max).toBe(`${new Date().getFullYear()}-12-31`);
    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 and agree to the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(server.current!.sent.map((s) => s.path)).not.toContain('/wps/member/register');
  });

  it("shows each field's own message and refuses a birthday under 21, sending nothing", async () => {
    const { user } = renderApp({ path: '/m/register' });
    await user.type(await screen.findByLabelText('Username'), '1x');
    await user.type(screen.getByLabelText('Password'), 'short');
    const birthday = screen.getByLabelText('Birthday (optional)');
    await user.type(birthday, '2015-06-01');
    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 and agree to the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Account format is incorrect')).toBeTruthy();
    expect(screen.getByText('Password format is incorrect')).toBeTruthy();
    const underage = screen.getByText('You must be 21 or older to register.');
    expect(birthday.getAttribute('aria-describedby')).toBe(underage.id);
    expect(server.current!.sent.map((s) => s.path)).not.toContain('/wps/member/register');
  });

  it('checks the invitation code from the URL first and focuses it when invalid', async () => {
    renderApp({ path: '/m/register?affiliateCode=NOPE1' });
    const field = await screen.findByLabelText('Invitation code (optional)');
    expect((field as HTMLInputElement).value).toBe('NOPE1');
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toBe('Invalid invitation code');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('fills the referrer from a referral link', async () => {
    server.current = fakeServer({
      '/wps/system/setting/register': () => ({ ...rules, fields: { ...rules.fields, recommenderId: rule(true, false, '^[A-Za-z0-9_]{1,32}$') } }),
      '/wps/captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA', expiresInMs: 120_000 }),
    });
    renderApp({ path: '/m/register?recommenderId=7' });
    expect(((await screen.findByLabelText('Recommender ID (optional)')) as HTMLInputElement).value).toBe('7');
  });

  it('keeps the sign-up button disabled until the disclaimer is ticked, then registers and shows the success message', async () => {
    const { user, router } = renderApp({ path: '/m/register' });
    await user.type(await screen.findByLabelText('Username'), 'newbie1');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#2026');
    await user.type(screen.getByLabelText('Captcha'), '123456');
    const signUp = screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement;
    expect(signUp.disabled).toBe(true);
    const disclaimer = screen.getByRole('checkbox', { name: 'I am over 18 and agree to the terms and conditions' });
    await user.click(disclaimer);
    expect(signUp.disabled).toBe(false);
    await user.click(disclaimer);
    expect(signUp.disabled).toBe(true);
    expect(server.current!.sent.map((s) => s.path)).not.toContain('/wps/member/register');
    await user.click(disclaimer);
    await user.click(signUp);
    expect((await screen.findByRole('status')).textContent).toBe('Registered successfully, ready for login');
    const sent = server.current!.sent.find((s) => s.path === '/wps/member/register')!.payload;
    expect(sent).toMatchObject({ username: 'newbie1', password: 'Secret#2026', confirmPassword: 'Secret#2026', captcha: '123456', captchaId: 'c1', type: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('re-checks the confirmation when the password changes', async () => {
    const { user } = renderApp({ path: '/m/register' });
    const password = await screen.findByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(password, 'Secret#2026');
    await user.type(confirm, 'Secret#2026');
    expect(screen.queryByText('Confirmation password not matched')).toBeNull();
    await user.type(password, 'x');
    expect(await screen.findByText('Confirmation password not matched')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    // Tied to its field: the error is the field's description, read after its name (WCAG 3.3.1, 1.3.1).
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Confirmation password not matched');
    await user.type(confirm, 'x');
    await user.type(password, '{Backspace}');
    await user.type(confirm, '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Confirmation password not matched')).toBeNull());
  });

  it('opens at the top with the registration announcement, sanitised', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderApp({ path: '/m/register' });
    const notice = await screen.findByRole('region', { name: 'Registration notice' });
    expect(within(notice).getByRole('heading', { name: 'Welcome aboard' })).toBeTruthy();
    expect(within(notice).getByText('Claim your bonus')).toBeTruthy();
    expect(notice.querySelector('script, img[onerror]')).toBeNull();
    // In the next frame after the screen's first commit.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    expect(notices.calls).toBe(1);
    vi.unstubAllGlobals();
  });

  it('switches to the mobile method with the SMS code field', async () => {
    const { user } = renderApp({ path: '/m/register' });
    await user.click(await screen.findByRole('tab', { name: 'Mobile number' }));
    expect(((await screen.findByLabelText('Mobile number')) as HTMLInputElement).maxLength).toBe(20);
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('opens the terms from the disclaimer without ticking it, and closing returns focus to the words', async () => {
    const { user } = renderApp({ path: '/m/register' });
    const termsButton = await screen.findByRole('button', { name: 'terms and conditions' });
    // The words are part of the checkbox's name.
    const disclaimer = screen.getByRole('checkbox', { name: 'I am over 18 and agree to the terms and conditions' }) as HTMLInputElement;
    await user.click(termsButton);
    const sheet = await screen.findByRole('dialog', { name: 'Lucky Bay terms and conditions' });
    expect(await within(sheet).findByText('You must be at least 21 years old to register and to play.')).toBeTruthy();
    expect(within(sheet).getByRole('heading', { name: '2. One account per person' })).toBeTruthy();
    expect(sheet.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(disclaimer.checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.current!.sent.filter((s) => s.path === '/wps/system/helpCenter').map((s) => s.payload)).toEqual([{ lang: 'EN', device: 'MOBILE' }]);

    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(termsButton);
    expect(disclaimer.checked).toBe(false);
    // Opened again, the terms show at once, without another call.
    await user.click(termsButton);
    expect(within(screen.getByRole('dialog', { name: 'Lucky Bay terms and conditions' })).getByText('Each person may hold one account only.')).toBeTruthy();
    expect(server.current!.sent.filter((s) => s.path === '/wps/system/helpCenter')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(termsButton);
  });

  it('shows a skeleton while the terms load, a translated message with retry when they fail or are missing', async () => {
    const answers: Array<() => Promise<HelpItem[]>> = [];
    server.current = fakeServer({
      '/wps/system/setting/register': () => rules,
      '/wps/captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA', expiresInMs: 120_000 }),
      '/wps/system/helpCenter': () => answers.shift()!(),
    });
    let answerFirst: (items: HelpItem[]) => void = () => {};
    answers.push(
      () => new Promise<HelpItem[]>((resolve) => (answerFirst = resolve)),
      () => Promise.reject(new FakeFailure('client.network')),
      () => Promise.resolve(helpItems.filter((i) => i.key !== 'terms')),
      () => Promise.resolve(helpItems),
    );
    const { user } = renderApp({ path: '/m/register' });
    await user.click(await screen.findByRole('button', { name: 'terms and conditions' }));
    const sheet = screen.getByRole('dialog', { name: 'Terms and conditions' });
    expect(within(sheet).getByRole('status', { name: 'Loading the terms and conditions' }).getAttribute('aria-busy')).toBe('true');
    // Closed while loading, the answer is dropped; opened again, it loads again.
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    answerFirst(helpItems);
    await user.click(screen.getByRole('button', { name: 'terms and conditions' }));
    const again = screen.getByRole('dialog', { name: 'Terms and conditions' });
    expect((await within(again).findByRole('alert')).textContent).toContain('Loading failed, click to retry');
    await user.click(within(again).getByRole('button', { name: 'Retry' }));
    expect((await within(again).findByRole('alert')).textContent).toContain(
      'The terms and conditions are not available right now. Please try again later.',
    );
    await user.click(within(again).getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Lucky Bay terms and conditions' })).findByText('Each person may hold one account only.')).toBeTruthy();
    expect(server.current!.sent.filter((s) => s.path === '/wps/system/helpCenter')).toHaveLength(4);
    expect((screen.getByRole('checkbox', { name: 'I am over 18 and agree to the terms and conditions' }) as HTMLInputElement).checked).toBe(false);
  });
});
