/**
 * The registration screen's names (machines/registration-rules.ts: messageCode,
 * confimpsw, identifying) against the server's (contract/member.ts:
 * verificationCode, confirmPassword, captcha): the rules the form is built
 * from, and the payload it sends. Pure: no storage, no HTTP.
 */
import type { RegistrationField, RegistrationRules, RegistrationValues } from '../../machines/registration-rules.ts';
import type { RegisterField, RegisterPayload, RegistrationRules as ServerRules } from '../../contract/member.ts';
import { isStandalone } from './storage.ts';

/** The dialing code used when the form sends none (the demo merchant's market). */
export const defaultDialingCode = '+63';

/** The screen's field names as the registration payload names them. */
export const payloadNameOf: Record<RegistrationField, RegisterField> = {
  username: 'username',
  mobileNum: 'mobileNum',
  messageCode: 'verificationCode',
  password: 'password',
  confimpsw: 'confirmPassword',
  paymentPassword: 'paymentPassword',
  idNumber: 'idNumber',
  qqNum: 'qqNum',
  facebook: 'facebook',
  wechat: 'wechat',
  line: 'line',
  whatsapp: 'whatsapp',
  zalo: 'zalo',
  email: 'email',
  nickname: 'nickname',
  payeeName: 'payeeName',
  recommenderId: 'recommenderId',
  birthday: 'birthday',
  affiliateCode: 'affiliateCode',
  identifying: 'captcha',
};

/** The server's rules (named as the payload) as the machine's rules (named as the screen). */
export interface ScreenRules extends RegistrationRules {
  /** Longest value per screen field (input limits). */
  maxLength: Partial<Record<RegistrationField, number>>;
}

/** The input limit of a screen field, when the rules loaded by `loadRules` give one. */
export function maxLengthOf(rules: RegistrationRules, field: RegistrationField): number | undefined {
  return 'maxLength' in rules ? (rules as ScreenRules).maxLength[field] : undefined;
}

export function toScreenRules(server: ServerRules): ScreenRules {
  const fields: RegistrationRules['fields'] = {};
  const maxLength: ScreenRules['maxLength'] = {};
  for (const [screen, payload] of Object.entries(payloadNameOf) as [RegistrationField, RegisterField][]) {
    const rule = server.fields[payload];
    if (!rule) continue;
    fields[screen] = { enabled: rule.enabled, required: rule.required, pattern: rule.pattern };
    maxLength[screen] = rule.maxLength;
  }
  if (!server.affiliateEnabled && fields.affiliateCode) fields.affiliateCode = { ...fields.affiliateCode, enabled: false, required: false };
  return {
    fields,
    maxLength,
    methods: server.methods,
    smsVerification: server.smsVerification,
    captcha: server.captchaRequired,
  };
}

export function toRegisterPayload(values: RegistrationValues, captchaId: string | null): RegisterPayload {
  const payload: Record<string, unknown> = {};
  for (const [screen, value] of Object.entries(values)) {
    if (screen === 'countryDialingCode' || value === undefined || value === '') continue;
    const name = payloadNameOf[screen as RegistrationField];
    if (name) payload[name] = value;
  }
  if (values.mobileNum) payload.countryDialingCode = values.countryDialingCode || defaultDialingCode;
  if (captchaId) payload.captchaId = captchaId;
  return {
    ...(payload as RegisterPayload),
    // Spec section 3: PWA from the installed web app, else H5.
    registerMethod: isStandalone() ? 'PWA' : 'H5',
    // Spec section 3: registerUrl is the hostname the member registered on.
    registerUrl: typeof location === 'undefined' ? undefined : location.hostname.slice(0, 256),
    domain: typeof location === 'undefined' ? undefined : location.host.slice(0, 256),
    type: 0,
  };
}

