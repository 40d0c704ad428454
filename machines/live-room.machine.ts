import { assign, fromPromise, setup } from 'xstate';
import type { LiveRoomDetail } from '../contract/live.ts';
import { errorCodeOf } from './identity-types.ts';

export interface LiveRoomInput {
  roomId: number;
}

export interface LiveRoomContext {
  roomId: number;
  detail: LiveRoomDetail | null;
  errorCode: string | null;
}

/** The video element's events, as the view reports them. */
export type LiveRoomEvent =
  | { type: 'video.playing' }
  | { type: 'video.waiting' }
  | { type: 'video.paused' }
  | { type: 'video.failed' }
  | { type: 'room.retry' };

/**
 * A live room (/m/live?room=<id>): `loadRoom` reads the room. On air, the
 * stream starts (`onAir.starting`, muted, as browsers allow autoplay) and is
 * `playing`, `buffering` while the video waits for data, or `paused` by the
 * player; a stream that fails to play shows so, with a retry. Off air, the
 * room is read again every `recheck` (30 s) until its host goes on air. A
 * room that cannot be read (gone, or the switch off) offers a retry.
 */
export const liveRoomMachine = setup({
  types: {
    context: {} as LiveRoomContext,
    events: {} as LiveRoomEvent,
    input: {} as LiveRoomInput,
  },
  actors: {
    loadRoom: fromPromise<LiveRoomDetail, { roomId: number }>(async () => {
      throw new Error('loadRoom is provided by the app');
    }),
  },
  delays: {
    recheck: 30_000,
  },
  guards: {
    isOnAir: ({ event }) => {
      const detail = (event as { output?: LiveRoomDetail }).output;
      return Boolean(detail?.room.streaming && detail.streamUrl);
    },
  },
  actions: {
    keepDetail: assign({ detail: ({ event }) => (event as unknown as { output: LiveRoomDetail }).output, errorCode: null }),
  },
}).createMachine({
  id: 'liveRoom',
  context: ({ input }) => ({ roomId: input.roomId, detail: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: [
          { guard: 'isOnAir', target: 'onAir', actions: 'keepDetail' },
          { target: 'offAir', actions: 'keepDetail' },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'room.retry': { target: 'loading' } },
    },
    offAir: {
      after: { recheck: { target: 'loading' } },
    },
    onAir: {
      initial: 'starting',
      states: {
        starting: {},
        playing: {},
        buffering: {},
        paused: {},
        streamFailed: {
          on: { 'room.retry': { target: '#liveRoom.loading' } },
        },
      },
      on: {
        'video.playing': { target: '.playing' },
        'video.waiting': { target: '.buffering' },
        'video.paused': { target: '.paused' },
        'video.failed': { target: '.streamFailed' },
      },
    },
  },
});
