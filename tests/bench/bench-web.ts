/**
 * `npm run bench:web` — Lighthouse on the production build.
 *
 * Builds the app (`npm run build`; `--no-build` uses the existing dist/) and
 * two reference pages with the same Vite config (support.ts `referencePages`):
 * the BASELINE (tests/bench/baseline/, a minimal React page) and the STACK
 * FLOOR (tests/bench/stack-floor/, the same page on the app's libraries).
 * Serves each with the real server (server/main.ts, NODE_ENV=production) on
 * 127.0.0.1 with a fresh temporary DATA_DIR, and runs Lighthouse (the npm
 * package, driving Debian's Chromium through chrome-launcher; mobile form
 * factor, performance category) BENCH_WEB_RUNS times (default 3) with
 * simulated throttling on the guest pages /m/home, /m/login and /m/gameList,
 * the heaviest member page (/m/withdraw, signed in as the demo member) and
 * the agent home (/m/agent, as the demo agent), and the reference pages,
 * interleaved; then BENCH_WEB_APPLIED_RUNS times (default 1) with applied
 * (DevTools) throttling, which slows the real page down instead of
 * estimating from a fast load, so a regression the simulation hides shows
 * up. Prints the medians of the performance score, FCP, LCP, TBT, CLS and
 * transferred bytes with each page's LCP as a ratio to the stack floor's;
 * writes bench-results/web.json.
 *
 * Every app page is loaded cold: before each of its runs the browser's HTTP
 * cache, the service worker and its caches are cleared, and for a signed-in
 * page the session record is put in local storage, where the site reads it at
 * start as well as in the tab's session storage (Lighthouse opens a tab of
 * its own, and is told not to reset storage for these pages). For a guest
 * page the record is removed: Lighthouse's storage reset clears caches and
 * workers, not local storage.
 *
 * Budgets, against the stack floor measured in the same run with the same
 * throttling (exit code 1 when an app page breaks one in the simulated
 * runs): LCP <= 1.2x the floor's, TBT <= the floor's + 50 ms, performance
 * >= the floor's - 3, CLS <= 0.02. The applied-throttling figures are
 * printed beside them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  buildApp,
  buildReferencePages,
  distDir,
  hasFlag,
  median,
  referencePages,
  requireBuild,
  resultsDir,
  type RunningServer,
  signIn,
  startServer,
  table,
} from './support.ts';
import { storageKeys } from '../../src/app/storage.ts';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium-flags.ts';

/** Against the stack floor of the same run and throttling (see the header). */
const budgets = { lcpRatio: 1.2, tbtOverFloorMs: 50, performanceUnderFloor: 3, cls: 0.02 };
const guestPages = ['/m/home', '/m/login', '/m/gameList'];
/** The heaviest member-only and agent-only screens (`npm run bench:bundle`'s table), with the demo accounts that open them. */
const signedInPages = [
  { path: '/m/withdraw', username: 'player1', password: 'Player#2026' },
  { path: '/m/agent', username: 'agent1', password: 'Agent#2026' },
];
const merchant = 'DEMO';
const count = (name: string, fallback: number) => Math.max(0, Number(process.env[name] ?? fallback) || 0);
const runs = Math.max(1, count('BENCH_WEB_RUNS', 3));
const appliedRuns = count('BENCH_WEB_APPLIED_RUNS', 1);
type Throttling = 'simulate' | 'devtools';

interface Sample {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
}
type Metric = keyof Sample;
const metrics: Metric[] = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'transferBytes'];

interface Target {
  name: string;
  url: string;
  /** A reference page (not held to the budgets); the first one is the baseline of the ratios. */
  reference: boolean;
  /** The session record (MC_SESSION_INFO) of a signed-in page. */
  session?: string;
  samples: Record<Throttling, Sample[]>;
}

/** One Lighthouse run; a run Lighthouse itself reports as failed (e.g. NO_NAVSTART) is retried twice. */
interface Audit {
  url: string;
  port: number;
  throttling: Throttling;
  /** Keep the storage (a signed-in page, whose storage `prepare` has just set up). */
  keepStorage: boolean;
  prepare?: () => Promise<void>;
}

