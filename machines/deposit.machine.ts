import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, isWithin, type MoneyCurrency, moneyMessages, placeholderKey } from './money-types.ts';

export interface DepositChannelOption {
  code: string;
  name: string;
  minAmount: number;
  maxAmount: number;
  presetAmounts: number[];
}

export interface DepositPromotionOption {
  id: number;
  title: string;
  description: string;
  bonusRateBps: number;
  maxBonus: number;
  minDeposit: number;
  available: boolean;
}

export interface DepositOptionsData {
  currency: MoneyCurrency;
  channels: DepositChannelOption[];
  promotions: DepositPromotionOption[];
  /** The merchant's deposit bonus badge (minor units), or null. */
  bonusBadge: number | null;
}

export type DepositOrderStatus = 'pending' | 'completed' | 'cancelled';

export interface DepositOrderData {
  orderNo: string;
  status: DepositOrderStatus;
  amount: number;
  bonus: number;
  /** The gateway's hosted confirmation page while pending. */
  payUrl: string | null;
}

export interface DepositRequest {
  channelCode: string;
  amount: number;
  promotionId: number | null;
  idempotencyKey: string;
}

export interface DepositInput {
  /** A trial account (type 4): deposits are refused. */
  isTrial: boolean;
  /** Back from the payment page (`/m/voucherCenter?orderNo=`): the order to follow. */
  orderNo: string | null;
}

export interface DepositContext {
  isTrial: boolean;
  options: DepositOptionsData | null;
  channelCode: string | null;
  promotionId: number | null;
  /** The last request sent; a repeat of the same request keeps its idempotency key. */
  request: DepositRequest | null;
  orderNo: string | null;
  order: DepositOrderData | null;
  errorCode: string | null;
}

export type DepositEvent =
  | { type: 'deposit.selectChannel'; channelCode: string }
  | { type: 'deposit.selectPromotion'; promotionId: number | null }
  | { type: 'deposit.submit'; amount: number }
  | { type: 'deposit.retry' }
  | { type: 'deposit.check' }
  | { type: 'deposit.again' }
  | { type: 'page.visible' };

type Submit = Extract<DepositEvent, { type: 'deposit.submit' }>;

const channelOf = (context: DepositContext) => context.options?.channels.find((c) => c.code === context.channelCode) ?? null;

