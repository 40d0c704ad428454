import { assign, fromPromise, raise, setup } from 'xstate';
import type { HomeListRequest } from '../contract/lobby-calls.ts';
import type { LobbyGame } from './lobby-types.ts';

/** The parts of the vendor mapping (contract/games.ts `VendorGameTypes`) the home reads. */
export interface HomeVendor {
  vassalage: string;
  accountTypeName: string;
  gameCategory: string;
}
export interface HomeTypes {
  mapping: Record<string, { vendors: HomeVendor[] }>;
  sorting: { gameCategory: string }[];
}

/** Page sizes of spec section 9: home tile blocks 9 games, home lists (the picks) 6. */
export const homePageSizes = { tiles: 9, list: 6 } as const;
/** Categories whose home block is a vendor list (spec section 2). */
export const vendorListCategories = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];
/** Lottery categories have no home block: choosing them launches their game (spec section 2). */
export const lotteryCategories = ['LOTT', 'ELOTT'];
/** Home picks: 3 RNG, 2 FISH and 1 LIVE vendors, 6 games each (spec section 2). */
export const homePicks: readonly [string, number][] = [
  ['RNG', 3],
  ['FISH', 2],
  ['LIVE', 1],
];

/**
 * A part of the home's game area: a category block (tiles, or a vendor list
 * for SPORTS, ESPORTS and COCKFIGHT, which asks for no games) or a pick (one
 * vendor's games).
 */
export interface HomeList<G extends LobbyGame = LobbyGame> {
  key: string;
  kind: 'block' | 'vendors' | 'pick';
  category: string;
  vassalage: string | null;
  /** The vendor's name (picks). */
  name: string;
  pageSize: number;
  games: G[];
}

/** The blocks (sorting order, lotteries skipped) and the picks of a vendor mapping, with the games they had. */
export function homeListsOf<G extends LobbyGame>(types: HomeTypes, previous: HomeList<G>[] = []): HomeList<G>[] {
  const gamesOf = (key: string) => previous.find((l) => l.key === key)?.games ?? [];
  const blocks = types.sorting
    .filter((s) => !lotteryCategories.includes(s.gameCategory))
    .map((s): HomeList<G> => {
      const key = `block:${s.gameCategory}`;
      const vendors = vendorListCategories.includes(s.gameCategory);
      return {
        key,
        kind: vendors ? 'vendors' : 'block',
        category: s.gameCategory,
        vassalage: null,
        name: s.gameCategory,
        pageSize: homePageSizes.tiles,
        games: vendors ? [] : gamesOf(key),
      };
    });
  const picks = homePicks.flatMap(([category, count]) =>
    (types.mapping[category]?.vendors ?? [])
      .filter((v) => v.gameCategory === category)
      .slice(0, count)
      .map((v): HomeList<G> => {
        const key = `pick:${category}:${v.vassalage}`;
        return { key, kind: 'pick', category, vassalage: v.vassalage, name: v.accountTypeName, pageSize: homePageSizes.list, games: gamesOf(key) };
      }),
  );
  return [...blocks, ...picks];
}

/** The request of a list; vendor-list blocks ask for nothing. */
export const requestOf = (list: HomeList): HomeListRequest | null =>
  list.kind === 'vendors' ? null : { category: list.category, vassalage: list.vassalage, pageSize: list.pageSize };

const withRequests = (lists: HomeList[]) => lists.filter((l) => l.kind !== 'vendors');

export interface HomeInput {
  /** The hub category to show first (HOME unless the URL asks for another, e.g. HOT from the bottom menu). */
  category?: string;
}

export interface HomeContext<G extends LobbyGame = LobbyGame, T extends HomeTypes = HomeTypes, W = unknown> {
  /** The game hub's category: HOME, HOT, FAV, RECENT or a catalogue category. */
  category: string;
  types: T | null;
  lists: HomeList<G>[];
  /** Keys of the lists still to reload after a language change, in order. */
  queue: string[];
  hot: G[];
  winners: W[];
}

export type HomeEvent =
  /** A hub entry (or the HOT title strip): shows the category; LOTT and ELOTT launch their game instead. */
  | { type: 'hub.choose'; category: string }
  | { type: 'language.change' }
  /** Raised once a language change has settled: every part reloads. */
  | { type: 'home.reload' }
  | { type: 'home.retry' };

/**
 * The home's data (spec sections 2, 4, 7 and 9): the vendor mapping, then the
 * game blocks (9 tiles per category of the sorting list; SPORTS, ESPORTS and
 * COCKFIGHT are vendor lists; lotteries have none) and the picks (3 RNG, 2 FISH
 * and 1 LIVE vendors, 6 games each), all at once on the first load; the hot
 * games; the winner board. A `language.change` reloads, debounced by
 * `languageReload` (250 ms, each change restarts the wait; then `home.reload`):
 * the mapping and then every list one request after another,
 * `requestSpacing` (400 ms) apart, keeping what is shown until its answer
 * arrives; the hot games and the winner board reload at the same moment.
 * The game hub's category is
 * here too: `hub.choose` switches it and scrolls to the top (`scrollToTop`),
 * except LOTT and ELOTT, which launch their game (`launchCategory`, through
 * the launch machine: prize mode, guest to login).
 */
