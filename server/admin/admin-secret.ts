import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The shared secret of the local admin listener: `<dataDir>/admin.secret`, mode 0600. */
export const adminSecretFile = (dataDir: string) => path.join(dataDir, 'admin.secret');

export function createAdminSecret(dataDir: string): string {
  const secret = randomBytes(32).toString('hex');
  const file = adminSecretFile(dataDir);
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function readAdminSecret(dataDir: string): string | null {
  try {
    return readFileSync(adminSecretFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function removeAdminSecret(dataDir: string): void {
  rmSync(adminSecretFile(dataDir), { force: true });
}

export function secretsEqual(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
