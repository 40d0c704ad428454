/** The live rooms list's model: inputs and events of its model-based test and of `npm run paths live-rooms`. */
import type { LiveRoom } from '../../../contract/live.ts';
import { liveRoomsMachine } from '../../live-rooms.machine.ts';
import type { MachineModel } from '../model.ts';

export const onAirRoom: LiveRoom = { roomId: 1, hostName: 'Mia', title: 'Baccarat night', streaming: true };
export const offAirRoom: LiveRoom = { roomId: 3, hostName: 'Ana', title: 'Roulette talk', streaming: false };

export const liveRoomsModel: MachineModel<typeof liveRoomsMachine> = {
  machine: liveRoomsMachine,
  aspects: [
    {
      name: 'the list loaded, refreshed, or failed and retried',
      inputs: [undefined],
      events: [
        { type: 'xstate.done.actor.loadRooms', output: [onAirRoom, offAirRoom] },
        { type: 'xstate.error.actor.loadRooms', error: { errorCode: 'client.network' } },
        { type: 'rooms.retry' },
        { type: 'xstate.after.refresh.liveRooms.loaded' },
      ],
    },
  ],
};
