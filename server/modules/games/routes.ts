import type { FastifyInstance } from 'fastify';
import { gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint, winnerBoardEndpoint } from '../../../contract/games.ts';
import { addFavouriteEndpoint, favouriteGamesEndpoint, favouriteIdsEndpoint, launchGameEndpoint, recentGamesEndpoint, removeFavouriteEndpoint } from '../../../contract/member-games.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { addFavourite, favouriteGameList, favouriteIds, removeFavourite } from './favourites.ts';
import { type Launcher, launchGame, recentGames } from './game-sessions.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
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
  registerMemberGameRoutes(app);
}

/** Favourites, recent games and launch: member-only, every object scoped to the session's member and merchant. */
function registerMemberGameRoutes(app: FastifyInstance): void {
  const who = (request: Parameters<typeof requireAuth>[0]): Launcher => {
    const { member } = requireAuth(request);
    return { memberId: member.id, merchantCode: member.merchantCode };
  };
  const now = () => app.identity.now();
  registerEndpoint(app, favouriteIdsEndpoint, ({ request, query }) => favouriteIds(app.db, who(request), query));
  registerEndpoint(app, favouriteGamesEndpoint, ({ request, query }) => favouriteGameList(app.db, who(request), query));
  registerEndpoint(app, addFavouriteEndpoint, ({ request, body }) => addFavourite(app.db, who(request), body, now()));
  registerEndpoint(app, removeFavouriteEndpoint, ({ request, query }) => removeFavourite(app.db, who(request), query));
  registerEndpoint(app, recentGamesEndpoint, ({ request, query }) => recentGames(app.db, who(request), query));
  registerEndpoint(app, launchGameEndpoint, ({ request, body }) => launchGame(app.db, who(request), body, now()));
}
