/**
 * SMS and e-mail codes: 6 digits from crypto.randomInt, hashed (SHA-256 salted
 * with the row id), 5 minutes, at most 5 checks per code, a 60 s cooldown
 * before the next code to the same target and purpose, at most 10 per hour.
 * SMS codes also have budgets against SMS pumping: per client address and per
 * device id an hour, and per merchant a day (`assertSmsBudget`).
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { SmsCodeSent } from '../../../contract/verification.ts';
import type { Database } from '../../db/connect.ts';
import { verificationCodes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock, IdentityLimits } from '../session/config.ts';
import type { MessageProvider } from './provider.ts';

/** noLogin: login by mobile and set password by phone; register: registration by mobile; password-reset: e-mailed login code. */
export type CodePurpose = 'noLogin' | 'register' | 'password-reset';

export interface CodeTarget {
  merchantCode: string;
  channel: 'sms' | 'email';
  /** "+639171234567" or a lower-cased e-mail address. */
  target: string;
  purpose: CodePurpose;
}

/** Who asks for a code: the client address and the device id (when usable). */
export interface CodeRequester {
  ip: string;
  deviceId: string | null;
}

export interface SendCodeOptions extends CodeTarget {
  /** Recorded with the code for the SMS budgets. */
  requester?: CodeRequester;
  /** Ties the code to a member (e-mailed reset codes). */
  memberId?: number | null;
  /** False: record the code (so cooldowns look the same) but send nothing. */
  deliver?: boolean;
  message: (code: string) => string;
}

/** ok (with the row id), invalid (no such live code or a wrong one) or attempts (checks used up). */
/** The answer to a wrong, expired or used code. */
export const codeInvalidError = () => new AppError(400, errorCodes.codeInvalid, 'Verification code error');

export type CodeCheck = { status: 'ok'; id: string } | { status: 'invalid' } | { status: 'attempts' };

export interface CodeService {
  send(options: SendCodeOptions): Promise<SmsCodeSent>;
  /**
   * Throws 429 when the requester or the merchant has used up an SMS budget:
   * verification.client.limit, verification.device.limit, verification.daily.limit.
   */
  assertSmsBudget(merchantCode: string, requester: CodeRequester): Promise<void>;
  /** Checks (and counts the check of) the latest live code of the target. */
  check(target: CodeTarget, code: string, options: { consume: boolean }): Promise<CodeCheck>;
  /** Checks the latest live code of a member for a purpose (e-mailed reset codes). */
  checkForMember(merchantCode: string, memberId: number, purpose: CodePurpose, code: string): Promise<CodeCheck>;
  /** Uses up a checked code; false when another request used it first. */
  consume(id: string): Promise<boolean>;
  /** Throws the errorCode a failed check means (verification.code.invalid or .attempts). */
  raise(check: CodeCheck): asserts check is { status: 'ok'; id: string };
}

