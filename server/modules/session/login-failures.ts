/**
 * Failed logins over a sliding hour, and what they change (OWASP
 * Authentication Cheat Sheet, ASVS 6.3.1): no hard lock that a stranger can
 * bring on a member, but
 *
 * - the captcha, after 3 failures for the account (from anywhere), from the
 *   client address, or from the device id; a device the member has logged in
 *   with before (`knownDeviceMs`) skips the account's own count, so the
 *   member's phone is not slowed by a stranger's guesses;
 * - growing delays per account and client: after 5 failures for one account
 *   from one address (or one device id), each further attempt from there waits
 *   1 s after the last failure, doubling up to 15 minutes (429
 *   `login.throttled`, `value.retryAfterMs`). Another address, such as the
 *   member's own, is not delayed;
 * - the member is told (inbox) when the account's failures reach
 *   `notifyAfterFailures`, once per window (modules/login).
 *
 * Unknown accounts are counted and answered exactly as known ones.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { loginFailures, sessions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock, IdentityLimits } from './config.ts';

export interface LoginClient {
  merchantCode: string;
  ip: string;
  deviceId: string | null;
}

export interface FailureState {
  captchaRequired: boolean;
  /** Set while this client must wait before trying this account again: ms left. */
  throttledForMs: number | null;
  /** Failures for the account in the window, from anywhere. */
  accountFailures: number;
}

export interface LoginFailures {
  /** `memberId`: the account's member when it exists (for the known-device rule). */
  state(client: LoginClient, accountKey: string, memberId: number | null): Promise<FailureState>;
  /** Records a failure and answers the state from now on. */
  record(client: LoginClient, accountKey: string, memberId: number | null): Promise<FailureState>;
  clearAccount(merchantCode: string, accountKey: string): Promise<void>;
  /** Throws 429 login.throttled while the client must wait. */
  assertNotThrottled(state: FailureState): void;
}

/** The wait after `failures` failures of one account from one client: 0 below the threshold, then 1 s doubling, capped. */
export function throttleDelayMs(failures: number, limits: Pick<IdentityLimits, 'throttleAfterFailures' | 'throttleMaxDelayMs'>): number {
  if (failures < limits.throttleAfterFailures) return 0;
  const exponent = Math.min(failures - limits.throttleAfterFailures, 30);
  return Math.min(1000 * 2 ** exponent, limits.throttleMaxDelayMs);
}

export function createLoginFailures(db: Database, now: Clock, limits: IdentityLimits): LoginFailures {
  async function isKnownDevice(memberId: number | null, deviceId: string | null, t: number): Promise<boolean> {
    if (memberId === null || !deviceId) return false;
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, memberId),
          eq(sessions.deviceId, deviceId),
          isNotNull(sessions.deviceId),
          gt(sessions.createdAt, new Date(t - limits.knownDeviceMs)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async function state(client: LoginClient, accountKey: string, memberId: number | null): Promise<FailureState> {
    const t = now().getTime();
    const since = new Date(t - limits.failureWindowMs);
    const inWindow = and(eq(loginFailures.merchantCode, client.merchantCode), gt(loginFailures.createdAt, since));
    const byAccount = eq(loginFailures.accountKey, accountKey);
    const byIp = eq(loginFailures.clientIp, client.ip.slice(0, 64));
    const byDevice = client.deviceId ? eq(loginFailures.deviceId, client.deviceId) : sql`false`;
    const lastMs = (where: ReturnType<typeof sql>) =>
      sql<number | null>`(extract(epoch from max(${loginFailures.createdAt}) filter (where ${where})) * 1000)`.mapWith((v) =>
        v === null ? null : Number(v),
      );
    const [row] = await db
      .select({
        account: sql<number>`count(*) filter (where ${byAccount})`.mapWith(Number),
        ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
        device: sql<number>`count(*) filter (where ${byDevice})`.mapWith(Number),
        pairIp: sql<number>`count(*) filter (where ${byAccount} and ${byIp})`.mapWith(Number),
        pairIpLast: lastMs(sql`${byAccount} and ${byIp}`),
        pairDevice: sql<number>`count(*) filter (where ${byAccount} and ${byDevice})`.mapWith(Number),
        pairDeviceLast: lastMs(sql`${byAccount} and ${byDevice}`),
      })
      .from(loginFailures)
      .where(and(inWindow, or(byAccount, byIp, byDevice)));
    const account = row?.account ?? 0;
    const clientFlagged = (row?.ip ?? 0) >= limits.captchaAfterFailures || (row?.device ?? 0) >= limits.captchaAfterFailures;
    const accountFlagged = account >= limits.captchaAfterFailures && !(await isKnownDevice(memberId, client.deviceId, t));
    const waits = [
      row?.pairIpLast != null ? row.pairIpLast + throttleDelayMs(row.pairIp, limits) - t : 0,
      row?.pairDeviceLast != null ? row.pairDeviceLast + throttleDelayMs(row.pairDevice, limits) - t : 0,
    ];
    const wait = Math.max(...waits);
    return { captchaRequired: clientFlagged || accountFlagged, throttledForMs: wait > 0 ? Math.ceil(wait) : null, accountFailures: account };
  }

  return {
    state,
    async record(client, accountKey, memberId) {
      await db.insert(loginFailures).values({
        merchantCode: client.merchantCode,
        accountKey,
        clientIp: client.ip.slice(0, 64),
        deviceId: client.deviceId,
        createdAt: now(),
      });
      // Now and then, drop failures long out of the window.
      if (randomInt(0, 100) === 0) {
        await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now().getTime() - 24 * 3_600_000)));
      }
      return state(client, accountKey, memberId);
    },
    async clearAccount(merchantCode, accountKey) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.merchantCode, merchantCode), eq(loginFailures.accountKey, accountKey)));
    },
    assertNotThrottled(s) {
      if (s.throttledForMs !== null) {
        throw new AppError(429, errorCodes.loginThrottled, 'Too many failed logins from here. Please wait a moment and try again.', {
          captchaRequired: s.captchaRequired,
          retryAfterMs: s.throttledForMs,
        });
      }
    },
  };
}
