/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: every
 * `everyMs` (30 s) the tables changed enough since their last ANALYZE (the
 * autovacuum thresholds: 50 rows + 10 % of the table) are analysed, and those
 * with enough dead rows (50 + 20 %) vacuumed. Without it the planner keeps the
 * statistics of the day the data directory was created (or none) and picks
 * plans for tables a thousand times smaller than they are (the favourites'
 * count scanned every game of the merchant instead of the member's few
 * favourites). The first pass runs at start.
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

/** Runs maintainTables now and every `everyMs`, one pass at a time; the returned function stops it. */
export function startMaintenance(db: Database, options: MaintenanceOptions = {}): () => Promise<void> {
  const everyMs = options.everyMs ?? 30_000;
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= maintainTables(db)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
