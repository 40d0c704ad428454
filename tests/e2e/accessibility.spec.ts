/**
 * Accessibility audit (WCAG 2.2 A/AA) of every route of the route table
 * (contract/route-paths.ts: home aliases, open, member and agent paths), in
 * every role: guest, trial (an account from the trial flow, /m/trail),
 * member and agent (each a new account of the test's own). A route joins the audit by being in
 * the route table.
 *
 * Each role has one browser context; its pages open every path of the table
 * (a path that redirects is audited where it lands, once per screen), and
 * on each screen:
 *
 * - axe-core (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa and best-practice
 *   rules): serious and critical findings fail, and so do duplicate landmark
 *   names (`landmark-unique`); minor and moderate findings are printed;
 * - the checks of a11y-checks.ts: names and Label in Name, 44 px targets,
 *   visible and unobscured keyboard focus, reflow at 320 px and text at 200 %;
 * - no Chinese outside an element marked Chinese (the audit runs in English);
 * - every form on the screen with empty fields is sent as it is, and the
 *   screen is audited again with its errors shown (each tied to its field).
 *
 * The states a screen opens on top are audited in that role too: the side
 * menu drawer, the member menu drawer, the logout confirm, the notice popup, the download sheet, a
 * game's action sheet, an account field's sheet, the security questions' sheet and the trial's registration offer; each also has to
 * take focus, keep Tab inside, close with Escape and give focus back to the
 * control that opened it.
 */
import type { BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import { agentPaths, homeAliasPaths, memberPaths, openPaths } from '../../contract/route-paths.ts';
import { axeViolations } from './axe.ts';
import { checkFocus, checkFormErrors, checkNames, checkReflow, checkResize, checkTargets, minimumTextPx, nextFrames, type Problem } from './a11y-checks.ts';
import cn from '../../contract/messages/cn.json' with { type: 'json' };
import { clientAddress, clientHeaders } from './client-address.ts';
import { freshAgent, freshMember, fund } from './money-support.ts';
import { expect, openInSite, screenShown, test, text, wheel } from './support.ts';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const failingImpacts = new Set(['serious', 'critical']);
/** Rules that fail whatever their impact. */
const failingRules = new Set(['landmark-unique']);

/** Every path of the route table, each audited once per role where it lands. */
const routeTable: readonly string[] = [...homeAliasPaths, ...openPaths, ...memberPaths, ...agentPaths];

type Role = 'guest' | 'trial' | 'member' | 'agent';
const roles: readonly Role[] = ['guest', 'trial', 'member', 'agent'];

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
  /** Paths that landed on a screen audited already in this role. */
  redirects: number;
  forms: number;
  /** Seconds spent per stage, summed over the pages (they run side by side). */
  seconds: Record<string, number>;
}

const newLog = (): AuditLog => ({ failures: [], notes: [], audited: 0, redirects: 0, forms: 0, seconds: {} });

/** Runs a stage of the audit and adds its time to the log. */
async function timed<T>(log: AuditLog, stage: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    log.seconds[stage] = (log.seconds[stage] ?? 0) + (performance.now() - start) / 1000;
  }
}

/** What this tab's session storage holds for a role: nothing for a guest. */
type Session = Record<string, string>;

/**
 * Signs the role in: a new member (with a deposit, so the money screens have
 * a balance and a record) or a new agent through the real login call, the
 * trial account through /m/trail.
 */
async function sessionOf(role: Role, context: BrowserContext): Promise<Session> {
  const baseURL = test.info().project.use.baseURL!;
  if (role === 'member') {
    const member = await freshMember(baseURL, 'a11y');
    await fund(baseURL, member, 500_00);
    return { MC_SESSION_INFO: JSON.stringify(member.session) };
  }
  if (role === 'agent') return { MC_SESSION_INFO: JSON.stringify((await freshAgent(baseURL)).session) };
  if (role === 'guest') return {};
  const page = await context.newPage();
  await page.goto('/m/trail');
  await expect(page).toHaveURL(/\/m\/home$/);
  const stored = await page.evaluate(() => ({ MC_SESSION_INFO: sessionStorage.getItem('MC_SESSION_INFO') ?? '', trialName: sessionStorage.getItem('trialName') ?? '' }));
  expect(JSON.parse(stored.MC_SESSION_INFO).type, 'a trial session').toBe(4);
  await page.close();
  return stored;
}

