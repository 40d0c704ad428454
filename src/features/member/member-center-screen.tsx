import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ComponentType, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { useRole } from '../../app/app-actor.tsx';
import { useChatLaunch } from '../../app/chat-entry.ts';
import { profileSystemId, provideMemberProfileMachine } from '../../app/member-actors.ts';
import type { SettingsPromise } from '../../app/site-settings.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { MemberCard, type ProfileActor } from './member-card.tsx';
import styles from './member.module.css';

interface Shortcut {
  link: LinkProps;
  icon: IconName;
  labelId: MessageId;
}

/** The member center's shortcuts, in the member menu's order (spec section 2), for the member's role and the merchant's switches. */
export function shortcutsOf({ agent, betRecord, referral }: { agent: boolean; betRecord: boolean; referral: boolean }): Shortcut[] {
  return [
    { link: { to: '/m/voucherCenter' }, icon: 'wallet', labelId: 'header.deposit' },
    { link: { to: '/m/withdraw' }, icon: 'banknote', labelId: 'header.withdraw' },
    { link: { to: '/m/myAccount/index' }, icon: 'id-card', labelId: 'title.myAccountIndex' },
    { link: { to: '/m/securityCenter' }, icon: 'shield-check', labelId: 'title.securityCenter' },
    { link: { to: '/m/responsibleGaming' }, icon: 'sliders-horizontal', labelId: 'title.responsibleGaming' },
    ...(agent ? [{ link: { to: '/m/agent' }, icon: 'briefcase', labelId: 'title.agent' } as Shortcut] : []),
    { link: { to: '/m/transaction/record', search: { types: 'A' } }, icon: 'receipt-text', labelId: 'title.transactionRecord' },
    ...(betRecord ? [{ link: { to: '/m/gameRecord' }, icon: 'file-clock', labelId: 'title.gameRecord' } as Shortcut] : []),
    { link: { to: '/m/transaction/profit', search: { types: 'A' } }, icon: 'chart-line', labelId: 'title.transactionProfit' },
    { link: { to: '/m/transaction/profit', search: { types: 'O' } }, icon: 'gift', labelId: 'title.transactionBonus' },
    { link: { to: '/m/member/kyc' }, icon: 'id-card', labelId: 'title.memberKyc' },
    { link: { to: '/m/leaderboard' }, icon: 'crown', labelId: 'title.leaderboard' },
    { link: { to: '/m/webEmail' }, icon: 'mail', labelId: 'account.news' },
    ...(referral && !agent ? [{ link: { to: '/m/inviteFriends' }, icon: 'user-plus', labelId: 'title.inviteFriends' } as Shortcut] : []),
    { link: { to: '/m/set' }, icon: 'settings', labelId: 'title.set' },
  ];
}

/** The profile's loading and failure, then its content. */
export function ProfileLoaded({ actor, children }: { actor: ProfileActor; children: ReactNode }) {
  const t = useT();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (state === 'loading') return <Skeleton className={styles.card} />;
  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'profile.retry' })} />;
  }
  return children;
}

/**
 * Member center (/m/member/home, spec section 2): the member card (avatar,
 * VIP label, nickname or account, member ID with copy, balance) and the
 * shortcuts: deposit, withdraw, my account, security center, responsible
 * gaming, the agency
 * centre for agents, records, the bet record (TRANSBETREPMEM3), the profit
 * record, bonus details, the KYC center, news, invite friends (with the
 * referral program, not for agents), settings, customer service and sign out
 * (with its confirmation, the `LogoutDialog` the route gives).
 */
export function MemberCenterScreen({ settings, LogoutDialog }: { settings: SettingsPromise; LogoutDialog: ComponentType<{ onClose: () => void }> }) {
  useCatalogPart('identity');
  const t = useT();
  const role = useRole();
  const launchChat = useChatLaunch();
  const logic = useMemo(() => provideMemberProfileMachine(settings), [settings]);
  const actor = useSystemActor(logic, { systemId: profileSystemId });
  const betRecord = useSelector(actor, (s) => s.context.profile?.betRecord === true);
  const referral = useSelector(actor, (s) => s.context.profile?.referral === true);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.screen}>
      <ProfileLoaded actor={actor}>
        <MemberCard actor={actor} />
        <nav aria-label={t('title.memberHome')}>
          <ul className={styles.shortcuts}>
            {shortcutsOf({ agent: role === 'agent', betRecord, referral }).map(({ link, icon, labelId }) => (
              <li key={labelId}>
                <Link {...link} className={styles.shortcut}>
                  <Icon name={icon} aria-hidden="true" focusable="false" />
                  {t(labelId)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.shortcut} onClick={launchChat}>
                <Icon name="messages-square" aria-hidden="true" focusable="false" />
                {t('title.chat')}
              </button>
            </li>
            <li>
              <button type="button" className={styles.shortcut} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
                <Icon name="log-out" aria-hidden="true" focusable="false" />
                {t('account.signOut')}
              </button>
            </li>
          </ul>
        </nav>
      </ProfileLoaded>
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutDialog onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
