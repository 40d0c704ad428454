/**
 * The server side of `npm run bench:chat` (the same steps as bench-api.ts's):
 * a bench database (a fresh PGlite data directory, or with DATABASE_URL a
 * throw-away database created on that server and dropped at the end), the
 * real server (`node --import tsx server/main.ts`, NODE_ENV=production) on
 * 127.0.0.1 and a free port, waiting until it answers, stopping it, and what
 * Linux says about its memory and CPU time (/proc; null elsewhere).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/connect.ts';
import { freePort, HOST, root } from './support.ts';

/** The server's database: a PGlite data directory, or a fresh PostgreSQL database made through DATABASE_URL. */
export interface BenchDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

export async function createBenchDatabase(prefix: string, serverUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  if (!serverUrl) {
    return {
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ dataDir }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let removed = false;
  return {
    dataDir,
    databaseUrl: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (removed) return;
      removed = true;
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/**
 * The real server on the bench database, 127.0.0.1, a free port, a rate limit that never answers 429
 * (with `processes`, several API processes on that port).
 * `profileDir`: run it with `node --cpu-prof`, the profile written there when it stops.
 */
export async function startServer(
  database: BenchDatabase,
  options: { env?: Record<string, string>; profileDir?: string | null; processes?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  // `processes`: that many API processes on one port (scripts/start-cluster.ts, PostgreSQL).
  const entry = options.processes ? ['scripts/start-cluster.ts', '--processes', String(options.processes)] : ['server/main.ts'];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The local outbox (no SMS leaves): a benchmark, not a deployment.
      ALLOW_LOCAL_OUTBOX: '1',
      HOST,
      PORT: String(port),
      DATA_DIR: database.dataDir,
      STATIC_DIR: path.join(database.dataDir, 'no-static'),
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.databaseUrl ?? '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, origin: `http://${HOST}:${port}`, output: () => output };
}

export async function waitUntilReady(server: RunningServer, probePath: string, headers: Record<string, string>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with code ${server.child.exitCode} before it was ready:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.origin}${probePath}`, { headers, signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      throw new Error(`readiness probe answered ${res.status}: ${await res.text()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('readiness probe')) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The process's resident memory in MiB (Linux /proc), or null. */
export function residentMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The process's CPU time so far (user + system) in seconds (Linux /proc), or null. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}
