/**
 * The one HTML sanitiser of the client (src/ui/safe-html.tsx, DOMPurify) in
 * real Chromium: XSS payloads (tests/e2e/xss-payloads.ts) rendered through
 * the real <SafeHtml> component must not execute, and ordinary formatting
 * must survive.
 *
 * The component is exposed by a test harness page (tests/e2e/harness/), built
 * with Vite in beforeAll into a temporary folder and served by `vite preview`
 * on 127.0.0.1: nothing of it ships in the app. The harness is served WITHOUT
 * the app's Content-Security-Policy on purpose, so the sanitiser alone is
 * tested (the CSP is a second, independent layer).
 *
 * Execution is detected by `window.__xss(n)` (defined before any script of
 * the page), by dialogs, by navigation of the page, by frames and by popups
 * with a non-http URL. After rendering, every element is focused, hovered,
 * pressed and clicked (links with an http(s) address are left alone: opening
 * them is their job), then the test waits for late handlers. It also checks
 * the sanitised DOM itself: no script-capable element, no `on*` attribute and
 * no javascript:/vbscript:/data:text/html address survive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import type { PreviewServer } from 'vite';
import { payloads } from './xss-payloads.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const harnessRoot = path.join(here, 'harness');

let server: PreviewServer | undefined;
let origin = '';
let outDir = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const { build, preview } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  outDir = mkdtempSync(path.join(tmpdir(), 'm-casino-harness-'));
  await build({
    configFile: false,
    root: harnessRoot,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  server = await preview({
    configFile: false,
    root: harnessRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  origin = new URL(url).origin;
});

test.afterAll(async () => {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

interface Watch {
  hits: () => Promise<number[]>;
  dialogs: string[];
  navigations: string[];
  frames: string[];
  popups: string[];
}

/** Opens the harness with every detector armed. */
async function openHarness(page: Page): Promise<Watch> {
  const watch = { dialogs: [] as string[], navigations: [] as string[], frames: [] as string[], popups: [] as string[] };
  // Only the harness itself is reachable: nothing leaves 127.0.0.1.
  await page.context().route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  );
  await page.addInitScript(() => {
    const hits: number[] = [];
    Object.defineProperty(window, '__xssHits', { value: hits });
    Object.defineProperty(window, '__xss', { value: (n: number) => hits.push(n), writable: false, configurable: false });
  });
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.context().on('page', (popup) => {
    const record = () => {
      const url = popup.url();
      if (!/^https?:/.test(url)) watch.popups.push(url);
    };
    popup.on('framenavigated', (frame) => {
      if (frame === popup.mainFrame()) record();
    });
    void popup.waitForLoadState('domcontentloaded').then(record, () => undefined).finally(() => popup.close().catch(() => undefined));
  });
  await page.goto(`${origin}/`);
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  const harnessUrl = page.url();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      if (frame.url() !== harnessUrl) watch.navigations.push(frame.url());
    } else watch.frames.push(frame.url());
  });
  page.on('frameattached', (frame) => watch.frames.push(`attached ${frame.url() || '(no url)'}`));
  return {
    ...watch,
    hits: () => page.evaluate(() => [...((window as unknown as { __xssHits: number[] }).__xssHits ?? [])]),
  };
}

async function render(page: Page, items: { id: number; html: string }[]) {
  await page.evaluate((list) => window.harness.render(list), items);
}

/** Focus, hover, press and click every rendered element; real mouse moves and clicks too. */
async function poke(page: Page) {
  const boxes = await page.evaluate(() => {
    const out: { x: number; y: number }[] = [];
    const all = Array.from(document.querySelectorAll<HTMLElement | SVGElement>('#root *'));
    for (const el of all) {
      const anchor = el.closest('a');
      const href = anchor?.getAttribute('href') ?? '';
      const leaveAlone = anchor && /^https?:/i.test(anchor.href) && href !== '';
      el.focus?.();
      for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'mousemove', 'pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
        el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
      }
      if (!leaveAlone) {
        // Activate in this page (not a new tab), where __xss exists.
        anchor?.removeAttribute('target');
        if (el instanceof HTMLElement) el.click();
        else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      }
      el.blur?.();
      const r = el.getBoundingClientRect();
      if (!leaveAlone && r.width > 0 && r.height > 0) out.push({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    }
    return out;
  });
  for (const { x, y } of boxes.slice(0, 400)) {
    await page.mouse.move(x, y);
  }
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
  await settled(page);
}

/**
 * Waits until whatever a payload could fire on has happened: every image,
 * media element and frame of the harness has loaded or failed, every finite
 * animation and transition has ended, then two frames and a task. The
 * negative control below shows that this wait sees the payloads that do run.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#root img, #root video, #root audio, #root iframe, #root frame')].every((el) => {
      if (el instanceof HTMLImageElement) return el.complete;
      if (el instanceof HTMLMediaElement) return el.networkState !== HTMLMediaElement.NETWORK_LOADING;
      return true;
    }),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

/** What of the sanitised DOM could run script. */
async function dangerousLeftovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const badTags = /^(script|iframe|frame|object|embed|meta|base|form|style|link|template|noscript|svg|math|applet|animate|set|handler)$/i;
    const urlAttrs = /^(href|src|action|formaction|xlink:href|data|srcdoc|background|poster|dynsrc|lowsrc|codebase|ping|cite)$/i;
    for (const el of Array.from(document.querySelectorAll('#root *'))) {
      if (badTags.test(el.localName)) bad.push(`<${el.localName}> in ${el.closest('section')?.dataset.payload}`);
      for (const attr of Array.from(el.attributes)) {
        const where = `${attr.name} on <${el.localName}> in payload ${el.closest('section')?.dataset.payload}`;
        if (/^on/i.test(attr.name)) bad.push(where);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in URLs
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (urlAttrs.test(attr.name) && /^(javascript|vbscript|data:text\/html|data:image\/svg)/.test(value)) bad.push(`${where}: ${attr.value}`);
        if (attr.name === 'style') bad.push(where);
      }
    }
    return bad;
  });
}

