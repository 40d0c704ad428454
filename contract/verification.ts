/**
 * Human verification: the captcha image and SMS codes (spec sections 3, 7, 9),
 * plus the development outbox that shows the messages a local server "sent".
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';

/** Limits of spec section 9: mobile input 20 characters, SMS code 10, captcha 6 digits. */
export const fieldLimits = { mobile: 20, smsCode: 10, captcha: 6, dialingCode: 6, email: 254 } as const;

/** Digits (spaces and dashes tolerated); the server checks the number itself. */
export const mobileNumSchema = plainText(fieldLimits.mobile);
/** "+63" or "63". */
export const dialingCodeSchema = plainText(fieldLimits.dialingCode);

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** `data:image/svg+xml;base64,...`: 6 digits drawn as paths with noise. */
  image: z.string(),
  expiresInMs: z.number(),
});
export type Captcha = z.infer<typeof captchaSchema>;

export const captchaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/captcha',
  tag: 'verification',
  summary: 'A new captcha: 6 digits as an SVG image, single use, 2 minutes',
  value: captchaSchema,
});

/** The captcha fields some requests carry (`captcha` is the 6 digits the person read). */
export const captchaFields = {
  captchaId: z.optional(plainText(64)),
  captcha: z.optional(plainText(16)),
};

export const smsCodeRequestSchema = z.object({
  mobileNum: mobileNumSchema,
  countryDialingCode: dialingCodeSchema,
  ...captchaFields,
});
export type SmsCodeRequest = z.infer<typeof smsCodeRequestSchema>;

export const smsCodeSentSchema = z.object({
  /** When a new code may be requested (ms since epoch); the SMS button counts down to it. */
  expirationTime: z.number(),
});
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;

export const smsNoLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  tag: 'verification',
  summary: 'Sends an SMS code for login by mobile or for setting the password by phone',
  body: smsCodeRequestSchema,
  value: smsCodeSentSchema,
});

export const smsRegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/register',
  tag: 'verification',
  summary: 'Sends an SMS code for registration by mobile number',
  body: smsCodeRequestSchema,
  value: smsCodeSentSchema,
});

export const outboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * Test and demo switch only (DEV_ENDPOINTS=1, never with NODE_ENV=production):
 * the latest messages of the local outbox provider for one recipient
 * (`+639171234567` or an e-mail address), answered to loopback clients only
 * (no proxy in between). Without the switch the outbox is read with
 * `npm run outbox -- --to ...` (docs/identity.md).
 */
export const devOutboxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/dev/outbox',
  tag: 'dev',
  summary: 'Test switch only (DEV_ENDPOINTS, loopback): latest SMS and e-mail messages of the local outbox for one recipient',
  query: z.object({ to: plainText(254).check(z.minLength(1)) }),
  value: z.object({ messages: z.array(outboxMessageSchema) }),
});

/**
 * Test switch only (DEV_ENDPOINTS=1, loopback clients, never in production):
 * the digits of a live captcha, so end-to-end tests answer captchas that no
 * program can read from the image.
 */
export const devCaptchaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/dev/captcha',
  tag: 'dev',
  summary: 'Test switch only (DEV_ENDPOINTS, loopback): the answer of a live captcha',
  query: z.object({ captchaId: plainText(64).check(z.minLength(1)) }),
  value: z.object({ answer: z.nullable(z.string()) }),
});