/**
 * A page of the role's context: every load starts with the role's session
 * (and only it: a path that starts another session, such as /m/trail, does
 * not carry it to the next path), and with the notice popup seen unless asked.
 */
async function rolePage(context: BrowserContext, session: Session, { noticeSeen = true } = {}): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(
    ({ session, noticeSeen }) => {
      sessionStorage.removeItem('MC_SESSION_INFO');
      sessionStorage.removeItem('trialName');
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
      if (noticeSeen) sessionStorage.setItem('NOTICE_POP', '1');
    },
    { session, noticeSeen },
  );
  return page;
}

/** Whether this tab still holds the role's session (and only it). */
const holdsSession = (page: Page, session: Session) =>
  page.evaluate(
    (session) => (sessionStorage.getItem('MC_SESSION_INFO') ?? '') === (session.MC_SESSION_INFO ?? ''),
    session,
  );

/**
 * Opens a path in the role's page until its screen shows: inside the running
 * site, unless the page has none yet or the last path left the role's session
 * (/m/trail starts a trial): then a page load.
 */
async function openAsRole(page: Page, session: Session, path: string, messages?: Record<string, string>) {
  if (page.url().startsWith('http') && (await holdsSession(page, session))) await openInSite(page, path);
  else await page.goto(path);
  await screenShown(page, path, messages);
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (at most
 * `maxMs`): each request's start and end restarts the quiet window.
 */
function trackNetwork(page: Page) {
  let inflight = 0;
  let changed = () => {};
  const bump = (d: number) => {
    inflight += d;
    changed();
  };
  page.on('request', () => bump(1));
  page.on('requestfinished', () => bump(-1));
  page.on('requestfailed', () => bump(-1));
  return (quietMs = 150, maxMs = 5_000) =>
    new Promise<void>((resolve) => {
      let quiet: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(quiet);
        clearTimeout(limit);
        changed = () => {};
        resolve();
      };
      const limit = setTimeout(done, maxMs);
      changed = () => {
        clearTimeout(quiet);
        if (inflight <= 0) quiet = setTimeout(done, quietMs);
      };
      changed();
    });
}

/** Builds what waits for the player to scroll near it (WhenNear: the home's winner board and footer), screen by screen. */
async function buildAll(page: Page, settle: () => Promise<void>) {
  const waiting = page.locator('[data-when-near]');
  if ((await waiting.count()) === 0) return;
  for (let i = 0; i < 40 && (await waiting.count()) > 0; i++) await wheel(page, 800, { toBuild: true });
  await expect(waiting).toHaveCount(0);
  await settle();
  await page.evaluate(() => window.scrollTo(0, 0));
}

function record(log: AuditLog, where: string, problems: Problem[]) {
  for (const p of problems) log.failures.push({ where, rule: p.rule, impact: 'serious', help: p.help, targets: p.targets });
}

/** axe on the page as it is. */
async function axe(page: Page, where: string, log: AuditLog) {
  const violations = await axeViolations(page, tags);
  log.audited++;
  for (const v of violations) {
    const finding: Finding = {
      where,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    };
    (failingImpacts.has(finding.impact) || failingRules.has(v.id) ? log.failures : log.notes).push(finding);
  }
}

/**
 * Text in Han characters that is not marked as a language written with them: Chinese (a language's own
 * name in the language menu is, `lang="zh-CN"`, `lang="zh-TW"`) or Japanese (`日本語`, `lang="ja"`).
 */
const chineseOutsideItsLanguage = () => {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.textContent ?? '';
    if (/[\u3400-\u9fff]/.test(value) && !node.parentElement?.closest('[lang^="zh"], [lang="ja"]')) found.push(value.trim().slice(0, 40));
  }
  return found;
};

