import { expect, test } from '@playwright/test';
import { navbarMode, showsBottomBar, showsHeader, titleId } from '../../src/app/layout-rules.ts';
import { agentPaths, homeAliasPaths, memberPaths, openPaths } from '../../contract/route-paths.ts';
import { admin, brand, demoAccounts, giveSession, logIn, text } from './support.ts';

const bottomBar = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: text('shell.bottom.label') });
const accountActions = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: text('shell.header.actions') });

/**
 * Where a guest's path lands: /m/register.html is an alias of /m/register; /m/trail starts a trial
 * session and goes home; /m/changePsw needs an account with a password, so a guest logs in first.
 */
const guestLanding: Record<string, string> = { '/m/register.html': '/m/register', '/m/trail': '/m/home', '/m/changePsw': '/m/login' };
const landing = (path: string) => guestLanding[path] ?? path;
/** The loops open one page per route: each gets the time a single-page test has on a slow shared runner. */
const perRoute = (routes: number) => 15_000 + routes * 8_000;

async function expectLayout(page: import('@playwright/test').Page, requested: string) {
  const path = landing(requested);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\./g, '\\.')}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(titleId(path)));
  await expect(bottomBar(page)).toHaveCount(showsBottomBar(path) ? 1 : 0);
  await expect(accountActions(page)).toHaveCount(showsHeader(path) ? 1 : 0);
  const mode = navbarMode(path);
  await expect(page.getByRole('button', { name: text('shell.back') })).toHaveCount(mode === 'back' ? 1 : 0);
}

test.describe('routes and layout', () => {
  test('unknown paths land on home, replacing the history entry', async ({ page }) => {
    await page.goto('/m/nowhere/at/all');
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByText(text('home.welcome.guestTitle', { name: brand }))).toBeVisible();
  });

  for (const alias of homeAliasPaths.filter((p) => p !== '/')) {
    test(`${alias} shows home`, async ({ page }) => {
      await page.goto(alias);
      await expect(page).toHaveURL(/\/m\/home$/);
      await expect(bottomBar(page)).toBeVisible();
    });
  }

  test('/ shows home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('a guest sees the header, title and bottom bar of every open route as the spec says', async ({ page }) => {
    test.setTimeout(perRoute(openPaths.length));
    for (const path of openPaths) {
      await page.goto(path);
      await expectLayout(page, path);
    }
  });

  test('a guest opening any member route is sent to login, any agent route home', async ({ page }) => {
    test.setTimeout(perRoute(memberPaths.length + agentPaths.length));
    for (const path of memberPaths) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/m\/login(\?|$)/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.login'));
    }
    for (const path of agentPaths) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/m\/home$/);
    }
  });

  test('a member sees every member route, and agent routes send a member home', async ({ page }) => {
    test.setTimeout(perRoute(memberPaths.length + 1));
    await giveSession(page, await logIn(test.info().project.use.baseURL!, demoAccounts.player));
    for (const path of memberPaths) {
      await page.goto(path);
      await expectLayout(page, path);
    }
    await page.goto('/m/agent');
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('an agent sees every agent route', async ({ page }) => {
    test.setTimeout(perRoute(agentPaths.length));
    await giveSession(page, await logIn(test.info().project.use.baseURL!, demoAccounts.agent));
    for (const path of agentPaths) {
      await page.goto(path);
      await expectLayout(page, path);
    }
  });

  test('the deposit entry of the bottom bar carries the bonus badge', async ({ page }) => {
    await page.goto('/m/home');
    // The demo merchant's first-deposit promotion carries a ₱258 badge (consolidated settings).
    await expect(bottomBar(page).getByText('₱258', { exact: true })).toBeVisible();
    await expect(bottomBar(page).getByRole('link', { name: text('nav.deposit.withBonus', { amount: '₱258' }) })).toBeVisible();
  });
});

test.describe('system status', () => {

  test('maintenance set with the operator CLI shows the maintenance page, and clearing it brings home back', async ({
    page,
  }) => {
    await page.goto('/m/home');
    await expect(bottomBar(page)).toBeVisible();

    await admin('maintenance', 'on', '--info', 'Back at ten');
    try {
      await page.reload();
      await expect(page.getByText(text('status.maintenance.title'))).toBeVisible();
      await expect(page.getByText('Back at ten')).toBeVisible();
      await expect(bottomBar(page)).toHaveCount(0);
    } finally {
      await admin('maintenance', 'off');
    }
    await page.reload();
    await expect(bottomBar(page)).toBeVisible();
    await expect(page.getByText(text('status.maintenance.title'))).toHaveCount(0);
  });

  test('a visitor from a restricted range sees the IP-restricted page', async ({ page }) => {
    await admin('restrict', 'set', '127.0.0.0/8', '::1/128');
    try {
      await page.goto('/m/home');
      await expect(page.getByText(text('status.restricted.title'))).toBeVisible();
      await expect(page.getByText(/127\.0\.0\.1|::1/)).toBeVisible();
    } finally {
      await admin('restrict', 'clear');
    }
  });
});
