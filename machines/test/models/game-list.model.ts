/** The game list machine's model: inputs and events of its model-based test and of `npm run paths game-list`. */
import type { AnyEventObject } from 'xstate';
import { type GameListInput, gameListMachine } from '../../game-list.machine.ts';
import type { LobbyGame, LobbyPage } from '../../lobby-types.ts';
import type { MachineModel } from '../model.ts';

const game = (gameId: number, gameName: string): LobbyGame => ({
  gameId,
  nodeId: `N${gameId}`,
  gameName,
  gameType: 'RNG',
  gameCategory: 'RNG',
  vassalage: 'PXG',
  gameCode: `G${gameId}`,
  supportPlay: 0,
  isGameH5: null,
  lottoMode: null,
  gameClassify: 'CLASSIC',
  minBet: 5,
  isNew: 0,
});
export const dragon = game(1, 'Golden Dragon');
export const tiger: LobbyGame = { ...game(2, 'Tiger Fortune'), vassalage: 'JLX', gameClassify: 'JACKPOT', minBet: 10 };
export const phoenix: LobbyGame = { ...game(3, 'Phoenix Megaways'), gameClassify: 'MEGAWAYS', isNew: 1 };

export const page1: LobbyPage = { games: [dragon], pageNum: 1, totalPages: 2 };
const page2: LobbyPage = { games: [tiger], pageNum: 2, totalPages: 2 };
const hotList: LobbyPage = { games: [dragon, tiger], pageNum: 1, totalPages: 1 };
/** What a catalogue search finds: nothing. */
const noGames: LobbyPage = { games: [], pageNum: 1, totalPages: 0 };

const done = (output: LobbyPage) => ({ type: 'xstate.done.actor.loadGames', output });
const failed = { type: 'xstate.error.actor.loadGames', error: { errorCode: 'client.timeout' } };
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.gameList.${state}` });

const inputs: GameListInput[] = [{ category: 'RNG', loggedIn: true }];
/** The hot-games centre: its search filters the loaded hot list. */
const hotCentre: GameListInput[] = [{ mode: 'hot', searchScope: 'hot', loggedIn: true }];
/** The game list centre on its hot tab: the catalogue search, with the hot list's filters. */
const hotTab: GameListInput[] = [{ category: 'RNG', mode: 'hot', loggedIn: true }];
/** A guest's recent games: the login notice until a session arrives. */
const guest: GameListInput[] = [{ mode: 'recent', loggedIn: false }];
const guestEvents: AnyEventObject[] = [
  { type: 'list.tab', tab: 'fav' },
  { type: 'list.tab', tab: 'all' },
  { type: 'session.change', loggedIn: true },
  done(page1),
];

/**
 * Small event sets keep the explored state space small: filters, paging and
 * tabs, the catalogue search (with the hot tab's filters), the hot-games
 * centre's search, hot-mode filters; and a guest.
 */
export const gameListModel: MachineModel<typeof gameListMachine> = {
  machine: gameListMachine,
  aspects: [
    {
      name: 'filters',
      inputs,
      events: [
        { type: 'filter.vendor', vassalage: 'PXG' },
        { type: 'filter.vendor', vassalage: null },
        { type: 'filter.classify', classify: 'NEW' },
        { type: 'filter.classify', classify: 'ALL' },
        { type: 'filter.minBet', minBet: 5 },
        { type: 'filter.clear' },
        done(page1),
        failed,
        { type: 'list.retry' },
      ],
    },
    {
      name: 'paging, tabs, reloads and language',
      inputs,
      events: [
        { type: 'list.tab', tab: 'fav' },
        { type: 'list.category', category: 'LIVE' },
        { type: 'list.loadMore' },
        { type: 'list.reload' },
        { type: 'language.change' },
        done(page1),
        { type: 'xstate.done.actor.loadMore', output: page2 },
        { type: 'xstate.error.actor.loadMore', error: { errorCode: 'client.offline' } },
        after('loadMoreThrottle', 'list.cooling'),
        after('languageReload', 'list.languageWait'),
      ],
    },
    {
      name: 'catalogue search',
      inputs,
      events: [
        { type: 'search.input', text: 'DRAG' },
        { type: 'search.input', text: '' },
        { type: 'search.clear' },
        after('searchDebounce', 'search.debouncing'),
        done(page1),
        done(noGames),
        failed,
        { type: 'list.retry' },
      ],
    },
    {
      name: "catalogue search on the hot tab, with the hot list's filters",
      inputs: hotTab,
      events: [
        { type: 'search.input', text: 'DRAG' },
        after('searchDebounce', 'search.debouncing'),
        { type: 'filter.vendor', vassalage: 'JLX' },
        { type: 'search.clear' },
        done(hotList),
      ],
    },
    {
      name: "the hot-games centre's search",
      inputs: hotCentre,
      events: [
        { type: 'search.input', text: 'DRAG' },
        { type: 'search.input', text: '' },
        { type: 'search.clear' },
        after('searchDebounce', 'search.debouncing'),
        done(hotList),
      ],
    },
    {
      name: 'hot-mode filters',
      inputs,
      events: [
        { type: 'list.tab', tab: 'hot' },
        { type: 'filter.vendor', vassalage: 'JLX' },
        { type: 'filter.classify', classify: 'NEW' },
        { type: 'filter.minBet', minBet: 10 },
        { type: 'filter.clear' },
        done(hotList),
      ],
    },
    { name: 'a guest', inputs: guest, events: guestEvents },
    {
      name: "a guest's catalogue search (no session needed), and back to the login notice",
      inputs: guest,
      events: [{ type: 'search.input', text: 'DRAG' }, { type: 'search.input', text: '' }, after('searchDebounce', 'search.debouncing'), done(page1)],
    },
  ],
};