/** The audit runs in English: the site shows no Chinese (vendor and category names come in the chosen language). */
async function checkNoChinese(page: Page): Promise<Problem[]> {
  const chinese = await page.evaluate(chineseOutsideItsLanguage);
  return chinese.length ? [{ rule: 'language-of-parts', help: 'Chinese characters not marked with their language in the English site', targets: chinese.slice(0, 6) }] : [];
}

/** Everything this audit checks on a screen as it is on display. */
async function auditScreen(page: Page, cdp: CDPSession, where: string, log: AuditLog) {
  await timed(log, 'axe', () => axe(page, where, log));
  record(log, where, await timed(log, 'names', () => checkNames(page, cdp)));
  record(log, where, await timed(log, 'targets', () => checkTargets(page)));
  record(log, where, await checkNoChinese(page));
}

/** The checks that move focus, scroll and resize: once per screen, after the rest. */
async function auditLayout(page: Page, cdp: CDPSession, where: string, log: AuditLog) {
  record(log, where, await timed(log, 'focus', () => checkFocus(page)));
  record(log, where, await timed(log, 'resize', () => checkResize(page, cdp)));
}

/**
 * Each form of the screen that has empty fields is sent as it is; the
 * screen is audited with the errors shown. (A form without empty fields is
 * not sent: sending it could act. A search, a form in a `search` landmark,
 * is not sent either: an empty search is a query, for everything, with no
 * field in error.)
 */
async function auditForms(page: Page, cdp: CDPSession, where: string, log: AuditLog) {
  const forms = await page.evaluate(() =>
    Array.from(document.querySelectorAll('form')).map(
      (form) =>
        form.checkVisibility() &&
        form.closest('search, [role=search]') === null &&
        Array.from(form.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=radio]):not([type=checkbox]), textarea')).some(
          (input) => input.checkVisibility() && input.value === '',
        ) &&
        form.querySelector('button[type=submit]:not([disabled])') !== null,
    ),
  );
  for (const [index, fillable] of forms.entries()) {
    if (!fillable) continue;
    log.forms++;
    const form = page.locator('form').nth(index);
    await form.locator('button[type=submit]').first().click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeAttached({ timeout: 3_000 }).catch(() => undefined);
    await nextFrames(page);
    const at = `${where} (form ${index + 1} sent empty)`;
    record(log, at, await checkFormErrors(page, index));
    await auditScreen(page, cdp, at, log);
  }
}

function report(log: AuditLog, label: string) {
  const line = (f: Finding) => `  [${f.impact}] ${f.rule} at ${f.where}: ${f.help}\n      ${f.targets.slice(0, 6).join('\n      ')}`;
  console.log(
    `${label}: ${log.audited} audits (+${log.redirects} paths landing on a screen audited already; ${log.forms} forms sent empty), ${log.failures.length} failing, ${log.notes.length} minor/moderate`,
  );
  const stages = Object.entries(log.seconds).map(([stage, s]) => `${stage} ${s.toFixed(1)}`);
  if (stages.length) console.log(`  seconds per stage, summed over the pages side by side: ${stages.join(', ')}`);
  if (log.notes.length) console.log(`minor/moderate (reported, not failed):\n${log.notes.map(line).join('\n')}`);
  expect(log.failures.map(line), `accessibility failures (${label})`).toEqual([]);
}

/** Audits every path of the route table in one role, on `parallel` pages of one context. */
async function auditRoutes(context: BrowserContext, role: Role) {
  const log = newLog();
  const session = await sessionOf(role, context);
  const queue = [...routeTable];
  const landedOn = new Set<string>();
  const parallel = 3;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const page = await rolePage(context, session);
      const cdp = await context.newCDPSession(page);
      const settle = trackNetwork(page);
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await timed(log, 'open', async () => {
          await openAsRole(page, session, path);
          await settle();
        });
        const landed = new URL(page.url()).pathname;
        // A path that lands on a screen this role has had audited already is that screen again.
        if (landedOn.has(landed)) {
          log.redirects++;
          continue;
        }
        landedOn.add(landed);
        await timed(log, 'build', () => buildAll(page, settle));
        const where = landed === path ? path : `${path} -> ${landed}`;
        await auditScreen(page, cdp, where, log);
        await auditLayout(page, cdp, where, log);
        await timed(log, 'forms', () => auditForms(page, cdp, where, log));
      }
      await cdp.detach();
      await page.close();
    }),
  );
  report(log, role);
}

