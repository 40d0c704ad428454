import { assign, fromPromise, setup } from 'xstate';
import type { Issue, Order } from '../contract/lottery.ts';
import { errorCodeOf } from './money-types.ts';

export const orderTabs = ['all', 'open', 'settled', 'cancelled'] as const;
export type OrderTab = (typeof orderTabs)[number];

export interface OrdersRequest {
  status: OrderTab;
  pageNo: number;
}

export interface OrdersPage {
  list: Order[];
  pageNum: number;
  totalPages: number;
}

export interface OrderDetail {
  order: Order;
  issue: Issue;
}

export interface LotteryOrdersContext {
  status: OrderTab;
  orders: Order[];
  pageNum: number;
  totalPages: number;
  /** The list's failure (a failed next page keeps the rows). */
  errorCode: string | null;
  /** The order opened, its sub-orders and its issue. */
  openId: number | null;
  detail: OrderDetail | null;
  /** The sub-order the player asked to cancel (confirming, cancelling). */
  cancelId: number | null;
  /** The detail's failure, or the cancel's refusal. */
  detailError: string | null;
}

export type LotteryOrdersEvent =
  | { type: 'orders.status'; status: OrderTab }
  | { type: 'orders.more' }
  | { type: 'orders.retry' }
  | { type: 'order.open'; orderId: number }
  | { type: 'order.close' }
  | { type: 'order.retry' }
  | { type: 'suborder.cancel'; subOrderId: number }
  | { type: 'cancel.back' }
  | { type: 'cancel.confirm' };

const replaced = (orders: Order[], order: Order) => orders.map((o) => (o.orderId === order.orderId ? order : o));

/**
 * The member's lottery orders (/m/lotto/orders). Region **list**: the orders
 * of a status tab (all, open, settled, cancelled), newest first, a page at a
 * time (`loadOrders`; `orders.more` appends the next while there is one; a
 * failed next page keeps the rows). Region **detail**: an order opened
 * (`loadOrderDetail`) shows its sub-orders and its issue (the numbers once
 * drawn); a cancellable sub-order can be cancelled after a confirm
 * (`cancelSubOrder`): the answer's order replaces the old one in the detail
 * and the list, and the balance is told (`subOrderCancelled`); a refusal
 * shows and changes nothing.
 */
export const lotteryOrdersMachine = setup({
  types: {
    context: {} as LotteryOrdersContext,
    events: {} as LotteryOrdersEvent,
  },
  actors: {
    loadOrders: fromPromise<OrdersPage, OrdersRequest>(async () => {
      throw new Error('loadOrders is provided by the app');
    }),
    loadOrderDetail: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('loadOrderDetail is provided by the app');
    }),
    cancelSubOrder: fromPromise<{ order: Order; balance: number }, { subOrderId: number }>(async () => {
      throw new Error('cancelSubOrder is provided by the app');
    }),
  },
  actions: {
    /** A stake went back to the wallet (the app reloads the balance it shows). */
    subOrderCancelled: () => {},
  },
  guards: {
    hasMore: ({ context }) => context.pageNum < context.totalPages,
    isCancellable: ({ context, event }) => {
      const { subOrderId } = event as Extract<LotteryOrdersEvent, { type: 'suborder.cancel' }>;
      return context.detail?.order.subOrders.some((s) => s.id === subOrderId && s.cancellable) ?? false;
    },
  },
}).createMachine({
  id: 'lotteryOrders',
  context: { status: 'all', orders: [], pageNum: 0, totalPages: 0, errorCode: null, openId: null, detail: null, cancelId: null, detailError: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'orders.status': { target: '.loading', actions: assign({ status: ({ event }) => event.status, orders: [], pageNum: 0, totalPages: 0, errorCode: null }) },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ status: context.status, pageNo: 1 }),
            onDone: {
              target: 'ready',
              actions: assign({ orders: ({ event }) => event.output.list, pageNum: ({ event }) => event.output.pageNum, totalPages: ({ event }) => event.output.totalPages }),
            },
            onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        failed: { on: { 'orders.retry': { target: 'loading', actions: assign({ errorCode: null }) } } },
        ready: { on: { 'orders.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ errorCode: null }) } } },
        loadingMore: {
          invoke: {
            id: 'loadMoreOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ status: context.status, pageNo: context.pageNum + 1 }),
            onDone: {
              target: 'ready',
              actions: assign({
                orders: ({ context, event }) => [...context.orders, ...event.output.list.filter((o) => !context.orders.some((c) => c.orderId === o.orderId))],
                pageNum: ({ event }) => event.output.pageNum,
                totalPages: ({ event }) => event.output.totalPages,
              }),
            },
            onError: { target: 'ready', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
    detail: {
      initial: 'closed',
      on: {
        'order.open': { target: '.loading', actions: assign({ openId: ({ event }) => event.orderId, detail: null, detailError: null, cancelId: null }) },
        'order.close': { target: '.closed', actions: assign({ openId: null, detail: null, detailError: null, cancelId: null }) },
      },
      states: {
        closed: {},
        loading: {
          invoke: {
            id: 'loadOrderDetail',
            src: 'loadOrderDetail',
            input: ({ context }) => ({ orderId: context.openId! }),
            onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ detailError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        failed: { on: { 'order.retry': { target: 'loading', actions: assign({ detailError: null }) } } },
        shown: {
          on: { 'suborder.cancel': { guard: 'isCancellable', target: 'confirming', actions: assign({ cancelId: ({ event }) => event.subOrderId, detailError: null }) } },
        },
        confirming: {
          on: {
            'cancel.back': { target: 'shown', actions: assign({ cancelId: null }) },
            'cancel.confirm': { target: 'cancelling' },
          },
        },
        cancelling: {
          invoke: {
            id: 'cancelSubOrder',
            src: 'cancelSubOrder',
            input: ({ context }) => ({ subOrderId: context.cancelId! }),
            onDone: {
              target: 'shown',
              actions: [
                assign({
                  detail: ({ context, event }) => ({ ...context.detail!, order: event.output.order }),
                  orders: ({ context, event }) => replaced(context.orders, event.output.order),
                  cancelId: null,
                }),
                'subOrderCancelled',
              ],
            },
            onError: { target: 'shown', actions: assign({ cancelId: null, detailError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
  },
});
