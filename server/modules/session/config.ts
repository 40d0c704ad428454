/** Limits and timings of the identity modules (issue 4, spec section 9), and the injectable clock. */

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface IdentityLimits {
  /** A web session ends after this much inactivity. */
  sessionIdleMs: number;
  /** A web session ends this long after login, active or not. */
  sessionAbsoluteMs: number;
  /** Remember-me device tokens live this long (renewed at each exchange). */
  deviceSessionMs: number;
  /** last_seen_at is written at most this often per session. */
  lastSeenWriteMs: number;
  /** How long this process reuses a session it authenticated (server/modules/session/session-cache.ts); 0: never. On PostgreSQL, where other processes may revoke it, always 0. */
  sessionCacheMs: number;
  /** Failed logins (per account, IP or device id, in the window) after which a captcha is required. */
  captchaAfterFailures: number;
  /**
   * Failed logins for one account from one client address (or device id) in
   * the window after which each further attempt from there waits: 1 s after
   * the first of them, doubling, at most `throttleMaxDelayMs`.
   */
  throttleAfterFailures: number;
  throttleMaxDelayMs: number;
  /** Failed logins for one account (from anywhere) in the window after which the member is told (inbox), once per window. */
  notifyAfterFailures: number;
  failureWindowMs: number;
  /** A device id the member logged in with in this period is known: it skips the account-wide captcha. */
  knownDeviceMs: number;
  captchaTtlMs: number;
  codeTtlMs: number;
  codeMaxChecks: number;
  codeResendMs: number;
  /** Codes sent to one target per hour. */
  codeMaxPerHour: number;
  /** SMS codes asked for from one client address per hour (any number). */
  smsPerClientPerHour: number;
  /** SMS codes asked for from one device id per hour (any number). */
  smsPerDevicePerHour: number;
  /** SMS codes a merchant sends per day (the last 24 hours), whoever asks. */
  smsPerMerchantPerDay: number;
  /** Trial accounts created per client IP per hour. */
  trialPerIpPerHour: number;
  /** A password older than this (from members.password_changed_at) must be changed at the next login. */
  passwordMaxAgeMs: number;
}

export const defaultIdentityLimits: IdentityLimits = {
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 12 * 3_600_000,
  deviceSessionMs: 30 * 24 * 3_600_000,
  lastSeenWriteMs: 60_000,
  sessionCacheMs: 2_000,
  captchaAfterFailures: 3,
  throttleAfterFailures: 5,
  throttleMaxDelayMs: 15 * 60_000,
  notifyAfterFailures: 10,
  failureWindowMs: 3_600_000,
  knownDeviceMs: 90 * 24 * 3_600_000,
  captchaTtlMs: 2 * 60_000,
  codeTtlMs: 5 * 60_000,
  codeMaxChecks: 5,
  codeResendMs: 60_000,
  codeMaxPerHour: 10,
  smsPerClientPerHour: 10,
  smsPerDevicePerHour: 5,
  smsPerMerchantPerDay: 2000,
  trialPerIpPerHour: 50,
  passwordMaxAgeMs: 90 * 24 * 3_600_000,
};

/**
 * Whether a member's password has passed `passwordMaxAgeMs`: counted from
 * password_changed_at (else from the account's creation). Trial accounts and
 * accounts without a password never expire.
 */
export function isPasswordExpired(
  member: { type: number; passwordHash: string | null; passwordChangedAt: Date | null; createdAt: Date },
  now: Date,
  limits: Pick<IdentityLimits, 'passwordMaxAgeMs'>,
): boolean {
  if (member.type === 4 || !member.passwordHash) return false;
  const since = member.passwordChangedAt ?? member.createdAt;
  return now.getTime() - since.getTime() >= limits.passwordMaxAgeMs;
}
