import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { FakeFailure, fakeServer } from '../../test/identity-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';
import { readRemembered } from '../../app/remembered-login.ts';

const server = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../test/identity-fakes.ts').fakeServer> | null }));
/** When set, the remembered login is read only when the test lets it through (a slow storage). */
const slowStorage = vi.hoisted(() => ({ gates: null as null | ((release: boolean) => void)[] }));

vi.mock('../../app/identity-actors.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../app/identity-actors.ts')>();
  return {
    ...actual,
    loadLoginScreen: async () => ({
      switches: { smsLogin: true, phoneReset: true },
      content: {
        banners: [
          { bannerId: 1, url: '/img/login-1.svg', linkUrl: null, title: 'Log in and play', groupName: 'm_login', sequence: 1 },
          { bannerId: 2, url: '/img/login-2.svg', linkUrl: null, title: 'Weekly bonus', groupName: 'm_login', sequence: 2 },
        ],
        download: { resourceType: 'Android', url: 'https://example.com/app.apk', labelNameEn: 'Android' },
      },
    }),
    identityDeps: () => ({ call: server.current!.call, sealer: server.current!.sealer }),
    provideLoginMachine: (deps: Parameters<typeof actual.provideLoginMachine>[0]) =>
      actual.provideLoginMachine(deps).provide({
        actors: {
          loadRemembered: fromPromise(async () => {
            const gates = slowStorage.gates;
            if (gates) await new Promise((release) => gates.push(release));
            const record = readRemembered();
            return record ? { method: record.method, account: record.account } : null;
          }),
        },
      }),
  };
});

/** What the form sent: every call but the social login buttons' own load of the providers offered. */
const formCalls = () => server.current!.sent.filter((call) => call.path !== '/wps/social/providers');

const captcha = (id: string) => ({ captchaId: id, image: `data:image/svg+xml;base64,${id}`, expiresInMs: 120_000 });
let failures = 0;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  slowStorage.gates = null;
  failures = 0;
  let captchas = 0;
  server.current = fakeServer({
    '/wps/session/login': (payload) => {
      const p = payload as { username: string; password: string };
      if (p.password !== 'Player#2026') throw new FakeFailure('login.failed', ++failures >= 1 ? { captchaRequired: true } : undefined);
      return { token: 'tok', userName: p.username, type: 0, firstTimeLogin: false, deviceToken: 'device-1', deviceTokenExpiresAt: Date.now() + 1e9 };
    },
    '/wps/captcha': () => captcha(`c${++captchas}`),
    '/wps/social/providers': () => ({ providers: ['google', 'facebook'] }),
    '/wps/social/start': () => ({ authorizationUrl: 'http://127.0.0.1:9000/auth?state=s' }),
  });
});

const form = async () => {
  await screen.findByRole('tab', { name: 'Account login' });
  return { username: screen.getByLabelText('Username'), password: screen.getByLabelText('Password'), submit: screen.getByRole('button', { name: 'Log in' }) };
};

