import type { Page } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { type Game, gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint } from '../../contract/games.ts';
import { favouriteGamesEndpoint } from '../../contract/member-games.ts';
import { fetchFrom } from './client-address.ts';
import { freshMember } from './money-support.ts';
import { brand, expect, giveSession, tapTile, test, text, visit, wheel } from './support.ts';

/** The API of the server under test, called from Node as a guest. */
function guestApi(baseURL: string) {
  const call = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true, fetch: fetchFrom() });
  return {
    list: (query: Record<string, unknown>) => call(gameListEndpoint, { query: { pageNo: 1, pageSize: 100, ...query } as never }),
    hot: () => call(hotGamesEndpoint, { query: {} }),
    types: () => call(vendorGameTypesEndpoint, { query: {} }),
  };
}

/**
 * A new member (no favourites, no recent games) signed in through the real
 * login call, its session handed to the page as the login screen leaves it.
 * Returns the member's favourites as the server has them.
 */
async function signInAsNewMember(page: Page, baseURL: string) {
  const member = await freshMember(baseURL, 'lobby');
  await giveSession(page, member.session);
  return {
    favourites: async () => (await member.call(favouriteGamesEndpoint, { query: { pageNo: 1, pageSize: 100 } as never })).games,
  };
}

/** Every [position, gameId] of the tiles in the page: position = row index × 3 + column. */
const tilePositions = (page: Page) =>
  page.locator('[data-index]').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [...row.querySelectorAll('[data-testid="game-tile"]')].map(
        (tile, column) => [Number(row.getAttribute('data-index')) * 3 + column, Number(tile.getAttribute('data-game-id'))] as [number, number],
      ),
    ),
  );

/** The notice popup shows once per browser session; these tests have seen it already. */
async function skipNoticePopup(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
}

/** Scrolls a screen by screen to its end, as a player does, until nothing waits to be built (WhenNear). */
async function scrollToEnd(page: Page) {
  for (let i = 0; i < 40 && (await page.locator('[data-when-near]').count()) > 0; i++) await wheel(page, 800);
  await expect(page.locator('[data-when-near]')).toHaveCount(0);
}

