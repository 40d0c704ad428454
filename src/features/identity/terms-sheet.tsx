import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { termsMissingMessage } from '../../../machines/terms.machine.ts';
import type { TermsActor } from '../../app/terms-actors.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useIdentityText } from './form-parts.tsx';
import styles from './identity-form.module.css';

/** The sanitising renderer (DOMPurify) loads when the terms are shown. */
const SafeHtml = lazy(() => import('../../ui/safe-html.tsx').then((m) => ({ default: m.SafeHtml })));

/** The words of the disclaimer that open the terms: a button inside the checkbox's label that does not tick it. */
export function TermsButton({ actor }: { actor: TermsActor }) {
  const t = useT();
  return (
    <button type="button" className={styles.termsButton} aria-haspopup="dialog" onClick={() => actor.send({ type: 'terms.open' })}>
      {t('identity.register.terms')}
    </button>
  );
}

function TermsSkeleton() {
  const t = useT();
  return (
    <div className={styles.termsBody} role="status" aria-busy="true" aria-label={t('identity.terms.loading')}>
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <Skeleton key={key} className={styles.termsLine} />
      ))}
    </div>
  );
}

/**
 * The terms and conditions in a bottom sheet, while the terms machine is not
 * closed: a skeleton while they load, their title and sanitised content, or
 * the reason they could not be shown with a retry button. Closing (the Close
 * button, Escape, a tap on the scrim) returns focus to the words that opened it.
 */
export function TermsSheet({ actor }: { actor: TermsActor }) {
  const t = useT();
  const text = useIdentityText();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const item = useSelector(actor, (s) => (s.matches('shown') ? s.context.item : null));
  const errorCode = useSelector(actor, (s) => (s.matches('failed') ? s.context.errorCode : null));
  if (!open) return null;
  const close = () => actor.send({ type: 'terms.close' });
  return (
    <Sheet title={item?.title ?? t('identity.terms.title')} onClose={close}>
      {item ? (
        <Suspense fallback={<TermsSkeleton />}>
          <SafeHtml html={item.content} className={styles.termsBody} />
        </Suspense>
      ) : errorCode ? (
        <EmptyState
          icon={errorCode === termsMissingMessage ? 'search-x' : 'wifi-off'}
          tone="danger"
          role="alert"
          headingLevel={3}
          title={text(errorCode)}
          action={
            <Button variant="secondary" onClick={() => actor.send({ type: 'terms.retry' })}>
              {t('identity.retry')}
            </Button>
          }
        />
      ) : (
        <TermsSkeleton />
      )}
      <div className={styles.termsActions}>
        <Button variant="ghost" block onClick={close}>
          {t('identity.terms.close')}
        </Button>
      </div>
    </Sheet>
  );
}
