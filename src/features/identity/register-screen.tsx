import { birthdayYears, boundsOf, clipDate } from '../../ui/date-modes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import {
  hasMethodChoice,
  isFieldRequired,
  type RegistrationField,
  type RegistrationMethod,
  type RegistrationRules,
  registrationFields,
  visibleFields,
} from '../../../machines/registration-rules.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { defaultDialingCode, identityDeps, maxLengthOf, provideRegistrationMachine } from '../../app/identity-actors.ts';
import { useTermsActor } from '../../app/terms-actors.ts';
import type { Announcement } from '../../../contract/content.ts';
import { fieldLimits } from '../../../contract/verification.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import {
  CaptchaImage,
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
import { isMobileNumber, passwordMaxLength, type RegistrationFormValues, registrationSchema } from './identity-schemas.ts';
import { TermsButton, TermsSheet } from './terms-sheet.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useScrollToTopOnMount } from '../../ui/scroll-to-top.ts';

const methodTabs = [
  { value: 'username', label: 'identity.register.byUsername' },
  { value: 'mobile', label: 'identity.register.byMobile' },
] as const;

const labelIds: Record<RegistrationField, MessageId> = {
  username: 'identity.field.username',
  mobileNum: 'identity.field.mobile',
  messageCode: 'identity.field.smsCode',
  password: 'identity.field.password',
  confimpsw: 'identity.field.confimpsw',
  paymentPassword: 'identity.field.paymentPassword',
  idNumber: 'identity.field.idNumber',
  qqNum: 'identity.field.qqNum',
  facebook: 'identity.field.facebook',
  wechat: 'identity.field.wechat',
  line: 'identity.field.line',
  whatsapp: 'identity.field.whatsapp',
  zalo: 'identity.field.zalo',
  email: 'identity.field.email',
  nickname: 'identity.field.nickname',
  payeeName: 'identity.field.payeeName',
  recommenderId: 'identity.field.recommenderId',
  birthday: 'identity.field.birthday',
  affiliateCode: 'identity.field.affiliateCode',
  identifying: 'identity.field.captcha',
};

/** The birthday picker's range (sections 4 and 5): 1 January 1900 to the end of this year. */
export const birthdayRange = () => boundsOf('date', birthdayYears(new Date()));

const emptyValues = (): RegistrationFormValues =>
  ({ ...Object.fromEntries(registrationFields.map((f) => [f, ''])), countryDialingCode: defaultDialingCode }) as RegistrationFormValues;

/**
 * The registration screen (/m/register): the registration announcement
 * (types B, group m_reg) and a form built from the merchant's rules, run by
 * the registration machine. It opens scrolled to the top.
 */
export function RegisterScreen({
  affiliateCode,
  recommenderId,
  notices = [],
}: {
  affiliateCode?: string | undefined;
  recommenderId?: string | undefined;
  notices?: readonly Announcement[];
}) {
  useCatalogPart('identity');
  useScrollToTopOnMount();
  return (
    <>
      <RegistrationNotices notices={notices} />
      <RegistrationFlow affiliateCode={affiliateCode} recommenderId={recommenderId} />
    </>
  );
}

/** The registration announcement, through the sanitising SafeHtml component. */
function RegistrationNotices({ notices }: { notices: readonly Announcement[] }) {
  const t = useT();
  if (notices.length === 0) return null;
  return (
    <section className={styles.notice} aria-label={t('identity.register.announcement')}>
      {notices.map((notice) => (
        <article key={notice.announcementId}>
          <h2 className={styles.noticeTitle}>{notice.title}</h2>
          <SafeHtml html={notice.content} className={styles.noticeBody} />
        </article>
      ))}
    </section>
  );
}

function RegistrationFlow({ affiliateCode, recommenderId }: { affiliateCode?: string | undefined; recommenderId?: string | undefined }) {
  const t = useT();
  const logic = useMemo(() => provideRegistrationMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'registration', input: { affiliateCode: affiliateCode ?? null } });
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('checkingUrlAffiliate'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  // The success message shows until the machine moves on to the login screen.
  const registered = useSelector(actor, (s) => s.matches('registered') || s.status === 'done');
  const rules = useSelector(actor, (s) => s.context.rules);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const text = useIdentityText();

  if (registered) return <Registered />;
  if (failed) {
    return (
      <EmptyState
        icon="user-plus"
        tone="danger"
        role="alert"
        title={text(errorCode ?? 'load.retry')}
        action={
          <Button variant="secondary" onClick={() => actor.send({ type: 'rules.retry' })}>
            {t('identity.retry')}
          </Button>
        }
      />
    );
  }
  if (loading || !rules) {
    return (
      <div className={styles.screen} aria-busy="true">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className={styles.skeletonField} />
        ))}
      </div>
    );
  }
  return <RegisterForm actor={actor} rules={rules} affiliateCode={affiliateCode} recommenderId={recommenderId} />;
}

type RegistrationActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideRegistrationMachine>>>;

function Registered() {
  const t = useT();
  return (
    <div className={styles.centre}>
      <p className={styles.success} role="status">
        {t('identity.registered')}
      </p>
      <Link to="/m/login" replace className={styles.links}>
        {t('identity.login.submit')}
      </Link>
    </div>
  );
}

function RegisterForm({
  actor,
  rules,
  affiliateCode,
  recommenderId,
}: {
  actor: RegistrationActor;
  rules: RegistrationRules;
  affiliateCode?: string | undefined;
  recommenderId?: string | undefined;
}) {
  const t = useT();
  const intl = useIntl();
  const terms = useTermsActor(identityDeps().call);
  const method = useSelector(actor, (s) => s.context.method);
  const submitting = useSelector(actor, (s) => s.matches({ ready: { form: 'submitting' } }) || s.matches({ ready: { form: 'checkingAffiliate' } }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const disclaimerAccepted = useSelector(actor, (s) => s.context.disclaimerAccepted);
  const disclaimerError = useSelector(actor, (s) => s.context.disclaimerError);
  const focusField = useSelector(actor, (s) => s.context.focusField);
  const captcha = useSelector(actor, (s) => s.context.captcha);
  const captchaLoading = useSelector(actor, (s) => s.matches({ ready: { captcha: 'loading' } }));
  const sms = useSelector(actor, (s) => s.children.smsCountdown as SmsCountdownRef | undefined);

  const resolver = useMemo(
    () => zodResolver(registrationSchema(rules, method)) as unknown as Resolver<RegistrationFormValues>,
    [rules, method],
  );
  const { register, handleSubmit, formState, getValues, getFieldState, setValue, setFocus, trigger } = useForm<RegistrationFormValues>({
    resolver,
    shouldUnregister: true,
    // The machine names the field to focus (in form order); the form's own pick follows the
    // order fields were registered in, which a method change reorders.
    shouldFocusError: false,
    defaultValues: { ...emptyValues(), affiliateCode: affiliateCode ?? '', recommenderId: recommenderId ?? '' },
  });

  // The machine names the field to focus: the first invalid one, or the rejected invitation code.
  useEffect(() => {
    if (focusField) setFocus(focusField);
  }, [focusField, setFocus]);
  useEffect(() => {
    const subscription = actor.on('field.focus', ({ field }) => setFocus(field as RegistrationField));
    return () => subscription.unsubscribe();
  }, [actor, setFocus]);
  // Every new captcha image needs a new answer.
  useEffect(() => {
    if (captcha) setValue('identifying', '');
  }, [captcha, setValue]);

  const values = () => {
    const all = getValues() as Partial<RegistrationFormValues>;
    return Object.fromEntries(Object.entries(all).filter(([, v]) => typeof v === 'string')) as Partial<RegistrationFormValues>;
  };
  const submit = () => actor.send({ type: 'form.submit', values: values() });
  const refuse = (errors: FieldErrors<RegistrationFormValues>) =>
    actor.send({ type: 'form.submit', values: values(), invalidFields: Object.keys(errors) });
  const sendSms = () => {
    const mobile = getValues('mobileNum') ?? '';
    actor.send({
      type: 'sms.send',
      mobile,
      countryDialingCode: getValues('countryDialingCode'),
      mobileValid: isMobileNumber(mobile) && (rules.fields.mobileNum?.pattern ? new RegExp(rules.fields.mobileNum.pattern).test(mobile.trim()) : true),
    });
  };

  const errors = formState.errors;
  const label = (field: RegistrationField) => {
    const name = t(labelIds[field]);
    return isFieldRequired(rules, method, field) ? name : t('identity.field.optional', { label: name });
  };
  const limit = (field: RegistrationField, fallback = 64) => maxLengthOf(rules, field) ?? fallback;
  const birthday = birthdayRange();

  // Spec section 5: changing the password re-checks a confirmation already typed; a refused confirmation is re-checked as it is corrected.
  const recheckConfirmation = () => {
    if (getValues('confimpsw')) void trigger('confimpsw');
  };
  const recheckRefusedConfirmation = () => {
    if (getFieldState('confimpsw').invalid) void trigger('confimpsw');
  };
  const passwordOptions = (field: 'password' | 'confimpsw' | 'paymentPassword') =>
    field === 'password' ? { onChange: recheckConfirmation } : field === 'confimpsw' ? { onChange: recheckRefusedConfirmation } : undefined;

  const renderField = (field: RegistrationField) => {
    const error = errors[field]?.message;
    switch (field) {
      case 'password':
      case 'confimpsw':
      case 'paymentPassword':
        return (
          <PasswordField
            key={field}
            label={label(field)}
            autoComplete="new-password"
            maxLength={field === 'paymentPassword' ? limit(field, 6) : passwordMaxLength}
            registration={register(field, passwordOptions(field))}
            error={error}
            hint={field === 'password' ? t('identity.hint.password') : undefined}
          />
        );
      case 'mobileNum':
        return (
          <TextField
            key={field}
            label={label(field)}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={fieldLimits.mobile}
            registration={register(field)}
            error={error}
            before={<DialingCodeSelect registration={register('countryDialingCode')} />}
          />
        );
      case 'messageCode':
        return (
          <div key={field} className={styles.field}>
            <TextField
              label={label(field)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={fieldLimits.smsCode}
              registration={register(field, { setValueAs: digitsOnly(fieldLimits.smsCode) })}
              error={error}
              after={<SmsButton actor={sms} onSend={sendSms} />}
            />
            <SmsStatus actor={sms} />
            <SmsHumanCheck actor={sms} />
          </div>
        );
      case 'identifying':
        return (
          <TextField
            key={field}
            label={label(field)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={fieldLimits.captcha}
            registration={register(field, { setValueAs: digitsOnly(fieldLimits.captcha) })}
            error={error}
            after={<CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={() => actor.send({ type: 'captcha.refresh' })} />}
          />
        );
      case 'birthday':
        return (
          <TextField
            key={field}
            label={label(field)}
            type="date"
            min={birthday.min}
            max={birthday.max}
            // A date typed outside the range is clipped to it (section 4).
            registration={register(field, { setValueAs: (value: string) => clipDate('date', value ?? '', birthdayYears(new Date())) })}
            error={error}
          />
        );
      case 'email':
        return (
          <TextField
            key={field}
            label={label(field)}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={limit(field, fieldLimits.email)}
            registration={register(field)}
            error={error}
          />
        );
      default:
        return (
          <TextField
            key={field}
            label={label(field)}
            autoComplete={field === 'username' ? 'username' : field === 'nickname' ? 'nickname' : 'off'}
            maxLength={limit(field)}
            registration={register(field)}
            error={error}
          />
        );
    }
  };

  return (
    <div className={styles.screen}>
      {hasMethodChoice(rules) ? (
        <Tabs<RegistrationMethod>
          label={t('identity.register.methods')}
          value={method}
          options={methodTabs}
          onChange={(next) => actor.send({ type: 'method.change', method: next })}
        />
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit, refuse)} aria-busy={submitting}>
        {visibleFields(rules, method).map(renderField)}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={disclaimerAccepted}
            aria-invalid={disclaimerError || undefined}
            onChange={() => actor.send({ type: 'disclaimer.toggle' })}
          />
          {/* The terms words open the terms (a button in the label does not tick the box); the checkbox's name is the whole sentence. */}
          <span>
            {intl.formatMessage(
              { id: 'identity.register.disclaimer' satisfies MessageId },
              { terms: <TermsButton key="terms" actor={terms} /> },
            )}
          </span>
        </label>
        <FormAlert messageId={errorCode} />
        {/* Spec section 2: disabled until the disclaimer is accepted (the machine refuses an unticked one too). */}
        <Button type="submit" block disabled={submitting || !disclaimerAccepted}>
          {submitting ? t('in_please_wait') : t('identity.register.submit')}
        </Button>
      </form>
      <TermsSheet actor={terms} />
      <div className={styles.links}>
        <Link to="/m/login">{t('identity.register.haveAccount')}</Link>
      </div>
    </div>
  );
}
