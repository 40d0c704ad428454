import { assign, fromPromise, setup } from 'xstate';
import type { Leaderboard, LeaderboardBoard, LeaderboardPeriod } from '../contract/leaderboard.ts';
import { errorCodeOf } from './identity-types.ts';

/** The tab the screen shows: which board over which period. */
export interface LeaderboardTab {
  board: LeaderboardBoard;
  period: LeaderboardPeriod;
}

export interface LeaderboardContext extends LeaderboardTab {
  leaderboard: Leaderboard | null;
  errorCode: string | null;
}

export type LeaderboardEvent =
  | { type: 'board.select'; board: LeaderboardBoard }
  | { type: 'period.select'; period: LeaderboardPeriod }
  | { type: 'leaderboard.retry' };

/**
 * The leaderboard (/m/leaderboard; spec section 2, named screens): the top
 * winners or the top turnover of the day, week or month, with the member's own
 * rank. The tab (board × period) is context, the first one from the route's
 * search; picking another tab loads it again (an answer of the tab left
 * behind is dropped with its invoke); a failure offers a retry. `loadLeaderboard`
 * reads the board of a tab.
 */
export const leaderboardMachine = setup({
  types: {
    context: {} as LeaderboardContext,
    events: {} as LeaderboardEvent,
    input: {} as Partial<LeaderboardTab>,
  },
  actors: {
    loadLeaderboard: fromPromise<Leaderboard, LeaderboardTab>(async () => {
      throw new Error('loadLeaderboard is provided by the app');
    }),
  },
  guards: {
    isOtherBoard: ({ context, event }) => event.type === 'board.select' && event.board !== context.board,
    isOtherPeriod: ({ context, event }) => event.type === 'period.select' && event.period !== context.period,
  },
  actions: {
    selectBoard: assign({ board: ({ context, event }) => (event.type === 'board.select' ? event.board : context.board) }),
    selectPeriod: assign({ period: ({ context, event }) => (event.type === 'period.select' ? event.period : context.period) }),
    forgetBoard: assign({ leaderboard: null, errorCode: null }),
  },
}).createMachine({
  id: 'leaderboard',
  context: ({ input }) => ({ board: input?.board ?? 'winners', period: input?.period ?? 'day', leaderboard: null, errorCode: null }),
  initial: 'loading',
  on: {
    'board.select': { guard: 'isOtherBoard', target: '.loading', reenter: true, actions: ['selectBoard', 'forgetBoard'] },
    'period.select': { guard: 'isOtherPeriod', target: '.loading', reenter: true, actions: ['selectPeriod', 'forgetBoard'] },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadLeaderboard',
        src: 'loadLeaderboard',
        input: ({ context }) => ({ board: context.board, period: context.period }),
        onDone: { target: 'loaded', actions: assign({ leaderboard: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'leaderboard.retry': { target: 'loading' } },
    },
    loaded: {},
  },
});
