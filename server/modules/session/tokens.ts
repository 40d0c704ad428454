/** Session and device tokens: 256 random bits, base64url; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A device id from the device-id header, when it looks like one (else null, never stored). */
export function usableDeviceId(deviceId: string | null | undefined): string | null {
  return deviceId && /^[A-Za-z0-9._:-]{1,128}$/.test(deviceId) ? deviceId : null;
}
