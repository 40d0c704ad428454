import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { type RebateGameType, type RebateIncomeDay, type RebateMember, type RebateRate, rebateGameTypes } from '../../../contract/agent-contracts.ts';
import { type RateTexts, rateOf, rateText, rebateMessages } from '../../../machines/rebate-settings.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideRebateIncomeRecords, provideRebateSettingsMachine } from '../../app/agent-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { formValues } from '../../ui/field-errors.tsx';
import formStyles from '../../ui/form.module.css';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { RecordsLayout, recordStyles, Totals } from '../../ui/records-layout.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { AccountSearch } from './account-search.tsx';
import styles from './agent.module.css';
import rebateStyles from './rebate.module.css';

/** A game type's name: the lobby's category names (in `core`). */
const gameTypeId = (gameType: RebateGameType): MessageId => `lobby.category.${gameType}`;

/** Basis points as a percentage with two decimals, in the reader's locale (`125` -> `1.25%`). */
function useFormatRate() {
  const intl = useIntl();
  return useCallback((bps: number) => intl.formatNumber(bps / 10_000, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }), [intl]);
}

/** Rates per game type as a compact list of name and percentage. */
function RateList({ rates, label }: { rates: readonly RebateRate[]; label: string }) {
  const t = useT();
  const formatRate = useFormatRate();
  return (
    <dl className={rebateStyles.rates} aria-label={label}>
      {rebateGameTypes.map((gameType) => (
        <div key={gameType}>
          <dt>{t(gameTypeId(gameType))}</dt>
          <dd>{formatRate(rateOf(rates, gameType))}</dd>
        </div>
      ))}
    </dl>
  );
}

// ------------------------------------------------------------------ rebate settings

type SettingsActor = ReturnType<typeof useSettingsActor>;

function useSettingsActor() {
  const logic = useMemo(() => provideRebateSettingsMachine(), []);
  return useSystemActor(logic, { systemId: 'rebateSettings' });
}

/**
 * Rebate settings (/m/member/agent/agentRebeat; GAMSER): the agent's own rates per game type, then its
 * direct members' (searched by account, paged); a member's form sets its rates, each at most the agent's
 * own (machines/rebate-settings.machine.ts).
 */
