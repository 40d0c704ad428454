import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  type ExclusionDuration,
  type ExclusionRequest,
  type Limit,
  type LimitKind,
  type LimitPeriod,
  limitKinds,
  limitPeriods,
  type Protection,
  realityCheckChoices,
  selfExclusionDurations,
  sessionLimitChoices,
  type StatementMonth,
  timeOutDurations,
} from '../../../contract/responsible-gaming.ts';
import { responsibleGamingMessages } from '../../../machines/responsible-gaming.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideResponsibleGamingMachine, responsibleGamingSystemId } from '../../app/responsible-gaming-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { type ErrorFields, formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import formStyles from '../../ui/form.module.css';
import { Icon } from '../../ui/icons.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { parseAmount, useFormatMoney } from '../../ui/money-format.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';
import records from '../../ui/records-layout.module.css';
import styles from './member.module.css';

type ResponsibleGamingActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideResponsibleGamingMachine>>>;

const kindIds = { deposit: 'rg.kind.deposit', loss: 'rg.kind.loss', wager: 'rg.kind.wager' } as const satisfies Record<LimitKind, MessageId>;
const periodIds = { day: 'rg.period.day', week: 'rg.period.week', month: 'rg.period.month' } as const satisfies Record<LimitPeriod, MessageId>;

/** The amount field's own refusals. */
const limitErrorFields: ErrorFields = {
  [responsibleGamingMessages.notNumber]: ['amount'],
  [responsibleGamingMessages.notPositive]: ['amount'],
  [responsibleGamingMessages.tooLarge]: ['amount'],
};

/** How long a duration is, in the reader's language (`Intl` units: "24 hours", "1 week", "6 months"). */
function useDurationText() {
  const intl = useIntl();
  const t = useT();
  return (duration: ExclusionDuration) => {
    const units: Record<Exclude<ExclusionDuration, 'permanent'>, [number, string]> = {
      '24h': [24, 'hour'],
      '1w': [1, 'week'],
      '1m': [1, 'month'],
      '6m': [6, 'month'],
      '1y': [1, 'year'],
      '5y': [5, 'year'],
    };
    if (duration === 'permanent') return t('rg.exclusion.forever');
    const [n, unit] = units[duration];
    return intl.formatNumber(n, { style: 'unit', unit, unitDisplay: 'long' });
  };
}

/** Minutes as "30 minutes", "1 hour", "8 hours". */
export function useMinutesText() {
  const intl = useIntl();
  return (minutes: number) =>
    minutes % 60 === 0
      ? intl.formatNumber(minutes / 60, { style: 'unit', unit: 'hour', unitDisplay: 'long' })
      : intl.formatNumber(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
}

const useDateText = () => {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
};

/** One limit's row: in force (or none), used this period, and a waiting raise or removal; it opens the limit's form. */
function LimitRow({ limit, actor }: { limit: Limit; actor: ResponsibleGamingActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const date = useDateText();
  const next = limit.next;
  return (
    <li>
      <button type="button" className={styles.row} aria-haspopup="dialog" onClick={() => actor.send({ type: 'limit.edit', kind: limit.kind, period: limit.period })}>
        <span className={styles.cardText}>
          <strong>{t(periodIds[limit.period])}</strong>
          <span className={styles.rowValue}>{t('rg.limit.used', { amount: formatMoney(limit.used, currency) })}</span>
          {next ? (
            <span className={styles.rowValue}>
              {next.amount === null
                ? t('rg.limit.removed', { date: date(next.from) })
                : t('rg.limit.rises', { amount: formatMoney(next.amount, currency), date: date(next.from) })}
            </span>
          ) : null}
        </span>
        <span className={styles.rowValue}>
          {limit.amount === null ? t('rg.limit.none') : formatMoney(limit.amount, currency)}
          <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
        </span>
      </button>
    </li>
  );
}

/** The open limit's form: an amount and save, or remove; refusals on the form. */
function LimitSheet({ actor }: { actor: ResponsibleGamingActor }) {
  const t = useT();
  const currency = useSiteCurrency();
  const formatMoney = useFormatMoney();
  const editing = useSelector(actor, (s) => s.context.editing);
  const limit = useSelector(actor, (s) => s.context.protection?.limits.find((l) => l.kind === s.context.editing?.kind && l.period === s.context.editing?.period));
  const busy = useSelector(actor, (s) => s.matches({ ready: 'savingLimit' }) || s.matches({ ready: 'removingLimit' }));
  const errorCode = useSelector(actor, (s) => s.context.limitError);
  const errors = useFieldErrors(errorCode, limitErrorFields);
  if (!editing || !limit) return null;
  const cancel = () => actor.send({ type: 'limit.cancel' });
  return (
    <Sheet title={t('rg.limit.name', { kind: t(kindIds[editing.kind]), period: t(periodIds[editing.period]) })} onClose={cancel}>
      <form
        ref={errors.form}
        className={styles.form}
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'limit.submit', amount: value('amount').trim() === '' ? Number.NaN : parseAmount(value('amount'), currency.minorUnits) });
          errors.refocus(actor.getSnapshot().context.limitError);
        }}
      >
        <p className={styles.hint}>{t('rg.limits.lead')}</p>
        <TextField
          id="rg-limit-amount"
          name="amount"
          label={t('rg.limit.amount')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          hint={t('rg.limit.used', { amount: formatMoney(limit.used, currency) })}
          errors={errors}
        />
        {errors.formError}
        <Button type="submit" block disabled={busy}>
          {busy ? t('in_please_wait') : t('rg.limit.save')}
        </Button>
        {limit.amount !== null && limit.next?.amount !== null ? (
          <Button type="button" variant="secondary" block disabled={busy} onClick={() => actor.send({ type: 'limit.remove' })}>
            {t('rg.limit.remove')}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" block onClick={cancel}>
          {t('dialog.cancel')}
        </Button>
      </form>
    </Sheet>
  );
}

function LimitsSection({ actor, protection }: { actor: ResponsibleGamingActor; protection: Protection }) {
  const t = useT();
  const notice = useSelector(actor, (s) => s.context.notice);
  const editing = useSelector(actor, (s) => s.context.editing !== null);
  return (
    <section className={styles.block} aria-labelledby="rg-limits">
      <h2 id="rg-limits" className={styles.sectionTitle}>
        {t('rg.limits.title')}
      </h2>
      <p className={styles.hint}>{t('rg.limits.lead')}</p>
      {limitKinds.map((kind) => (
        <section key={kind} className={styles.block} aria-labelledby={`rg-limit-${kind}`}>
          <h3 id={`rg-limit-${kind}`} className={styles.hint}>
            {t(kindIds[kind])}
          </h3>
          <ul className={styles.rows}>
            {limitPeriods.map((period) => {
              const limit = protection.limits.find((l) => l.kind === kind && l.period === period);
              return limit ? <LimitRow key={period} limit={limit} actor={actor} /> : null;
            })}
          </ul>
        </section>
      ))}
      {notice === 'limit' ? (
        <p className={styles.hint} role="status">
          {t('rg.limit.saved')}
        </p>
      ) : null}
      {editing ? <LimitSheet actor={actor} /> : null}
    </section>
  );
}

function SessionSection({ actor, protection }: { actor: ResponsibleGamingActor; protection: Protection }) {
  const t = useT();
  const minutes = useMinutesText();
  const busy = useSelector(actor, (s) => s.matches({ ready: 'savingSession' }));
  const notice = useSelector(actor, (s) => s.context.notice);
  const errorCode = useSelector(actor, (s) => s.context.sessionError);
  return (
    <section className={styles.block} aria-labelledby="rg-session">
      <h2 id="rg-session" className={styles.sectionTitle}>
        {t('rg.session.title')}
      </h2>
      <form
        key={`${protection.sessionLimitMinutes}-${protection.realityCheckMinutes}`}
        className={styles.form}
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'session.save', sessionLimitMinutes: Number(value('sessionLimit')), realityCheckMinutes: Number(value('realityCheck')) });
        }}
      >
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="rg-session-limit">
            {t('rg.session.limit')}
          </label>
          <div className={formStyles.control}>
            <select id="rg-session-limit" name="sessionLimit" className={formStyles.select} defaultValue={protection.sessionLimitMinutes} aria-describedby="rg-session-limit-hint">
              {sessionLimitChoices.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? t('rg.session.none') : minutes(m)}
                </option>
              ))}
            </select>
          </div>
          <span id="rg-session-limit-hint" className={formStyles.hint}>
            {t('rg.session.limitHint')}
          </span>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="rg-reality-check">
            {t('rg.reality.interval')}
          </label>
          <div className={formStyles.control}>
            <select id="rg-reality-check" name="realityCheck" className={formStyles.select} defaultValue={protection.realityCheckMinutes} aria-describedby="rg-reality-check-hint">
              {realityCheckChoices.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? t('rg.reality.off') : minutes(m)}
                </option>
              ))}
            </select>
          </div>
          <span id="rg-reality-check-hint" className={formStyles.hint}>
            {t('rg.reality.intervalHint')}
          </span>
        </div>
        <MessageAlert messageId={errorCode} />
        {notice === 'session' ? (
          <p className={styles.hint} role="status">
            {t('rg.session.saved')}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" block disabled={busy}>
          {busy ? t('in_please_wait') : t('rg.session.save')}
        </Button>
      </form>
    </section>
  );
}

