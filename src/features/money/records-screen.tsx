import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { RecordFilter } from '../../../machines/records.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideBetRecords, providePagedRecords, provideTransactionRecords } from '../../app/money-actors.ts';
import { provideInvitedFriends } from '../../app/referral-actors.ts';
import type { InvitedFriend } from '../../../contract/referral.ts';
import { type BonusRecord, bonusRecordsEndpoint, type ProfitDay, profitRecordEndpoint } from '../../../contract/member-records.ts';
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


export type RecordsActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideTransactionRecords>>>;

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
  return (
    <RecordsLayout
      actor={actor}
      filters={
        <Totals
          actor={actor}
          label="money.bet.summary"
          entries={[
            { labelId: 'money.bet.stake', key: 'stake' },
            { labelId: 'money.bet.win', key: 'win' },
            { labelId: 'money.bet.profit', key: 'profit', signed: true },
          ]}
        />
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

/** The two views of /m/transaction/profit (`?types=`): A the result per day, O the bonus details. */
export const profitViews = ['A', 'O'] as const;
export type ProfitView = (typeof profitViews)[number];
export const profitViewOf = (types: string): ProfitView => (types === 'O' ? 'O' : 'A');

/**
 * The profit record (/m/transaction/profit): the result per day, or, on its
 * second view (`?types=O`), the bonus details; the view is kept in the
 * address, so a shortcut or a reload opens the same one.
 */
export function ProfitRecordScreen({ view, onViewChange }: { view: ProfitView; onViewChange: (view: ProfitView) => void }) {
  useCatalogPart('money');
  const t = useT();
  const views = (
    <fieldset className={styles.chips} aria-label={t('money.records.type')}>
      {profitViews.map((code) => (
        <button key={code} type="button" className={styles.chip} aria-pressed={view === code} onClick={() => onViewChange(code)}>
          {t(code === 'O' ? 'title.transactionBonus' : 'money.profit.daily')}
        </button>
      ))}
    </fieldset>
  );
  return view === 'O' ? <BonusDetails views={views} /> : <DailyProfit views={views} />;
}

/** The member's result per day (settled bets, bonuses, net), with totals, newest day first. */
function DailyProfit({ views }: { views: ReactNode }) {
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => providePagedRecords(profitRecordEndpoint), []);
  const actor = useSystemActor(logic, { systemId: 'profitRecord', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  return (
    <RecordsLayout
      actor={actor}
      empty={{ title: 'money.profit.empty', body: 'money.profit.emptyBody' }}
      filters={
        <>
          {views}
          <Totals
          actor={actor}
          label="money.bet.summary"
          entries={[
            { labelId: 'money.bet.profit', key: 'profit', signed: true },
            { labelId: 'money.profit.bonus', key: 'bonus' },
            { labelId: 'money.profit.net', key: 'net', signed: true },
          ]}
          />
        </>
      }
      renderItem={(item) => {
        const row = item as ProfitDay;
        return (
          <li key={row.day} className={styles.item}>
            <span className={styles.itemTitle}>{intl.formatDate(`${row.day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}</span>
            <span className={[styles.money, row.net < 0 ? styles.minus : styles.plus].join(' ')}>{formatMoney(row.net, currency, { signed: true })}</span>
            <span className={[styles.itemMeta, styles.money].join(' ')}>
              {t('money.profit.line', { stake: formatMoney(row.stake, currency), win: formatMoney(row.win, currency), bonus: formatMoney(row.bonus, currency) })}
            </span>
          </li>
        );
      }}
    />
  );
}

const bonusSourceIds: Record<BonusRecord['source'], MessageId> = {
  promotion: 'money.bonus.promotion',
  deposit: 'money.bonus.deposit',
  mall: 'money.bonus.mall',
  other: 'money.kind.bonus',
};

/** Bonus details: every bonus paid to the member, where it came from, with their total, newest first. */
function BonusDetails({ views }: { views: ReactNode }) {
  // The reward center's rewards are named by its messages.
  useCatalogPart('identity');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => providePagedRecords(bonusRecordsEndpoint), []);
  const actor = useSystemActor(logic, { systemId: 'bonusRecord', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  return (
    <RecordsLayout
      actor={actor}
      empty={{ title: 'money.bonus.empty', body: 'money.bonus.emptyBody' }}
      filters={
        <>
          {views}
          <Totals actor={actor} label="money.bet.summary" entries={[{ labelId: 'money.bonus.total', key: 'total' }]} />
        </>
      }
      renderItem={(item) => {
        const row = item as BonusRecord;
        const source = t(bonusSourceIds[row.source]);
        const title = row.source === 'mall' && row.title ? t(row.title as MessageId) : row.title;
        return (
          <li key={row.id} className={styles.item}>
            <span className={styles.itemTitle}>{title ?? source}</span>
            <span className={[styles.money, styles.plus].join(' ')}>{formatMoney(row.amount, currency, { signed: true })}</span>
            <span className={styles.itemMeta}>
              {intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              {title ? ` · ${source}` : ''}
            </span>
          </li>
        );
      }}
    />
  );
}

/** The friends who registered with the member's code, newest first, by registration date, paged as the list scrolls. */
export function InvitedFriendsRecord() {
  useCatalogPart('money');
  // The friends' statuses are invite friends' own messages.
  useCatalogPart('identity');
  const t = useT();
  const intl = useIntl();
  const logic = useMemo(() => provideInvitedFriends(), []);
  const actor = useSystemActor(logic, { systemId: 'invitedFriends', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  return (
    <RecordsLayout
      actor={actor}
      label="referral.friends"
      empty={{ title: 'referral.none', body: 'referral.noneBody' }}
      filters={null}
      renderItem={(item) => {
        const friend = item as InvitedFriend;
        return (
          <li key={friend.id} className={styles.item}>
            <span className={styles.itemTitle}>{friend.account}</span>
            <span className={styles.status}>{t(friend.status === 'deposited' ? 'referral.status.deposited' : 'referral.status.registered')}</span>
            <span className={styles.itemMeta}>{t('referral.joined', { date: intl.formatDate(friend.joinedAt, { dateStyle: 'medium' }) })}</span>
          </li>
        );
      }}
    />
  );
}

/**
 * The totals of a record list over its whole filter, above it. They keep
 * their place while they load (the date filter below them does not jump down
 * when they come); they leave only when the list could not be loaded, which
 * says so itself.
 */
function Totals({ actor, label, entries }: { actor: RecordsActor; label: MessageId; entries: { labelId: MessageId; key: string; signed?: boolean }[] }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
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
