import { useRouter } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';

/** A screen that failed to load (e.g. its chunk): "Loading failed, click to retry". */
export function RouteError() {
  const t = useT();
  const router = useRouter();
  return (
    <EmptyState
      icon="refresh-cw"
      tone="danger"
      role="alert"
      title={t('error.load.retry')}
      action={
        <Button variant="secondary" onClick={() => router.invalidate()}>
          {t('status.retry')}
        </Button>
      }
    />
  );
}
