/**
 * Remember-me (docs/identity.md): the login method, the account and the
 * server's long-lived device token, under MC_REMEMBER in local storage.
 * Never a password. Logout drops the device token (autoLogin 0) and keeps
 * the account for the form.
 */
import type { LoginMethod, RememberedLogin } from '../../machines/login.machine.ts';
import { storageKeys } from './storage.ts';

export const rememberKey = storageKeys.remember;

export interface RememberedRecord extends RememberedLogin {
  /** Exchanged at start for a new session (POST /wps/session/device). */
  deviceToken?: string;
  deviceTokenExpiresAt?: number;
}

const isMethod = (value: unknown): value is LoginMethod => value === 'username' || value === 'sms';

export function readRemembered(): RememberedRecord | null {
  try {
    const raw = localStorage.getItem(rememberKey);
    const value = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!value || !isMethod(value.method) || typeof value.account !== 'string') return null;
    const record: RememberedRecord = { method: value.method, account: value.account };
    if (typeof value.deviceToken === 'string' && value.deviceToken) record.deviceToken = value.deviceToken;
    if (typeof value.deviceTokenExpiresAt === 'number') record.deviceTokenExpiresAt = value.deviceTokenExpiresAt;
    return record;
  } catch {
    return null;
  }
}

export function writeRemembered(record: RememberedRecord | null) {
  try {
    if (record) localStorage.setItem(rememberKey, JSON.stringify(record));
    else localStorage.removeItem(rememberKey);
  } catch {
    // Storage unavailable (private mode): nothing is remembered.
  }
}

/** The device token still usable at `now`, if any. */
export function rememberedDeviceToken(now = Date.now()): string | null {
  const record = readRemembered();
  if (!record?.deviceToken) return null;
  if (record.deviceTokenExpiresAt !== undefined && record.deviceTokenExpiresAt <= now) return null;
  return record.deviceToken;
}
