/**
 * The game-list statechart in the browser, on the slots list
 * (/m/gameList?gameType=RNG) of a fresh member: its modes (all, hot, recent,
 * fav by the tabs; filter by the classify chips, the provider and min-bet
 * selects), infinite scroll with its throttle, the catalogue name search
 * with its debounce, its no-results state and its clear button, and the hot
 * list's own filters; the hot-games centre (/m/hot-games), its category
 * select and its search of the hot list; and a guest's recent games
 * (/m/gameCenter?gameCategory=RECENT), which ask to log in. The server's
 * answers are the demo catalogue's (demo-catalogue.ts), so the graph predicts
 * the games shown: the first tile, the last one loaded, the end-of-list count.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { type GameListRequest, gameListCall } from '../../../contract/lobby-calls.ts';
import { type GameListContext, gameListMachine, hasFilters, hasMore, isCatalogueSearch, listRequest } from '../../../machines/game-list.machine.ts';
import { freshMember } from '../money-support.ts';
import { giveSession, text } from '../support.ts';
import { type BrowserModel, type PathGroup, type PathRun, type ProposedStep, type Snap, tagOf, type UiStep } from './browser-model.ts';
import { catalogueAnswer, emptyMemberList, hotAnswer } from './demo-catalogue.ts';

const THROTTLE = 'xstate.after.loadMoreThrottle.gameList.list.cooling';
const DEBOUNCE = 'xstate.after.searchDebounce.gameList.search.debouncing';
/** Infinite scroll goes as far as page 3 (page 2, the throttle, page 3). */
const lastPage = 3;

const requestOf = listRequest;
const answerTo = (request: GameListRequest) =>
  request.mode === 'hot' ? hotAnswer(request.category) : request.mode === 'recent' || request.mode === 'fav' ? emptyMemberList : catalogueAnswer(request);

const regionsOf = (snap: Snap) => snap.value as { list: string; search: string };
const contextOf = (snap: Snap) => snap.context as unknown as GameListContext;

/** The server's answer to the load the snapshot waits for, if any. */
function serverAnswers(snap: Snap): AnyEventObject[] {
  const { list } = regionsOf(snap);
  const c = contextOf(snap);
  if (list === 'loading') return [{ type: 'xstate.done.actor.loadGames', output: answerTo(requestOf(c, 1)) }];
  if (list === 'loadingMore') return [{ type: 'xstate.done.actor.loadMore', output: answerTo(requestOf(c, c.pageNum + 1)) }];
  return [];
}

