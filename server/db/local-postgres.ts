/**
 * A throw-away PostgreSQL on 127.0.0.1 from Debian's packages, for trying
 * several server processes without a database of one's own (`npm run
 * start:cluster`) and for the cluster tests: initdb in a temporary directory,
 * started on a free port, removed when stopped. The same as
 * scripts/postgres-local.sh, for TypeScript callers. As root it runs as the
 * `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LocalPostgres {
  url: string;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return path.join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startLocalPostgres(): Promise<LocalPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-local-'));
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv as string[], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr?.toString() ?? ''}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off`, 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
