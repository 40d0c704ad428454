/**
 * The identity forms' zod schemas (react-hook-form resolvers), built from the
 * same rules the machines check: machines/registration-rules.ts for
 * registration, the reset e-mail rule of machines/password-reset.machine.ts,
 * and the section 5 / section 9 rules below. Error messages are message ids
 * (see `useMessageText`).
 */
import * as z from 'zod/mini';
import { identityMessages } from '../../../machines/identity-types.ts';
import { isValidResetEmail } from '../../../machines/password-reset.machine.ts';
import {
  checkField,
  isFieldRequired,
  type RegistrationField,
  type RegistrationMethod,
  type RegistrationRules,
  visibleFields,
} from '../../../machines/registration-rules.ts';
import { fieldLimits } from '../../../contract/verification.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { isOldEnough, registerFieldErrorCodes } from '../../../contract/member.ts';
import { payloadNameOf } from '../../app/registration-payload.ts';

/** A mobile number: 6 to 15 digits once spaces, dashes, dots and brackets are removed (section 5). */
export const isMobileNumber = (value: string) => /^\d{6,15}$/.test(value.replace(/[\s().-]/g, ''));
/** 8 to 20 printable ASCII characters with a letter and a digit (the server's default rule). */
export const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{8,20}$/;
export const passwordMaxLength = 20;
export const captchaPattern = new RegExp(`^\\d{${fieldLimits.captcha}}$`);
export const smsCodePattern = new RegExp(`^\\d{4,${fieldLimits.smsCode}}$`);

export const validationMessages = {
  required: 'identity.validation.required',
  format: 'identity.validation.format',
  passwordInvalid: 'password.invalid',
} as const;

const rule = (check: (value: string) => boolean, message: string) => z.string().check(z.refine(check, { message }));

// ------------------------------------------------------------------ login

export interface LoginFormValues {
  account: string;
  secret: string;
  captcha: string;
  countryDialingCode: string;
}

export function loginSchema(method: 'username' | 'sms', captchaShown: boolean) {
  return z.object({
    account:
      method === 'sms'
        ? rule(isMobileNumber, identityMessages.mobileInvalid)
        : rule((v) => v.trim() !== '', identityMessages.fieldsRequired),
    secret:
      method === 'sms'
        ? rule((v) => smsCodePattern.test(v.trim()), identityMessages.codeRequired)
        : rule((v) => v !== '', identityMessages.fieldsRequired),
    captcha: captchaShown ? rule((v) => captchaPattern.test(v.trim()), identityMessages.captchaRequired) : z.string(),
    countryDialingCode: z.string(),
  });
}

// ------------------------------------------------------------------ registration

export type RegistrationFormValues = Record<RegistrationField, string> & { countryDialingCode: string };

/** The registration form's schema for a method: each visible field by its rule, and the confirmation. */
export function registrationSchema(rules: RegistrationRules, method: RegistrationMethod) {
  const shape: Record<string, z.ZodMiniType<string, string>> = { countryDialingCode: z.string() };
  for (const field of visibleFields(rules, method)) {
    shape[field] = z.string().check(
      z.superRefine((value, ctx) => {
        if (!checkField(rules, method, field, value)) {
          const empty = value.trim() === '' && isFieldRequired(rules, method, field);
          // The field's own message ("Account format is incorrect"), as the server would answer it.
          const format = registerFieldErrorCodes[payloadNameOf[field]] ?? validationMessages.format;
          ctx.issues.push({ code: 'custom', input: value, message: empty ? validationMessages.required : format });
        } else if (field === 'birthday' && value.trim() !== '' && !isOldEnough(value.trim(), new Date())) {
          ctx.issues.push({ code: 'custom', input: value, message: errorCodes.birthdayUnderage });
        }
      }),
    );
  }
  return z.looseObject(shape).check(
    z.refine(
      (values) => {
        const v = values as Record<string, unknown>;
        return typeof v.confimpsw !== 'string' || v.confimpsw === '' || v.confimpsw === v.password;
      },
      {
        path: ['confimpsw'],
        message: identityMessages.confirmationMismatch,
        // Checked even while other fields are still invalid (a changed password re-checks the confirmation).
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      },
    ),
  );
}

// ------------------------------------------------------------------ password reset

export const resetEmailSchema = z.object({
  username: rule((v) => v.trim() !== '', identityMessages.fieldsRequired),
  email: rule((v) => isValidResetEmail(v.trim()), identityMessages.emailIncorrect),
});
export type ResetEmailValues = z.infer<typeof resetEmailSchema>;

export const resetPhoneSchema = z.object({
  mobileNum: rule(isMobileNumber, identityMessages.mobileInvalid),
  countryDialingCode: z.string(),
  verificationCode: rule((v) => smsCodePattern.test(v.trim()), identityMessages.codeRequired),
  password: rule((v) => passwordPattern.test(v), validationMessages.passwordInvalid),
});
export type ResetPhoneValues = z.infer<typeof resetPhoneSchema>;

// ------------------------------------------------------------------ change password

export const changePasswordSchema = z
  .object({
    oldPassword: rule((v) => v !== '', identityMessages.passwordRequired),
    newPassword: rule((v) => passwordPattern.test(v), validationMessages.passwordInvalid),
    confirmNewPassword: z.string(),
  })
  .check(
    z.refine((v) => v.confirmNewPassword === v.newPassword, {
      path: ['confirmNewPassword'],
      message: identityMessages.confirmationMismatch,
    }),
  );
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
