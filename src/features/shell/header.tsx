import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { usePublishedBlockSize } from '../../ui/published-size.ts';
import { useIntl } from 'react-intl';
import { useAppSend, useRole, useSession, useSessionEnded } from '../../app/app-actor.tsx';
import { isHomePath, showsHeader } from '../../app/layout-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName, IconButton, iconButtonClassName } from '../../ui/button.tsx';
import styles from './header.module.css';
import { Navbar } from './navbar.tsx';
import { useShellSlots } from './shell-slots.tsx';


/** The side menu (with its icons and dialog) loads on the first tap of its toggle. */
const SideMenu = lazy(() => import('./side-menu.tsx').then((m) => ({ default: m.SideMenu })));


/**
 * Spec sections 2 and 7: the member session is renewed when the header mounts
 * (which also proves a restored session is still alive) and whenever home
 * opens. The app machine runs the call and ends a session the server has ended.
 */
function useSessionRenewal(path: string) {
  const send = useAppSend();
  const signedIn = useRole() !== 'guest';
  const home = isHomePath(path);
  const mounting = useRef(true);
  useEffect(() => {
    const atMount = mounting.current;
    mounting.current = false;
    if (signedIn && (atMount || home)) send({ type: 'session.renew' });
  }, [signedIn, home, send]);
}

/**
 * When the server has ended the session: 'The account has been logged out,
 * please log in again' (or the reason's own message, e.g. logged in on another
 * device), for as long as the app machine shows it (it also opens the login screen).
 */
function SessionEndedNotice() {
  const intl = useIntl();
  const errorCode = useSessionEnded();
  if (!errorCode) return null;
  const own = `error.${errorCode}`;
  return (
    <p className={styles.toast} role="alert">
      {intl.formatMessage({ id: own in intl.messages ? own : 'error.user.or.token.invalid' })}
    </p>
  );
}

/** Guest: free play + log in + sign up. Signed in: balance + deposit + withdraw + log out (after a confirm, see LogoutDialog). */
function AccountActions({ atHome }: { atHome: boolean }) {
  const t = useT();
  const role = useRole();
  const token = useSession()?.token;
  // The balance widget and the logout confirm (its machine) load on demand: the shell's slots.
  const { BalanceWidget, LogoutDialog } = useShellSlots();
  const [confirming, setConfirming] = useState(false);
  const closeLogout = useCallback(() => setConfirming(false), []);

  if (role === 'guest') {
    return (
      <>
        <Link to="/m/trail" className={iconButtonClassName} aria-label={t('header.trial')}>
          <Icon name="gamepad-2" aria-hidden="true" focusable="false" />
        </Link>
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

/**
 * The fixed top bar. It always carries the navbar (logo or back arrow, and
 * the title); where the spec's header shows (`showsHeader`) it adds the side
 * menu toggle (home paths) and the account actions. See docs/layout-rules.md.
 */
export function Header({ path }: { path: string }) {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so that closing it animates like any drawer.
  const [menuWanted, setMenuWanted] = useState(false);
  const header = showsHeader(path);
  const home = isHomePath(path);
  const inner = useRef<HTMLDivElement>(null);
  usePublishedBlockSize(inner, '--header-height');
  useSessionRenewal(path);
  return (
    <header className={styles.header}>
      <div ref={inner} className={styles.inner}>
        {header && home ? (
          <IconButton
            icon="menu"
            label={t('shell.menu.open')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          />
        ) : null}
        <Navbar path={path} centred={!header} />
        {header ? (
          <nav className={styles.actions} aria-label={t('shell.header.actions')}>
            <AccountActions atHome={home} />
          </nav>
        ) : null}
      </div>
      {header && home && menuWanted ? (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
      <SessionEndedNotice />
    </header>
  );
}
