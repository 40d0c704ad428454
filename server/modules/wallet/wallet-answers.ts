/**
 * The members' wallet answers (`GET /wps/wallets/gcs`), kept per member for
 * 2 s (server/lib/grouped-cache.ts) and forgotten at once when this process
 * moves the member's money: postTransaction (ledger.ts) and the seamless
 * wallet's batches forget the members they moved once their writes
 * committed. A movement made by another process (a PostgreSQL server next to
 * this one, the admin CLI on PostgreSQL) shows within 2 s. Only what the
 * member is shown is cached: every movement checks the balance in the
 * database.
 */
import type { Database } from '../../db/connect.ts';
import { createGroupedCache, type GroupedCache } from '../../lib/grouped-cache.ts';

export const walletAnswerTtlMs = 2_000;

const caches = new WeakMap<Database, GroupedCache>();

export function walletAnswers(db: Database): GroupedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createGroupedCache({ ttlMs: walletAnswerTtlMs });
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the cached wallets of members whose money moved (call it after the change committed). */
export function forgetWallets(db: Database, memberIds: Iterable<number>): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const id of memberIds) cache.forget(id);
}