const tiles = (page: Page) => page.getByTestId('game-tile');
const tileIds = async (page: Page) =>
  (await tiles(page).evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-game-id'))))).sort((a, b) => a - b);
const launchable = (games: Game[]) => games.filter((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE' && g.gameType !== 'LOTT' && g.gameType !== 'ELOTT');

test.describe('lobby as a guest', () => {
  test('home shows banners, the notice popup once, the game hub without member entries, blocks, winners and footer', async ({ page }) => {
    await page.goto('/m/home');
    const popup = page.getByRole('dialog', { name: text('lobby.notice.popupTitle') });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: text('lobby.notice.close') }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('region', { name: text('lobby.banner.label') }).locator('img').first()).toBeVisible();
    const hub = page.getByRole('navigation', { name: text('lobby.hub.label') });
    await expect(hub.getByRole('button')).toHaveText([
      text('lobby.category.HOME'),
      text('lobby.category.HOT'),
      text('lobby.category.RNG'),
      text('lobby.category.INHOUSE'),
      text('lobby.category.FISH'),
      text('lobby.category.LIVE'),
      text('lobby.category.PVP'),
      text('lobby.category.COCKFIGHT'),
      text('lobby.category.SPORTS'),
      text('lobby.category.ESPORTS'),
      text('lobby.category.LOTT'),
      text('lobby.category.ELOTT'),
    ]);
    await expect(page.getByTestId('home-block-HOT').getByTestId('game-tile')).toHaveCount(6);
    // Category blocks show 9 tiles, picks 6.
    await expect(page.getByTestId('home-block-RNG').getByTestId('game-tile')).toHaveCount(9);
    // What is further down (the other blocks, the picks, the winner board, the footer) is built
    // as the player scrolls towards it.
    await expect(page.getByTestId('home-picks')).toHaveCount(0);
    await expect(page.getByTestId('winner-board')).toHaveCount(0);
    await scrollToEnd(page);
    await expect(page.getByTestId('home-pick-PXG').getByTestId('game-tile')).toHaveCount(6);
    await expect(page.getByTestId('vendor-list-ESPORTS').getByRole('link')).toHaveCount(3);
    await expect(page.getByTestId('winner-board')).toBeVisible();
    // Vendor logos: BTI and the TCG vendors share one icon, shown once (spec section 9).
    const logos = page.getByRole('region', { name: text('lobby.footer.vendors') }).locator('img');
    await expect(logos.first()).toBeAttached();
    const sources = await logos.evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(sources.filter((src) => src.endsWith('/TCG-WHITE.svg'))).toHaveLength(1);
    expect(sources.filter((src) => /TCG_/.test(src))).toEqual([]);
    expect(new Set(sources).size).toBe(sources.length);
    await expect(page.getByText(text('lobby.footer.copyright', { year: '2025', name: brand }))).toBeVisible();
    // Once per browser session.
    await page.reload();
    await expect(page.getByTestId('home-block-HOT')).toBeVisible();
    await expect(popup).toBeHidden();
  });

  test('every category page and every vendor list shows its games', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await skipNoticePopup(page);
    const api = guestApi(baseURL!);
    const pages: [string, string][] = [
      ['/m/live-games', 'LIVE'],
      ['/m/slot-games', 'RNG'],
      ['/m/fishing-games', 'FISH'],
      ['/m/poker-games', 'PVP'],
      ['/m/lott', 'LOTT'],
      ['/m/elott', 'ELOTT'],
      ['/m/sport-games', 'SPORTS'],
      ['/m/esport-games', 'ESPORTS'],
      ['/m/slotsCenter', 'RNG'],
    ];
    for (const [path, category] of pages) {
      await visit(page, path);
      const first = (await api.list({ gameType: category, pageSize: 1 })).games[0]!;
      await expect(page.locator(`[data-game-id="${first.gameId}"]`), path).toBeVisible();
    }
    // The lottery filter panel lists the lotteries (/lgw/games/mobile), each opening its game screen.
    await visit(page, '/m/lottery');
    await expect(page.locator('a[href^="/m/lotto/"]').first()).toBeVisible();
    const types = await api.types();
    // Vendors of the tile categories: the list shows that vendor's games only, starting with its first.
    for (const category of ['RNG', 'FISH', 'LIVE', 'PVP']) {
      const vendors = types.mapping[category]!.vendors.filter((v) => v.gameCategory === category);
      expect(vendors.length, category).toBeGreaterThan(0);
      for (const vendor of vendors) {
        await visit(page, `/m/gameList?gameType=${category}&vassalage=${vendor.vassalage}`);
        const expected = (await api.list({ gameType: category, vassalage: vendor.vassalage })).games.map((g) => g.gameId);
        await expect(page.locator(`[data-game-id="${expected[0]}"]`), vendor.vassalage).toBeVisible();
        const shown = await tileIds(page);
        expect(shown.length, vendor.vassalage).toBeGreaterThan(0);
        expect(shown.filter((id) => !expected.includes(id)), vendor.vassalage).toEqual([]);
      }
    }
    for (const category of ['SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      for (const vendor of types.mapping[category]!.vendors.filter((v) => v.gameCategory === category)) {
        await visit(page, `/m/gameList?gameType=${vendor.gameCategory}&vassalage=${vendor.vassalage}`);
        const expected = (await api.list({ gameType: vendor.gameCategory, vassalage: vendor.vassalage })).games;
        await expect.poll(() => tileIds(page), vendor.vassalage).toEqual(expected.map((g) => g.gameId).sort((a, b) => a - b));
      }
    }
    // The sports page lists its vendors; one opens its list.
    await visit(page, '/m/sport-games');
    await page.getByTestId('vendor-list-SPORTS').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/m\/gameList\?gameType=SPORTS&vassalage=/);
    await expect(tiles(page).first()).toBeVisible();
    await visit(page, '/m/hot-games');
    await expect(tiles(page).first()).toBeVisible();
  });

  test('the game centre shows in-house and cockfight games; its HOME has the in-house block', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const api = guestApi(baseURL!);
    const cockfight = (await api.list({ gameType: 'COCKFIGHT' })).games.map((g) => g.gameId);
    await page.goto('/m/gameCenter?gameCategory=COCKFIGHT');
    await expect.poll(() => tileIds(page)).toEqual([...cockfight].sort((a, b) => a - b));
    const inhouse = (await api.list({ gameType: 'INHOUSE' })).games;
    expect(inhouse.every((g) => g.vassalage === 'BGS')).toBe(true);
    await page.goto('/m/gameCenter?gameCategory=INHOUSE');
    await expect(page.locator(`[data-game-id="${inhouse[0]!.gameId}"]`)).toBeVisible();
    expect((await tileIds(page)).filter((id) => !inhouse.some((g) => g.gameId === id))).toEqual([]);
    await page.goto('/m/gameCenter');
    const strip = page.getByTestId('strip-INHOUSE');
    await expect(strip.getByTestId('game-tile')).toHaveCount(9);
    const stripIds = await strip.getByTestId('game-tile').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-game-id'))));
    expect(stripIds).toEqual(inhouse.slice(0, 9).map((g) => g.gameId));
  });

  test('switches categories in the home game hub', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const api = guestApi(baseURL!);
    await page.goto('/m/home');
    const hub = page.getByRole('navigation', { name: text('lobby.hub.label') });
    for (const [category, label] of [
      ['RNG', 'lobby.category.RNG'],
      ['FISH', 'lobby.category.FISH'],
      ['INHOUSE', 'lobby.category.INHOUSE'],
      ['PVP', 'lobby.category.PVP'],
    ] as const) {
      await hub.getByRole('button', { name: text(label) }).click();
      await expect(hub.getByRole('button', { name: text(label) })).toHaveAttribute('aria-current', 'true');
      const first = (await api.list({ gameType: category, pageSize: 1 })).games[0]!;
      await expect(page.locator(`[data-game-id="${first.gameId}"]`), category).toBeVisible();
      await expect(page.getByTestId('home-block-HOT')).toBeHidden();
    }
    await hub.getByRole('button', { name: text('lobby.category.ESPORTS') }).click();
    await expect(page.getByTestId('vendor-list-ESPORTS').getByRole('link')).toHaveCount(3);
    await hub.getByRole('button', { name: text('lobby.category.HOT') }).click();
    await expect(page.locator(`[data-game-id="${(await api.hot()).list[0]!.gameId}"]`)).toBeVisible();
    await hub.getByRole('button', { name: text('lobby.category.HOME') }).click();
    await expect(page.getByTestId('home-block-HOT')).toBeVisible();
    await expect(page.getByTestId('home-block-RNG')).toBeVisible();
    // The bottom menu's home selects HOT.
    await page.getByRole('navigation', { name: text('shell.bottom.label') }).getByRole('link', { name: text('nav.home') }).click();
    await expect(hub.getByRole('button', { name: text('lobby.category.HOT') })).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/\/m\/home$/);
    // A lottery chosen by a guest: login.
    await hub.getByRole('button', { name: text('lobby.category.LOTT'), exact: true }).click();
    await expect(page).toHaveURL(/\/m\/login/);
  });

  test('the side menu opens the vendor categories; a guest opening favourites sees the login notice and nothing is asked', async ({ page }) => {
    await skipNoticePopup(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/wps/game/favourites') || new URL(r.url()).pathname === '/wps/game/recent') asked.push(r.url());
    });
    await page.goto('/m/home');
    await page.getByRole('button', { name: text('shell.menu.open') }).click();
    const categories = page.getByRole('region', { name: text('shell.menu.categories') });
    await expect(categories.getByRole('link')).toHaveText([
      text('lobby.category.RNG'),
      text('lobby.category.INHOUSE'),
      text('lobby.category.FISH'),
      text('lobby.category.LIVE'),
      text('lobby.category.PVP'),
      text('lobby.category.COCKFIGHT'),
      text('lobby.category.SPORTS'),
      text('lobby.category.ESPORTS'),
      text('lobby.category.LOTT'),
      text('lobby.category.ELOTT'),
    ]);
    await categories.getByRole('link', { name: text('lobby.category.COCKFIGHT') }).click();
    await expect(page).toHaveURL(/\/m\/gameCenter\?gameCategory=COCKFIGHT$/);
    await expect(tiles(page).first()).toBeVisible();

    for (const path of ['/m/gameList?type=fav', '/m/gameCenter?gameCategory=FAV', '/m/gameCenter?gameCategory=RECENT']) {
      await page.goto(path);
      const notice = page.getByRole('status').filter({ hasText: text('in_logged_login') });
      await expect(notice, path).toBeVisible();
      await expect(page.getByRole('heading', { name: text('in_logged_login') })).toBeVisible();
      await expect(notice, path).toBeHidden();
    }
    expect(asked).toEqual([]);
  });

  test('a language change reloads the home games, hot games and winners in that language', async ({ page }) => {
    await skipNoticePopup(page);
    await page.goto('/m/home');
    await expect(page.getByTestId('home-block-RNG').getByTestId('game-tile')).toHaveCount(9);
    const inChinese: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.headers().language === 'CN' && path.startsWith('/wps/game/')) inChinese.push(path);
    });
    await page.getByRole('button', { name: text('shell.menu.open') }).click();
    await page.getByRole('button', { name: '简体中文', exact: true }).click();
    await page.keyboard.press('Escape');
    // 5 tile blocks and 6 picks, one after another 400 ms apart.
    await expect.poll(() => inChinese.filter((path) => path === gameListEndpoint.path).length, { timeout: 15_000 }).toBe(11);
    expect(inChinese).toEqual(expect.arrayContaining([vendorGameTypesEndpoint.path, hotGamesEndpoint.path, '/wps/game/winner-board']));
    await expect(page.getByRole('navigation', { name: '游戏分类' }).getByRole('button', { name: '电子', exact: true })).toBeVisible();
    await expect(page.getByTestId('home-block-RNG').getByTestId('game-tile')).toHaveCount(9);
    await scrollToEnd(page);
    await expect(page.getByTestId('winner-board')).toBeVisible();
  });

  test('searches the hot list and filters by min bet', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const api = guestApi(baseURL!);
    const hot = (await api.hot()).list;
    await page.goto('/m/hot-games');
    await expect(page.locator(`[data-game-id="${hot[0]!.gameId}"]`)).toBeVisible();
    const word = hot[0]!.gameName.split(' ')[0]!;
    const expected = hot.filter((g) => g.gameName.toLowerCase().includes(word.toLowerCase())).map((g) => g.gameId);
    await page.getByRole('searchbox', { name: text('lobby.search.label') }).fill(word.toUpperCase());
    await expect.poll(() => tileIds(page)).toEqual(expected.sort((a, b) => a - b));
    await page.getByRole('searchbox', { name: text('lobby.search.label') }).fill('');
    await expect.poll(() => tiles(page).count()).toBeGreaterThan(expected.length);

    await page.goto('/m/fishing-games');
    await expect(tiles(page).first()).toBeVisible();
    await page.getByLabel(text('lobby.filter.minBet')).selectOption('5');
    const cheap = (await api.list({ gameType: 'FISH', minBet: 5 })).games.map((g) => g.gameId).sort((a, b) => a - b);
    expect(cheap.length).toBeGreaterThan(0);
    await expect.poll(() => tileIds(page)).toEqual(cheap);
    // Clearing the only filter returns to every game.
    await page.getByLabel(text('lobby.filter.minBet')).selectOption('');
    await expect.poll(async () => (await tileIds(page)).length).toBeGreaterThan(cheap.length);
  });

  test('the game list centre searches the whole catalogue: a slot outside the hot list, and a name no game has', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const api = guestApi(baseURL!);
    // Mines is a slot of the catalogue, not a hot game: a search of the hot list would not find it.
    expect((await api.hot()).list.some((g) => g.gameName === 'Mines')).toBe(false);
    const mines = (await api.list({ gameType: 'RNG', gameName: 'Mines' })).games;
    expect(mines.map((g) => g.gameName)).toContain('Mines');
    await page.goto('/m/gameList?gameType=RNG');
    await expect(tiles(page).first()).toBeVisible();
    const box = page.getByRole('searchbox', { name: text('lobby.search.label') });
    const searched = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === gameListEndpoint.path && url.searchParams.get('gameName') !== null;
    });
    await box.pressSequentially('Mines');
    const query = new URL((await searched).url()).searchParams;
    expect([query.get('gameName'), query.get('gameType')]).toEqual(['Mines', 'RNG']);
    await expect.poll(() => tileIds(page)).toEqual(mines.map((g) => g.gameId).sort((a, b) => a - b));
    await expect(tiles(page).getByText('Mines', { exact: true })).toBeVisible();

    await box.fill('zzqx');
    const nothing = page.getByRole('heading', { name: text('lobby.search.noResults', { query: 'zzqx' }) });
    await expect(nothing).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    await page.getByRole('button', { name: text('lobby.search.clear') }).click();
    await expect(box).toHaveValue('');
    await expect(nothing).toBeHidden();
    await expect(tiles(page).first()).toBeVisible();
  });

  test('scrolls a full list to its end, each game once, with only the visible rows in the page', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const total = (await guestApi(baseURL!).list({ gameType: 'RNG', pageSize: 1 })).total;
    await page.goto('/m/slot-games');
    await expect(tiles(page).first()).toBeVisible();
    // Each game has one place in the list: a game seen at two places, or two games at one place, is a repeat.
    const placeOf = new Map<number, number>();
    const gameAt = new Map<number, number>();
    const repeats: string[] = [];
    const record = async () => {
      const shown = await tilePositions(page);
      const ids = shown.map(([, id]) => id);
      if (new Set(ids).size !== ids.length) repeats.push(`twice in the page at once: ${ids.join(',')}`);
      for (const [position, id] of shown) {
        if ((placeOf.get(id) ?? position) !== position) repeats.push(`game ${id} at ${placeOf.get(id)} and ${position}`);
        if ((gameAt.get(position) ?? id) !== id) repeats.push(`place ${position}: ${gameAt.get(position)} and ${id}`);
        placeOf.set(id, position);
        gameAt.set(position, id);
      }
    };
    const end = page.getByText(text('lobby.list.end', { count: String(total) }));
    const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);
    for (let i = 0; i < 600 && !((await end.isVisible()) && (await atBottom())); i++) {
      await record();
      await wheel(page, 500);
    }
    await expect(end).toBeInViewport();
    await record();
    expect(repeats).toEqual([]);
    expect(placeOf.size).toBe(total);
    expect([...gameAt.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(await tiles(page).count()).toBeLessThan(60);
  });

  test('tapping a game as a guest goes to login', async ({ page }) => {
    await skipNoticePopup(page);
    await page.goto('/m/live-games');
    await tiles(page).first().getByRole('button').first().click();
    await expect(page).toHaveURL(/\/m\/login/);
  });
});

