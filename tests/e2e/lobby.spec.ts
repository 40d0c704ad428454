import { expect, type Page, test } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../src/api/crypto.ts';
import { type Game, gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint } from '../../src/api/games.ts';
import { loginEndpoint } from '../../src/api/session.ts';
import { text } from './support.ts';

/** The API of the server under test, called from Node as a guest. */
function guestApi(baseURL: string) {
  const call = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true });
  return {
    list: (query: Record<string, unknown>) => call(gameListEndpoint, { query: { pageNo: 1, pageSize: 100, ...query } as never }),
    hot: () => call(hotGamesEndpoint, { query: {} }),
    types: () => call(vendorGameTypesEndpoint, { query: {} }),
  };
}

/** Signs player1 in through the real login call and hands the session to the page, as the login screen does. */
async function signInAsPlayer(page: Page, baseURL: string) {
  const call = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', deviceId: 'e2e-lobby-device' }), isOnline: () => true });
  const login = await createSealer(call).call(loginEndpoint, { type: 'username', username: 'player1', password: 'Player#2026' });
  await page.addInitScript((session) => {
    sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(session));
  }, { token: login.token, merchantCode: 'DEMO', userName: login.userName, type: login.type, firstTimeLogin: false });
}

/** The notice popup shows once per browser session; these tests have seen it already. */
async function skipNoticePopup(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
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
    ]);
    await expect(page.getByTestId('home-block-HOT').getByTestId('game-tile')).toHaveCount(6);
    await expect(page.getByTestId('vendor-list-ESPORTS').getByRole('link')).toHaveCount(3);
    await expect(page.getByTestId('winner-board')).toBeVisible();
    await expect(page.getByText(text('lobby.footer.copyright', { year: '2025', name: text('app.name') }))).toBeVisible();
    // Once per browser session.
    await page.reload();
    await expect(page.getByTestId('home-block-HOT')).toBeVisible();
    await expect(popup).toBeHidden();
  });

  test('every category page and every vendor list shows its games', async ({ page, baseURL }) => {
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
      ['/m/lottery', 'LOTT'],
    ];
    for (const [path, category] of pages) {
      await page.goto(path);
      const first = (await api.list({ gameType: category, pageSize: 1 })).games[0]!;
      await expect(page.locator(`[data-game-id="${first.gameId}"]`), path).toBeVisible();
    }
    const types = await api.types();
    for (const category of ['SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      for (const vendor of types.mapping[category]!.vendors.filter((v) => v.gameCategory === category)) {
        await page.goto(`/m/gameList?gameType=${vendor.gameCategory}&vassalage=${vendor.vassalage}`);
        const expected = (await api.list({ gameType: vendor.gameCategory, vassalage: vendor.vassalage })).games;
        await expect.poll(() => tileIds(page), vendor.vassalage).toEqual(expected.map((g) => g.gameId).sort((a, b) => a - b));
      }
    }
    // The sports page lists its vendors; one opens its list.
    await page.goto('/m/sport-games');
    await page.getByTestId('vendor-list-SPORTS').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/m\/gameList\?gameType=SPORTS&vassalage=/);
    await expect(tiles(page).first()).toBeVisible();
    await page.goto('/m/hot-games');
    await expect(tiles(page).first()).toBeVisible();
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

  test('scrolls a full list to its end, each game once, with only the visible rows in the page', async ({ page, baseURL }) => {
    await skipNoticePopup(page);
    const total = (await guestApi(baseURL!).list({ gameType: 'RNG', pageSize: 1 })).total;
    await page.goto('/m/slot-games');
    await expect(tiles(page).first()).toBeVisible();
    const seen = new Set<number>();
    const end = page.getByText(text('lobby.list.end', { count: String(total) }));
    const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);
    for (let i = 0; i < 600 && !((await end.isVisible()) && (await atBottom())); i++) {
      for (const id of await tileIds(page)) seen.add(id);
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(100);
    }
    await expect(end).toBeInViewport();
    for (const id of await tileIds(page)) seen.add(id);
    expect(seen.size).toBe(total);
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
    await signInAsPlayer(page, baseURL!);
    const games = launchable((await guestApi(baseURL!).list({ gameType: 'LIVE', pageSize: 3 })).games);
    const [first, second] = games;
    await page.goto('/m/live-games');
    const star = (game: Game) => page.locator(`[data-game-id="${game.gameId}"]`).getByRole('button', { name: new RegExp(game.displayName) }).last();
    await expect(star(first!)).toHaveAttribute('aria-pressed', 'false');
    await star(first!).click();
    await expect(star(first!)).toHaveAttribute('aria-pressed', 'true');
    await star(second!).click();
    await expect(star(second!)).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/m/gameList?type=fav');
    await expect.poll(() => tileIds(page)).toEqual([first!.gameId, second!.gameId].sort((a, b) => a - b));
    await star(first!).click();
    await expect.poll(() => tileIds(page)).toEqual([second!.gameId]);
    await page.reload();
    await expect.poll(() => tileIds(page)).toEqual([second!.gameId]);

    // Launch: the action sheet's play opens the URL the server returns.
    await page.goto('/m/live-games');
    await page.locator(`[data-game-id="${first!.gameId}"]`).getByRole('button').first().click();
    const sheet = page.getByRole('dialog', { name: first!.displayName });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: text('lobby.sheet.play') }).click();
    await expect(page).toHaveURL(/\/play\/[A-Za-z0-9_-]{43}$/);

    await page.goto('/m/gameList?gameType=LIVE');
    await page.getByRole('tab', { name: text('lobby.tabs.recent') }).click();
    await expect.poll(() => tileIds(page)).toEqual([first!.gameId]);
    await page.goto('/m/home');
    await page.getByRole('navigation', { name: text('lobby.hub.label') }).getByRole('button', { name: text('lobby.category.RECENT') }).click();
    await expect(page.locator(`[data-game-id="${first!.gameId}"]`)).toBeVisible();
  });
});
