import { assign, fromPromise, setup } from 'xstate';
import type { MallItem, MallStatus, Redemption } from '../contract/loyalty.ts';
import { errorCodeOf, placeholderKey } from './money-types.ts';

export interface RedeemRequest {
  itemId: number;
  idempotencyKey: string;
}

export interface RewardCenterContext {
  mall: MallStatus | null;
  /** The reward whose redemption is being confirmed or sent. */
  item: MallItem | null;
  /** The last request sent; the same reward sent again after a failure keeps its idempotency key. */
  request: RedeemRequest | null;
  redeemed: Redemption | null;
  errorCode: string | null;
}

export type RewardCenterEvent =
  | { type: 'mall.retry' }
  | { type: 'reward.pick'; itemId: number }
  | { type: 'reward.confirm' }
  | { type: 'reward.cancel' };

/** Message id of a reward the member has too few points for. */
export const notEnoughPointsCode = 'mall.points.insufficient';

/**
 * The reward center (/m/mall/mallHome, the points mall; spec sections 2 and
 * 6: shown with the points switch). `loadMall` reads the points earned on
 * turnover, spent and available, and the rewards. Picking a reward the
 * member has the points for asks for confirmation; `redeem` then spends the
 * points and pays the reward's bonus into the wallet in one ledger
 * transaction, under an idempotency key (`newIdempotencyKey`; sent again
 * after a failure, the same reward keeps it, so it is paid once).
 * `rewardRedeemed` lets the app refresh the balance; "Redeemed" shows for
 * `doneToast` (spec section 9).
 */
export const rewardCenterMachine = setup({
  types: {
    context: {} as RewardCenterContext,
    events: {} as RewardCenterEvent,
  },
  actors: {
    loadMall: fromPromise<MallStatus>(async () => {
      throw new Error('loadMall is provided by the app');
    }),
    redeem: fromPromise<Redemption, RedeemRequest>(async () => {
      throw new Error('redeem is provided by the app');
    }),
  },
  actions: {
    /** A fresh idempotency key for a new request; the app provides one from crypto.randomUUID(). */
    newIdempotencyKey: assign(({ context }) => ({ request: { itemId: context.item!.id, idempotencyKey: placeholderKey('redeem', context.item!.id) } })),
    /** The bonus is paid: the app refreshes the balance. */
    rewardRedeemed: () => {},
  },
  guards: {
    isKnownItem: ({ context, event }) => event.type === 'reward.pick' && !!context.mall?.items.some((item) => item.id === event.itemId),
    isAffordable: ({ context, event }) =>
      event.type === 'reward.pick' && (context.mall?.items.find((item) => item.id === event.itemId)?.points ?? Infinity) <= context.mall!.available,
    isSameRequest: ({ context }) => context.request !== null && context.request.itemId === context.item?.id,
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    doneToast: 1000,
  },
}).createMachine({
  id: 'rewardCenter',
  context: { mall: null, item: null, request: null, redeemed: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMall',
        src: 'loadMall',
        onDone: { target: 'ready', actions: assign({ mall: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'mall.retry': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'reward.pick': [
                  { guard: 'isAffordable', target: 'confirming', actions: assign({ item: ({ context, event }) => context.mall!.items.find((i) => i.id === event.itemId)!, errorCode: null }) },
                  { guard: 'isKnownItem', actions: assign({ errorCode: notEnoughPointsCode }) },
                ],
              },
            },
            confirming: {
              on: {
                'reward.confirm': [
                  { guard: 'isSameRequest', target: 'redeeming' },
                  { target: 'redeeming', actions: 'newIdempotencyKey' },
                ],
                'reward.cancel': { target: 'idle', actions: assign({ item: null }) },
              },
            },
            redeeming: {
              invoke: {
                id: 'redeem',
                src: 'redeem',
                input: ({ context }) => context.request!,
                onDone: {
                  target: ['idle', '#rewardCenter.ready.toast.shown'],
                  actions: [
                    assign({
                      redeemed: ({ event }) => event.output,
                      // The server's count of points left is the truth (another tab may have spent some too).
                      mall: ({ context, event }) => ({ ...context.mall!, spent: context.mall!.earned - event.output.available, available: event.output.available }),
                      item: null,
                      request: null,
                    }),
                    'rewardRedeemed',
                  ],
                },
                onError: { target: 'idle', actions: assign({ item: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
          },
        },
        /** The toast of the last redemption, beside the list: the member may go on meanwhile. */
        toast: {
          initial: 'hidden',
          states: {
            hidden: {},
            shown: { after: { doneToast: { target: 'hidden' } } },
          },
        },
      },
    },
  },
});
