import { assign, fromPromise, setup } from 'xstate';
import { type LobbyGame, lobbyErrorCode, lobbyToastMs } from './lobby-types.ts';
import type { PrizeMode } from './prize-mode.ts';


/** What `launchGame` sends (the shared launcher's fields of spec section 7). */
export interface LaunchRequest {
  gameCategory: string;
  vendor: string;
  gameId: number;
  nodeId: string | null;
  gameCode: string;
  supportFreePlay: boolean;
  free: boolean;
  prizeMode?: PrizeMode;
  playType?: 'ent' | 'trad';
}

export interface LaunchInput {
  loggedIn: boolean;
  /** From the vendor mapping (`prizeModeOf`); ELOTT by default. */
  prizeMode?: PrizeMode;
}

export interface LaunchContext<G extends LobbyGame = LobbyGame> {
  loggedIn: boolean;
  prizeMode: PrizeMode;
  /** The game of the open action sheet. */
  sheetGame: G | null;
  /** The launch under way. */
  request: LaunchRequest | null;
  /** The lottery category whose game is being looked up. */
  category: string | null;
  errorCode: string | null;
}

export type LaunchEvent =
  | { type: 'session.change'; loggedIn: boolean }
  | { type: 'launch.prizeMode'; prizeMode: PrizeMode }
  /** A tile tap: vendor lobbies open their list, lotteries launch, games with a node open the action sheet. */
  | { type: 'game.open'; game: LobbyGame }
  /** A direct launch (winner board, action sheet). */
  | { type: 'game.play'; game: LobbyGame; free?: boolean }
  | { type: 'sheet.play'; free: boolean }
  | { type: 'sheet.close' }
  /** A lottery category chosen in the home game hub (LOTT, ELOTT): launch its game at once. */
  | { type: 'category.play'; category: string };

export const lotteryTypes = ['LOTT', 'ELOTT'];
export const isLottery = (game: LobbyGame) => lotteryTypes.includes(game.gameType) || lotteryTypes.includes(game.gameCategory);

/** The launch request for a game: lotteries carry prize mode (SEA for TCG_SEA) and play type (ent or trad). */
export function launchRequestOf(game: LobbyGame, free: boolean, prizeMode: PrizeMode): LaunchRequest {
  const base: LaunchRequest = {
    gameCategory: game.gameCategory,
    vendor: game.vassalage,
    gameId: game.gameId,
    nodeId: game.nodeId,
    gameCode: game.gameCode,
    supportFreePlay: game.supportPlay === 0,
    free: free && game.supportPlay === 0,
  };
  if (!isLottery(game)) return base;
  return {
    ...base,
    prizeMode: game.vassalage === 'TCG_SEA' ? 'SEA' : prizeMode,
    playType: game.lottoMode === 'ENTERTAINMENT' ? 'ent' : 'trad',
  };
}

type GameEvent = Extract<LaunchEvent, { game: LobbyGame }>;

/**
 * Launching a game (spec sections 2, 4 and 6). A guest is sent to /m/login
 * (`goToLogin`). A vendor-lobby tile (isGameH5 VASSALAGE) opens the vendor's
 * game list (`openVendorList`). Lottery games (ELOTT, LOTT) launch directly
 * with the prize mode of section 4 (SEA for TCG_SEA) and play type ent or
 * trad. A tile of a game with a nodeId opens the action sheet (play, free
 * play where supportPlay is 0), which closes on `sheet.close`; `game.play`
 * launches at once. `category.play` (LOTT or ELOTT chosen in the home game
 * hub) finds the category's game (`findCategoryGame`) and launches it the same
 * way, prize mode included; a guest goes to login. `launchGame` answers the
 * game URL, which `openGame` opens; a failure keeps the user here with its
 * errorCode, shown for `toast` (1.5 s, spec section 9) in `idle.toast`.
 */