/** A provider, a classify and a min bet the slots' hot list has (its filter panel offers only those). */
const hotSlots = hotAnswer('RNG').games;
const mostCommon = <T>(values: T[]) => [...new Set(values)].sort((a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length)[0]!;
const hotVendor = mostCommon(hotSlots.map((g) => g.vassalage));
const hotClassify = mostCommon(hotSlots.map((g) => g.gameClassify));
const hotMinBet = mostCommon(hotSlots.map((g) => g.minBet));

/**
 * What the screen and the server can give, in an order the browser keeps:
 * choosing the option a select already shows, or typing what the search box
 * already holds, sends nothing; and a server's answer and a timer (the
 * search debounce, the scroll throttle) never race: an answer comes while no
 * timer runs, a timer ends while no request is out.
 */
function feasible(step: ProposedStep): boolean {
  const c = contextOf(step.before);
  const { list, search } = regionsOf(step.before);
  if (/^xstate\.(done|error)\./.test(step.event.type)) return search === 'idle';
  if (step.event.type.startsWith('xstate.after.')) return list !== 'loading' && list !== 'loadingMore';
  // The hot list's filter panel offers the providers and classifies of the hot games loaded.
  if (c.mode === 'hot' && /^filter\.(vendor|classify|minBet)$/.test(step.event.type) && c.hotGames.length === 0) return false;
  switch (step.event.type) {
    case 'filter.vendor':
      return step.event.vassalage !== c.vassalage;
    case 'filter.minBet':
      return step.event.minBet !== c.minBet;
    case 'search.input':
      return step.event.text !== c.searchText;
    case 'search.clear':
      // The button of the no-results state.
      return (list === 'ready' || list === 'cooling') && isCatalogueSearch(c) && c.games.length === 0;
    case 'filter.clear':
      // The button shows only while a filter is set.
      return c.mode === 'filter' || (c.mode === 'hot' && hasFilters(c));
    default:
      return true;
  }
}

const member = { category: 'RNG', loggedIn: true };
/** A name no game of the catalogue holds. */
const nonsense = 'zzqx';
const slotsUrl = '/m/gameList?gameType=RNG';
const tab = (name: string) => ({ type: 'list.tab', tab: name });

const groups: PathGroup[] = [
  {
    name: 'tabs and infinite scroll',
    input: member,
    url: slotsUrl,
    events: (snap) => [...serverAnswers(snap), tab('all'), tab('hot'), tab('recent'), tab('fav'), { type: 'list.loadMore' }, { type: THROTTLE }],
    consistent: (step) => feasible(step) && (step.event.type !== 'list.loadMore' || contextOf(step.before).pageNum < lastPage),
    truncate: true,
  },
  {
    name: 'the catalogue filters',
    input: member,
    url: slotsUrl,
    events: (snap) => [
      ...serverAnswers(snap),
      { type: 'filter.classify', classify: 'JACKPOT' },
      { type: 'filter.classify', classify: 'ALL' },
      { type: 'filter.vendor', vassalage: 'JLX' },
      { type: 'filter.vendor', vassalage: null },
      { type: 'filter.minBet', minBet: 100 },
      { type: 'filter.minBet', minBet: null },
      { type: 'filter.clear' },
    ],
    consistent: feasible,
    truncate: true,
  },
  {
    name: 'the catalogue search',
    input: member,
    url: slotsUrl,
    events: (snap) => [
      ...serverAnswers(snap),
      tab('all'),
      tab('hot'),
      { type: 'search.input', text: 'mines' },
      { type: 'search.input', text: nonsense },
      { type: 'search.input', text: '' },
      { type: DEBOUNCE },
      { type: 'search.clear' },
    ],
    consistent: feasible,
    truncate: true,
  },
  {
    name: "the catalogue search on the hot tab, with the hot list's filters",
    input: member,
    url: slotsUrl,
    events: (snap) => [
      ...serverAnswers(snap),
      tab('hot'),
      { type: 'search.input', text: 'dragon' },
      { type: DEBOUNCE },
      { type: 'filter.vendor', vassalage: hotVendor },
      { type: 'filter.clear' },
    ],
    consistent: feasible,
    truncate: true,
  },
  {
    name: "the hot list's filters",
    input: member,
    url: slotsUrl,
    events: (snap) => [
      ...serverAnswers(snap),
      tab('hot'),
      { type: 'filter.vendor', vassalage: hotVendor },
      { type: 'filter.classify', classify: hotClassify },
      { type: 'filter.minBet', minBet: hotMinBet },
      { type: 'filter.clear' },
    ],
    consistent: feasible,
    truncate: true,
  },
  {
    name: 'the hot-games centre, its category select and its search of the hot list',
    input: { mode: 'hot', searchScope: 'hot', loggedIn: true },
    url: '/m/hot-games',
    events: (snap) => [
      ...serverAnswers(snap),
      { type: 'list.category', category: 'FISH' },
      // In-house games have no hot list: a search loads it again.
      { type: 'list.category', category: 'INHOUSE' },
      { type: 'list.category', category: 'ALL' },
      { type: 'search.input', text: 'dragon' },
      { type: 'search.input', text: '' },
      { type: DEBOUNCE },
    ],
    consistent: (step) => feasible(step) && (step.event.type !== 'list.category' || step.event.category !== contextOf(step.before).category),
    truncate: true,
  },
  {
    name: "a guest's recent games",
    input: { category: 'ALL', mode: 'recent', loggedIn: false },
    url: '/m/gameCenter?gameCategory=RECENT',
    events: [],
    start: true,
  },
];

const tabName = { all: 'lobby.tabs.all', hot: 'lobby.tabs.hot', recent: 'lobby.tabs.recent', fav: 'lobby.tabs.fav' } as const;
const classifyName = (classify: string) => text(`lobby.classify.${classify}` as Parameters<typeof text>[0]);
const tiles = (page: Page) => page.getByTestId('game-tile');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: text('lobby.search.label') });
const panelButton = (page: Page) => page.getByRole('button', { name: text('lobby.filter.panel'), exact: true });
const providerSelect = (page: Page) => page.getByRole('combobox', { name: text('lobby.filter.vendor') });
const minBetSelect = (page: Page) => page.getByRole('combobox', { name: text('lobby.filter.minBet') });
const categorySelect = (page: Page) => page.getByRole('combobox', { name: text('lobby.filter.category') });
const classifyChips = (page: Page) => page.getByRole('list', { name: text('lobby.filter.classify') });
/** Whether a response answers the request the list makes (its endpoint and query). */
function answers(request: GameListRequest, url: URL): boolean {
  const param = (name: string) => url.searchParams.get(name);
  switch (request.mode) {
    case 'hot':
      return url.pathname === '/wps/game/hot' && param('gameType') === (request.category === 'ALL' ? null : request.category);
    case 'recent':
      return url.pathname === '/wps/game/recent' && param('pageNo') === String(request.pageNo);
    case 'fav':
      return url.pathname === '/wps/game/favourites' && param('pageNo') === String(request.pageNo);
    default: {
      const { query } = gameListCall(request);
      return (
        url.pathname === '/wps/game/list' &&
        Object.entries(query).every(([name, value]) => param(name) === String(value)) &&
        param('gameName') === (request.gameName ?? null)
      );
    }
  }
}

