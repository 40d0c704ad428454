/**
 * Touch handling in Chromium with real touch input (CDP touch events, as a
 * phone's finger sends them; the contexts are mobile with touch): a held
 * finger shows a tile pressed after 130 ms and a tap opens the game's sheet;
 * a drag of more than 30 px is a scroll and opens nothing; the sheet ignores
 * taps in its first 300 ms, so its scrim closes it only after that; a swipe
 * from the left edge goes back. The rules themselves are the machine's tests
 * (machines/touch.machine.test.ts).
 */
import type { Page } from '@playwright/test';
import { gameListEndpoint } from '../../contract/games.ts';
import { fetchFrom } from './client-address.ts';
import { createApiClient } from '../../src/api/client.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, test } from './support.ts';

type Point = { x: number; y: number };

/** One finger, through the DevTools protocol: down, moves, up, with real time between them. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
  return {
    down: (at: Point) => touch('touchStart', at),
    move: (at: Point) => touch('touchMove', at),
    up: () => touch('touchEnd'),
    async tap(at: Point) {
      await touch('touchStart', at);
      await touch('touchEnd');
    },
  };
}

async function centreOf(page: Page, selector: string): Promise<Point> {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a held tile shows pressed, a tap opens its sheet, a drag opens nothing, the new sheet ignores taps for 300 ms', async ({ page, baseURL }) => {
  const member = await freshMember(baseURL!, 'touch');
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await giveSession(page, member.session);
  const call = createApiClient({ baseURL: baseURL!, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true, fetch: fetchFrom() });
  const { games } = await call(gameListEndpoint, { query: { pageNo: 1, pageSize: 25, gameType: 'RNG' } as never });
  const game = games.find((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE')!;
  await page.goto('/m/slot-games');
  const tileButton = `[data-game-id="${game.gameId}"] [data-press]`;
  await page.locator(tileButton).waitFor();
  const f = await finger(page);

  // The first touch loads the touch handling; a held finger then shows the tile pressed (after 130 ms).
  await f.tap({ x: 200, y: 5 });
  const tile = page.locator(tileButton);
  await expect
    .poll(
      async () => {
        const at = await centreOf(page, tileButton);
        await f.down(at);
        await page.waitForTimeout(200);
        const pressed = await tile.getAttribute('data-pressed');
        // 40 px sideways (the page does not move): past 30 px, a scroll, which opens nothing.
        await f.move({ x: at.x + 20, y: at.y });
        await f.move({ x: at.x + 40, y: at.y });
        await f.up();
        return pressed;
      },
      { timeout: 15_000 },
    )
    .toBe('');
  await page.waitForTimeout(150);
  await expect(tile).not.toHaveAttribute('data-pressed');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A tap opens the game's sheet.
  await f.tap(await centreOf(page, tileButton));
  const sheet = page.getByRole('dialog', { name: game.displayName });
  await expect(sheet).toBeVisible();
  // A tap on the scrim at once (the finger that opened it, tapping again) is ignored; after 300 ms it closes the sheet.
  await f.tap({ x: 20, y: 60 });
  await expect(sheet).toBeVisible();
  await page.waitForTimeout(350);
  await f.tap({ x: 20, y: 60 });
  await expect(sheet).toHaveCount(0);
});

test('a swipe from the left edge goes back', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await page.goto('/m/home');
  await page.goto('/m/slot-games');
  await page.locator('[data-press]').first().waitFor();
  const f = await finger(page);
  // The first touch loads the touch handling.
  await f.tap({ x: 200, y: 5 });
  await expect
    .poll(
      async () => {
        await f.down({ x: 6, y: 400 });
        for (const x of [40, 80, 120, 140]) await f.move({ x, y: 405 });
        await f.up();
        return new URL(page.url()).pathname;
      },
      { timeout: 15_000 },
    )
    .toBe('/m/home');
});
