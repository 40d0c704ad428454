import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LiveRoom, LiveRoomDetail } from '../contract/live.ts';
import { liveRoomMachine } from './live-room.machine.ts';
import { liveRoomsMachine } from './live-rooms.machine.ts';
import { coverageOf } from './test/coverage.ts';
import { liveRoomModel } from './test/models/live-room.model.ts';
import { liveRoomsModel, offAirRoom, onAirRoom } from './test/models/live-rooms.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const roomsPaths = replayModelPaths('live rooms machine', liveRoomsModel, { delays: { refresh: 30_000 }, invokes: { loadRooms: 'loadRooms' } });
const roomPaths = replayModelPaths('live room machine', liveRoomModel, { delays: { recheck: 30_000 }, invokes: { loadRoom: 'loadRoom' } });

describe('live rooms machines', () => {
  it('reach every state node and take every transition', () => {
    for (const [machine, paths] of [
      [liveRoomsMachine, roomsPaths],
      [liveRoomMachine, roomPaths],
    ] as const) {
      const coverage = coverageOf(machine, paths);
      expect(coverage.missingStates).toEqual([]);
      expect(coverage.missingTransitions).toEqual([]);
    }
  });

  describe('timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reads the list again every 30 s while it is shown', async () => {
      const answers: LiveRoom[][] = [[offAirRoom], [onAirRoom, offAirRoom]];
      let asked = 0;
      const actor = createActor(liveRoomsMachine.provide({ actors: { loadRooms: fromPromise(async () => answers[Math.min(asked++, 1)]!) } })).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.rooms).toEqual([offAirRoom]);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toBe(2);
      expect(actor.getSnapshot().context.rooms).toEqual([onAirRoom, offAirRoom]);
    });

    it('an off-air room is read again every 30 s and starts its stream when its host goes on air', async () => {
      const offAir: LiveRoomDetail = { room: offAirRoom, streamUrl: null };
      const onAir: LiveRoomDetail = { room: { ...offAirRoom, streaming: true }, streamUrl: '/live-static/demo.webm' };
      let asked = 0;
      const actor = createActor(liveRoomMachine.provide({ actors: { loadRoom: fromPromise(async () => (asked++ === 0 ? offAir : onAir)) } }), {
        input: { roomId: offAirRoom.roomId },
      }).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('offAir');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(actor.getSnapshot().value).toEqual({ onAir: 'starting' });
      actor.send({ type: 'video.playing' });
      actor.send({ type: 'video.waiting' });
      expect(actor.getSnapshot().value).toEqual({ onAir: 'buffering' });
      actor.send({ type: 'video.failed' });
      actor.send({ type: 'room.retry' });
      expect(actor.getSnapshot().value).toBe('loading');
    });
  });
});
