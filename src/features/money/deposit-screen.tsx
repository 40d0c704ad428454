import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideDepositMachine } from '../../app/money-actors.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { amountText, parseAmount, useFormatMoney } from '../../ui/money-format.ts';
import styles from './money.module.css';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';
import { type ErrorFields, useFieldErrors } from '../../ui/field-errors.tsx';
import { usePageVisible, useSiteCurrency } from './money-parts.tsx';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useScrollToTopOnMount } from '../../ui/scroll-to-top.ts';

/**
 * Deposit (/m/voucherCenter): channels with their limits, promotions, the
 * amount (quick picks or typed), then the gateway's payment page; back from
 * it (`?orderNo=`) the order is followed until the gateway confirms it.
 * Trial accounts are refused (free_reject, 2 s).
 */
export function DepositScreen({ isTrial, orderNo }: { isTrial: boolean; orderNo: string | null }) {
  useCatalogPart('money');
  const logic = useMemo(() => provideDepositMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'deposit', input: { isTrial, orderNo } });
  const t = useT();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) =>
    s.matches('rejected') ? 'rejected' : s.matches('pending') ? 'pending' : (s.value as 'loading' | 'failed' | 'editing' | 'creating' | 'settled'),
  );
  const toast = useSelector(actor, (s) => s.matches({ rejected: 'toast' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  usePageVisible(() => actor.send({ type: 'page.visible' }));

  switch (state) {
    case 'rejected':
      return (
        <>
          {toast ? (
            <p role="status" className={styles.toast}>
              {t('free_reject')}
            </p>
          ) : null}
          <TrialRefused />
        </>
      );
    case 'loading':
      return <PageSkeleton label={t('in_please_wait')} />;
    case 'failed':
      return (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'deposit.retry' })} />
      );
    case 'pending':
      return <PendingOrder actor={actor} />;
    case 'settled':
      return <SettledOrder actor={actor} />;
    default:
      return <DepositForm actor={actor} />;
  }
}

type DepositActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideDepositMachine>>>;

/** The fields each error of the deposit form is about. */
const depositErrorFields: ErrorFields = {
  'money.channel.required': ['channel'],
  'deposit.channel.unknown': ['channel'],
  'money.amount.range': ['amount'],
  'wallet.amount.range': ['amount'],
  'deposit.promotion.unavailable': ['promotion'],
};

