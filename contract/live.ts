/**
 * Live stream rooms (spec sections 2, 3 and 7: live models, active and
 * streaming; module CBS3): the rooms the merchant lists, each with its host
 * and whether it is on air, and a room's stream. The room's chat is the live
 * chat with customer service (contract/chat.ts). See docs/live.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { errorCodes } from './error-codes.ts';
import { queryInt } from './query.ts';

export const liveErrorCodes = {
  /** The merchant's live switch (CBS3) is off: no rooms. */
  disabled: errorCodes.liveDisabled,
  /** No listed room of this merchant has that id. */
  roomNotFound: errorCodes.liveRoomNotFound,
} as const;

export const liveRoomSchema = z.object({
  roomId: z.number(),
  hostName: z.string(),
  title: z.string(),
  /** On air now. */
  streaming: z.boolean(),
});
export type LiveRoom = z.infer<typeof liveRoomSchema>;

export const liveRoomsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/live/rooms',
  tag: 'content',
  summary: 'The live stream rooms the merchant lists (module CBS3), those on air first',
  value: z.object({ rooms: z.array(liveRoomSchema) }),
  auth: false,
});

export const liveRoomDetailSchema = z.object({
  room: liveRoomSchema,
  /** What the room plays while on air (a path on this server or an https URL); null when it is off air. */
  streamUrl: z.nullable(z.string()),
});
export type LiveRoomDetail = z.infer<typeof liveRoomDetailSchema>;

export const liveRoomEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/live/room',
  tag: 'content',
  summary: "A listed room and, while it is on air, its stream's address",
  query: z.object({ roomId: queryInt(1, 2_147_483_647) }),
  value: liveRoomDetailSchema,
  auth: false,
});
