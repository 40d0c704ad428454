import { assign, fromPromise, setup } from 'xstate';
import {
  type Bet,
  type BetType,
  type Issue,
  type LotteryGameDetail,
  lotteryStake,
  maxSubOrders,
  type Order,
  type PlaceOrder,
} from '../contract/lottery.ts';
import type { PlayType, PrizeMode } from '../contract/member-games.ts';
import type { Clock } from './identity-types.ts';
import { isNumberBet, isPickComplete, msUntil, pickText } from './lottery-rules.ts';
import { errorCodeOf } from './money-types.ts';

/** Message ids of the slip's own refusals (the server's come as `error.<code>`). */
export const lotterySlipMessages = {
  incomplete: 'lottery.slip.incomplete',
  stakeRange: 'lottery.slip.stakeRange',
  full: 'lottery.slip.full',
  empty: 'lottery.slip.empty',
  closed: 'lottery.slip.closed',
} as const;

/** Spec section 9's toast length, for the "order placed" toast. */
export const placedToastMs = 2_000;
/** How often the screen asks whether the draw it waits for is out. */
export const drawPollMs = 2_000;
/** How often the countdown to the cutoff is read again. */
export const tickMs = 1_000;
/** How long the drawn numbers show before the next issue's countdown. */
export const resultShownMs = 5_000;
/** The stake a new slip starts with (minor units). */
export const defaultStake = 10_00;

export interface LotteryGameInput {
  gameCode: string;
  /** The launch's prize mode and play type; null: the game's own. */
  prizeMode: PrizeMode | null;
  playType: PlayType | null;
  /** A guest may watch; placing a bet sends them to login. */
  loggedIn: boolean;
  /** The local clock (default `Date.now`); tests pass their own. */
  now?: Clock;
}

export interface LotteryGameContext extends Required<LotteryGameInput> {
  detail: LotteryGameDetail | null;
  /** The server's clock minus the local one (ms), from the detail's `serverTime`. */
  offset: number;
  /** While betting is open: what is left until the cutoff (ms), read again every `tick` for the countdown. */
  leftMs: number;
  /** True while the issue taking bets is open (the round region is in `open`). */
  roundOpen: boolean;
  /** The issue whose draw the round waits for (closed, drawing, drawn). */
  waitingFor: string | null;
  /** That issue, once drawn. */
  drawn: Issue | null;
  /** The member's orders placed from this screen, by issue. */
  myOrders: { orderId: number; issueNo: string }[];
  /** Those orders on the drawn issue as the server settled them. */
  myResults: Order[] | null;
  betType: BetType | null;
  /** The pick being built: one choice, or the numbers chosen (as text). */
  pick: string[];
  /** Minor units; NaN while the field holds no amount. */
  stake: number;
  slip: Bet[];
  /** The last order placed (its toast). */
  placed: Order | null;
  errorCode: string | null;
}

export type LotteryGameEvent =
  | { type: 'game.retry' }
  | { type: 'slip.betType'; betType: BetType }
  | { type: 'slip.choose'; choice: string }
  | { type: 'slip.stake'; stake: number }
  | { type: 'slip.add' }
  | { type: 'slip.remove'; index: number }
  | { type: 'slip.place' };

type DetailOutput = { output: LotteryGameDetail };

const infoOf = (context: LotteryGameContext) => context.detail?.betTypes.find((t) => t.betType === context.betType) ?? null;
const currentOf = (context: LotteryGameContext) => context.detail!.game.current;

/** The pick after tapping `choice`: numbers toggle (up to the bet type's count), one choice replaces the other. */
function chosen(context: LotteryGameContext, choice: string): string[] {
  const info = infoOf(context);
  if (!info?.choices.includes(choice)) return context.pick;
  if (!isNumberBet(info.betType)) return context.pick[0] === choice ? [] : [choice];
  if (context.pick.includes(choice)) return context.pick.filter((c) => c !== choice);
  return context.pick.length >= info.picks[1]! ? context.pick : [...context.pick, choice];
}

