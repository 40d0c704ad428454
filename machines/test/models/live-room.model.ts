/** The live room's model: inputs and events of its model-based test and of `npm run paths live-room`. */
import type { LiveRoomDetail } from '../../../contract/live.ts';
import { liveRoomMachine } from '../../live-room.machine.ts';
import type { MachineModel } from '../model.ts';
import { offAirRoom, onAirRoom } from './live-rooms.model.ts';

const onAir: LiveRoomDetail = { room: onAirRoom, streamUrl: '/live-static/demo.webm' };
const offAir: LiveRoomDetail = { room: offAirRoom, streamUrl: null };

export const liveRoomModel: MachineModel<typeof liveRoomMachine> = {
  machine: liveRoomMachine,
  aspects: [
    {
      name: 'a room on air playing, buffering, paused or failing; off air rechecked; a failed read retried',
      inputs: [{ roomId: 1 }],
      events: [
        { type: 'xstate.done.actor.loadRoom', output: onAir },
        { type: 'xstate.done.actor.loadRoom', output: offAir },
        { type: 'xstate.error.actor.loadRoom', error: { errorCode: 'live.room.not.found' } },
        { type: 'room.retry' },
        { type: 'xstate.after.recheck.liveRoom.offAir' },
        { type: 'video.playing' },
        { type: 'video.waiting' },
        { type: 'video.paused' },
        { type: 'video.failed' },
      ],
    },
  ],
};
