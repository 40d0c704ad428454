/**
 * Opens the database: PGlite (embedded PostgreSQL in WebAssembly) in a data
 * directory by default, or a real PostgreSQL through node-postgres when a
 * connection URL is given. Both return the same Drizzle type, so services do
 * not care which one runs.
 *
 * PGlite is single-process: it takes no lock on its data directory, and two
 * processes writing the same directory corrupt it. `server/db/data-dir-lock.ts`
 * guards against that; see also `server/admin.ts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { closeChangeBus, registerChangeSource } from './change-bus.ts';
import * as core from './schema.ts';
import * as catalogue from './schema-catalogue.ts';
import * as inbox from './schema-inbox.ts';
import * as notices from './schema-notices.ts';
import * as chat from './schema-chat.ts';
import * as lobby from './schema-lobby.ts';
import * as play from './schema-play.ts';
import * as wallet from './schema-wallet.ts';
import * as agent from './schema-agent.ts';

/** Every table of the schema files (the core one and the areas). */
const schema = { ...core, ...catalogue, ...lobby, ...wallet, ...play, ...inbox, ...notices, ...chat, ...agent };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the pending migrations of server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * The data directory (DATA_DIR); PGlite keeps its files in `<dataDir>/pglite`.
   * `memory://` keeps everything in memory. Ignored when databaseUrl is set.
   */
  dataDir?: string;
  /** PostgreSQL connection URL; when set, node-postgres is used instead of PGlite. */
  databaseUrl?: string;
  /**
   * PGlite only: starts a new data directory from this dump (`dumpDataDir`) of
   * another one instead of an empty cluster (the tests start from a migrated,
   * seeded one).
   */
  loadDataDir?: Blob;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    registerChangeSource({ db, databaseUrl: options.databaseUrl });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      close: async () => {
        await closeChangeBus(db);
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? './.data';
  const pgliteDir = dataDir.startsWith('memory://') ? dataDir : path.join(dataDir, 'pglite');
  if (pgliteDir !== dataDir) mkdirSync(pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: pgliteDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  // PGlite is one backend on the server's thread: a new 16 MB WAL segment filled with zeros
  // (PostgreSQL's default) held every request for about 280 ms, every few seconds under a
  // stream of bets (docs/money.md). Zero-filling only reserves disk space ahead; without it
  // the segment grows as WAL is written, which is as safe (PGlite already runs without fsync).
  await client.exec('set wal_init_zero = off');
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await closeChangeBus(db);
      await client.close();
    },
  };
}