export const lobbyHomeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
  },
  actors: {
    loadTypes: fromPromise<HomeTypes>(async () => {
      throw new Error('loadTypes is provided by the app');
    }),
    /** Every list at once (first load); a list that fails comes back empty. */
    loadLists: fromPromise<LobbyGame[][], HomeListRequest[]>(async () => {
      throw new Error('loadLists is provided by the app');
    }),
    loadList: fromPromise<LobbyGame[], HomeListRequest>(async () => {
      throw new Error('loadList is provided by the app');
    }),
    loadHot: fromPromise<LobbyGame[]>(async () => {
      throw new Error('loadHot is provided by the app');
    }),
    loadWinners: fromPromise<unknown[]>(async () => {
      throw new Error('loadWinners is provided by the app');
    }),
  },
  guards: {
    isLotteryCategory: ({ event }) => event.type === 'hub.choose' && lotteryCategories.includes(event.category),
    hasQueue: ({ context }) => context.queue.length > 0,
    hasTypes: ({ context }) => context.types !== null,
  },
  actions: {
    scrollToTop: () => {},
    /** Launches the game of a lottery category (the launch machine's `category.play`). */
    launchCategory: (_, _params: { category: string }) => {},
  },
  delays: {
    languageReload: 250,
    requestSpacing: 400,
  },
}).createMachine({
  id: 'lobbyHome',
  context: ({ input }) => ({ category: input.category ?? 'HOME', types: null, lists: [], queue: [], hot: [], winners: [] }),
  type: 'parallel',
  on: {
    'hub.choose': [
      { guard: 'isLotteryCategory', actions: { type: 'launchCategory', params: ({ event }) => ({ category: event.category }) } },
      { actions: [assign({ category: ({ event }) => event.category }), 'scrollToTop'] },
    ],
  },
  states: {
    /** The language debounce: one wait for every part. */
    language: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'language.change': { target: 'waiting' } },
        },
        waiting: {
          on: { 'language.change': { target: 'waiting', reenter: true } },
          after: { languageReload: { target: 'idle', actions: raise({ type: 'home.reload' }) } },
        },
      },
    },
    games: {
      initial: 'loadingTypes',
      on: { 'home.reload': { target: '.reloadingTypes' } },
      states: {
        loadingTypes: {
          invoke: {
            id: 'loadTypes',
            src: 'loadTypes',
            onDone: { target: 'loadingLists', actions: assign(({ event }) => ({ types: event.output, lists: homeListsOf(event.output) })) },
            onError: { target: 'failed' },
          },
        },
        loadingLists: {
          invoke: {
            id: 'loadLists',
            src: 'loadLists',
            input: ({ context }) => withRequests(context.lists).map((l) => requestOf(l)!),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const keys = withRequests(context.lists).map((l) => l.key);
                return { lists: context.lists.map((l) => (keys.includes(l.key) ? { ...l, games: event.output[keys.indexOf(l.key)] ?? [] } : l)) };
              }),
            },
            onError: { target: 'ready' },
          },
        },
        ready: {},
        /** The mapping could not be loaded: nothing to show but a retry. */
        failed: {
          on: { 'home.retry': { target: 'loadingTypes' } },
        },
        reloadingTypes: {
          invoke: {
            id: 'reloadTypes',
            src: 'loadTypes',
            onDone: {
              target: 'next',
              actions: assign(({ context, event }) => {
                const lists = homeListsOf(event.output, context.lists);
                return { types: event.output, lists, queue: withRequests(lists).map((l) => l.key) };
              }),
            },
            onError: [{ guard: 'hasTypes', target: 'ready' }, { target: 'failed' }],
          },
        },
        /** The next list request waits `requestSpacing` after the previous answer. */
        spacing: {
          after: { requestSpacing: { target: 'reloadingList' } },
        },
        reloadingList: {
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => requestOf(context.lists.find((l) => l.key === context.queue[0])!)!,
            onDone: {
              target: 'next',
              actions: assign(({ context, event }) => {
                const [key, ...queue] = context.queue;
                return { queue, lists: context.lists.map((l) => (l.key === key ? { ...l, games: event.output } : l)) };
              }),
            },
            // A failed list keeps what it showed.
            onError: { target: 'next', actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
          },
        },
        next: {
          always: [{ guard: 'hasQueue', target: 'spacing' }, { target: 'ready' }],
        },
      },
    },
    hot: {
      initial: 'loading',
      on: { 'home.reload': { target: '.loading' } },
      states: {
        loading: {
          invoke: {
            id: 'loadHot',
            src: 'loadHot',
            onDone: { target: 'ready', actions: assign({ hot: ({ event }) => event.output }) },
            // The block hides when there is nothing to show; a failed reload keeps the old list.
            onError: { target: 'ready' },
          },
        },
        ready: {},
      },
    },
    winners: {
      initial: 'loading',
      on: { 'home.reload': { target: '.loading' } },
      states: {
        loading: {
          invoke: {
            id: 'loadWinners',
            src: 'loadWinners',
            onDone: { target: 'ready', actions: assign({ winners: ({ event }) => event.output }) },
            onError: { target: 'ready' },
          },
        },
        ready: {},
      },
    },
  },
});
