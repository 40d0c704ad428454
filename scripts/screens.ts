/**
 * `npm run screens`: screenshots of the main screens at 390 x 844 (device
 * scale 2) in Debian's Chromium, as a guest and as a member, into
 * docs/screens/. Starts its own server on a fresh embedded database.
 * Arguments, if any, are name prefixes of the shots to take.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium-flags.ts';

const port = Number(process.env.SCREENS_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const outDir = 'docs/screens';

interface Shot {
  name: string;
  path: string;
  /** Log in through the login screen first, as a demo account (README), for the screens of a role. */
  login?: { username: string; password: string };
  /** The interface language (stored as the language menu stores it); English without. */
  language?: string;
  /** What the player does on the screen before the shot (opens the menu ...). */
  act?: (page: Page) => Promise<void>;
}

const openMenu = async (page: Page) => {
  await page.locator('header button').first().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
};

const openMemberMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Member menu' }).click();
  await page.getByRole('dialog').locator('img').waitFor();
  await page.waitForTimeout(400);
};

const member = { username: 'player1', password: 'Player#2026' };

/** The 1-minute lotto's game screen, opened from the lottery filter panel (/m/lottery) as a player does. */
const openLotto = async (page: Page) => {
  await page.getByRole('link', { name: /^1-Minute Lotto/ }).first().click();
  await page.getByRole('heading', { name: '1-Minute Lotto' }).waitFor();
  await page.waitForTimeout(400);
};
const agent = { username: 'agent1', password: 'Agent#2026' };
/** agent1's sub-agent, offered an hourly wage contract by the demo seed. */
const teamLead = { username: 'team_lead_a', password: 'Team#2026' };

