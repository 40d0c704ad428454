import { DateInput } from '../../ui/date-input.tsx';
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TeamBet, TeamKpi, TeamMember, TeamPnlDay, TeamPnlMember, TeamTransaction } from '../../../contract/agent.ts';
import { type DatePreset, datePresets } from '../../../machines/team-overview.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideTeamOverviewMachine, provideTeamRecords, type TeamList, utcToday } from '../../app/agent-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { BetItem, TransactionItem } from '../../ui/record-items.tsx';
import { type RecordsActor, RecordsLayout, recordStyles, Totals } from '../../ui/records-layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { AccountSearch } from './account-search.tsx';
import styles from './agent.module.css';
import { PnlChart } from './pnl-chart.tsx';

/** Whose row it is (DESIGN: an agent sees the member's account and level on every row). */
function useWho() {
  const t = useT();
  return (row: { account: string; level: number }) => `${row.account} · ${t('agent.level', { level: row.level })}`;
}

function useTeamRecords(list: TeamList, systemId: string, types = 'A') {
  useCatalogPart('identity');
  useCatalogPart('money');
  const logic = useMemo(() => provideTeamRecords(list), [list]);
  return useSystemActor(logic, { systemId, input: { filter: { types, startDate: null, endDate: null, account: '' } } });
}

/** The account search of a team list. */
function TeamSearch({ actor }: { actor: RecordsActor }) {
  return <AccountSearch initial={actor.getSnapshot().context.filter.account ?? ''} onSearch={(account) => actor.send({ type: 'records.filter', filter: { account } })} />;
}

/** Chips that choose one of a list's own `types` values. */
function TypeChips<T extends string>({ actor, values, labelOf, label }: { actor: RecordsActor; values: readonly T[]; labelOf: (value: T) => MessageId; label: MessageId }) {
  const t = useT();
  const current = useSelector(actor, (s) => s.context.filter.types);
  return (
    <fieldset className={styles.chips} aria-label={t(label)}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={recordStyles.chip}
          aria-pressed={current === value}
          onClick={() => actor.send({ type: 'records.filter', filter: { types: value } })}
        >
          {t(labelOf(value))}
        </button>
      ))}
    </fieldset>
  );
}

// ------------------------------------------------------------------ team overview

const overviewMoney: { key: keyof TeamKpi['summary']; labelId: MessageId; signed?: boolean }[] = [
  { key: 'balance', labelId: 'agent.kpi.balance' },
  { key: 'deposit', labelId: 'agent.kpi.deposit' },
  { key: 'withdraw', labelId: 'agent.kpi.withdraw' },
  { key: 'stake', labelId: 'agent.kpi.stake' },
  { key: 'win', labelId: 'agent.kpi.win' },
  { key: 'profit', labelId: 'agent.kpi.profit', signed: true },
];

const overviewCounts: { key: keyof TeamKpi['summary'] | keyof TeamKpi['footer']; labelId: MessageId }[] = [
  { key: 'teamSize', labelId: 'agent.kpi.teamSize' },
  { key: 'directCount', labelId: 'agent.kpi.direct' },
  { key: 'agentCount', labelId: 'agent.kpi.agents' },
  { key: 'betCount', labelId: 'agent.kpi.bets' },
  { key: 'teamRegisterMemberCount', labelId: 'agent.kpi.registered' },
  { key: 'teamLoginMemberCount', labelId: 'agent.kpi.logins' },
  { key: 'teamBetMemberCount', labelId: 'agent.kpi.bettors' },
  { key: 'teamOnlineCount', labelId: 'agent.kpi.online' },
];

