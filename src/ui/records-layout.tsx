import { DateInput } from './date-input.tsx';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RecordFilter, recordsMachine } from '../../machines/records.machine.ts';
import { useCatalogPart } from '../i18n/i18n-provider.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { useErrorText, useT } from '../i18n/use-t.ts';
import { Button } from './button.tsx';
import { EmptyState, LoadFailed } from './empty-state.tsx';
import { MessageAlert } from './message-alert.tsx';
import { type CurrencyLike, useFormatMoney } from './money-format.ts';
import styles from './records-layout.module.css';
import { Skeleton } from './skeleton.tsx';

/** A record list's actor (machines/records.machine.ts), whatever endpoint its loader reads. */
export type RecordsActor = ActorRefFrom<typeof recordsMachine>;

/** The row classes of a record list (its items, money columns and signs), for the screens that render rows. */
export const recordStyles = styles;

/**
 * The totals of a record list over its whole filter, above it. They keep
 * their place while they load (the date filter below them does not jump down
 * when they come); they leave only when the list could not be loaded, which
 * says so itself.
 */
export function Totals({
  actor,
  label,
  entries,
  currency,
}: {
  actor: RecordsActor;
  label: MessageId;
  entries: { labelId: MessageId; key: string; signed?: boolean }[];
  currency: CurrencyLike;
}) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const summary = useSelector(actor, (s) => s.context.summary as Record<string, number> | null);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  if (failed && !summary) return null;
  return (
    <section className={styles.summary} aria-label={t(label)} aria-busy={!summary}>
      {entries.map(({ labelId, key, signed = false }) => {
        const amount = summary?.[key];
        return (
          <span key={key}>
            {t(labelId)}
            {amount === undefined ? (
              <strong>
                <Skeleton className={styles.summaryPending} />
              </strong>
            ) : (
              <strong className={signed ? (amount < 0 ? styles.minus : styles.plus) : undefined}>
                {formatMoney(amount, currency, signed ? { signed } : undefined)}
              </strong>
            )}
          </span>
        );
      })}
    </section>
  );
}

function DateFilter({ actor }: { actor: RecordsActor }) {
  const t = useT();
  const filter = useSelector(actor, (s) => s.context.filter);
  const set = (patch: Partial<RecordFilter>) => actor.send({ type: 'records.filter', filter: patch });
  return (
    <div className={styles.dates}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="records-from">
          {t('money.records.from')}
        </label>
        <div className={styles.control}>
          <DateInput id="records-from" mode="date" className={styles.input} value={filter.startDate ?? ''} onValue={(value) => set({ startDate: value || null })} />
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="records-to">
          {t('money.records.to')}
        </label>
        <div className={styles.control}>
          <DateInput id="records-to" mode="date" className={styles.input} value={filter.endDate ?? ''} onValue={(value) => set({ endDate: value || null })} />
        </div>
      </div>
    </div>
  );
}

/** A paged record list's screen: its filters, the date range, and the rows as they load, with its own words when it is empty. */
export function RecordsLayout({
  actor,
  filters,
  renderItem,
  empty = { title: 'money.records.empty', body: 'money.records.emptyBody' },
  label = 'money.records.list',
}: {
  actor: RecordsActor;
  filters: ReactNode;
  renderItem: (item: unknown) => ReactNode;
  empty?: { title: MessageId; body: MessageId };
  label?: MessageId;
}) {
  // Its words (the dates, "more", the empty list) are the money part's.
  useCatalogPart('money');
  const t = useT();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const items = useSelector(actor, (s) => s.context.items);
  const hasMore = useSelector(actor, (s) => s.context.pageNum < s.context.totalPages);
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: 'loadingMore' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    // Within 300 px of the end of the list, the next page loads (spec section 9).
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) actor.send({ type: 'records.more' });
    }, { rootMargin: '300px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [actor, hasMore]);

  return (
    <div className={styles.screen}>
      <div className={styles.filters}>
        {filters}
        <DateFilter actor={actor} />
      </div>
      {state === 'loading' ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('in_please_wait')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i}>
              <Skeleton className={styles.skeletonRow} />
            </li>
          ))}
        </ul>
      ) : state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'records.retry' })} />
      ) : items.length === 0 ? (
        <>
          <MessageAlert messageId={errorCode} />
          <EmptyState icon="receipt-text" title={t(empty.title)} body={t(empty.body)} />
        </>
      ) : (
        <>
          <MessageAlert messageId={errorCode} />
          <ul className={styles.list} aria-label={t(label)}>
            {items.map(renderItem)}
          </ul>
          {hasMore ? (
            <div ref={sentinel} className={styles.more}>
              <Button variant="ghost" compact disabled={loadingMore} onClick={() => actor.send({ type: 'records.more' })}>
                {loadingMore ? t('in_please_wait') : t('money.records.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