describe('login screen', () => {
  it('shows the m_login banners and the app download link', async () => {
    renderApp({ path: '/m/login' });
    await form();
    const banners = screen.getByRole('region', { name: 'Featured' });
    expect(within(banners).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Log in and play', 'Weekly bonus']);
    const download = screen.getByRole('link', { name: 'Download the app' });
    expect(download.getAttribute('href')).toBe('https://example.com/app.apk');
    // An app package opens in the same tab.
    expect(download.getAttribute('target')).toBeNull();
  });

  it('asks for the username and password when they are empty', async () => {
    const { user } = renderApp({ path: '/m/login' });
    const { submit } = await form();
    await user.click(submit);
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toBe('Please enter the username and password');
    expect(formCalls()).toHaveLength(0);
  });

  it('logs in, remembers the method, account and device token (never the password), and goes home', async () => {
    const { user, router } = renderApp({ path: '/m/login' });
    const { username, password, submit } = await form();
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
    await user.type(username, 'player1');
    await user.type(password, 'Player#2026');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(formCalls()[0]).toEqual({
      path: '/wps/session/login',
      payload: { type: 'username', username: 'player1', password: 'Player#2026', remember: true },
    });
    const remembered = localStorage.getItem('MC_REMEMBER') ?? '';
    expect(JSON.parse(remembered)).toMatchObject({ method: 'username', account: 'player1', deviceToken: 'device-1' });
    expect(remembered).not.toContain('Player#2026');
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows the captcha after a failure that asks for it, and a tap loads a new one', async () => {
    const { user } = renderApp({ path: '/m/login' });
    const { username, password, submit } = await form();
    expect(screen.queryByRole('button', { name: 'Captcha image, tap to refresh' })).toBeNull();
    await user.type(username, 'player1');
    await user.type(password, 'Wrong#2026');
    await user.click(submit);
    const image = await screen.findByRole('button', { name: 'Captcha image, tap to refresh' });
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toBe('The account or password is incorrect.');
    expect(image.getAttribute('data-captcha-id')).toBe('c1');
    await user.click(image);
    await waitFor(() => expect(image.getAttribute('data-captcha-id')).toBe('c2'));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).maxLength).toBe(6);
  });

  it('toggles the password visibility and switches to the mobile tab with its limits', async () => {
    const { user } = renderApp({ path: '/m/login' });
    const { password } = await form();
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password', pressed: false }));
    expect(password.getAttribute('type')).toBe('text');
    // The same name, pressed now: a screen reader hears the state, not a new action.
    expect(screen.getByRole('button', { name: 'Show password', pressed: true })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Mobile login' }));
    expect((await screen.findByLabelText('Mobile number') as HTMLInputElement).maxLength).toBe(20);
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).maxLength).toBe(10);
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid mobile number');
  });

  it('a method change empties the fields: the account and password typed for one method never show in the other', async () => {
    const { user } = renderApp({ path: '/m/login' });
    const { username, password } = await form();
    await user.type(username, 'player1');
    await user.type(password, 'Player#2026');
    await user.click(screen.getByRole('tab', { name: 'Mobile login' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Mobile login' }).getAttribute('aria-selected')).toBe('true'));
    expect((await screen.findByLabelText('Mobile number') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Account login' }));
    expect((await screen.findByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('fills the remembered account when it comes, but never over what the player typed while it was read', async () => {
    localStorage.setItem('MC_REMEMBER', JSON.stringify({ method: 'username', account: 'player1' }));
    slowStorage.gates = [];
    const gates = slowStorage.gates;
    const { user } = renderApp({ path: '/m/login' });
    const { username } = await form();
    await user.type(username, 'player2');
    await waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!(true);
    await waitFor(() => expect(username.closest('form')?.getAttribute('aria-busy')).toBe('false'));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('player2');

    // The same on a method change: the mobile number typed during the switch stays.
    await user.click(screen.getByRole('tab', { name: 'Mobile login' }));
    await user.type(await screen.findByLabelText('Mobile number'), '9171234567');
    await waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!(true);
    await waitFor(() => expect(username.closest('form')?.getAttribute('aria-busy')).toBe('false'));
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9171234567');

    // Back on the username tab, with nothing typed, the remembered account fills the field.
    await user.click(screen.getByRole('tab', { name: 'Account login' }));
    await waitFor(() => expect(gates).toHaveLength(3));
    gates[2]!(true);
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('player1'));
  });

  it('a language change from the login screen re-validates the filled fields only, 200 ms later', async () => {
    const { user } = renderApp({ path: '/m/login' });
    await form();
    await user.click(screen.getByRole('tab', { name: 'Mobile login' }));
    await user.type(await screen.findByLabelText('Mobile number'), '12');
    expect(screen.queryByText('Please enter a valid mobile number')).toBeNull();

    const language = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(language.value).toBe('EN');
    expect(within(language).getByRole('option', { name: '简体中文' }).getAttribute('lang')).toBe('zh-CN');
    await user.selectOptions(language, 'CN');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('CN'));
    // The filled mobile number is checked again; the empty code is not.
    expect(await screen.findByText('Please enter a valid mobile number')).toBeTruthy();
    expect(screen.queryByText('Please enter a valid verification code')).toBeNull();
    expect(formCalls()).toHaveLength(0);
  });
});

describe('social login', () => {
  it('offers the providers the server offers and opens one with remember-me as the form has it', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    try {
      const { user } = renderApp({ path: '/m/login' });
      await form();
      const social = await screen.findByRole('region', { name: 'Or continue with' });
      expect(within(social).getAllByRole('button').map((b) => b.textContent)).toEqual(['Continue with Google', 'Continue with Facebook']);
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await user.click(within(social).getByRole('button', { name: /Facebook/ }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9000/auth?state=s'));
      expect(server.current!.sent.at(-1)).toEqual({ path: '/wps/social/start', payload: { provider: 'facebook', remember: false } });
      expect(within(social).getByRole('button', { name: 'Opening Facebook…' })).toHaveProperty('disabled', true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('login after a page that needs a session', () => {
  it('goes back to that page, not home', async () => {
    const { user, router } = renderApp({ path: '/m/voucherCenter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(router.state.location.search).toEqual({ redirect: '/m/voucherCenter' });
    const { username, password, submit } = await form();
    await user.type(username, 'player1');
    await user.type(password, 'Player#2026');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/voucherCenter'));
  });
});

describe('search params in the address', () => {
  it('stay plain: ?id=1 is not rewritten as a JSON string', async () => {
    const { router } = renderApp({ path: '/m/activityDetail?id=1' });
    // The route's schema reads the id as a string; written back, it stays a plain 1.
    await waitFor(() => expect(router.state.matches.at(-1)?.search).toEqual({ id: '1' }));
    expect(router.state.location.searchStr).toBe('?id=1');
    await router.navigate({ to: '/m/activityDetail', search: { id: '1' } });
    expect(router.state.location.href).toBe('/m/activityDetail?id=1');
    await router.navigate({ to: '/m/help', search: { i: 2 } });
    expect(router.state.location.href).toBe('/m/help?i=2');
    expect(router.state.matches.at(-1)?.search).toEqual({ i: 2 });
  });
});