const shots: Shot[] = [
  { name: 'home-guest', path: '/m/home' },
  { name: 'home-member', path: '/m/home', login: member },
  { name: 'slots-center', path: '/m/slotsCenter' },
  { name: 'live-rooms', path: '/m/live' },
  { name: 'live-room', path: '/m/live?room=1' },
  { name: 'login', path: '/m/login' },
  // Back from a social provider that the player cancelled at (docs/social-login.md).
  { name: 'social-cancelled', path: '/m/social?error=cancelled' },
  { name: 'register', path: '/m/register' },
  { name: 'promotions', path: '/m/activity' },
  { name: 'promotions-member', path: '/m/activityDetail?id=5', login: member },
  { name: 'content-help', path: '/m/help?i=1' },
  { name: 'content-notice', path: '/m/notice', login: member },
  { name: 'content-message', path: '/m/message', login: member },
  { name: 'content-inbox', path: '/m/webEmail', login: member },
  { name: 'chat-guest', path: '/m/chat' },
  { name: 'chat-member', path: '/m/chat', login: member },
  { name: 'chat-staff-login', path: '/staff' },
  { name: 'content-agent-notice', path: '/m/member/notice?types=A', login: agent },
  { name: 'agent-home', path: '/m/agent', login: agent },
  { name: 'agent-overview', path: '/m/agent/team/overview', login: agent },
  { name: 'agent-team', path: '/m/member/team', login: agent },
  { name: 'agent-betting', path: '/m/teamBetting', login: agent },
  { name: 'agent-pnl', path: '/m/agent/team/pnl?types=D', login: agent },
  { name: 'agent-transactions', path: '/m/agent/team/transactions', login: agent },
  { name: 'agent-red-rain', path: '/m/redRain', login: agent },
  { name: 'agent-open-account', path: '/m/agentRegister', login: agent },
  { name: 'agent-rebate-settings', path: '/m/member/agent/agentRebeat', login: agent },
  { name: 'agent-rebate-income', path: '/m/member/teamRebate', login: agent },
  {
    name: 'agent-rebate-edit',
    path: '/m/member/agent/agentRebeat',
    login: agent,
    // A member's form with a rate above the agent's own, refused on its field.
    act: async (page) => {
      await page.getByRole('button', { name: /^Edit the rates of / }).first().click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Slots').fill('9.99');
      await form.getByRole('button', { name: 'Save rates' }).click();
      await form.getByText(/^Above your own rate/).waitFor();
      await page.waitForTimeout(400);
    },
  },
  // Agent contracts (the demo seed: agent1 offered team_lead_a a daily salary contract, active, and an hourly one, waiting;
  // team_lead_b has an active dividend contract).
  { name: 'agent-contract-salary', path: '/m/member/agent/getSalaryContract', login: agent },
  {
    name: 'agent-contract-offer-error',
    path: '/m/member/agent/getSalaryContract',
    login: agent,
    // Two tiers that do not rise, refused on the field to fix.
    act: async (page) => {
      const form = page.getByRole('region', { name: 'Offer a contract' });
      await form.getByLabel('Member account').fill('team_lead_b');
      await form.getByRole('button', { name: 'Add a tier' }).click();
      const tiers = form.getByRole('group');
      await tiers.nth(0).getByLabel('Team turnover from').fill('1000');
      await tiers.nth(0).getByLabel('Salary per day').fill('50');
      await tiers.nth(1).getByLabel('Team turnover from').fill('800');
      await tiers.nth(1).getByLabel('Salary per day').fill('80');
      await form.getByRole('button', { name: 'Send offer' }).click();
      await form.getByText(/^Each tier must be higher/).waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'agent-contract-prompt',
    path: '/m/home',
    login: teamLead,
    act: async (page) => {
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'agent-contract-hourly-proposal',
    path: '/m/member/agent/getHourContract',
    login: teamLead,
    act: async (page) => {
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'agent-dividend', path: '/m/member/agent/agentDivident', login: { username: 'team_lead_b', password: 'Team#2026' } },
  { name: 'member-center', path: '/m/member/home', login: member },
  { name: 'member-account', path: '/m/myAccount/index', login: member },
  { name: 'member-menu', path: '/m/home', login: member, act: openMemberMenu },
  { name: 'member-security', path: '/m/securityCenter', login: member },
  { name: 'member-vip', path: '/m/member/benefits', login: member },
  { name: 'member-rewards', path: '/m/mall/mallHome', login: member },
  { name: 'member-invite', path: '/m/inviteFriends', login: member },
  { name: 'member-kyc', path: '/m/member/kyc', login: member },
  // The leaderboard (docs/member.md): the month's turnover, where player1's seeded rounds rank them.
  {
    name: 'member-leaderboard',
    path: '/m/leaderboard',
    login: member,
    act: async (page) => {
      await page.getByRole('button', { name: 'Top turnover' }).click();
      await page.getByRole('button', { name: 'This month' }).click();
      await page.getByRole('region', { name: 'Your rank' }).getByText(/^No\. \d+$/).waitFor();
      await page.waitForTimeout(400);
    },
  },
  // Feedback (docs/member.md): one sent (waiting for a reply), and the next being written with its word count.
  {
    name: 'member-feedback',
    path: '/m/feedback',
    login: member,
    act: async (page) => {
      await page.getByLabel('Question type').selectOption({ label: 'Deposit problem' });
      await page.getByLabel('Content').fill('My deposit of 500.00 by GCash has not arrived after two hours.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('list', { name: 'My feedback' }).getByRole('listitem').first().waitFor();
      await page.waitForTimeout(1300);
      await page.getByLabel('Question type').selectOption({ label: 'Game problem' });
      await page.getByLabel('Content').fill('The slot froze after my last spin.');
      await page.waitForTimeout(300);
    },
  },
  { name: 'money-profit', path: '/m/transaction/profit?types=A', login: member },
  { name: 'money-bonus', path: '/m/transaction/profit?types=O', login: member },
  { name: 'money-deposit', path: '/m/voucherCenter', login: member },
  { name: 'money-withdraw', path: '/m/withdraw', login: member },
  { name: 'money-transactions', path: '/m/transaction/record?types=A', login: member },
  // The lottery (docs/lottery.md): the filter panel, the bar of /m/elott, a game screen as a guest and as a member
  // with a bet on the slip, the order it placed (opened), a game's results and the rank list.
  { name: 'lottery-filter', path: '/m/lottery' },
  { name: 'lottery-elott', path: '/m/elott' },
  { name: 'lottery-game-guest', path: '/m/lottery', act: openLotto },
  {
    name: 'lottery-game-member',
    path: '/m/lottery',
    login: member,
    act: async (page) => {
      await openLotto(page);
      await page.getByRole('tab', { name: /^Big \/ Small/ }).click();
      await page.getByRole('button', { name: 'Big', exact: true }).click();
      await page.getByRole('button', { name: 'Add to slip' }).click();
      await page.getByRole('tab', { name: /^Position/ }).click();
      await page.getByRole('button', { name: 'Ball 1: 7' }).click();
      await page.getByRole('button', { name: 'Add to slip' }).click();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'lottery-orders',
    path: '/m/lottery',
    login: member,
    // Places a bet, then opens it in my orders.
    act: async (page) => {
      await openLotto(page);
      await page.getByRole('tab', { name: /^Big \/ Small/ }).click();
      await page.getByRole('button', { name: 'Small', exact: true }).click();
      await page.getByRole('button', { name: 'Add to slip' }).click();
      await page.getByRole('button', { name: 'Place 1 bet' }).click();
      await page.getByText(/^1 bet placed on draw/).waitFor();
      await page.getByRole('link', { name: 'My orders' }).click();
      await page.getByRole('list', { name: 'Lottery orders' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Cancel bet' }).first().waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'lottery-results',
    path: '/m/lottery',
    act: async (page) => {
      await openLotto(page);
      await page.getByRole('link', { name: 'Results' }).click();
      // A fresh database has no draw yet: the first comes within the minute.
      const draws = page.getByRole('list', { name: 'Draws' });
      for (let i = 0; i < 16 && !(await draws.isVisible()); i++) {
        await page.waitForTimeout(5000);
        await page.reload({ waitUntil: 'networkidle' });
      }
      await page.waitForTimeout(400);
    },
  },
  { name: 'lottery-rank', path: '/m/lotto/rank' },
  // Right to left (Arabic): the screens of the Arabic walk (tests/e2e/languages.spec.ts).
  { name: 'rtl-login', path: '/m/login', language: 'AR' },
  { name: 'rtl-home', path: '/m/home', login: member, language: 'AR' },
  { name: 'rtl-menu', path: '/m/home', login: member, language: 'AR', act: openMenu },
  { name: 'rtl-game-list', path: '/m/gameList', login: member, language: 'AR' },
  { name: 'rtl-withdraw', path: '/m/withdraw', login: member, language: 'AR' },
  { name: 'rtl-transactions', path: '/m/transaction/record?types=A', login: member, language: 'AR' },
  // Responsible gaming (docs/responsible-gaming.md): the page, a limit's form refusing a bad amount, the time-out's
  // confirmation (not confirmed: the shots share player1), and the reality check's reminder (last: it turns it on).
  { name: 'rg-page', path: '/m/responsibleGaming', login: member },
  {
    name: 'rg-statement',
    path: '/m/responsibleGaming',
    login: member,
    act: async (page) => {
      await page.getByRole('region', { name: 'Activity statement' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'rg-limit-form',
    path: '/m/responsibleGaming',
    login: member,
    act: async (page) => {
      await page.getByRole('region', { name: 'Deposit limit' }).getByRole('button').first().click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Limit amount').fill('ten');
      await form.getByRole('button', { name: 'Save limit' }).click();
      await form.getByText('Enter the amount as a number.').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'rg-exclusion-confirm',
    path: '/m/responsibleGaming',
    login: member,
    act: async (page) => {
      const exclusion = page.getByRole('region', { name: 'Time-out and self-exclusion' });
      await exclusion.getByRole('radio', { name: '1 week' }).check();
      await exclusion.getByRole('button', { name: 'Take a break' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'rg-reality',
    path: '/m/responsibleGaming',
    login: member,
    // A 15-minute reality check, then the page's clock moved past the first reminder.
    act: async (page) => {
      await page.getByLabel('Reality check').selectOption('15');
      await page.getByRole('button', { name: 'Save session settings' }).click();
      await page.getByText('Session settings saved.').waitFor();
      await page.clock.install();
      await page.goto(`${base}/m/home`, { waitUntil: 'networkidle' });
      await page.clock.fastForward('15:30');
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
];

async function waitForServer(child: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      const res = await fetch(`${base}/wps/docs`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'm-casino-screens-'));
  // One process (node with the tsx loader), so that stopping it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    await waitForServer(server);
    mkdirSync(outDir, { recursive: true });
    // `tsx scripts/screens.ts money-` takes only the shots whose name starts with an argument.
    const only = process.argv.slice(2);
    for (const shot of shots.filter((s) => only.length === 0 || only.some((prefix) => s.name.startsWith(prefix)))) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // The notice popup shows once per browser session; the home-guest shot shows it.
      if (shot.name !== 'home-guest') await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
      if (shot.login) {
        await page.goto(`${base}/m/login`);
        await page.getByLabel('Username', { exact: true }).fill(shot.login.username);
        await page.getByLabel('Password', { exact: true }).fill(shot.login.password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/m\/(home|agent)$/);
      } else if (shot.language) {
        await page.goto(`${base}/m/home`);
      }
      if (shot.language) await page.evaluate((language) => localStorage.setItem('language', language), shot.language);
      await page.goto(base + shot.path, { waitUntil: 'networkidle' });
      if (shot.act) await shot.act(page);
      await page.screenshot({ path: join(outDir, `${shot.name}.png`) });
      await context.close();
      console.log(`${outDir}/${shot.name}.png`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
