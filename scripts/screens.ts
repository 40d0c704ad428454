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
import { chromium } from '@playwright/test';

const port = Number(process.env.SCREENS_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const outDir = 'docs/screens';

interface Shot {
  name: string;
  path: string;
  session?: { userName: string; type: number };
  /** Log in through the login screen first (screens that read the member's data from the server). */
  login?: { username: string; password: string };
}

const shots: Shot[] = [
  { name: 'home-guest', path: '/m/home' },
  { name: 'home-member', path: '/m/home', session: { userName: 'player1', type: 0 } },
  { name: 'login', path: '/m/login' },
  { name: 'register', path: '/m/register' },
  { name: 'promotions', path: '/m/activity' },
  { name: 'deposit-member', path: '/m/voucherCenter', session: { userName: 'player1', type: 0 } },
  { name: 'agent-home', path: '/m/agent', session: { userName: 'agent1', type: 1 } },
  { name: 'money-deposit', path: '/m/voucherCenter', login: { username: 'player1', password: 'Player#2026' } },
  { name: 'money-withdraw', path: '/m/withdraw', login: { username: 'player1', password: 'Player#2026' } },
  { name: 'money-transactions', path: '/m/transaction/record?types=A', login: { username: 'player1', password: 'Player#2026' } },
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
      if (shot.session) {
        await page.addInitScript((s) => {
          sessionStorage.setItem('MC_SESSION_INFO', JSON.stringify({ token: 'screens', merchantCode: 'DEMO', firstTimeLogin: false, ...s }));
        }, shot.session);
      }
      if (shot.login) {
        await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
        await page.goto(`${base}/m/login`);
        await page.getByLabel('Username', { exact: true }).fill(shot.login.username);
        await page.getByLabel('Password', { exact: true }).fill(shot.login.password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/m\/home$/);
      }
      await page.goto(base + shot.path, { waitUntil: 'networkidle' });
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
