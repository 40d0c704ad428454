/**
 * The table maintenance of PGlite (the engine it runs for, so always on an
 * in-memory PGlite): tables never analysed, or changed past the threshold
 * since, are analysed; others are left alone; the planner then sees the
 * tables as they are.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed.ts';
import { type DatabaseHandle, openDatabase } from './connect.ts';
import { maintainTables } from './maintenance.ts';

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
