/**
 * Password hashing: argon2id with OWASP's minimum (19 MiB memory, 2 passes,
 * 1 lane). Verification of an unknown account runs against a dummy hash with
 * the same parameters, so it costs the same time as a wrong password.
 */
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** The argon2 functions in use, as one object (a test watches the verifications through it). */
export const argon2 = { hash, verify };

/** `Algorithm.Argon2id` (a const enum, which verbatimModuleSyntax cannot read). */
const argon2id = 2 as Algorithm;

export const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The PHC prefix of a hash made with the current parameters. */
export const currentHashPrefix = `$argon2id$v=19$m=${argon2Options.memoryCost},t=${argon2Options.timeCost},p=${argon2Options.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argon2Options);
}

let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Whether `password` matches `stored`. A missing hash (unknown account, trial
 * member) is checked against the dummy hash and always fails, taking the same
 * time. A malformed stored hash fails too.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await argon2.verify(await dummy(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash made with older parameters is replaced at the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(currentHashPrefix);
}
