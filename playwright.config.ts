import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium-flags.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
/** Each run starts on a fresh embedded database (or DATABASE_URL when set). */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'm-casino-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * Every test owns its data (a client address, members and agents of its own:
 * tests/e2e/client-address.ts, money-support.ts), so tests run side by side,
 * in any order, on one server: E2E_WORKERS of them at once (2 by default, for
 * this 2-core machine: the server and Chromium share it). What changes the
 * whole merchant (merchant-wide.spec.ts) runs alone, after the rest.
 * No retries: a flaky test shows. A failed test keeps its trace and
 * screenshot in test-results/ (the list reporter prints their paths;
 * `npx playwright show-trace <trace.zip>` replays it).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A timeout catches a hang, not slowness: the longest journeys take about 20 s on a quiet machine
  // and more than twice that on a busy one (speed is measured by the benchmarks, not here).
  timeout: 60_000,
  // The same for an assertion's wait (Playwright's default is 5 s).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  projects: [
    // The journeys' teardown: it starts when every journey has ended (and --repeat-each repeats the journeys).
    { name: 'journeys', testIgnore: /merchant-wide\.spec\.ts$/, teardown: 'merchant-wide' },
    { name: 'merchant-wide', testMatch: /merchant-wide\.spec\.ts$/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // A failed test keeps its trace: every action with the page's DOM before and after it, the network and
    // the console, to replay in `npx playwright show-trace`. Not the screencast (a JPEG of every frame,
    // the most CPU a passing test spent for nothing: foundation + lobby, 25 tests, 2 workers, twice each:
    // CPU 283 s and 247 s with it, 217 s and 201 s without), and the page's screenshot at the failure.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    // The site's service worker keeps the shell for offline use; a test of something else need not install it
    // (tests/e2e/pwa.spec.ts allows it).
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/wps/docs`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000',
      // Suites that fail logins on purpose act as their own client address (X-Forwarded-For),
      // so the captcha they bring on does not reach the other suites' logins.
      TRUST_PROXY: '127.0.0.1',
      // The test switch: the suites read SMS and e-mail codes and captcha answers over HTTP (loopback only).
      DEV_ENDPOINTS: '1',
      // The suites send more codes from one address than a person would.
      SMS_PER_CLIENT_PER_HOUR: '1000',
      SMS_PER_DEVICE_PER_HOUR: '1000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
