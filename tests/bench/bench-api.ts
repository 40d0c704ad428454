/**
 * `npm run bench:api` — HTTP throughput and latency of the API.
 *
 * Starts the real server as a child process (`node --import tsx server/main.ts`,
 * NODE_ENV=production) on 127.0.0.1 with a fresh temporary PGlite DATA_DIR (or
 * DATABASE_URL when set) and a rate limit high enough never to answer 429,
 * waits until it answers, then runs autocannon against each target in turn
 * (127.0.0.1 only, bounded duration, fixed connection count, Merchant header).
 * The first target is the BASELINE: every other target is also reported as a
 * ratio of its requests/s to the baseline's in the same run, which is what to
 * compare across machines. Writes bench-results/api.json; exits non-zero when
 * any target had errors, timeouts or non-2xx answers. The server is stopped at
 * the end, also on failure or Ctrl-C.
 *
 * Env: BENCH_DURATION (s per target, default 10), BENCH_CONNECTIONS (50),
 * BENCH_WARMUP (s per target, default 1; 0 to skip), BENCH_MERCHANT (DEMO),
 * DATABASE_URL (PostgreSQL instead of a fresh PGlite).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface Target {
  name: string;
  /** Path and query on the server; GET with the platform headers. */
  path: string;
}

/** The first entry is the baseline. Adding a target is one line. */
const targets: Target[] = [
  { name: 'system status (baseline)', path: '/wps/system/status' },
  { name: 'whitelabel', path: '/wps/system/whitelabel' },
  { name: 'consolidated settings', path: '/wps/system/settings/consolidated' },
  { name: 'game list (RNG, 25)', path: '/wps/game/list?gameType=RNG&pageNo=1&pageSize=25&platform=html5&clientType=2' },
  { name: 'hot games', path: '/wps/game/hot?isPlatform=2&platform=html5' },
];

const HOST = '127.0.0.1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
}

const duration = envNumber('BENCH_DURATION', 10, 1);
const warmup = envNumber('BENCH_WARMUP', 1, 0);
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 50, 1));
const merchant = process.env.BENCH_MERCHANT?.trim() || 'DEMO';
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const headers = { merchant, language: 'EN', accept: 'application/json' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  origin: string;
  dataDir: string;
  output: () => string;
}

async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, origin: `http://${HOST}:${port}`, dataDir, output: () => output };
}

async function waitUntilReady(server: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const probe = `${server.origin}${targets[0]!.path}`;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with code ${server.child.exitCode} before it was ready:\n${server.output()}`);
    }
    try {
      const res = await fetch(probe, { headers, signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      throw new Error(`readiness probe answered ${res.status}: ${await res.text()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('readiness probe')) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

interface TargetResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  ratioToBaseline: number;
}

function run(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
}

async function benchTarget(origin: string, target: Target): Promise<Omit<TargetResult, 'ratioToBaseline'>> {
  const url = `${origin}${target.path}`;
  if (warmup > 0) await run(url, warmup);
  const r = await run(url, duration);
  return {
    name: target.name,
    path: target.path,
    requestsPerSecond: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyAvgMs: r.latency.average,
    totalRequests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

function printTable(results: TargetResult[]): void {
  const rows = [
    ['target', 'path', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs baseline'],
    ...results.map((r) => [
      r.name,
      r.path,
      r.requestsPerSecond.toFixed(0),
      r.latencyP50Ms.toFixed(1),
      r.latencyP99Ms.toFixed(1),
      String(r.non2xx),
      String(r.errors + r.timeouts),
      r.ratioToBaseline.toFixed(2),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main(): Promise<number> {
  console.log(
    `bench:api — ${targets.length} targets, ${duration} s each (+${warmup} s warm-up), ${connections} connections, ` +
      `${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'fresh PGlite'}, Node ${process.version}, ${cpus().length} CPUs`,
  );
  const server = await startServer();
  const stop = () => {
    void stopServer(server).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await waitUntilReady(server);
    const measured: Omit<TargetResult, 'ratioToBaseline'>[] = [];
    for (const target of targets) {
      process.stdout.write(`  ${target.name} ...`);
      const result = await benchTarget(server.origin, target);
      process.stdout.write(` ${result.requestsPerSecond.toFixed(0)} req/s\n`);
      measured.push(result);
    }
    const baseline = measured[0]!.requestsPerSecond;
    const results: TargetResult[] = measured.map((r) => ({
      ...r,
      ratioToBaseline: baseline > 0 ? r.requestsPerSecond / baseline : 0,
    }));
    console.log('');
    printTable(results);

    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      database: databaseUrl ? 'postgres' : 'pglite',
      durationSeconds: duration,
      warmupSeconds: warmup,
      connections,
      baseline: targets[0]!.path,
      results,
      ok: failed.length === 0,
    };
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'api.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport: ${path.relative(process.cwd(), path.join(outDir, 'api.json'))}`);
    if (failed.length) {
      console.error(`FAILED: errors or non-2xx answers on ${failed.map((r) => r.path).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    await stopServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
