import { assign, fromPromise, setup } from 'xstate';
import type { LotteryFamily, LotteryGame, LotteryResult, RankEntry } from '../contract/lottery.ts';
import { errorCodeOf } from './money-types.ts';

/** Which lottery list: the filter panel (/m/lottery), a category page's bar (/m/lott, /m/elott) or the rank list (/m/lotto/rank). */
export type LotteryLobbyKind = 'filter' | 'LOTT' | 'ELOTT' | 'rank';

export interface LotteryFilter {
  gameType?: 'LOTT' | 'ELOTT';
  vendor?: string;
  family?: LotteryFamily;
}

export interface LotteryMenuItem {
  family: LotteryFamily;
  gameType: 'LOTT' | 'ELOTT';
  vendor: string;
  vendorName: string;
  count: number;
}

/** What a list shows: the filter panel's menu and list, a bar's popular lotteries and recent results, or the rank list. */
export interface LotteryLobbyData {
  menu: LotteryMenuItem[];
  games: LotteryGame[];
  popular: LotteryGame[];
  recent: LotteryResult[];
  rank: RankEntry[];
}

export interface LotteryLobbyInput {
  kind: LotteryLobbyKind;
}

export interface LotteryLobbyContext extends LotteryLobbyInput, LotteryLobbyData {
  filter: LotteryFilter;
  errorCode: string | null;
}

export type LotteryLobbyEvent = { type: 'lobby.filter'; filter: LotteryFilter } | { type: 'lobby.retry' };

/**
 * The lottery's read-only lists: /m/lottery's filter panel (the menu of game
 * types, vendors and families, and the lotteries of the filter, each with its
 * issue taking bets and its last draw), the bar of /m/lott and /m/elott
 * (popular lotteries and recent results) and the rank list (/m/lotto/rank).
 * `loadLobby` reads what the kind shows; a new filter reads the list again,
 * keeping the menu.
 */
export const lotteryLobbyMachine = setup({
  types: {
    context: {} as LotteryLobbyContext,
    events: {} as LotteryLobbyEvent,
    input: {} as LotteryLobbyInput,
  },
  actors: {
    loadLobby: fromPromise<LotteryLobbyData, { kind: LotteryLobbyKind; filter: LotteryFilter; menu: boolean }>(async () => {
      throw new Error('loadLobby is provided by the app');
    }),
  },
}).createMachine({
  id: 'lotteryLobby',
  context: ({ input }) => ({ kind: input.kind, filter: {}, menu: [], games: [], popular: [], recent: [], rank: [], errorCode: null }),
  initial: 'loading',
  on: {
    'lobby.filter': { target: '.loading', actions: assign({ filter: ({ event }) => event.filter, errorCode: null }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadLobby',
        src: 'loadLobby',
        input: ({ context }) => ({ kind: context.kind, filter: context.filter, menu: context.menu.length === 0 }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ ...event.output, menu: event.output.menu.length ? event.output.menu : context.menu })),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: { on: { 'lobby.retry': { target: 'loading', actions: assign({ errorCode: null }) } } },
    ready: {},
  },
});
