import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideWithdrawMachine } from '../../app/money-actors.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { parseAmount, useFormatMoney } from '../../ui/money-format.ts';
import styles from './money.module.css';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { type ErrorFields, formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import { BankCardFields, cardErrorFields } from '../../ui/bank-card-fields.tsx';
import { PinField } from '../../ui/text-field.tsx';
import { TrialRefused } from '../../ui/trial-refused.tsx';

type WithdrawActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideWithdrawMachine>>>;

/** The fields each error of the withdraw screen's forms is about. */
const passwordErrorFields: ErrorFields = {
  'money.password.format': ['newPassword'],
  'withdraw.password.invalid': ['newPassword'],
  'money.password.mismatch': ['confirmPassword'],
};
const withdrawErrorFields: ErrorFields = {
  'money.card.required': ['bankCardId'],
  'bankcard.not.found': ['bankCardId'],
  'money.amount.range': ['amount'],
  'money.amount.balance': ['amount'],
  'wallet.amount.range': ['amount'],
  'wallet.balance.insufficient': ['amount'],
  'money.password.format': ['password'],
  'withdraw.password.invalid': ['password'],
  'withdraw.password.incorrect': ['password'],
};

/**
 * Withdraw (/m/withdraw): the balance and limits, adding a bank card and
 * setting the withdrawal password when missing, then card, amount and
 * password. The amount is held until the operator decides; a request cannot
 * be cancelled. Trial accounts are refused.
 */
export function WithdrawScreen({ isTrial }: { isTrial: boolean }) {
  useCatalogPart('money');
  const logic = useMemo(() => provideWithdrawMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'withdraw', input: { isTrial } });
  const t = useT();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) =>
    s.matches('addingCard') ? 'addingCard' : s.matches('settingPassword') ? 'settingPassword' : (s.value as string),
  );
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  switch (state) {
    case 'rejected':
      return <TrialRefused />;
    case 'failed':
      return (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'withdraw.retry' })} />
      );
    case 'addingCard':
      return <CardForm actor={actor} />;
    case 'settingPassword':
      return <PasswordForm actor={actor} />;
    case 'form':
    case 'submitting':
      return <WithdrawForm actor={actor} />;
    case 'requested':
      return <Requested actor={actor} />;
    default:
      return <PageSkeleton label={t('in_please_wait')} />;
  }
}

function BalanceCard({ actor }: { actor: WithdrawActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const info = useSelector(actor, (s) => s.context.info);
  if (!info) return null;
  return (
    <section className={styles.card} aria-label={t('money.withdraw.balanceTitle')}>
      <div className={styles.cardRow}>
        {t('money.withdraw.available')}
        <strong data-testid="withdraw-balance">{formatMoney(info.balance, info.currency)}</strong>
      </div>
      <div className={styles.cardRow}>
        {t('money.withdraw.held')}
        <strong>{formatMoney(info.held, info.currency)}</strong>
      </div>
    </section>
  );
}

function CardForm({ actor }: { actor: WithdrawActor }) {
  const t = useT();
  const info = useSelector(actor, (s) => s.context.info)!;
  const saving = useSelector(actor, (s) => s.matches({ addingCard: 'saving' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(errorCode, cardErrorFields);
  return (
    <div className={styles.screen}>
      <BalanceCard actor={actor} />
      <form
        ref={errors.form}
        className={styles.screen}
        style={{ padding: 0 }}
        noValidate
        aria-busy={saving}
        aria-label={t('money.card.title')}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'card.submit', bankName: value('bankName'), accountName: value('accountName'), accountNumber: value('accountNumber') });
          errors.refocus(actor.getSnapshot().context.errorCode);
        }}
      >
        <h2 className={styles.itemTitle}>{t('money.card.title')}</h2>
        <BankCardFields banks={info.banks} errors={errors} />
        {errors.formError}
        <Button type="submit" block disabled={saving}>
          {saving ? t('in_please_wait') : t('money.card.submit')}
        </Button>
        {info.bankCards.length > 0 ? (
          <Button variant="ghost" block onClick={() => actor.send({ type: 'card.cancel' })}>
            {t('dialog.cancel')}
          </Button>
        ) : null}
      </form>
    </div>
  );
}

