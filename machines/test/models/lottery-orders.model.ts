/** The lottery orders screen's model: inputs and events of its model-based test and of `npm run paths lottery-orders`. */
import type { Order } from '../../../contract/lottery.ts';
import { lotteryOrdersMachine, type OrderDetail } from '../../lottery-orders.machine.ts';
import type { MachineModel } from '../model.ts';
import { first, order } from './lottery-game.model.ts';

export const open7 = order(7);
export const cancelled7: Order = {
  ...open7,
  stake: 0,
  status: 'cancelled',
  subOrders: open7.subOrders.map((s) => ({ ...s, status: 'cancelled', cancellable: false })),
};
export const detail7: OrderDetail = { order: open7, issue: first };
export const pageOne = { list: [open7, order(6, 'settled')], pageNum: 1, totalPages: 2 };
export const pageTwo = { list: [order(5, 'settled')], pageNum: 2, totalPages: 2 };

const detailKey = (context: unknown) => {
  const c = context as { openId: number | null; detail: OrderDetail | null; cancelId: number | null; detailError: string | null; orders: Order[] };
  return [c.openId, c.detail?.order.status, c.cancelId, c.detailError, c.orders.map((o) => o.status)];
};

export const lotteryOrdersModel: MachineModel<typeof lotteryOrdersMachine> = {
  machine: lotteryOrdersMachine,
  aspects: [
    {
      name: 'a tab’s orders load a page at a time; failures and retries',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadOrders', output: pageOne },
        { type: 'xstate.error.actor.loadOrders', error: { errorCode: 'client.offline' } },
        { type: 'orders.retry' },
        { type: 'orders.more' },
        { type: 'xstate.done.actor.loadMoreOrders', output: pageTwo },
        { type: 'xstate.error.actor.loadMoreOrders', error: { errorCode: 'client.timeout' } },
        { type: 'orders.status', status: 'open' },
      ],
    },
    {
      name: 'an order opened, a sub-order cancelled after a confirm or refused',
      inputs: [undefined as never],
      contextKey: detailKey,
      events: [
        { type: 'xstate.done.actor.loadOrders', output: { ...pageOne, totalPages: 1 } },
        { type: 'order.open', orderId: 7 },
        { type: 'xstate.done.actor.loadOrderDetail', output: detail7 },
        { type: 'xstate.error.actor.loadOrderDetail', error: { errorCode: 'lottery.order.not.found' } },
        { type: 'order.retry' },
        { type: 'order.close' },
        { type: 'suborder.cancel', subOrderId: 70 },
        { type: 'suborder.cancel', subOrderId: 999 },
        { type: 'cancel.back' },
        { type: 'cancel.confirm' },
        { type: 'xstate.done.actor.cancelSubOrder', output: { order: cancelled7, balance: 100_000 } },
        { type: 'xstate.error.actor.cancelSubOrder', error: { errorCode: 'lottery.suborder.not.cancellable' } },
      ],
    },
  ],
};