/** Team overview (/m/agent/team/overview; AGEPAG): the team's figures over a preset or custom date range. */
export function TeamOverviewScreen() {
  useCatalogPart('identity');
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideTeamOverviewMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'teamOverview', input: { today: utcToday() } });
  const preset = useSelector(actor, (s) => s.context.preset);
  const range = useSelector(actor, (s) => s.context.range);
  const kpi = useSelector(actor, (s) => s.context.kpi);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const [custom, setCustom] = useState(range);
  const figure = (key: string) => (kpi ? ((kpi.summary as Record<string, number>)[key] ?? (kpi.footer as Record<string, number>)[key] ?? 0) : null);
  return (
    <div className={styles.screen}>
      <fieldset className={styles.chips} aria-label={t('agent.range')}>
        {datePresets.map((value: DatePreset) => (
          <button key={value} type="button" className={recordStyles.chip} aria-pressed={preset === value} onClick={() => actor.send({ type: 'range.preset', preset: value })}>
            {t(`agent.range.${value}`)}
          </button>
        ))}
      </fieldset>
      <form
        className={recordStyles.dates}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'range.custom', range: custom });
        }}
      >
        {(['startDate', 'endDate'] as const).map((key) => (
          <div key={key} className={recordStyles.field}>
            <label className={recordStyles.label} htmlFor={`overview-${key}`}>
              {t(key === 'startDate' ? 'money.records.from' : 'money.records.to')}
            </label>
            <div className={recordStyles.control}>
              <DateInput id={`overview-${key}`} mode="date" className={recordStyles.input} value={custom[key]} onValue={(value) => setCustom({ ...custom, [key]: value })} />
            </div>
          </div>
        ))}
        <Button type="submit" variant="secondary" compact>
          {t('agent.range.apply')}
        </Button>
      </form>
      {failed ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'overview.retry' })} />
      ) : (
        <>
          <MessageAlert messageId={errorCode} />
          <p className={styles.muted} role="status">
            {t('agent.range.shown', { start: range.startDate, end: range.endDate })}
          </p>
          <dl className={styles.figures} aria-busy={loading}>
            {overviewMoney.map(({ key, labelId, signed }) => {
              const amount = figure(key);
              return (
                <div key={key} className={styles.figure}>
                  <dt>{t(labelId)}</dt>
                  <dd className={signed && amount !== null ? (amount < 0 ? styles.minus : styles.plus) : undefined}>
                    {amount === null ? <Skeleton /> : formatMoney(amount, currency, signed ? { signed } : undefined)}
                  </dd>
                </div>
              );
            })}
            {overviewCounts.map(({ key, labelId }) => {
              const count = figure(key);
              return (
                <div key={key} className={styles.figure}>
                  <dt>{t(labelId)}</dt>
                  <dd>{count === null ? <Skeleton /> : intl.formatNumber(count)}</dd>
                </div>
              );
            })}
          </dl>
        </>
      )}
    </div>
  );
}

// ------------------------------------------------------------------ team management

const scopes = ['all', 'direct', 'agents'] as const;

/** Team management (/m/member/team; DOWNMAN): the downline with search, level, balance, last login and status. */
export function TeamMembersScreen() {
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const actor = useTeamRecords('members', 'teamMembers', 'all');
  return (
    <RecordsLayout
      actor={actor}
      label="agent.members.list"
      empty={{ title: 'agent.members.empty', body: 'agent.empty.body' }}
      filters={
        <>
          <TeamSearch actor={actor} />
          <TypeChips actor={actor} values={scopes} labelOf={(v) => `agent.scope.${v}`} label="agent.scope" />
        </>
      }
      renderItem={(item) => {
        const row = item as TeamMember;
        return (
          <li key={row.id} className={recordStyles.item}>
            <span className={recordStyles.itemTitle}>
              {row.nickname ? `${row.account} (${row.nickname})` : row.account}
            </span>
            <span className={recordStyles.money}>{formatMoney(row.balance, currency)}</span>
            <span className={recordStyles.itemMeta}>
              {t('agent.level', { level: row.level })} · {t(row.type === 0 || row.type === 40 ? 'agent.type.member' : 'agent.type.agent')} ·{' '}
              {t(row.status === 'active' ? 'agent.status.active' : 'agent.status.disabled')}
              {row.directCount > 0 ? ` · ${t('agent.members.direct', { count: row.directCount })}` : ''}
            </span>
            <span className={[recordStyles.itemMeta, recordStyles.money].join(' ')}>
              {row.lastLoginAt
                ? t('agent.members.lastLogin', { time: intl.formatDate(row.lastLoginAt, { dateStyle: 'medium', timeStyle: 'short' }) })
                : t('agent.members.neverLoggedIn')}
            </span>
          </li>
        );
      }}
    />
  );
}

// ------------------------------------------------------------------ team betting

/** Team betting (/m/teamBetting; TEAMBETTING3): the team's bets with totals, by account and date. */
export function TeamBettingScreen() {
  const currency = useSiteCurrency();
  const who = useWho();
  const actor = useTeamRecords('bets', 'teamBets');
  return (
    <RecordsLayout
      actor={actor}
      label="agent.bets.list"
      empty={{ title: 'money.records.empty', body: 'agent.empty.body' }}
      filters={
        <>
          <TeamSearch actor={actor} />
          <Totals
            actor={actor}
            currency={currency}
            label="money.bet.summary"
            entries={[
              { labelId: 'money.bet.stake', key: 'stake' },
              { labelId: 'money.bet.win', key: 'win' },
              { labelId: 'money.bet.profit', key: 'profit', signed: true },
            ]}
          />
        </>
      }
      renderItem={(item) => {
        const row = item as TeamBet;
        return <BetItem key={row.id} row={row} currency={currency} who={who(row)} />;
      }}
    />
  );
}

// ------------------------------------------------------------------ team profit and loss