function PasswordForm({ actor }: { actor: WithdrawActor }) {
  const t = useT();
  const saving = useSelector(actor, (s) => s.matches({ settingPassword: 'saving' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(errorCode, passwordErrorFields);
  return (
    <div className={styles.screen}>
      <BalanceCard actor={actor} />
      <form
        ref={errors.form}
        className={styles.screen}
        style={{ padding: 0 }}
        noValidate
        aria-busy={saving}
        aria-label={t('money.password.title')}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'password.submit', newPassword: value('newPassword'), confirmPassword: value('confirmPassword') });
          errors.refocus(actor.getSnapshot().context.errorCode);
        }}
      >
        <h2 className={styles.itemTitle}>{t('money.password.title')}</h2>
        <p className={styles.hint}>{t('money.password.lead')}</p>
        <PinField id="pin-new" name="newPassword" label={t('money.password.new')} autoComplete="new-password" errors={errors} />
        <PinField id="pin-confirm" name="confirmPassword" label={t('money.password.confirm')} autoComplete="new-password" errors={errors} />
        {errors.formError}
        <Button type="submit" block disabled={saving}>
          {saving ? t('in_please_wait') : t('money.password.submit')}
        </Button>
      </form>
    </div>
  );
}

function WithdrawForm({ actor }: { actor: WithdrawActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const info = useSelector(actor, (s) => s.context.info)!;
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(errorCode, withdrawErrorFields);
  const { currency } = info;
  return (
    <div className={styles.screen}>
      <BalanceCard actor={actor} />
      <form
        ref={errors.form}
        className={styles.screen}
        style={{ padding: 0 }}
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({
            type: 'withdraw.submit',
            bankCardId: Number(value('bankCardId')),
            amount: parseAmount(value('amount'), currency.minorUnits),
            password: value('password'),
          });
          errors.refocus(actor.getSnapshot().context.errorCode);
        }}
      >
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('money.withdraw.card')}</legend>
          <div className={styles.choices}>
            {info.bankCards.map((card, i) => (
              <label key={card.id} className={styles.choice}>
                <input type="radio" name="bankCardId" value={card.id} defaultChecked={i === 0} {...errors.field('bankCardId')} />
                <span className={styles.choiceTitle}>
                  {card.bankName} {card.accountNumberMasked}
                </span>
                <span className={styles.choiceNote}>{card.accountName}</span>
              </label>
            ))}
          </div>
          {errors.errorUnder('bankCardId')}
          {info.bankCards.length < info.maxBankCards ? (
            <Button variant="ghost" compact onClick={() => actor.send({ type: 'card.add' })}>
              {t('money.card.add')}
            </Button>
          ) : null}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="withdraw-amount">
            {t('money.amount')}
          </label>
          <div className={styles.control}>
            <span className={styles.prefix} aria-hidden="true">
              {currency.symbol}
            </span>
            <input
              id="withdraw-amount"
              name="amount"
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              maxLength={16}
              {...errors.field('amount', 'withdraw-amount-hint')}
            />
          </div>
          {errors.errorUnder('amount')}
          <span id="withdraw-amount-hint" className={styles.hint}>
            {t('money.limits', { min: formatMoney(info.minAmount, currency), max: formatMoney(info.maxAmount, currency) })}
          </span>
        </div>
        <PinField id="withdraw-password" name="password" label={t('money.withdraw.password')} autoComplete="current-password" errors={errors} />
        {errors.formError}
        <Button type="submit" block disabled={submitting}>
          {submitting ? t('in_please_wait') : t('money.withdraw.submit')}
        </Button>
        <p className={styles.hint}>{t('money.withdraw.note')}</p>
      </form>
    </div>
  );
}

function Requested({ actor }: { actor: WithdrawActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const withdrawal = useSelector(actor, (s) => s.context.withdrawal)!;
  const currency = useSelector(actor, (s) => s.context.info!.currency);
  return (
    <div className={styles.screen}>
      <EmptyState
        icon="circle-check"
        title={t('money.withdraw.requested')}
        body={t('money.withdraw.requestedBody', { amount: formatMoney(withdrawal.amount, currency), orderNo: withdrawal.orderNo })}
        role="status"
        action={
          <Link to="/m/transaction/record" search={{ types: 'W' }} className={buttonClassName({ variant: 'secondary' })}>
            {t('money.records.open')}
          </Link>
        }
      />
      <Button block onClick={() => actor.send({ type: 'withdraw.again' })}>
        {t('money.withdraw.again')}
      </Button>
    </div>
  );
}
