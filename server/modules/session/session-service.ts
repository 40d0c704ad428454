/**
 * Sessions: tokens of 256 random bits, only their SHA-256 stored. A login ends
 * the member's previous web sessions (reason `replaced`, whose token then gets
 * `login.not.session`). Web sessions end after 30 idle minutes or 12 hours
 * (`login.session.expired`). Remember-me device sessions (30 days, bound to the
 * device id) are exchanged for a new web session and a new device token; a
 * device token that was already exchanged ends all the member's device sessions.
 * A member sees its live sessions (the current web session and the remembered
 * devices) and can end all of them but this browser's and this device's.
 */
import { and, desc, eq, gt, inArray, isNull, ne, not, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { SessionInfo } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, members, type SessionRow, sessions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Clock, type IdentityLimits, isPasswordExpired } from './config.ts';
import { createSessionCache } from './session-cache.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { isSharedDatabase } from '../../db/change-bus.ts';
import { storedUserAgent } from './session-view.ts';
import { hashToken, newToken } from './tokens.ts';
import { sessionEndFor } from '../responsible-gaming/checks/protection-checks.ts';

/** Why a session ended; only `replaced` (web: login.not.session) and `rotated` (device: reuse detection) are read back. */
export type RevokeReason = 'replaced' | 'logout' | 'rotated' | 'password' | 'reuse' | 'elsewhere';

/** Who is logging in: the device id (usableDeviceId), the client address and the browser's User-Agent header. */
export interface SessionClient {
  deviceId: string | null;
  ip: string;
  userAgent?: string | null | undefined;
}

export interface AuthenticatedSession {
  member: MemberRow;
  session: SessionRow;
}

export interface IssuedSession {
  token: string;
  session: SessionRow;
}

export interface SessionService {
  /** A new web session; the member's other web sessions end (replaced). */
  issueWeb(member: MemberRow, client: SessionClient): Promise<IssuedSession>;
  /** A new remember-me device session bound to the device id; the member's older ones on that device end. */
  issueDevice(member: MemberRow, client: SessionClient & { deviceId: string }): Promise<IssuedSession>;
  /**
   * The member and session of a web token, or AppError 401 with the reason. A session this process
   * authenticated less than `sessionCacheMs` ago is not read again, unless `fresh` is set.
   */
  authenticate(merchantCode: string, token: string | null, options?: { fresh?: boolean }): Promise<AuthenticatedSession>;
  /** Records activity now (renew). */
  touch(auth: AuthenticatedSession): Promise<void>;
  /** Exchanges a device token for the member, ending that device session (rotated). */
  redeemDevice(merchantCode: string, deviceToken: string, deviceId: string | null): Promise<MemberRow>;
  /** Ends a web session by token and this device's remember-me sessions; quiet when nothing matches. */
  logout(token: string | null, deviceId: string | null, deviceToken: string | undefined): Promise<void>;
  /** Ends the member's sessions (all, or all but one). */
  revokeMember(memberId: number, reason: RevokeReason, exceptSessionId?: string): Promise<void>;
  /**
   * The member's live sessions, latest activity first: not ended, not past
   * their end, and web sessions not idle past the limit (so a token listed
   * here still works).
   */
  liveSessions(memberId: number): Promise<SessionRow[]>;
  /**
   * Ends every live session of the member (reason `elsewhere`) but the web
   * session `keep.sessionId` and the device sessions of `keep.deviceId`;
   * returns how many ended. Their tokens are refused at once.
   */
  endElsewhere(memberId: number, keep: { sessionId: string; deviceId: string | null }): Promise<number>;
  /** Drops the member's sessions this process cached, so the next read loads the member row again (after a change to it). */
  forgetMember(memberId: number): void;
  info(auth: AuthenticatedSession): SessionInfo;
}

type Executor = Pick<Database, 'insert' | 'select'>;

const tokenInvalid = () => new AppError(401, errorCodes.unauthorized, 'The account has been logged out, please log in again');

