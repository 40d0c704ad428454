/**
 * Building blocks of the identity forms: labelled fields with their error,
 * the password field with show/hide, the captcha image (tap to refresh), the
 * SMS code button with its countdown, method tabs, and the text of the
 * machines' message ids and the server's error codes.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { fieldLimits } from '../../../contract/verification.ts';
import type { Captcha } from '../../../machines/identity-types.ts';
import type { smsCountdownMachine } from '../../../machines/sms-countdown.machine.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { MessageAlert, useMessageText } from '../../ui/message-alert.tsx';
import styles from './identity-form.module.css';

/** Identity messages may name the terms (`{terms}`): their text, filled in. */
function useTermsValues() {
  const intl = useIntl();
  const terms = intl.formatMessage({ id: 'identity.register.terms' });
  return useMemo(() => ({ terms }), [terms]);
}

/** The text of a message id of the identity flows (see `useMessageText` in `ui/message-alert.tsx`). */
export function useIdentityText() {
  return useMessageText(useTermsValues());
}

/** A failure or refusal of an identity flow, announced to screen readers. */
export function FormAlert({ messageId }: { messageId: string | null | undefined }) {
  return <MessageAlert messageId={messageId} values={useTermsValues()} />;
}

export interface FieldProps {
  label: string;
  /** Message id of the field's error. */
  error?: string | undefined;
  hint?: string;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  /** Content after the input, inside the box (a button, an image). */
  after?: ReactNode;
  /** Content before the input, inside the box (a select). */
  before?: ReactNode;
}

