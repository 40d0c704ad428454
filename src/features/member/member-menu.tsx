import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ComponentType, Suspense, useEffect, useMemo, useState } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { useRole } from '../../app/app-actor.tsx';
import { useChatLaunch } from '../../app/chat-entry.ts';
import { provideMemberProfileMachine } from '../../app/member-actors.ts';
import { siteSettings } from '../../app/site-settings.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Drawer } from '../../ui/dialog.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { Avatar, MemberCard } from './member-card.tsx';
import { ProfileLoaded } from './member-center-screen.tsx';
import styles from './member.module.css';

interface Entry {
  link: LinkProps;
  icon: IconName;
  labelId: MessageId;
}

/** The member menu's entries (spec section 2), for the role and the merchant's bet record switch. */
export function menuEntriesOf({ agent, betRecord }: { agent: boolean; betRecord: boolean }): Entry[] {
  return [
    { link: { to: '/m/myAccount/index' }, icon: 'id-card', labelId: 'title.myAccountIndex' },
    { link: { to: '/m/responsibleGaming' }, icon: 'sliders-horizontal', labelId: 'title.responsibleGaming' },
    ...(agent ? [{ link: { to: '/m/agent' }, icon: 'briefcase', labelId: 'title.agent' } as Entry] : []),
    ...(betRecord ? [{ link: { to: '/m/gameRecord' }, icon: 'file-clock', labelId: 'title.gameRecord' } as Entry] : []),
    { link: { to: '/m/leaderboard' }, icon: 'crown', labelId: 'title.leaderboard' },
    { link: { to: '/m/feedback' }, icon: 'file-pen-line', labelId: 'title.feedback' },
    { link: { to: '/m/webEmail' }, icon: 'mail', labelId: 'account.news' },
  ];
}

/** A signed-in member's part of the menu: the member card, the entries, customer service and sign out. */
function SignedIn({ open, onClose, LogoutDialog }: MemberMenuProps) {
  const t = useT();
  const role = useRole();
  const launchChat = useChatLaunch();
  const logic = useMemo(() => provideMemberProfileMachine(siteSettings()), []);
  const actor = useSystemActor(logic, { systemId: 'memberMenu' });
  const betRecord = useSelector(actor, (s) => s.context.profile?.betRecord === true);
  const [confirming, setConfirming] = useState(false);
  // Read again at each opening, so a change made on another screen shows.
  useEffect(() => {
    if (open && actor.getSnapshot().matches('ready')) actor.send({ type: 'profile.reload' });
  }, [open, actor]);
  return (
    <>
      <ProfileLoaded actor={actor}>
        <MemberCard actor={actor} />
        <ul className={styles.rows}>
          {menuEntriesOf({ agent: role === 'agent', betRecord }).map(({ link, icon, labelId }) => (
            <li key={labelId}>
              <Link {...link} className={styles.row} data-press onClick={onClose}>
                <span className={styles.rowLabel}>
                  <Icon name={icon} aria-hidden="true" focusable="false" />
                  {t(labelId)}
                </span>
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.row}
              data-press
              onClick={() => {
                onClose();
                launchChat();
              }}
            >
              <span className={styles.rowLabel}>
                <Icon name="messages-square" aria-hidden="true" focusable="false" />
                {t('title.chat')}
              </span>
            </button>
          </li>
          <li>
            <button type="button" className={styles.row} data-press aria-haspopup="dialog" onClick={() => setConfirming(true)}>
              <span className={styles.rowLabel}>
                <Icon name="log-out" aria-hidden="true" focusable="false" />
                {t('account.signOut')}
              </span>
            </button>
          </li>
        </ul>
      </ProfileLoaded>
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutDialog
            onClose={() => {
              setConfirming(false);
              onClose();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export interface MemberMenuProps {
  open: boolean;
  onClose: () => void;
  LogoutDialog: ComponentType<{ onClose: () => void }>;
}

/**
 * The right-side member menu (spec section 2): for a member, the member card
 * (avatar, VIP label, nickname or account, member ID with copy and its
 * toast, balance), then my account, responsible gaming, the agency centre (agents), the bet
 * record (TRANSBETREPMEM3), the leaderboard, feedback, news, customer service and sign out with its
 * confirmation; for a guest, the default avatar with log in and sign up.
 */
export default function MemberMenu(props: MemberMenuProps) {
  useCatalogPart('identity');
  const t = useT();
  const role = useRole();
  return (
    <Drawer open={props.open} edge="end" title={t('account.menu.title')} closeLabel={t('account.menu.close')} onClose={props.onClose}>
      {role === 'guest' ? (
        <div className={styles.card}>
          <Avatar icon={null} />
          <div className={styles.who}>
            <Link to="/m/login" className={buttonClassName({ variant: 'secondary', block: true })} onClick={props.onClose}>
              {t('header.login')}
            </Link>
            <Link to="/m/register" className={buttonClassName({ variant: 'primary', block: true })} onClick={props.onClose}>
              {t('header.register')}
            </Link>
          </div>
        </div>
      ) : (
        <SignedIn {...props} />
      )}
    </Drawer>
  );
}
