import { navbarMode, showsBottomBar, showsHeader, titleId } from '../../src/app/layout-rules.ts';
import { agentPaths, homeAliasPaths, memberPaths, openPaths } from '../../contract/route-paths.ts';
import { clientAddress } from './client-address.ts';
import { freshAgent, freshMember } from './money-support.ts';
import { admin, brand, expect, giveSession, test, text, visit } from './support.ts';

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
/** The loops open one screen per route: each gets the time a single-page test has on a slow shared runner. */
const perRoute = (routes: number) => 15_000 + routes * 8_000;


async function expectLayout(page: import('@playwright/test').Page, requested: string) {
  const path = landing(requested);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\./g, '\\.')}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(titleId(path)));
  await expect(bottomBar(page)).toHaveCount(showsBottomBar(path) ? 1 : 0);
  await expect(accountActions(page)).toHaveCount(showsHeader(path) ? 1 : 0);
  const mode = navbarMode(path);
  await expect(page.getByRole('button', { name: text('shell.back'), exact: true })).toHaveCount(mode === 'back' ? 1 : 0);
}

test.describe('routes and layout', () => {
  test('unknown paths land on home, replacing the history entry', async ({ page }) => {
    await page.goto('/m/nowhere/at/all');
    await expect(page).toHaveURL(/\/m\/home$/);
    // The home's welcome heading, in the page's main content (the notice popup, which opens on top on a
    // first visit, may carry an announcement of the same words).
    await expect(page.getByRole('main').getByRole('heading', { name: text('home.welcome.guestTitle', { name: brand }) })).toBeVisible();
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
      await visit(page, path);
      await expectLayout(page, path);
    }
  });

  test('the content starts below the header, which stays at the top as the page scrolls; the bottom bar covers none of it', async ({ page }) => {
    await visit(page, '/m/gameList');
    const header = page.getByRole('banner');
    const main = page.getByRole('main');
    const headerBox = (await header.boundingBox())!;
    expect((await main.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    await page.evaluate(() => window.scrollBy(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await header.boundingBox())!.y).toBe(0);
    // The main area keeps room under its content for the whole bottom bar (its published height).
    await visit(page, '/m/home');
    await expect(bottomBar(page)).toBeVisible();
    const room = await main.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(room).toBeGreaterThanOrEqual((await bottomBar(page).boundingBox())!.height - 1);
  });

  test('a guest opening any member route is sent to login, any agent route home', async ({ page }) => {
    test.setTimeout(perRoute(memberPaths.length + agentPaths.length));
    for (const path of memberPaths) {
      await visit(page, path);
      await expect(page, path).toHaveURL(/\/m\/login(\?|$)/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.login'));
    }
    for (const path of agentPaths) {
      await visit(page, path);
      await expect(page, path).toHaveURL(/\/m\/home$/);
    }
  });

  test('a member sees every member route, and agent routes send a member home', async ({ page }) => {
    test.setTimeout(perRoute(memberPaths.length + 1));
    await giveSession(page, (await freshMember(test.info().project.use.baseURL!, 'fnd')).session);
    for (const path of memberPaths) {
      await visit(page, path);
      await expectLayout(page, path);
    }
    await visit(page, '/m/agent');
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('an agent sees every agent route', async ({ page }) => {
    test.setTimeout(perRoute(agentPaths.length));
    await giveSession(page, (await freshAgent(test.info().project.use.baseURL!)).session);
    for (const path of agentPaths) {
      await visit(page, path);
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
  // The maintenance switch is the whole merchant's: its test runs alone, after the others (merchant-wide.spec.ts).
  test('a visitor from a restricted range sees the IP-restricted page', async ({ page }) => {
    // Only this test's own address: the other tests, running beside it, act from theirs.
    const address = clientAddress();
    await admin('restrict', 'set', `${address}/32`);
    try {
      await page.goto('/m/home');
      await expect(page.getByText(text('status.restricted.title'))).toBeVisible();
      await expect(page.getByText(address, { exact: false })).toBeVisible();
    } finally {
      await admin('restrict', 'clear');
    }
  });
});