const requestValue = (r: ExclusionRequest) => `${r.kind}:${r.duration}`;
const requests: ExclusionRequest[] = [
  ...timeOutDurations.map((duration) => ({ kind: 'timeOut' as const, duration })),
  ...selfExclusionDurations.map((duration) => ({ kind: 'selfExclusion' as const, duration })),
];

function ExclusionSection({ actor, protection }: { actor: ResponsibleGamingActor; protection: Protection }) {
  const t = useT();
  const durationText = useDurationText();
  const date = useDateText();
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirmingExclusion' }));
  const busy = useSelector(actor, (s) => s.matches({ ready: 'excluding' }));
  const chosen = useSelector(actor, (s) => s.context.exclusion);
  const notice = useSelector(actor, (s) => s.context.notice);
  const errorCode = useSelector(actor, (s) => s.context.exclusionError);
  const current = protection.exclusion;
  const permanent = current?.until === null;
  return (
    <section className={styles.block} aria-labelledby="rg-exclusion">
      <h2 id="rg-exclusion" className={styles.sectionTitle}>
        {t('rg.exclusion.title')}
      </h2>
      {current ? (
        <p className={formStyles.alert}>
          {current.until === null
            ? t('rg.exclusion.permanent')
            : t(current.kind === 'timeOut' ? 'rg.exclusion.timeOutUntil' : 'rg.exclusion.selfUntil', { date: date(current.until) })}
        </p>
      ) : null}
      {notice === 'exclusion' ? (
        <p className={styles.hint} role="status">
          {t('rg.exclusion.done')}
        </p>
      ) : null}
      {permanent ? null : (
        <form
          className={styles.form}
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            const value = formValues(event)('exclusion');
            const request = requests.find((r) => requestValue(r) === value);
            if (request) actor.send({ type: 'exclusion.choose', request });
          }}
        >
          <p className={styles.hint}>{t(current ? 'rg.exclusion.lengthen' : 'rg.exclusion.lead')}</p>
          {(['timeOut', 'selfExclusion'] as const).map((kind) => (
            <div key={kind} className={styles.block}>
              <h3 id={`rg-${kind}`} className={styles.hint}>
                {t(kind === 'timeOut' ? 'rg.exclusion.timeOut' : 'rg.exclusion.selfExclusion')}
              </h3>
              <div role="radiogroup" aria-labelledby={`rg-${kind}`} className={styles.rows}>
                {requests
                  .filter((r) => r.kind === kind)
                  .map((r) => (
                    <label key={r.duration} className={styles.row}>
                      {durationText(r.duration)}
                      <input type="radio" name="exclusion" value={requestValue(r)} defaultChecked={requestValue(r) === 'timeOut:24h'} />
                    </label>
                  ))}
              </div>
            </div>
          ))}
          <MessageAlert messageId={errorCode} />
          <Button type="submit" variant="danger" block disabled={busy}>
            {busy ? t('in_please_wait') : t('rg.exclusion.take')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('rg.exclusion.confirmTitle')}
        message={
          chosen?.duration === 'permanent'
            ? t('rg.exclusion.confirmPermanent')
            : chosen
              ? t('rg.exclusion.confirmFor', { duration: durationText(chosen.duration) })
              : ''
        }
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('rg.exclusion.start')}
        onCancel={() => actor.send({ type: 'exclusion.cancel' })}
        onSubmit={() => actor.send({ type: 'exclusion.confirm' })}
      />
    </section>
  );
}

