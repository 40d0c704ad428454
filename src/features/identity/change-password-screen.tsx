import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useSystemActor } from '../../app/actor-system.ts';
import { useSession } from '../../app/app-actor.tsx';
import { identityDeps, provideChangePasswordMachine } from '../../app/identity-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { FormAlert, PasswordField, useIdentityText } from './form-parts.tsx';
import styles from './identity-form.module.css';
import { type ChangePasswordValues, changePasswordSchema, passwordMaxLength } from './identity-schemas.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/**
 * Change password (/m/changePsw): after a first login (or a login with an
 * e-mailed code), when the password has expired, and from settings. The
 * route lets only accounts with a password in. No password is ever cached,
 * so the old one is always asked.
 */
export function ChangePasswordScreen() {
  useCatalogPart('identity');
  const t = useT();
  const text = useIdentityText();
  const session = useSession();
  const logic = useMemo(() => provideChangePasswordMachine(identityDeps()), []);
  const actor = useSystemActor(logic, { systemId: 'changePassword', input: { hasCachedPassword: false } });
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const samePassword = useSelector(actor, (s) => s.matches('samePassword'));
  const message = useSelector(actor, (s) => s.context.message);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  const { register, handleSubmit, formState, getValues } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const submit = (values: ChangePasswordValues) => actor.send({ type: 'form.submit', ...values });
  // The machine refuses a missing old password and a confirmation that does not match with its own message.
  const refuse = () => {
    const values = getValues();
    if (!values.oldPassword || values.newPassword === '' || values.newPassword !== values.confirmNewPassword) submit(values);
  };
  const errors = formState.errors;

  if (message) {
    return (
      <div className={styles.centre}>
        <p className={styles.success} role="status">
          {text(message)}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      {session?.passwordExpired ? (
        <p className={styles.lead}>{t('identity.change.expired')}</p>
      ) : session?.firstTimeLogin ? (
        <p className={styles.lead}>{t('identity.change.firstLogin')}</p>
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit, refuse)} aria-busy={submitting}>
        <PasswordField
          label={t('identity.field.oldPassword')}
          maxLength={128}
          registration={register('oldPassword')}
          error={errors.oldPassword?.message}
        />
        <PasswordField
          label={t('identity.field.newPassword')}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          registration={register('newPassword')}
          error={errors.newPassword?.message}
          hint={t('identity.hint.password')}
        />
        <PasswordField
          label={t('identity.field.confirmNewPassword')}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          registration={register('confirmNewPassword')}
          error={errors.confirmNewPassword?.message}
        />
        <FormAlert messageId={errorCode} />
        <Button type="submit" block disabled={submitting}>
          {submitting ? t('in_please_wait') : t('identity.change.submit')}
        </Button>
      </form>
      <SamePasswordPopup open={samePassword} onClose={() => actor.send({ type: 'popup.close' })} />
    </div>
  );
}

/** Spec section 5: a popup titled 'Prompt' with one button for a new password equal to the old one. */
function SamePasswordPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      title={t('in_popup_prompt')}
      message={t('identity.change.samePassword')}
      submitLabel={t('identity.change.ok')}
      onSubmit={onClose}
    />
  );
}
