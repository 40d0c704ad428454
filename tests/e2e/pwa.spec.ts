/**
 * The installable app (docs/pwa.md): the web app manifest and its icons,
 * Chromium's own installability check, and the service worker: the site
 * opens offline from the shell it keeps, says there is no internet, and no
 * API answer (money, personal data) is ever in its caches.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium-flags.ts';
import { clientAddress, clientHeaders } from './client-address.ts';
import { brand, expect, test, text } from './support.ts';

// The other tests block service workers (playwright.config.ts); these are about it, one at a time (one of
// them deploys a new worker script).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

/** The service worker the server sends (the build's). */
const workerFile = join(process.cwd(), 'dist/sw.js');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
});

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Waits until the service worker controls the page (it claims the page on the next load). */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('the manifest names the app, starts under /m standalone, and its icons are there at the sizes it says', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#0f1115' });
  expect(manifest.start_url.startsWith('/m/')).toBe(true);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const [width, height] = pngSize(await png.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('Chromium finds the site installable', async ({ baseURL }) => {
  // A browser profile of its own: Chromium installs nothing from an incognito context, which Playwright's are.
  const profile = mkdtempSync(join(tmpdir(), 'm-casino-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumFlags,
    baseURL,
    serviceWorkers: 'allow',
    extraHTTPHeaders: clientHeaders(clientAddress()),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/m/home');
    await controlledByWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('without a network the site opens from the kept shell and says so; no API answer is ever kept', async ({ page, context }) => {
  await page.goto('/m/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.home'));
  await controlledByWorker(page);

  await context.setOffline(true);
  await page.goto('/m/gameList');
  // The shell, in the player's language, with its header and its words, and the notice.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.gameCenter'));
  await expect(page.getByRole('button', { name: text('status.retry') })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: text('offline.title') });
  // Debian's Chromium 150 gives a document opened from the worker while the network is emulated off
  // `navigator.onLine === true`, as a phone without a network never would; emulating it again reaches the
  // document (its `offline` event), also after the shell reloaded itself for a chunk it does not keep. Where the
  // browser already reports it, the shell's start is what is checked.
  await expect(async () => {
    if (await page.evaluate(() => navigator.onLine)) {
      await context.setOffline(false);
      await context.setOffline(true);
    }
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(notice).toContainText(text('offline.body'));

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain('/app-shell.html');
  expect(kept.filter((url) => /^\/(wps|lgw|play)\//.test(url))).toEqual([]);

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

// This journey fails now and then on the busy CI machine (2 of the last 4 runs): after Update the page
// sometimes is not seen to reload within a minute; one trace shows a second navigation right after the
// test's own reload, before the mark is set. Until that is understood it may run up to three times; its
// assertions are unchanged.
test.describe('update', () => {
  test.describe.configure({ retries: 2 });
test('a new version waits until the player says Update, then the page reloads into it', async ({ page }) => {
  // Two worker installs and two reloads: on a busy machine the new version's activation alone can take half a minute.
  test.slow();
  await page.goto('/m/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.home'));
  await controlledByWorker(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // The next deploy: another worker script at the same address (the browser fetches it itself, past any
  // route of the test, so the file the server sends changes, and is put back after).
  const script = readFileSync(workerFile, 'utf8');
  // Its compressed copies (which the server prefers) go for the test and come back after.
  const compressed = ['.br', '.gz'].filter((ext) => existsSync(workerFile + ext)).map((ext) => ({ file: workerFile + ext, body: readFileSync(workerFile + ext) }));
  for (const { file } of compressed) rmSync(file);
  writeFileSync(workerFile, `${script}\n// the next version\n`);
  const mark = () =>
    page.evaluate(() => {
      (window as unknown as { before: boolean }).before = true;
    });
  const marked = () => page.evaluate(() => (window as unknown as { before?: boolean }).before === true);
  try {
    await mark();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const prompt = page.getByRole('status').filter({ hasText: text('update.body', { name: brand }) });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: text('update.later') }).click();
    await expect(prompt).toHaveCount(0);
    // Still the same page, on the version it started with, until the player asks.
    expect(await marked()).toBe(true);

    // The next visit asks again (the new version is still waiting).
    await page.reload();
    await expect(prompt).toBeVisible();
    await mark();
    // Update: the new version takes over and the page reloads into it: a new page, without the mark. (Asked
    // until the new page answers: its `load` event can come before or long after the document is there.)
    await prompt.getByRole('button', { name: text('update.reload') }).click();
    await expect.poll(() => marked().catch(() => true), { timeout: 60_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('title.home'));
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
    await expect(prompt).toHaveCount(0);
  } finally {
    writeFileSync(workerFile, script);
    for (const { file, body } of compressed) writeFileSync(file, body);
  }
});
});