// ------------------------------------------------------------------ states

interface OpenState {
  name: string;
  roles: readonly Role[];
  path: string;
  /** The notice popup opens by itself on the first visit of a browser session. */
  firstVisit?: boolean;
  /** The control that opens it (absent when it opens by itself). */
  opener?: (page: Page) => Locator;
  /** The dialog, once open. */
  dialog: (page: Page) => Locator;
  /** Something to do inside it before the audit. */
  inside?: (dialog: Locator) => Promise<void>;
}

const signedIn: readonly Role[] = ['trial', 'member', 'agent'];

const states: OpenState[] = [
  {
    name: 'side menu drawer',
    roles,
    path: '/m/home',
    opener: (page) => page.getByRole('button', { name: text('shell.menu.open') }),
    dialog: (page) => page.getByRole('dialog', { name: text('shell.menu.title') }),
  },
  {
    name: 'member menu drawer',
    roles,
    path: '/m/home',
    opener: (page) => page.getByRole('button', { name: text('shell.memberMenu.open') }),
    dialog: (page) => page.getByRole('dialog', { name: text('account.menu.title') }),
  },
  {
    name: 'logout confirm',
    roles: signedIn,
    path: '/m/home',
    opener: (page) => page.getByRole('button', { name: text('header.logout') }),
    dialog: (page) => page.getByRole('alertdialog'),
  },
  {
    name: 'notice popup, a notice expanded',
    roles,
    path: '/m/home',
    firstVisit: true,
    dialog: (page) => page.getByRole('dialog', { name: text('lobby.notice.popupTitle') }),
    inside: async (dialog) => {
      await dialog.getByRole('button', { expanded: false }).first().click();
      await expect(dialog.getByRole('button', { expanded: true })).toHaveCount(1);
    },
  },
  {
    name: 'download sheet',
    roles,
    path: '/m/home',
    opener: (page) => page.getByRole('button', { name: text('lobby.notice.download') }),
    dialog: (page) => page.getByRole('dialog', { name: text('lobby.download.title') }),
  },
  {
    name: "a game's action sheet",
    roles: signedIn,
    path: '/m/slot-games',
    // The first tile of a game with a node (it has a star): its tap opens the sheet (a guest is sent to log in).
    opener: (page) =>
      page
        .getByTestId('game-tile')
        .filter({ has: page.getByRole('button', { name: text('lobby.fav.toggle', { name: '' }) }) })
        .first()
        .getByRole('button')
        .first(),
    dialog: (page) => page.getByRole('dialog'),
  },
  {
    name: "an account field's sheet",
    roles: ['member', 'agent'],
    path: '/m/myAccount/index',
    opener: (page) => page.getByRole('button', { name: new RegExp(text('account.field.nickname')) }),
    dialog: (page) => page.getByRole('dialog', { name: text('account.field.nickname') }),
  },
  {
    name: 'security questions sheet',
    roles: ['member'],
    path: '/m/securityCenter',
    opener: (page) => page.getByRole('button', { name: new RegExp(text('security.questions.title')) }),
    dialog: (page) => page.getByRole('dialog', { name: text('security.questions.title') }),
  },
  {
    name: 'terms and conditions sheet',
    roles: ['guest'],
    path: '/m/register',
    opener: (page) => page.getByRole('button', { name: text('identity.register.terms') }),
    dialog: (page) => page.getByRole('dialog', { name: text('identity.terms.title') }),
    inside: async (dialog) => {
      await expect(dialog.getByRole('heading', { name: text('identity.terms.title') })).toBeVisible();
    },
  },
  {
    name: 'trial registration offer',
    roles: ['trial'],
    path: '/m/home',
    opener: (page) => page.getByRole('navigation', { name: text('shell.bottom.label') }).getByRole('link', { name: text('nav.memberCenter') }),
    dialog: (page) => page.getByRole('alertdialog', { name: text('trial.register.title') }),
  },
];

