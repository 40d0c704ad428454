/**
 * Real processes: `npm run admin` as a child process, and the server
 * (`tsx server/main.ts`) with the CLI talking to it while it holds the PGlite
 * data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestDataDir } from '../test/test-db.ts';
import { runAdminCli } from './cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** `tsx server/main.ts`, as one process (the tsx command runs the server in a child of its own, which a SIGKILL of it would leave running). */
const serverArgs = ['--import', 'tsx', 'server/main.ts'];
const tmpDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}

/** The environment without any database setting of the outer test run. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const npmAdmin = (args: string[], env: NodeJS.ProcessEnv) => run('npm', ['run', '--silent', 'admin', '--', ...args], env);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin (child process)', () => {
  it('prints the status (on a new, empty data directory: it creates the database) and exits 2 on bad input', async () => {
    const testDb = process.env.DATABASE_URL ? await createTestDatabase() : null;
    try {
      const env = testDb ? baseEnv({ DATABASE_URL: testDb.databaseUrl! }) : baseEnv({ DATA_DIR: tempDir('admin-proc-') });
      const ok = await npmAdmin(['status'], env);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Merchant DEMO (Lucky Bay)');
      const bad = await npmAdmin(['restrict', 'set', '300.1.1.1/8'], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('Invalid CIDR: 300.1.1.1/8');
    } finally {
      await testDb?.close();
    }
  }, 60_000);
});

describe('server process with PGlite and the admin CLI', () => {
  it('routes CLI commands through the running server, refuses a second server, shuts down cleanly', async () => {
    // A data directory already migrated and seeded (the CLI test above starts from an empty one).
    const dataDir = await createTestDataDir('server-proc-');
    tmpDirs.push(dataDir);
    const dist = tempDir('server-dist-');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="spa-root"></div>');
    const env = baseEnv({ DATA_DIR: dataDir, PORT: '0', STATIC_DIR: dist, LOG_LEVEL: 'info' });

    const server = spawn(process.execPath, serverArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(server);
    let log = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30_000);
      server.stderr!.on('data', (d) => {
        log += d;
      });
      server.stdout!.on('data', (d) => {
        log += d;
        const ready = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"server ready"/.exec(log);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]!);
        }
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}:\n${log}`)));
    });

    const status = async () => {
      const res = await fetch(`${baseUrl}/wps/system/status`, { headers: { merchant: 'DEMO' } });
      return ((await res.json()) as { value: { status: number; info: string } }).value;
    };
    expect(await status()).toMatchObject({ status: 0 });

    const spa = await fetch(`${baseUrl}/m/anything/deep`);
    expect(spa.status).toBe(200);
    // The built page, titled with the merchant's name (server/http/document.ts).
    const page = await spa.text();
    expect(page).toContain('<div id="spa-root"></div>');
    expect(page).toContain('<title>Lucky Bay</title>');

    const second = await run(process.execPath, serverArgs, env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('is in use by the server process');

    const on = await npmAdmin(['maintenance', 'on', '--info', 'Be right back'], env);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('applied through the running server');
    expect(await status()).toMatchObject({ status: 1, info: 'Be right back' });

    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'owner.json'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'admin.secret'))).toBe(false);

    // With the server stopped the CLI opens the data directory itself (the same CLI, in this process: the
    // child-process CLI is the one above): the change persisted.
    const out: string[] = [];
    const err: string[] = [];
    const after = await runAdminCli(['status'], { env, out: (t) => out.push(t), err: (t) => err.push(t) });
    expect(after, err.join('\n')).toBe(0);
    expect(out.join('\n')).toContain('maintenance:       ON — Be right back');
  }, 60_000);
});