/** The server's answer to the request the step makes the list send (its next page, or its first). */
function loadAnswered(page: Page, step: UiStep) {
  const { list } = regionsOf(step.after);
  // Typing leaves a load under way alone.
  if ((list !== 'loading' && list !== 'loadingMore') || step.event.type === 'search.input') return Promise.resolve();
  const c = contextOf(step.after);
  const request = requestOf(c, list === 'loading' ? 1 : c.pageNum + 1);
  return page.waitForResponse((r) => answers(request, new URL(r.url())));
}

/** In hot mode the filters sit in a panel its button opens. */
async function openHotPanel(page: Page, mode: string) {
  if (mode !== 'hot') return;
  if ((await panelButton(page).getAttribute('aria-expanded')) !== 'true') await panelButton(page).click();
}

async function drive({ page }: PathRun<undefined>, step: UiStep) {
  // A step that makes the list load is done when the server has answered that load.
  const answered = loadAnswered(page, step);
  await act(page, step);
  await answered;
}

async function act(page: Page, step: UiStep) {
  const event = step.event;
  const before = contextOf(step.before);
  switch (tagOf(event)) {
    case 'list.tab':
      await page.getByRole('tab', { name: text(tabName[event.tab as keyof typeof tabName]), exact: true }).click();
      return;
    case 'filter.classify':
      await openHotPanel(page, before.mode);
      await classifyChips(page).getByRole('button', { name: classifyName(event.classify), exact: true }).click();
      return;
    case 'filter.vendor':
      await openHotPanel(page, before.mode);
      await providerSelect(page).selectOption(event.vassalage ?? '');
      return;
    case 'filter.minBet':
      await openHotPanel(page, before.mode);
      await minBetSelect(page).selectOption(event.minBet === null ? '' : String(event.minBet));
      return;
    case 'filter.clear':
      await openHotPanel(page, before.mode);
      await page.getByRole('button', { name: text('lobby.filter.clear') }).click();
      return;
    case 'list.loadMore':
      // Scrolling to the end of the list loads the next page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return;
    case 'search.input':
      await searchBox(page).fill(event.text);
      return;
    case 'search.clear':
      await page.getByRole('button', { name: text('lobby.search.clear') }).click();
      return;
    case 'list.category':
      await categorySelect(page).selectOption(event.category);
      return;
    default:
      // The server's answers arrive by themselves; the throttle and the debounce are time passing.
      return;
  }
}

