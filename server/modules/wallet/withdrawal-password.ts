/**
 * The withdrawal (payment) password: 6 digits, stored as argon2id in
 * `withdrawal_passwords`. A payment password given at registration
 * (`members.payment_password_hash`) counts as set until the member sets a new
 * one. Five wrong answers in a row lock checking for 15 minutes; the count is
 * kept atomically in the database, so parallel guesses get no more tries, and
 * parallel right answers wait for each other instead of being refused. A
 * member who forgot it sets a new one with the login password instead
 * (`reset`, the security center), which also ends a lock.
 */
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import { withdrawalPasswordPattern } from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { withdrawalPasswords } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../member/passwords.ts';

export const withdrawalPasswordLimits = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

export interface NewWithdrawalPassword {
  newPassword: string;
  confirmPassword: string;
}

/** Throws 400 withdraw.password.invalid unless the new password is 6 digits, password.confirm.mismatch unless confirmed. */
export function checkNewWithdrawalPassword(input: NewWithdrawalPassword): void {
  if (!withdrawalPasswordPattern.test(input.newPassword)) {
    throw new AppError(400, errorCodes.withdrawalPasswordInvalid, 'The withdrawal password must be 6 digits.');
  }
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError(400, errorCodes.passwordMismatch, 'Confirmation password not matched');
  }
}

/**
 * How long a check waits, at most, for the tries that checks in progress hold
 * to move (one of them finished, its try given back or kept), and how often it
 * looks. While they keep moving it keeps waiting: a slow machine makes the
 * queue slow, not wrong.
 */
const busyWaitMs = 10_000;
const busyPollMs = 25;

export interface WithdrawalPasswords {
  has(member: MemberRow): Promise<boolean>;
  /** Sets or (with the old one) changes the password. */
  set(member: MemberRow, input: { oldPassword?: string; newPassword: string; confirmPassword: string }): Promise<void>;
  /**
   * Sets a new password without the old one (the caller has checked the
   * member's login password) and clears the failure count and any lock.
   */
  reset(member: MemberRow, input: NewWithdrawalPassword): Promise<void>;
  /** Throws 400 withdraw.password.incorrect / .required, 429 withdraw.password.locked. */
  verify(member: MemberRow, password: string): Promise<void>;
}

/**
 * At most `limit` holders at a time per key, the others queued in order. A
 * member's checks in this process go through it, five at a time (the tries
 * there are), so they take turns here instead of racing for the tries in the
 * database: a check that kept losing that race could wait longer than
 * `busyWaitMs` while others moved the count and brought it back to where it
 * saw it. The database's count still rules between processes.
 */
function createTurns(limit: number) {
  const lines = new Map<number, { active: number; waiting: (() => void)[] }>();
  return async <T>(key: number, run: () => Promise<T>): Promise<T> => {
    const line = lines.get(key) ?? { active: 0, waiting: [] };
    lines.set(key, line);
    if (line.active >= limit) await new Promise<void>((resolve) => line.waiting.push(resolve));
    else line.active++;
    try {
      return await run();
    } finally {
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.active === 0) lines.delete(key);
    }
  };
}

