/**
 * Live rooms' calls (contract/live.ts) and the demo stream: the clip under
 * /live-static/ is served with range requests (a video element seeks and
 * loops through them), cached for a day.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { liveRoomEndpoint, liveRoomsEndpoint } from '../../../contract/live.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { listRooms, roomDetail } from './service.ts';

const staticDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'static');

export async function registerLiveRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, liveRoomsEndpoint, ({ ctx }) => listRooms(app.db, ctx.merchant.row));
  registerEndpoint(app, liveRoomEndpoint, ({ ctx, query }) => roomDetail(app.db, ctx.merchant.row, query.roomId));
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/live-static/',
    decorateReply: false,
    wildcard: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
}
