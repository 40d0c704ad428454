/** The lottery lobbies' model: inputs and events of its model-based test and of `npm run paths lottery-lobby`. */
import { type LotteryLobbyData, lotteryLobbyMachine } from '../../lottery-lobby.machine.ts';
import type { MachineModel } from '../model.ts';
import { afterDraw } from './lottery-game.model.ts';

export const menu = [{ family: 'digits', gameType: 'ELOTT', vendor: 'TCG_SEA', vendorName: 'TCG SEA', count: 3 }] as LotteryLobbyData['menu'];
export const filterData: LotteryLobbyData = { menu, games: [afterDraw.game], popular: [], recent: [], rank: [] };
export const barData: LotteryLobbyData = {
  menu: [],
  games: [],
  popular: [afterDraw.game],
  recent: [{ gameCode: afterDraw.game.gameCode, gameName: afterDraw.game.gameName, issue: afterDraw.recent[0]! }],
  rank: [],
};

export const lotteryLobbyModel: MachineModel<typeof lotteryLobbyMachine> = {
  machine: lotteryLobbyMachine,
  aspects: [
    {
      name: 'a lobby loads, fails and retries; a filter reads the list again',
      inputs: [{ kind: 'filter' }, { kind: 'ELOTT' }, { kind: 'rank' }],
      events: [
        { type: 'xstate.done.actor.loadLobby', output: filterData },
        { type: 'xstate.done.actor.loadLobby', output: { ...filterData, menu: [] } },
        { type: 'xstate.error.actor.loadLobby', error: { errorCode: 'client.offline' } },
        { type: 'lobby.retry' },
        { type: 'lobby.filter', filter: { family: 'digits' } },
      ],
    },
  ],
};
