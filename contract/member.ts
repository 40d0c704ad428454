/**
 * Members (spec sections 2, 3, 5 and 7): registration rules and registration
 * by username or mobile number (encrypted), member info, change password,
 * set password by phone (encrypted), forgot password by e-mail, username and
 * affiliate code checks; the member's own account fields (nickname, e-mail,
 * payee name) and head icon.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { errorCodes } from './error-codes.ts';
import { encryptedBodySchema } from './sealed.ts';
import { memberTypeSchema } from './session.ts';
import { captchaFields, dialingCodeSchema, mobileNumSchema } from './verification.ts';

/**
 * The registration form's fields (spec section 2), named as the registration
 * payload names them (section 3): the screen's `messageCode` is
 * `verificationCode`, `confimpsw` is `confirmPassword`, `identifying` is `captcha`.
 */
export const registerFields = [
  'username',
  'mobileNum',
  'verificationCode',
  'password',
  'confirmPassword',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'email',
  'nickname',
  'payeeName',
  'recommenderId',
  'birthday',
  'affiliateCode',
  'captcha',
] as const;
export type RegisterField = (typeof registerFields)[number];

export const fieldRuleSchema = z.object({
  /** The field shows on the form. */
  enabled: z.boolean(),
  /** An enabled field must be filled (an optional empty field passes). */
  required: z.boolean(),
  /** Regular expression source (no flags) a non-empty value must match; null: any value. */
  pattern: z.nullable(z.string()),
  maxLength: z.number(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const registerMethods = ['username', 'mobile'] as const;
export type RegisterMethod = (typeof registerMethods)[number];

/**
 * The error code of a field whose value breaks its rule: the server answers
 * it, and the form shows the same message under the field before sending.
 */
export const registerFieldErrorCodes: Partial<Record<RegisterField, string>> = {
  username: errorCodes.usernameInvalid,
  mobileNum: errorCodes.mobileInvalid,
  verificationCode: errorCodes.codeInvalid,
  password: errorCodes.passwordInvalid,
  email: errorCodes.emailInvalid,
  nickname: errorCodes.nameInvalid,
  payeeName: errorCodes.nameInvalid,
  affiliateCode: errorCodes.affiliateInvalid,
  recommenderId: errorCodes.referrerInvalid,
  birthday: errorCodes.birthdayInvalid,
  captcha: errorCodes.captchaInvalid,
};

/**
 * The youngest age the birthday check accepts. The spec's copy asks players
 * to confirm they are 18 and has the birthday check at 21; the stricter
 * figure holds for a birthday given at registration (the footer says 21 too).
 */
export const birthdayMinimumAge = 21;

/**
 * Whether a birthday (`YYYY-MM-DD`, a real date) is at least `age` years
 * before `today` (UTC dates): born 2005-11-25 is 21 on 2026-11-25. A 29
 * February birthday comes of age on 1 March in a common year.
 */
export function isOldEnough(birthday: string, today: Date, age = birthdayMinimumAge): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return false;
  const comingOfAge = Date.UTC(Number(m[1]) + age, Number(m[2]) - 1, Number(m[3]));
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return comingOfAge <= day;
}

/**
 * Registration rules of the merchant. The username method always asks for
 * `username`, the mobile method always for `mobileNum` (with the dialing code)
 * and, when `smsVerification`, for `verificationCode`; both ask for `password`
 * and `confirmPassword`. `fields.username` / `fields.mobileNum` say whether the
 * field also shows in the other method. `captcha` is asked when
 * `captchaRequired`; `affiliateCode` only when `affiliateEnabled` (AFFMAN3).
 */
export const registrationRulesSchema = z.object({
  methods: z.object({ username: z.boolean(), mobile: z.boolean() }),
  /** Mobile only when the mobile method is on and the username method is off (spec section 4). */
  defaultMethod: z.nullable(z.enum(registerMethods)),
  smsVerification: z.boolean(),
  captchaRequired: z.boolean(),
  affiliateEnabled: z.boolean(),
  fields: z.record(z.enum(registerFields), fieldRuleSchema),
});
export type RegistrationRules = z.infer<typeof registrationRulesSchema>;

export const registrationRulesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/setting/register',
  tag: 'system',
  summary: 'Registration rules: methods, SMS verification, captcha and per-field enabled/required/pattern/maxLength',
  value: registrationRulesSchema,
});

const text = (max = 256) => z.optional(plainText(max));

/** The registration payload (spec section 3), sent encrypted. Rules decide which fields count. */
export const registerPayloadSchema = z.object({
  username: text(64),
  password: text(128),
  confirmPassword: text(128),
  mobileNum: z.optional(mobileNumSchema),
  countryDialingCode: z.optional(dialingCodeSchema),
  verificationCode: text(16),
  paymentPassword: text(64),
  idNumber: text(64),
  qqNum: text(32),
  facebook: text(),
  wechat: text(),
  line: text(),
  whatsapp: text(),
  zalo: text(),
  email: text(),
  nickname: text(64),
  payeeName: text(128),
  recommenderId: text(64),
  birthday: text(10),
  affiliateCode: text(32),
  /** APP, H5, WEBCLIP or PWA. */
  registerMethod: z.optional(z.enum(['APP', 'H5', 'WEBCLIP', 'PWA'])),
  registerUrl: text(),
  domain: text(),
  /** Always 0 (member). */
  type: z.optional(z.literal(0)),
  ...captchaFields,
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

export const registerResultSchema = z.object({ userName: z.string() });

export const registerEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/register',
  tag: 'member',
  summary: 'Registration by username (encrypted body, header Encryption: RSA)',
  body: encryptedBodySchema,
  encrypted: registerPayloadSchema,
  value: registerResultSchema,
});

