/**
 * A member's lifetime turnover, what VIP levels and points are reached by:
 * the stakes of the member's settled bets (`bets.status = 'settled'`; an open
 * bet may still be rolled back and a rolled-back one was refunded, so neither
 * counts). One query, answered from the partial index
 * `bets_member_settled_idx (member_id, stake) where status = 'settled'`.
 *
 * What a member is shown (the VIP room, the reward center, the member card's
 * VIP label, which GET /wps/member/info answers on every page) reads
 * `shownTurnover`: kept per member for `turnoverTtlMs` and forgotten whenever
 * the member's wallet moves (a bet's settlement always moves it or at least
 * reports the member on the change bus, server/modules/wallet/wallet-answers.ts),
 * so the card and the VIP room agree and follow play at once. Spending points
 * never reads the cache: the redemption reads `turnoverOf` under the member's
 * row lock (mall.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { subscribeIds } from '../../db/change-bus.ts';
import type { Database } from '../../db/connect.ts';
import { bets } from '../../db/schema-wallet.ts';
import { createGroupedCache, type GroupedCache } from '../../lib/grouped-cache.ts';

/** How long a shown turnover may be reused when no change of the member's wallet was heard (the bound if a notification is lost). */
export const turnoverTtlMs = 5_000;

/** The stakes of the member's settled bets (minor units), read now. */
export async function turnoverOf(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bets.stake}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), eq(bets.status, 'settled')));
  return Number(row?.total ?? 0);
}

const caches = new WeakMap<Database, GroupedCache>();

function shownTurnovers(db: Database): GroupedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createGroupedCache({ ttlMs: turnoverTtlMs });
    // The wallet's topic: every movement of the member's money (bets, wins, rollbacks) forgets the member.
    subscribeIds(db, 'wallet', cache);
    caches.set(db, cache);
  }
  return cache;
}

/** The turnover a member is shown: from the cache when the wallet did not move since it was read. */
export function shownTurnover(db: Database, memberId: number): Promise<number> {
  return shownTurnovers(db).get(memberId, 'turnover', () => turnoverOf(db, memberId));
}
