import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const main = () => screen.getByRole('main');

describe('settings screen', () => {
  it('asks a guest to log in', async () => {
    const { user, router } = renderApp({ path: '/m/set' });
    expect(await within(await screen.findByRole('main')).findByText('Log in to manage your account.')).toBeTruthy();
    expect(within(main()).queryByRole('link', { name: 'Change password' })).toBeNull();
    await user.click(within(main()).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('shows a member the account, change password and log out', async () => {
    const { user, router } = renderApp({ path: '/m/set', session: memberSession });
    expect(await within(await screen.findByRole('main')).findByText('Signed in as alice')).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Log out' })).toBeTruthy();
    await user.click(within(main()).getByRole('link', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/changePsw'));
    expect(await screen.findByLabelText('Old password')).toBeTruthy();
  });

  it('gives a trial account no change password', async () => {
    renderApp({ path: '/m/set', session: trialSession });
    expect(await within(await screen.findByRole('main')).findByText('Signed in as trial01')).toBeTruthy();
    expect(within(main()).queryByRole('link', { name: 'Change password' })).toBeNull();
    expect(within(main()).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('logs out after the confirm dialog, and only then', async () => {
    const { user, router } = renderApp({ path: '/m/set', session: memberSession });
    await user.click(await within(await screen.findByRole('main')).findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(main()).getByText('Signed in as alice')).toBeTruthy();
    await user.click(within(main()).getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