function DepositForm({ actor }: { actor: DepositActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const options = useSelector(actor, (s) => s.context.options)!;
  const channelCode = useSelector(actor, (s) => s.context.channelCode);
  const promotionId = useSelector(actor, (s) => s.context.promotionId);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const [amount, setAmount] = useState('');
  const errors = useFieldErrors(errorCode, depositErrorFields);
  const { currency } = options;
  const channel = options.channels.find((c) => c.code === channelCode) ?? null;

  if (options.channels.length === 0) {
    return <EmptyState icon="clock" title={t('money.deposit.noChannels')} />;
  }
  return (
    <form
      ref={errors.form}
      className={styles.screen}
      noValidate
      aria-busy={creating}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'deposit.submit', amount: parseAmount(amount, currency.minorUnits) });
        errors.refocus(actor.getSnapshot().context.errorCode);
      }}
    >
      {options.bonusBadge !== null ? (
        <p className={styles.bonusBadge}>
          {t('money.deposit.bonusBadge', { amount: formatMoney(options.bonusBadge, currency, { compact: true }) })}
        </p>
      ) : null}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('money.deposit.channel')}</legend>
        <div className={styles.choices}>
          {options.channels.map((c) => (
            <label key={c.code} className={styles.choice}>
              <input
                type="radio"
                name="channel"
                value={c.code}
                checked={c.code === channelCode}
                {...errors.field('channel')}
                onChange={() => actor.send({ type: 'deposit.selectChannel', channelCode: c.code })}
              />
              <span className={styles.choiceTitle}>{c.name}</span>
              <span className={styles.choiceNote}>
                {t('money.limits', { min: formatMoney(c.minAmount, currency), max: formatMoney(c.maxAmount, currency) })}
              </span>
            </label>
          ))}
        </div>
        {errors.errorUnder('channel')}
      </fieldset>

      <div className={styles.field}>
        <label className={styles.label} htmlFor="deposit-amount">
          {t('money.amount')}
        </label>
        <div className={styles.control}>
          <span className={styles.prefix} aria-hidden="true">
            {currency.symbol}
          </span>
          <input
            id="deposit-amount"
            name="amount"
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...errors.field('amount', channel ? 'deposit-amount-hint' : undefined)}
          />
        </div>
        {errors.errorUnder('amount')}
        {channel ? (
          <span id="deposit-amount-hint" className={styles.hint}>
            {t('money.limits', { min: formatMoney(channel.minAmount, currency), max: formatMoney(channel.maxAmount, currency) })}
          </span>
        ) : null}
        {channel && channel.presetAmounts.length > 0 ? (
          <div className={styles.presets}>
            {channel.presetAmounts.map((preset) => (
              <button
                key={preset}
                type="button"
                className={styles.preset}
                aria-pressed={parseAmount(amount, currency.minorUnits) === preset}
                onClick={() => setAmount(amountText(preset, currency.minorUnits))}
              >
                {formatMoney(preset, currency)}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {options.promotions.length > 0 ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('money.deposit.promotion')}</legend>
          <div className={styles.choices}>
            <label className={styles.choice}>
              <input
                type="radio"
                name="promotion"
                checked={promotionId === null}
                {...errors.field('promotion')}
                onChange={() => actor.send({ type: 'deposit.selectPromotion', promotionId: null })}
              />
              <span className={styles.choiceTitle}>{t('money.deposit.noPromotion')}</span>
            </label>
            {options.promotions.map((p) => (
              <label key={p.id} className={styles.choice} data-disabled={!p.available || undefined}>
                <input
                  type="radio"
                  name="promotion"
                  disabled={!p.available}
                  checked={promotionId === p.id}
                  {...errors.field('promotion')}
                  onChange={() => actor.send({ type: 'deposit.selectPromotion', promotionId: p.id })}
                />
                <span className={styles.choiceTitle}>{p.title}</span>
                <span className={styles.choiceNote}>
                  {p.available
                    ? t('money.deposit.bonus', {
                        rate: p.bonusRateBps / 100,
                        max: formatMoney(p.maxBonus, currency),
                        min: formatMoney(p.minDeposit, currency),
                      })
                    : t('money.deposit.promotionTaken')}
                </span>
              </label>
            ))}
          </div>
          {errors.errorUnder('promotion')}
        </fieldset>
      ) : null}

      {errors.formError}
      <Button type="submit" block disabled={creating}>
        {creating ? t('in_please_wait') : t('money.deposit.submit')}
      </Button>
    </form>
  );
}

function PendingOrder({ actor }: { actor: DepositActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const order = useSelector(actor, (s) => s.context.order);
  const orderNo = useSelector(actor, (s) => s.context.orderNo);
  const checking = useSelector(actor, (s) => s.matches({ pending: 'checking' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const currency = useSiteCurrency();
  return (
    <div className={styles.screen}>
      <EmptyState
        icon="clock"
        title={t('money.deposit.pending')}
        body={t('money.deposit.pendingBody', { orderNo: orderNo ?? '' })}
        role="status"
      />
      {order ? <p className={styles.figure}>{formatMoney(order.amount, currency)}</p> : null}
      <MessageAlert messageId={errorCode} />
      {order?.payUrl ? (
        <a href={order.payUrl} className={buttonClassName({ block: true })}>
          {t('money.deposit.openPayment')}
        </a>
      ) : null}
      <Button variant="secondary" block disabled={checking} onClick={() => actor.send({ type: 'deposit.check' })}>
        {checking ? t('in_please_wait') : t('money.deposit.check')}
      </Button>
      <Button variant="ghost" block onClick={() => actor.send({ type: 'deposit.again' })}>
        {t('money.deposit.again')}
      </Button>
    </div>
  );
}

function SettledOrder({ actor }: { actor: DepositActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const order = useSelector(actor, (s) => s.context.order)!;
  const completed = order.status === 'completed';
  useScrollToTopOnMount();
  return (
    <div className={styles.screen}>
      <EmptyState
        icon={completed ? 'circle-check' : 'circle-x'}
        title={t(completed ? 'money.deposit.completed' : 'money.deposit.cancelled')}
        body={t('money.deposit.orderNo', { orderNo: order.orderNo })}
        role="status"
        action={
          <Link to="/m/transaction/record" search={{ types: 'D' }} className={buttonClassName({ variant: 'secondary' })}>
            {t('money.records.open')}
          </Link>
        }
      />
      {completed ? (
        <p className={styles.figure}>
          {order.bonus > 0
            ? t('money.deposit.creditedWithBonus', { amount: formatMoney(order.amount, currency), bonus: formatMoney(order.bonus, currency) })
            : formatMoney(order.amount, currency)}
        </p>
      ) : null}
      <Button block onClick={() => actor.send({ type: 'deposit.again' })}>
        {t('money.deposit.again')}
      </Button>
    </div>
  );
}
