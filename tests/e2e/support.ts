import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { createIntl } from 'react-intl';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint } from '../../contract/session.ts';
import en from '../../contract/messages/en.json' with { type: 'json' };
import { titleId } from '../../src/app/layout-rules.ts';
import { demoMerchant } from '../../server/seed/seed.ts';
import { clientAddress, clientHeaders, fetchFrom } from './client-address.ts';

export { expect };

/**
 * The browser tests' `test`: every context a test's fixtures make (`page`,
 * `context`, `request`) sends the test's own client address
 * (client-address.ts), so no count the server keeps per address passes from
 * one test to another.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...clientHeaders(clientAddress()) });
  },
});

/** The brand the site shows: the demo merchant's configured name. */
export const brand = demoMerchant.name;

const run = promisify(execFile);

const intl = createIntl({ locale: 'en', messages: en });

/** The English copy of a message id, as a player reads it (formatted as the site formats it: plurals too). */
export function text(id: keyof typeof en, values: Record<string, string | number> = {}): string {
  return intl.formatMessage({ id }, values);
}

/** Runs the operator CLI against the database of the server under test. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    timeout: 30_000,
  });
  return stdout;
}

/** An account's credentials. */
export interface Account {
  username: string;
  password: string;
}

/** The session record the login screen stores (MC_SESSION_INFO). */
export interface SessionRecord {
  token: string;
  merchantCode: string;
  userName: string;
  type: number;
  firstTimeLogin: boolean;
}

/**
 * Logs an account in through the real (encrypted) login call from Node, from
 * the test's client address, as the login screen does. A login replaces the
 * account's earlier sessions, so pages that work side by side share one record.
 */
export async function logIn(baseURL: string, account: Account): Promise<SessionRecord> {
  const call = createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', deviceId: `e2e-${account.username}-${Date.now().toString(36)}` }),
    isOnline: () => true,
    fetch: fetchFrom(),
  });
  const login = await createSealer(call).call(loginEndpoint, { type: 'username', username: account.username, password: account.password });
  return { token: login.token, merchantCode: 'DEMO', userName: login.userName, type: login.type, firstTimeLogin: false };
}

/** Hands a logged-in session to the page before it loads, as the login screen leaves it in this tab. */
export async function giveSession(page: Page, session: SessionRecord) {
  await page.addInitScript((s) => sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify(s)), session);
}

/**
 * Turns the wheel as a player does, then waits until the page answered: it
 * scrolled, or grew (a page of games came in), or built what waited to be
 * near (WhenNear); then for the frame that paints it.
 */
export async function wheel(page: Page, dy: number, { toBuild = false } = {}) {
  const shape = () => `${window.scrollY} ${document.documentElement.scrollHeight} ${document.querySelectorAll('[data-when-near]').length}`;
  const before = await page.evaluate(shape);
  // `toBuild`: turned only while something waits to be built, read with the shape it compares against
  // (a placeholder gone by then has been built, or its screen has gone: a wheel there could change nothing).
  if (toBuild && before.endsWith(' 0')) return;
  await page.mouse.wheel(0, dy);
  await page.waitForFunction(
    (before) => `${window.scrollY} ${document.documentElement.scrollHeight} ${document.querySelectorAll('[data-when-near]').length}` !== before,
    before,
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Taps a game's tile in a windowed list (only the rows near the screen are built): turns the wheel from the top
 * until the tile's row is built, then taps it. A block arriving above the list (a lottery bar, a banner) moves the
 * rows, and can take the tile's row away between the two; then it starts again from the top.
 */
export async function tapTile(page: Page, gameId: number) {
  const tile = page.locator(`[data-game-id="${gameId}"]`);
  await expect(async () => {
    if ((await tile.count()) === 0) await page.evaluate(() => window.scrollTo(0, 0));
    const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    for (let i = 0; i < 30 && (await tile.count()) === 0 && !(await atBottom()); i++) await wheel(page, 800);
    await tile.getByRole('button').first().click({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

/**
 * Opens a path inside the running site, as a link in it does: a history
 * entry, which the router follows (its guards redirect as on a direct
 * visit). Cheaper than a page load; a test that loops over routes loads
 * the site once and opens the rest this way.
 */
export async function openInSite(page: Page, path: string) {
  await page.evaluate((path) => {
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0);
    history.pushState({ __TSR_index: index + 1, key: Math.random().toString(36).slice(2) }, '', path);
  }, path);
}

/**
 * Opens a path the way a player goes on through the site: loads the site
 * when the page has none yet (as from a bookmark), otherwise opens the path
 * inside it (`openInSite`). The server answers every path of the route table
 * with the site on a direct visit (server/http/document.test.ts), and the
 * route guards decide alike either way in (src/app/route-guards.test.tsx),
 * so the tests that loop over routes load the site once.
 */
export async function visit(page: Page, path: string, messages: Record<string, string> = en) {
  if (page.url().startsWith('http')) await openInSite(page, path);
  else await page.goto(path);
  await screenShown(page, path, messages);
}

/**
 * Waits until the screen of where a path landed is on display: its title,
 * in the language of `messages`, is the page's h1 (asked every 50 ms).
 */
export async function screenShown(page: Page, path: string, messages: Record<string, string> = en) {
  await expect
    .poll(async () => {
      const { at, title } = await page.evaluate(() => ({ at: location.pathname, title: document.querySelector('h1')?.textContent ?? '' }));
      return title === messages[titleId(at)];
    }, { message: `${path}: the title of the screen it lands on`, timeout: 15_000, intervals: [50] })
    .toBe(true);
}

/**
 * The layout shifts the page has had since it loaded, without those right
 * after an input (the browser's own rule for CLS), as their scores.
 */
export async function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const seen: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // The buffered entries reach the observer in a task of their own: two frames later they are in.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    seen.push(...observer.takeRecords());
    observer.disconnect();
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    return (seen as Shift[]).filter((e) => !e.hadRecentInput).map((e) => e.value);
  });
}
