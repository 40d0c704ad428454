/**
 * A fresh, migrated and seeded database per call: in-memory PGlite by default;
 * with DATABASE_URL set, a uniquely named PostgreSQL database created through
 * that URL and dropped on close.
 *
 * PGlite: creating a cluster (initdb), migrating and seeding it takes seconds,
 * so under vitest (server/test/global-setup.ts names a directory for the run in
 * TEST_DB_TEMPLATE_DIR) the first call of the run builds a migrated, seeded
 * template once, and every database after it starts as a copy of that template
 * (`loadDataDir`): the same tables and rows, in a fraction of the time. Without
 * that directory (scripts outside vitest) every call builds its own.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { seedIfEmpty } from '../seed/seed.ts';

export interface TestDatabase {
  db: Database;
  handle: DatabaseHandle;
  /** The PostgreSQL URL of the fresh database (undefined with PGlite). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** The environment variable naming the directory of this run's PGlite template (set by server/test/global-setup.ts). */
export const templateDirVariable = 'TEST_DB_TEMPLATE_DIR';

interface Template {
  /** The dump of the migrated, seeded data directory (what `loadDataDir` takes). */
  dump: Blob;
  /** The same data directory on disk (what a server process opens as `<DATA_DIR>/pglite`). */
  pgliteDir: string;
}

let template: Promise<Template | null> | null = null;

/**
 * The run's template, built by the first caller of the run: several workers
 * may build one at the same time; each builds in its own directory and renames
 * it into place, and the first rename wins (the others use the winner's).
 */
function runTemplate(): Promise<Template | null> {
  template ??= (async () => {
    const root = process.env[templateDirVariable];
    if (!root) return null;
    const ready = path.join(root, 'template');
    if (!existsSync(ready)) {
      mkdirSync(root, { recursive: true });
      const building = mkdtempSync(path.join(root, 'building-'));
      const handle = await openDatabase({ dataDir: building });
      try {
        await handle.migrate();
        await seedIfEmpty(handle.db);
        const client = (handle.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('none');
        writeFileSync(path.join(building, 'dump.tar'), new Uint8Array(await dump.arrayBuffer()));
      } finally {
        await handle.close();
      }
      try {
        renameSync(building, ready);
      } catch {
        // Another worker's template got there first.
        rmSync(building, { recursive: true, force: true });
      }
    }
    return { dump: new Blob([readFileSync(path.join(ready, 'dump.tar'))]), pgliteDir: path.join(ready, 'pglite') };
  })();
  return template;
}

/**
 * A new temporary PGlite data directory (as DATA_DIR takes it) holding a
 * migrated, seeded database, for tests of processes and commands that open a
 * data directory themselves. The caller removes it.
 */
export async function createTestDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const t = await runTemplate();
  if (t) {
    cpSync(t.pgliteDir, path.join(dir, 'pglite'), { recursive: true });
    return dir;
  }
  const handle = await openDatabase({ dataDir: dir });
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
  } finally {
    await handle.close();
  }
  return dir;
}

/** `databaseUrl`: the PostgreSQL server to create the database on (DATABASE_URL by default; PGlite without either). */
export async function createTestDatabase(options: { databaseUrl?: string } = {}): Promise<TestDatabase> {
  const baseUrl = options.databaseUrl ?? process.env.DATABASE_URL?.trim();
  if (!baseUrl) {
    const t = await runTemplate();
    const handle = await openDatabase({ dataDir: 'memory://', ...(t ? { loadDataDir: t.dump } : {}) });
    // With a template both find nothing to do; they stay so that a template never hides a missing migration.
    await handle.migrate();
    await seedIfEmpty(handle.db);
    return { db: handle.db, handle, databaseUrl: undefined, close: () => handle.close() };
  }
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await openDatabase({ databaseUrl });
  await handle.migrate();
  await seedIfEmpty(handle.db);
  return {
    db: handle.db,
    handle,
    databaseUrl,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * A fresh, migrated and seeded database for a test that runs processes of
 * its own on it (a server, the operator's CLI), named in `env`: with
 * DATABASE_URL a new PostgreSQL database (`env.DATABASE_URL`), else a new
 * PGlite data directory (`env.DATA_DIR`, and no DATABASE_URL). `open` opens
 * it in the test's process (with PGlite only while no child has it open);
 * `close` drops the PostgreSQL database or removes the data directory.
 */
export async function createProcessDatabase(prefix: string, env: NodeJS.ProcessEnv): Promise<{ open(): Promise<DatabaseHandle>; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const testDb = await createTestDatabase();
    env.DATABASE_URL = testDb.databaseUrl;
    return { open: () => openDatabase({ databaseUrl: testDb.databaseUrl as string }), close: () => testDb.close() };
  }
  delete env.DATABASE_URL;
  const dataDir = await createTestDataDir(prefix);
  env.DATA_DIR = dataDir;
  return {
    open: () => openDatabase({ dataDir }),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