async function audit(run: Audit, attempt = 1): Promise<Sample> {
  try {
    await run.prepare?.();
    return await auditOnce(run);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (retrying ${run.url}: ${error instanceof Error ? error.message : error})`);
    return audit(run, attempt + 1);
  }
}

async function auditOnce({ url, port, throttling, keepStorage }: Audit): Promise<Sample> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: throttling,
        onlyCategories: ['performance'],
        disableStorageReset: keepStorage,
      },
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A signed-in page whose session did not take would measure the sign-in screen it sends the visitor to.
  const shown = new URL(lhr.finalDisplayedUrl).pathname;
  if (shown !== new URL(url).pathname) throw new Error(`${url} ended on ${shown}`);
  // BENCH_WEB_REPORTS=<dir> keeps every run's full Lighthouse report (JSON) for a closer look.
  const reports = process.env.BENCH_WEB_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${throttling}-${Date.now()}.json`;
    writeFileSync(path.join(reports, name), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  }
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== 'number') throw new Error(`${url}: no value for ${id}`);
    return v;
  };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferBytes: value('total-byte-weight'),
  };
}

function medians(samples: Sample[]): Sample {
  return Object.fromEntries(metrics.map((m) => [m, median(samples.map((s) => s[m]))])) as unknown as Sample;
}

interface Row {
  name: string;
  url: string;
  reference: boolean;
  median: Sample;
  /** LCP / the stack floor's LCP, same run and throttling. */
  lcpRatio: number;
  samples: Sample[];
}

/** The rows of one throttling method, with LCP ratios to the stack floor's. */
function rowsOf(targets: Target[], throttling: Throttling): Row[] {
  const measured = targets.filter((t) => t.samples[throttling].length > 0);
  const floor = measured.find((t) => t.name === 'stack floor');
  const floorLcp = floor ? medians(floor.samples[throttling]).lcpMs : Number.NaN;
  return measured.map((t) => {
    const m = medians(t.samples[throttling]);
    return { name: t.name, url: t.url, reference: t.reference, median: m, lcpRatio: m.lcpMs / floorLcp, samples: t.samples[throttling] };
  });
}

function printRows(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    table([
      ['page (medians)', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'transfer KB', 'LCP / floor'],
      ...rows.map((r) => [
        r.name,
        String(r.median.performance),
        r.median.fcpMs.toFixed(0),
        r.median.lcpMs.toFixed(0),
        r.median.tbtMs.toFixed(0),
        r.median.cls.toFixed(3),
        (r.median.transferBytes / 1024).toFixed(1),
        r.lcpRatio.toFixed(2),
      ]),
    ]),
  );
}

/** The budgets of one app page against the stack floor of the same run. */
function budgetFailures(row: Row, floor: Sample): string[] {
  const m = row.median;
  const out: string[] = [];
  if (row.lcpRatio > budgets.lcpRatio) out.push(`${row.name}: LCP ${m.lcpMs.toFixed(0)} ms = ${row.lcpRatio.toFixed(2)}x the floor's > ${budgets.lcpRatio}x`);
  if (m.tbtMs > floor.tbtMs + budgets.tbtOverFloorMs)
    out.push(`${row.name}: TBT ${m.tbtMs.toFixed(0)} ms > the floor's ${floor.tbtMs.toFixed(0)} + ${budgets.tbtOverFloorMs} ms`);
  if (m.performance < floor.performance - budgets.performanceUnderFloor)
    out.push(`${row.name}: performance ${m.performance} < the floor's ${floor.performance} - ${budgets.performanceUnderFloor}`);
  if (m.cls > budgets.cls) out.push(`${row.name}: CLS ${m.cls.toFixed(3)} > ${budgets.cls}`);
  return out;
}

/**
 * Opens a tab on the app's origin through the DevTools protocol, clears the
 * browser's HTTP cache, and writes the session record to local storage, which
 * the site reads at start (`readStoredSession`): a signed-in visit with
 * nothing cached. With no session it removes the record: Lighthouse's own
 * storage reset leaves local storage alone, so a guest page measured after a
 * signed-in one would otherwise be measured signed in (until 2026-11-29 the
 * guest pages of a full run were measured as the demo agent after the
 * first pass).
 */
