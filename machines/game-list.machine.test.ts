import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { GameListRequest } from '../contract/lobby-calls.ts';
import {
  type GameListInput,
  gameListMachine,
  gameListPageSizes,
  hasMore,
  isCatalogueSearch,
  minBetFilterOptions,
  searchGames,
} from './game-list.machine.ts';
import type { LobbyGame, LobbyPage } from './lobby-types.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { dragon, gameListModel, page1, phoenix, tiger } from './test/models/game-list.model.ts';
import { replayPath } from './test/replay.ts';

const delays = { searchDebounce: 600, languageReload: 250, loadMoreThrottle: 1000 };
const invokes = { loadGames: 'loadGames', loadMore: 'loadGames' };

const pathSets = modelPathSets(gameListModel);

describe('gameList machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(gameListMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.states).toContain('gameList.list.cooling');
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutSearch = pathSets.slice(0, 2);
    expect(coverageOf(gameListMachine, withoutSearch).missingStates).toContain('gameList.search.debouncing');
    const membersOnly = pathSets.filter((set) => set.input.loggedIn);
    expect(coverageOf(gameListMachine, membersOnly).missingStates).toContain('gameList.list.loginRequired');
  });
});

describe('gameList machine: every generated path replayed on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    const { calls } = await replayPath(gameListMachine, input, path, { delays, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
    // Every load asks for a page the list can show next: 1 after a reset, else the page after the last.
    for (const request of calls.loadGames as GameListRequest[]) expect(request.pageNo).toBeGreaterThanOrEqual(1);
  });
});

function harness(input: GameListInput = { category: 'RNG', loggedIn: true }) {
  const load = deferred<LobbyPage, GameListRequest>();
  const notifyLoginRequired = vi.fn();
  const actor = createActor(gameListMachine.provide({ actors: { loadGames: load.logic }, actions: { notifyLoginRequired } }), { input });
  actor.start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      names: s.context.games.map((g) => g.gameName),
      mode: s.context.mode,
      /** The catalogue search the list shows (its no-results state names it), or null. */
      searched: isCatalogueSearch(s.context) ? s.context.query : null,
      loading: s.matches({ list: 'loading' }) || s.matches({ list: 'loadingMore' }),
      hasMore: hasMore(s.context),
      error: s.context.errorCode,
    };
  };
  return { actor, load, view, notifyLoginRequired };
}