export function RebateSettingsScreen() {
  useCatalogPart('identity');
  useCatalogPart('money');
  const t = useT();
  const errorText = useErrorText();
  const formatRate = useFormatRate();
  const actor = useSettingsActor();
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const own = useSelector(actor, (s) => s.context.own);
  const members = useSelector(actor, (s) => s.context.members);
  const hasMore = useSelector(actor, (s) => s.context.pageNum < s.context.totalPages);
  const loadingMore = useSelector(actor, (s) => s.matches({ ready: { list: 'loadingMore' } }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const editing = useSelector(actor, (s) => s.context.editing);
  const saved = useSelector(actor, (s) => s.context.saved);

  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'rebate.retry' })} />;
  }
  if (state === 'loading' && own.length === 0) {
    return <PageSkeleton label={t('in_please_wait')} />;
  }
  return (
    <div className={styles.screen}>
      <table className={rebateStyles.table}>
        <caption className={styles.sectionTitle}>{t('agent.rebate.own')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.rebate.gameType')}</th>
            <th scope="col">{t('agent.rebate.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {rebateGameTypes.map((gameType) => (
            <tr key={gameType}>
              <th scope="row">{t(gameTypeId(gameType))}</th>
              <td>{formatRate(rateOf(own, gameType))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AccountSearch initial={actor.getSnapshot().context.account} onSearch={(account) => actor.send({ type: 'rebate.search', account })} />
      <p className={styles.muted} role="status">
        {saved ? t('agent.rebate.saved', { account: saved.account }) : ''}
      </p>
      {state === 'loading' ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : members.length === 0 ? (
        <EmptyState icon="users" title={t('agent.rebate.members.empty')} body={t('agent.rebate.members.emptyBody')} />
      ) : (
        <section className={styles.group} aria-labelledby="rebate-members">
          <h2 id="rebate-members" className={styles.sectionTitle}>
            {t('agent.rebate.members')}
          </h2>
          <ul className={recordStyles.list}>
            {members.map((member) => (
              <li key={member.id} className={recordStyles.item}>
                <span className={recordStyles.itemTitle}>
                  {member.account}
                  <span className={styles.muted}> · {t(member.type === 0 || member.type === 40 ? 'agent.type.member' : 'agent.type.agent')}</span>
                </span>
                <Button variant="secondary" compact aria-label={t('agent.rebate.edit', { account: member.account })} onClick={() => actor.send({ type: 'rebate.edit', memberId: member.id })}>
                  {t('agent.rebate.editShort')}
                </Button>
                <RateList rates={member.rates} label={t('agent.rebate.form.title', { account: member.account })} />
              </li>
            ))}
          </ul>
          <MessageAlert messageId={errorCode} />
          {hasMore ? (
            <div className={recordStyles.more}>
              <Button variant="ghost" compact disabled={loadingMore} onClick={() => actor.send({ type: 'rebate.more' })}>
                {loadingMore ? t('in_please_wait') : t('money.records.more')}
              </Button>
            </div>
          ) : null}
        </section>
      )}
      {editing ? <RatesForm actor={actor} member={editing} own={own} /> : null}
    </div>
  );
}

const problemIds = rebateMessages satisfies Record<string, MessageId>;

/** A member's rates, one percentage field per game type, each at most the agent's own rate. */
function RatesForm({ actor, member, own }: { actor: SettingsActor; member: RebateMember; own: readonly RebateRate[] }) {
  const t = useT();
  const formatRate = useFormatRate();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const problems = useSelector(actor, (s) => s.context.problems);
  const saveErrorCode = useSelector(actor, (s) => s.context.saveErrorCode);
  const saving = useSelector(actor, (s) => s.matches({ ready: { form: 'saving' } }));
  return (
    <Sheet title={t('agent.rebate.form.title', { account: member.account })} onClose={() => actor.send({ type: 'rebate.cancel' })}>
      <form
        ref={form}
        className={rebateStyles.form}
        noValidate
        onSubmit={(event) => {
          const value = formValues(event);
          const rates: RateTexts = Object.fromEntries(rebateGameTypes.map((gameType) => [gameType, value(gameType)]));
          actor.send({ type: 'rebate.save', rates });
          const first = rebateGameTypes.find((gameType) => actor.getSnapshot().context.problems[gameType]);
          if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
        }}
      >
        <MessageAlert messageId={saveErrorCode} />
        {rebateGameTypes.map((gameType) => {
          const problem = problems[gameType];
          const fieldId = `${id}-${gameType}`;
          const ownRate = formatRate(rateOf(own, gameType));
          return (
            <div key={gameType} className={formStyles.field}>
              <label className={formStyles.label} htmlFor={fieldId}>
                {t(gameTypeId(gameType))}
              </label>
              <div className={formStyles.control}>
                <input
                  id={fieldId}
                  name={gameType}
                  className={formStyles.input}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={8}
                  defaultValue={rateText(rateOf(member.rates, gameType))}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[problem ? `${fieldId}-error` : null, `${fieldId}-hint`].filter(Boolean).join(' ')}
                />
                <span aria-hidden="true">%</span>
              </div>
              {problem ? (
                <span id={`${fieldId}-error`} className={formStyles.fieldError}>
                  {t(problemIds[problem], { rate: ownRate })}
                </span>
              ) : null}
              <span id={`${fieldId}-hint`} className={formStyles.hint}>
                {t('agent.rebate.form.hint', { rate: ownRate })}
              </span>
            </div>
          );
        })}
        <div className={styles.heroActions}>
          <Button variant="ghost" onClick={() => actor.send({ type: 'rebate.cancel' })} disabled={saving}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('in_please_wait') : t('agent.rebate.save')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}

// ------------------------------------------------------------------ team rebate income

const statusIds: Record<RebateIncomeDay['status'], MessageId> = {
  paid: 'agent.rebate.status.paid',
  unpaid: 'agent.rebate.status.unpaid',
  nothing: 'agent.rebate.status.nothing',
};

/**
 * Team rebate income (/m/member/teamRebate; AGEREBINC3): the rebates the agent earned per UTC day over a
 * date range (the last 7 days unless dates are chosen), the period's totals first, then one card per day
 * with its lines by game type and source (machines/records.machine.ts).
 */
export function RebateIncomeScreen() {
  useCatalogPart('identity');
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideRebateIncomeRecords(), []);
  const actor = useSystemActor(logic, { systemId: 'rebateIncome', input: { filter: { types: 'A', startDate: null, endDate: null } } });
  return (
    <RecordsLayout
      actor={actor}
      label="agent.rebate.income.list"
      empty={{ title: 'agent.rebate.income.empty', body: 'agent.rebate.income.emptyBody' }}
      filters={
        <Totals
          actor={actor}
          currency={currency}
          label="agent.rebate.income.summary"
          entries={[
            { labelId: 'agent.rebate.income.turnover', key: 'turnover' },
            { labelId: 'agent.rebate.income.amount', key: 'amount' },
          ]}
        />
      }
      renderItem={(item) => {
        const day = item as RebateIncomeDay;
        const date = intl.formatDate(`${day.day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
        return (
          <li key={day.day} className={recordStyles.item}>
            <span className={recordStyles.itemTitle}>{date}</span>
            <span className={[recordStyles.money, day.amount > 0 ? recordStyles.plus : ''].join(' ')}>{formatMoney(day.amount, currency)}</span>
            <span className={recordStyles.itemMeta}>{t('agent.rebate.income.lineTurnover', { amount: formatMoney(day.turnover, currency) })}</span>
            <span className={[recordStyles.itemMeta, recordStyles.money].join(' ')}>{t(statusIds[day.status])}</span>
            {day.lines.length > 0 ? (
              <ul className={rebateStyles.lines} aria-label={t('agent.rebate.income.lines', { day: date })}>
                {day.lines.map((line) => (
                  <li key={`${line.gameType}-${line.source}`}>
                    <span>
                      {t(gameTypeId(line.gameType))} · {t(line.source === 'self' ? 'agent.rebate.source.self' : 'agent.rebate.source.team')}
                    </span>
                    <span className={recordStyles.money}>{formatMoney(line.amount, currency)}</span>
                    <span className={recordStyles.itemMeta}>{t('agent.rebate.income.lineTurnover', { amount: formatMoney(line.turnover, currency) })}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      }}
    />
  );
}
