import { assign, fromPromise, raise, setup } from 'xstate';
import { type LobbyGame, type LobbyPage, lobbyErrorCode } from './lobby-types.ts';

/** List modes of spec section 4. */
export type GameListMode = 'all' | 'hot' | 'recent' | 'fav' | 'filter';
/** The tabs a user can pick (filter mode follows from the filters). */
export type GameListTab = 'all' | 'hot' | 'recent' | 'fav';

/** Min-bet filter options of spec section 2 (0.01 ... 1) in minor units; null is "all". */
export const minBetFilterOptions = [null, 1, 5, 10, 50, 75, 100] as const;
/** Infinite scroll: load more when the bottom is this close (spec section 9). */
export const infiniteScrollThresholdPx = 300;

export interface GameListFilters {
  vassalage: string | null;
  /** A stored classify or NEW; null for ALL. */
  classify: string | null;
  /** Minor units; null for all. */
  minBet: number | null;
}

/** What `loadGames` is asked for: one page of the current mode. */
export interface GameListRequest extends GameListFilters {
  mode: GameListMode;
  /** A catalogue category or ALL. */
  category: string;
  pageNo: number;
  pageSize: number;
}

export interface GameListInput {
  category?: string;
  mode?: GameListTab;
  vassalage?: string | null;
  pageSize?: number;
}

export interface GameListContext<G extends LobbyGame = LobbyGame> extends GameListFilters {
  mode: GameListMode;
  category: string;
  pageSize: number;
  /** What the list shows. */
  games: G[];
  /** The loaded hot list that search filters (hot mode). */
  hotGames: G[];
  pageNum: number;
  totalPages: number;
  /** What the search box holds, and the search last applied. */
  searchText: string;
  query: string;
  errorCode: string | null;
}

export type GameListEvent =
  | { type: 'list.tab'; tab: GameListTab }
  | { type: 'list.category'; category: string }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'filter.vendor'; vassalage: string | null }
  | { type: 'filter.classify'; classify: string }
  | { type: 'filter.minBet'; minBet: number | null }
  | { type: 'filter.clear' }
  | { type: 'search.input'; text: string }
  | { type: 'search.run' }
  | { type: 'language.change' };

export const gameListPageSize = 25;

/** hasMore of spec section 4: while pageNum < totalPages. */
export const hasMore = (context: Pick<GameListContext, 'pageNum' | 'totalPages'>) => context.pageNum < context.totalPages;

/** Case-insensitive substring of the game name; an empty query keeps every game. */
export function searchGames<G extends LobbyGame>(games: G[], query: string): G[] {
  const q = query.trim().toLowerCase();
  return q ? games.filter((g) => g.gameName.toLowerCase().includes(q)) : games;
}

const hasFilters = (c: GameListFilters) => c.vassalage !== null || c.classify !== null || c.minBet !== null;

const noFilters: GameListFilters = { vassalage: null, classify: null, minBet: null };

const request = (context: GameListContext, pageNo: number): GameListRequest => ({
  mode: context.mode,
  category: context.category,
  vassalage: context.vassalage,
  classify: context.classify,
  minBet: context.minBet,
  pageNo,
  pageSize: context.pageSize,
});

/**
 * A game list (spec sections 2, 4 and 9): the game list centre, the hot-games
 * centre and the category pages. Modes all, hot, recent, fav and filter; a tab
 * (`list.tab`) or category change resets to page 1 and reloads. Setting a
 * vendor, classify or min-bet filter switches to filter mode, which returns to
 * all when every filter is cleared; classify ALL clears the classify and the
 * vendor filter. `list.loadMore` (sent by infinite scroll within 300 px of the
 * bottom) loads the next page while hasMore (pageNum < totalPages), at most
 * once per `loadMoreThrottle` (1 s). `search.input` is debounced
 * (`searchDebounce`, 600 ms), then filters the loaded hot list by name,
 * case-insensitively (loading it first when needed); an empty search restores
 * the hot games. `language.change` reloads after `languageReload` (250 ms).
 */