/**
 * Deposit (/m/voucherCenter; spec sections 2, 6 and 9). A trial account is
 * refused: the free_reject toast shows for `freeRejectToast` (2 s), then the
 * screen offers registration. Others load the channels and promotions
 * (`loadDepositOptions`), pick a channel (the first by default), optionally a
 * promotion, and an amount within the channel's limits. `createDeposit` sends
 * it with an idempotency key (`newIdempotencyKey`; the same request sent
 * again keeps its key), then `openPayUrl` opens the gateway's hosted
 * confirmation page. The order stays pending until the gateway confirms:
 * `loadDepositStatus` checks it on return (input `orderNo`), when the page
 * becomes visible, on demand and every `statusPoll`; completed and cancelled
 * orders end the flow (`depositSettled` lets the app refresh the balance).
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadDepositOptions: fromPromise<DepositOptionsData>(async () => {
      throw new Error('loadDepositOptions is provided by the app');
    }),
    createDeposit: fromPromise<DepositOrderData, DepositRequest>(async () => {
      throw new Error('createDeposit is provided by the app');
    }),
    loadDepositStatus: fromPromise<DepositOrderData, { orderNo: string }>(async () => {
      throw new Error('loadDepositStatus is provided by the app');
    }),
  },
  actions: {
    /** A fresh idempotency key for a new request; the app provides one from crypto.randomUUID(). */
    newIdempotencyKey: assign(({ context, event }) => {
      const submit = event as Submit;
      return {
        request: {
          channelCode: context.channelCode ?? '',
          amount: submit.amount,
          promotionId: context.promotionId,
          idempotencyKey: placeholderKey(context.channelCode, submit.amount, context.promotionId),
        },
      };
    }),
    startOver: assign({ order: null, orderNo: null, request: null, errorCode: null }),
    /** Opens the gateway's hosted confirmation page. */
    openPayUrl: (_, _params: { url: string }) => {},
    /** The deposit is settled: the app refreshes the balance. */
    depositSettled: () => {},
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    hasOrder: ({ context }) => context.orderNo !== null,
    isChannelMissing: ({ context }) => channelOf(context) === null,
    isAmountOutOfRange: ({ context, event }) => {
      const channel = channelOf(context);
      return channel !== null && !isWithin((event as Submit).amount, channel.minAmount, channel.maxAmount);
    },
    isSameRequest: ({ context, event }) =>
      context.request !== null &&
      context.request.channelCode === context.channelCode &&
      context.request.amount === (event as Submit).amount &&
      context.request.promotionId === context.promotionId,
    isFreeReject: (_, params: { error: unknown }) => errorCodeOf(params.error) === moneyMessages.freeReject,
    isPending: (_, params: { order: DepositOrderData }) => params.order.status === 'pending',
    hasPayUrl: (_, params: { order: DepositOrderData }) => params.order.status === 'pending' && params.order.payUrl !== null,
  },
  delays: {
    freeRejectToast: 2000,
    statusPoll: 3000,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    isTrial: input.isTrial,
    options: null,
    channelCode: null,
    promotionId: null,
    request: null,
    orderNo: input.orderNo,
    order: null,
    errorCode: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected' }, { guard: 'hasOrder', target: 'pending' }, { target: 'loading' }],
    },
    rejected: {
      initial: 'toast',
      entry: assign({ errorCode: moneyMessages.freeReject }),
      states: {
        toast: { after: { freeRejectToast: { target: 'closed' } } },
        closed: {},
      },
    },
    loading: {
      invoke: {
        id: 'loadDepositOptions',
        src: 'loadDepositOptions',
        onDone: {
          target: 'editing',
          actions: assign({
            options: ({ event }) => event.output,
            channelCode: ({ event }) => event.output.channels[0]?.code ?? null,
            promotionId: null,
            errorCode: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'deposit.retry': { target: 'loading' } },
    },
    editing: {
      on: {
        'deposit.selectChannel': { actions: assign({ channelCode: ({ event }) => event.channelCode, errorCode: null }) },
        'deposit.selectPromotion': { actions: assign({ promotionId: ({ event }) => event.promotionId, errorCode: null }) },
        'deposit.submit': [
          { guard: 'isChannelMissing', actions: assign({ errorCode: moneyMessages.channelRequired }) },
          { guard: 'isAmountOutOfRange', actions: assign({ errorCode: moneyMessages.amountRange }) },
          { guard: 'isSameRequest', target: 'creating', actions: assign({ errorCode: null }) },
          { target: 'creating', actions: [assign({ errorCode: null }), 'newIdempotencyKey'] },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createDeposit',
        src: 'createDeposit',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'hasPayUrl', params: ({ event }) => ({ order: event.output }) },
            target: 'pending',
            actions: [
              assign({ order: ({ event }) => event.output, orderNo: ({ event }) => event.output.orderNo }),
              { type: 'openPayUrl', params: ({ event }) => ({ url: event.output.payUrl! }) },
            ],
          },
          { target: 'pending', actions: assign({ order: ({ event }) => event.output, orderNo: ({ event }) => event.output.orderNo }) },
        ],
        onError: [
          { guard: { type: 'isFreeReject', params: ({ event }) => ({ error: event.error }) }, target: 'rejected' },
          { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    pending: {
      initial: 'checking',
      on: { 'deposit.again': { target: 'loading', actions: 'startOver' } },
      states: {
        checking: {
          invoke: {
            id: 'loadDepositStatus',
            src: 'loadDepositStatus',
            input: ({ context }) => ({ orderNo: context.orderNo! }),
            onDone: [
              {
                guard: { type: 'isPending', params: ({ event }) => ({ order: event.output }) },
                target: 'waiting',
                actions: assign({ order: ({ event }) => event.output, errorCode: null }),
              },
              { target: '#deposit.settled', actions: [assign({ order: ({ event }) => event.output, errorCode: null }), 'depositSettled'] },
            ],
            onError: { target: 'waiting', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        waiting: {
          after: { statusPoll: { target: 'checking' } },
          on: {
            'deposit.check': { target: 'checking' },
            'page.visible': { target: 'checking' },
          },
        },
      },
    },
    settled: {
      on: {
        'deposit.again': { target: 'loading', actions: 'startOver' },
      },
    },
  },
});