function StatementSection({ statement }: { statement: StatementMonth[] }) {
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const monthText = (month: string) => {
    const [year, m] = month.split('-').map(Number);
    return intl.formatDate(Date.UTC(year!, (m ?? 1) - 1, 1), { year: 'numeric', month: 'long', timeZone: 'UTC' });
  };
  return (
    <section className={styles.block} aria-labelledby="rg-statement">
      <h2 id="rg-statement" className={styles.sectionTitle}>
        {t('rg.statement.title')}
      </h2>
      {statement.length === 0 ? (
        <p className={styles.hint}>{t('rg.statement.empty')}</p>
      ) : (
        <ul className={records.list}>
          {statement.map((row) => {
            const net = row.win - row.stake;
            const figures = [
              [t('rg.statement.deposits'), row.deposits],
              [t('rg.statement.withdrawals'), row.withdrawals],
              [t('rg.statement.stake'), row.stake],
              [t('rg.statement.win'), row.win],
            ] as const;
            return (
              <li key={row.month} className={records.item}>
                <span className={records.itemTitle}>{monthText(row.month)}</span>
                <span className={records.money}>
                  <span className={styles.visuallyHidden}>{t('rg.statement.net')} </span>
                  <span className={net > 0 ? records.plus : net < 0 ? records.minus : undefined}>{formatMoney(net, currency, { signed: true })}</span>
                </span>
                {figures.map(([label, amount]) => (
                  <span key={label} className={records.itemMeta}>
                    {label} {formatMoney(amount, currency)}
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Responsible gaming (/m/responsibleGaming; docs/responsible-gaming.md), run
 * by machines/responsible-gaming.machine.ts: the deposit, loss and wager
 * limits per day, week and month (in force, used this period, a waiting
 * raise or removal; each edited in its form), the session limit and reality
 * check, a time-out or self-exclusion (confirmed first), and the monthly
 * activity statement. Trial accounts are refused, as the security center
 * refuses them.
 */
export function ResponsibleGamingScreen({ isTrial }: { isTrial: boolean }) {
  useCatalogPart('identity');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideResponsibleGamingMachine(), []);
  const actor = useSystemActor(logic, { systemId: responsibleGamingSystemId, input: { isTrial } });
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const protection = useSelector(actor, (s) => s.context.protection);
  const statement = useSelector(actor, (s) => s.context.statement);
  switch (state) {
    case 'rejected':
      return <TrialRefused />;
    case 'failed':
      return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'rg.retry' })} />;
    case 'ready':
      return protection && statement ? (
        <div className={styles.screen}>
          <LimitsSection actor={actor} protection={protection} />
          <SessionSection actor={actor} protection={protection} />
          <ExclusionSection actor={actor} protection={protection} />
          <StatementSection statement={statement} />
        </div>
      ) : null;
    default:
      return <PageSkeleton label={t('in_please_wait')} />;
  }
}
