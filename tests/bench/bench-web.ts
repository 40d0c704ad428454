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
 * factor, simulated throttling, performance category) BENCH_WEB_RUNS times
 * (default 3) on /m/home, /m/login, /m/gameList and the reference pages,
 * interleaved. Prints the medians of the performance score, FCP, LCP, TBT,
 * CLS and transferred bytes, and LCP(page) / LCP(baseline); writes
 * bench-results/web.json.
 *
 * Budgets (exit code 1 when an app page breaks one): performance >= 95,
 * LCP <= 2.0 s, TBT <= 150 ms, CLS <= 0.05. The reference pages are not held
 * to them; the stack floor shows how much of each budget the stack alone uses.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
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
  startServer,
  table,
} from './support.ts';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium-flags.ts';

const budgets = { performance: 95, lcpMs: 2_000, tbtMs: 150, cls: 0.05 };
const pages = ['/m/home', '/m/login', '/m/gameList'];
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3) || 3);

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
  samples: Sample[];
}

/** One Lighthouse run; a run Lighthouse itself reports as failed (e.g. NO_NAVSTART) is retried twice. */
async function audit(url: string, port: number, attempt = 1): Promise<Sample> {
  try {
    return await auditOnce(url, port);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (retrying ${url}: ${error instanceof Error ? error.message : error})`);
    return audit(url, port, attempt + 1);
  }
}

async function auditOnce(url: string, port: number): Promise<Sample> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        onlyCategories: ['performance'],
      },
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // BENCH_WEB_REPORTS=<dir> keeps every run's full Lighthouse report (JSON) for a closer look.
  const reports = process.env.BENCH_WEB_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
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

function budgetFailures(name: string, m: Sample): string[] {
  const out: string[] = [];
  if (m.performance < budgets.performance) out.push(`${name}: performance ${m.performance} < ${budgets.performance}`);
  if (m.lcpMs > budgets.lcpMs) out.push(`${name}: LCP ${m.lcpMs.toFixed(0)} ms > ${budgets.lcpMs} ms`);
  if (m.tbtMs > budgets.tbtMs) out.push(`${name}: TBT ${m.tbtMs.toFixed(0)} ms > ${budgets.tbtMs} ms`);
  if (m.cls > budgets.cls) out.push(`${name}: CLS ${m.cls.toFixed(3)} > ${budgets.cls}`);
  return out;
}

async function main(): Promise<number> {
  if (hasFlag('--no-build')) requireBuild();
  else buildApp();
  await buildReferencePages();

  const servers: RunningServer[] = [];
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-chromium-'));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const [app, ...references] = await Promise.all([
      startServer(distDir, 'bench-web'),
      ...referencePages.map((page) => startServer(page.outDir, `bench-${page.name.replace(/\W+/g, '-')}`)),
    ]);
    servers.push(app!, ...references);
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
    console.log(
      `bench:web — Lighthouse ${runs} run(s) per page, mobile, simulated throttling, ${chromiumPath}, ` +
        `Node ${process.version}, ${cpus().length} CPUs`,
    );

    const targets: Target[] = [
      ...referencePages.map((page, i) => ({ name: page.name, url: `${references[i]!.origin}/`, reference: true, samples: [] })),
      ...pages.map((p) => ({ name: p, url: `${app!.origin}${p}`, reference: false, samples: [] })),
    ];
    // One discarded pass warms the server (first database queries, file cache).
    for (const t of targets) await audit(t.url, chrome.port);
    for (let run = 1; run <= runs; run++) {
      for (const t of targets) {
        const s = await audit(t.url, chrome.port);
        t.samples.push(s);
        console.log(
          `  run ${run} ${t.name.padEnd(12)} perf ${s.performance}  LCP ${s.lcpMs.toFixed(0)} ms  TBT ${s.tbtMs.toFixed(0)} ms  CLS ${s.cls.toFixed(3)}`,
        );
      }
    }

    const baselineMedian = medians(targets[0]!.samples);
    const rows = targets.map((t) => {
      const m = medians(t.samples);
      return { name: t.name, url: t.url, reference: t.reference, median: m, lcpRatio: m.lcpMs / baselineMedian.lcpMs, samples: t.samples };
    });
    console.log('');
    console.log(
      table([
        ['page (medians)', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'transfer KB', 'LCP / baseline'],
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

    const floor = rows.find((r) => r.name === 'stack floor');
    if (floor) {
      const share = (value: number, budget: number) => `${((100 * value) / budget).toFixed(0)}%`;
      console.log(
        `\nstack floor (no app code): LCP ${floor.median.lcpMs.toFixed(0)} ms = ${share(floor.median.lcpMs, budgets.lcpMs)} of the LCP budget, ` +
          `TBT ${floor.median.tbtMs.toFixed(0)} ms = ${share(floor.median.tbtMs, budgets.tbtMs)} of the TBT budget, performance ${floor.median.performance}`,
      );
    }
    const failures = rows.filter((r) => !r.reference).flatMap((r) => budgetFailures(r.name, r.median));
    mkdirSync(resultsDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      chromium: chromiumPath,
      lighthouse: { formFactor: 'mobile', throttlingMethod: 'simulate', runs },
      budgets,
      pages: rows,
      failures,
    };
    writeFileSync(path.join(resultsDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nbudgets: performance >= ${budgets.performance}, LCP <= ${budgets.lcpMs} ms, TBT <= ${budgets.tbtMs} ms, CLS <= ${budgets.cls}`);
    console.log('wrote bench-results/web.json');
    if (failures.length) {
      console.error(`\nBUDGET BROKEN:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    console.log('all budgets met');
    return 0;
  } finally {
    chrome?.kill();
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  return 1;
});