const pnlTotals = [
  { labelId: 'money.bet.stake', key: 'stake' },
  { labelId: 'money.bet.win', key: 'win' },
  { labelId: 'money.bet.profit', key: 'profit', signed: true },
] as const;

function PnlRow({ title, meta, row }: { title: string; meta: string; row: TeamPnlMember | TeamPnlDay }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  return (
    <li className={recordStyles.item}>
      <span className={recordStyles.itemTitle}>{title}</span>
      <span className={[recordStyles.money, row.profit < 0 ? recordStyles.minus : recordStyles.plus].join(' ')}>{formatMoney(row.profit, currency, { signed: true })}</span>
      <span className={recordStyles.itemMeta}>{meta}</span>
      <span className={[recordStyles.itemMeta, recordStyles.money].join(' ')}>
        {t('money.bet.line', { stake: formatMoney(row.stake, currency), win: formatMoney(row.win, currency) })}
      </span>
    </li>
  );
}

/** Team profit and loss (/m/agent/team/pnl; AGETEAMPNL3): per member or per day over a date range, the last 7 days at first. */
/** The two views of /m/agent/team/pnl (`?types=`): M the result per member, D per day. */
export const pnlViews = ['M', 'D'] as const;
export type PnlView = (typeof pnlViews)[number];
export const pnlViewOf = (types: string): PnlView => (types === 'D' ? 'D' : 'M');

export function TeamPnlScreen({ view, onViewChange }: { view: PnlView; onViewChange: (view: PnlView) => void }) {
  const t = useT();
  const views = (
    <fieldset className={styles.chips} aria-label={t('agent.pnl.view')}>
      {pnlViews.map((value) => (
        <button key={value} type="button" className={recordStyles.chip} aria-pressed={view === value} onClick={() => onViewChange(value)}>
          {t(value === 'D' ? 'agent.pnl.days' : 'agent.pnl.members')}
        </button>
      ))}
    </fieldset>
  );
  return view === 'D' ? <PnlDays views={views} /> : <PnlMembers views={views} />;
}

function PnlMembers({ views }: { views: ReactNode }) {
  const t = useT();
  const currency = useSiteCurrency();
  const actor = useTeamRecords('pnlMembers', 'teamPnlMembers');
  return (
    <RecordsLayout
      actor={actor}
      label="agent.pnl.members"
      empty={{ title: 'money.records.empty', body: 'agent.empty.body' }}
      filters={
        <>
          {views}
          <TeamSearch actor={actor} />
          <Totals actor={actor} currency={currency} label="money.bet.summary" entries={[...pnlTotals]} />
        </>
      }
      renderItem={(item) => {
        const row = item as TeamPnlMember;
        return <PnlRow key={row.id} row={row} title={row.account} meta={`${t('agent.level', { level: row.level })} · ${t('agent.pnl.bets', { count: row.betCount })}`} />;
      }}
    />
  );
}

function PnlDays({ views }: { views: ReactNode }) {
  const t = useT();
  const currency = useSiteCurrency();
  const actor = useTeamRecords('pnlDays', 'teamPnlDays');
  const days = useSelector(actor, (s) => s.context.items as TeamPnlDay[]);
  return (
    <RecordsLayout
      actor={actor}
      label="agent.pnl.days"
      empty={{ title: 'money.records.empty', body: 'agent.empty.body' }}
      filters={
        <>
          {views}
          <TeamSearch actor={actor} />
          <Totals actor={actor} currency={currency} label="money.bet.summary" entries={[...pnlTotals]} />
          <PnlChart days={days} currency={currency} />
        </>
      }
      renderItem={(item) => {
        const row = item as TeamPnlDay;
        return (
          <PnlRow key={row.day} row={row} title={row.day} meta={`${t('agent.pnl.bettors', { count: row.members })} · ${t('agent.pnl.bets', { count: row.betCount })}`} />
        );
      }}
    />
  );
}

// ------------------------------------------------------------------ team transactions

const transactionTypes = ['A', 'D', 'W', 'G', 'O'] as const;

/** Team transactions (/m/agent/team/transactions; TRANSREC3): every movement of the team's wallets, by type, account and date. */
export function TeamTransactionsScreen() {
  const currency = useSiteCurrency();
  const who = useWho();
  const actor = useTeamRecords('transactions', 'teamTransactions');
  return (
    <RecordsLayout
      actor={actor}
      label="agent.transactions.list"
      filters={
        <>
          <TeamSearch actor={actor} />
          <TypeChips actor={actor} values={transactionTypes} labelOf={(v) => `money.type.${v}`} label="money.records.type" />
        </>
      }
      renderItem={(item) => {
        const row = item as TeamTransaction;
        return <TransactionItem key={row.id} row={row} currency={currency} who={who({ account: row.memberAccount, level: row.level })} />;
      }}
    />
  );
}