/**
 * The game screen of one lottery (/m/lotto/$gameCode): `loadDetail` reads the
 * lottery (its issue taking bets, bet types with odds, last draws, the
 * server's time). Then two regions run side by side.
 *
 * **round**: `open` counts down to the issue's cutoff (`untilCutoff`, from
 * the server's clock: the local clock corrected by the offset the detail's
 * `serverTime` gave); `closed` waits for the draw (`untilDraw`); `drawing`
 * reads the detail again every `drawPoll` until its latest draw is the issue
 * it waits for; `drawn` shows those numbers (and how the member's orders on it
 * were settled, `loadMyResults`) for `resultShown`, then `open` counts down
 * to the next issue, the reloaded detail's `current`.
 *
 * **slip**: the player chooses a bet type, builds a pick (one choice, or
 * numbers within the bet type's count), sets a stake and adds the bet to the
 * slip (at most `maxSubOrders`); `slip.place` sends them all on the issue
 * taking bets (`placeOrder`) with the launch's prize mode and play type (the
 * game's own when the launch named none). A
 * guest is sent to login instead, and nothing is sent while the round is not
 * open or the slip is empty. Placed: the slip empties, the balance is told
 * (`orderPlaced`) and a toast shows for `placedToast`; refused: the server's
 * reason shows and the slip stays.
 */
