import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationRules } from '../../../contract/member.ts';
import { fakeServer } from '../../test/identity-fakes.ts';
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

beforeEach(() => {
  notices.calls = 0;
  server.current = fakeServer({
    '/wps/system/setting/register': () => rules,
    '/wps/captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA', expiresInMs: 120_000 }),
    '/wps/member/affiliate/check': (query) => ({ valid: (query as { code: string }).code === 'AGENT1' }),
    '/wps/member/register': () => ({ userName: 'newbie1' }),
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'), { timeout: 3000 });
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
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
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
});
