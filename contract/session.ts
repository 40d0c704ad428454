/**
 * Sessions (spec sections 3 and 7): login by username+password or by
 * mobile+SMS code (encrypted), trial login, remember-me device sessions,
 * logout, session info and renewal.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { encryptedBodySchema } from './sealed.ts';
import { captchaFields, dialingCodeSchema } from './verification.ts';

/** Member types of the house plan: agents 1, 2, 41, 42; trial 4; plain members 0 and 40. */
export const memberTypes = [0, 1, 2, 4, 40, 41, 42] as const;
export type MemberType = (typeof memberTypes)[number];
export const agentTypes: readonly MemberType[] = [1, 2, 41, 42];
export const trialTypes: readonly MemberType[] = [4];
/** Who may deposit (spec sections 3 and 6): members 0, 1 and 2; trial accounts (4) get free_reject. */
export const depositTypes: readonly MemberType[] = [0, 1, 2];
export const memberTypeSchema = z.literal(memberTypes);

export const loginTypes = ['username', 'sms'] as const;
export type LoginType = (typeof loginTypes)[number];

/**
 * The login payload (spec section 3), sent encrypted. `username` is the
 * username (or a mobile number) and `password` the password for type
 * `username`; for type `sms` they are the mobile number and the SMS code.
 * `remember` asks for a device token (remember-me) bound to the device-id header.
 */
export const loginPayloadSchema = z.object({
  type: z.enum(loginTypes),
  username: plainText(64),
  password: plainText(128),
  countryDialingCode: z.optional(dialingCodeSchema),
  remember: z.optional(z.boolean()),
  ...captchaFields,
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

const deviceSessionFields = {
  /** Remember-me: a long-lived device token (kept instead of any password), with its expiry (ms since epoch). */
  deviceToken: z.optional(z.string()),
  deviceTokenExpiresAt: z.optional(z.number()),
};

/**
 * The password is older than the merchant's maximum age (server
 * `passwordMaxAgeMs`): like a first login, the client opens /m/changePsw.
 */
const passwordExpired = z.boolean();

export const loginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  type: memberTypeSchema,
  firstTimeLogin: z.boolean(),
  passwordExpired,
  ...deviceSessionFields,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login',
  tag: 'session',
  summary:
    'Login (encrypted body, header Encryption: RSA). Failures may carry value { captchaRequired: true }; a new login ends the previous web session',
  body: encryptedBodySchema,
  encrypted: loginPayloadSchema,
  value: loginResultSchema,
});

export const trialLoginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  customerType: z.literal(4),
});
export type TrialLoginResult = z.infer<typeof trialLoginResultSchema>;

export const trialLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  tag: 'session',
  summary: 'Trial (free play) login: creates a trial member (type 4) with a session',
  value: trialLoginResultSchema,
});

export const deviceLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/session/device',
  tag: 'session',
  summary:
    'Remember-me: exchanges a device token (bound to the device-id header) for a new session and a new device token',
  body: z.object({ deviceToken: plainText(128).check(z.minLength(1)) }),
  value: loginResultSchema,
});

export const logoutEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/wps/session/logout',
  tag: 'session',
  summary:
    "Ends the session of the Authorization token and this device's remember-me token; succeeds also when the session had already ended",
  body: z.optional(z.object({ deviceToken: z.optional(plainText(128)) })),
  value: z.null(),
});

export const sessionInfoSchema = z.object({
  userName: z.string(),
  type: memberTypeSchema,
  firstTimeLogin: z.boolean(),
  passwordExpired,
  /** When the session ends without activity (ms since epoch). */
  idleExpiresAt: z.number(),
  /** When the session ends regardless of activity (ms since epoch). */
  expiresAt: z.number(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/session/info',
  tag: 'session',
  summary: 'The session of the Authorization token',
  auth: true,
  value: sessionInfoSchema,
});

export const sessionRenewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/session/renew',
  tag: 'session',
  summary: 'Keeps the session alive (member renew on home and header mount); the token stays the same',
  auth: true,
  value: sessionInfoSchema,
});

/** The failure `value` of login calls that tells the client to show (and refresh) the captcha. */
export const captchaFlagSchema = z.object({ captchaRequired: z.boolean() });