export const lotteryGameMachine = setup({
  types: {
    context: {} as LotteryGameContext,
    events: {} as LotteryGameEvent,
    input: {} as LotteryGameInput,
  },
  actors: {
    loadDetail: fromPromise<LotteryGameDetail, { gameCode: string }>(async () => {
      throw new Error('loadDetail is provided by the app');
    }),
    placeOrder: fromPromise<{ order: Order; balance: number }, PlaceOrder>(async () => {
      throw new Error('placeOrder is provided by the app');
    }),
    loadMyResults: fromPromise<Order[], { orderIds: number[] }>(async () => []),
  },
  actions: {
    /** A detail read: the lottery, the clock offset, the prize mode and play type (the launch's, else the game's), a bet type. */
    detailLoaded: assign(({ context, event }) => {
      const detail = (event as unknown as DetailOutput).output;
      const betType = detail.betTypes.some((t) => t.betType === context.betType) ? context.betType : (detail.betTypes[0]?.betType ?? null);
      return {
        detail,
        offset: Date.parse(detail.serverTime) - context.now(),
        prizeMode: context.prizeMode ?? detail.game.prizeMode,
        playType: context.playType ?? detail.game.playType,
        betType,
        pick: betType === context.betType ? context.pick : [],
      };
    }),
    /** The wallet paid an order (the app reloads the balance it shows). */
    orderPlaced: () => {},
    /** A guest who wants to bet logs in first (the app navigates). */
    goToLogin: () => {},
  },
  guards: {
    isGuest: ({ context }) => !context.loggedIn,
    isRoundClosed: ({ context }) => !context.roundOpen,
    isSlipEmpty: ({ context }) => context.slip.length === 0,
    isSlipFull: ({ context }) => context.slip.length >= maxSubOrders,
    isPickIncomplete: ({ context }) => {
      const info = infoOf(context);
      return !info || !isPickComplete(info, context.pick);
    },
    isStakeOutOfRange: ({ context }) => !Number.isSafeInteger(context.stake) || context.stake < lotteryStake.min || context.stake > lotteryStake.max,
    isWaitedDrawOut: ({ context, event }) => (event as unknown as DetailOutput).output.recent[0]?.issueNo === context.waitingFor,
  },
  delays: {
    untilCutoff: ({ context }) => msUntil(currentOf(context).cutoffAt, context.offset, context.now()),
    untilDraw: ({ context }) => msUntil(currentOf(context).drawAt, context.offset, context.now()),
    tick: tickMs,
    drawPoll: drawPollMs,
    resultShown: resultShownMs,
    placedToast: placedToastMs,
  },
}).createMachine({
  id: 'lotteryGame',
  context: ({ input }) => ({
    gameCode: input.gameCode,
    prizeMode: input.prizeMode,
    playType: input.playType,
    loggedIn: input.loggedIn,
    now: input.now ?? Date.now,
    detail: null,
    offset: 0,
    leftMs: 0,
    roundOpen: false,
    waitingFor: null,
    drawn: null,
    myOrders: [],
    myResults: null,
    betType: null,
    pick: [],
    stake: defaultStake,
    slip: [],
    placed: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ gameCode: context.gameCode }),
        onDone: { target: 'ready', actions: ['detailLoaded', assign({ errorCode: null })] },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: { on: { 'game.retry': { target: 'loading' } } },
    ready: {
      type: 'parallel',
      states: {
        round: {
          initial: 'open',
          states: {
            open: {
              entry: assign({ roundOpen: true }),
              exit: assign({ roundOpen: false }),
              // The countdown's text: what is left, read on entry and every `tick` (the cutoff itself is `untilCutoff`).
              initial: 'counting',
              states: {
                counting: {
                  entry: assign({ leftMs: ({ context }) => msUntil(currentOf(context).cutoffAt, context.offset, context.now()) }),
                  after: { tick: { target: 'counting', reenter: true } },
                },
              },
              after: { untilCutoff: { target: 'closed', actions: assign({ waitingFor: ({ context }) => currentOf(context).issueNo }) } },
            },
            closed: { after: { untilDraw: { target: 'drawing' } } },
            drawing: {
              initial: 'waiting',
              states: {
                waiting: { after: { drawPoll: { target: 'fetching' } } },
                fetching: {
                  invoke: {
                    id: 'reloadDetail',
                    src: 'loadDetail',
                    input: ({ context }) => ({ gameCode: context.gameCode }),
                    onDone: [
                      {
                        guard: 'isWaitedDrawOut',
                        target: '#lotteryGame.ready.round.drawn',
                        actions: ['detailLoaded', assign({ drawn: ({ event }) => event.output.recent[0] ?? null })],
                      },
                      { target: 'waiting', actions: 'detailLoaded' },
                    ],
                    // A lost answer: ask again at the next poll.
                    onError: { target: 'waiting' },
                  },
                },
              },
            },
            drawn: {
              invoke: {
                id: 'loadMyResults',
                src: 'loadMyResults',
                input: ({ context }) => ({ orderIds: context.myOrders.filter((o) => o.issueNo === context.waitingFor).map((o) => o.orderId) }),
                onDone: { actions: assign({ myResults: ({ event }) => event.output }) },
                // The numbers show anyway; the orders screen has the rest.
                onError: { actions: assign({ myResults: null }) },
              },
              after: { resultShown: { target: 'open', actions: assign({ waitingFor: null, drawn: null, myResults: null }) } },
            },
          },
        },
        slip: {
          initial: 'idle',
          on: {
            'slip.betType': { actions: assign({ betType: ({ event }) => event.betType, pick: [], errorCode: null }) },
            'slip.choose': { actions: assign({ pick: ({ context, event }) => chosen(context, event.choice), errorCode: null }) },
            'slip.stake': { actions: assign({ stake: ({ event }) => event.stake, errorCode: null }) },
            'slip.add': [
              { guard: 'isPickIncomplete', actions: assign({ errorCode: lotterySlipMessages.incomplete }) },
              { guard: 'isStakeOutOfRange', actions: assign({ errorCode: lotterySlipMessages.stakeRange }) },
              { guard: 'isSlipFull', actions: assign({ errorCode: lotterySlipMessages.full }) },
              {
                actions: assign({
                  slip: ({ context }) => [...context.slip, { betType: context.betType!, pick: pickText(context.betType!, context.pick), stake: context.stake }],
                  pick: [],
                  errorCode: null,
                }),
              },
            ],
            'slip.remove': { actions: assign({ slip: ({ context, event }) => context.slip.filter((_, i) => i !== event.index), errorCode: null }) },
            'slip.place': [
              { guard: 'isGuest', actions: 'goToLogin' },
              { guard: 'isRoundClosed', actions: assign({ errorCode: lotterySlipMessages.closed }) },
              { guard: 'isSlipEmpty', actions: assign({ errorCode: lotterySlipMessages.empty }) },
              { target: '.placing', actions: assign({ errorCode: null }) },
            ],
          },
          states: {
            idle: {},
            placing: {
              // The slip stays as sent until the answer.
              on: { 'slip.*': {} },
              invoke: {
                id: 'placeOrder',
                src: 'placeOrder',
                input: ({ context }) => ({
                  gameCode: context.gameCode,
                  issueNo: currentOf(context).issueNo,
                  prizeMode: context.prizeMode!,
                  playType: context.playType!,
                  bets: context.slip,
                }),
                onDone: {
                  target: 'placed',
                  actions: [
                    assign({
                      slip: [],
                      placed: ({ event }) => event.output.order,
                      myOrders: ({ context, event }) => [...context.myOrders, { orderId: event.output.order.orderId, issueNo: event.output.order.issueNo }],
                    }),
                    'orderPlaced',
                  ],
                },
                onError: { target: 'refused', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
              },
            },
            placed: { after: { placedToast: { target: 'idle' } } },
            refused: {},
          },
        },
      },
    },
  },
});
