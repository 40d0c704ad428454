/**
 * The side menu's first opening in a page: a file of its own, since the menu
 * keeps the categories it loaded for the rest of the page (the module), and
 * the other menu tests (side-menu.test.tsx) open it too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorGameTypesEndpoint } from '../../../contract/games.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { openSideMenu } from '../../test/side-menu.ts';
import { renderApp } from '../../test/render-app.tsx';

// The menu and the lobby code it loads come on demand; loaded here once, so the tests wait for the app.
beforeAll(() => Promise.all([import('./side-menu.tsx'), import('../../app/lobby-actors.ts')]));

// The home's notice popup is not part of these tests (each starts with empty storage: src/test/setup.ts).
beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
});

describe('left side menu, opened for the first time', () => {
  it('loads the vendor categories only when it opens, lists them in the spec order and opens each list', async () => {
    const server = lobbyServer();
    const { user, router } = renderApp({ path: '/m/home' });
    await screen.findByTestId('home-block-HOT');
    const before = server.to(vendorGameTypesEndpoint.path).length;
    const menu = await openSideMenu(user);
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
