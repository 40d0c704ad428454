/**
 * A small in-memory cache of answers that are the same for every visitor and
 * change rarely: catalogue answers (game list pages, hot games, vendor game
 * types, winner board, the game a launch names) per merchant and normalised
 * query, the deposit badge of the settings. A few seconds of staleness cost
 * nothing while each PGlite round trip costs milliseconds (docs/lobby.md,
 * bench:api). Bounded: least recently used entries go first. A lifetime of 0
 * disables it.
 */
export interface AnswerCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

export function createAnswerCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): AnswerCache {
  const maxEntries = options.maxEntries ?? 2_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      const time = now();
      if (hit && hit.expires > time) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      entries.set(key, { expires: time + options.ttlMs, value });
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
