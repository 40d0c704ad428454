import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderApp } from '../../test/render-app.tsx';

describe('navbar', () => {
  it('shows the logo, not a back arrow, on home', async () => {
    renderApp({ path: '/m/home' });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'M Casino home' }).getAttribute('href')).toBe('/m/home');
    expect(within(header).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(header).getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
  });

  it('shows a back arrow and the title elsewhere', async () => {
    renderApp({ path: '/m/help' });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'M Casino home' })).toBeNull();
    expect(within(header).getByRole('heading', { level: 1, name: 'Help center' })).toBeTruthy();
  });

  it('shows neither logo nor back on the first password change', async () => {
    renderApp({ path: '/m/changePsw', session: { ...memberSession, firstTimeLogin: true } });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'M Casino home' })).toBeNull();
  });

  it('goes home from login', async () => {
    const { user, router } = renderApp({ path: '/m/login' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });

  it('goes one step back elsewhere', async () => {
    const { user, router } = renderApp({ path: '/m/home' });
    await screen.findByRole('banner');
    await router.navigate({ to: '/m/set' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });

  it('goes home when there is no step to go back to', async () => {
    const { user, router } = renderApp({ path: '/m/set' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });
});
