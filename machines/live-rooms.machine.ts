import { assign, fromPromise, setup } from 'xstate';
import type { LiveRoom } from '../contract/live.ts';
import { errorCodeOf } from './identity-types.ts';

export interface LiveRoomsContext {
  rooms: LiveRoom[];
  errorCode: string | null;
}

export type LiveRoomsEvent = { type: 'rooms.retry' };

/**
 * The live rooms list (/m/live; spec sections 2, 3, 7: live models, active
 * and streaming): `loadRooms` reads the merchant's listed rooms (those on air
 * first); a failure offers a retry. The list is read again every `refresh`
 * (30 s) while shown, so a host going on or off air shows without a reload.
 */
export const liveRoomsMachine = setup({
  types: {
    context: {} as LiveRoomsContext,
    events: {} as LiveRoomsEvent,
  },
  actors: {
    loadRooms: fromPromise<LiveRoom[]>(async () => {
      throw new Error('loadRooms is provided by the app');
    }),
  },
  delays: {
    refresh: 30_000,
  },
}).createMachine({
  id: 'liveRooms',
  context: { rooms: [], errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRooms',
        src: 'loadRooms',
        onDone: { target: 'loaded', actions: assign({ rooms: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'rooms.retry': { target: 'loading' } },
    },
    loaded: {
      after: { refresh: { target: 'loading' } },
    },
  },
});
