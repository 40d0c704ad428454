import { Link } from '@tanstack/react-router';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useAppSend, useRole } from '../../app/app-actor.tsx';
import { isHomePath, showsHeader } from '../../app/layout-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { buttonClassName, IconButton } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import styles from './header.module.css';
import { Navbar } from './navbar.tsx';
import { SideMenu } from './side-menu.tsx';

/** Guest: log in + sign up. Signed in: deposit + withdraw + log out (after a confirm). */
function AccountActions() {
  const t = useT();
  const role = useRole();
  const send = useAppSend();
  const [confirming, setConfirming] = useState(false);

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
      <Link to="/m/voucherCenter" className={buttonClassName({ variant: 'primary', compact: true })}>
        {t('header.deposit')}
      </Link>
      <Link to="/m/withdraw" className={buttonClassName({ variant: 'ghost', compact: true })}>
        {t('header.withdraw')}
      </Link>
      <IconButton icon={LogOut} label={t('header.logout')} onClick={() => setConfirming(true)} />
      <ConfirmDialog
        open={confirming}
        message={t('in_sure_logout')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('dialog.submit')}
        onCancel={() => setConfirming(false)}
        onSubmit={() => {
          setConfirming(false);
          send({ type: 'session.logout' });
        }}
      />
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
