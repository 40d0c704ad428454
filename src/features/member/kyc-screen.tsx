import { useSelector } from '@xstate/react';
import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { KycStatus } from '../../../contract/kyc.ts';
import type { PickedIcon } from '../../../machines/avatar-upload.machine.ts';
import { type KycSide, kycImagesRequiredCode } from '../../../machines/kyc.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideKycMachine } from '../../app/kyc-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Toast } from '../../ui/toast.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';
import styles from './member.module.css';

type KycActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideKycMachine>>>;

const statusIds: Record<KycStatus, MessageId> = {
  none: 'kyc.status.none',
  pending: 'kyc.status.pending',
  approved: 'kyc.status.approved',
  rejected: 'kyc.status.rejected',
};

const statusHintIds: Record<KycStatus, MessageId> = {
  none: 'kyc.hint.none',
  pending: 'kyc.hint.pending',
  approved: 'kyc.hint.approved',
  rejected: 'kyc.hint.rejected',
};

/**
 * The KYC center (/m/member/kyc; spec sections 2 and 5, ID verification):
 * the check's status (with the operator's reason after a rejection), whether
 * withdrawals need it, and, with nothing sent or after a rejection, the ID's
 * front and back to pick and send. A trial account is refused.
 */
export function KycScreen({ isTrial }: { isTrial: boolean }) {
  useCatalogPart('identity');
  // The upload refusals (upload.type.invalid, upload.too.large) are the content part's.
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideKycMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'kyc', input: { isTrial } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  switch (state) {
    case 'rejected':
      return <TrialRefused />;
    case 'failed':
      return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'kyc.retry' })} />;
    case 'ready':
      return <KycReady actor={actor} />;
    default:
      return <PageSkeleton label={t('in_please_wait')} />;
  }
}

function KycReady({ actor }: { actor: KycActor }) {
  const t = useT();
  const intl = useIntl();
  const kyc = useSelector(actor, (s) => s.context.kyc!);
  const sending = useSelector(actor, (s) => s.matches({ ready: 'sending' }));
  const sent = useSelector(actor, (s) => s.matches({ ready: 'sent' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canSend = kyc.status === 'none' || kyc.status === 'rejected';
  const alertId = useId();
  const pickerId = useId();
  // The side(s) a refused sending lacks are marked in error, described by the message.
  const missing = errorCode === kycImagesRequiredCode ? alertId : null;
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '');
  return (
    <div className={styles.screen}>
      <section className={styles.panel} aria-labelledby="kyc-status">
        <p className={styles.hint}>{t('kyc.statusLabel')}</p>
        <h2 id="kyc-status" className={styles.name}>
          {t(statusIds[kyc.status])}
        </h2>
        <p>{t(statusHintIds[kyc.status])}</p>
        {kyc.status === 'rejected' && kyc.reason ? <p>{t('kyc.reason', { reason: kyc.reason })}</p> : null}
        {kyc.submittedAt ? <p className={styles.hint}>{t('kyc.submittedAt', { date: date(kyc.submittedAt) })}</p> : null}
        {kyc.reviewedAt ? <p className={styles.hint}>{t('kyc.reviewedAt', { date: date(kyc.reviewedAt) })}</p> : null}
        {kyc.requiredForWithdrawal ? <p className={styles.hint}>{t('kyc.requiredForWithdrawal')}</p> : null}
      </section>
      {canSend ? (
        <form
          className={styles.block}
          aria-labelledby="kyc-upload"
          aria-busy={sending}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'kyc.submit' });
            // Refused for a missing side: focus goes to the first side missing.
            const { errorCode: refusal, front } = actor.getSnapshot().context;
            if (refusal === kycImagesRequiredCode) document.getElementById(`${pickerId}-${front ? 'back' : 'front'}`)?.focus();
          }}
        >
          <h2 id="kyc-upload" className={styles.sectionTitle}>
            {t('kyc.upload')}
          </h2>
          <p className={styles.hint}>{t('account.icon.rule')}</p>
          <div className={styles.sides}>
            <SidePicker id={`${pickerId}-front`} actor={actor} side="front" disabled={sending} missing={missing} />
            <SidePicker id={`${pickerId}-back`} actor={actor} side="back" disabled={sending} missing={missing} />
          </div>
          <div id={alertId}>
            <MessageAlert messageId={errorCode} />
          </div>
          <Button type="submit" block disabled={sending}>
            {sending ? t('in_please_wait') : t('kyc.submit')}
          </Button>
        </form>
      ) : null}
      {sent ? <Toast>{t('account.icon.uploaded')}</Toast> : null}
    </div>
  );
}

/** One side of the ID: its picker, and the picked image shown small. */
function SidePicker({ id: inputId, actor, side, disabled, missing }: { id: string; actor: KycActor; side: KycSide; disabled: boolean; missing: string | null }) {
  const t = useT();
  const picked = useSelector(actor, (s) => s.context[side]);
  const preview = usePreview(picked);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) actor.send({ type: 'kyc.pick', side, image: { name: file.name, type: file.type, size: file.size, file } });
  };
  const label = t(side === 'front' ? 'kyc.front' : 'kyc.back');
  return (
    <div className={styles.side}>
      {preview ? <img className={styles.sideImage} src={preview} alt={label} /> : <span className={styles.sideImage} aria-hidden="true" />}
      <label htmlFor={inputId} className={styles.copy}>
        {picked ? t('kyc.change', { side: label }) : t('kyc.choose', { side: label })}
      </label>
      <input
        id={inputId}
        className={styles.visuallyHidden}
        type="file"
        accept="image/png,image/jpeg"
        disabled={disabled}
        aria-invalid={missing && !picked ? true : undefined}
        aria-describedby={missing && !picked ? missing : undefined}
        onChange={pick}
      />
    </div>
  );
}

/** A picked image's address for the page to show it, released when another is picked or the screen closes. */
function usePreview(picked: PickedIcon | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(picked?.file instanceof Blob) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(picked.file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [picked]);
  return url;
}