/** A label, the input box and the field's error or hint. */
export function Field({ label, error, hint, children, after, before }: FieldProps) {
  const text = useIdentityText();
  const inputId = useId();
  const noteId = useId();
  const note = error ? text(error) : hint;
  return (
    <div className={[styles.field, error && styles.invalid].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        {before}
        {children({ inputId, describedBy: note ? noteId : undefined, invalid: Boolean(error) })}
        {after}
      </div>
      {note ? (
        <span id={noteId} className={error ? styles.fieldError : styles.hint}>
          {note}
        </span>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'tel' | 'email' | 'date';
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  after?: ReactNode;
  before?: ReactNode;
  /** Shows a clear button (spec section 2, e-mail reset form) that calls this; omit it while the field is empty. */
  onClear?: (() => void) | undefined;
}

export function TextField({ label, registration, error, hint, type = 'text', after, before, onClear, ...input }: TextFieldProps) {
  const t = useT();
  const clear = onClear ? <IconButton icon="x" label={t('identity.field.clear', { label })} onClick={onClear} /> : null;
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      after={
        clear || after ? (
          <>
            {clear}
            {after}
          </>
        ) : undefined
      }
      before={before}
    >
      {({ inputId, describedBy, invalid }) => (
        <input
          id={inputId}
          className={styles.input}
          type={type}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
          {...registration}
        />
      )}
    </Field>
  );
}

/** A password input with a show toggle: a stable name ("Show password"), pressed while the password shows. */
export function PasswordField({
  label,
  registration,
  error,
  hint,
  autoComplete = 'current-password',
  maxLength = 20,
}: Omit<TextFieldProps, 'type' | 'after'>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      after={
        <IconButton
          icon={shown ? 'eye-off' : 'eye'}
          label={t('identity.password.show')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        />
      }
    >
      {({ inputId, describedBy, invalid }) => (
        <input
          id={inputId}
          className={styles.input}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          maxLength={maxLength}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
    </Field>
  );
}

/** The captcha image as a button: a tap loads a new one. */
export function CaptchaImage({ captcha, loading, onRefresh }: { captcha: Captcha | null; loading: boolean; onRefresh: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className={styles.captchaImage}
      onClick={onRefresh}
      aria-label={t(captcha ? 'identity.captcha.refresh' : 'identity.captcha.reload')}
      aria-busy={loading || undefined}
      data-captcha-id={captcha?.id}
    >
      {captcha ? <img src={captcha.image} alt="" width={150} height={50} /> : loading ? null : t('identity.captcha.reload')}
    </button>
  );
}

/** Digits only, at most `max` (section 9 limits: captcha 6, SMS code 10). */
export const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

export type SmsCountdownRef = ActorRefFrom<typeof smsCountdownMachine>;

/**
 * The human check before an SMS code is sent: the captcha the SMS machine
 * loaded (tap to refresh), a 6-digit answer, and send or cancel. Shown while
 * the machine is in `loadingCaptcha` or `captcha`; its buttons never submit
 * the form around it.
 */
export function SmsHumanCheck({ actor }: { actor: SmsCountdownRef | undefined }) {
  const t = useT();
  const state = useSelector(actor, (s) => s?.value.button ?? 'idle');
  const captcha = useSelector(actor, (s) => s?.context.captcha ?? null);
  const [answer, setAnswer] = useState('');
  if (!actor || (state !== 'loadingCaptcha' && state !== 'captcha')) return null;
  const submit = () => {
    actor.send({ type: 'captcha.submit', answer });
    setAnswer('');
  };
  return (
    <fieldset className={styles.smsCheck} aria-label={t('identity.sms.check')}>
      <p className={styles.smsCheckHint}>{t('identity.sms.checkHint')}</p>
      <Field
        label={t('identity.field.captcha')}
        after={<CaptchaImage captcha={captcha} loading={state === 'loadingCaptcha'} onRefresh={() => actor.send({ type: 'captcha.refresh' })} />}
      >
        {({ inputId, describedBy }) => (
          <input
            id={inputId}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            maxLength={fieldLimits.captcha}
            aria-describedby={describedBy}
            value={answer}
            onChange={(e) => setAnswer(digitsOnly(fieldLimits.captcha)(e.target.value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
        )}
      </Field>
      <div className={styles.smsCheckActions}>
        <Button variant="ghost" compact onClick={() => actor.send({ type: 'captcha.cancel' })}>
          {t('identity.sms.checkCancel')}
        </Button>
        <Button variant="primary" compact onClick={submit} disabled={state !== 'captcha'}>
          {t('identity.sms.checkSubmit')}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The SMS code button: "Get code", disabled with the seconds left while
 * counting down. Not a live region: the sent toast announces the code once,
 * and the seconds are read when the player reaches the button, not every second.
 */
export function SmsButton({ actor, onSend }: { actor: SmsCountdownRef | undefined; onSend: () => void }) {
  const t = useT();
  const state = useSelector(actor, (s) => s?.value.button ?? 'idle');
  const remaining = useSelector(actor, (s) => s?.context.remaining ?? 0);
  const busy = state !== 'idle';
  return (
    <Button variant="secondary" compact className={styles.smsButton} disabled={busy} onClick={onSend}>
      {state === 'counting' ? t('identity.sms.countdown', { seconds: remaining }) : t('identity.sms.send')}
    </Button>
  );
}

/**
 * The SMS countdown's toasts and failures: in_sms_sending while the code is
 * requested, in_sms_send ('SMS code sent, please check') once sent (the
 * machine's `toast` region times both), and the refusal or failure under the field.
 */
export function SmsStatus({ actor }: { actor: SmsCountdownRef | undefined }) {
  const t = useT();
  const toastState = useSelector(actor, (s) => s?.value.toast ?? 'hidden');
  const errorCode = useSelector(actor, (s) => s?.context.errorCode ?? null);
  const toast = toastState === 'sending' ? t('in_sms_sending') : toastState === 'sent' ? t('in_sms_send') : null;
  return (
    <>
      {errorCode ? <FormAlert messageId={errorCode} /> : null}
      {toast ? (
        <p className={styles.toast} role="status">
          {toast}
        </p>
      ) : null}
    </>
  );
}

export interface TabsProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: MessageId }[];
  onChange: (value: T) => void;
}

/** Method tabs (username / mobile, phone / e-mail). */
export function Tabs<T extends string>({ label, value, options, onChange }: TabsProps<T>) {
  const t = useT();
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {t(option.label)}
        </button>
      ))}
    </div>
  );
}

/** Country dialing codes offered next to mobile numbers. */
export const dialingCodes = ['+63', '+86', '+852', '+84', '+66', '+62', '+60', '+65', '+1'] as const;

export function DialingCodeSelect({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <select className={styles.select} aria-label={t('identity.field.dialingCode')} {...registration}>
      {dialingCodes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}
