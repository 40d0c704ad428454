/**
 * Opens the home header's side menu as a player does and returns its dialog.
 * The first opening builds the drawer from code and catalog parts loaded on
 * demand: on a busy machine (a full test run on two cores) that alone has
 * taken longer than the default wait.
 */
import { screen, within } from '@testing-library/react';
import type { renderApp } from './render-app.tsx';

export async function openSideMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
}
