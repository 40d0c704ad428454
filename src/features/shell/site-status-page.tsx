import { Icon } from '../../ui/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { LogoMark } from './logo.tsx';
import styles from './site-status-page.module.css';

/**
 * Maintenance (status 1). `info` is the server's text for this maintenance
 * (shown as plain text, never HTML); without it the standard message shows.
 */
export function MaintenancePage({ info, onRetry }: { info: string | null; onRetry: () => void }) {
  useCatalogPart('status');
  const t = useT();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.brand}>
          <LogoMark />
        </span>
        <span className={styles.icon}>
          <Icon name="construction" aria-hidden="true" focusable="false" />
        </span>
        <h1 className={styles.title}>{t('status.maintenance.title')}</h1>
        <p className={styles.body}>{info?.trim() ? info : t('status.maintenance.body')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('status.retry')}
        </Button>
      </div>
    </main>
  );
}

/** Region / IP restricted (status 2): the visitor's IP as the server saw it. */
export function RestrictedPage({ ip }: { ip: string | null }) {
  useCatalogPart('status');
  const t = useT();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.brand}>
          <LogoMark />
        </span>
        <span className={styles.icon}>
          <Icon name="shield-ban" aria-hidden="true" focusable="false" />
        </span>
        <h1 className={styles.title}>{t('status.restricted.title')}</h1>
        <p className={styles.body}>{t('status.restricted.body')}</p>
        {ip ? <p className={styles.ip}>{t('status.restricted.ip', { ip })}</p> : null}
      </div>
    </main>
  );
}

/** The page the system status calls for (the site layout's one lazy import of this module). */
export default function SiteStatusPage({
  status,
  info,
  ip,
  onRetry,
}: {
  status: 'maintenance' | 'restricted';
  info: string | null;
  ip: string | null;
  onRetry: () => void;
}) {
  return status === 'maintenance' ? <MaintenancePage info={info} onRetry={onRetry} /> : <RestrictedPage ip={ip} />;
}
