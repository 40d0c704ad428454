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

const done = (output: LobbyPage) => ({ type: 'xstate.done.actor.loadGames', output });
const failed = { type: 'xstate.error.actor.loadGames', error: { errorCode: 'client.timeout' } };
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.gameList.${state}` });

const inputs: GameListInput[] = [{ category: 'RNG', loggedIn: true }];
/** A guest: recent and favourites stop at the login notice until a session arrives. */
const guestEvents: AnyEventObject[] = [
  { type: 'list.tab', tab: 'fav' },
  { type: 'list.tab', tab: 'all' },
  { type: 'session.change', loggedIn: true },
  done(page1),
];

/** Four event sets keep the explored state space small: filters, paging and tabs, search, hot-mode filters; and a guest. */
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
      name: 'search',
      inputs,
      events: [
        { type: 'list.tab', tab: 'hot' },
        { type: 'search.input', text: 'DRAG' },
        { type: 'search.input', text: '' },
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
    { name: 'a guest', inputs: [{ mode: 'recent', loggedIn: false }], events: guestEvents },
  ],
};
