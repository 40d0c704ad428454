/**
 * The API rate limit's counts in the database (`rate_limit_windows`), for
 * processes that share a PostgreSQL: a client spreading its requests over
 * them meets one limit, not one per process. A fixed window per key, as the
 * in-memory store of @fastify/rate-limit counts.
 *
 * Each hit is one row update, so the hits that arrive while a statement runs
 * go together in the next one (group commit, server/lib/batcher.ts): one
 * upsert per batch, whatever its size, the hits of one key added up and each
 * caller given its own place in the count. Now and then a batch also deletes
 * windows that ended long ago.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { createBatcher } from '../lib/batcher.ts';

/** What @fastify/rate-limit expects of a store (its TypeScript types only name the constructor). */
interface RateLimitStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

interface Hit {
  key: string;
  windowMs: number;
}

/** The row of a key: its window length and the key (at most 200 characters). */
const rowKey = (hit: Hit) => `${hit.windowMs}|${hit.key}`.slice(0, 200);

/** One in this many batches deletes the windows that ended more than an hour ago. */
const sweepOneIn = 500;
const sweepAfterMs = 3_600_000;

export function createDatabaseRateLimitStore(db: Database, now: () => number = Date.now): new () => RateLimitStore {
  let batches = 0;
  const count = createBatcher<Hit, { current: number; ttl: number }>({
    maxBatch: 256,
    run: async (hits) => {
      const t = now();
      // The hits of one key add up in one row of the statement; a key is counted per window length (a
      // route with a window of its own counts apart), and each length is one statement (there is one).
      const grouped = new Map<string, { key: string; windowMs: number; hits: number }>();
      for (const hit of hits) {
        const id = rowKey(hit);
        const group = grouped.get(id) ?? { key: id, windowMs: hit.windowMs, hits: 0 };
        group.hits++;
        grouped.set(id, group);
      }
      const after = new Map<string, { startedMs: number; hits: number }>();
      for (const windowMs of new Set(hits.map((h) => h.windowMs))) {
        // In key order, so that two processes' batches lock their rows in one order.
        const rows = [...grouped.values()].filter((g) => g.windowMs === windowMs).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const result = await db.execute(sql`
          insert into rate_limit_windows as w (key, started_ms, hits)
          select e.v->>'key', ${t}::bigint, (e.v->>'hits')::int
            from jsonb_array_elements(${JSON.stringify(rows.map((r) => ({ key: r.key, hits: r.hits })))}::jsonb) with ordinality as e(v, n)
           order by e.n
          on conflict (key) do update set
            started_ms = case when w.started_ms + ${windowMs}::bigint <= ${t}::bigint then ${t}::bigint else w.started_ms end,
            hits = case when w.started_ms + ${windowMs}::bigint <= ${t}::bigint then excluded.hits else w.hits + excluded.hits end
          returning key, started_ms, hits`);
        for (const row of (result as unknown as { rows: { key: string; started_ms: string | number; hits: number }[] }).rows) {
          after.set(row.key, { startedMs: Number(row.started_ms), hits: Number(row.hits) });
        }
      }
      if (++batches % sweepOneIn === 0) {
        await db.execute(sql`delete from rate_limit_windows where started_ms < ${t - sweepAfterMs}::bigint`);
      }
      // Each hit's place in its key's count: the first of n hits of a batch counts hits - n + 1.
      const seen = new Map<string, number>();
      return hits.map((hit) => {
        const id = rowKey(hit);
        const row = after.get(id);
        const group = grouped.get(id);
        if (!row || !group) throw new Error(`rate limit: no count for ${hit.key}`);
        const place = (seen.get(id) ?? 0) + 1;
        seen.set(id, place);
        return { current: row.hits - group.hits + place, ttl: Math.max(0, row.startedMs + hit.windowMs - t) };
      });
    },
  });

  class DatabaseRateLimitStore implements RateLimitStore {
    /** A route with a limit of its own counts apart from the app's limit (its route in the key). */
    constructor(private readonly prefix = '') {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      count({ key: this.prefix + key, windowMs: timeWindow }).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const t = now();
      db.execute(sql`select started_ms, hits from rate_limit_windows where key = ${rowKey({ key: this.prefix + key, windowMs: timeWindow })}`).then(
        (result) => {
          const row = (result as unknown as { rows: { started_ms: string | number; hits: number }[] }).rows[0];
          const started = row ? Number(row.started_ms) : 0;
          const live = row && started + timeWindow > t;
          callback(null, { current: live ? Number(row.hits) : 0, ttl: live ? started + timeWindow - t : timeWindow });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(routeOptions: unknown): RateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } } | null)?.routeInfo;
      return typeof route?.url === 'string' ? new DatabaseRateLimitStore(`${String(route.method)} ${route.url}|`) : this;
    }
  }
  return DatabaseRateLimitStore;
}