export function createSessionService(db: Database, now: Clock, limits: IdentityLimits): SessionService {
  async function insertSession(
    executor: Executor,
    member: MemberRow,
    kind: 'web' | 'device',
    client: SessionClient,
  ): Promise<IssuedSession> {
    const t = now();
    const token = newToken();
    const lifetime = kind === 'web' ? limits.sessionAbsoluteMs : limits.deviceSessionMs;
    const end = new Date(t.getTime() + lifetime);
    // A web session ends at the member's session limit, when it set one (server/modules/responsible-gaming/).
    const limitEnd = kind === 'web' ? await sessionEndFor(executor, member.id, t) : null;
    const [session] = await executor
      .insert(sessions)
      .values({
        memberId: member.id,
        tokenHash: hashToken(token),
        kind,
        deviceId: client.deviceId,
        clientIp: client.ip.slice(0, 64),
        userAgent: storedUserAgent(client.userAgent),
        createdAt: t,
        lastSeenAt: t,
        expiresAt: limitEnd && limitEnd < end ? limitEnd : end,
      })
      .returning();
    if (!session) throw new Error('session not inserted');
    return { token, session };
  }

  const live = and(isNull(sessions.revokedAt));
  /** Live and usable now: not ended, not past the end, a web session not idle past the limit. */
  const usable = (t: Date) =>
    and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, t),
      or(eq(sessions.kind, 'device'), gt(sessions.lastSeenAt, new Date(t.getTime() - limits.sessionIdleMs))),
    );
  // On PostgreSQL other processes may end a session (logout, password change): a token they revoked must be
  // refused here at once, so each request reads its session (docs/scale-out.md). PGlite has one process.
  const cache = createSessionCache<AuthenticatedSession>({ ttlMs: isSharedDatabase(db) ? 0 : limits.sessionCacheMs });

  // The sessions asked for while a lookup runs are read together in the next one (server/lib/batcher.ts): on
  // PostgreSQL every request reads its session, and one query for many tokens costs little more than one.
  const lookUp = createBatcher<string, AuthenticatedSession | undefined>({
    maxBatch: 128,
    maxInFlight: 2,
    run: async (hashes) => {
      const rows = await db
        .select({ session: sessions, member: members })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(and(inArray(sessions.tokenHash, [...new Set(hashes)]), eq(sessions.kind, 'web')));
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      // Each caller gets a copy of its own (authenticate updates lastSeenAt on what it gets).
      return hashes.map((hash) => {
        const row = byHash.get(hash);
        return row && { session: { ...row.session }, member: row.member };
      });
    },
  });

  function loadWebSession(tokenHash: string): Promise<AuthenticatedSession | undefined> {
    return lookUp(tokenHash);
  }

  return {
    async issueWeb(member, client) {
      // The member row lock keeps two simultaneous logins from both staying live.
      const issued = await db.transaction(async (tx) => {
        await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
        await tx
          .update(sessions)
          .set({ revokedAt: now(), revokeReason: 'replaced' })
          .where(and(eq(sessions.memberId, member.id), eq(sessions.kind, 'web'), live));
        return insertSession(tx, member, 'web', client);
      });
      cache.forgetMember(member.id);
      return issued;
    },

    async issueDevice(member, client) {
      await db
        .update(sessions)
        .set({ revokedAt: now(), revokeReason: 'replaced' })
        .where(
          and(eq(sessions.memberId, member.id), eq(sessions.kind, 'device'), eq(sessions.deviceId, client.deviceId), live),
        );
      return insertSession(db, member, 'device', client);
    },

    async authenticate(merchantCode, token, options = {}) {
      if (!token || token.length > 128) throw tokenInvalid();
      const tokenHash = hashToken(token);
      const t = now();
      const generation = cache.generation();
      let cached = options.fresh ? undefined : cache.get(tokenHash, t.getTime());
      // Another process may have seen a session this one thinks idle: only the database says it ended.
      if (cached && t.getTime() - cached.session.lastSeenAt.getTime() >= limits.sessionIdleMs) cached = undefined;
      const row = cached ?? (await loadWebSession(tokenHash));
      if (!row || row.member.merchantCode !== merchantCode) throw tokenInvalid();
      const { session, member } = row;
      if (session.revokedAt) {
        if (session.revokeReason === 'replaced') {
          throw new AppError(401, errorCodes.sessionReplaced, 'Your account was logged in on another device, please log in again.');
        }
        throw tokenInvalid();
      }
      if (
        t.getTime() >= session.expiresAt.getTime() ||
        t.getTime() - session.lastSeenAt.getTime() >= limits.sessionIdleMs
      ) {
        throw new AppError(401, errorCodes.sessionExpired, 'Your session has expired, please log in again.');
      }
      if (member.status !== 'active') throw tokenInvalid();
      if (t.getTime() - session.lastSeenAt.getTime() >= limits.lastSeenWriteMs) {
        await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, session.id));
        session.lastSeenAt = t;
      }
      if (!cached) cache.set(tokenHash, row, t.getTime(), generation);
      return { member, session };
    },

    async touch({ session }) {
      const t = now();
      await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, session.id));
      session.lastSeenAt = t;
    },

    async redeemDevice(merchantCode, deviceToken, deviceId) {
      const invalid = () => new AppError(401, errorCodes.deviceTokenInvalid, 'Please log in again.');
      const [row] = await db
        .select({ session: sessions, member: members })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(and(eq(sessions.tokenHash, hashToken(deviceToken)), eq(sessions.kind, 'device')))
        .limit(1);
      if (!row || row.member.merchantCode !== merchantCode) throw invalid();
      const { session, member } = row;
      if (session.revokedAt) {
        if (session.revokeReason === 'rotated') {
          // A device token used twice: it may have been copied. End every remember-me session of the member.
          await db
            .update(sessions)
            .set({ revokedAt: now(), revokeReason: 'reuse' })
            .where(and(eq(sessions.memberId, member.id), eq(sessions.kind, 'device'), live));
        }
        throw invalid();
      }
      if (!deviceId || session.deviceId !== deviceId || now().getTime() >= session.expiresAt.getTime()) throw invalid();
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now(), revokeReason: 'rotated' })
        .where(and(eq(sessions.id, session.id), live))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw invalid();
      if (member.status !== 'active') throw new AppError(403, errorCodes.userDisabled, 'Sorry, the user does not exist or is disabled.');
      return member;
    },

    async logout(token, deviceId, deviceToken) {
      const t = now();
      let memberId: number | null = null;
      if (token && token.length <= 128) {
        const [ended] = await db
          .update(sessions)
          .set({ revokedAt: t, revokeReason: 'logout' })
          .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, 'web'), live))
          .returning({ memberId: sessions.memberId });
        cache.forgetToken(hashToken(token));
        memberId = ended?.memberId ?? null;
      }
      if (memberId !== null && deviceId) {
        await db
          .update(sessions)
          .set({ revokedAt: t, revokeReason: 'logout' })
          .where(and(eq(sessions.memberId, memberId), eq(sessions.kind, 'device'), eq(sessions.deviceId, deviceId), live));
      }
      if (deviceToken) {
        await db
          .update(sessions)
          .set({ revokedAt: t, revokeReason: 'logout' })
          .where(and(eq(sessions.tokenHash, hashToken(deviceToken)), eq(sessions.kind, 'device'), live));
      }
    },

    async revokeMember(memberId, reason, exceptSessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: now(), revokeReason: reason })
        .where(
          and(
            eq(sessions.memberId, memberId),
            live,
            exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`,
          ),
        );
      cache.forgetMember(memberId);
    },

    async liveSessions(memberId) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.memberId, memberId), usable(now())))
        // Ties (a login's web and device sessions start together): the web session first.
        .orderBy(desc(sessions.lastSeenAt), desc(sql`${sessions.kind} = 'web'`), desc(sessions.createdAt), sessions.id);
    },

    async endElsewhere(memberId, keep) {
      const t = now();
      const thisDevice = keep.deviceId ? and(eq(sessions.kind, 'device'), eq(sessions.deviceId, keep.deviceId)) : undefined;
      const ended = await db
        .update(sessions)
        .set({ revokedAt: t, revokeReason: 'elsewhere' })
        .where(and(eq(sessions.memberId, memberId), usable(t), ne(sessions.id, keep.sessionId), thisDevice ? not(thisDevice) : undefined))
        .returning({ id: sessions.id });
      cache.forgetMember(memberId);
      return ended.length;
    },

    forgetMember(memberId) {
      cache.forgetMember(memberId);
    },

    info({ member, session }) {
      return {
        userName: member.username,
        type: member.type as SessionInfo['type'],
        firstTimeLogin: member.firstTimeLogin,
        passwordExpired: isPasswordExpired(member, now(), limits),
        idleExpiresAt: Math.min(session.lastSeenAt.getTime() + limits.sessionIdleMs, session.expiresAt.getTime()),
        expiresAt: session.expiresAt.getTime(),
      };
    },
  };
}
