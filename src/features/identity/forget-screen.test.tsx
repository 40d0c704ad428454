import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeFailure, fakeServer } from '../../test/identity-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';

const server = vi.hoisted(() => ({
  current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null,
  phoneReset: true,
}));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    loadIdentitySwitches: async () => ({ smsLogin: true, phoneReset: server.phoneReset }),
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
  };
});

let smsAnswer: () => Promise<unknown>;
let captchas = 0;

/** The human check before the code: the captcha's digits typed, then "Send code". */
async function passHumanCheck(user: ReturnType<typeof renderApp>['user'], answer = '123456') {
  const check = await screen.findByRole('group', { name: 'Verification before the code is sent' });
  await waitFor(() => expect(within(check).getByRole('button', { name: 'Captcha image, tap to refresh' })).toBeTruthy());
  await user.type(within(check).getByLabelText('Captcha'), answer);
  await user.click(within(check).getByRole('button', { name: 'Send code' }));
}

beforeEach(() => {
  server.phoneReset = true;
  smsAnswer = async () => ({ expirationTime: Date.now() + 60_000 });
  captchas = 0;
  server.current = fakeServer({
    '/wps/captcha': () => ({ captchaId: `c${++captchas}`, image: `data:image/svg+xml;base64,c${captchas}`, expiresInMs: 120_000 }),
    '/wps/verification/sms/noLogin': () => smsAnswer(),
    '/wps/member/password/verification': (payload) => {
      const p = payload as { verificationCode: string; newPassword: string };
      if (p.verificationCode !== '123456') throw new FakeFailure('verification.code.invalid');
      if (p.newPassword === 'Same#2026') throw new FakeFailure('modify.new.old.same');
      return { userName: 'mobile1' };
    },
    '/wps/session/login': () => ({ token: 'tok-reset', userName: 'mobile1', type: 0, firstTimeLogin: false, passwordExpired: false }),
    '/wps/member/password/email': () => null,
  });
});

const main = () => screen.getByRole('main');

