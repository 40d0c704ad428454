import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { openSideMenu } from '../../test/side-menu.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

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

  it('lists the languages the merchant offers, each named in its own language', async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/home' });
    const menu = await openSideMenu(user);
    const languages = within(within(menu).getByRole('region', { name: 'Language' })).getAllByRole('button');
    // The fake merchant offers EN and CN (src/test/lobby-fakes.ts).
    expect(languages.map((b) => [b.textContent, b.getAttribute('lang')])).toEqual([
      ['简体中文', 'zh-CN'],
      ['English', 'en'],
    ]);
    expect(languages.find((b) => b.textContent === 'English')?.getAttribute('aria-pressed')).toBe('true');
  });
});