describe('gameList machine: what the user sees', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads page 1, scrolls to the end at most once per second, and stops when pageNum reaches totalPages', async () => {
    const h = harness();
    expect(h.load.inputs).toEqual([{ mode: 'all', category: 'RNG', vassalage: null, classify: null, minBet: null, pageNo: 1, pageSize: 25 }]);
    h.load.resolve({ games: [dragon], pageNum: 1, totalPages: 3 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Golden Dragon'], hasMore: true, loading: false });
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs.at(-1)?.pageNo).toBe(2);
    h.load.resolve({ games: [tiger], pageNum: 2, totalPages: 3 });
    await flush();
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs.at(-1)?.pageNo).toBe(3);
    h.load.resolve({ games: [phoenix], pageNum: 3, totalPages: 3 });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.view()).toMatchObject({ names: ['Golden Dragon', 'Tiger Fortune', 'Phoenix Megaways'], hasMore: false });
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs).toHaveLength(3);
  });

  it('a tab change resets to page 1 and reloads in that mode', async () => {
    const h = harness();
    h.load.resolve({ games: [dragon], pageNum: 1, totalPages: 2 });
    await flush();
    h.actor.send({ type: 'list.tab', tab: 'recent' });
    expect(h.view()).toMatchObject({ names: [], loading: true, mode: 'recent' });
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'recent', pageNo: 1 });
    h.load.resolve({ games: [tiger], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Tiger Fortune'], hasMore: false });
  });

  it('filters switch to filter mode and back to all when every filter is cleared; classify ALL clears the vendor', async () => {
    const h = harness();
    h.actor.send({ type: 'filter.vendor', vassalage: 'PXG' });
    expect(h.view().mode).toBe('filter');
    h.actor.send({ type: 'filter.minBet', minBet: 5 });
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'filter', vassalage: 'PXG', minBet: 5, pageNo: 1 });
    h.actor.send({ type: 'filter.classify', classify: 'NEW' });
    h.actor.send({ type: 'filter.classify', classify: 'ALL' });
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'filter', vassalage: null, classify: null, minBet: 5 });
    h.actor.send({ type: 'filter.minBet', minBet: null });
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'all', vassalage: null, classify: null, minBet: null });
    expect(minBetFilterOptions).toEqual([null, 1, 5, 10, 50, 75, 100]);
  });

  it('the hot-games centre searches its loaded hot list case-insensitively 600 ms after the last keystroke; empty search restores it', async () => {
    const h = harness({ mode: 'hot', searchScope: 'hot', loggedIn: true });
    h.load.resolve({ games: [dragon, tiger, phoenix], pageNum: 1, totalPages: 1 });
    await flush();
    h.actor.send({ type: 'search.input', text: 'ti' });
    await vi.advanceTimersByTimeAsync(300);
    h.actor.send({ type: 'search.input', text: 'TIGER' });
    await vi.advanceTimersByTimeAsync(599);
    expect(h.view().names).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.view().names).toEqual(['Tiger Fortune']);
    expect(h.load.inputs).toHaveLength(1);
    h.actor.send({ type: 'search.input', text: '' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.view().names).toEqual(['Golden Dragon', 'Tiger Fortune', 'Phoenix Megaways']);
  });

  it('in hot mode the filters narrow the loaded hot list, with the search, and ask the server nothing', async () => {
    const h = harness({ mode: 'hot', searchScope: 'hot', loggedIn: true });
    h.load.resolve({ games: [dragon, tiger, phoenix], pageNum: 1, totalPages: 1 });
    await flush();
    h.actor.send({ type: 'filter.vendor', vassalage: 'pxg' });
    expect(h.view()).toMatchObject({ mode: 'hot', names: ['Golden Dragon', 'Phoenix Megaways'] });
    h.actor.send({ type: 'filter.classify', classify: 'NEW' });
    expect(h.view().names).toEqual(['Phoenix Megaways']);
    h.actor.send({ type: 'filter.classify', classify: 'ALL' });
    h.actor.send({ type: 'filter.minBet', minBet: 10 });
    expect(h.view().names).toEqual(['Tiger Fortune']);
    h.actor.send({ type: 'filter.minBet', minBet: null });
    h.actor.send({ type: 'filter.classify', classify: 'CLASSIC' });
    h.actor.send({ type: 'search.input', text: 'gold' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.view().names).toEqual(['Golden Dragon']);
    h.actor.send({ type: 'filter.clear' });
    expect(h.view().names).toEqual(['Golden Dragon']);
    h.actor.send({ type: 'search.input', text: '' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.view().names).toEqual(['Golden Dragon', 'Tiger Fortune', 'Phoenix Megaways']);
    expect(h.load.inputs).toHaveLength(1);
    // A filter set before the hot list arrives applies to it.
    h.actor.send({ type: 'list.category', category: 'RNG' });
    h.actor.send({ type: 'filter.vendor', vassalage: 'JLX' });
    h.load.resolve({ games: [dragon, tiger], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ mode: 'hot', names: ['Tiger Fortune'] });
  });

  it('a guest opening recent or favourites sees the login notice and the server is not asked; a login loads them', async () => {
    const h = harness({ mode: 'fav', loggedIn: false });
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(1);
    expect(h.actor.getSnapshot().matches({ list: 'loginRequired' })).toBe(true);
    h.actor.send({ type: 'list.tab', tab: 'recent' });
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(2);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(250);
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(3);
    expect(h.load.inputs).toEqual([]);
    h.actor.send({ type: 'list.tab', tab: 'all' });
    expect(h.load.inputs).toHaveLength(1);
    h.actor.send({ type: 'list.tab', tab: 'fav' });
    h.actor.send({ type: 'session.change', loggedIn: true });
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'fav', pageNo: 1 });
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(4);
  });

  it('page sizes of spec section 9: list pages 25, the favourites page 30, a home strip its own', () => {
    const list = harness({ category: 'LIVE', loggedIn: true });
    expect(list.load.inputs[0]).toMatchObject({ pageSize: 25 });
    const fav = harness({ mode: 'fav', loggedIn: true });
    expect(fav.load.inputs[0]).toMatchObject({ mode: 'fav', pageSize: 30 });
    fav.actor.send({ type: 'list.tab', tab: 'all' });
    expect(fav.load.inputs.at(-1)).toMatchObject({ mode: 'all', pageSize: 25 });
    const strip = harness({ category: 'INHOUSE', pageSize: 9, loggedIn: true });
    expect(strip.load.inputs[0]).toMatchObject({ category: 'INHOUSE', pageSize: 9 });
    expect(gameListPageSizes).toEqual({ list: 25, favourites: 30 });
  });

  it("the hot-games centre's search loads the hot list first when it has none", async () => {
    const h = harness({ category: 'RNG', searchScope: 'hot', loggedIn: true });
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'search.input', text: 'mega' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs.at(-1)).toMatchObject({ mode: 'hot', pageNo: 1 });
    h.load.resolve({ games: [dragon, phoenix], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ mode: 'hot', names: ['Phoenix Megaways'] });
  });

  it('a language change reloads 250 ms after the last change', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(200);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(249);
    expect(h.load.inputs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.load.inputs).toHaveLength(2);
    expect(h.load.inputs[1]).toMatchObject({ pageNo: 1 });
  });

  it('shows a failed load and retries', async () => {
    const h = harness();
    h.load.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.view()).toMatchObject({ error: 'client.offline', loading: false });
    h.actor.send({ type: 'list.retry' });
    h.load.resolve(page1);
    await flush();
    expect(h.view()).toMatchObject({ error: null, names: ['Golden Dragon'] });
  });

  it('search helper keeps every game for a blank query', () => {
    expect(searchGames([dragon, tiger], '  ')).toEqual([dragon, tiger]);
    expect(searchGames([dragon, tiger], 'golden')).toEqual([dragon]);
  });
});