describe('forgot password: by phone', () => {
  it('is the default with the switch on; the reset stays disabled until every field is valid', async () => {
    const { user } = renderApp({ path: '/m/forget' });
    expect((await screen.findByRole('tab', { name: 'By phone' })).getAttribute('aria-selected')).toBe('true');
    const submit = screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Mobile number'), '9171234567');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('New password'), 'weak');
    expect(submit.disabled).toBe(true);
    expect(await screen.findByText('Password format is incorrect')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'Pass#2026');
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('shows the sending toast while the code is requested, then "SMS code sent, please check" and the countdown', async () => {
    let answer: (value: unknown) => void = () => {};
    smsAnswer = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    const { user } = renderApp({ path: '/m/forget' });
    await user.type(await screen.findByLabelText('Mobile number'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await passHumanCheck(user);
    expect((await screen.findByRole('status')).textContent).toBe('Sending the SMS code…');
    answer({ expirationTime: Date.now() + 30_000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('SMS code sent, please check'));
    const countdown = screen.getByRole('button', { name: /^\d+ s$/ }) as HTMLButtonElement;
    expect(countdown.disabled).toBe(true);
    // The seconds are not announced as they tick: the countdown is in no live region.
    expect(countdown.closest('[aria-live], [role=status], [role=alert], output')).toBeNull();
    expect(server.current!.sent.filter((c) => c.path !== '/wps/captcha')[0]).toEqual({
      path: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '9171234567', countryDialingCode: '+63', captchaId: 'c1', captcha: '123456' },
    });
    // The sent toast goes after 1.5 s; the countdown stays.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { name: /^\d+ s$/ })).toBeTruthy();
  });

  it('counts down to the server cooldown instead of an error when a code was just sent', async () => {
    smsAnswer = async () => {
      throw new FakeFailure('verification.resend.cooldown', { retryAfterMs: 42_000, expirationTime: Date.now() + 42_000 });
    };
    const { user } = renderApp({ path: '/m/forget' });
    await user.type(await screen.findByLabelText('Mobile number'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await passHumanCheck(user);
    const countdown = await screen.findByRole('button', { name: /^(41|42) s$/ });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    expect(within(main()).queryByRole('alert')).toBeNull();
  });

  it('sends no code before the captcha is answered; a refused answer shows a new captcha with the reason', async () => {
    let refuse = true;
    smsAnswer = async () => {
      if (refuse) {
        refuse = false;
        throw new FakeFailure('captcha.invalid', { captchaRequired: true });
      }
      return { expirationTime: Date.now() + 60_000 };
    };
    const { user } = renderApp({ path: '/m/forget' });
    await user.type(await screen.findByLabelText('Mobile number'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const check = await screen.findByRole('group', { name: 'Verification before the code is sent' });
    // Too short an answer sends nothing.
    await user.type(within(check).getByLabelText('Captcha'), '12');
    await user.click(await within(check).findByRole('button', { name: 'Send code' }));
    expect(await within(main()).findByText('Enter a captcha')).toBeTruthy();
    expect(server.current!.sent.filter((c) => c.path === '/wps/verification/sms/noLogin')).toEqual([]);
    await user.clear(within(check).getByLabelText('Captcha'));
    await passHumanCheck(user, '000000');
    expect(await within(main()).findByText('Captcha error, please try again.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Verification before the code is sent' })).getByRole('button', { name: 'Captcha image, tap to refresh' }).getAttribute('data-captcha-id')).toBe('c2'),
    );
    await passHumanCheck(user, '123456');
    expect(await screen.findByRole('button', { name: /^\d+ s$/ })).toBeTruthy();
    const requests = server.current!.sent.filter((c) => c.path === '/wps/verification/sms/noLogin');
    expect(requests.map((c) => (c.payload as { captchaId: string }).captchaId)).toEqual(['c1', 'c2']);
    expect(screen.queryByRole('group', { name: 'Verification before the code is sent' })).toBeNull();
  });

  it('a wrong code clears the code; the same password clears the password; then it resets and signs in', async () => {
    const { user, router } = renderApp({ path: '/m/forget' });
    const mobile = await screen.findByLabelText('Mobile number');
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    const password = screen.getByLabelText('New password') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Reset password' });
    await user.type(mobile, '9171234567');
    await user.type(code, '654321');
    await user.type(password, 'Pass#2026');
    await user.click(submit);
    expect((await within(main()).findByRole('alert')).textContent).toBe('Verification code error');
    await waitFor(() => expect(code.value).toBe(''));
    expect(password.value).toBe('Pass#2026');

    await user.type(code, '123456');
    await user.clear(password);
    await user.type(password, 'Same#2026');
    await user.click(submit);
    await waitFor(() => expect(within(main()).getByRole('alert').textContent).toBe('The new password is the same as the old password.'));
    await waitFor(() => expect(password.value).toBe(''));
    expect(code.value).toBe('123456');

    await user.type(password, 'Fresh#2026');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe('Password reset successful. Please log in again.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(server.current!.sent.at(-1)).toEqual({ path: '/wps/session/login', payload: { type: 'username', username: 'mobile1', password: 'Fresh#2026' } });
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

describe('forgot password: by e-mail', () => {
  it('is the only form without the switch; the fields have clear buttons', async () => {
    server.phoneReset = false;
    const { user } = renderApp({ path: '/m/forget' });
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Username' })).toBeNull();
    await user.type(username, 'player1');
    await user.click(screen.getByRole('button', { name: 'Clear Username' }));
    expect(username.value).toBe('');
    expect(document.activeElement).toBe(username);
    expect(screen.queryByRole('button', { name: 'Clear Username' })).toBeNull();
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    await user.type(email, 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Clear E-mail' }));
    expect(email.value).toBe('');
  });

  it('checks the e-mail, then sends and goes back with "Sent successfully"', async () => {
    const { user, router } = renderApp({ path: '/m/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('tab', { name: 'By e-mail' }));
    await user.type(screen.getByLabelText('Username'), ' player1 ');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await within(main()).findByRole('alert')).textContent).toBe('E-mail format is incorrect');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    // The login screen it came from loaded its social buttons' providers; the form itself sent nothing.
    const formCalls = () => server.current!.sent.filter((call) => call.path !== '/wps/social/providers');
    expect(formCalls()).toHaveLength(0);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'player1@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe('Sent successfully');
    expect(formCalls()).toEqual([{ path: '/wps/member/password/email', payload: { username: 'player1', email: 'player1@example.com' } }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });
});
