/**
 * What the contract screens and the dividend screen share: a contract's
 * tiers as a table, a status pill, and the payouts list (the records
 * machine's child of their machines, paged with "load more").
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ContractKind, ContractPayout, ContractTier } from '../../../contract/agent-contracts.ts';
import type { recordsMachine } from '../../../machines/records.machine.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { recordStyles } from '../../ui/records-layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import agentStyles from './agent.module.css';
import styles from './contract.module.css';

export type PayoutsActor = ActorRefFrom<typeof recordsMachine>;

/** A rate in basis points as a percentage with two decimals (`1250` -> `12.50%`). */
export function useRateText() {
  const intl = useIntl();
  return useCallback((bps: number) => intl.formatNumber(bps / 10_000, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }), [intl]);
}

/** The column titles of a kind's tiers: what the period must reach, and what it pays. */
export const tierColumns: Record<ContractKind, { threshold: MessageId; reward: MessageId }> = {
  salary: { threshold: 'agent.contract.tier.turnover', reward: 'agent.contract.tier.perDay' },
  hourly: { threshold: 'agent.contract.tier.turnover', reward: 'agent.contract.tier.perHour' },
  dividend: { threshold: 'agent.contract.tier.netLoss', reward: 'agent.contract.tier.rate' },
};

/** A contract's tiers: threshold -> amount per day or hour, or -> rate of the net loss. */
export function TiersTable({ kind, tiers }: { kind: ContractKind; tiers: readonly ContractTier[] }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const rate = useRateText();
  return (
    <table className={styles.tiers}>
      <caption className={recordStyles.itemMeta}>{t('agent.contract.tiers')}</caption>
      <thead>
        <tr>
          <th scope="col">{t(tierColumns[kind].threshold)}</th>
          <th scope="col">{t(tierColumns[kind].reward)}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.threshold}>
            <th scope="row">{formatMoney(tier.threshold, currency)}</th>
            <td>{kind === 'dividend' ? rate(tier.reward) : formatMoney(tier.reward, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span className={styles.status} data-status={status}>
      {label}
    </span>
  );
}

/** A payout's period as people read it: a day, an hour (UTC) or a month. */
function usePeriodText() {
  const intl = useIntl();
  return useCallback(
    (kind: ContractKind, period: string) => {
      if (kind === 'dividend') return intl.formatDate(`${period}-01T00:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' });
      if (kind === 'hourly') {
        return intl.formatDate(`${period}:00:00Z`, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
      }
      return intl.formatDate(`${period}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
    },
    [intl],
  );
}

const payoutStatusIds = { paid: 'agent.contract.payout.paid', unpaid: 'agent.contract.payout.unpaid', nothing: 'agent.contract.payout.nothing' } as const;

/**
 * The payouts of a kind, received and paid: the period, who paid whom, the period's base (turnover or net
 * loss), the amount and whether it was paid; the next page on "load more".
 */
export function PayoutList({ payouts, title }: { payouts: PayoutsActor | undefined; title: string }) {
  const t = useT();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const periodText = usePeriodText();
  const state = useSelector(payouts, (s) => (!s ? 'loading' : s.matches('ready') ? 'ready' : (s.value as 'loading' | 'failed')));
  const items = useSelector(payouts, (s) => (s?.context.items ?? []) as ContractPayout[]);
  const hasMore = useSelector(payouts, (s) => (s ? s.context.pageNum < s.context.totalPages : false));
  const loadingMore = useSelector(payouts, (s) => s?.matches({ ready: 'loadingMore' }) ?? false);
  const errorCode = useSelector(payouts, (s) => s?.context.errorCode ?? null);
  return (
    <section className={recordStyles.filters} aria-labelledby="contract-payouts">
      <h2 id="contract-payouts" className={agentStyles.sectionTitle}>
        {title}
      </h2>
      {state === 'loading' ? (
        <ul className={recordStyles.list} aria-busy="true" aria-label={t('in_please_wait')}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className={recordStyles.skeletonRow} />
            </li>
          ))}
        </ul>
      ) : state === 'failed' ? (
        <LoadFailed headingLevel={3} title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => payouts?.send({ type: 'records.retry' })} />
      ) : items.length === 0 ? (
        <EmptyState headingLevel={3} icon="receipt-text" title={t('agent.contract.payouts.empty')} body={t('agent.contract.payouts.emptyBody')} />
      ) : (
        <>
          <ul className={recordStyles.list} aria-label={title}>
            {items.map((p) => (
              <li key={p.id} className={recordStyles.item}>
                <span className={recordStyles.itemTitle}>{periodText(p.kind, p.period)}</span>
                <span className={[recordStyles.money, p.amount !== 0 && (p.role === 'received' ? recordStyles.plus : recordStyles.minus)].filter(Boolean).join(' ')}>
                  {formatMoney(p.role === 'received' ? p.amount : -p.amount, currency, { signed: p.amount > 0 })}
                </span>
                <span className={recordStyles.itemMeta}>
                  {t(p.role === 'received' ? 'agent.contract.role.received' : 'agent.contract.role.paid', {
                    account: p.role === 'received' ? p.agentAccount : p.memberAccount,
                  })}{' '}
                  · {t(p.kind === 'dividend' ? 'agent.contract.base.netLoss' : 'agent.contract.base.turnover', { amount: formatMoney(p.base, currency) })}
                </span>
                <span className={recordStyles.money}>
                  <StatusPill status={p.status} label={t(payoutStatusIds[p.status])} />
                </span>
              </li>
            ))}
          </ul>
          <MessageAlert messageId={errorCode} />
          {hasMore ? (
            <div className={recordStyles.more}>
              <Button variant="ghost" compact disabled={loadingMore} onClick={() => payouts?.send({ type: 'records.more' })}>
                {loadingMore ? t('in_please_wait') : t('agent.contract.payouts.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
