/**
 * Accessibility audit (axe-core through @axe-core/playwright, Debian Chromium)
 * over every route of the route table (contract/route-paths.ts):
 *
 * - as a guest: every path, aliases included (member and agent routes redirect:
 *   the audit runs where they land, once per screen landed on);
 * - as a member (player1, logged in through the real login call): the member
 *   routes and home;
 * - as an agent (agent1, likewise): the agent routes and home;
 * - with the side menu open, and with the logout confirm dialog open.
 *
 * Rules: the wcag2a, wcag2aa, wcag21a and wcag21aa tags. Serious and critical
 * violations fail the test; minor and moderate ones are printed, not failed.
 * Independently of axe, every interactive control in Chromium's accessibility
 * tree (buttons, links, form fields, tabs, menu items...) must have a name.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { agentPaths, homeAliasPaths, memberPaths, openPaths } from '../../contract/route-paths.ts';
import { type DemoAccount, demoAccounts, logIn, giveSession, text } from './support.ts';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const failingImpacts = new Set(['serious', 'critical']);

/** Roles a person operates: each needs an accessible name. */
const interactiveRoles = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'option',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
]);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AuditLog {
  failures: Finding[];
  notes: Finding[];
  audited: number;
  /** Paths that redirected to a screen audited already (the redirect itself is checked by `visit`). */
  redirects: number;
}

const newLog = (): AuditLog => ({ failures: [], notes: [], audited: 0, redirects: 0 });

/** Interactive nodes of Chromium's accessibility tree that have no name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value?: string }; name?: { value?: string }; backendDOMNodeId?: number }[];
    };
    const out: string[] = [];
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      if (node.ignored || !interactiveRoles.has(role)) continue;
      if (String(node.name?.value ?? '').trim() !== '') continue;
      let html = '';
      if (node.backendDOMNodeId) {
        const { outerHTML } = (await cdp.send('DOM.getOuterHTML', { backendNodeId: node.backendDOMNodeId })) as {
          outerHTML: string;
        };
        html = outerHTML.slice(0, 160);
      }
      out.push(`${role} ${html}`);
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

async function audit(page: Page, where: string, log: AuditLog) {
  // Legacy mode runs axe.run() in the page itself: the app has no iframes, and
  // the default mode's extra blank page per audit costs ~0.5 s each.
  const results = await new AxeBuilder({ page }).withTags(tags).setLegacyMode(true).analyze();
  log.audited++;
  for (const v of results.violations) {
    const finding: Finding = {
      where,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    };
    (failingImpacts.has(finding.impact) ? log.failures : log.notes).push(finding);
  }
  for (const control of await unnamedControls(page)) {
    log.failures.push({ where, rule: 'accessible-name', impact: 'serious', help: 'Interactive control without an accessible name', targets: [control] });
  }
}

/** Resolves once the page has had no request in flight for `quietMs` (at most `maxMs`). */
function trackNetwork(page: Page) {
  let inflight = 0;
  let lastChange = Date.now();
  const bump = (d: number) => {
    inflight += d;
    lastChange = Date.now();
  };
  page.on('request', () => bump(1));
  page.on('requestfinished', () => bump(-1));
  page.on('requestfailed', () => bump(-1));
  return async (quietMs = 150, maxMs = 5_000) => {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (inflight > 0 || Date.now() - lastChange < quietMs)) {
      await page.waitForTimeout(25);
    }
  };
}

/** Opens a path and waits for the screen it lands on (its title heading). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible({ timeout: 15_000 });
}

/**
 * Opens a path and waits for its screen (title heading) and a quiet network; where the screen
 * builds parts only when the player gets near them (WhenNear: the home's winner board and
 * footer), scrolls to them so they are audited too.
 */
async function visit(page: Page, path: string, settle: () => Promise<void>) {
  await open(page, path);
  await ready(page, settle);
}

