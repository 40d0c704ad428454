import { Link, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useBrandName } from '../../app/brand.ts';
import { backTarget, navbarMode, titleId } from '../../app/layout-rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { IconButton } from '../../ui/button.tsx';
import { LogoContent, logoClassName } from './logo.tsx';
import styles from './navbar.module.css';

function BackButton({ path }: { path: string }) {
  const t = useT();
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const target = backTarget(path);
  const goBack = () => {
    if (target === 'history' && canGoBack) router.history.back();
    else navigate({ to: '/m/home', replace: target === 'history' });
  };
  return <IconButton icon="chevron-left" label={t('shell.back')} onClick={goBack} />;
}

/**
 * The navbar: logo on home paths, a back arrow elsewhere (none on
 * /m/changePsw), and the screen title as the page's one h1 (visually hidden
 * next to the logo, which already says where you are).
 */
export function Navbar({ path, centred = false }: { path: string; centred?: boolean }) {
  const t = useT();
  const mode = navbarMode(path);
  const name = useBrandName();
  return (
    <div className={[styles.navbar, centred && mode !== 'logo' && styles.centred].filter(Boolean).join(' ')}>
      <div className={styles.lead}>
        {mode === 'logo' ? (
          <Link to="/m/home" className={logoClassName} aria-label={t('shell.logo', { name })}>
            <LogoContent name={name} />
          </Link>
        ) : mode === 'back' ? (
          <BackButton path={path} />
        ) : (
          <span className={styles.spacer} />
        )}
      </div>
      <h1 className={mode === 'logo' ? styles.hidden : styles.title}>{t(titleId(path))}</h1>
    </div>
  );
}
