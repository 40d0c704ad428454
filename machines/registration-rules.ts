/**
 * The registration form's rules as data (GET /wps/system/setting/register)
 * and the pure checks built from them. The view builds its zod schema from
 * the same functions; the registration machine re-checks on submit.
 */

export type RegistrationMethod = 'username' | 'mobile';

/** Every field of the registration form, in the order the form shows them (the first invalid one is focused). */
export const registrationFields = [
  'username',
  'mobileNum',
  'messageCode',
  'password',
  'confimpsw',
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
  'identifying',
] as const;

export type RegistrationField = (typeof registrationFields)[number];

export interface FieldRule {
  enabled: boolean;
  required: boolean;
  /** A regular expression (source text) the value must match when not empty. */
  pattern?: string | null;
}

export interface RegistrationRules {
  /** Per-field configuration; a field without an entry is hidden unless the method needs it. */
  fields: Partial<Record<RegistrationField, FieldRule>>;
  /** Allowed methods (USERNAMEREG3, MOBILENUMREG3). */
  methods: { username: boolean; mobile: boolean };
  /** SMS verification of the mobile number (REGMOBVERF3). */
  smsVerification: boolean;
  /** Captcha on the form. */
  captcha: boolean;
}

export type RegistrationValues = Partial<Record<RegistrationField, string>> & { countryDialingCode?: string };

/** Mobile by default only when the mobile method is enabled and the username method is not. */
export const defaultMethodOf = (rules: RegistrationRules): RegistrationMethod =>
  rules.methods.mobile && !rules.methods.username ? 'mobile' : 'username';

/** The method tab shows only when both methods are allowed. */
export const hasMethodChoice = (rules: RegistrationRules) => rules.methods.username && rules.methods.mobile;

const alwaysShown: readonly RegistrationField[] = ['password', 'confimpsw'];

/** The fields the form shows for a method, in form order. */
export function visibleFields(rules: RegistrationRules, method: RegistrationMethod): RegistrationField[] {
  return registrationFields.filter((field) => {
    if (alwaysShown.includes(field)) return true;
    if (field === 'username') return method === 'username';
    if (field === 'mobileNum') return method === 'mobile' || rules.fields.mobileNum?.enabled === true;
    if (field === 'messageCode') return method === 'mobile' && rules.smsVerification;
    if (field === 'identifying') return rules.captcha;
    return rules.fields[field]?.enabled === true;
  });
}

/** Whether a field must be filled: the method's own field, the passwords, the SMS code and captcha when shown, or the rule says so. */
export function isFieldRequired(rules: RegistrationRules, method: RegistrationMethod, field: RegistrationField): boolean {
  if (alwaysShown.includes(field) || field === 'messageCode' || field === 'identifying') return true;
  // The username belongs to the username method only (hidden otherwise).
  if (field === 'username') return method === 'username';
  if (field === 'mobileNum' && method === 'mobile') return true;
  return rules.fields[field]?.required === true;
}

/** One field's value against its rule: empty passes unless required; otherwise the pattern must match. */
export function checkField(rules: RegistrationRules, method: RegistrationMethod, field: RegistrationField, value: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '') return !isFieldRequired(rules, method, field);
  const pattern = rules.fields[field]?.pattern;
  return pattern ? new RegExp(pattern).test(text) : true;
}

/** The visible fields whose values fail their rule (and `confimpsw` when it differs from `password`), in form order. */
export function invalidFieldsOf(rules: RegistrationRules, method: RegistrationMethod, values: RegistrationValues): RegistrationField[] {
  return visibleFields(rules, method).filter(
    (field) => !checkField(rules, method, field, values[field]) || (field === 'confimpsw' && values.confimpsw !== values.password),
  );
}
