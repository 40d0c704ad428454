/**
 * Types and pure helpers shared by the identity machines (login, SMS
 * countdown, registration, password reset, change password, trial, logout).
 *
 * The machines do not know the server API: each one names its side effects
 * as actors with the input and output types below, and the app supplies the
 * real ones with `.provide()`. Failures arrive as thrown errors carrying an
 * `errorCode` (an i18n message id) and an optional `value`, like the client's
 * ApiError.
 */

/** What a failed call throws, as far as the machines read it (the client's ApiError fits). */
export interface IdentityError {
  kind?: 'server' | 'schema' | 'timeout' | 'offline' | 'network';
  errorCode: string;
  value?: unknown;
}

/** The errorCode used when a failure carries none (an exception that is not an ApiError). */
export const unknownErrorCode = 'client.network';

/** The errorCode of a failure; `client.network` for anything that is not an `{ errorCode }` object. */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'errorCode' in error && typeof error.errorCode === 'string' && error.errorCode) {
    return error.errorCode;
  }
  return unknownErrorCode;
}

/** The `value` a failure carries, if any. */
export function errorValueOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'value' in error ? error.value : undefined;
}

/** Whether a failed login asks for a captcha (its error value has `captchaRequired: true`). */
export function isCaptchaFlagged(error: unknown): boolean {
  const value = errorValueOf(error);
  return typeof value === 'object' && value !== null && 'captchaRequired' in value && value.captchaRequired === true;
}

/** A captcha image from the server: the id to send back with the answer, and the image (data URL). */
export interface Captcha {
  id: string;
  image: string;
}

/** Routes the identity flows send the user to. */
export type IdentityRoute = '/m/home' | '/m/login' | '/m/changePsw';

/** Why an SMS code is requested (the app picks the endpoint: sms/noLogin, sms/register, ...). */
export type SmsPurpose = 'login' | 'register' | 'reset';

/** A clock in ms since the epoch; machines take it as input so tests control time. */
export type Clock = () => number;

/** Error code of a code requested again too soon (429); its value carries `expirationTime`, when the next may be asked. */
export const smsCooldownErrorCode = 'verification.resend.cooldown';

/** When a cooldown answer lets the next code be requested (ms since the epoch), if it says. */
export function cooldownEndOf(error: unknown): number | null {
  if (errorCodeOf(error) !== smsCooldownErrorCode) return null;
  const value = errorValueOf(error);
  return typeof value === 'object' && value !== null && 'expirationTime' in value && typeof value.expirationTime === 'number'
    ? value.expirationTime
    : null;
}

/** Error code the server sends when the new password equals the old one. */
export const samePasswordErrorCode = 'modify.new.old.same';

/**
 * Message ids (react-intl) the machines put in `errorCode` or `message` for
 * outcomes they decide themselves. Server failures use the server's
 * `errorCode` as the id. The English text is the spec's (section 8).
 */
export const identityMessages = {
  /** 'Please enter the username and password' */
  fieldsRequired: 'identity.fieldsRequired',
  /** 'Enter a captcha' */
  captchaRequired: 'identity.captchaRequired',
  /** 'Please enter a valid mobile number' */
  mobileInvalid: 'identity.mobileInvalid',
  /** 'Please enter a valid verification code' */
  codeRequired: 'identity.codeRequired',
  /** 'Invalid invitation code' (the affiliate field is focused) */
  invalidInvitationCode: 'identity.invalidInvitationCode',
  /** 'Please agree to the {0}' (the disclaimer) */
  disclaimerRequired: 'identity.disclaimerRequired',
  /** 'Registered successfully, ready for login' */
  registered: 'identity.registered',
  /** The spec's email-incorrect message */
  emailIncorrect: 'email-incorrect',
  /** 'Sent successfully' (forgot password by e-mail) */
  resetEmailSent: 'identity.resetEmailSent',
  /** 'Password reset successful. Please log in again.' */
  passwordReset: 'identity.passwordReset',
  /** 'Confirmation password not matched' */
  confirmationMismatch: 'identity.confirmationMismatch',
  /** 'Please enter your password' (old password missing) */
  passwordRequired: 'identity.passwordRequired',
  /** 'You have successfully changed your password.' */
  passwordChanged: 'identity.passwordChanged',
  /** The trial call answered with a session that is not a trial one. */
  trialInvalid: 'identity.trialInvalid',
} as const;

/** The field a machine asks the view to focus or clear, and the event it emits for it. */
export type FieldEmitted = { type: 'field.focus'; field: string } | { type: 'field.clear'; field: string };
