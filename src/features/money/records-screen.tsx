import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { RecordFilter } from '../../../machines/records.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideBetRecords, provideTransactionRecords } from '../../app/money-actors.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import styles from './money.module.css';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { useSiteCurrency } from './money-parts.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/** Record types of /m/transaction/record?types= (A all, D deposits, W withdrawals, G games, O bonuses and adjustments). */
export const recordTypeCodes = ['A', 'D', 'W', 'G', 'O'] as const;
export type RecordTypeCode = (typeof recordTypeCodes)[number];
export const recordTypeOf = (types: string): RecordTypeCode => (recordTypeCodes as readonly string[]).includes(types) ? (types as RecordTypeCode) : 'A';

interface TransactionRow {
  id: number;
  kind: string;
  account: 'wallet' | 'hold';
  amount: number;
  balanceAfter: number;
  reference: string | null;
  createdAt: string;
}

interface BetRow {
  id: number;
  roundId: string;
  gameName: string | null;
  vendorCode: string;
  stake: number;
  win: number;
  profit: number;
  status: 'open' | 'settled' | 'rolled_back';
  createdAt: string;
}

interface BetSummary {
  stake: number;
  win: number;
  profit: number;
}

/**
 * What a movement of the withdrawal hold (account `hold`) is to the player:
 * not a change of the balance, so shown without a sign, with the amount on
 * hold after it. Placing the hold takes the amount off the balance (the
 * wallet row, "Withdrawal requested"); paying it out or releasing it moves
 * only the hold (a release also returns the amount to the balance).
 */
const holdKindIds: Record<string, MessageId> = {
  'withdraw.hold': 'money.kind.heldForWithdrawal',
  'withdraw.pay': 'money.kind.withdrawPay',
  'withdraw.release': 'money.kind.holdReleased',
};

const kindIds: Record<string, MessageId> = {
  deposit: 'money.kind.deposit',
  bonus: 'money.kind.bonus',
  'withdraw.hold': 'money.kind.withdrawHold',
  'withdraw.pay': 'money.kind.withdrawPay',
  'withdraw.release': 'money.kind.withdrawRelease',
  bet: 'money.kind.bet',
  win: 'money.kind.win',
  rollback: 'money.kind.rollback',
  adjust: 'money.kind.adjust',
};

const betStatusIds: Record<BetRow['status'], MessageId> = {
  open: 'money.bet.open',
  settled: 'money.bet.settled',
  rolled_back: 'money.bet.rolledBack',
};


type RecordsActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideTransactionRecords>>>;

/** Transaction record (/m/transaction/record?types=A): every movement of the wallet, by type and date, paged as the list scrolls. */
export function TransactionRecordScreen({ types, onTypesChange }: { types: RecordTypeCode; onTypesChange: (types: RecordTypeCode) => void }) {
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideTransactionRecords(), []);
  const actor = useSystemActor(logic, { systemId: 'transactionRecords', input: { filter: { types, startDate: null, endDate: null } } });
  const current = useSelector(actor, (s) => s.context.filter.types);
  return (
    <RecordsLayout
      actor={actor}
      filters={
        <fieldset className={styles.chips} aria-label={t('money.records.type')}>
          {recordTypeCodes.map((code) => (
            <button
              key={code}
              type="button"
              className={styles.chip}
              aria-pressed={current === code}
              onClick={() => {
                actor.send({ type: 'records.filter', filter: { types: code } });
                onTypesChange(code);
              }}
            >
              {t(`money.type.${code}`)}
            </button>
          ))}
        </fieldset>
      }
      renderItem={(item) => {
        const row = item as TransactionRow;
        const held = row.account === 'hold';
        return (
          <li key={row.id} className={styles.item}>
            <span className={styles.itemTitle}>{t((held ? holdKindIds[row.kind] : kindIds[row.kind]) ?? 'money.kind.other')}</span>
            {held ? (
              <span className={[styles.money, styles.held].join(' ')}>{formatMoney(Math.abs(row.amount), currency)}</span>
            ) : (
              <span className={[styles.money, row.amount < 0 ? styles.minus : styles.plus].join(' ')}>
                {formatMoney(row.amount, currency, { signed: true })}
              </span>
            )}
            <span className={styles.itemMeta}>
              {intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              {row.reference ? ` · ${row.reference}` : ''}
            </span>
            <span className={[styles.itemMeta, styles.money].join(' ')}>
              {t(held ? 'money.records.heldAfter' : 'money.records.balanceAfter', { amount: formatMoney(row.balanceAfter, currency) })}
            </span>
          </li>
        );
      }}
    />
  );
}

/** Bet record (/m/gameRecord): every bet with stake, win, game and time, with totals, paged as the list scrolls. */
export function BetRecordScreen() {
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideBetRecords(), []);
  const actor = useSystemActor(logic, { systemId: 'betRecords', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  const summary = useSelector(actor, (s) => s.context.summary as BetSummary | null);
  // The totals keep their place while they load (the date filter below them does not jump down when they
  // come); they leave only when the list could not be loaded, which says so itself.
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const total = (amount: number | undefined, { signed = false, className }: { signed?: boolean; className?: string } = {}) =>
    amount === undefined ? (
      <strong>
        <Skeleton className={styles.summaryPending} />
      </strong>
    ) : (
      <strong className={className}>{formatMoney(amount, currency, signed ? { signed } : undefined)}</strong>
    );
  return (
    <RecordsLayout
      actor={actor}
      filters={
        failed && !summary ? null : (
          <section className={styles.summary} aria-label={t('money.bet.summary')} aria-busy={!summary}>
            <span>
              {t('money.bet.stake')}
              {total(summary?.stake)}
            </span>
            <span>
              {t('money.bet.win')}
              {total(summary?.win)}
            </span>
            <span>
              {t('money.bet.profit')}
              {total(summary?.profit, { signed: true, className: summary && summary.profit < 0 ? styles.minus : styles.plus })}
            </span>
          </section>
        )
      }
      renderItem={(item) => {
        const row = item as BetRow;
        return (
          <li key={row.id} className={styles.item}>
            <span className={styles.itemTitle}>{row.gameName ?? row.vendorCode}</span>
            <span className={[styles.money, row.profit < 0 ? styles.minus : styles.plus].join(' ')}>
              {formatMoney(row.profit, currency, { signed: true })}
            </span>
            <span className={styles.itemMeta}>
              {intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' })} · {row.vendorCode} · {t(betStatusIds[row.status])}
            </span>
            <span className={[styles.itemMeta, styles.money].join(' ')}>
              {t('money.bet.line', { stake: formatMoney(row.stake, currency), win: formatMoney(row.win, currency) })}
            </span>
          </li>
        );
      }}
    />
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
          <input
            id="records-from"
            type="date"
            className={styles.input}
            value={filter.startDate ?? ''}
            onChange={(event) => set({ startDate: event.target.value || null })}
          />
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="records-to">
          {t('money.records.to')}
        </label>
        <div className={styles.control}>
          <input
            id="records-to"
            type="date"
            className={styles.input}
            value={filter.endDate ?? ''}
            onChange={(event) => set({ endDate: event.target.value || null })}
          />
        </div>
      </div>
    </div>
  );
}

function RecordsLayout({ actor, filters, renderItem }: { actor: RecordsActor; filters: ReactNode; renderItem: (item: unknown) => ReactNode }) {
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
          <EmptyState icon="receipt-text" title={t('money.records.empty')} body={t('money.records.emptyBody')} />
        </>
      ) : (
        <>
          <MessageAlert messageId={errorCode} />
          <ul className={styles.list} aria-label={t('money.records.list')}>
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
