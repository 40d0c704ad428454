/**
 * Thirty languages, right to left (issue: languages, RTL and the installed
 * app): the language menu changes the whole site at once, without a reload,
 * and is remembered; in Arabic the page is right to left and the screens a
 * player walks through (login, home, game list, wallet, member pages) keep
 * everything on screen, mirrored, with no serious accessibility finding.
 */
import type { Page } from '@playwright/test';
import ar from '../../contract/messages/ar.json' with { type: 'json' };
import { checkReflow } from './a11y-checks.ts';
import { axeViolations } from './axe.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, screenShown, test, text, visit } from './support.ts';

const arabic = ar as Record<string, string>;

async function direction(page: Page) {
  return page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
}

/** The side menu's drawer, open. */
async function openMenu(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  return menu;
}

// The home's notice popup shows once per browser session; these tests are not about it.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
});

test('the left menu offers 30 languages; Arabic turns the whole site right to left at once, is remembered, and English turns it back', async ({ page }) => {
  await page.goto('/m/home');
  await screenShown(page, '/m/home');
  await page.evaluate(() => {
    (window as unknown as { unchanged: boolean }).unchanged = true;
  });
  let menu = await openMenu(page, text('shell.menu.open'));
  const languages = menu.getByRole('region', { name: text('shell.menu.language') }).getByRole('button');
  await expect(languages).toHaveCount(30);
  await menu.getByRole('button', { name: 'العربية' }).click();

  await expect.poll(() => direction(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  await screenShown(page, '/m/home', arabic);
  // The same page: no reload.
  expect(await page.evaluate(() => (window as unknown as { unchanged?: boolean }).unchanged)).toBe(true);
  // The drawer comes from the right-hand side now.
  await page.keyboard.press('Escape');
  menu = await openMenu(page, arabic['shell.menu.open']!);
  const width = page.viewportSize()?.width ?? 390;
  // Once it has slid in: its right edge on the screen's.
  await expect.poll(async () => {
    const box = await menu.boundingBox();
    return box && Math.round(box.x + box.width);
  }).toBe(width);
  await expect(menu.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await screenShown(page, '/m/home', arabic);
  expect(await direction(page)).toEqual({ dir: 'rtl', lang: 'ar' });

  menu = await openMenu(page, arabic['shell.menu.open']!);
  await menu.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => direction(page)).toEqual({ dir: 'ltr', lang: 'en' });
  await screenShown(page, '/m/home');
});

test('an Arabic walk through login, home, game list, wallet and member pages: right to left, nothing off screen, no serious accessibility finding', async ({ page, baseURL }) => {
  test.slow();
  await page.addInitScript(() => localStorage.setItem('language', 'AR'));
  const checkScreen = async (path: string) => {
    expect(await direction(page), path).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await checkReflow(page, path, 390), path).toEqual([]);
    const serious = (await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
  };

  await visit(page, '/m/login', arabic);
  await expect(page.getByLabel(arabic['identity.field.username']!, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: arabic['shell.menu.language'] })).toHaveValue('AR');
  await checkScreen('/m/login');

  const member = await freshMember(baseURL!, 'rtl');
  await giveSession(page, member.session);
  await page.goto('/m/home');
  await screenShown(page, '/m/home', arabic);
  await checkScreen('/m/home');
  for (const path of ['/m/gameList', '/m/voucherCenter', '/m/withdraw', '/m/transaction/record', '/m/set']) {
    await visit(page, path, arabic);
    await checkScreen(path);
  }
});
