/**
 * The side menu's first opening in a page: a file of its own, since the menu
 * keeps the categories it loaded for the rest of the page (the module), and
 * the other menu tests (side-menu.test.tsx) open it too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorGameTypesEndpoint } from '../../../contract/games.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { renderApp } from '../../test/render-app.tsx';

const openMenu = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Open menu' }));
  // The first opening builds the drawer from code and catalog parts loaded on demand: on a busy
  // machine (a full test run on two cores) that alone has taken longer than the default wait.
  return screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
};

// The menu and the lobby code it loads come on demand; loaded here once, so the tests wait for the app.
beforeAll(() => Promise.all([import('./side-menu.tsx'), import('../../app/lobby-actors.ts')]));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem('NOTICE_POP', '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('left side menu, opened for the first time', () => {
  it('loads the vendor categories only when it opens, lists them in the spec order and opens each list', async () => {
    const server = lobbyServer();
    const { user, router } = renderApp({ path: '/m/home' });
    await screen.findByTestId('home-block-HOT');
    const before = server.to(vendorGameTypesEndpoint.path).length;
    const menu = await openMenu(user);
    const section = within(menu).getByRole('region', { name: 'Game categories' });
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(8));
    expect(server.to(vendorGameTypesEndpoint.path)).toHaveLength(before + 1);
    expect(within(section).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Slots', '/m/slot-games'],
      ['In-house', '/m/gameCenter?gameCategory=INHOUSE'],
      ['Fishing', '/m/fishing-games'],
      ['Live', '/m/live-games'],
      ['Sports', '/m/sport-games'],
      ['E-sports', '/m/esport-games'],
      ['Lottery', '/m/lott'],
      ['E-lottery', '/m/elott'],
    ]);
    // A guest has no favourites entry.
    expect(within(menu).queryByRole('link', { name: 'Favourites' })).toBeNull();
    await user.click(within(section).getByRole('link', { name: 'In-house' }));
    await waitFor(() => expect(router.state.location.href).toBe('/m/gameCenter?gameCategory=INHOUSE'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

});
