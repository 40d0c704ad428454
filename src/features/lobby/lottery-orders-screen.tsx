import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Order } from '../../../contract/lottery.ts';
import { type OrderTab, orderTabs } from '../../../machines/lottery-orders.machine.ts';
import { oddsText } from '../../../machines/lottery-rules.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideLotteryOrdersMachine } from '../../app/lottery-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Balls, betTypeNames, LotteryLinks, MoreButton, usePickText } from './lottery-parts.tsx';
import styles from './lottery.module.css';

type OrdersActor = ReturnType<typeof useOrdersActor>;

function useOrdersActor() {
  const logic = useMemo(() => provideLotteryOrdersMachine(), []);
  return useSystemActor(logic, { systemId: 'lotteryOrders' });
}

const tabNames: Record<OrderTab, MessageId> = {
  all: 'lobby.tabs.all',
  open: 'lottery.status.open',
  settled: 'lottery.status.settled',
  cancelled: 'lottery.status.cancelled',
};

/**
 * The member's lottery orders (/m/lotto/orders): status tabs, the orders a
 * page at a time, and an order opened with its sub-orders, its draw and the
 * cancel of an open sub-order (machines/lottery-orders.machine.ts).
 */
export function LotteryOrdersScreen() {
  useCatalogPart('lobby');
  const t = useT();
  const errorText = useErrorText();
  const actor = useOrdersActor();
  const state = useSelector(actor, (s) => (s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready'));
  const { status, orders, errorCode } = useSelector(actor, (s) => s.context);
  const hasMore = useSelector(actor, (s) => s.context.pageNum < s.context.totalPages);
  const loadingMore = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }));
  return (
    <div className={styles.screen}>
      <div className={styles.chips} role="tablist" aria-label={t('lottery.orders.tabs')}>
        {orderTabs.map((tab) => (
          <button key={tab} type="button" role="tab" aria-selected={tab === status} className={styles.chip} onClick={() => actor.send({ type: 'orders.status', status: tab })}>
            {t(tabNames[tab])}
          </button>
        ))}
      </div>
      {state === 'loading' ? (
        <PageSkeleton label={t('in_please_wait')} />
      ) : state === 'failed' ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'orders.retry' })} />
      ) : orders.length === 0 ? (
        <EmptyState icon="ticket" title={t('lottery.orders.empty')} body={t('lottery.orders.emptyBody')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('lottery.orders.list')}>
            {orders.map((order) => (
              <OrderRow key={order.orderId} actor={actor} order={order} />
            ))}
          </ul>
          <MessageAlert messageId={errorCode} />
          {hasMore ? <MoreButton loading={loadingMore} onMore={() => actor.send({ type: 'orders.more' })} /> : null}
        </>
      )}
      <LotteryLinks />
      <CancelDialog actor={actor} />
    </div>
  );
}

function OrderRow({ actor, order }: { actor: OrdersActor; order: Order }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const opened = useSelector(actor, (s) => s.context.openId === order.orderId);
  return (
    <li>
      <button
        type="button"
        className={styles.itemButton}
        aria-expanded={opened}
        onClick={() => actor.send(opened ? { type: 'order.close' } : { type: 'order.open', orderId: order.orderId })}
      >
        <span className={styles.itemTitle}>{order.gameName}</span>
        <span className={order.payout > 0 ? styles.plus : styles.money}>{t(`lottery.status.${order.status}`)}</span>
        <span className={styles.itemMeta}>{t('lottery.issue', { issueNo: order.issueNo })}</span>
        <span className={styles.itemMeta}>{t('lottery.order.amounts', { stake: formatMoney(order.stake, currency), payout: formatMoney(order.payout, currency) })}</span>
      </button>
      {opened ? <OrderDetail actor={actor} /> : null}
    </li>
  );
}

/** The opened order: each sub-order (pick, stake, odds, status, payout, cancel) and the draw once made. */
function OrderDetail({ actor }: { actor: OrdersActor }) {
  const t = useT();
  const errorText = useErrorText();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const pickText = usePickText();
  const state = useSelector(actor, (s) => (s.matches({ detail: 'loading' }) ? 'loading' : s.matches({ detail: 'failed' }) ? 'failed' : 'shown'));
  const cancelling = useSelector(actor, (s) => s.matches({ detail: 'cancelling' }));
  const { detail, detailError } = useSelector(actor, (s) => s.context);
  if (state === 'loading') return <PageSkeleton label={t('in_please_wait')} />;
  if (state === 'failed' || !detail) {
    return <LoadFailed headingLevel={3} title={errorText(detailError ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'order.retry' })} />;
  }
  const { order, issue } = detail;
  return (
    <section className={styles.card} aria-label={t('lottery.order.title', { orderId: order.orderId })}>
      {issue.status === 'drawn' ? <Balls numbers={issue.numbers} /> : <span className={styles.muted}>{t('lottery.order.notDrawn')}</span>}
      <ul className={styles.list}>
        {order.subOrders.map((sub) => (
          <li key={sub.id} className={styles.item}>
            <span className={styles.itemTitle}>
              {t(betTypeNames[sub.betType])}: {pickText(sub.betType, sub.pick)}
            </span>
            <span className={sub.status === 'won' ? styles.plus : styles.money}>{t(`lottery.status.${sub.status}`)}</span>
            <span className={styles.itemMeta}>
              {t('lottery.subOrder.amounts', { stake: formatMoney(sub.stake, currency), odds: oddsText(sub.odds), payout: formatMoney(sub.payout, currency) })}
            </span>
            {sub.cancellable ? (
              <Button variant="ghost" compact disabled={cancelling} onClick={() => actor.send({ type: 'suborder.cancel', subOrderId: sub.id })}>
                {t('lottery.cancel')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <MessageAlert messageId={detailError} />
    </section>
  );
}

function CancelDialog({ actor }: { actor: OrdersActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const sub = useSelector(actor, (s) => (s.matches({ detail: 'confirming' }) ? s.context.detail?.order.subOrders.find((o) => o.id === s.context.cancelId) : undefined));
  return (
    <ConfirmDialog
      open={Boolean(sub)}
      title={t('lottery.cancel')}
      message={t('lottery.cancel.confirm', { stake: formatMoney(sub?.stake ?? 0, currency) })}
      cancelLabel={t('lottery.cancel.keep')}
      submitLabel={t('lottery.cancel')}
      onCancel={() => actor.send({ type: 'cancel.back' })}
      onSubmit={() => actor.send({ type: 'cancel.confirm' })}
    />
  );
}
