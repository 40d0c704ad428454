import { describe, expect, it } from 'vitest';
import { checkField, defaultMethodOf, hasMethodChoice, invalidFieldsOf, type RegistrationRules, visibleFields } from './registration-rules.ts';

const rules = (methods: RegistrationRules['methods'], extra: Partial<RegistrationRules> = {}): RegistrationRules => ({
  fields: { username: { enabled: true, required: true, pattern: '^[a-z0-9]{4,16}$' }, email: { enabled: true, required: false, pattern: '^\\S+@\\S+$' } },
  methods,
  smsVerification: false,
  captcha: false,
  ...extra,
});

describe('registration rules', () => {
  it('defaults to mobile only when mobile is enabled and username is not (spec section 4)', () => {
    expect(defaultMethodOf(rules({ username: false, mobile: true }))).toBe('mobile');
    expect(defaultMethodOf(rules({ username: true, mobile: true }))).toBe('username');
    expect(defaultMethodOf(rules({ username: true, mobile: false }))).toBe('username');
    expect(hasMethodChoice(rules({ username: true, mobile: true }))).toBe(true);
    expect(hasMethodChoice(rules({ username: false, mobile: true }))).toBe(false);
  });

  it('shows the SMS code and captcha fields only when switched on', () => {
    const on = rules({ username: true, mobile: true }, { smsVerification: true, captcha: true });
    expect(visibleFields(on, 'mobile')).toEqual(['mobileNum', 'messageCode', 'password', 'confimpsw', 'email', 'identifying']);
    expect(visibleFields(rules({ username: true, mobile: true }), 'username')).toEqual(['username', 'password', 'confimpsw', 'email']);
  });

  it('lets optional empty fields pass and checks filled ones against their pattern', () => {
    const r = rules({ username: true, mobile: true });
    expect(checkField(r, 'username', 'email', '')).toBe(true);
    expect(checkField(r, 'username', 'email', 'nope')).toBe(false);
    expect(checkField(r, 'username', 'username', '')).toBe(false);
    expect(checkField(r, 'mobile', 'username', '')).toBe(true);
    expect(invalidFieldsOf(r, 'username', { username: 'ab', password: 'x', confimpsw: 'y', email: 'a@b' })).toEqual(['username', 'confimpsw']);
  });
});
