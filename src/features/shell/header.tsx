import { Link } from '@tanstack/react-router';
import { Banknote, LogOut, Menu, Wallet } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { isHomePath, showsHeader } from '../../app/layout-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName, IconButton, iconButtonClassName } from '../../ui/button.tsx';
import styles from './header.module.css';
import { Navbar } from './navbar.tsx';
import { SideMenu } from './side-menu.tsx';

/** The logout confirm runs the logout machine; loaded on the first tap so the shell stays small. */
const LogoutDialog = lazy(() => import('../identity/logout-dialog.tsx'));

/** The balance widget and its machine load after the first paint, for signed-in players only. */
const BalanceWidget = lazy(() => import('../money/balance-widget.tsx'));

/** Guest: log in + sign up. Signed in: balance + deposit + withdraw + log out (after a confirm, see LogoutDialog). */
function AccountActions() {
  const t = useT();
  const role = useRole();
  const token = useSession()?.token;
  const [confirming, setConfirming] = useState(false);
  const closeLogout = useCallback(() => setConfirming(false), []);

  if (role === 'guest') {
    return (
      <>
        <Link to="/m/login" className={buttonClassName({ variant: 'secondary', compact: true })}>
          {t('header.login')}
        </Link>
        <Link to="/m/register" className={buttonClassName({ variant: 'primary', compact: true })}>
          {t('header.register')}
        </Link>
      </>
    );
  }
  return (
    <>
      {token ? (
        <Suspense fallback={null}>
          <BalanceWidget token={token} />
        </Suspense>
      ) : null}
      <Link to="/m/voucherCenter" className={`${iconButtonClassName} ${styles.deposit}`} aria-label={t('header.deposit')}>
        <Wallet aria-hidden="true" focusable="false" />
      </Link>
      <Link to="/m/withdraw" className={iconButtonClassName} aria-label={t('header.withdraw')}>
        <Banknote aria-hidden="true" focusable="false" />
      </Link>
      <IconButton icon={LogOut} label={t('header.logout')} onClick={() => setConfirming(true)} />
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutDialog onClose={closeLogout} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The fixed top bar. It always carries the navbar (logo or back arrow, and
 * the title); where the spec's header shows (`showsHeader`) it adds the side
 * menu toggle (home paths) and the account actions. See docs/layout-rules.md.
 */
export function Header({ path }: { path: string }) {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const header = showsHeader(path);
  const home = isHomePath(path);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {header && home ? (
          <IconButton
            icon={Menu}
            label={t('shell.menu.open')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          />
        ) : null}
        <Navbar path={path} centred={!header} />
        {header ? (
          <nav className={styles.actions} aria-label={t('shell.header.actions')}>
            <AccountActions />
          </nav>
        ) : null}
      </div>
      {header && home ? <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