test.describe('lobby as a member', () => {
  test('favourites and unfavourites games, launches one, and sees it in recent games', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const member = await signInAsNewMember(page, baseURL!);
    const [first, second] = launchable((await guestApi(baseURL!).list({ gameType: 'LIVE', pageSize: 3 })).games);
    await favouriteAndLaunch(page, first!, second!);
    expect((await member.favourites()).map((g) => g.gameId)).toEqual([second!.gameId]);
  });
});

test.describe('lobby as a member, launching', () => {
  test("a vendor-lobby tile opens that vendor's list; a lottery game launches at once, without the action sheet", async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    await signInAsNewMember(page, baseURL!);
    const api = guestApi(baseURL!);
    const rng = await api.list({ gameType: 'RNG', pageSize: 25 });
    const lobbyTile = rng.games.find((g) => g.isGameH5 === 'VASSALAGE');
    expect(lobbyTile, 'a vendor-lobby tile on the first RNG page').toBeDefined();
    await page.goto('/m/slot-games');
    await page.locator(`[data-game-id="${lobbyTile!.gameId}"]`).getByRole('button').first().click();
    await expect(page).toHaveURL(new RegExp(`/m/gameList\\?gameType=RNG&vassalage=${lobbyTile!.vassalage}$`));
    const vendorGames = (await api.list({ gameType: 'RNG', vassalage: lobbyTile!.vassalage })).games.map((g) => g.gameId);
    await expect(page.locator(`[data-game-id="${vendorGames[0]}"]`)).toBeVisible();
    // The slot page's tiles leave as the vendor's list settles: then every tile is the vendor's.
    await expect.poll(async () => (await tileIds(page)).filter((id) => !vendorGames.includes(id))).toEqual([]);

    const lottery = (await api.list({ gameType: 'LOTT', pageSize: 1 })).games[0]!;
    await page.goto('/m/lott');
    await tapTile(page, lottery.gameId);
    // A lottery opens the site's own game screen (docs/lottery.md), in its prize mode and play type.
    await expect(page).toHaveURL(new RegExp(`/m/lotto/${lottery.gameCode}\\?prizeMode=(SEA|ELOTT)&playType=trad$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/** Stars two live games, unstars one on the favourites page, launches the other and finds it in recent games. */
async function favouriteAndLaunch(page: Page, first: Game, second: Game) {
  await page.goto('/m/live-games');
  const star = (game: Game) => page.locator(`[data-game-id="${game.gameId}"]`).getByRole('button', { name: new RegExp(game.displayName) }).last();
  await expect(star(first)).toHaveAttribute('aria-pressed', 'false');
  await star(first).click();
  await expect(star(first)).toHaveAttribute('aria-pressed', 'true');
  await star(second).click();
  await expect(star(second)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/m/gameList?type=fav');
  await expect.poll(() => tileIds(page)).toEqual([first.gameId, second.gameId].sort((a, b) => a - b));
  await star(first).click();
  await expect.poll(() => tileIds(page)).toEqual([second.gameId]);
  await page.reload();
  await expect.poll(() => tileIds(page)).toEqual([second.gameId]);

  // Launch: the action sheet's play opens the URL the server returns.
  await page.goto('/m/live-games');
  await page.locator(`[data-game-id="${first.gameId}"]`).getByRole('button').first().click();
  const sheet = page.getByRole('dialog', { name: first.displayName });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: text('lobby.sheet.play') }).click();
  await expect(page).toHaveURL(/\/play\/[A-Za-z0-9_-]{95,136}$/);

  await page.goto('/m/gameList?gameType=LIVE');
  await page.getByRole('tab', { name: text('lobby.tabs.recent') }).click();
  await expect.poll(() => tileIds(page)).toEqual([first.gameId]);
  await page.goto('/m/home');
  await page.getByRole('navigation', { name: text('lobby.hub.label') }).getByRole('button', { name: text('lobby.category.RECENT') }).click();
  await expect(page.locator(`[data-game-id="${first.gameId}"]`)).toBeVisible();
}