/** The controls Tab reaches, in order, from the focused one (at most `max` presses). */
async function tabCycle(page: Page, max: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        const dialog = el?.closest('[aria-modal="true"]');
        return `${dialog ? 'inside' : 'OUTSIDE'}:${el?.tagName.toLowerCase()}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 30)}`;
      }),
    );
  }
  return seen;
}

/**
 * Opens each state on one page of the role: the notice popup first, as it
 * opens by itself on the first visit of home; then each control that opens a
 * dialog, from the keyboard (the page opens the state's path in the site).
 */
async function auditStates(context: BrowserContext, session: Session, open: readonly OpenState[], log: AuditLog) {
  const page = await rolePage(context, session, { noticeSeen: !open.some((s) => s.firstVisit) });
  const cdp = await context.newCDPSession(page);
  const settle = trackNetwork(page);
  const ordered = [...open.filter((s) => s.firstVisit), ...open.filter((s) => !s.firstVisit)];
  await page.goto(ordered[0]?.path ?? '/m/home');
  await screenShown(page, ordered[0]?.path ?? '/m/home');
  await settle();
  for (const state of ordered) {
    if (new URL(page.url()).pathname !== state.path) {
      await openInSite(page, state.path);
      await screenShown(page, state.path);
      await settle();
    }
    expect(new URL(page.url()).pathname, `${state.name} opens on ${state.path}`).toBe(state.path);
    const dialog = state.dialog(page);
    const opener = state.opener?.(page);
    if (opener) {
      await opener.focus();
      await page.keyboard.press('Enter');
    }
    await expect(dialog, `${state.name} opens`).toBeVisible();
    await settle();
    // Focus moves into it, and Tab and Shift+Tab stay inside.
    await expect
      .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `${state.name}: focus moves into the dialog`, intervals: [50] })
      .toBe(true);
    await state.inside?.(dialog);
    const forward = await tabCycle(page, 12);
    expect(forward.filter((f) => f.startsWith('OUTSIDE')), `${state.name}: Tab stays in the dialog`).toEqual([]);
    await page.keyboard.down('Shift');
    const backward = await tabCycle(page, 4);
    await page.keyboard.up('Shift');
    expect(backward.filter((f) => f.startsWith('OUTSIDE')), `${state.name}: Shift+Tab stays in the dialog`).toEqual([]);
    const where = `${state.path} ${state.name}`;
    await auditScreen(page, cdp, where, log);
    await auditLayout(page, cdp, where, log);
    // Escape closes it and focus returns to the control that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog, `${state.name}: Escape closes it`).toBeHidden();
    if (opener) await expect(opener, `${state.name}: focus returns to its opener`).toBeFocused();
  }
  await cdp.detach();
  await page.close();
}

test.describe('accessibility (WCAG 2.2 A/AA) of every route in every role', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const role of roles) {
    test(`every route of the route table, as ${role}`, async ({ context }) => {
      await auditRoutes(context, role);
    });
  }

  for (const role of roles) {
    const open = states.filter((s) => s.roles.includes(role));
    test(`drawers and dialogs as ${role}: ${open.map((s) => s.name).join(', ')}`, async ({ context }) => {
      const log = newLog();
      await auditStates(context, await sessionOf(role, context), open, log);
      report(log, `${role} dialogs`);
    });
  }
});

// ------------------------------------------------------------------ languages

/** The catalog languages besides English (the language of the audit above), with the screen titles each shows. */
const otherLanguages = { CN: cn } as const satisfies Record<string, Record<string, string>>;

/**
 * The audit above runs in English; a language's words have their own
 * lengths. In each other language, at a small phone's 360 px, every screen's
 * title stays whole (wrapped if need be, never cut off), nothing reaches past
 * the screen's sides and no text is under 12 px: as a member (open and member
 * paths) and as an agent (agent paths).
 */
