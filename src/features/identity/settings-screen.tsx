import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { useCallback, useState } from 'react';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import styles from './identity-form.module.css';
import LogoutDialog from './logout-dialog.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/** Personal settings (/m/set): the account, change password (not for trial accounts) and log out. */
export function SettingsScreen() {
  useCatalogPart('identity');
  const t = useT();
  const role = useRole();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const closeLogout = useCallback(() => setConfirming(false), []);

  if (role === 'guest' || !session) {
    return (
      <EmptyState
        icon="settings"
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
            <Icon name="chevron-right" aria-hidden="true" focusable="false" />
          </Link>
        ) : null}
        <button type="button" className={styles.row} onClick={() => setConfirming(true)}>
          {t('identity.set.logout')}
          <Icon name="log-out" aria-hidden="true" focusable="false" />
        </button>
      </div>
      {confirming ? <LogoutDialog onClose={closeLogout} /> : null}
    </div>
  );
}
