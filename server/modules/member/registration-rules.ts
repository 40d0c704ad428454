/**
 * Registration rules: the default field rules, the merchant's overrides
 * (`merchants.registration_fields`) and the white-label switches
 * (USERNAMEREG3, MOBILENUMREG3, REGMOBVERF3, AFFMAN3, REFERRAL3) give the
 * rules the client builds its form from and the server enforces. With the
 * referral program on (REFERRAL3) the `recommenderId` field is enabled
 * whatever the merchant's rule says (the site fills it from the referral
 * link); its pattern, length and required flag stay the merchant's.
 */
import type { FieldRule, RegisterField, RegistrationRules } from '../../../contract/member.ts';
import { registerFields } from '../../../contract/member.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { completeSwitches } from '../system/service.ts';

const off = (pattern: string | null, maxLength: number): FieldRule => ({ enabled: false, required: false, pattern, maxLength });
const optional = (pattern: string | null, maxLength: number): FieldRule => ({ enabled: true, required: false, pattern, maxLength });
const required = (pattern: string | null, maxLength: number): FieldRule => ({ enabled: true, required: true, pattern, maxLength });

/** The username rule (letters, digits, underscore; starts with a letter; 4 to 16). Trial names fit it too. */
export const usernamePattern = '^[A-Za-z][A-Za-z0-9_]{3,15}$';
/** 8 to 20 printable ASCII characters with at least one letter and one digit. */
export const passwordPattern = '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7E]{8,20}$';
export const emailPattern = '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*\\.[A-Za-z]{2,}$';

export const defaultFieldRules: Record<RegisterField, FieldRule> = {
  username: optional(usernamePattern, 16),
  mobileNum: off('^\\d{6,15}$', 20),
  verificationCode: required('^\\d{6}$', 10),
  password: required(passwordPattern, 20),
  confirmPassword: required(null, 20),
  paymentPassword: off('^\\d{6}$', 6),
  idNumber: off('^[A-Za-z0-9-]{4,30}$', 30),
  qqNum: off('^\\d{5,12}$', 12),
  facebook: off(null, 50),
  wechat: off(null, 50),
  line: off(null, 50),
  whatsapp: off('^\\+?\\d{6,15}$', 16),
  zalo: off(null, 50),
  email: optional(emailPattern, 254),
  nickname: optional('^[^<>]{1,20}$', 20),
  payeeName: off("^[A-Za-z\\u00C0-\\u024F\\u4E00-\\u9FFF .'-]{2,50}$", 50),
  recommenderId: off('^[A-Za-z0-9_]{1,32}$', 32),
  birthday: optional('^\\d{4}-\\d{2}-\\d{2}$', 10),
  affiliateCode: optional('^[A-Za-z0-9]{4,16}$', 16),
  captcha: required('^\\d{6}$', 6),
};

/** Upper bounds the database columns set, whatever a merchant configures. */
export const fieldHardLimits: Record<RegisterField, number> = {
  username: 32,
  mobileNum: 20,
  verificationCode: 10,
  password: 128,
  confirmPassword: 128,
  paymentPassword: 64,
  idNumber: 64,
  qqNum: 32,
  facebook: 128,
  wechat: 128,
  line: 128,
  whatsapp: 128,
  zalo: 128,
  email: 254,
  nickname: 64,
  payeeName: 128,
  recommenderId: 64,
  birthday: 10,
  affiliateCode: 32,
  captcha: 16,
};

export function registrationRules(row: MerchantRow): RegistrationRules {
  const switches = completeSwitches(row.switches);
  const overrides = row.registrationFields ?? {};
  const fields = {} as Record<RegisterField, FieldRule>;
  for (const name of registerFields) {
    const merged = { ...defaultFieldRules[name], ...overrides[name] };
    fields[name] = {
      enabled: merged.enabled === true,
      required: merged.enabled === true && merged.required === true,
      pattern: typeof merged.pattern === 'string' && compilePattern(merged.pattern) ? merged.pattern : null,
      maxLength: Math.min(Number(merged.maxLength) || fieldHardLimits[name], fieldHardLimits[name]),
    };
  }
  const smsVerification = switches.MOBILENUMREG3 && switches.REGMOBVERF3;
  fields.verificationCode = { ...fields.verificationCode, enabled: smsVerification, required: smsVerification };
  if (!switches.AFFMAN3) fields.affiliateCode = { ...fields.affiliateCode, enabled: false, required: false };
  if (switches.REFERRAL3) fields.recommenderId = { ...fields.recommenderId, enabled: true };
  const methods = { username: switches.USERNAMEREG3, mobile: switches.MOBILENUMREG3 };
  return {
    methods,
    defaultMethod: methods.mobile && !methods.username ? 'mobile' : methods.username ? 'username' : null,
    smsVerification,
    captchaRequired: fields.captcha.enabled && fields.captcha.required,
    affiliateEnabled: switches.AFFMAN3,
    fields,
  };
}

const compiled = new Map<string, RegExp | null>();

/** The RegExp of a rule pattern (cached); null when the pattern does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern);
    } catch {
      re = null;
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/** Whether a value matches a rule pattern; null (any value) and a pattern that does not compile match anything. */
export function matchesPattern(pattern: string | null, value: string): boolean {
  if (!pattern) return true;
  const re = compilePattern(pattern);
  return re ? re.test(value) : true;
}

/** An e-mail address the site accepts wherever one is given (below 255 characters, `emailPattern`), whatever a merchant's rule says. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && matchesPattern(emailPattern, value);
}
