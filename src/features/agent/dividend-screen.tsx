import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { dividendPayoutsId } from '../../../machines/dividend.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideDividendMachine } from '../../app/contract-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './agent.module.css';
import { PayoutList, type PayoutsActor, TiersTable } from './contract-parts.tsx';

/**
 * The agent's dividend (/m/member/agent/agentDivident; machines/dividend.machine.ts): this month's team net
 * loss, the dividend it would pay now under my dividend contract and that contract's tiers, the dividends
 * received and paid so far, then the dividend payouts; a link to the dividend contract screen.
 */
export function DividendScreen() {
  useCatalogPart('identity');
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const logic = useMemo(() => provideDividendMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'dividend' });
  const summary = useSelector(actor, (s) => s.context.summary);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const payouts = useSelector(actor, (s) => s.children[dividendPayoutsId] as PayoutsActor | undefined);
  const money = (amount: number | undefined, signed = false) =>
    amount === undefined ? <Skeleton /> : formatMoney(amount, currency, signed ? { signed } : undefined);
  const month = summary ? intl.formatDate(`${summary.period}-01T00:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' }) : null;
  return (
    <div className={styles.screen}>
      {failed ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'dividend.retry' })} />
      ) : (
        <section className={styles.group} aria-labelledby="dividend-month" aria-busy={!summary}>
          <h2 id="dividend-month" className={styles.sectionTitle}>
            {month ? t('agent.dividend.month', { month }) : <Skeleton />}
          </h2>
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>{t('agent.dividend.netLoss')}</dt>
              <dd>{money(summary?.netLoss)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>{t('agent.dividend.estimate')}</dt>
              <dd className={summary && summary.estimate > 0 ? styles.plus : undefined}>{money(summary?.estimate)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>{t('agent.dividend.received')}</dt>
              <dd>{money(summary?.receivedTotal)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>{t('agent.dividend.paid')}</dt>
              <dd>{money(summary?.paidTotal)}</dd>
            </div>
          </dl>
          {summary ? (
            summary.contract ? (
              <div className={styles.notice}>
                <span className={styles.noticeTitle}>{t('agent.dividend.contract', { account: summary.contract.agentAccount })}</span>
                <TiersTable kind="dividend" tiers={summary.contract.tiers} />
              </div>
            ) : (
              <EmptyState headingLevel={3} icon="piggy-bank" title={t('agent.dividend.noContract')} body={t('agent.dividend.noContractBody')} />
            )
          ) : null}
          <Link to="/m/member/agent/getDevidendContract" className={buttonClassName({ variant: 'secondary', block: true })}>
            {t('agent.dividend.contracts')}
          </Link>
        </section>
      )}
      <PayoutList payouts={payouts} title={t('agent.dividend.payouts')} />
    </div>
  );
}
