/**
 * The sessions this process authenticated lately, by token hash, so that a
 * member's reads do not look their session up in the database each time.
 * An entry lives `ttlMs` (2 s by default); it is dropped at once when this
 * process logs the token out, issues a new web session to the member or ends
 * the member's sessions (password change, reset) or changes the member's
 * account (nickname, e-mail, payee name, head icon), and a lookup that began
 * before such a change is not kept (`generation`). What another process
 * changes shows here within `ttlMs`; calls that move money or change the
 * account never use the cache (server/modules/session/auth.ts).
 */
/** What the cache keeps of a session: anything that names its member (session-service.ts keeps its AuthenticatedSession). */
export interface CachedSession {
  member: { id: number };
}

export interface SessionCache<T extends CachedSession> {
  /** The cached session of a token hash, if it was loaded less than ttlMs ago. */
  get(tokenHash: string, nowMs: number): T | undefined;
  /** Counts the forgets: a session read from the database is kept only if none happened since the read began. */
  generation(): number;
  /** Keeps a session read from the database when the read began at `generation`. */
  set(tokenHash: string, auth: T, nowMs: number, generation: number): void;
  forgetToken(tokenHash: string): void;
  forgetMember(memberId: number): void;
}

interface Entry<T> {
  auth: T;
  loadedAt: number;
}

export function createSessionCache<T extends CachedSession>(options: { ttlMs: number; maxEntries?: number }): SessionCache<T> {
  const maxEntries = options.maxEntries ?? 50_000;
  const entries = new Map<string, Entry<T>>();
  const byMember = new Map<number, Set<string>>();
  let forgets = 0;

  function forgetToken(tokenHash: string): void {
    forgets++;
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = byMember.get(entry.auth.member.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byMember.delete(entry.auth.member.id);
  }

  return {
    get(tokenHash, nowMs) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (nowMs - entry.loadedAt >= options.ttlMs || nowMs < entry.loadedAt) {
        forgetToken(tokenHash);
        return undefined;
      }
      return entry.auth;
    },
    generation: () => forgets,
    set(tokenHash, auth, nowMs, generation) {
      if (options.ttlMs <= 0 || generation !== forgets) return;
      forgetToken(tokenHash);
      // The oldest entry goes first (a Map iterates in insertion order).
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        forgetToken(oldest.value);
      }
      entries.set(tokenHash, { auth, loadedAt: nowMs });
      const hashes = byMember.get(auth.member.id) ?? new Set<string>();
      hashes.add(tokenHash);
      byMember.set(auth.member.id, hashes);
    },
    forgetToken,
    forgetMember(memberId) {
      forgets++;
      for (const tokenHash of [...(byMember.get(memberId) ?? [])]) forgetToken(tokenHash);
    },
  };
}
