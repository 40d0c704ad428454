import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSystemActor } from '../../app/actor-system.ts';
import { canShareLinks, provideInviteFriendsMachine } from '../../app/referral-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Toast } from '../../ui/toast.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';
import styles from './member.module.css';

type InviteActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideInviteFriendsMachine>>>;

/**
 * Invite friends (/m/inviteFriends; spec sections 2 and 6): the member's
 * referral code and link with copy, share and a QR code, how many friends
 * registered and deposited, and the list of them. Agents do not see its
 * entries (they invite with their affiliate code); the server refuses them,
 * and a merchant without the referral program, and the screen says so. A
 * trial account is refused. The list of friends is the records' (`friends`,
 * given by the route).
 */
export function InviteFriendsScreen({ isTrial, friends }: { isTrial: boolean; friends: ReactNode }) {
  useCatalogPart('identity');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideInviteFriendsMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'inviteFriends', input: { isTrial, canShare: canShareLinks() } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  switch (state) {
    case 'rejected':
      return <TrialRefused />;
    case 'failed':
      return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'referral.retry' })} />;
    case 'ready':
      return (
        <>
          <div className={styles.screen}>
            <ReferralPanel actor={actor} />
          </div>
          {friends}
        </>
      );
    default:
      return <PageSkeleton label={t('in_please_wait')} />;
  }
}

function ReferralPanel({ actor }: { actor: InviteActor }) {
  const t = useT();
  const intl = useIntl();
  const referral = useSelector(actor, (s) => s.context.referral!);
  const busy = useSelector(actor, (s) => !s.matches({ ready: { action: 'idle' } }));
  const toast = useSelector(actor, (s) => s.matches({ ready: { toast: 'shown' } }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canShare = useSelector(actor, (s) => s.context.canShare);
  return (
    <>
      <section className={styles.panel} aria-labelledby="referral-code">
        <p className={styles.hint}>{t('referral.lead')}</p>
        <h2 id="referral-code" className={styles.hint}>
          {t('referral.code')}
        </h2>
        <p className={styles.figure}>{referral.code}</p>
        <div className={styles.actions}>
          <Button variant="secondary" compact disabled={busy} onClick={() => actor.send({ type: 'referral.copy', part: 'code' })}>
            {t('referral.copyCode')}
          </Button>
        </div>
        <h2 className={styles.hint}>{t('referral.link')}</h2>
        <p className={styles.link}>{referral.link}</p>
        <div className={styles.actions}>
          <Button variant="secondary" compact disabled={busy} onClick={() => actor.send({ type: 'referral.copy', part: 'link' })}>
            {t('referral.copyLink')}
          </Button>
          {canShare ? (
            <Button compact disabled={busy} onClick={() => actor.send({ type: 'referral.share' })}>
              {t('referral.share')}
            </Button>
          ) : null}
        </div>
        <MessageAlert messageId={errorCode} />
        <QrCode text={referral.link} label={t('referral.qr')} />
      </section>
      <section className={styles.block} aria-labelledby="referral-counts">
        <h2 id="referral-counts" className={styles.sectionTitle}>
          {t('referral.friends')}
        </h2>
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{t('referral.invited')}</dt>
            <dd className={styles.rowValue}>{intl.formatNumber(referral.invited)}</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('referral.deposited')}</dt>
            <dd className={styles.rowValue}>{intl.formatNumber(referral.deposited)}</dd>
          </div>
        </dl>
      </section>
      {toast ? <Toast>{t('account.copied')}</Toast> : null}
    </>
  );
}
