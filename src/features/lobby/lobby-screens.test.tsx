import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bannersEndpoint } from '../../../contract/content.ts';
import { gameListEndpoint, hotGamesEndpoint } from '../../../contract/games.ts';
import { favouriteGamesEndpoint, favouriteIdsEndpoint, launchGameEndpoint, recentGamesEndpoint } from '../../../contract/member-games.ts';
import { lobbyServer } from '../../test/lobby-fakes.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const loginNotice = 'You are not logged in, please login first';
const tileIds = () => screen.queryAllByTestId('game-tile').map((t) => Number(t.getAttribute('data-game-id')));
const tileNames = () => screen.queryAllByTestId('game-tile').map((t) => t.querySelector('button')?.children[1]?.textContent);

// The home's notice popup is not part of these tests (each starts with empty storage: src/test/setup.ts).
beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
});

describe('favourites and recent games as a guest (spec sections 5 and 6)', () => {
  it.each([
    ['/m/gameList?type=fav', favouriteGamesEndpoint.path],
    ['/m/gameCenter?gameCategory=FAV', favouriteGamesEndpoint.path],
    ['/m/gameCenter?gameCategory=RECENT', recentGamesEndpoint.path],
  ])('%s shows the login notice for 2 s and asks the server nothing', async (path, endpoint) => {
    const server = lobbyServer();
    renderApp({ path });
    const toast = await screen.findByText(loginNotice, { selector: '[role="status"]' });
    expect(toast).toBeTruthy();
    const state = screen.getByRole('heading', { name: loginNotice }).closest('section')!;
    expect(within(state).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/m/login');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByText(loginNotice, { selector: '[role="status"]' })).toBeNull());
    expect(server.to(endpoint)).toEqual([]);
  });

  it("a guest's star tap goes to login; the star never shows as on and nothing is sent", async () => {
    const server = lobbyServer();
    const { router } = renderApp({ path: '/m/hot-games' });
    const star = (await screen.findAllByRole('button', { name: /^Favourite: / }))[0]!;
    expect(star.getAttribute('aria-pressed')).toBe('false');
    star.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
    expect(server.to(favouriteIdsEndpoint.path)).toEqual([]);
  });

  it('a guest has no recent or favourites tab on a list page', async () => {
    lobbyServer();
    renderApp({ path: '/m/gameList?gameType=LIVE' });
    const tabs = await screen.findByRole('tablist', { name: 'Game list' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Hot']);
  });
});

describe('page sizes (spec section 9)', () => {
  it('list pages ask for 25 games, the favourites page for 30', async () => {
    const server = lobbyServer();
    const { unmount } = renderApp({ path: '/m/gameList?gameType=LIVE' });
    await waitFor(() => expect(server.to(gameListEndpoint.path)).toHaveLength(1));
    expect(server.to(gameListEndpoint.path)[0]!.query.get('pageSize')).toBe('25');
    unmount();
    const member = lobbyServer();
    renderApp({ path: '/m/gameList?type=fav', session: memberSession });
    await waitFor(() => expect(member.to(favouriteGamesEndpoint.path)).toHaveLength(1));
    expect(member.to(favouriteGamesEndpoint.path)[0]!.query.get('pageSize')).toBe('30');
    await waitFor(() => expect(tileIds()).toHaveLength(2));
  });
});

describe('game list centre', () => {
  it('without a category filters the whole catalogue: every vendor, and classifies of every category', async () => {
    const server = lobbyServer();
    const { user } = renderApp({ path: '/m/gameList' });
    const vendor = await screen.findByRole('combobox', { name: 'Provider' });
    expect(within(vendor).getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Pixelgold', 'Luxon', 'Oceanic', 'Evolux', 'Sportbix']),
    );
    await user.selectOptions(vendor, 'OCN');
    await waitFor(() => expect(server.to(gameListEndpoint.path).at(-1)!.query.get('vassalage')).toBe('OCN'));
    expect(server.to(gameListEndpoint.path).at(-1)!.query.get('gameType')).toBeNull();
    await waitFor(() => expect(tileIds()).toHaveLength(2));
  });

  it("has no catalogue filters on a member's favourites or recent games", async () => {
    lobbyServer();
    const { user } = renderApp({ path: '/m/gameList?gameType=RNG', session: memberSession });
    expect(await screen.findByRole('combobox', { name: 'Provider' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Recent' }));
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
  });

  it('searches the whole catalogue of its gameType on the server, on any tab; a search that finds nothing says so and clears', async () => {
    const server = lobbyServer();
    const { user } = renderApp({ path: '/m/gameList?gameType=RNG' });
    await waitFor(() => expect(tileIds()).toHaveLength(12));
    const hotTab = screen.getByRole('tab', { name: 'Hot' });
    await user.click(hotTab);
    await waitFor(() => expect(tileNames()).toEqual(['Pixelgold 1', 'Pixelgold 2', 'Luxon 1', 'Luxon 2', 'BG Studio 1', 'BG Studio 2']));
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    // Luxon 3 is not a hot game: the search is the catalogue's.
    await user.type(box, 'LUXON 3');
    await waitFor(() => expect(tileNames()).toEqual(['Luxon 3']));
    const searches = server.to(gameListEndpoint.path).filter((r) => r.query.has('gameName'));
    expect(searches.map((r) => [r.query.get('gameName'), r.query.get('gameType')])).toEqual([['LUXON 3', 'RNG']]);
    expect(hotTab.getAttribute('aria-selected')).toBe('true');

    await user.clear(box);
    await user.type(box, 'zzqx');
    const nothing = await screen.findByRole('heading', { name: 'No games match “zzqx”' });
    expect(tileIds()).toEqual([]);
    await user.click(within(nothing.closest('section')!).getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(tileNames()).toEqual(['Pixelgold 1', 'Pixelgold 2', 'Luxon 1', 'Luxon 2', 'BG Studio 1', 'BG Studio 2']));
    expect(screen.queryByRole('heading', { name: /No games match/ })).toBeNull();
  }, 15_000);

  it('says when the next page fails, and loads it again on request', async () => {
    const server = lobbyServer({ vendors: [{ code: 'PXG', name: 'Pixelgold', category: 'RNG', type: 'RNG', games: 30 }] });
    server.failOnce((r) => r.path === gameListEndpoint.path && r.query.get('pageNo') === '2');
    const { user } = renderApp({ path: '/m/gameList?gameType=RNG' });
    await waitFor(() => expect(tileIds().length).toBeGreaterThan(0));
    // jsdom lays nothing out: the list is "near its end" at once, so the next page is asked for.
    window.dispatchEvent(new Event('scroll'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unknown error');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have seen all 30 games')).toBeTruthy();
    expect(server.to(gameListEndpoint.path).filter((r) => r.query.get('pageNo') === '2')).toHaveLength(2);
  });
});

describe('favourite stars', () => {
  it('show every favourite of a member with more than one page of them (100 ids a page)', async () => {
    // 150 favourites: N1..N149 and N1000 on the second page; the fake catalogue's games are N1, N2, ...
    const favourites = [...Array.from({ length: 149 }, (_, i) => `N${i + 1}`), 'N1000'].reverse();
    const server = lobbyServer({
      answers: {
        [`GET ${favouriteIdsEndpoint.path}`]: (r) => {
          const pageNo = Number(r.query.get('pageNo'));
          return { list: favourites.slice((pageNo - 1) * 100, pageNo * 100), pageNum: pageNo, totalPages: 2, total: favourites.length };
        },
      },
    });
    renderApp({ path: '/m/gameList?gameType=RNG', session: memberSession });
    await waitFor(() => expect(server.to(favouriteIdsEndpoint.path).map((r) => r.query.get('pageNo'))).toEqual(['1', '2']));
    // The listed games (N1, N2, ...) are all on the second page of ids: every star is on.
    const stars = await screen.findAllByRole('button', { name: /^Favourite: / });
    expect(stars.length).toBeGreaterThan(5);
    for (const star of stars) expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryAllByRole('button', { name: /^Favourite: /, pressed: false })).toHaveLength(0);
  });
});

describe('in-house lists', () => {
  it('the recent and favourites tabs of the in-house list ask for in-house games only', async () => {
    const server = lobbyServer();
    const { user } = renderApp({ path: '/m/gameList?gameType=INHOUSE', session: memberSession });
    await waitFor(() => expect(server.to(gameListEndpoint.path)).toHaveLength(1));
    expect(Object.fromEntries(server.to(gameListEndpoint.path)[0]!.query)).toMatchObject({ gameType: 'RNG', vassalage: 'BGS' });
    await user.click(await screen.findByRole('tab', { name: 'Recent' }));
    await waitFor(() => expect(server.to(recentGamesEndpoint.path)).toHaveLength(1));
    expect(server.to(recentGamesEndpoint.path)[0]!.query.get('gameType')).toBe('INHOUSE');
    await waitFor(() => expect(tileNames()).toEqual(['BG Studio 1', 'BG Studio 2']));
    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    await waitFor(() => expect(server.to(favouriteGamesEndpoint.path)).toHaveLength(1));
    expect(server.to(favouriteGamesEndpoint.path)[0]!.query.get('gameType')).toBe('INHOUSE');
  });

  it('the game centre HOME shows an in-house game block, then the other categories as vendor blocks', async () => {
    const server = lobbyServer();
    renderApp({ path: '/m/gameCenter' });
    const strip = await screen.findByTestId('strip-INHOUSE');
    await waitFor(() => expect(within(strip).getAllByTestId('game-tile')).toHaveLength(3));
    expect(within(strip).getByRole('heading').textContent).toBe('In-house');
    expect(within(strip).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/m/gameCenter?gameCategory=INHOUSE');
    const request = server.to(gameListEndpoint.path).find((r) => r.query.get('vassalage') === 'BGS')!;
    expect(Object.fromEntries(request.query)).toMatchObject({ gameType: 'RNG', vassalage: 'BGS', pageSize: '9' });
    expect(screen.queryByTestId('vendor-list-INHOUSE')).toBeNull();
    expect(screen.getByTestId('vendor-list-RNG')).toBeTruthy();
    expect(screen.queryByTestId('strip-recent')).toBeNull();
  });
});

describe('slots centre', () => {
  it('shows the fixed jackpot: a number from 833,000,000.00 to 833,999,999.99 with 2 decimals, which stands', async () => {
    lobbyServer();
    renderApp({ path: '/m/slotsCenter' });
    const value = await screen.findByText(/^833,\d{3},\d{3}\.\d{2}$/);
    expect(value.previousElementSibling!.textContent).toBe('Jackpot');
    const shown = value.textContent;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(value.textContent).toBe(shown);
  });
});

describe('hot-games centre', () => {
  it('shows the m_hotgames banners, filters the hot list in its panel, switches category and searches by name', async () => {
    const server = lobbyServer();
    const { user } = renderApp({ path: '/m/hot-games' });
    const banners = await screen.findByRole('region', { name: 'Promotions' });
    expect(within(banners).getAllByRole('img').length).toBeGreaterThan(0);
    expect(server.to(bannersEndpoint.path).map((r) => r.query.get('groupName'))).toEqual(['m_hotgames']);
    await waitFor(() => expect(tileIds()).toHaveLength(14));

    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Provider')).toBeNull();
    await user.click(filters);
    await user.selectOptions(screen.getByLabelText('Provider'), 'Luxon');
    expect(tileNames()).toEqual(['Luxon 1', 'Luxon 2']);
    await user.selectOptions(screen.getByLabelText('Min bet'), '0.10');
    expect(tileNames()).toEqual(['Luxon 2']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(tileIds()).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(tileNames()).toEqual(['Pixelgold 1', 'Luxon 1', 'BG Studio 1', 'Oceanic 1', 'Evolux 1', 'Sportbix 1', 'IM Esports 1', 'TCG SEA Lotto 1', 'TCG Lotto VN 1']);
    // The filters never ask the server: one hot list so far.
    expect(server.to(hotGamesEndpoint.path)).toHaveLength(1);
    expect(server.to(gameListEndpoint.path)).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Category'), 'FISH');
    await waitFor(() => expect(server.to(hotGamesEndpoint.path)).toHaveLength(2));
    expect(server.to(hotGamesEndpoint.path)[1]!.query.get('gameType')).toBe('FISH');
    await waitFor(() => expect(tileNames()).toEqual(['Oceanic 1', 'Oceanic 2']));

    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'OCEANIC 2');
    await waitFor(() => expect(tileNames()).toEqual(['Oceanic 2']));
    // The hot-games centre searches its loaded hot list: the catalogue is never asked.
    expect(server.to(gameListEndpoint.path)).toEqual([]);
  }, 15_000);
});

describe('lobby toasts', () => {
  it('a failed launch shows its error, then takes it away', async () => {
    lobbyServer({
      answers: {
        [`POST ${launchGameEndpoint.path}`]: () => {
          throw { status: 400, errorCode: 'game.launch.unavailable' };
        },
      },
    });
    const { user } = renderApp({ path: '/m/live-games', session: memberSession });
    await waitFor(() => expect(tileIds().length).toBeGreaterThan(0));
    await user.click(screen.getAllByTestId('game-tile')[0]!.querySelector('button')!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Play' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).not.toBe('');
    // How long it shows (1.5 s) is the launch machine's delay, counted on its simulated clock in
    // machines/launch.machine.test.ts: measured here on the wall clock, a busy machine that notices the
    // toast late would shorten it.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
