/** The home lobby machine's model: inputs and events of its model-based test and of `npm run paths lobby-home`. */
import { type HomeInput, type HomeTypes, lobbyHomeMachine } from '../../lobby-home.machine.ts';
import type { LobbyGame } from '../../lobby-types.ts';
import type { MachinePath } from '../coverage.ts';
import type { MachineModel } from '../model.ts';

export const game = (gameId: number, gameName: string, vassalage = 'PXG', gameType = 'RNG'): LobbyGame => ({
  gameId,
  nodeId: `N${gameId}`,
  gameName,
  gameType,
  gameCategory: gameType,
  vassalage,
  gameCode: `G${gameId}`,
  supportPlay: 0,
  isGameH5: null,
  lottoMode: null,
  gameClassify: 'CLASSIC',
  minBet: 5,
  isNew: 0,
});

export const vendor = (vassalage: string, gameCategory: string) => ({ vassalage, accountTypeName: `${vassalage} Gaming`, gameCategory });
export const smallTypes: HomeTypes = { mapping: { FISH: { vendors: [vendor('OCN', 'FISH')] } }, sorting: [{ gameCategory: 'FISH' }] };

const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.lobbyHome.${state}` });
const inputs: HomeInput[] = [{}];

/**
 * The replay drives delays with fake timers, so a path may not wait for one
 * delay while another is pending (advancing the clock would fire both): paths
 * with the language debounce and the request spacing pending together are
 * left out (each transition is still reached without them).
 */
const twoTimers = (path: MachinePath<typeof lobbyHomeMachine>) =>
  path.steps.some((step) => {
    const value = step.state.value as Record<string, string>;
    return value.language === 'waiting' && value.games === 'spacing';
  });

/** Two event sets keep the state space small: the game area and its reload; hot, winners and the hub. */
export const lobbyHomeModel: MachineModel<typeof lobbyHomeMachine> = {
  machine: lobbyHomeMachine,
  aspects: [
    {
      name: 'the game area and its reload',
      inputs,
      events: [
        { type: 'language.change' },
        { type: 'home.retry' },
        { type: 'xstate.done.actor.loadTypes', output: smallTypes },
        { type: 'xstate.error.actor.loadTypes', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.loadLists', output: [[game(1, 'Ocean King', 'OCN', 'FISH')], []] },
        { type: 'xstate.error.actor.loadLists', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.reloadTypes', output: smallTypes },
        { type: 'xstate.error.actor.reloadTypes', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.loadList', output: [game(2, 'Deep Sea', 'OCN', 'FISH')] },
        { type: 'xstate.error.actor.loadList', error: { errorCode: 'client.offline' } },
        after('languageReload', 'language.waiting'),
        after('requestSpacing', 'games.spacing'),
      ],
    },
    {
      name: 'hot games, winners and the hub',
      inputs,
      events: [
        { type: 'hub.choose', category: 'HOT' },
        { type: 'hub.choose', category: 'LOTT' },
        { type: 'language.change' },
        { type: 'xstate.done.actor.loadHot', output: [game(3, 'Hot Dragon')] },
        { type: 'xstate.error.actor.loadHot', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.loadWinners', output: [{ winAmount: 100 }] },
        { type: 'xstate.error.actor.loadWinners', error: { errorCode: 'client.offline' } },
        after('languageReload', 'language.waiting'),
      ],
    },
  ],
  exclude: { reason: 'the language debounce and the request spacing pending together (fake timers would fire both)', matches: twoTimers },
};
