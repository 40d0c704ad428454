import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Issue } from '../../../contract/lottery.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideLotteryResults } from '../../app/lottery-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Balls, LotteryLinks, MoreButton } from './lottery-parts.tsx';
import styles from './lottery.module.css';

/**
 * A lottery's results (/m/lotto/results/$gameCode): its draws by issue,
 * newest first, a page at a time (the record list's machine), each with its
 * numbers, draw time, the seed's hash published before betting and the seed
 * revealed with the draw, and how to check a draw.
 */
export function LotteryResultsScreen({ gameCode }: { gameCode: string }) {
  useCatalogPart('lobby');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const logic = useMemo(() => provideLotteryResults(gameCode), [gameCode]);
  const actor = useSystemActor(logic, { systemId: 'lotteryResults', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const issues = useSelector(actor, (s) => s.context.items as Issue[]);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const hasMore = useSelector(actor, (s) => s.context.pageNum < s.context.totalPages);
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: 'loadingMore' }));
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{t('lottery.results.verify', { gameCode })}</p>
      {state === 'loading' ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'records.retry' })} />
      ) : issues.length === 0 ? (
        <EmptyState icon="file-clock" title={t('lottery.results.empty')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('lottery.results.list')}>
            {issues.map((issue) => (
              <li key={issue.issueNo} className={styles.item}>
                <span className={styles.itemTitle}>{t('lottery.issue', { issueNo: issue.issueNo })}</span>
                <span className={styles.itemMeta}>{intl.formatDate(issue.drawAt, { dateStyle: 'short', timeStyle: 'medium' })}</span>
                <div className={styles.wide}>{issue.numbers.length ? <Balls numbers={issue.numbers} /> : t('lottery.order.notDrawn')}</div>
                <span className={`${styles.itemMeta} ${styles.wide}`}>{t('lottery.results.seedHash', { hash: issue.seedHash })}</span>
                {issue.seed ? <span className={`${styles.itemMeta} ${styles.wide}`}>{t('lottery.results.seed', { seed: issue.seed })}</span> : null}
              </li>
            ))}
          </ul>
          <MessageAlert messageId={errorCode} />
          {hasMore ? <MoreButton loading={loadingMore} onMore={() => actor.send({ type: 'records.more' })} /> : null}
        </>
      )}
      <LotteryLinks />
    </div>
  );
}