export const registerMobileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/register/mobile',
  tag: 'member',
  summary: 'Registration by mobile number, with the SMS code when REGMOBVERF3 is on (encrypted body)',
  body: encryptedBodySchema,
  encrypted: registerPayloadSchema,
  value: registerResultSchema,
});

export const usernameCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/username/check',
  tag: 'member',
  summary: 'Whether a username has the right format and is still free',
  query: z.object({ username: plainText(64) }),
  value: z.object({ valid: z.boolean(), available: z.boolean() }),
});

export const affiliateCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/affiliate/check',
  tag: 'member',
  summary: 'Whether an affiliate (invitation) code belongs to an agent of the merchant (AFFMAN3)',
  query: z.object({ code: plainText(32), domain: z.optional(plainText(256)) }),
  value: z.object({ valid: z.boolean() }),
});

export const memberInfoSchema = z.object({
  id: z.number(),
  type: memberTypeSchema,
  /** The username. */
  account: z.string(),
  nickname: z.nullable(z.string()),
  /** VIP label. */
  clubLabel: z.nullable(z.object({ labelName: z.string() })),
  /** Masked (`pl***@example.com`). */
  email: z.nullable(z.string()),
  /** Masked (`+63 917****567`). */
  mobileNum: z.nullable(z.string()),
  /** The name withdrawals are paid to; set once by the member, then changed only by the operator. */
  payeeName: z.nullable(z.string()),
  /** When the head icon last changed (ms), or null without one: a new value means fetch /wps/member/info/icon again. */
  iconVersion: z.nullable(z.number()),
  firstTimeLogin: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info',
  tag: 'member',
  summary: 'The member of the session',
  auth: true,
  value: memberInfoSchema,
});

export const changePasswordEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/password',
  tag: 'member',
  summary:
    'Changes the password (new must differ: modify.new.old.same); clears first-time login and ends the other sessions',
  auth: true,
  body: z.object({
    oldPassword: plainText(128),
    newPassword: plainText(128),
    confirmNewPassword: plainText(128),
  }),
  value: z.null(),
});

export const setPasswordByPhonePayloadSchema = z.object({
  mobileNum: mobileNumSchema,
  countryDialingCode: z.optional(dialingCodeSchema),
  verificationCode: plainText(16),
  newPassword: plainText(128),
  firebaseIdToken: z.optional(plainText(4096)),
});
export type SetPasswordByPhonePayload = z.infer<typeof setPasswordByPhonePayloadSchema>;

export const setPasswordByPhoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/verification',
  tag: 'member',
  summary:
    'Sets a new password with the SMS code of /wps/verification/sms/noLogin (encrypted); answers the username to log in with',
  body: encryptedBodySchema,
  encrypted: setPasswordByPhonePayloadSchema,
  value: z.object({ userName: z.string() }),
});

export const forgotPasswordEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/email',
  tag: 'member',
  summary:
    'Forgot password by e-mail (form-encoded username and email): when they match, a one-time code to log in with is e-mailed; the answer is the same either way',
  body: z.object({
    username: plainText(64),
    email: plainText(254),
  }),
  value: z.null(),
});

// ------------------------------------------------------------------ the member's own account

/**
 * The account fields a member edits on /m/myAccount/index. Each is checked
 * against the merchant's registration rule of the same field (pattern and
 * length, `/wps/system/setting/register`), whether or not registration asks
 * for it; a refusal names the field's own error code.
 */
export const accountFields = ['nickname', 'email', 'payeeName'] as const;
export type AccountField = (typeof accountFields)[number];

export const accountFieldErrorCodes: Record<AccountField, string> = {
  nickname: errorCodes.nicknameInvalid,
  email: errorCodes.emailInvalid,
  payeeName: errorCodes.nameInvalid,
};

export const nicknameEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/info/nickname',
  tag: 'member',
  summary: "Sets the member's nickname (the registration rule's pattern and length; member.nickname.invalid)",
  auth: true,
  body: z.object({ nickname: plainText(128) }),
  value: z.null(),
});

export const emailEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/info/email',
  tag: 'member',
  summary: "Sets the member's e-mail (below 255 characters, the e-mail pattern; register.email.invalid)",
  auth: true,
  body: z.object({ email: plainText(254) }),
  value: z.null(),
});

export const payeeNameEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/info/payeename',
  tag: 'member',
  summary: "Sets the member's payee name once (register.name.invalid; member.payee.locked once set: the operator changes it)",
  auth: true,
  body: z.object({ payeeName: plainText(128) }),
  value: z.null(),
});

/** Spec section 9: an upload is png or jpg of at most 5 MB. */
export const iconLimits = { bytesMax: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] } as const;
/** The head icon as the site sends it: a `data:image/png;base64,` or `data:image/jpeg;base64,` URL (at most 5 MB decoded). */
export const iconDataUrlSchema = z.string().check(z.maxLength(Math.ceil((iconLimits.bytesMax * 4) / 3) + 32));

export const memberIconEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info/icon',
  tag: 'member',
  summary: "The member's head icon as a data URL, or null without one",
  auth: true,
  value: z.object({ icon: z.nullable(z.string()) }),
});

export const uploadMemberIconEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/info/icon',
  tag: 'member',
  summary:
    'Sets the head icon (form-encoded or JSON `icon`: a png or jpg data URL of at most 5 MB, checked by its bytes; upload.type.invalid, upload.too.large)',
  auth: true,
  body: z.object({ icon: iconDataUrlSchema }),
  value: z.object({ icon: z.string(), iconVersion: z.number() }),
});
