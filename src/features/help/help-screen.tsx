import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { shownIndex } from '../../../machines/help-center.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { useLanguageChanges } from '../../app/app-actor.tsx';
import { provideHelpCenterMachine } from '../../app/help-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './help.module.css';

/** The sanitising renderer (DOMPurify) loads with the first item shown. */
const SafeHtml = lazy(() => import('../../ui/safe-html.tsx').then((m) => ({ default: m.SafeHtml })));

function PaneSkeleton() {
  const t = useT();
  return (
    <div className={styles.pane} role="status" aria-busy="true" aria-label={t('help.loading')}>
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} className={styles.line} />
      ))}
    </div>
  );
}

/**
 * The help centre (/m/help?i=): a menu of the help items' titles on the left
 * and the chosen item's sanitised HTML on the right, in the site's language.
 * The chosen item lives in the address (`i`, default 0): a menu tap asks the
 * route to change it (`onSelect`), and the address tells the machine. Below
 * the menu, a link to the feedback screen (/m/feedback).
 */
export function HelpScreen({ selected, onSelect }: { selected: number; onSelect: (index: number) => void }) {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideHelpCenterMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'helpCenter', input: { selected } });
  useLanguageChanges(actor);
  useEffect(() => actor.send({ type: 'help.select', index: selected }), [actor, selected]);
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : 'loading'));
  const items = useSelector(actor, (s) => s.context.items);
  const shown = useSelector(actor, (s) => shownIndex(s.context));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  if (state === 'empty') return <EmptyState icon="circle-question-mark" title={t('help.empty.title')} body={t('help.empty.body')} />;
  if (state === 'failed') {
    return (
      <div className={styles.message}>
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('help.retry')} onRetry={() => actor.send({ type: 'help.retry' })} />
      </div>
    );
  }
  const item = state === 'ready' ? items[shown] : undefined;
  return (
    <div className={styles.layout}>
      <nav className={styles.menu} aria-label={t('help.menu')}>
        {state === 'ready' ? (
          <ul className={styles.menuList}>
            {items.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an item is its position (`?i=` addresses items by index)
              <li key={index}>
                <button
                  type="button"
                  className={styles.menuItem}
                  aria-current={index === shown ? 'page' : undefined}
                  onClick={() => onSelect(index)}
                >
                  {entry.title}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.menuList} aria-hidden="true">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className={styles.menuSkeleton} />
            ))}
          </div>
        )}
        {/* Feedback (spec section 3): a question for the operator, from the help centre too (member-only: a guest is asked to log in). */}
        <Link to="/m/feedback" className={`${styles.menuItem} ${styles.feedbackLink}`}>
          {t('help.feedback')}
        </Link>
      </nav>
      {item ? (
        <article className={styles.pane} aria-labelledby="help-item-title">
          <h2 id="help-item-title" className={styles.title}>
            {item.title}
          </h2>
          <Suspense fallback={<Skeleton className={styles.line} />}>
            <SafeHtml html={item.content} className={styles.content} />
          </Suspense>
        </article>
      ) : (
        <PaneSkeleton />
      )}
    </div>
  );
}