describe('gameList machine: the game list centre searches the whole catalogue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mines: LobbyGame = { ...dragon, gameId: 9, nodeId: 'N9', gameName: 'Mines', vassalage: 'BGS', gameCode: 'G9' };
  const minesRush: LobbyGame = { ...mines, gameId: 10, nodeId: 'N10', gameName: 'Mines Rush', gameCode: 'G10' };
  const rngList = { mode: 'all', category: 'RNG', vassalage: null, classify: null, minBet: null, pageNo: 1, pageSize: 25 };
  const typeEach100ms = async (h: ReturnType<typeof harness>, ...texts: string[]) => {
    for (const text of texts) {
      h.actor.send({ type: 'search.input', text });
      await vi.advanceTimersByTimeAsync(100);
    }
  };

  it('typing within 600 ms sends one request, 600 ms after the last keystroke, with gameName and the screen gameType; it pages like the list', async () => {
    const h = harness();
    h.load.resolve({ games: [dragon, tiger], pageNum: 1, totalPages: 1 });
    await flush();
    await typeEach100ms(h, 'M', 'Mi', 'Min', 'Mine', 'Mines');
    await vi.advanceTimersByTimeAsync(499);
    expect(h.load.inputs).toHaveLength(1);
    expect(h.view().names).toEqual(['Golden Dragon', 'Tiger Fortune']);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.load.inputs).toHaveLength(2);
    expect(h.load.inputs[1]).toEqual({ ...rngList, gameName: 'Mines' });
    expect(h.view()).toMatchObject({ loading: true, names: [], searched: 'Mines', mode: 'all' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 2 });
    await flush();
    expect(h.view()).toMatchObject({ loading: false, names: ['Mines'], hasMore: true, searched: 'Mines' });
    // Infinite scroll goes on with the search.
    h.actor.send({ type: 'list.loadMore' });
    expect(h.load.inputs[2]).toEqual({ ...rngList, gameName: 'Mines', pageNo: 2 });
    h.load.resolve({ games: [minesRush], pageNum: 2, totalPages: 2 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Mines', 'Mines Rush'], hasMore: false });
    // The same search again (spaces aside) asks nothing.
    await typeEach100ms(h, 'Mines ');
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs).toHaveLength(3);
  });

  it('a newer search stops the older request: its answer is never shown', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'search.input', text: 'Mi' });
    await vi.advanceTimersByTimeAsync(600);
    h.actor.send({ type: 'search.input', text: 'Mines' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs.slice(1).map((r) => r.gameName)).toEqual(['Mi', 'Mines']);
    expect(h.load.signals[1]!.aborted).toBe(true);
    expect(h.load.signals[2]!.aborted).toBe(false);
    // The older answer arrives late: ignored.
    h.load.resolve({ games: [minesRush, dragon], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ loading: true, names: [], searched: 'Mines' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ loading: false, names: ['Mines'] });
  });

  it('an empty search restores the tab the player was on', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'list.tab', tab: 'fav' });
    h.load.resolve({ games: [tiger], pageNum: 1, totalPages: 1 });
    await flush();
    h.actor.send({ type: 'search.input', text: 'mines' });
    await vi.advanceTimersByTimeAsync(600);
    // Whatever the tab, the search is the catalogue's, in list pages of 25.
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, gameName: 'mines' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Mines'], mode: 'fav' });
    h.actor.send({ type: 'search.input', text: '' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, mode: 'fav', pageSize: 30 });
    h.load.resolve({ games: [tiger], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Tiger Fortune'], mode: 'fav', searched: null });
  });

  it('on the hot tab the search takes the hot filters to the server; clearing it shows the filtered hot list again', async () => {
    const h = harness({ category: 'RNG', mode: 'hot', loggedIn: true });
    h.load.resolve({ games: [dragon, tiger, phoenix], pageNum: 1, totalPages: 1 });
    await flush();
    h.actor.send({ type: 'filter.vendor', vassalage: 'PXG' });
    expect(h.view().names).toEqual(['Golden Dragon', 'Phoenix Megaways']);
    h.actor.send({ type: 'search.input', text: 'mines' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, mode: 'filter', vassalage: 'PXG', gameName: 'mines' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Mines'], mode: 'hot' });
    // A filter changed during the search asks the server again, and the tab stays hot.
    h.actor.send({ type: 'filter.minBet', minBet: 5 });
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, mode: 'filter', vassalage: 'PXG', minBet: 5, gameName: 'mines' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Mines'], mode: 'hot' });
    h.actor.send({ type: 'search.clear' });
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, mode: 'hot', vassalage: 'PXG', minBet: 5 });
    h.load.resolve({ games: [dragon, tiger, phoenix], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Golden Dragon', 'Phoenix Megaways'], mode: 'hot', searched: null });
  });

  it('a search that finds nothing shows no games with its query; clearing it restores the list at once', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'search.input', text: ' zzqx ' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs.at(-1)).toMatchObject({ gameName: 'zzqx' });
    h.load.resolve({ games: [], pageNum: 1, totalPages: 0 });
    await flush();
    expect(h.view()).toMatchObject({ names: [], loading: false, searched: 'zzqx', hasMore: false });
    h.actor.send({ type: 'search.clear' });
    expect(h.actor.getSnapshot().context.searchText).toBe('');
    expect(h.load.inputs.at(-1)).toEqual(rngList);
    h.load.resolve(page1);
    await flush();
    expect(h.view()).toMatchObject({ names: ['Golden Dragon'], searched: null });
    // Clearing while typing drops the pending search.
    h.actor.send({ type: 'search.input', text: 'drag' });
    h.actor.send({ type: 'search.clear' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs).toHaveLength(3);
  });

  it('a failed search shows the error, and retry asks for the search again', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'search.input', text: 'Mines' });
    await vi.advanceTimersByTimeAsync(600);
    h.load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.view()).toMatchObject({ error: 'client.timeout', names: [], searched: 'Mines' });
    expect(h.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    h.actor.send({ type: 'list.retry' });
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, gameName: 'Mines' });
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ error: null, names: ['Mines'] });
  });

  it("a guest's search on the favourites list needs no session; an empty one shows the login notice again", async () => {
    const h = harness({ category: 'RNG', mode: 'fav', loggedIn: false });
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(1);
    h.actor.send({ type: 'search.input', text: 'Mines' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.load.inputs).toEqual([{ ...rngList, gameName: 'Mines' }]);
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    expect(h.view()).toMatchObject({ names: ['Mines'], mode: 'fav' });
    h.actor.send({ type: 'search.input', text: '' });
    await vi.advanceTimersByTimeAsync(600);
    expect(h.actor.getSnapshot().matches({ list: 'loginRequired' })).toBe(true);
    expect(h.notifyLoginRequired).toHaveBeenCalledTimes(2);
    expect(h.load.inputs).toHaveLength(1);
  });

  it('a tab change ends the search', async () => {
    const h = harness();
    h.load.resolve(page1);
    await flush();
    h.actor.send({ type: 'search.input', text: 'Mines' });
    await vi.advanceTimersByTimeAsync(600);
    h.load.resolve({ games: [mines], pageNum: 1, totalPages: 1 });
    await flush();
    h.actor.send({ type: 'list.tab', tab: 'hot' });
    expect(h.load.inputs.at(-1)).toEqual({ ...rngList, mode: 'hot' });
    expect(h.actor.getSnapshot().context).toMatchObject({ searchText: '', query: '' });
  });
});
