import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const banner = async () => screen.findByRole('banner');

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
    expect(within(header).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/m/voucherCenter');
    expect(within(header).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/m/withdraw');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('gives a trial account the member actions too', async () => {
    renderApp({ path: '/m/home', session: trialSession });
    expect(within(await banner()).getByRole('link', { name: 'Deposit' })).toBeTruthy();
  });

  it('logs out only after the confirm dialog is accepted', async () => {
    const { user } = renderApp({ path: '/m/home', session: memberSession });
    const header = await banner();

    await user.click(within(header).getByRole('button', { name: 'Log out' }));
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
    const menu = screen.getByRole('dialog', { name: 'Menu' });
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
