import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../contract/messages/en.json';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

/** Every catalog the project has: one messages file per language. */
const catalogFiles = Object.keys(import.meta.glob('../../../contract/messages/*.json'));

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

describe('left side menu', () => {
  it('gives a member the favourites entry, which opens the favourites list', async () => {
    lobbyServer();
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    const menu = await openMenu(user);
    const favourites = await within(menu).findByRole('link', { name: 'Favourites' });
    expect(favourites.getAttribute('href')).toBe('/m/gameList?type=fav');
    await user.click(favourites);
    await waitFor(() => expect(router.state.location.href).toBe('/m/gameList?type=fav'));
  });

  it('lists every language the project has a catalog for', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    const menu = await openMenu(user);
    const languages = within(within(menu).getByRole('region', { name: 'Language' })).getAllByRole('button');
    const codes = catalogFiles.map((file) => file.replace(/^.*\/(\w+)\.json$/, '$1').toUpperCase());
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const names = codes.map((code) => (en as Record<string, string>)[`language.${code}`]);
    expect(languages.map((b) => b.textContent).sort()).toEqual(names.sort());
  });
});
