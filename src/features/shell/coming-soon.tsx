import { Link } from '@tanstack/react-router';
import type { IconName } from '../../ui/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';

/** The designed placeholder of a screen whose feature comes later. */
export function ComingSoon({ icon }: { icon: IconName }) {
  useCatalogPart('status');
  const t = useT();
  return (
    <EmptyState
      icon={icon}
      title={t('empty.comingSoon.title')}
      body={t('empty.comingSoon.body')}
      action={
        <Link to="/m/home" className={buttonClassName({ variant: 'secondary' })}>
          {t('empty.backHome')}
        </Link>
      }
    />
  );
}
