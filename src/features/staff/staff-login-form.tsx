import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { MessageAlert, useMessageText } from '../../ui/message-alert.tsx';
import type { StaffConsoleActor } from './staff-console-actor.ts';
import styles from './staff-console.module.css';

/** The staff login's limits (contract/chat.ts `staffLoginEndpoint`). */
const usernameMax = 32;
const passwordMax = 128;

const required = 'staff.login.required';

const loginSchema = z.object({
  username: z.string().check(z.refine((v) => v.trim() !== '', { message: required })),
  password: z.string().check(z.refine((v) => v !== '', { message: required })),
});

type LoginValues = z.infer<typeof loginSchema>;

function LoginField({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const text = useMessageText();
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: error ? errorId : undefined })}
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {text(error)}
        </span>
      ) : null}
    </div>
  );
}

/** The staff sign-in: user name and password; the machine's refusal (wrong password, too many tries, session ended) above. */
export function StaffLoginForm({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const submitting = useSelector(actor, (s) => s.matches({ signedOut: 'submitting' }) || s.matches('signingOut'));
  const throttled = useSelector(actor, (s) => s.matches({ signedOut: 'throttled' }));
  const loginError = useSelector(actor, (s) => s.context.loginError);
  const username = useSelector(actor, (s) => s.context.username);
  const { register, handleSubmit, formState, setValue } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username, password: '' },
  });
  const headingId = useId();

  // A refused login asks for the password again.
  useEffect(() => {
    if (loginError) setValue('password', '');
  }, [loginError, setValue]);

  const submit = (values: LoginValues) => actor.send({ type: 'form.submit', username: values.username, password: values.password });

  return (
    <section className={styles.login} aria-labelledby={headingId}>
      <h1 className={styles.loginTitle}>{t('staff.title')}</h1>
      <h2 id={headingId} className={styles.loginHeading}>
        {t('staff.login.heading')}
      </h2>
      <p className={styles.muted}>{t('staff.login.lead')}</p>
      <MessageAlert messageId={loginError} />
      <form className={styles.loginForm} noValidate onSubmit={handleSubmit(submit)} aria-busy={submitting || undefined}>
        <LoginField label={t('staff.login.username')} error={formState.errors.username?.message}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className={styles.input}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={usernameMax}
              aria-invalid={formState.errors.username ? true : undefined}
              aria-describedby={describedBy}
              {...register('username')}
            />
          )}
        </LoginField>
        <LoginField label={t('staff.login.password')} error={formState.errors.password?.message}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className={styles.input}
              type="password"
              autoComplete="current-password"
              maxLength={passwordMax}
              aria-invalid={formState.errors.password ? true : undefined}
              aria-describedby={describedBy}
              {...register('password')}
            />
          )}
        </LoginField>
        <Button type="submit" variant="primary" block disabled={submitting || throttled}>
          {submitting ? t('in_please_wait') : t('staff.login.submit')}
        </Button>
      </form>
    </section>
  );
}
