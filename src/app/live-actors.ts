/**
 * The live rooms' machines (machines/live-rooms, machines/live-room) with
 * their real side effects: the rooms list and a room (contract/live.ts).
 *
 * Imported only by the live rooms' route chunk.
 */
import { fromPromise } from 'xstate';
import { liveRoomEndpoint, liveRoomsEndpoint } from '../../contract/live.ts';
import { liveRoomMachine } from '../../machines/live-room.machine.ts';
import { liveRoomsMachine } from '../../machines/live-rooms.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';

export function provideLiveRoomsMachine(call: ApiCall = apiCall) {
  return liveRoomsMachine.provide({
    actors: { loadRooms: fromPromise(async () => (await call(liveRoomsEndpoint)).rooms) },
  });
}

export function provideLiveRoomMachine(call: ApiCall = apiCall) {
  return liveRoomMachine.provide({
    actors: { loadRoom: fromPromise(({ input }: { input: { roomId: number } }) => call(liveRoomEndpoint, { query: input })) },
  });
}
