import { useSelector } from '@xstate/react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AccountField } from '../../../contract/member.ts';
import type { FieldRuleLike } from '../../../machines/member-profile.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { profileSystemId, provideAccountFieldMachine, provideAvatarUploadMachine, provideMemberProfileMachine } from '../../app/member-actors.ts';
import type { SettingsPromise } from '../../app/site-settings.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { Avatar, type ProfileActor } from './member-card.tsx';
import { ProfileLoaded } from './member-center-screen.tsx';
import { Toast } from '../../ui/toast.tsx';
import styles from './member.module.css';

const fieldLabels: Record<AccountField, MessageId> = {
  nickname: 'account.field.nickname',
  email: 'account.field.email',
  payeeName: 'account.field.payeeName',
};

/** The head icon with its picker: png or jpg up to 5 MB, checked by the avatar machine before it is sent. */
function IconPicker({ actor }: { actor: ProfileActor }) {
  const t = useT();
  const inputId = useId();
  const icon = useSelector(actor, (s) => s.context.profile?.icon ?? null);
  const logic = useMemo(() => provideAvatarUploadMachine(), []);
  const upload = useSystemActor(logic, { systemId: 'avatarUpload' });
  const uploading = useSelector(upload, (s) => s.matches('uploading'));
  const uploaded = useSelector(upload, (s) => s.matches('uploaded'));
  const errorCode = useSelector(upload, (s) => s.context.errorCode);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.send({ type: 'icon.pick', image: { name: file.name, type: file.type, size: file.size, file } });
  };
  return (
    <section className={styles.card} aria-labelledby={`${inputId}-title`} aria-busy={uploading}>
      <Avatar icon={icon} />
      <div className={styles.who}>
        <h2 id={`${inputId}-title`} className={styles.name}>
          {t('account.icon.title')}
        </h2>
        <p className={styles.hint}>{t('account.icon.rule')}</p>
        <label htmlFor={inputId} className={styles.copy}>
          {uploading ? t('account.icon.uploading') : t('account.icon.change')}
        </label>
        <input id={inputId} className={styles.visuallyHidden} type="file" accept="image/png,image/jpeg" disabled={uploading} onChange={pick} />
      </div>
      {uploaded ? (
        <Toast>{t('account.icon.uploaded')}</Toast>
      ) : null}
      {errorCode ? <MessageAlert messageId={errorCode} /> : null}
    </section>
  );
}

/** One field's edit sheet, run by the account field machine; it closes when the machine ends. */
function FieldEditor({ field, current, rule, onClose }: { field: AccountField; current: string | null; rule: FieldRuleLike; onClose: () => void }) {
  const t = useT();
  const inputId = useId();
  const logic = useMemo(() => provideAccountFieldMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'accountField', input: { field, current, rule, locked: field === 'payeeName' && !!current } });
  const state = useSelector(actor, (s) => s.value);
  const done = useSelector(actor, (s) => s.status === 'done');
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const { register, handleSubmit } = useForm<{ value: string }>({ defaultValues: { value: field === 'email' ? '' : (current ?? '') } });
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const label = t(fieldLabels[field]);
  const cancel = () => actor.send({ type: 'field.cancel' });
  return (
    <Sheet title={label} onClose={cancel}>
      {state === 'locked' ? (
        <>
          <p className={styles.hint}>{t('account.payeeName.locked')}</p>
          <Button variant="secondary" onClick={cancel}>
            {t('account.close')}
          </Button>
        </>
      ) : (
        <form className={styles.form} noValidate onSubmit={handleSubmit(({ value }) => actor.send({ type: 'field.submit', value }))} aria-busy={state === 'saving'}>
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            className={styles.input}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field === 'email' ? 'email' : field === 'payeeName' ? 'name' : 'nickname'}
            maxLength={rule.maxLength}
            aria-invalid={errorCode ? true : undefined}
            aria-describedby={`${inputId}-hint`}
            {...register('value')}
          />
          <p id={`${inputId}-hint`} className={styles.hint}>
            {field === 'email' && current ? t('account.email.current', { email: current }) : t(`account.hint.${field}`)}
          </p>
          {errorCode ? <MessageAlert messageId={errorCode} /> : null}
          {state === 'saved' ? (
            <Toast>{t('account.saved')}</Toast>
          ) : null}
          <Button type="submit" block disabled={state === 'saving' || state === 'saved'}>
            {state === 'saving' ? t('in_please_wait') : t('account.save')}
          </Button>
          <Button type="button" variant="ghost" block onClick={cancel}>
            {t('account.cancel')}
          </Button>
        </form>
      )}
    </Sheet>
  );
}

/** The account's fields as rows; a tap opens the field's sheet. */
function AccountRows({ actor }: { actor: ProfileActor }) {
  const t = useT();
  const profile = useSelector(actor, (s) => s.context.profile);
  const [editing, setEditing] = useState<AccountField | null>(null);
  const close = useCallback(() => setEditing(null), []);
  if (!profile) return null;
  const shown = (field: AccountField) => profile.info[field];
  return (
    <>
      <ul className={styles.rows} aria-label={t('title.myAccountIndex')}>
        <li className={styles.row}>
          {t('account.field.account')}
          <span className={styles.rowValue}>{profile.info.account}</span>
        </li>
        {(['nickname', 'email', 'payeeName'] as const).map((field) => (
          <li key={field}>
            <button type="button" className={styles.row} aria-haspopup="dialog" onClick={() => setEditing(field)}>
              {t(fieldLabels[field])}
              <span className={styles.rowValue}>
                {shown(field) ?? t('account.notSet')}
                <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {editing ? <FieldEditor key={editing} field={editing} current={shown(editing)} rule={profile.rules[editing]} onClose={close} /> : null}
    </>
  );
}

/**
 * My account (/m/myAccount/index, spec sections 2, 3 and 7): the head icon
 * (png or jpg up to 5 MB, made small before it is sent), the account name,
 * and the nickname, e-mail and payee name, each edited in its own sheet,
 * checked against the merchant's rule with its own message and shown at once
 * once saved. A payee name, once set, is changed by the operator only.
 */
export function MyAccountScreen({ settings }: { settings: SettingsPromise }) {
  useCatalogPart('identity');
  useCatalogPart('content');
  const logic = useMemo(() => provideMemberProfileMachine(settings), [settings]);
  const actor = useSystemActor(logic, { systemId: profileSystemId });
  return (
    <div className={styles.screen}>
      <ProfileLoaded actor={actor}>
        <IconPicker actor={actor} />
        <AccountRows actor={actor} />
      </ProfileLoaded>
    </div>
  );
}
