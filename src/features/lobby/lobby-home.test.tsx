import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint, winnerBoardEndpoint } from '../../../contract/games.ts';
import { launchGameEndpoint } from '../../../contract/member-games.ts';
import { walletEndpoint } from '../../../contract/wallet.ts';
import { writeLanguage } from '../../app/storage.ts';
import { fakeVendors, lobbyServer } from '../../test/lobby-fakes.ts';
import { memberSession, renderApp } from '../../test/render-app.tsx';

const hub = async () => screen.findByRole('navigation', { name: 'Game categories' });
const hubButton = async (name: string) => within(await hub()).findByRole('button', { name });
const tilesIn = (element: HTMLElement) => within(element).queryAllByTestId('game-tile');
const names = (element: HTMLElement) => tilesIn(element).map((t) => t.querySelector('button')?.firstElementChild?.nextElementSibling?.textContent);

// The home's parts below the first screen and its lists come on demand; loaded here once, so each test
// waits for the app, not for the code the tests run before it happened to load.
beforeAll(() => Promise.all([import('../../app/lobby-actors.ts'), import('./home-below.tsx'), import('./game-list-view.tsx')]));

// The home's notice popup is not part of these tests (each starts with empty storage: src/test/setup.ts).
beforeEach(() => {
  sessionStorage.setItem('NOTICE_POP', '1');
});