for (const [language, messages] of Object.entries(otherLanguages)) {
  for (const [role, paths] of [['member', [...openPaths, ...memberPaths]], ['agent', agentPaths]] as const) {
    test(`every screen fits a 360 px phone in ${language}, as ${role}: whole titles, no sideways overflow, no tiny text`, async ({ browser }) => {
      test.setTimeout(240_000);
      const failures: string[] = [];
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, extraHTTPHeaders: clientHeaders(clientAddress()) });
      const session = await sessionOf(role, context);
      const page = await rolePage(context, session);
      await page.addInitScript((language) => localStorage.setItem('language', language), language);
      const settle = trackNetwork(page);
      const seen = new Set<string>();
      for (const path of paths) {
        await openAsRole(page, session, path, messages);
        await settle();
        const landed = new URL(page.url()).pathname;
        if (seen.has(landed)) continue;
        seen.add(landed);
        await buildAll(page, settle);
        for (const problem of await checkReflow(page, `360 px, ${language}`, 360, { minTextPx: minimumTextPx })) {
          failures.push(`${language} ${role} ${landed}: ${problem.help}\n      ${problem.targets.slice(0, 6).join('\n      ')}`);
        }
      }
      await context.close();
      expect(failures).toEqual([]);
    });
  }
}

// ------------------------------------------------------------------ motion

/**
 * What moves on /m/home by itself, on the page's own clock (Playwright's, run
 * forward by hand a second at a time for 12 s): the banners shown on the way
 * (the clock also runs while the page loads, so with motion the carousel may
 * have moved on already), the jackpot figure, and whether the notice ticker
 * and the winner board run a CSS animation.
 */
async function motionOnHome(page: Page, reducedMotion: 'reduce' | 'no-preference') {
  await page.emulateMedia({ reducedMotion });
  await page.clock.install();
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  const settle = trackNetwork(page);
  await page.goto('/m/home');
  await screenShown(page, '/m/home');
  // The footer (jackpot) and the winner board are built when the player scrolls near them.
  await buildAll(page, settle);
  const carousel = page.getByRole('region', { name: text('lobby.banner.label') });
  const current = () => carousel.getByRole('button').evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
  await expect.poll(current, 'a banner is shown').toBeGreaterThanOrEqual(0);
  const jackpot = page.getByText(text('lobby.footer.jackpot'), { exact: true }).locator('xpath=following-sibling::span');
  await expect(jackpot).toHaveText(/\d/);
  const jackpotBefore = await jackpot.textContent();
  const banners = [await current()];
  for (let second = 0; second < 12; second++) {
    await page.clock.runFor(1_000);
    const shown = await current();
    if (shown !== banners.at(-1)) banners.push(shown);
  }
  const animation = (testId: string, selector: string) =>
    page.getByTestId(testId).locator(selector).first().evaluate((el) => getComputedStyle(el).animationName);
  return {
    banners,
    jackpotMoved: (await jackpot.textContent()) !== jackpotBefore,
    ticker: await animation('notice-ticker', 'span'),
    winners: await animation('winner-board', 'ul'),
  };
}

test('prefers-reduced-motion stops the banner autoplay, the notice ticker, the winner board and the jackpot counter', async ({ browser }) => {
  test.setTimeout(120_000);
  // The same 12 s with motion: each of them moves, so the check below can see them stop.
  const moving = await browser.newContext({ extraHTTPHeaders: clientHeaders(clientAddress()) });
  const withMotion = await motionOnHome(await moving.newPage(), 'no-preference');
  await moving.close();
  expect(withMotion.banners.length, `with motion, the carousel moves on (banners shown: ${withMotion.banners})`).toBeGreaterThan(1);
  expect(withMotion.jackpotMoved, 'with motion, the jackpot grows').toBe(true);
  expect(withMotion.ticker).not.toBe('none');
  expect(withMotion.winners).not.toBe('none');

  const still = await browser.newContext({ extraHTTPHeaders: clientHeaders(clientAddress()) });
  const reduced = await motionOnHome(await still.newPage(), 'reduce');
  await still.close();
  expect(reduced).toEqual({ banners: [0], jackpotMoved: false, ticker: 'none', winners: 'none' });
});
