import { Link } from '@tanstack/react-router';
import { ChevronRight, LogOut, Settings } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import styles from './identity-form.module.css';
import LogoutDialog from './logout-dialog.tsx';

/** Personal settings (/m/set): the account, change password (not for trial accounts) and log out. */
export function SettingsScreen() {
  const t = useT();
  const role = useRole();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const closeLogout = useCallback(() => setConfirming(false), []);

  if (role === 'guest' || !session) {
    return (
      <EmptyState
        icon={Settings}
        title={t('identity.set.guest')}
        action={
          <Link to="/m/login" className={buttonClassName()}>
            {t('header.login')}
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.screen}>
      <p className={styles.lead}>{t('identity.set.account', { userName: session.userName })}</p>
      <div className={styles.list}>
        {role !== 'trial' ? (
          <Link to="/m/changePsw" className={styles.row}>
            {t('identity.set.changePassword')}
            <ChevronRight aria-hidden="true" focusable="false" />
          </Link>
        ) : null}
        <button type="button" className={styles.row} onClick={() => setConfirming(true)}>
          {t('identity.set.logout')}
          <LogOut aria-hidden="true" focusable="false" />
        </button>
      </div>
      {confirming ? <LogoutDialog onClose={closeLogout} /> : null}
    </div>
  );
}
