import { Link } from '@tanstack/react-router';
import { useCatalogPart } from '../i18n/i18n-provider.tsx';
import { useT } from '../i18n/use-t.ts';
import { buttonClassName } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** What a trial account sees on a screen real accounts only may use (deposit, withdraw, security center): free_reject, and sign up. */
export function TrialRefused() {
  useCatalogPart('money');
  const t = useT();
  return (
    <EmptyState
      icon="shield-exclamation-point"
      title={t('free_reject')}
      action={
        <Link to="/m/register" className={buttonClassName()}>
          {t('header.register')}
        </Link>
      }
    />
  );
}
