import { useT } from '../../i18n/use-t.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';

/** Shown while a slow screen loads (after the router's pending delay). */
export function RoutePending() {
  const t = useT();
  return <PageSkeleton label={t('in_please_wait')} />;
}
