/**
 * A small in-memory cache of answers that are the same for every visitor and
 * change rarely: catalogue answers (game list pages, hot games, vendor game
 * types, winner board, the game a launch names) per merchant and normalised
 * query, the deposit badge of the settings. A few seconds of staleness cost
 * nothing while each PGlite round trip costs milliseconds (docs/lobby.md,
 * bench:api). Bounded: least recently used entries go first. A lifetime of 0
 * disables it.
 *
 * An answer is never older than its lifetime (counted from when its load
 * began). In the last part of the lifetime (`refreshAheadMs`, a fifth by
 * default) the first caller starts the next load in the background and every
 * caller is still answered from memory; the new answer replaces the old one
 * when it is ready. So a key that is asked for all the time never makes its
 * callers wait for the database, and only a key nobody asked for during that
 * window is loaded while its caller waits.
 */
export interface AnswerCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

interface Entry {
  expires: number;
  refreshFrom: number;
  value: Promise<unknown>;
  refreshing: boolean;
}

export function createAnswerCache(options: { ttlMs: number; refreshAheadMs?: number; maxEntries?: number; now?: () => number }): AnswerCache {
  const maxEntries = options.maxEntries ?? 2_000;
  const now = options.now ?? Date.now;
  const refreshAheadMs = Math.min(options.refreshAheadMs ?? options.ttlMs / 5, options.ttlMs);
  const entries = new Map<string, Entry>();

  function keep(key: string, value: Promise<unknown>, loadedFrom: number): Entry {
    const entry: Entry = { expires: loadedFrom + options.ttlMs, refreshFrom: loadedFrom + options.ttlMs - refreshAheadMs, value, refreshing: false };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  }

  function refresh(key: string, entry: Entry, load: () => Promise<unknown>, time: number): void {
    entry.refreshing = true;
    // A load that throws at once fails this refresh, not the caller answered from memory.
    new Promise<unknown>((resolve) => resolve(load())).then(
      (value) => {
        // Unless the entry was cleared or replaced meanwhile.
        if (entries.get(key) === entry) keep(key, Promise.resolve(value), time);
      },
      // A failed refresh keeps the answer for the rest of its lifetime; the next caller tries again.
      () => {
        entry.refreshing = false;
      },
    );
  }

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      const time = now();
      if (hit && hit.expires > time) {
        entries.delete(key);
        entries.set(key, hit);
        if (time >= hit.refreshFrom && !hit.refreshing) refresh(key, hit, load, time);
        return hit.value as Promise<T>;
      }
      const value = load();
      keep(key, value, time);
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
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
