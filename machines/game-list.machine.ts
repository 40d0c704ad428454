import { assign, fromPromise, raise, setup } from 'xstate';
import type { GameListFilters, GameListMode, GameListRequest } from '../contract/lobby-calls.ts';
import { type LobbyGame, type LobbyPage, lobbyErrorCode } from './lobby-types.ts';

/** The tabs a user can pick (filter mode follows from the filters). */
export type GameListTab = 'all' | 'hot' | 'recent' | 'fav';

/** Min-bet filter options of spec section 2 (0.01 ... 1) in minor units; null is "all". */
export const minBetFilterOptions = [null, 1, 5, 10, 50, 75, 100] as const;
/** Infinite scroll: load more when the bottom is this close (spec section 9). */
export const infiniteScrollThresholdPx = 300;

/**
 * What a list's search box searches (spec section 2): the whole catalogue on
 * the server (the game list centre), or the hot list it has loaded (the
 * hot-games centre).
 */
export type GameListSearchScope = 'catalogue' | 'hot';

export interface GameListInput {
  category?: string;
  mode?: GameListTab;
  vassalage?: string | null;
  /** Page size of the list (25); a home strip asks for 6 or 9. Favourites always use `gameListPageSizes.favourites`. */
  pageSize?: number;
  /** Recent and favourites need a session (spec sections 5 and 6); a guest's list never asks the server for them. */
  loggedIn?: boolean;
  /** What the search box searches; the catalogue unless the screen says `hot`. */
  searchScope?: GameListSearchScope;
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
  searchScope: GameListSearchScope;
  /** What the search box holds, and the search last applied (trimmed in the catalogue). */
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
  | { type: 'search.clear' }
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

/** A catalogue search is applied: the list shows the catalogue's games whose name holds `query`, whatever the tab. */
export const isCatalogueSearch = (c: Pick<GameListContext, 'searchScope' | 'query'>) => c.searchScope === 'catalogue' && c.query !== '';

/** The list shows its loaded hot list (hot mode, no catalogue search). */
const showsHotList = (c: GameListContext) => c.mode === 'hot' && !isCatalogueSearch(c);

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

/**
 * What a list asks for page `pageNo`: a page of its mode; during a catalogue
 * search, a page of the game list whose names hold the query, with the
 * list's category and filters, whatever the tab.
 */
export function listRequest(context: GameListContext, pageNo: number): GameListRequest {
  const filters = pickFilters(context);
  if (isCatalogueSearch(context)) {
    return {
      mode: hasFilters(filters) ? 'filter' : 'all',
      category: context.category,
      ...filters,
      gameName: context.query,
      pageNo,
      pageSize: context.pageSize,
    };
  }
  return {
    mode: context.mode,
    category: context.category,
    ...filters,
    pageNo,
    pageSize: context.mode === 'fav' ? gameListPageSizes.favourites : context.pageSize,
  };
}

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
    searchScope: input.searchScope ?? 'catalogue',
    searchText: '',
    query: '',
    errorCode: null,
  };
}

/** What a list started with `input` asks for first: its first page. */
export const firstRequestOf = (input: GameListInput): GameListRequest => listRequest(initialContext(input), 1);

/**
 * A game list (spec sections 2, 4 and 9): the game list centre, the hot-games
 * centre and the category pages. Modes all, hot, recent, fav and filter; a tab
 * (`list.tab`) or category change resets to page 1 and reloads. Setting a
 * vendor, classify or min-bet filter switches to filter mode, which returns to
 * all when every filter is cleared; classify ALL clears the classify and the
 * vendor filter. `list.loadMore` (sent by infinite scroll within 300 px of the
 * bottom) loads the next page while hasMore (pageNum < totalPages), at most
 * once per `loadMoreThrottle` (1 s). `search.input` is debounced
 * (`searchDebounce`, 600 ms), then searches by name. The game list centre
 * (search scope `catalogue`) asks the server's game list for the names that
 * hold the text, with the list's category and filters, paged like the list
 * and whatever the tab; a newer search stops the request of the older one,
 * whose answer is never shown; an empty search reloads the tab the player
 * was on. The hot-games centre (scope `hot`) filters its loaded hot list by
 * name, case-insensitively (loading it first when needed); an empty search
 * restores the hot games. `search.clear` empties the box and restores the
 * list at once, without the debounce. In hot mode the filters narrow the
 * loaded hot list on the client instead, with the hot-games centre's search;
 * a catalogue search takes them to the server. `language.change`
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
    /** The hot-games centre's search, with its hot list loaded: it filters that list. */
    isHotListLoaded: ({ context }) => context.searchScope === 'hot' && context.mode === 'hot' && context.hotGames.length > 0,
    searchesHotList: ({ context }) => context.searchScope === 'hot',
    /** The box holds another search than the one the list shows. */
    isSearchChanged: ({ context }) => context.searchText.trim() !== context.query,
    /** The filters narrow the loaded hot list (hot mode, no catalogue search). */
    filtersHotList: ({ context }) => showsHotList(context),
    isHotMode: ({ context }) => context.mode === 'hot',
    /** A guest's recent or favourites; a catalogue search needs no session. */
    needsLogin: ({ context }) => !context.loggedIn && memberModes.includes(context.mode) && !isCatalogueSearch(context),
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
      { guard: 'filtersHotList', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.classify': [
      { guard: 'filtersHotList', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.minBet': [
      { guard: 'filtersHotList', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign(({ context, event }) => pickFilters(nextFilters(context, event))) },
    ],
    'filter.clear': [
      { guard: 'filtersHotList', actions: 'filterHot' },
      { target: '.list.filtering', actions: assign({ ...noFilters }) },
    ],
    'search.run': [
      {
        guard: 'isHotListLoaded',
        actions: assign(({ context }) => ({ query: context.searchText, games: hotView(context, context.searchText), pageNum: 1, totalPages: 1 })),
      },
      {
        guard: 'searchesHotList',
        target: '.list.loading',
        actions: [assign({ mode: 'hot', query: ({ context }) => context.searchText, ...noFilters }), 'resetPage'],
      },
      // The catalogue: a new search (or an empty one: the tab again) reloads from page 1; leaving a load stops its request.
      {
        guard: 'isSearchChanged',
        target: '.list.checking',
        actions: [assign({ query: ({ context }) => context.searchText.trim() }), 'resetPage'],
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
            // The hot tab during a catalogue search: the search reloads with the filters, the tab stays.
            { guard: 'isHotMode', target: 'loading', actions: 'resetPage' },
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
            input: ({ context }) => listRequest(context, 1),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const hot = showsHotList(context);
                return {
                  // A catalogue search keeps the hot list, whose vendors and classifies the hot tab's filters offer.
                  hotGames: hot ? event.output.games : context.hotGames,
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
            input: ({ context }) => listRequest(context, context.pageNum + 1),
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
      on: { 'search.clear': { target: '.idle', actions: [assign({ searchText: '' }), raise({ type: 'search.run' })] } },
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
