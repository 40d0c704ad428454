/**
 * What the site keeps in the browser, in one place: the session record
 * (MC_SESSION_INFO), the language, the last system status and the device id.
 */
import { isTrialType, type SessionInfo } from '../../machines/session.ts';
import type { StatusAnswer } from '../../machines/system-status.machine.ts';
import { defaultLanguage, normaliseLanguage } from '../../contract/languages.ts';

export const storageKeys = {
  session: 'MC_SESSION_INFO',
  language: 'language',
  status: 'SYSTEM_STATUS',
  deviceId: 'DEVICE_ID',
  noticePopup: 'NOTICE_POP',
  /** The trial account's user name, in session storage (spec section 3). */
  trialName: 'trialName',
  /** Remember-me's record (src/app/remembered-login.ts), in local storage. */
  remember: 'MC_REMEMBER',
} as const;

export function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function readJson(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  return raw ? JSON.parse(raw) : null;
}

function isSessionInfo(value: unknown): value is SessionInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.userName === 'string' &&
    typeof v.merchantCode === 'string' &&
    typeof v.type === 'number'
  );
}

/** The session kept in session storage (this tab) or local storage (remember-me). */
export function readStoredSession(): SessionInfo | null {
  return safe(() => {
    for (const storage of [sessionStorage, localStorage]) {
      const value = readJson(storage, storageKeys.session);
      if (isSessionInfo(value)) return { ...value, firstTimeLogin: Boolean(value.firstTimeLogin) };
    }
    return null;
  }, null);
}

/** The session of this tab only (session storage). */
export function readTabSession(): SessionInfo | null {
  return safe(() => {
    const value = readJson(sessionStorage, storageKeys.session);
    return isSessionInfo(value) ? { ...value, firstTimeLogin: Boolean(value.firstTimeLogin) } : null;
  }, null);
}

/** Writes MC_SESSION_INFO for this tab (and in local storage when remembered); a trial account's name also as trialName. */
export function writeStoredSession(session: SessionInfo, remember: boolean) {
  safe(() => {
    const raw = JSON.stringify(session);
    sessionStorage.setItem(storageKeys.session, raw);
    if (remember) localStorage.setItem(storageKeys.session, raw);
    else localStorage.removeItem(storageKeys.session);
    if (isTrialType(session.type)) sessionStorage.setItem(storageKeys.trialName, session.userName);
    else sessionStorage.removeItem(storageKeys.trialName);
  }, undefined);
}

/** Replaces the stored session record where it is kept (session storage, and local storage if it was remembered there). */
export function rewriteStoredSession(session: SessionInfo) {
  safe(() => {
    const raw = JSON.stringify(session);
    sessionStorage.setItem(storageKeys.session, raw);
    if (localStorage.getItem(storageKeys.session) !== null) localStorage.setItem(storageKeys.session, raw);
  }, undefined);
}

/** The trial account's user name kept for this tab, if any. */
export function readTrialName(): string | null {
  return safe(() => sessionStorage.getItem(storageKeys.trialName), null);
}

/** Forgets the session: all of this tab's session storage (MC_SESSION_INFO, trialName, ...) and a remembered record. */
export function clearStoredSession() {
  safe(() => {
    sessionStorage.clear();
    localStorage.removeItem(storageKeys.session);
  }, undefined);
}

/**
 * Whether a remember-me record is kept: only then does the start load the
 * code that reads it and exchanges its device token (src/app/device-session.ts).
 */
export function hasRememberedLogin(): boolean {
  return safe(() => localStorage.getItem(storageKeys.remember) !== null, false);
}

/**
 * Drops remember-me's device token at once, keeping the method and account
 * for the form: a session the server ended or a logout must not be restored
 * by the next page load, even one that starts a moment later.
 */
export function dropDeviceToken() {
  safe(() => {
    const value = readJson(localStorage, storageKeys.remember) as Record<string, unknown> | null;
    if (!value || !('deviceToken' in value || 'deviceTokenExpiresAt' in value)) return;
    const { deviceToken: _token, deviceTokenExpiresAt: _expires, ...kept } = value;
    localStorage.setItem(storageKeys.remember, JSON.stringify(kept));
  }, undefined);
}

export function readLanguage(): string {
  return safe(() => normaliseLanguage(localStorage.getItem(storageKeys.language)), defaultLanguage);
}

export function writeLanguage(language: string) {
  safe(() => localStorage.setItem(storageKeys.language, language), undefined);
}

export function readCachedStatus(): StatusAnswer | null {
  return safe(() => {
    const v = readJson(localStorage, storageKeys.status) as StatusAnswer | null;
    return v && (v.status === 0 || v.status === 1 || v.status === 2) ? v : null;
  }, null);
}

export function writeCachedStatus(answer: StatusAnswer) {
  safe(() => localStorage.setItem(storageKeys.status, JSON.stringify(answer)), undefined);
}

export function deviceId(): string {
  return safe(() => {
    let id = localStorage.getItem(storageKeys.deviceId);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(storageKeys.deviceId, id);
    }
    return id;
  }, 'unknown');
}

/** Running as an installed web app: standalone display, or iOS's home-screen app (`navigator.standalone`). */
export function isStandalone(): boolean {
  return safe(
    () =>
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    false,
  );
}

/** `OTHERS` when running as an installed web app (spec section 7). */
export function deviceKind(): string | undefined {
  return isStandalone() ? 'OTHERS' : undefined;
}

