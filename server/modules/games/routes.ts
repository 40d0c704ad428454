import type { FastifyInstance } from 'fastify';
import { gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint, winnerBoardEndpoint } from '../../../src/api/games.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { createAnswerCache } from './answer-cache.ts';
import { registerImageRoutes } from './icons.ts';
import { gameList, hotGames, listFilter, vendorGameTypes, winnerBoard } from './service.ts';

export interface GameRoutesOptions {
  /** Lifetime of cached catalogue answers in ms (0: no cache). */
  cacheTtlMs: number;
}

export function registerGameRoutes(app: FastifyInstance, options: GameRoutesOptions): void {
  const cache = createAnswerCache({ ttlMs: options.cacheTtlMs });
  registerEndpoint(app, vendorGameTypesEndpoint, ({ ctx }) => {
    const merchant = ctx.merchant.row.code;
    return cache.get(`types|${merchant}|${ctx.language}`, () => vendorGameTypes(app.db, merchant, ctx.language));
  });
  registerEndpoint(app, gameListEndpoint, ({ ctx, query }) => {
    const merchant = ctx.merchant.row.code;
    const key = `list|${merchant}|${JSON.stringify(listFilter(merchant, query))}|${query.pageNo}|${query.pageSize}`;
    return cache.get(key, () => gameList(app.db, merchant, query));
  });
  registerEndpoint(app, hotGamesEndpoint, ({ ctx, query }) => {
    const merchant = ctx.merchant.row.code;
    return cache.get(`hot|${merchant}|${query.gameType ?? ''}`, () => hotGames(app.db, merchant, query.gameType));
  });
  registerEndpoint(app, winnerBoardEndpoint, ({ ctx, query }) => {
    const merchant = ctx.merchant.row.code;
    const key = `winners|${merchant}|${query.gameCategory ?? ''}|${query.limitNum}`;
    return cache.get(key, () => winnerBoard(app.db, merchant, query.gameCategory, query.limitNum));
  });
  registerImageRoutes(app);
}
