/**
 * The table maintenance and the checkpoints of PGlite (the engine they run
 * for, so always on an in-memory PGlite): tables never analysed, or changed
 * past the threshold since, are analysed; others are left alone; the planner
 * then sees the tables as they are. A checkpoint runs once enough WAL was
 * written since the last one, and only then.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed.ts';
import { type DatabaseHandle, openDatabase } from './connect.ts';
import { checkpointIfDue, maintainTables } from './maintenance.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  await seedIfEmpty(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const rows = async (q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
/** PostgreSQL publishes a backend's table counters about once a second; this makes the next statement publish them. */
const publishCounters = async () => {
  await handle.db.execute(sql`select pg_stat_force_next_flush()`);
  await handle.db.execute(sql`select 1`);
};

describe('maintainTables', () => {
  it('analyses the seeded tables once, then only a table changed past the threshold', async () => {
    await publishCounters();
    expect(await maintainTables(handle.db)).toEqual(expect.arrayContaining(['games', 'members', 'merchants']));
    const [games] = await rows(sql`select last_analyze from pg_stat_user_tables where relname = 'games'`);
    expect(games?.last_analyze).not.toBeNull();
    await publishCounters();
    expect(await maintainTables(handle.db)).not.toContain('games');

    await handle.db.execute(
      sql`insert into login_failures (merchant_code, account_key, client_ip, created_at) select 'DEMO', 'k' || g, '192.0.2.1', now() from generate_series(1, 300) g`,
    );
    await publishCounters();
    const touched = await maintainTables(handle.db);
    expect(touched).toContain('login_failures');
    expect(touched).not.toContain('games');
    // The planner now counts the rows that are there.
    const [stats] = await rows(sql`select reltuples from pg_class where relname = 'login_failures'`);
    expect(Number(stats?.reltuples)).toBe(300);
  });
});

describe('checkpointIfDue', () => {
  const walSinceCheckpoint = async () =>
    Number((await rows(sql`select pg_current_wal_insert_lsn() - redo_lsn as written from pg_control_checkpoint()`))[0]?.written);

  it('checkpoints once the WAL written since the last checkpoint passes the threshold, and not before', async () => {
    const threshold = 1024 * 1024;
    await handle.db.execute(sql`checkpoint`);
    expect(await checkpointIfDue(handle.db, threshold)).toBe(false);

    await handle.db.execute(sql`create table wal_fill (line text not null)`);
    await handle.db.execute(sql`insert into wal_fill select repeat('x', 200) from generate_series(1, 10000)`);
    expect(await walSinceCheckpoint()).toBeGreaterThan(threshold);

    expect(await checkpointIfDue(handle.db, threshold)).toBe(true);
    expect(await walSinceCheckpoint()).toBeLessThan(threshold);
    expect(await checkpointIfDue(handle.db, threshold)).toBe(false);
  });
});