async function storagePreparer(port: number, origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  return {
    prepare: async (session: string | undefined) => {
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        // Nor what the site's service worker kept on an earlier run (its storage is not reset for these pages).
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(
          ([key, value]) => (value === undefined ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
          [storageKeys.session, session] as const,
        );
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}

async function main(): Promise<number> {
  if (hasFlag('--no-build')) requireBuild();
  else buildApp();
  await buildReferencePages();

  const servers: RunningServer[] = [];
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-chromium-'));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let preparer: Awaited<ReturnType<typeof storagePreparer>> | undefined;
  try {
    const [app, ...references] = await Promise.all([
      startServer(distDir, 'bench-web'),
      ...referencePages.map((page) => startServer(page.outDir, `bench-${page.name.replace(/\W+/g, '-')}`)),
    ]);
    servers.push(app!, ...references);
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
    preparer = await storagePreparer(chrome.port, app!.origin);
    console.log(
      `bench:web — Lighthouse, mobile: ${runs} run(s) per page with simulated throttling, ${appliedRuns} with applied throttling; ` +
        `${chromiumPath}, Node ${process.version}, ${cpus().length} CPUs`,
    );

    const sessions = await Promise.all(
      signedInPages.map(async (p) => JSON.stringify(await signIn(app!.origin, merchant, p.username, p.password))),
    );
    const empty = () => ({ simulate: [], devtools: [] });
    // BENCH_WEB_ONLY=<regular expression> measures only the app pages whose name matches (the reference pages always).
    const only = process.env.BENCH_WEB_ONLY ? new RegExp(process.env.BENCH_WEB_ONLY) : undefined;
    const allTargets: Target[] = [
      ...referencePages.map((page, i) => ({ name: page.name, url: `${references[i]!.origin}/`, reference: true, samples: empty() })),
      ...guestPages.map((p) => ({ name: p, url: `${app!.origin}${p}`, reference: false, samples: empty() })),
      ...signedInPages.map((p, i) => ({
        name: `${p.path} (${p.username})`,
        url: `${app!.origin}${p.path}`,
        reference: false,
        session: sessions[i],
        samples: empty(),
      })),
    ];
    const targets = allTargets.filter((t) => t.reference || !only || only.test(t.name));
    const auditOf = (t: Target, throttling: Throttling): Audit => {
      const session = t.session;
      return {
        url: t.url,
        port: chrome!.port,
        throttling,
        keepStorage: session !== undefined,
        // Every app page: a guest's without the session record a signed-in page left behind.
        prepare: t.reference ? undefined : () => preparer!.prepare(session),
      };
    };
    // One discarded pass warms the server (first database queries, file cache).
    for (const t of targets) await audit(auditOf(t, 'simulate'));
    const passes: [Throttling, number][] = [
      ['simulate', runs],
      ['devtools', appliedRuns],
    ];
    for (const [throttling, count] of passes) {
      for (let run = 1; run <= count; run++) {
        for (const t of targets) {
          const s = await audit(auditOf(t, throttling));
          t.samples[throttling].push(s);
          console.log(
            `  ${throttling} run ${run} ${t.name.padEnd(22)} perf ${s.performance}  LCP ${s.lcpMs.toFixed(0)} ms  TBT ${s.tbtMs.toFixed(0)} ms  CLS ${s.cls.toFixed(3)}`,
          );
        }
      }
    }

    const simulated = rowsOf(targets, 'simulate');
    const applied = rowsOf(targets, 'devtools');
    printRows('simulated throttling (the budgets)', simulated);
    if (applied.length) printRows('applied throttling', applied);

    const floor = simulated.find((r) => r.name === 'stack floor')!;
    const failures = simulated.filter((r) => !r.reference).flatMap((r) => budgetFailures(r, floor.median));
    mkdirSync(resultsDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      chromium: chromiumPath,
      lighthouse: { formFactor: 'mobile', runs: { simulate: runs, devtools: appliedRuns } },
      budgets,
      pages: { simulate: simulated, devtools: applied },
      failures,
    };
    writeFileSync(path.join(resultsDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`);
    const f = floor.median;
    console.log(
      `\nbudgets against the stack floor (LCP ${f.lcpMs.toFixed(0)} ms, TBT ${f.tbtMs.toFixed(0)} ms, performance ${f.performance}): ` +
        `LCP <= ${budgets.lcpRatio}x = ${(f.lcpMs * budgets.lcpRatio).toFixed(0)} ms, TBT <= ${(f.tbtMs + budgets.tbtOverFloorMs).toFixed(0)} ms, ` +
        `performance >= ${f.performance - budgets.performanceUnderFloor}, CLS <= ${budgets.cls}`,
    );
    console.log('wrote bench-results/web.json');
    if (failures.length) {
      console.error(`\nBUDGET BROKEN:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    console.log('all budgets met');
    return 0;
  } finally {
    await preparer?.close();
    chrome?.kill();
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  return 1;
});
