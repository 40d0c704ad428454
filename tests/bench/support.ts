/**
 * Shared by the web benchmarks (bench-web.ts, bench-bundle.ts): building the
 * app and the reference pages, starting the real server on 127.0.0.1 with a
 * fresh temporary DATA_DIR, and the Chromium settings (Debian's Chromium,
 * never a downloaded browser).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint } from '../../contract/session.ts';
import type { SessionInfo } from '../../machines/session.ts';

export const HOST = '127.0.0.1';
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(root, 'dist');

/**
 * The reference pages of `npm run bench:web`, measured in the same run as the
 * app: the BASELINE (tests/bench/baseline/, a minimal React page, the
 * denominator of every ratio) and the STACK FLOOR (tests/bench/stack-floor/,
 * the same page on the app's libraries: what the stack alone costs).
 */
export const referencePages = [
  { name: 'baseline', dir: path.join(root, 'tests/bench/baseline'), outDir: path.join(root, 'dist-bench-baseline') },
  { name: 'stack floor', dir: path.join(root, 'tests/bench/stack-floor'), outDir: path.join(root, 'dist-bench-stack-floor') },
] as const;
export const resultsDir = path.join(root, 'bench-results');

export const hasFlag = (flag: string) => process.argv.slice(2).includes(flag);

/** `npm run build` (message catalogs + vite build of the app into dist/). */
export function buildApp(): void {
  console.log('> npm run build');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status})`);
}

export function requireBuild(): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` first, or drop --no-build');
  }
}

/**
 * The reference pages built with the app's own Vite config: the same build
 * and resolve options and the same plugins except the router plugin (they
 * have no route files), each into its dist-bench-* folder.
 */
export async function buildReferencePages(): Promise<void> {
  const { build, loadConfigFromFile } = await import('vite');
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(root, 'vite.config.ts'),
    root,
    'silent',
  );
  if (!loaded) throw new Error('vite.config.ts not found');
  const { config } = loaded;
  const flatten = (list: readonly unknown[]): unknown[] => list.flatMap((p) => (Array.isArray(p) ? flatten(p) : [p]));
  const plugins = flatten(config.plugins ?? []).filter(
    (p): p is PluginOption => !!p && typeof p === 'object' && 'name' in p && !/tanstack|router/i.test(String(p.name)),
  );
  for (const page of referencePages) {
    await build({
      configFile: false,
      root: page.dir,
      base: '/',
      logLevel: 'warn',
      plugins,
      resolve: config.resolve,
      build: { ...config.build, outDir: page.outDir, emptyOutDir: true, manifest: false },
    });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * The real server (`server/main.ts`, NODE_ENV=production) serving `staticDir`
 * on 127.0.0.1 and a free port, on a fresh temporary PGlite database (seeded
 * with the demo merchant). Resolves once it answers.
 */
export async function startServer(staticDir: string, label: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `m-casino-${label}-`));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The local outbox (no SMS leaves): a benchmark, not a deployment.
      ALLOW_LOCAL_OUTBOX: '1',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://${HOST}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the ${label} server exited (${child.exitCode}) before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${origin}/wps/docs`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { origin, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the ${label} server did not start in 60 s:\n${output}`);
}

/** Signs a demo account in through the API (the password sealed as the site seals it); the session record the site keeps. */
export async function signIn(origin: string, merchant: string, username: string, password: string): Promise<SessionInfo> {
  const call = createApiClient({ baseURL: origin, headers: () => ({ merchant, language: 'EN', token: null }) });
  const login = await createSealer(call).call(loginEndpoint, { type: 'username', username, password });
  return { token: login.token, merchantCode: merchant, userName: login.userName, type: login.type, firstTimeLogin: false };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile `p` (0-100) of `values`; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Slices measured as B T B T ... T B: each target slice's rate over the mean
 * of the two baseline slices around it, and the median of those ratios (a
 * pause that hits one slice moves one ratio, not the result).
 */
export function medianSliceRatio(targetRates: number[], baselineRates: number[]): number {
  return median(targetRates.map((rate, i) => rate / ((baselineRates[i]! + baselineRates[i + 1]!) / 2)));
}

/** A plain text table: first column left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
