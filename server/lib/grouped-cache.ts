/**
 * Answers kept per group (a member) and key for at most `ttlMs`; `forget`
 * drops a group's answers at once. The process that changes what an answer
 * shows (a posting on the member's wallet, a favourite added, a game
 * launched) forgets it after the change committed; a read already under way
 * then still answers what it read, and the next one reads again. Changes made
 * by another process show within `ttlMs`. Bounded: the least recently used
 * groups go first.
 */

export interface GroupedCache {
  get<T>(group: number, key: string, load: () => Promise<T>): Promise<T>;
  forget(group: number): void;
  /** Drops every group. */
  clear(): void;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export function createGroupedCache(options: { ttlMs: number; maxGroups?: number; now?: () => number }): GroupedCache {
  const maxGroups = options.maxGroups ?? 20_000;
  const now = options.now ?? Date.now;
  const groups = new Map<number, Map<string, Entry>>();
  return {
    get<T>(group: number, key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const t = now();
      const entries = groups.get(group) ?? new Map<string, Entry>();
      // Most recently used last.
      groups.delete(group);
      groups.set(group, entries);
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value as Promise<T>;
      const value = load();
      const entry = { expires: t + options.ttlMs, value };
      entries.set(key, entry);
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (groups.size > maxGroups) groups.delete(groups.keys().next().value as number);
      return value;
    },
    forget(group) {
      groups.delete(group);
    },
    clear() {
      groups.clear();
    },
  };
}
