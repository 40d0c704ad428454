/**
 * The withdrawal password's failure counter under parallel guesses: the tries
 * are taken atomically in the database, so 20 wrong guesses at once run at
 * most five password checks before the lock answers, while parallel right
 * answers wait for each other and all pass. Runs on PGlite, and on
 * PostgreSQL (real parallel connections) when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createMember } from '../../test/wallet-harness.ts';
import { createWithdrawalPasswords, withdrawalPasswordLimits } from './withdrawal-password.ts';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../member/passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../member/passwords.ts')>();
  return {
    ...actual,
    verifyPassword: async (hash: string, password: string) => {
      checks.count++;
      return actual.verifyPassword(hash, password);
    },
  };
});

let t: TestDatabase;
let nowMs = Date.parse('2026-03-01T10:00:00Z');
const now = () => new Date(nowMs);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.errorCode;
    throw error;
  }
};

describe('withdrawal password failures', () => {
  it('lets 20 parallel wrong guesses run at most five checks before the lock answers', async () => {
    const passwords = createWithdrawalPasswords(t.db, now);
    const member = await createMember(t.db, 'wpparallel');
    await passwords.set(member, { newPassword: '135790', confirmPassword: '135790' });
    checks.count = 0;
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(passwords.verify(member, '000000'))));
    expect(checks.count).toBeLessThanOrEqual(withdrawalPasswordLimits.maxFailures);
    expect(codes.filter((c) => c === 'withdraw.password.incorrect')).toHaveLength(4);
    expect(codes.filter((c) => c === 'withdraw.password.locked')).toHaveLength(16);
    // Locked: even the right password is refused, without a check.
    expect(await codeOf(passwords.verify(member, '135790'))).toBe('withdraw.password.locked');
    expect(checks.count).toBeLessThanOrEqual(withdrawalPasswordLimits.maxFailures);
    // After the lock, five tries again.
    nowMs += withdrawalPasswordLimits.lockMs + 1;
    expect(await codeOf(passwords.verify(member, '000000'))).toBe('withdraw.password.incorrect');
    expect(await codeOf(passwords.verify(member, '135790'))).toBe('ok');
  });

  it('lets parallel right answers all through, a few checks at a time', async () => {
    const passwords = createWithdrawalPasswords(t.db, now);
    const member = await createMember(t.db, 'wpright');
    await passwords.set(member, { newPassword: '135790', confirmPassword: '135790' });
    const codes = await Promise.all(Array.from({ length: 12 }, () => codeOf(passwords.verify(member, '135790'))));
    expect(codes).toEqual(Array.from({ length: 12 }, () => 'ok'));
    // And the tries are all back: five wrong answers still lock, not fewer.
    const wrong = [];
    for (let i = 0; i < 4; i++) wrong.push(await codeOf(passwords.verify(member, '000000')));
    expect(wrong).toEqual(Array.from({ length: 4 }, () => 'withdraw.password.incorrect'));
    expect(await codeOf(passwords.verify(member, '000000'))).toBe('withdraw.password.locked');
  });

  it('counts the tries of a registration payment password the same way', async () => {
    const passwords = createWithdrawalPasswords(t.db, now);
    const member = await createMember(t.db, 'wpregistration');
    const { hashPassword } = await import('../member/passwords.ts');
    const withHash = { ...member, paymentPasswordHash: await hashPassword('246802') };
    expect(await passwords.has(withHash)).toBe(true);
    checks.count = 0;
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(passwords.verify(withHash, '111111'))));
    expect(checks.count).toBeLessThanOrEqual(withdrawalPasswordLimits.maxFailures);
    expect(codes.filter((c) => c === 'withdraw.password.locked')).toHaveLength(16);
  });
});
