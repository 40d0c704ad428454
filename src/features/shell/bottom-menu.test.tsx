import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSettings, memberSession, renderApp, trialSession } from '../../test/render-app.tsx';

const bottomMenu = () => screen.findByRole('navigation', { name: 'Main menu' });

// The trial offer's dialog loads on demand; loaded here once, so the test waits for the app, not the test runner.
beforeAll(() => import('../../ui/dialog.tsx'));

describe('bottom menu', () => {
  it('has member center, promotions, home and deposit with its bonus badge', async () => {
    renderApp({ path: '/m/home' });
    const menu = await bottomMenu();
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/m/member/home',
      '/m/activity',
      '/m/home?category=HOT',
      '/m/voucherCenter',
    ]);
    expect(await within(menu).findByRole('link', { name: 'Deposit (bonus ₱258)' })).toBeTruthy();
    expect(within(menu).getByText('₱258').textContent).toBe('₱258');
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Member' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the badge the merchant sets, and none without one', async () => {
    const first = renderApp({ path: '/m/home', settings: { ...demoSettings, depositBadge: 10050 } });
    expect(await within(await bottomMenu()).findByRole('link', { name: 'Deposit (bonus ₱100.50)' })).toBeTruthy();
    first.unmount();
    renderApp({ path: '/m/home', settings: { ...demoSettings, depositBadge: null } });
    const menu = await bottomMenu();
    expect(within(menu).getByRole('link', { name: 'Deposit' })).toBeTruthy();
    expect(within(menu).queryByText(/₱/)).toBeNull();
  });

  it('highlights promotions on an activity detail', async () => {
    renderApp({ path: '/m/activityDetail?id=7' });
    const menu = await bottomMenu();
    expect(within(menu).getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('is not there on login', async () => {
    renderApp({ path: '/m/login' });
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('sends a guest opening member center to login', async () => {
    const { user, router } = renderApp({ path: '/m/home' });
    await user.click(within(await bottomMenu()).getByRole('link', { name: 'Member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });

  it('opens member center for a member', async () => {
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    await user.click(within(await bottomMenu()).getByRole('link', { name: 'Member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/member/home'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Member center' })).toBeTruthy();
  });

  it('offers a trial account registration instead of member center', async () => {
    // On a screen with the bottom bar and nothing else loading on demand.
    const { user, router } = renderApp({ path: '/m/set', session: trialSession });
    // Once the trial session is restored (the header offers to log out).
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'Log out' });
    await user.click(within(await bottomMenu()).getByRole('link', { name: 'Member' }));
    // The dialog loads with the tap; React reveals it after its Suspense throttle (300 ms).
    const dialog = await screen.findByRole('alertdialog', { name: 'Free trial account' });
    expect(router.state.location.pathname).toBe('/m/set');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/register'));
  });
});
