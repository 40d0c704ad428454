import { Link } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { useSession } from '../../app/app-actor.tsx';
import { useT } from '../../i18n/use-t.ts';
import { IconButton, iconButtonClassName } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './header.module.css';
import { useShellSlots } from './shell-slots.tsx';

/** Signed in: balance + deposit + withdraw + log out (after a confirm, see LogoutDialog). */
export default function MemberActions({ atHome }: { atHome: boolean }) {
  const t = useT();
  const token = useSession()?.token;
  // The balance widget and the logout confirm (its machine) load on demand: the shell's slots.
  const { BalanceWidget, LogoutDialog } = useShellSlots();
  const [confirming, setConfirming] = useState(false);
  const closeLogout = useCallback(() => setConfirming(false), []);
  return (
    <>
      {token ? (
        <Suspense fallback={<span className={styles.balancePending} />}>
          <BalanceWidget key={token} atHome={atHome} />
        </Suspense>
      ) : null}
      <Link to="/m/voucherCenter" className={`${iconButtonClassName} ${styles.deposit}`} aria-label={t('header.deposit')}>
        <Icon name="wallet" aria-hidden="true" focusable="false" />
      </Link>
      <Link to="/m/withdraw" className={iconButtonClassName} aria-label={t('header.withdraw')}>
        <Icon name="banknote" aria-hidden="true" focusable="false" />
      </Link>
      <IconButton icon="log-out" label={t('header.logout')} aria-haspopup="dialog" onClick={() => setConfirming(true)} />
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutDialog onClose={closeLogout} />
        </Suspense>
      ) : null}
    </>
  );
}