export function createWithdrawalPasswords(db: Database, now: () => Date): WithdrawalPasswords {
  const turns = createTurns(withdrawalPasswordLimits.maxFailures);
  async function stored(member: MemberRow) {
    const [row] = await db.select().from(withdrawalPasswords).where(eq(withdrawalPasswords.memberId, member.id)).limit(1);
    return row ?? null;
  }

  const lockedError = (lockedUntil: Date | null | undefined) =>
    new AppError(429, errorCodes.withdrawalPasswordLocked, 'Too many wrong withdrawal passwords. Please try again later.', {
      ...(lockedUntil ? { lockedUntil: lockedUntil.toISOString() } : {}),
    });

  /**
   * Checks a password. Each check first takes one of the five tries in a
   * single UPDATE ... RETURNING (the row lock makes parallel checks take
   * turns), so parallel guesses can never run more than five checks before the
   * lock answers; a wrong answer keeps its try counted, the fifth locks, a
   * right one gives the tries back.
   */
  function check(member: MemberRow, password: string): Promise<void> {
    return turns(member.id, () => checkNow(member, password));
  }

  async function checkNow(member: MemberRow, password: string): Promise<void> {
    const row = await stored(member);
    const hash = row?.passwordHash ?? member.paymentPasswordHash;
    if (!hash) throw new AppError(400, errorCodes.withdrawalPasswordRequired, 'Please set a withdrawal password first.');
    const at = now();
    if (!row) {
      // A registration payment password: give it its row (and counter).
      await db
        .insert(withdrawalPasswords)
        .values({ memberId: member.id, passwordHash: hash, failedAttempts: 0, lockedUntil: null, updatedAt: at })
        .onConflictDoNothing();
    }
    const expired = sql`${withdrawalPasswords.lockedUntil} is not null and ${withdrawalPasswords.lockedUntil} <= ${at.toISOString()}::timestamptz`;
    const takeTry = async () =>
      (
        await db
          .update(withdrawalPasswords)
          .set({
            failedAttempts: sql`case when ${expired} then 1 else ${withdrawalPasswords.failedAttempts} + 1 end`,
            lockedUntil: null,
          })
          .where(
            and(
              eq(withdrawalPasswords.memberId, member.id),
              or(isNull(withdrawalPasswords.lockedUntil), lte(withdrawalPasswords.lockedUntil, at)),
              lt(withdrawalPasswords.failedAttempts, withdrawalPasswordLimits.maxFailures),
            ),
          )
          .returning({ tries: withdrawalPasswords.failedAttempts, passwordHash: withdrawalPasswords.passwordHash })
      )[0];
    let taken = await takeTry();
    // No try left: locked, or every try is held by checks still in progress (parallel requests
    // of one member). Those give their try back when right, so a request waits for them (a
    // few checks' time) rather than being refused for a lock that does not exist, for as long
    // as the tries keep moving.
    let seen: number | undefined;
    let movedAt = performance.now();
    while (!taken && performance.now() - movedAt < busyWaitMs) {
      const current = await stored(member);
      if (current?.lockedUntil && current.lockedUntil > at) break;
      if (current?.failedAttempts !== seen) {
        seen = current?.failedAttempts;
        movedAt = performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, busyPollMs));
      taken = await takeTry();
    }
    if (!taken) throw lockedError((await stored(member))?.lockedUntil);
    if (await verifyPassword(taken.passwordHash, password)) {
      await db
        .update(withdrawalPasswords)
        .set({ failedAttempts: 0 })
        .where(and(eq(withdrawalPasswords.memberId, member.id), isNull(withdrawalPasswords.lockedUntil)));
      return;
    }
    if (taken.tries >= withdrawalPasswordLimits.maxFailures) {
      const lockedUntil = new Date(at.getTime() + withdrawalPasswordLimits.lockMs);
      await db.update(withdrawalPasswords).set({ failedAttempts: 0, lockedUntil }).where(eq(withdrawalPasswords.memberId, member.id));
      throw lockedError(lockedUntil);
    }
    throw new AppError(400, errorCodes.withdrawalPasswordIncorrect, 'The withdrawal password is incorrect.', {
      attemptsLeft: withdrawalPasswordLimits.maxFailures - taken.tries,
    });
  }

  /** Writes the password's hash with no failures counted and no lock. */
  async function store(member: MemberRow, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const at = now();
    await db
      .insert(withdrawalPasswords)
      .values({ memberId: member.id, passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: at })
      .onConflictDoUpdate({ target: withdrawalPasswords.memberId, set: { passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: at } });
  }

  return {
    async has(member) {
      return Boolean((await stored(member))?.passwordHash ?? member.paymentPasswordHash);
    },

    async set(member, input) {
      checkNewWithdrawalPassword(input);
      if (await this.has(member)) {
        if (!input.oldPassword) throw new AppError(400, errorCodes.oldPasswordIncorrect, 'The old password is incorrect.');
        try {
          await check(member, input.oldPassword);
        } catch (error) {
          if (error instanceof AppError && error.errorCode === errorCodes.withdrawalPasswordIncorrect) {
            throw new AppError(400, errorCodes.oldPasswordIncorrect, 'The old password is incorrect.', error.value);
          }
          throw error;
        }
        if (input.oldPassword === input.newPassword) {
          throw new AppError(400, errorCodes.newPasswordSame, 'The new password is the same as the old password.');
        }
      }
      await store(member, input.newPassword);
    },

    async reset(member, input) {
      checkNewWithdrawalPassword(input);
      await store(member, input.newPassword);
    },

    verify: check,
  };
}
