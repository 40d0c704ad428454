import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type LeaderboardBoard, type LeaderboardPeriod, leaderboardBoards, leaderboardPeriods } from '../../../contract/leaderboard.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideLeaderboardMachine } from '../../app/leaderboard-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './leaderboard.module.css';

const boardIds: Record<LeaderboardBoard, MessageId> = {
  winners: 'loyalty.leaderboard.board.winners',
  turnover: 'loyalty.leaderboard.board.turnover',
};
const periodIds: Record<LeaderboardPeriod, MessageId> = {
  day: 'loyalty.leaderboard.period.day',
  week: 'loyalty.leaderboard.period.week',
  month: 'loyalty.leaderboard.period.month',
};
const rulesIds: Record<LeaderboardBoard, MessageId> = {
  winners: 'loyalty.leaderboard.rules.winners',
  turnover: 'loyalty.leaderboard.rules.turnover',
};

/** Rows shaped like the list while a board loads. */
const skeletonRows = [1, 2, 3, 4, 5, 6];

/**
 * The leaderboard (/m/leaderboard; spec section 2, named screens): the top 20
 * winners (net win) or turnover of the day, week or month (UTC), the period's
 * dates, and the member's own rank pinned above the list (and highlighted in it
 * when among the top 20). Tabs, loading, failure and retry are the machine's
 * (machines/leaderboard.machine.ts); amounts are the server's, only formatted.
 */
export function LeaderboardScreen() {
  useCatalogPart('identity');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const logic = useMemo(() => provideLeaderboardMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'leaderboard' });
  const state = useSelector(actor, (s) => s.value as 'loading' | 'loaded' | 'failed');
  const board = useSelector(actor, (s) => s.context.board);
  const period = useSelector(actor, (s) => s.context.period);
  const leaderboard = useSelector(actor, (s) => s.context.leaderboard);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  const day = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const lastDay = (iso: string) => day(new Date(Date.parse(iso) - 1).toISOString());

  return (
    <div className={styles.screen}>
      <fieldset className={styles.chips} aria-label={t('loyalty.leaderboard.boards')}>
        {leaderboardBoards.map((code) => (
          <button key={code} type="button" className={styles.chip} aria-pressed={board === code} onClick={() => actor.send({ type: 'board.select', board: code })}>
            {t(boardIds[code])}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.chips} aria-label={t('loyalty.leaderboard.periods')}>
        {leaderboardPeriods.map((code) => (
          <button key={code} type="button" className={styles.chip} aria-pressed={period === code} onClick={() => actor.send({ type: 'period.select', period: code })}>
            {t(periodIds[code])}
          </button>
        ))}
      </fieldset>
      <p className={styles.hint}>{t(rulesIds[board])}</p>

      {state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'leaderboard.retry' })} />
      ) : !leaderboard ? (
        <div className={styles.loading} role="status" aria-busy="true" aria-label={t('in_please_wait')}>
          <Skeleton className={styles.mineSkeleton} />
          {skeletonRows.map((n) => (
            <Skeleton key={n} className={styles.rowSkeleton} />
          ))}
        </div>
      ) : (
        <>
          <p className={styles.hint}>
            {t('loyalty.leaderboard.range', { start: day(leaderboard.periodStart), end: lastDay(leaderboard.periodEnd) })}
          </p>
          <section className={styles.mine} aria-labelledby="leaderboard-mine">
            <h2 id="leaderboard-mine" className={styles.mineLabel}>
              {t('loyalty.leaderboard.mine')}
            </h2>
            {leaderboard.mine ? (
              <p className={styles.mineFigures}>
                <span className={styles.mineRank}>{t('loyalty.leaderboard.rank', { rank: leaderboard.mine.rank })}</span>
                <span className={styles.money}>{formatMoney(leaderboard.mine.amount, leaderboard.currency)}</span>
              </p>
            ) : (
              <p className={styles.hint}>{t('loyalty.leaderboard.mineNone')}</p>
            )}
          </section>
          {leaderboard.list.length === 0 ? (
            <EmptyState icon="crown" title={t('loyalty.leaderboard.empty')} body={t('loyalty.leaderboard.emptyBody')} />
          ) : (
            <ol className={styles.list} aria-label={t('loyalty.leaderboard.top', { count: leaderboard.list.length })}>
              {leaderboard.list.map((entry) => {
                const own = leaderboard.mine?.rank === entry.rank;
                return (
                  <li key={entry.rank} className={own ? `${styles.row} ${styles.own}` : styles.row} aria-current={own ? 'true' : undefined}>
                    <span className={entry.rank <= 3 ? `${styles.rank} ${styles.podium}` : styles.rank}>
                      {entry.rank <= 3 ? <Icon name="crown" size={16} aria-hidden="true" focusable="false" /> : null}
                      {intl.formatNumber(entry.rank)}
                    </span>
                    <span className={styles.name}>
                      {entry.name}
                      {own ? <span className={styles.you}>{t('loyalty.leaderboard.you')}</span> : null}
                    </span>
                    <span className={styles.money}>{formatMoney(entry.amount, leaderboard.currency)}</span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