/** Waits for a quiet network, and builds what waits for the player to scroll near it. */
async function ready(page: Page, settle: () => Promise<void>) {
  await settle();
  const waiting = page.locator('[data-when-near]');
  if ((await waiting.count()) === 0) return;
  // Screen by screen, as a player scrolls, until nothing waits to be built.
  for (let i = 0; i < 40 && (await waiting.count()) > 0; i++) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
  }
  await expect(waiting).toHaveCount(0);
  await settle();
}

function report(log: AuditLog, label: string) {
  const line = (f: Finding) => `  [${f.impact}] ${f.rule} at ${f.where}: ${f.help}\n      ${f.targets.slice(0, 5).join('\n      ')}`;
  console.log(`${label}: ${log.audited} pages audited (+${log.redirects} redirects to them), ${log.failures.length} serious/critical, ${log.notes.length} minor/moderate`);
  if (log.notes.length) console.log(`minor/moderate (reported, not failed):\n${log.notes.map(line).join('\n')}`);
  expect(log.failures.map(line), `serious or critical accessibility violations (${label})`).toEqual([]);
}

/** Audits `paths` on `parallel` pages of one context at a time (the audit is CPU-bound, the app mostly idle). */
async function auditAll(context: BrowserContext, paths: readonly string[], label: string, account?: DemoAccount) {
  const log = newLog();
  const queue = [...paths];
  const landedOn = new Set<string>();
  const session = account ? await logIn(test.info().project.use.baseURL!, account) : null;
  const parallel = 3;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const page = await context.newPage();
      // The home's notice popup (once per browser session) is audited on its own, below.
      await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
      if (session) await giveSession(page, session);
      const settle = trackNetwork(page);
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await open(page, path);
        const landed = new URL(page.url()).pathname;
        // A redirect to a screen this role has already had audited is the same screen again.
        if (landed !== path && landedOn.has(landed)) {
          log.redirects++;
          continue;
        }
        landedOn.add(landed);
        await ready(page, settle);
        await audit(page, landed === path ? path : `${path} -> ${landed}`, log);
      }
      await page.close();
    }),
  );
  report(log, label);
}

test.describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('every open route as a guest, aliases included', async ({ context }) => {
    // Member and agent routes send a guest to login or home (tests/e2e/foundation.spec.ts), both audited here.
    await auditAll(context, [...homeAliasPaths, ...openPaths], 'guest');
  });

  test('member routes and home as a member', async ({ context }) => {
    await auditAll(context, ['/m/home', ...memberPaths], 'member', demoAccounts.player);
  });

  test('agent routes and home as an agent', async ({ context }) => {
    await auditAll(context, ['/m/home', ...agentPaths], 'agent', demoAccounts.agent);
  });

  test('the notice popup, open, with a notice expanded', async ({ page }) => {
    const log = newLog();
    await page.goto('/m/home');
    const popup = page.getByRole('dialog', { name: text('lobby.notice.popupTitle') });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { expanded: false }).first().click();
    await expect(popup.getByRole('button', { expanded: true })).toHaveCount(1);
    await audit(page, '/m/home notice popup', log);
    report(log, 'notice popup');
  });

  test('the side menu, open', async ({ page }) => {
    const log = newLog();
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await visit(page, '/m/home', trackNetwork(page));
    await page.getByRole('button', { name: text('shell.menu.open') }).click();
    await expect(page.getByRole('dialog', { name: text('shell.menu.title') })).toBeVisible();
    await audit(page, '/m/home side menu', log);
    report(log, 'side menu');
  });

  test('the logout confirm dialog, open', async ({ page }) => {
    const log = newLog();
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, await logIn(test.info().project.use.baseURL!, demoAccounts.player));
    await visit(page, '/m/home', trackNetwork(page));
    await page.getByRole('button', { name: text('header.logout') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await audit(page, '/m/home logout confirm', log);
    report(log, 'logout confirm');
  });
});