async function see({ page, path }: PathRun<undefined>, step: UiStep) {
  const { list } = regionsOf(step.after);
  const c = contextOf(step.after);
  if (step.event.type === 'search.input') {
    // Typing shows in the box; the list stays until the debounce is over.
    await expect(searchBox(page)).toHaveValue(c.searchText);
    return;
  }
  if (list === 'loginRequired') {
    await expect(page.getByRole('heading', { name: text('in_logged_login') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: text('header.login') })).toBeVisible();
    return;
  }
  // Loading: the next answer says what is seen.
  if (list !== 'ready' && list !== 'cooling') return;

  if (path.group.url.startsWith('/m/gameList')) {
    const shown = c.mode === 'filter' ? 'all' : c.mode;
    await expect(page.getByRole('tab', { name: text(tabName[shown]), exact: true })).toHaveAttribute('aria-selected', 'true');
  } else {
    await expect(categorySelect(page)).toHaveValue(c.category);
  }
  await expect(searchBox(page)).toHaveValue(c.searchText);
  if (c.games.length === 0 && isCatalogueSearch(c)) {
    await expect(page.getByRole('heading', { name: text('lobby.search.noResults', { query: c.query }) })).toBeVisible();
    await expect(page.getByRole('button', { name: text('lobby.search.clear') })).toBeVisible();
  } else if (c.games.length === 0) {
    await expect(page.getByRole('heading', { name: text('lobby.list.empty') })).toBeVisible();
  } else if (step.event.type === 'xstate.done.actor.loadMore') {
    // Scrolled to the end: the page just loaded starts right below.
    const firstNew = c.games[contextOf(step.before).games.length]!;
    await expect(tiles(page).filter({ hasText: firstNew.gameName }).first()).toBeAttached();
  } else if (step.event.type !== THROTTLE) {
    await expect(tiles(page).first()).toContainText(c.games[0]!.gameName);
  }
  const end = page.getByText(text('lobby.list.end', { count: String(c.games.length) }), { exact: true });
  if (c.games.length > 0) await expect(end).toHaveCount(hasMore(c) ? 0 : 1);

  const memberList = c.mode === 'fav' || c.mode === 'recent';
  const panelShown = !memberList && (c.mode !== 'hot' || (await panelButton(page).getAttribute('aria-expanded')) === 'true');
  if (panelShown) {
    await expect(classifyChips(page).getByRole('button', { name: classifyName(c.classify ?? 'ALL'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(providerSelect(page)).toHaveValue(c.vassalage ?? '');
    await expect(minBetSelect(page)).toHaveValue(c.minBet === null ? '' : String(c.minBet));
  }
}

export const gameListPaths: BrowserModel<undefined> = {
  name: 'game-list',
  machine: gameListMachine,
  groups,
  async prepare({ page, baseURL, path }) {
    if ((path.group.input as { loggedIn: boolean }).loggedIn) await giveSession(page, (await freshMember(baseURL, 'gl')).session);
    return undefined;
  },
  drive: (run, step) => drive(run, step),
  see: (run, step) => see(run, step),
  outOfReach: [
    { match: /list\.failed|list\.retry|xstate\.error\.actor\.load(Games|More)/, reason: 'server answer not producible: the game lists do not fail' },
    { match: /language/, reason: 'not modelled: a language change (side menu) reloads the list 250 ms later (lobby.spec.ts checks it)' },
    { match: /session\.change/, reason: 'not reachable from the UI: the session changes on the login screen, which this list is not on' },
    { match: /list\.reload/, reason: 'not modelled: un-starring a favourite while the favourites tab shows it (a fresh member has none)' },
  ],
};
