/**
 * The merchant lookup every /wps and /lgw request makes. Rows are cached in
 * memory for a short time (1 s by default): the status call is the benchmark
 * baseline and must not hit the database each time, while the admin CLI may
 * change the row from another process, so the cache cannot live long.
 * Changes made through this process call `invalidate` and show at once; the
 * CLI on PostgreSQL tells every server process through the change bus
 * (server/db/change-bus.ts), and they drop the row when it arrives.
 */
import { changeBusOf } from '../../db/change-bus.ts';
import type { Database } from '../../db/connect.ts';
import type { MerchantRow } from '../../db/schema.ts';
import type { MerchantLookup, MerchantSettings } from '../../http/request-context.ts';
import { compileIpRanges } from '../../lib/ip-ranges.ts';
import { findMerchant } from './queries.ts';

/** The request context's merchant lookup (server/app.ts passes it to installRequestContext), with a cache. */
export interface MerchantDirectory extends MerchantLookup {
  /** Drops cached rows (one code, or all). */
  invalidate(code?: string): void;
  /** Stops listening to the change bus. */
  close(): void;
}

export interface MerchantDirectoryOptions {
  ttlMs?: number;
  now?: () => number;
  /** Upper bound of cached codes (unknown codes are cached too, so random codes cannot grow it forever). */
  maxEntries?: number;
}

const merchantCodePattern = /^[A-Za-z0-9_-]{1,32}$/;

export function isPlausibleMerchantCode(code: string): boolean {
  return merchantCodePattern.test(code);
}

export function toMerchantSettings(row: MerchantRow): MerchantSettings {
  return { row, restrictedRanges: compileIpRanges(row.restrictedIpRanges) };
}

export function createMerchantDirectory(db: Database, options: MerchantDirectoryOptions = {}): MerchantDirectory {
  const ttlMs = options.ttlMs ?? 1000;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  const cache = new Map<string, { expires: number; value: Promise<MerchantSettings | null> }>();
  const unsubscribe = changeBusOf(db).subscribe('merchant', (code) => {
    if (code) cache.delete(code);
    else cache.clear();
  });

  return {
    get(code) {
      if (!isPlausibleMerchantCode(code)) return Promise.resolve(null);
      const t = now();
      const hit = cache.get(code);
      if (hit && hit.expires > t) return hit.value;
      if (cache.size >= maxEntries) cache.clear();
      const value = findMerchant(db, code).then((row) => (row ? toMerchantSettings(row) : null));
      const entry = { expires: t + ttlMs, value };
      cache.set(code, entry);
      // A failed lookup must not stay cached.
      value.catch(() => {
        if (cache.get(code) === entry) cache.delete(code);
      });
      return value;
    },
    invalidate(code) {
      if (code === undefined) cache.clear();
      else cache.delete(code);
    },
    close: unsubscribe,
  };
}
