import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideBetRecords, providePagedRecords, provideTransactionRecords } from '../../app/money-actors.ts';
import { provideInvitedFriends } from '../../app/referral-actors.ts';
import type { InvitedFriend } from '../../../contract/referral.ts';
import { type BonusRecord, bonusRecordsEndpoint, type ProfitDay, profitRecordEndpoint } from '../../../contract/member-records.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { useFormatMoney } from '../../ui/money-format.ts';
import styles from './money.module.css';
import { RecordsLayout, Totals } from '../../ui/records-layout.tsx';
import { BetItem, type BetRow, TransactionItem, type TransactionRow } from '../../ui/record-items.tsx';
import { useSiteCurrency } from './money-parts.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';

/** Record types of /m/transaction/record?types= (A all, D deposits, W withdrawals, G games, O bonuses and adjustments). */
export const recordTypeCodes = ['A', 'D', 'W', 'G', 'O'] as const;
export type RecordTypeCode = (typeof recordTypeCodes)[number];
export const recordTypeOf = (types: string): RecordTypeCode => (recordTypeCodes as readonly string[]).includes(types) ? (types as RecordTypeCode) : 'A';

/** Transaction record (/m/transaction/record?types=A): every movement of the wallet, by type and date, paged as the list scrolls. */
export function TransactionRecordScreen({ types, onTypesChange }: { types: RecordTypeCode; onTypesChange: (types: RecordTypeCode) => void }) {
  useCatalogPart('money');
  const t = useT();
  const _intl = useIntl();
  const _formatMoney = useFormatMoney();
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
      renderItem={(item) => <TransactionItem key={(item as TransactionRow).id} row={item as TransactionRow} currency={currency} />}
    />
  );
}

/** Bet record (/m/gameRecord): every bet with stake, win, game and time, with totals, paged as the list scrolls. */
export function BetRecordScreen() {
  useCatalogPart('money');
  const _t = useT();
  const _intl = useIntl();
  const _formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideBetRecords(), []);
  const actor = useSystemActor(logic, { systemId: 'betRecords', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  return (
    <RecordsLayout
      actor={actor}
      filters={
        <Totals currency={currency}
          actor={actor}
          label="money.bet.summary"
          entries={[
            { labelId: 'money.bet.stake', key: 'stake' },
            { labelId: 'money.bet.win', key: 'win' },
            { labelId: 'money.bet.profit', key: 'profit', signed: true },
          ]}
        />
      }
      renderItem={(item) => <BetItem key={(item as BetRow).id} row={item as BetRow} currency={currency} />}
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
          <Totals currency={currency}
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
          <Totals actor={actor} currency={currency} label="money.bet.summary" entries={[{ labelId: 'money.bonus.total', key: 'total' }]} />
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