function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createCodeService(db: Database, provider: MessageProvider, now: Clock, limits: IdentityLimits): CodeService {
  const targetIs = (t: CodeTarget) =>
    and(
      eq(verificationCodes.merchantCode, t.merchantCode),
      eq(verificationCodes.channel, t.channel),
      eq(verificationCodes.target, t.target),
      eq(verificationCodes.purpose, t.purpose),
    );

  type Row = typeof verificationCodes.$inferSelect;

  async function checkRow(row: Row | undefined, code: string, consume: boolean): Promise<CodeCheck> {
    const t = now();
    if (!row || row.expiresAt <= t) return { status: 'invalid' };
    // Count the check first, atomically, so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, row.id),
          lt(verificationCodes.attempts, limits.codeMaxChecks),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .returning({ attempts: verificationCodes.attempts });
    if (!counted) return row.attempts >= limits.codeMaxChecks ? { status: 'attempts' } : { status: 'invalid' };
    if (!/^\d{6}$/.test(code) || !sameHash(row.codeHash, codeHash(row.id, code))) return { status: 'invalid' };
    if (consume && !(await consumeRow(row.id))) return { status: 'invalid' };
    return { status: 'ok', id: row.id };
  }

  async function consumeRow(id: string): Promise<boolean> {
    const rows = await db
      .update(verificationCodes)
      .set({ consumedAt: now() })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length > 0;
  }

  return {
    async send(options) {
      const t = now();
      const [latest] = await db
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(targetIs(options))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (latest) {
        const readyAt = latest.createdAt.getTime() + limits.codeResendMs;
        if (readyAt > t.getTime()) {
          throw new AppError(429, errorCodes.codeCooldown, 'Please wait before requesting another code.', {
            retryAfterMs: readyAt - t.getTime(),
            expirationTime: readyAt,
          });
        }
      }
      const [sent] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(targetIs(options), gt(verificationCodes.createdAt, new Date(t.getTime() - 3_600_000))));
      if ((sent?.n ?? 0) >= limits.codeMaxPerHour) {
        throw new AppError(429, errorCodes.codeSendLimit, 'Too many codes requested, please try again later.');
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = randomUUID();
      // A new code replaces the previous ones.
      await db
        .update(verificationCodes)
        .set({ consumedAt: t })
        .where(and(targetIs(options), isNull(verificationCodes.consumedAt)));
      await db.insert(verificationCodes).values({
        id,
        merchantCode: options.merchantCode,
        channel: options.channel,
        target: options.target,
        purpose: options.purpose,
        memberId: options.memberId ?? null,
        clientIp: options.requester?.ip.slice(0, 64) ?? null,
        deviceId: options.requester?.deviceId ?? null,
        codeHash: codeHash(id, code),
        createdAt: t,
        expiresAt: new Date(t.getTime() + limits.codeTtlMs),
      });
      if (options.deliver !== false) {
        await provider.send({
          merchantCode: options.merchantCode,
          channel: options.channel,
          to: options.target,
          body: options.message(code),
        });
      }
      return { expirationTime: t.getTime() + limits.codeResendMs };
    },

    async assertSmsBudget(merchantCode, requester) {
      const t = now().getTime();
      const hourAgo = new Date(t - 3_600_000);
      const sms = and(eq(verificationCodes.merchantCode, merchantCode), eq(verificationCodes.channel, 'sms'));
      const byIp = eq(verificationCodes.clientIp, requester.ip.slice(0, 64));
      const byDevice = requester.deviceId ? eq(verificationCodes.deviceId, requester.deviceId) : sql`false`;
      const [row] = await db
        .select({
          ip: sql<number>`count(*) filter (where ${byIp} and ${verificationCodes.createdAt} > ${hourAgo})`.mapWith(Number),
          device: sql<number>`count(*) filter (where ${byDevice} and ${verificationCodes.createdAt} > ${hourAgo})`.mapWith(Number),
          day: count(),
        })
        .from(verificationCodes)
        .where(and(sms, gt(verificationCodes.createdAt, new Date(t - 24 * 3_600_000))));
      if ((row?.ip ?? 0) >= limits.smsPerClientPerHour) {
        throw new AppError(429, errorCodes.smsClientLimit, 'Too many codes were requested from this network. Please try again in an hour.');
      }
      if ((row?.device ?? 0) >= limits.smsPerDevicePerHour) {
        throw new AppError(429, errorCodes.smsDeviceLimit, 'Too many codes were requested from this device. Please try again in an hour.');
      }
      if ((row?.day ?? 0) >= limits.smsPerMerchantPerDay) {
        throw new AppError(429, errorCodes.smsDailyLimit, 'No more codes can be sent today. Please try again tomorrow.');
      }
    },
    async check(target, code, { consume }) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(targetIs(target), isNull(verificationCodes.consumedAt)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return checkRow(row, code.trim(), consume);
    },

    async checkForMember(merchantCode, memberId, purpose, code) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.merchantCode, merchantCode),
            eq(verificationCodes.memberId, memberId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return checkRow(row, code.trim(), true);
    },

    consume: consumeRow,

    raise(check) {
      if (check.status === 'attempts') {
        throw new AppError(400, errorCodes.codeAttempts, 'Too many wrong codes, please request a new verification code.');
      }
      if (check.status === 'invalid') throw codeInvalidError();
    },
  };
}
