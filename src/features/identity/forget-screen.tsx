import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { ResetLookup } from '../../../machines/password-reset.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { defaultDialingCode, type IdentitySwitches, identityDeps, providePasswordResetMachine } from '../../app/identity-actors.ts';
import { fieldLimits } from '../../../contract/verification.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import {
  DialingCodeSelect,
  digitsOnly,
  FormAlert,
  PasswordField,
  SmsButton,
  type SmsCountdownRef,
  SmsHumanCheck,
  SmsStatus,
  Tabs,
  TextField,
  useIdentityText,
} from './form-parts.tsx';
import styles from './identity-form.module.css';
import {
  isMobileNumber,
  passwordMaxLength,
  type ResetEmailValues,
  type ResetPhoneValues,
  resetEmailSchema,
  resetPhoneSchema,
} from './identity-schemas.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

const lookups = [
  { value: 'phone', label: 'identity.reset.byPhone' },
  { value: 'email', label: 'identity.reset.byEmail' },
] as const;

type ResetActor = ReturnType<typeof useSystemActor<ReturnType<typeof providePasswordResetMachine>>>;

/** Forgot password (/m/forget): by phone (SMS code and a new password) or by e-mail, per the CHNGPASSVERIF3 switch. */
export function ForgetScreen({ switches }: { switches: IdentitySwitches }) {
  useCatalogPart('identity');
  const t = useT();
  const logic = useMemo(() => providePasswordResetMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'passwordReset', input: { phoneResetEnabled: switches.phoneReset } });
  const lookup = useSelector(actor, (s) => s.context.lookup);
  // The result shows until the machine moves on (back, or to the next screen).
  const output = useSelector(actor, (s) => s.context.result);
  const text = useIdentityText();

  if (output) {
    return (
      <div className={styles.centre}>
        <p className={styles.success} role="status">
          {text(output.message)}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      {switches.phoneReset ? (
        <Tabs<ResetLookup>
          label={t('identity.reset.lookup')}
          value={lookup}
          options={lookups}
          onChange={(next) => actor.send({ type: 'lookup.change', lookup: next })}
        />
      ) : null}
      {lookup === 'phone' ? <PhoneForm actor={actor} /> : <EmailForm actor={actor} />}
    </div>
  );
}

function EmailForm({ actor }: { actor: ResetActor }) {
  const t = useT();
  const submitting = useSelector(actor, (s) => s.matches({ email: 'submitting' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const { register, handleSubmit, formState, getValues, setValue, setFocus, watch } = useForm<ResetEmailValues>({
    resolver: zodResolver(resetEmailSchema),
    defaultValues: { username: '', email: '' },
  });
  const submit = (values: ResetEmailValues) => actor.send({ type: 'email.submit', ...values });
  const [username, email] = watch(['username', 'email']);
  const clear = (name: keyof ResetEmailValues) => () => {
    setValue(name, '', { shouldValidate: formState.isSubmitted });
    setFocus(name);
  };
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(submit, () => submit(getValues()))} aria-busy={submitting}>
      <p className={styles.lead}>{t('identity.reset.emailHint')}</p>
      <TextField
        label={t('identity.field.username')}
        autoComplete="username"
        maxLength={64}
        registration={register('username')}
        error={formState.errors.username?.message}
        onClear={username ? clear('username') : undefined}
      />
      <TextField
        label={t('identity.field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={fieldLimits.email}
        registration={register('email')}
        error={formState.errors.email?.message}
        onClear={email ? clear('email') : undefined}
      />
      <FormAlert messageId={errorCode} />
      <Button type="submit" block disabled={submitting}>
        {submitting ? t('in_please_wait') : t('identity.reset.emailSubmit')}
      </Button>
    </form>
  );
}

function PhoneForm({ actor }: { actor: ResetActor }) {
  const t = useT();
  const busy = useSelector(actor, (s) => s.matches({ phone: 'submitting' }) || s.matches({ phone: 'loggingIn' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const sms = useSelector(actor, (s) => s.children.smsCountdown as SmsCountdownRef | undefined);
  const { register, handleSubmit, formState, getValues, resetField } = useForm<ResetPhoneValues>({
    resolver: zodResolver(resetPhoneSchema),
    mode: 'onChange',
    defaultValues: { mobileNum: '', countryDialingCode: defaultDialingCode, verificationCode: '', password: '' },
  });

  // A failure clears the password (same as the old one) or the code (anything else).
  useEffect(() => {
    const subscription = actor.on('field.clear', ({ field }) => resetField(field === 'password' ? 'password' : 'verificationCode'));
    return () => subscription.unsubscribe();
  }, [actor, resetField]);

  const sendSms = () => {
    const mobile = getValues('mobileNum');
    actor.send({ type: 'sms.send', mobile, countryDialingCode: getValues('countryDialingCode'), mobileValid: isMobileNumber(mobile) });
  };
  const submit = (values: ResetPhoneValues) => actor.send({ type: 'phone.submit', ...values });
  const errors = formState.errors;
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(submit)} aria-busy={busy}>
      <TextField
        label={t('identity.field.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={fieldLimits.mobile}
        registration={register('mobileNum')}
        error={errors.mobileNum?.message}
        before={<DialingCodeSelect registration={register('countryDialingCode')} />}
      />
      <TextField
        label={t('identity.field.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={fieldLimits.smsCode}
        registration={register('verificationCode', { setValueAs: digitsOnly(fieldLimits.smsCode) })}
        error={errors.verificationCode?.message}
        after={<SmsButton actor={sms} onSend={sendSms} />}
      />
      <SmsStatus actor={sms} />
      <SmsHumanCheck actor={sms} />
      <PasswordField
        label={t('identity.field.newPassword')}
        autoComplete="new-password"
        maxLength={passwordMaxLength}
        registration={register('password')}
        error={errors.password?.message}
        hint={t('identity.hint.password')}
      />
      <FormAlert messageId={errorCode} />
      <Button type="submit" block disabled={busy || !formState.isDirty || !formState.isValid}>
        {busy ? t('in_please_wait') : t('identity.reset.submit')}
      </Button>
    </form>
  );
}
