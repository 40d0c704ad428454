/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: every
 * `everyMs` (30 s) the tables changed enough since their last ANALYZE (the
 * autovacuum thresholds: 50 rows + 10 % of the table) are analysed, and those
 * with enough dead rows (50 + 20 %) vacuumed. Without it the planner keeps the
 * statistics of the day the data directory was created (or none) and picks
 * plans for tables a thousand times smaller than they are (the favourites'
 * count scanned every game of the merchant instead of the member's few
 * favourites). The first pass runs at start.
 *
 * And what PostgreSQL's checkpointer does: PGlite is a single-user backend,
 * which never checkpoints by itself (PostgreSQL asks its checkpointer process
 * for one when the WAL passes max_wal_size, and PGlite has none), so its WAL
 * grew by every write for as long as the server ran (about 5 kB per bet: 470
 * MB in a minute of bets) and a restart after a crash would have replayed all
 * of it. Every 2 s a checkpoint runs once `checkpointWalBytes` (32 MB) have
 * been written since the last one; PostgreSQL then recycles the
 * old segments, and the WAL stays at a few segments.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';

export interface MaintenanceOptions {
  everyMs?: number;
  onError?: (error: unknown) => void;
}

/** The statistics target of the maintenance's ANALYZE (PostgreSQL's default is 100). */
const statisticsTarget = 10;

interface TableStats {
  relname: string;
  analyze: boolean;
  vacuum: boolean;
}

/** Analyses and vacuums the tables past the autovacuum thresholds; answers the tables it touched. */
export async function maintainTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select relname,
           n_mod_since_analyze > 50 + 0.1 * n_live_tup or last_analyze is null and n_live_tup > 0 as analyze,
           n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
      from pg_stat_user_tables where schemaname = 'public'`);
  const tables = (result as unknown as { rows: TableStats[] }).rows.filter((t) => t.analyze || t.vacuum);
  for (const t of tables) {
    const name = sql.identifier(t.relname);
    if (t.vacuum) await db.execute(sql`vacuum ${name}`);
    // A sample of 3,000 rows (statistics target 10) instead of 30,000: PGlite runs ANALYZE on the
    // server's thread, and the ledger's transactions took 130-210 ms at the default, 19 ms so.
    // The plans these tables need turn on their sizes and common values, which that sample gives.
    await db.transaction(async (trx) => {
      await trx.execute(sql`set local default_statistics_target = ${sql.raw(String(statisticsTarget))}`);
      await trx.execute(sql`analyze ${name}`);
    });
  }
  return tables.map((t) => t.relname);
}

/** The WAL written since the last checkpoint after which checkpointIfDue checkpoints (two segments). */
export const checkpointWalBytes = 32 * 1024 * 1024;

/**
 * Checkpoints when `walBytes` of WAL or more were written since the last
 * checkpoint began; answers whether it did. A checkpoint under a stream of
 * bets held PGlite for 30-50 ms every 5 s or so (docs/money.md).
 */
export async function checkpointIfDue(db: Database, walBytes = checkpointWalBytes): Promise<boolean> {
  const result = await db.execute(sql`select (pg_current_wal_insert_lsn() - redo_lsn)::bigint as written from pg_control_checkpoint()`);
  const [row] = (result as unknown as { rows: { written: string | number }[] }).rows;
  if (!row || Number(row.written) < walBytes) return false;
  await db.execute(sql`checkpoint`);
  return true;
}

/** Runs `task` now and every `everyMs`, one run at a time; the returned function stops it and waits for a run under way. */
function repeat(everyMs: number, task: () => Promise<unknown>, onError: MaintenanceOptions['onError']): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= task()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** How often startMaintenance looks at the WAL written since the last checkpoint. */
const checkpointCheckEveryMs = 2_000;

/** Runs maintainTables every `everyMs` and checkpointIfDue every 2 s, from now; the returned function stops both. */
export function startMaintenance(db: Database, options: MaintenanceOptions = {}): () => Promise<void> {
  const stops = [
    repeat(options.everyMs ?? 30_000, () => maintainTables(db), options.onError),
    repeat(checkpointCheckEveryMs, () => checkpointIfDue(db), options.onError),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
