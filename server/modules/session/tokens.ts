/** Session and device tokens: 256 random bits, base64url; only their SHA-256 is stored. */
import { createHash, randomFillSync } from 'node:crypto';

const tokenBytes = 32;
/** Random bytes drawn 128 tokens at a time (one call to the system's generator, not one per token); each token's bytes are zeroed once taken. */
const pool = Buffer.alloc(tokenBytes * 128);
let taken = pool.length;

export function newToken(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const token = pool.toString('base64url', taken, taken + tokenBytes);
  pool.fill(0, taken, taken + tokenBytes);
  taken += tokenBytes;
  return token;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A device id from the device-id header, when it looks like one (else null, never stored). */
export function usableDeviceId(deviceId: string | null | undefined): string | null {
  return deviceId && /^[A-Za-z0-9._:-]{1,128}$/.test(deviceId) ? deviceId : null;
}
