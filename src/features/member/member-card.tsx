import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { memberProfileMachine } from '../../../machines/member-profile.machine.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon } from '../../ui/icons.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { Toast } from '../../ui/toast.tsx';
import styles from './member.module.css';

export type ProfileActor = ActorRefFrom<typeof memberProfileMachine>;

/** The head icon, or the default avatar without one. */
export function Avatar({ icon }: { icon: string | null }) {
  return icon ? (
    <img className={styles.avatar} src={icon} alt="" width={64} height={64} />
  ) : (
    <span className={styles.avatar}>
      <Icon name="user-round" aria-hidden="true" focusable="false" size={32} />
    </span>
  );
}

/**
 * Who the member is (spec section 2, the member menu and member center):
 * avatar, VIP label, nickname or account, the member ID with its copy button
 * and the copy-success toast, and the balance.
 */
export function MemberCard({ actor }: { actor: ProfileActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const profile = useSelector(actor, (s) => s.context.profile);
  const copied = useSelector(actor, (s) => s.matches({ ready: 'copied' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (!profile) return null;
  const { info, icon, balance } = profile;
  return (
    <section className={styles.card} aria-labelledby="member-card-name">
      <Avatar icon={icon} />
      <div className={styles.who}>
        <h2 id="member-card-name" className={styles.name}>
          {info.nickname || info.account}
        </h2>
        {info.clubLabel ? <span className={styles.vip}>{info.clubLabel.labelName}</span> : null}
        <span className={styles.memberId}>
          {t('account.memberId', { id: info.id })}
          <button type="button" className={styles.copy} onClick={() => actor.send({ type: 'id.copy' })}>
            {t('account.copy')}
          </button>
        </span>
      </div>
      <p className={styles.balance}>
        {t('account.balance')}
        <strong>{formatMoney(balance.sumBalance, balance.currency)}</strong>
      </p>
      {copied ? (
        <Toast>{t('account.copied')}</Toast>
      ) : null}
      {errorCode ? <MessageAlert messageId={errorCode} /> : null}
    </section>
  );
}
