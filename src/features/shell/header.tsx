import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePublishedBlockSize } from '../../ui/published-size.ts';
import { useAppSend, useRole, useSessionEnded } from '../../app/app-actor.tsx';
import { isHomePath, showsHeader } from '../../app/layout-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName, IconButton, iconButtonClassName } from '../../ui/button.tsx';
import styles from './header.module.css';
import { Navbar } from './navbar.tsx';
import { useShellSlots } from './shell-slots.tsx';


/** The side menu (with its icons and dialog) loads on the first tap of its toggle. */
const SideMenu = lazy(() => import('./side-menu.tsx'));


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
  return signedIn;
}

/**
 * The session's notices: of a session the server ended, and the reality check and session limit of a
 * signed-in member (session-ended-notice.tsx). Their own chunk, loaded when there is a session or one just ended.
 */
const SessionEndedNotice = lazy(() => import('./session-ended-notice.tsx'));

/** A signed-in member's actions (balance, deposit, withdraw, log out): their own chunk, so a guest's first load does not carry them. */
const MemberActions = lazy(() => import('./member-actions.tsx'));

/** Guest: free play + log in + sign up. Signed in: the member's actions (member-actions.tsx). */
function AccountActions({ atHome }: { atHome: boolean }) {
  const t = useT();
  const role = useRole();
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
    // Their room is kept until they come (the balance and three buttons), so nothing moves when they do.
    <Suspense
      fallback={
        <>
          <span className={styles.balancePending} />
          <span className={styles.iconPending} />
          <span className={styles.iconPending} />
          <span className={styles.iconPending} />
        </>
      }
    >
      <MemberActions atHome={atHome} />
    </Suspense>
  );
}

/**
 * A drawer's toggle: the drawer (loaded on demand) is mounted from its first
 * opening on, so that closing it animates like any drawer; it is a portal,
 * so where the toggle sits does not matter.
 */
function DrawerToggle({ icon, label, Menu }: { icon: IconName; label: string; Menu: ComponentType<{ open: boolean; onClose: () => void }> }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        icon={icon}
        label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <Menu open={open} onClose={() => setOpen(false)} />
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
  const { MemberMenu } = useShellSlots();
  const sessionEnded = useSessionEnded();
  const header = showsHeader(path);
  const home = isHomePath(path);
  const inner = useRef<HTMLDivElement>(null);
  usePublishedBlockSize(inner, '--header-height');
  const signedIn = useSessionRenewal(path);
  return (
    <header className={styles.header}>
      <div ref={inner} className={styles.inner}>
        {header && home ? <DrawerToggle icon="menu" label={t('shell.menu.open')} Menu={SideMenu} /> : null}
        <Navbar path={path} centred={!header} />
        {header ? (
          <nav className={styles.actions} aria-label={t('shell.header.actions')}>
            <AccountActions atHome={home} />
            {home ? <DrawerToggle icon="user-round" label={t('shell.memberMenu.open')} Menu={MemberMenu} /> : null}
          </nav>
        ) : null}
      </div>
      {sessionEnded || signedIn ? (
        <Suspense fallback={null}>
          <SessionEndedNotice />
        </Suspense>
      ) : null}
    </header>
  );
}
