import { assign, fromPromise, raise, setup } from 'xstate';
import type { GameListFilters, GameListMode, GameListRequest } from '../contract/lobby-calls.ts';
import { type LobbyGame, type LobbyPage, lobbyErrorCode } from './lobby-types.ts';

/** The tabs a user can pick (filter mode follows from the filters). */
export type GameListTab = 'all' | 'hot' | 'recent' | 'fav';

/** Min-bet filter options of spec section 2 (0.01 ... 1) in minor units; null is "all". */
export const minBetFilterOptions = [null, 1, 5, 10, 50, 75, 100] as const;
/** Infinite scroll: load more when the bottom is this close (spec section 9). */
export const infiniteScrollThresholdPx = 300;

export interface GameListInput {
  category?: string;
  mode?: GameListTab;
  vassalage?: string | null;
  /** Page size of the list (25); a home strip asks for 6 or 9. Favourites always use `gameListPageSizes.favourites`. */
  pageSize?: number;
  /** Recent and favourites need a session (spec sections 5 and 6); a guest's list never asks the server for them. */
  loggedIn?: boolean;
}

export interface GameListContext<G extends LobbyGame = LobbyGame> extends GameListFilters {
  loggedIn: boolean;
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
  | { type: 'language.change' }
  | { type: 'session.change'; loggedIn: boolean };

/** Page sizes of spec section 9: list pages 25, the favourites page 30 (home strips pass 6 or 9). */
export const gameListPageSizes = { list: 25, favourites: 30 } as const;
export const gameListPageSize = gameListPageSizes.list;

/** Modes that need a session. */
const memberModes: GameListMode[] = ['recent', 'fav'];

/** hasMore of spec section 4: while pageNum < totalPages. */
export const hasMore = (context: Pick<GameListContext, 'pageNum' | 'totalPages'>) => context.pageNum < context.totalPages;

/** Case-insensitive substring of the game name; an empty query keeps every game. */
export function searchGames<G extends LobbyGame>(games: G[], query: string): G[] {
  const q = query.trim().toLowerCase();
  return q ? games.filter((g) => g.gameName.toLowerCase().includes(q)) : games;
}

export const hasFilters = (c: GameListFilters) => c.vassalage !== null || c.classify !== null || c.minBet !== null;

/**
 * The filters on a loaded list (the hot-games centre filters its hot list on
 * the client): vendor, classify (NEW: isNew) and exact min bet.
 */
export function filterGames<G extends LobbyGame>(games: G[], filters: GameListFilters): G[] {
  if (!hasFilters(filters)) return games;
  return games.filter(
    (g) =>
      (filters.vassalage === null || g.vassalage.toUpperCase() === filters.vassalage.toUpperCase()) &&
      (filters.classify === null || (filters.classify === 'NEW' ? g.isNew === 1 : g.gameClassify === filters.classify)) &&
      (filters.minBet === null || g.minBet === filters.minBet),
  );
}

/** What a hot list shows: the loaded hot games, filtered, then searched by name. */
const hotView = <G extends LobbyGame>(context: GameListContext<G>, query = context.query) =>
  searchGames(filterGames(context.hotGames, context), query);

/** The filters after a filter event (classify ALL clears the vendor too). */
function nextFilters(context: GameListFilters, event: GameListEvent): GameListFilters {
  switch (event.type) {
    case 'filter.vendor':
      return { ...context, vassalage: event.vassalage };
    case 'filter.classify':
      return event.classify === 'ALL' ? { ...context, classify: null, vassalage: null } : { ...context, classify: event.classify };
    case 'filter.minBet':
      return { ...context, minBet: event.minBet };
    default:
      return { ...noFilters };
  }
}

const pickFilters = (f: GameListFilters): GameListFilters => ({ vassalage: f.vassalage, classify: f.classify, minBet: f.minBet });

const noFilters: GameListFilters = { vassalage: null, classify: null, minBet: null };

const request = (context: GameListContext, pageNo: number): GameListRequest => ({
  mode: context.mode,
  category: context.category,
  vassalage: context.vassalage,
  classify: context.classify,
  minBet: context.minBet,
  pageNo,
  pageSize: context.mode === 'fav' ? gameListPageSizes.favourites : context.pageSize,
});

function initialContext(input: GameListInput): GameListContext {
  return {
    loggedIn: input.loggedIn ?? false,
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
  };
}

/** What a list started with `input` asks for first: its first page. */
export const firstRequestOf = (input: GameListInput): GameListRequest => request(initialContext(input), 1);

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
 * the hot games. In hot mode (the hot-games centre) the filters narrow the
 * loaded hot list on the client instead, with the search. `language.change`
 * reloads after `languageReload` (250 ms). Recent and favourites need a
 * session: a guest's list goes to `loginRequired` (`notifyLoginRequired`
 * shows the in_logged_login notice) and never asks the server.
 * Favourites pages hold 30 games, other lists `pageSize` (25).
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
    isHotMode: ({ context }) => context.mode === 'hot',
    needsLogin: ({ context }) => !context.loggedIn && memberModes.includes(context.mode),
  },
  actions: {
    resetPage: assign({ pageNum: 0, totalPages: 0, games: [], errorCode: null }),
    /** Shows the in_logged_login notice (the favourites actor's, 2 s). */
    notifyLoginRequired: () => {},
    /** Hot mode: apply the filter event to the loaded hot list (no request). */
    filterHot: assign(({ context, event }) => {
      const filters = nextFilters(context, event);
      return { ...filters, games: hotView({ ...context, ...filters }) };
    }),
  },
  delays: {
    searchDebounce: 600,
    languageReload: 250,
    loadMoreThrottle: 1000,
  },
}).createMachine({
  id: 'gameList',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  on: {
    'list.tab': {
      target: '.list.checking',
      actions: [assign({ mode: ({ event }) => event.tab, ...noFilters, query: '', searchText: '', hotGames: [] }), 'resetPage'],
    },
    'list.category': {
      target: '.list.checking',
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
    'list.reload': { target: '.list.checking', actions: 'resetPage' },
    'session.change': { target: '.list.checking', actions: [assign({ loggedIn: ({ event }) => event.loggedIn }), 'resetPage'] },
    'filter.vendor': [
      { guard: 'isHotMode', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.classify': [
      { guard: 'isHotMode', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.minBet': [
      { guard: 'isHotMode', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.clear': [
      { guard: 'isHotMode', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign({ ...noFilters }) },
    ],
    'search.run': [
      {
        guard: 'isHotLoaded',
        actions: assign(({ context }) => ({ query: context.searchText, games: hotView(context, context.searchText), pageNum: 1, totalPages: 1 })),
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
      initial: 'checking',
      states: {
        /** Recent and favourites of a guest stop here; everything else loads. */
        checking: {
          always: [{ guard: 'needsLogin', target: 'loginRequired' }, { target: 'loading' }],
        },
        /** A guest's recent or favourites: the login notice, no request. */
        loginRequired: {
          entry: 'notifyLoginRequired',
        },
        filtering: {
          always: [
            { guard: 'hasFilters', target: 'loading', actions: [assign({ mode: 'filter' }), 'resetPage'] },
            { target: 'loading', actions: [assign({ mode: 'all' }), 'resetPage'] },
          ],
        },
        languageWait: {
          after: { languageReload: { target: 'checking', actions: 'resetPage' } },
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
                  games: hot ? hotView({ ...context, hotGames: event.output.games }) : event.output.games,
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
