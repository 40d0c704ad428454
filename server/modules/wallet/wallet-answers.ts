/**
 * The members' wallet answers (`GET /wps/wallets/gcs`), kept per member for
 * 2 s (server/lib/grouped-cache.ts) and forgotten at once when this process
 * moves the member's money: postTransaction (ledger.ts) and the seamless
 * wallet's batches forget the members they moved once their writes
 * committed, and tell the other processes on the same PostgreSQL through the
 * change bus (server/db/change-bus.ts), which forget them too as soon as the
 * notification arrives; 2 s stays the bound if one is lost. Only what the
 * member is shown is cached: every movement checks the balance in the
 * database.
 */
import { publishIds, subscribeIds } from '../../db/change-bus.ts';
import type { Database } from '../../db/connect.ts';
import { createGroupedCache, type GroupedCache } from '../../lib/grouped-cache.ts';

export const walletAnswerTtlMs = 2_000;

const caches = new WeakMap<Database, GroupedCache>();

export function walletAnswers(db: Database): GroupedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createGroupedCache({ ttlMs: walletAnswerTtlMs });
    subscribeIds(db, 'wallet', cache);
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the cached wallets of members whose money moved, in this process and every other one (call it after the change committed). */
export function forgetWallets(db: Database, memberIds: Iterable<number>): void {
  publishIds(db, 'wallet', memberIds);
}
