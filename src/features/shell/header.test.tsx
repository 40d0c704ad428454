import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { notifySessionEnded } from '../../app/api.ts';
import { loadBalanceWidget, loadLogoutDialog } from '../../routes/shell-slots.ts';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const banner = async () => screen.findByRole('banner');

// What the header loads on demand (side menu, logout dialog, balance), loaded here once, so the tests wait for the app.
beforeAll(() =>
  Promise.all([import('./side-menu.tsx'), loadLogoutDialog(), loadBalanceWidget()]),
);

describe('header', () => {
  it('shows a guest the login and sign-up buttons, and no money actions', async () => {
    renderApp({ path: '/m/home' });
    const header = await banner();
    expect(within(header).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/m/login');
    expect(within(header).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/m/register');
    expect(within(header).queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('shows a member deposit, withdraw and log out instead', async () => {
    renderApp({ path: '/m/home', session: memberSession });
    const header = await banner();
    // The member's actions arrive with their own chunk.
    expect((await within(header).findByRole('link', { name: 'Deposit' })).getAttribute('href')).toBe('/m/voucherCenter');
    expect(within(header).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/m/withdraw');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('gives a trial account the member actions too', async () => {
    renderApp({ path: '/m/home', session: trialSession });
    expect(await within(await banner()).findByRole('link', { name: 'Deposit' })).toBeTruthy();
  });

  it('logs out only after the confirm dialog is accepted', async () => {
    const { user } = renderApp({ path: '/m/home', session: memberSession });
    const header = await banner();

    await user.click(await within(header).findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();

    await user.click(within(header).getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await within(header).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('closes the logout dialog with Escape', async () => {
    const { user } = renderApp({ path: '/m/home', session: memberSession });
    await user.click(within(await banner()).getByRole('button', { name: 'Log out' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends a member who logs out on a member screen home (logout machine)', async () => {
    const { user, router } = renderApp({ path: '/m/member/home', session: memberSession });
    await user.click(within(await banner()).getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await within(await banner()).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('has the side menu toggle on home, with the language list', async () => {
    const { user } = renderApp({ path: '/m/home' });
    const header = await banner();
    await user.click(within(header).getByRole('button', { name: 'Open menu' }));
    // The menu loads with the first tap of its toggle.
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no menu toggle away from home', async () => {
    renderApp({ path: '/m/set' });
    const header = await banner();
    expect(await within(header).findByRole('heading', { name: 'Personal settings' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(within(header).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('hides the account actions where the header is hidden (login)', async () => {
    renderApp({ path: '/m/login' });
    const header = await banner();
    expect(await within(header).findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});

describe('header: free play', () => {
  it('offers a guest free play (/m/trail), and not a signed-in player', async () => {
    renderApp({ path: '/m/home' });
    expect(within(await banner()).getByRole('link', { name: 'Free trial' }).getAttribute('href')).toBe('/m/trail');
    cleanup();
    renderApp({ path: '/m/home', session: memberSession });
    expect(within(await banner()).queryByRole('link', { name: 'Free trial' })).toBeNull();
  });
});

describe('header: the member session', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('renews the session when it mounts and whenever home opens, never for a guest', async () => {
    const renew = vi.fn(async () => null);
    const { router } = renderApp({ path: '/m/set', session: memberSession, renew });
    await banner();
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(1));
    expect(renew).toHaveBeenCalledWith('tok-member');
    await router.navigate({ to: '/m/help' });
    await router.navigate({ to: '/m/home' });
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(2));
    cleanup();
    const guestRenew = vi.fn(async () => null);
    renderApp({ path: '/m/home', renew: guestRenew });
    await banner();
    expect(guestRenew).not.toHaveBeenCalled();
  });

  it('a restored session the server has replaced: the message, the login screen, the remembered account kept', async () => {
    localStorage.setItem('MC_REMEMBER', JSON.stringify({ method: 'username', account: 'alice', deviceToken: 'dev-1' }));
    sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(memberSession));
    const renew = vi.fn(() => Promise.reject(new ApiError('server', 'login.not.session', 'replaced', 401)));
    const { router } = renderApp({ path: '/m/set', session: memberSession, renew, storage: true });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Your account was logged in on another device, please log in again.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(sessionStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(JSON.parse(localStorage.getItem('MC_REMEMBER') ?? 'null')).toEqual({ method: 'username', account: 'alice' });
  });

  it('any authenticated call answered user.or.token.invalid logs out with the spec message, which then goes away', async () => {
    const { router } = renderApp({ path: '/m/set', session: memberSession });
    await within(await banner()).findByRole('button', { name: 'Log out' });
    // What the API client reports for a 401 of an authenticated call (src/app/api.ts).
    act(() => notifySessionEnded({ errorCode: 'user.or.token.invalid', token: 'tok-member' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe('The account has been logged out, please log in again');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('forgets the device token the moment a call finds the session ended, so a page load right after cannot sign in again', async () => {
    localStorage.setItem('MC_REMEMBER', JSON.stringify({ method: 'username', account: 'alice', deviceToken: 'dev-1', deviceTokenExpiresAt: 1 }));
    sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(memberSession));
    renderApp({ path: '/m/set', session: memberSession, storage: true });
    await within(await banner()).findByRole('button', { name: 'Log out' });
    act(() => notifySessionEnded({ errorCode: 'login.not.session', token: memberSession.token }));
    // Read in the same turn: nothing was left to load first.
    expect(JSON.parse(localStorage.getItem('MC_REMEMBER') ?? 'null')).toEqual({ method: 'username', account: 'alice' });
    expect(sessionStorage.getItem('MC_SESSION_INFO')).toBeNull();
  });

  it('ignores an answer about an older session', async () => {
    const { router } = renderApp({ path: '/m/set', session: memberSession });
    const header = await banner();
    await within(header).findByRole('button', { name: 'Log out' });
    act(() => notifySessionEnded({ errorCode: 'login.not.session', token: 'tok-from-before' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/m/set');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});