export const gameListMachine = setup({
  types: {
    context: {} as GameListContext,
    events: {} as GameListEvent,
    input: {} as GameListInput,
  },
  actors: {
    loadGames: fromPromise<LobbyPage, GameListRequest>(async () => {
      throw new Error('loadGames is provided by the app');
    }),
  },
  guards: {
    hasFilters: ({ context }) => hasFilters(context),
    hasMore: ({ context }) => hasMore(context),
    isHotLoaded: ({ context }) => context.mode === 'hot' && context.hotGames.length > 0,
  },
  actions: {
    resetPage: assign({ pageNum: 0, totalPages: 0, games: [], errorCode: null }),
  },
  delays: {
    searchDebounce: 600,
    languageReload: 250,
    loadMoreThrottle: 1000,
  },
}).createMachine({
  id: 'gameList',
  context: ({ input }) => ({
    mode: input.mode ?? (input.vassalage ? 'filter' : 'all'),
    category: input.category ?? 'ALL',
    pageSize: input.pageSize ?? gameListPageSize,
    ...noFilters,
    vassalage: input.vassalage ?? null,
    games: [],
    hotGames: [],
    pageNum: 0,
    totalPages: 0,
    searchText: '',
    query: '',
    errorCode: null,
  }),
  type: 'parallel',
  on: {
    'list.tab': {
      target: '.list.loading',
      actions: [assign({ mode: ({ event }) => event.tab, ...noFilters, query: '', searchText: '', hotGames: [] }), 'resetPage'],
    },
    'list.category': {
      target: '.list.loading',
      actions: [
        assign({
          category: ({ event }) => event.category,
          mode: ({ context }) => (context.mode === 'filter' ? 'all' : context.mode),
          ...noFilters,
          hotGames: [],
        }),
        'resetPage',
      ],
    },
    'list.reload': { target: '.list.loading', actions: 'resetPage' },
    'filter.vendor': { target: '.list.filtering', actions: assign({ vassalage: ({ event }) => event.vassalage }) },
    'filter.classify': {
      target: '.list.filtering',
      actions: assign(({ event, context }) =>
        event.classify === 'ALL' ? { classify: null, vassalage: null } : { classify: event.classify, vassalage: context.vassalage },
      ),
    },
    'filter.minBet': { target: '.list.filtering', actions: assign({ minBet: ({ event }) => event.minBet }) },
    'filter.clear': { target: '.list.filtering', actions: assign({ ...noFilters }) },
    'search.run': [
      {
        guard: 'isHotLoaded',
        actions: assign(({ context }) => {
          const games = searchGames(context.hotGames, context.searchText);
          return { query: context.searchText, games, pageNum: 1, totalPages: 1 };
        }),
      },
      {
        target: '.list.loading',
        actions: [assign({ mode: 'hot', query: ({ context }) => context.searchText, ...noFilters }), 'resetPage'],
      },
    ],
    'language.change': { target: '.list.languageWait' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        filtering: {
          always: [
            { guard: 'hasFilters', target: 'loading', actions: [assign({ mode: 'filter' }), 'resetPage'] },
            { target: 'loading', actions: [assign({ mode: 'all' }), 'resetPage'] },
          ],
        },
        languageWait: {
          after: { languageReload: { target: 'loading', actions: 'resetPage' } },
        },
        loading: {
          invoke: {
            id: 'loadGames',
            src: 'loadGames',
            input: ({ context }) => request(context, 1),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const hot = context.mode === 'hot';
                return {
                  hotGames: hot ? event.output.games : [],
                  games: hot ? searchGames(event.output.games, context.query) : event.output.games,
                  pageNum: hot ? 1 : event.output.pageNum,
                  totalPages: hot ? 1 : event.output.totalPages,
                  errorCode: null,
                };
              }),
            },
            onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
          },
        },
        ready: {
          on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadGames',
            input: ({ context }) => request(context, context.pageNum + 1),
            onDone: {
              target: 'cooling',
              actions: assign(({ context, event }) => ({
                games: [...context.games, ...event.output.games],
                pageNum: event.output.pageNum,
                totalPages: event.output.totalPages,
                errorCode: null,
              })),
            },
            onError: { target: 'cooling', actions: assign({ errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
          },
        },
        /** After a load-more: the next one waits for the throttle. */
        cooling: {
          after: { loadMoreThrottle: { target: 'ready' } },
        },
        failed: {
          on: { 'list.retry': { target: 'loading', actions: 'resetPage' } },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'search.input': { target: 'debouncing', actions: assign({ searchText: ({ event }) => event.text }) } },
        },
        debouncing: {
          on: { 'search.input': { target: 'debouncing', reenter: true, actions: assign({ searchText: ({ event }) => event.text }) } },
          after: { searchDebounce: { target: 'idle', actions: raise({ type: 'search.run' }) } },
        },
      },
    },
  },
});