export const launchMachine = setup({
  types: {
    context: {} as LaunchContext,
    events: {} as LaunchEvent,
    input: {} as LaunchInput,
  },
  actors: {
    launchGame: fromPromise<{ url: string }, LaunchRequest>(async () => {
      throw new Error('launchGame is provided by the app');
    }),
    findCategoryGame: fromPromise<LobbyGame, { category: string }>(async () => {
      throw new Error('findCategoryGame is provided by the app');
    }),
  },
  delays: {
    toast: lobbyToastMs,
  },
  guards: {
    isGuest: ({ context }) => !context.loggedIn,
    isVendorLobby: ({ event }) => (event as GameEvent).game.isGameH5 === 'VASSALAGE',
    isLottery: ({ event }) => isLottery((event as GameEvent).game),
    hasNode: ({ event }) => (event as GameEvent).game.nodeId !== null,
  },
  actions: {
    /** Navigates to /m/login. */
    goToLogin: () => {},
    /** Opens the vendor's game list (/m/gameList?gameType=&vassalage=). */
    openVendorList: (_, _params: { gameType: string; vassalage: string }) => {},
    /** Opens the game URL the server answered. */
    openGame: (_, _params: { url: string }) => {},
    launchNow: assign(({ context, event }) => {
      const e = event as GameEvent;
      return { request: launchRequestOf(e.game, e.type === 'game.play' && e.free === true, context.prizeMode), errorCode: null };
    }),
  },
}).createMachine({
  id: 'launch',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    prizeMode: input.prizeMode ?? 'ELOTT',
    sheetGame: null,
    request: null,
    category: null,
    errorCode: null,
  }),
  initial: 'idle',
  on: {
    'session.change': { actions: assign({ loggedIn: ({ event }) => event.loggedIn }) },
    'launch.prizeMode': { actions: assign({ prizeMode: ({ event }) => event.prizeMode }) },
  },
  states: {
    idle: {
      initial: 'quiet',
      states: {
        quiet: {},
        /** The last failure's toast, for `toast`. */
        toast: {
          exit: assign({ errorCode: null }),
          after: { toast: { target: 'quiet' } },
        },
      },
      on: {
        'category.play': [
          { guard: 'isGuest', actions: 'goToLogin' },
          { target: 'finding', actions: assign({ category: ({ event }) => event.category }) },
        ],
        'game.open': [
          { guard: 'isGuest', actions: 'goToLogin' },
          {
            guard: 'isVendorLobby',
            actions: { type: 'openVendorList', params: ({ event }) => ({ gameType: event.game.gameCategory, vassalage: event.game.vassalage }) },
          },
          { guard: 'isLottery', target: 'launching', actions: 'launchNow' },
          { guard: 'hasNode', target: 'sheet', actions: assign({ sheetGame: ({ event }) => event.game, errorCode: null }) },
          { target: 'launching', actions: 'launchNow' },
        ],
        'game.play': [
          { guard: 'isGuest', actions: 'goToLogin' },
          {
            guard: 'isVendorLobby',
            actions: { type: 'openVendorList', params: ({ event }) => ({ gameType: event.game.gameCategory, vassalage: event.game.vassalage }) },
          },
          { target: 'launching', actions: 'launchNow' },
        ],
      },
    },
    finding: {
      invoke: {
        id: 'findCategoryGame',
        src: 'findCategoryGame',
        input: ({ context }) => ({ category: context.category! }),
        onDone: {
          target: 'launching',
          actions: assign(({ context, event }) => ({ request: launchRequestOf(event.output, false, context.prizeMode), category: null })),
        },
        onError: { target: 'idle.toast', actions: assign({ category: null, errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
      },
    },
    sheet: {
      on: {
        'sheet.close': { target: 'idle', actions: assign({ sheetGame: null }) },
        'sheet.play': {
          target: 'launching',
          actions: assign(({ context, event }) => ({
            request: launchRequestOf(context.sheetGame!, event.free, context.prizeMode),
            sheetGame: null,
          })),
        },
      },
    },
    launching: {
      invoke: {
        id: 'launchGame',
        src: 'launchGame',
        input: ({ context }) => context.request!,
        onDone: { target: 'idle', actions: [{ type: 'openGame', params: ({ event }) => ({ url: event.output.url }) }, assign({ request: null })] },
        onError: { target: 'idle.toast', actions: assign({ request: null, errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
      },
    },
  },
});
