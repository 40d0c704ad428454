/**
 * Failed logins, per account and per client (IP and device id), over a
 * sliding hour: 3 make the captcha required (for the account or the client),
 * 10 for one account lock it until the oldest of them leaves the window.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { loginFailures } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock, IdentityLimits } from './config.ts';

export interface LoginClient {
  merchantCode: string;
  ip: string;
  deviceId: string | null;
}

export interface FailureState {
  captchaRequired: boolean;
  /** Set when the account is locked: ms until it opens again. */
  lockedForMs: number | null;
}

export interface LoginFailures {
  state(client: LoginClient, accountKey: string): Promise<FailureState>;
  /** Records a failure and answers whether the captcha is required from now on. */
  record(client: LoginClient, accountKey: string): Promise<boolean>;
  clearAccount(merchantCode: string, accountKey: string): Promise<void>;
  /** Throws login.account.locked when the account is locked. */
  assertNotLocked(state: FailureState): void;
}

export function createLoginFailures(db: Database, now: Clock, limits: IdentityLimits): LoginFailures {
  async function state(client: LoginClient, accountKey: string): Promise<FailureState> {
    const t = now().getTime();
    const since = new Date(t - limits.failureWindowMs);
    const inWindow = and(eq(loginFailures.merchantCode, client.merchantCode), gt(loginFailures.createdAt, since));
    const byAccount = eq(loginFailures.accountKey, accountKey);
    const byIp = eq(loginFailures.clientIp, client.ip);
    const byDevice = client.deviceId ? eq(loginFailures.deviceId, client.deviceId) : sql`false`;
    const [row] = await db
      .select({
        account: sql<number>`count(*) filter (where ${byAccount})`.mapWith(Number),
        ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
        device: sql<number>`count(*) filter (where ${byDevice})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(inWindow, or(byAccount, byIp, byDevice)));
    const account = row?.account ?? 0;
    const captchaRequired =
      account >= limits.captchaAfterFailures ||
      (row?.ip ?? 0) >= limits.captchaAfterFailures ||
      (row?.device ?? 0) >= limits.captchaAfterFailures;
    let lockedForMs: number | null = null;
    if (account >= limits.lockAfterFailures) {
      // Locked until enough failures leave the window: the (account - lock + 1)-th oldest one.
      const rows = await db
        .select({ at: loginFailures.createdAt })
        .from(loginFailures)
        .where(and(inWindow, byAccount))
        .orderBy(loginFailures.createdAt)
        .limit(1)
        .offset(account - limits.lockAfterFailures);
      const at = rows[0]?.at.getTime() ?? t;
      lockedForMs = Math.max(1000, at + limits.failureWindowMs - t);
    }
    return { captchaRequired, lockedForMs };
  }

  return {
    state,
    async record(client, accountKey) {
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
      return (await state(client, accountKey)).captchaRequired;
    },
    async clearAccount(merchantCode, accountKey) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.merchantCode, merchantCode), eq(loginFailures.accountKey, accountKey)));
    },
    assertNotLocked(s) {
      if (s.lockedForMs !== null) {
        throw new AppError(423, errorCodes.accountLocked, 'Too many failed logins. Please try again later.', {
          captchaRequired: true,
          retryAfterMs: s.lockedForMs,
        });
      }
    },
  };
}
