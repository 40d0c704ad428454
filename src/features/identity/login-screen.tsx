import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Icon } from '../../ui/icons.tsx';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginMethod } from '../../../machines/login.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { useLanguageChanges, useLanguageChoice } from '../../app/app-actor.tsx';
import {
  defaultDialingCode,
  type IdentitySwitches,
  identityDeps,
  type LoginContent,
  provideLoginMachine,
} from '../../app/identity-actors.ts';
import { fieldLimits } from '../../../contract/verification.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
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
} from './form-parts.tsx';
import { LanguageSelect } from '../../ui/language-choices.tsx';
import styles from './identity-form.module.css';
import { SocialButtons } from './social-buttons.tsx';
import { isMobileNumber, type LoginFormValues, loginSchema, passwordMaxLength } from './identity-schemas.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

const methods = [
  { value: 'username', label: 'identity.login.tabUsername' },
  { value: 'sms', label: 'identity.login.tabSms' },
] as const;

const noContent: LoginContent = { banners: [], download: null };

/** Spec section 2, footer download block: app packages open in the same tab, other links in a new one. */
const opensInPlace = (url: string) => /\.(ipa|apk)(\?|#|$)/i.test(url);

/** The m_login banners, side by side (swipe). */
function LoginBanners({ banners }: { banners: LoginContent['banners'] }) {
  const t = useT();
  if (banners.length === 0) return null;
  return (
    <section className={styles.banners} aria-label={t('identity.login.banners')}>
      {banners.map((banner, index) => (
        <img key={banner.bannerId} src={banner.url} alt={banner.title} width={750} height={300} loading={index === 0 ? 'eager' : 'lazy'} />
      ))}
    </section>
  );
}

/** The app download link for this device. */
function AppDownload({ link }: { link: LoginContent['download'] }) {
  const t = useT();
  if (!link) return null;
  return (
    <a className={styles.download} href={link.url} {...(opensInPlace(link.url) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
      <Icon name="download" aria-hidden="true" focusable="false" />
      {t('identity.login.download')}
    </a>
  );
}

/**
 * The login screen (/m/login): the m_login banners, username and password,
 * or mobile and SMS code when the merchant allows it; the captcha once the
 * server asks for it; remember-me (on by default); an app download link. The
 * login machine decides; this view renders its state and sends its events.
 */
export function LoginScreen({
  switches,
  content = noContent,
  redirect,
}: {
  switches: IdentitySwitches;
  content?: LoginContent;
  redirect?: string | undefined;
}) {
  useCatalogPart('identity');
  const t = useT();
  const languageChoice = useLanguageChoice();
  const logic = useMemo(() => provideLoginMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'login', input: { smsEnabled: switches.smsLogin, redirect: redirect ?? null } });

  const method = useSelector(actor, (s) => s.context.method);
  const rememberedAccount = useSelector(actor, (s) => s.context.account);
  const restoring = useSelector(actor, (s) => s.matches({ active: { form: 'restoring' } }) || s.matches({ active: { form: 'switching' } }));
  const submitting = useSelector(actor, (s) => s.matches({ active: { form: 'submitting' } }));
  const remember = useSelector(actor, (s) => s.context.remember);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const captchaShown = useSelector(actor, (s) => !s.matches({ active: { captcha: 'hidden' } }));
  const captchaLoading = useSelector(actor, (s) => s.matches({ active: { captcha: 'loading' } }));
  const captcha = useSelector(actor, (s) => s.context.captcha);
  const sms = useSelector(actor, (s) => s.children.smsCountdown as SmsCountdownRef | undefined);

  const resolver = useMemo(() => zodResolver(loginSchema(method, captchaShown)), [method, captchaShown]);
  const form = useForm<LoginFormValues>({
    resolver,
    defaultValues: { account: '', secret: '', captcha: '', countryDialingCode: defaultDialingCode },
  });
  const { register, handleSubmit, formState, reset, getValues, setValue, trigger } = form;

  // A method change empties the fields at once: the other method's account and password never
  // stay in the new ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: method is the trigger, not a value read.
  useEffect(() => {
    reset({ account: '', secret: '', captcha: '', countryDialingCode: getValues('countryDialingCode') });
  }, [method, reset, getValues]);
  // The remembered account of the method (loaded at start and on every method change) fills the
  // account field when it comes, unless the player has typed one meanwhile. Keyed on the method
  // too: a quick storage answer can end the switch before a render sees it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: method is the trigger, not a value read.
  useEffect(() => {
    if (!restoring && rememberedAccount && getValues('account') === '') setValue('account', rememberedAccount);
  }, [method, restoring, rememberedAccount, getValues, setValue]);

  // A language change: the machine asks, 200 ms later, to re-validate the filled fields.
  useLanguageChanges(actor);
  useEffect(() => {
    const subscription = actor.on('fields.revalidate', () => {
      const values = getValues();
      const filled = (['account', 'secret', 'captcha'] as const).filter((name) => values[name] !== '');
      if (filled.length > 0) void trigger(filled);
    });
    return () => subscription.unsubscribe();
  }, [actor, getValues, trigger]);

  // A new captcha image needs a new answer.
  useEffect(() => {
    if (captcha) setValue('captcha', '');
  }, [captcha, setValue]);

  const submit = (values: LoginFormValues) => actor.send({ type: 'form.submit', ...values });
  // The machine refuses empty fields (and a missing captcha) with its own message.
  const refuse = () => {
    const values = getValues();
    if (!values.account.trim() || !values.secret || (captchaShown && !values.captcha.trim())) submit(values);
  };
  const sendSms = () => {
    const mobile = getValues('account');
    actor.send({ type: 'sms.send', mobile, countryDialingCode: getValues('countryDialingCode'), mobileValid: isMobileNumber(mobile) });
  };
  const changeMethod = (next: LoginMethod) => actor.send({ type: 'method.change', method: next });
  const errors = formState.errors;

  return (
    <div className={styles.screen}>
      <LoginBanners banners={content.banners} />
      {switches.smsLogin ? <Tabs label={t('identity.login.methods')} value={method} options={methods} onChange={changeMethod} /> : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit, refuse)} aria-busy={submitting || restoring}>
        {method === 'sms' ? (
          <>
            <TextField
              label={t('identity.field.mobile')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={fieldLimits.mobile}
              registration={register('account')}
              error={errors.account?.message}
              before={<DialingCodeSelect registration={register('countryDialingCode')} />}
            />
            <TextField
              label={t('identity.field.smsCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={fieldLimits.smsCode}
              registration={register('secret', { setValueAs: digitsOnly(fieldLimits.smsCode) })}
              error={errors.secret?.message}
              after={<SmsButton actor={sms} onSend={sendSms} />}
            />
            <SmsStatus actor={sms} />
            <SmsHumanCheck actor={sms} />
          </>
        ) : (
          <>
            <TextField
              label={t('identity.field.username')}
              autoComplete="username"
              maxLength={64}
              registration={register('account')}
              error={errors.account?.message}
            />
            <PasswordField
              label={t('identity.field.password')}
              maxLength={passwordMaxLength}
              registration={register('secret')}
              error={errors.secret?.message}
            />
          </>
        )}
        {captchaShown ? (
          <TextField
            label={t('identity.field.captcha')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={fieldLimits.captcha}
            registration={register('captcha', { setValueAs: digitsOnly(fieldLimits.captcha) })}
            error={errors.captcha?.message}
            after={<CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={() => actor.send({ type: 'captcha.refresh' })} />}
          />
        ) : null}
        <label className={styles.check}>
          <input type="checkbox" checked={remember} onChange={() => actor.send({ type: 'remember.toggle' })} />
          {t('identity.login.remember')}
        </label>
        <FormAlert messageId={errorCode} />
        <Button type="submit" block disabled={submitting}>
          {submitting ? t('in_please_wait') : t('identity.login.submit')}
        </Button>
      </form>
      <SocialButtons remember={remember} />
      <div className={styles.links}>
        <Link to="/m/forget">{t('identity.login.forgot')}</Link>
        <Link to="/m/register">{t('identity.login.register')}</Link>
        <Link to="/m/trail">{t('identity.login.trial')}</Link>
      </div>
      <LanguageSelect {...languageChoice} label={t('shell.menu.language')} className={styles.languageSelect} />
      <AppDownload link={content.download} />
    </div>
  );
}