test.describe('SafeHtml sanitiser (DOMPurify) in Chromium', () => {
  // One worker builds and serves the harness (beforeAll) for all of them.
  test.describe.configure({ mode: 'default' });
  test(`none of ${payloads.length} XSS payloads executes`, async ({ page }) => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    const watch = await openHarness(page);
    const items = payloads.map((payload, i) => ({ id: i + 1, html: payload(i + 1) }));
    await render(page, items);
    // Every payload really went through the component (one section each).
    await expect(page.locator('#root > section')).toHaveCount(items.length);
    await poke(page);

    expect(await watch.hits(), 'payloads that called __xss(n)').toEqual([]);
    expect(watch.dialogs, 'dialogs opened').toEqual([]);
    expect(watch.navigations, 'navigations of the page').toEqual([]);
    expect(watch.frames, 'frames created').toEqual([]);
    expect(watch.popups, 'popups with a non-http address').toEqual([]);
    expect(page.url().startsWith(origin)).toBe(true);
    expect(await dangerousLeftovers(page), 'script-capable markup left after sanitising').toEqual([]);
  });

  test('each payload alone does not execute either', async ({ page }) => {
    // Rendered one at a time, so no payload can depend on (or hide behind) another.
    const watch = await openHarness(page);
    for (const [i, payload] of payloads.entries()) {
      await render(page, [{ id: i + 1, html: payload(i + 1) }]);
    }
    await settled(page);
    expect(await watch.hits()).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    expect(watch.navigations).toEqual([]);
    expect(watch.frames).toEqual([]);
  });

  test('negative control: without SafeHtml the same payloads do execute and are detected', async ({ page }) => {
    const watch = await openHarness(page);
    const items = payloads.map((payload, i) => ({ id: i + 1, html: payload(i + 1) }));
    await page.evaluate((list) => window.harness.renderUnsanitised(list), items);
    await poke(page);
    const hits = [...new Set(await watch.hits())].sort((a, b) => a - b);
    console.log(
      `unsanitised: ${hits.length} of ${items.length} payloads called __xss, ${watch.frames.length} frame events, ` +
        `${watch.navigations.length} navigations, ${watch.popups.length} non-http popups`,
    );
    // Handlers on img/svg/details/video/audio/input, javascript: links and frames must all be caught.
    expect(hits.length).toBeGreaterThanOrEqual(25);
    expect(watch.frames.length).toBeGreaterThan(0);
    expect((await dangerousLeftovers(page)).length).toBeGreaterThan(50);
  });

  test('legitimate formatting survives', async ({ page }) => {
    await openHarness(page);
    const html = [
      '<h2>Weekend bonus</h2>',
      '<p>Deposit <b>100</b> and get <i>50</i> free, <strong>today</strong> <em>only</em>.<br>Terms apply.</p>',
      '<ul><li>one</li><li>two</li></ul>',
      '<p><a href="https://example.com/promo?id=1">Read the rules</a></p>',
      '<p><img src="https://example.com/banner.png" alt="Banner" width="300" height="100"></p>',
    ].join('');
    await render(page, [{ id: 1, html }]);
    const root = page.locator('#root section');
    await expect(root.locator('h2')).toHaveText('Weekend bonus');
    await expect(root.locator('p b')).toHaveText('100');
    await expect(root.locator('p i')).toHaveText('50');
    await expect(root.locator('p strong')).toHaveText('today');
    await expect(root.locator('p em')).toHaveText('only');
    await expect(root.locator('p br')).toHaveCount(1);
    await expect(root.locator('ul li')).toHaveCount(2);
    const link = root.locator('a');
    await expect(link).toHaveText('Read the rules');
    await expect(link).toHaveAttribute('href', 'https://example.com/promo?id=1');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const img = root.locator('img');
    await expect(img).toHaveAttribute('src', 'https://example.com/banner.png');
    await expect(img).toHaveAttribute('alt', 'Banner');
  });
});