describe('home game hub', () => {
  it('lists HOME, HOT and the categories in the spec order (INHOUSE after RNG, lotteries last)', async () => {
    lobbyServer();
    renderApp({ path: '/m/home' });
    const expected = ['Home', 'Hot', 'Slots', 'In-house', 'Fishing', 'Live', 'Sports', 'E-sports', 'Lottery', 'E-lottery'];
    await waitFor(async () => expect(within(await hub()).getAllByRole('button').map((b) => b.textContent)).toEqual(expected));
  });

  it('shows the member entries to a member', async () => {
    lobbyServer();
    renderApp({ path: '/m/home', session: memberSession });
    await waitFor(async () =>
      expect(within(await hub()).getAllByRole('button').map((b) => b.textContent).slice(0, 5)).toEqual(['Home', 'Hot', 'My collection', 'Recent', 'Slots']),
    );
  });

  it('HOME: 6 hot games, category blocks of 9 tiles, vendor lists, picks of 6 with the more link only above 3', async () => {
    const server = lobbyServer();
    renderApp({ path: '/m/home' });
    const hot = await screen.findByTestId('home-block-HOT');
    expect(tilesIn(hot)).toHaveLength(6);
    await waitFor(() => expect(tilesIn(screen.getByTestId('home-block-RNG'))).toHaveLength(9));
    expect(tilesIn(screen.getByTestId('home-block-INHOUSE'))).toHaveLength(3);
    expect(within(screen.getByTestId('vendor-list-SPORTS')).getAllByRole('link').map((l) => l.textContent)).toEqual(['Sportbix', 'IM Esports']);
    expect(screen.queryByTestId('home-block-LOTT')).toBeNull();
    const lists = server.to(gameListEndpoint.path).map((r) => `${r.query.get('gameType')}:${r.query.get('vassalage') ?? ''}:${r.query.get('pageSize')}`);
    expect(lists).toEqual(['RNG::9', 'RNG:BGS:9', 'FISH::9', 'LIVE::9', 'RNG:PXG:6', 'RNG:LUX:6', 'FISH:OCN:6', 'LIVE:EVL:6']);
    // Picks: PXG has 5 games and LUX 4 (more link), OCN and EVL 2 (none).
    const more = (code: string) => within(screen.getByTestId(`home-pick-${code}`)).queryByRole('link', { name: 'See all' });
    await waitFor(() => expect(tilesIn(screen.getByTestId('home-pick-PXG'))).toHaveLength(5));
    expect(more('PXG')?.getAttribute('href')).toBe('/m/gameList?gameType=RNG&vassalage=PXG');
    expect(more('LUX')).not.toBeNull();
    expect(more('OCN')).toBeNull();
    expect(more('EVL')).toBeNull();
  });

  it("the hot block's title strip only switches the hub to HOT, without leaving the home", async () => {
    lobbyServer();
    const { user, router } = renderApp({ path: '/m/home' });
    const hot = await screen.findByTestId('home-block-HOT');
    // The home has settled: what it builds below the first screen is in.
    await screen.findByTestId('winner-board');
    await user.click(within(hot).getByRole('button', { name: 'See all' }));
    expect((await hubButton('Hot')).getAttribute('aria-current')).toBe('true');
    expect(router.state.location.pathname).toBe('/m/home');
    // The hub's lists load with the first choice of one.
    // The list loads with the choice; React reveals it after its Suspense throttle (300 ms).
    await waitFor(() => expect(screen.getAllByTestId('game-tile').length).toBe(14));
    expect(screen.queryByTestId('home-block-HOT')).toBeNull();
  });

  it('?category=HOT (the bottom menu home) selects HOT, then the address is plain /m/home again', async () => {
    lobbyServer();
    const { user, router } = renderApp({ path: '/m/home?category=HOT' });
    await waitFor(async () => expect((await hubButton('Hot')).getAttribute('aria-current')).toBe('true'));
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await user.click(await hubButton('Slots'));
    expect((await hubButton('Slots')).getAttribute('aria-current')).toBe('true');
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }));
    await waitFor(async () => expect((await hubButton('Hot')).getAttribute('aria-current')).toBe('true'));
  });

  it('LOTT and ELOTT launch their game: a guest goes to login; a member launches with the prize mode rule', async () => {
    const guestServer = lobbyServer();
    const guest = renderApp({ path: '/m/home' });
    await guest.user.click(await hubButton('E-lottery'));
    await waitFor(() => expect(guest.router.state.location.pathname).toBe('/m/login'));
    expect(guestServer.to(launchGameEndpoint.path, 'POST')).toEqual([]);
    guest.unmount();

    const server = lobbyServer();
    const { user, router } = renderApp({ path: '/m/home', session: memberSession });
    await user.click(await hubButton('E-lottery'));
    await waitFor(() => expect(server.to(launchGameEndpoint.path, 'POST')).toHaveLength(1));
    expect(server.to(launchGameEndpoint.path, 'POST')[0]!.body).toMatchObject({
      gameCategory: 'ELOTT',
      vendor: 'TCG_LOTTO_VN',
      prizeMode: 'ELOTT',
      playType: 'ent',
    });
    await user.click(await hubButton('Lottery'));
    await waitFor(() => expect(server.to(launchGameEndpoint.path, 'POST')).toHaveLength(2));
    expect(server.to(launchGameEndpoint.path, 'POST')[1]!.body).toMatchObject({ vendor: 'TCG_SEA', prizeMode: 'SEA', playType: 'trad' });
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('a language change reloads hot games, blocks, picks, vendor names and winners: 250 ms later, lists one after another 400 ms apart', async () => {
    writeLanguage('EN');
    const small = fakeVendors.filter((v) => ['PXG', 'OCN', 'SBX'].includes(v.code));
    const server = lobbyServer({ vendors: small });
    const { user } = renderApp({ path: '/m/home', storage: true });
    const winners = await screen.findByTestId('winner-board');
    await waitFor(() => expect(names(screen.getByTestId('home-block-RNG'))).toContain('Pixelgold 1'));
    expect(within(screen.getByTestId('home-pick-OCN')).getByRole('heading').textContent).toBe('Oceanic');
    const before = server.requests.length;

    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Open menu' }));
    // The menu's first opening builds it from catalog parts loaded on demand (see side-menu.test.tsx).
    const chinese = await screen.findByRole('button', { name: '简体中文' });
    const beforeClick = server.elapsed();
    await user.click(chinese);

    await waitFor(() => expect(names(screen.getByTestId('home-pick-OCN'))).toContain('Oceanic 1 中'));
    expect(names(screen.getByTestId('home-block-HOT'))).toContain('Pixelgold 1 中');
    expect(names(screen.getByTestId('home-block-RNG'))).toContain('Pixelgold 1 中');
    expect(names(screen.getByTestId('home-block-FISH'))).toContain('Oceanic 1 中');
    expect(within(screen.getByTestId('home-pick-OCN')).getByRole('heading').textContent).toBe('Oceanic 中');
    expect(within(screen.getByTestId('vendor-list-SPORTS')).getByRole('link').textContent).toBe('Sportbix 中');
    expect(within(winners).getAllByText(/Pixelgold 1 中/).length).toBeGreaterThan(0);

    const after = server.requests.slice(before).filter((r) => r.language === 'CN');
    const lists = after.filter((r) => r.path === gameListEndpoint.path);
    expect(lists.map((r) => `${r.query.get('gameType')}:${r.query.get('vassalage') ?? ''}:${r.query.get('pageSize')}`)).toEqual([
      'RNG::9',
      'FISH::9',
      'RNG:PXG:6',
      'FISH:OCN:6',
    ]);
    for (let i = 1; i < lists.length; i++) expect(lists[i]!.at - lists[i - 1]!.at).toBeGreaterThanOrEqual(395);
    const types = after.filter((r) => r.path === vendorGameTypesEndpoint.path);
    expect(types).toHaveLength(1);
    expect(lists[0]!.at - types[0]!.at).toBeGreaterThanOrEqual(395);
    expect(after.filter((r) => r.path === hotGamesEndpoint.path)).toHaveLength(1);
    expect(after.filter((r) => r.path === winnerBoardEndpoint.path)).toHaveLength(1);
    // Debounced: nothing reloads before 250 ms have passed.
    expect(Math.min(...after.map((r) => r.at)) - beforeClick).toBeGreaterThanOrEqual(250);
    expect(server.requests.slice(before).filter((r) => r.path === gameListEndpoint.path && r.language !== 'CN')).toEqual([]);
  }, 15_000);
});

describe('home and the wallet', () => {
  it("a member's home load refreshes the wallet; a guest's asks for none", async () => {
    const server = lobbyServer();
    const { router } = renderApp({ path: '/m/set', session: { ...memberSession, token: 'tok-home-wallet' } });
    await waitFor(() => expect(server.to(walletEndpoint.path)).toHaveLength(1));
    await router.navigate({ to: '/m/home' });
    await waitFor(() => expect(server.to(walletEndpoint.path)).toHaveLength(2));
  });

  it('a guest home asks for no wallet', async () => {
    const server = lobbyServer();
    renderApp({ path: '/m/home' });
    await screen.findByTestId('home-block-HOT');
    expect(server.to(walletEndpoint.path)).toEqual([]);
  });
});
