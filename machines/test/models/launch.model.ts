/** The launch machine's model: inputs and events of its model-based test and of `npm run paths launch`. */
import { type LaunchInput, launchMachine } from '../../launch.machine.ts';
import type { LobbyGame } from '../../lobby-types.ts';
import type { MachineModel } from '../model.ts';

export const slot: LobbyGame = {
  gameId: 7,
  nodeId: 'N7',
  gameName: 'Golden Dragon',
  gameType: 'RNG',
  gameCategory: 'RNG',
  vassalage: 'PXG',
  gameCode: 'PXG-7',
  supportPlay: 0,
  isGameH5: null,
  lottoMode: null,
  gameClassify: 'CLASSIC',
  minBet: 5,
  isNew: 0,
};
export const vendorLobby: LobbyGame = { ...slot, gameId: 8, nodeId: null, isGameH5: 'VASSALAGE', gameName: 'PXG Lobby' };
export const sea: LobbyGame = { ...slot, gameId: 9, gameType: 'LOTT', gameCategory: 'LOTT', vassalage: 'TCG_SEA', lottoMode: 'TRADITIONAL', gameCode: 'SEA-1' };
export const vn: LobbyGame = { ...slot, gameId: 10, gameType: 'ELOTT', gameCategory: 'ELOTT', vassalage: 'TCG_LOTTO_VN', lottoMode: 'ENTERTAINMENT', gameCode: 'VN-1' };
const noNode: LobbyGame = { ...slot, gameId: 11, nodeId: null };
export const sgw: LobbyGame = { ...slot, gameId: 12, gameType: 'LOTT', gameCategory: 'LOTT', vassalage: 'SGW', lottoMode: 'TRADITIONAL', gameCode: 'SGW-1' };

export const inputs: LaunchInput[] = [{ loggedIn: false }, { loggedIn: true }];

export const launchModel: MachineModel<typeof launchMachine> = {
  machine: launchMachine,
  aspects: [
    {
      name: 'tiles, the action sheet, lotteries and toasts',
      inputs,
      events: [
        { type: 'session.change', loggedIn: true },
        { type: 'launch.prizeMode', prizeMode: 'LOTT' },
        { type: 'game.open', game: slot },
        { type: 'game.open', game: vendorLobby },
        { type: 'game.open', game: sea },
        { type: 'game.open', game: noNode },
        { type: 'game.play', game: slot, free: true },
        { type: 'game.play', game: vendorLobby },
        { type: 'sheet.play', free: false },
        { type: 'sheet.close' },
        { type: 'category.play', category: 'ELOTT' },
        { type: 'xstate.done.actor.launchGame', output: { url: '/play/abc' } },
        { type: 'xstate.error.actor.launchGame', error: { errorCode: 'game.freeplay.unavailable' } },
        { type: 'xstate.done.actor.findCategoryGame', output: vn },
        { type: 'xstate.error.actor.findCategoryGame', error: { errorCode: 'game.not.found' } },
        { type: 'xstate.after.toast.launch.idle.toast' },
      ],
    },
  ],
};
