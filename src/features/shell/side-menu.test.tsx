import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../contract/messages/en.json';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { openSideMenu } from '../../test/side-menu.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

/** Every catalog the project has: one messages file per language. */
const catalogFiles = Object.keys(import.meta.glob('../../../contract/messages/*.json'));

// The menu and the lobby code it loads come on demand; loaded here once, so the tests wait for the app.
beforeAll(() => Promise.all([import('./side-menu.tsx'), import('../../app/lobby-actors.ts')]));

// The home's notice popup is not part of these tests (each starts with empty storage: src/test/setup.ts).
beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
});

describe('left side menu', () => {
  it('gives a member the favourites entry, which opens the favourites list', async () => {
    lobbyServer();
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    const menu = await openSideMenu(user);
    const favourites = await within(menu).findByRole('link', { name: 'Favourites' });
    expect(favourites.getAttribute('href')).toBe('/m/gameList?type=fav');
    await user.click(favourites);
    await waitFor(() => expect(router.state.location.href).toBe('/m/gameList?type=fav'));
  });

  it('lists every language the project has a catalog for', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    const menu = await openSideMenu(user);
    const languages = within(within(menu).getByRole('region', { name: 'Language' })).getAllByRole('button');
    const codes = catalogFiles.map((file) => file.replace(/^.*\/(\w+)\.json$/, '$1').toUpperCase());
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const names = codes.map((code) => (en as Record<string, string>)[`language.${code}`]);
    expect(languages.map((b) => b.textContent).sort()).toEqual(names.sort());
  });
});
