/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by
 * default; with DATABASE_URL set, a uniquely named PostgreSQL database created
 * through that URL and dropped on close.
 */
import { randomBytes } from 'node:crypto';
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL?.trim();
  if (!baseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
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
