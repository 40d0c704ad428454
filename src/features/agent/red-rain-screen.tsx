import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideRedRainMachine } from '../../app/agent-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { formValues, useFieldErrors } from '../../ui/field-errors.tsx';
import { parseAmount, useFormatMoney } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AccountSearch } from './account-search.tsx';
import styles from './agent.module.css';

const rainErrorFields = { 'money.amount.range': ['amount'], 'wallet.balance.insufficient': ['amount'] } as const;

/**
 * Red envelope rain (/m/redRain; AGENTRANSMULTDOWN3): the agent picks team
 * members, the amount each gets, reviews the total and confirms; the server
 * pays them all from the agent's wallet in one go, or none
 * (machines/red-rain.machine.ts).
 */
export function RedRainScreen() {
  useCatalogPart('identity');
  useCatalogPart('money');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideRedRainMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'redRain' });
  const state = useSelector(actor, (s) => s.value as 'loading' | 'failed' | 'picking' | 'reviewing' | 'sending' | 'done');
  const candidates = useSelector(actor, (s) => s.context.candidates);
  const selected = useSelector(actor, (s) => s.context.selected);
  const amount = useSelector(actor, (s) => s.context.amount);
  const result = useSelector(actor, (s) => s.context.result);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errors = useFieldErrors(errorCode, rainErrorFields);

  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'rain.retry' })} />;
  }
  if (state === 'done' && result) {
    return (
      <div className={styles.screen}>
        <EmptyState
          icon="cloud-rain"
          title={t('agent.rain.done', { count: result.members, total: formatMoney(result.total, currency) })}
          body={t('agent.rain.balance', { amount: formatMoney(result.balance, currency) })}
          action={
            <Button variant="secondary" onClick={() => actor.send({ type: 'rain.again' })}>
              {t('agent.rain.again')}
            </Button>
          }
        />
      </div>
    );
  }
  const chosen = new Set(selected.map((m) => m.id));
  return (
    <div className={styles.screen}>
      <form
        ref={errors.form}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          const value = formValues(event);
          actor.send({ type: 'rain.review', amount: parseAmount(value('amount'), currency.minorUnits) });
          errors.refocus(actor.getSnapshot().context.errorCode);
        }}
      >
        <TextField id="rain-amount" name="amount" label={t('agent.rain.amount')} inputMode="decimal" autoComplete="off" errors={errors} />
        {errors.formError}
        <Button type="submit" block disabled={state === 'sending'}>
          {state === 'sending' ? t('in_please_wait') : t('agent.rain.review')}
        </Button>
      </form>
      <AccountSearch onSearch={(account) => actor.send({ type: 'rain.search', account })} />
      <div className={styles.heroActions}>
        <Button variant="ghost" compact onClick={() => actor.send({ type: 'rain.all' })}>
          {t('agent.rain.all')}
        </Button>
        <Button variant="ghost" compact onClick={() => actor.send({ type: 'rain.none' })}>
          {t('agent.rain.clear')}
        </Button>
      </div>
      {state === 'loading' ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : candidates.length === 0 ? (
        <EmptyState icon="users" title={t('agent.members.empty')} body={t('agent.empty.body')} />
      ) : (
        <fieldset className={styles.group}>
          <legend className={styles.sectionTitle}>{t('agent.rain.members', { count: selected.length })}</legend>
          <ul className={styles.picks}>
            {candidates.map((member) => (
              <li key={member.id}>
                <label className={styles.pick}>
                  <input type="checkbox" checked={chosen.has(member.id)} onChange={() => actor.send({ type: 'rain.toggle', member })} />
                  <span>
                    {member.account}
                    <span className={styles.muted}> · {t('agent.level', { level: member.level })}</span>
                  </span>
                  <span className={styles.money}>{formatMoney(member.balance, currency)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <ConfirmDialog
        open={state === 'reviewing'}
        title={t('title.redRain')}
        message={t('agent.rain.confirm', {
          count: selected.length,
          amount: formatMoney(amount ?? 0, currency),
          total: formatMoney((amount ?? 0) * selected.length, currency),
          members: intl.formatList(selected.slice(0, 5).map((m) => m.account)),
        })}
        cancelLabel={t('agent.rain.back')}
        submitLabel={t('agent.rain.send')}
        onCancel={() => actor.send({ type: 'rain.back' })}
        onSubmit={() => actor.send({ type: 'rain.confirm' })}
      />
    </div>
  );
}
