import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { maxHistoryQueryLength } from '../../../machines/staff-console.setup.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { StaffConsoleActor } from './staff-console-actor.ts';
import styles from './staff-console.module.css';
import { ConversationRow } from './staff-conversation-row.tsx';

const searchSchema = z.object({ q: z.string().check(z.maxLength(maxHistoryQueryLength)) });
type SearchValues = z.infer<typeof searchSchema>;

/** The search of every conversation, open and closed, by visitor or text; results by page; a result opens read-only. */
export function StaffHistory({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const errorText = useErrorText();
  const inputId = useId();
  const hintId = useId();
  const view = useSelector(actor, (s) =>
    s.matches({ signedIn: { history: 'searching' } })
      ? 'searching'
      : s.matches({ signedIn: { history: 'failed' } })
        ? 'failed'
        : s.matches({ signedIn: { history: 'results' } })
          ? 'results'
          : 'idle',
  );
  const history = useSelector(actor, (s) => s.context.history);
  const historyError = useSelector(actor, (s) => s.context.historyError);
  const staffId = useSelector(actor, (s) => s.context.session?.staff.id ?? null);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const query = useSelector(actor, (s) => s.context.historyQuery);
  const { register, handleSubmit, reset } = useForm<SearchValues>({ resolver: zodResolver(searchSchema), defaultValues: { q: query } });

  const search = (values: SearchValues) => actor.send({ type: 'history.search', q: values.q });
  const page = (pageNo: number) => actor.send({ type: 'history.page', pageNo });

  return (
    <div className={styles.history}>
      <form className={styles.searchForm} noValidate onSubmit={handleSubmit(search)}>
        <label className={styles.label} htmlFor={inputId}>
          {t('staff.history.query')}
        </label>
        <div className={styles.searchRow}>
          <input
            id={inputId}
            className={styles.input}
            type="search"
            maxLength={maxHistoryQueryLength}
            aria-describedby={hintId}
            {...register('q')}
          />
          <Button type="submit" variant="secondary" compact disabled={view === 'searching'}>
            {t('staff.history.submit')}
          </Button>
        </div>
        <span id={hintId} className={styles.hint}>
          {t('staff.history.hint')}
        </span>
      </form>
      {view === 'searching' ? (
        <ul className={styles.rows} aria-busy="true" aria-label={t('staff.history.searching')}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className={styles.skeletonRow} />
            </li>
          ))}
        </ul>
      ) : view === 'failed' ? (
        <LoadFailed headingLevel={2} title={errorText(historyError ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'history.retry' })} />
      ) : view === 'results' && history ? (
        history.list.length === 0 ? (
          <EmptyState icon="search-x" headingLevel={2} title={t('staff.history.empty')} />
        ) : (
          <>
            <p className={styles.muted} role="status">
              {t('staff.history.total', { total: history.total })}
            </p>
            <ul className={styles.rows} aria-label={t('staff.history.results')}>
              {history.list.map((c) => (
                <ConversationRow
                  key={c.id}
                  conversation={c}
                  staffId={staffId}
                  selected={c.id === selectedId}
                  showStatus
                  onOpen={() => actor.send({ type: 'conversation.open', conversationId: c.id, readOnly: true })}
                />
              ))}
            </ul>
            {history.totalPages > 1 ? (
              <nav className={styles.pager} aria-label={t('staff.history.pages')}>
                <Button variant="ghost" compact disabled={history.pageNum <= 1} onClick={() => page(history.pageNum - 1)}>
                  {t('staff.history.previous')}
                </Button>
                <span className={styles.pageOf}>{t('staff.history.page', { page: history.pageNum, pages: history.totalPages })}</span>
                <Button variant="ghost" compact disabled={history.pageNum >= history.totalPages} onClick={() => page(history.pageNum + 1)}>
                  {t('staff.history.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )
      ) : null}
      {view !== 'idle' ? (
        <Button
          variant="ghost"
          compact
          onClick={() => {
            reset({ q: '' });
            actor.send({ type: 'history.clear' });
          }}
        >
          {t('staff.history.clear')}
        </Button>
      ) : null}
    </div>
  );
}
