import type { FastifyInstance } from 'fastify';
import { gameListEndpoint, hotGamesEndpoint, vendorGameTypesEndpoint, winnerBoardEndpoint } from '../../../contract/games.ts';
import {
  addFavouriteEndpoint,
  favouriteGamesEndpoint,
  favouriteIdsEndpoint,
  type LaunchGameBody,
  launchGameEndpoint,
  recentGamesEndpoint,
  removeFavouriteEndpoint,
} from '../../../contract/member-games.ts';
import type { Endpoint, ValueOf } from '../../../contract/endpoint.ts';
import { type EndpointInput, registerEndpoint, SerializedAnswer } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { addFavourite, type FindFavouriteGame, favouriteGameList, favouriteIds, findFavouriteGame, removeFavourite } from './favourites.ts';
import { findLaunchableGame, type Launcher, launchGame, recentGames } from './game-sessions.ts';
import { type AnswerCache, createAnswerCache } from '../../lib/answer-cache.ts';
import { publishIds, subscribeIds } from '../../db/change-bus.ts';
import { createGroupedCache } from '../../lib/grouped-cache.ts';
import { registerImageRoutes } from './icons.ts';
import { gameList, hotGames, listFilter, vendorGameTypes, winnerBoard } from './service.ts';

/** How long a member's favourites and recent games are reused when no change of this process forgot them. */
export const memberListTtlMs = 2_000;

/** How long a catalogue answer is kept by its exact URL, in front of the catalogue cache. */
const urlCacheTtlMs = 1_000;

export interface GameRoutesOptions {
  /** Lifetime of cached catalogue answers in ms (0: no cache). */
  cacheTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets a member's cached favourites and recent games, after another module changed them (a game page opening). */
    forgetMemberGameLists: (memberId: number) => void;
  }
}

export function registerGameRoutes(app: FastifyInstance, options: GameRoutesOptions): void {
  const cache = createAnswerCache({ ttlMs: options.cacheTtlMs });
  // In front of it, the same answers by exact URL for a second at most (an answer is thus at most
  // cacheTtlMs + 1 s old): a repeated call skips validating its query and building its key.
  const byUrl = createAnswerCache({ ttlMs: Math.min(urlCacheTtlMs, options.cacheTtlMs), maxEntries: 500 });
  /** A catalogue call: its answer, the same for every visitor, kept serialised under its normalised key. */
  const catalogue = <E extends Endpoint>(endpoint: E, keyed: (input: EndpointInput<E>, merchant: string) => [key: string, load: () => Promise<ValueOf<E>>]) =>
    registerEndpoint(
      app,
      endpoint,
      (input) => {
        const [key, load] = keyed(input, input.ctx.merchant.row.code);
        return cache.get(key, async () => new SerializedAnswer(await load()));
      },
      { sharedByUrl: byUrl },
    );
  catalogue(vendorGameTypesEndpoint, ({ ctx }, merchant) => [`types|${merchant}|${ctx.language}`, () => vendorGameTypes(app.db, merchant, ctx.language)]);
  catalogue(gameListEndpoint, ({ query }, merchant) => [
    `list|${merchant}|${JSON.stringify(listFilter(merchant, query))}|${query.pageNo}|${query.pageSize}`,
    () => gameList(app.db, merchant, query),
  ]);
  catalogue(hotGamesEndpoint, ({ query }, merchant) => [`hot|${merchant}|${query.gameType ?? ''}`, () => hotGames(app.db, merchant, query.gameType)]);
  catalogue(winnerBoardEndpoint, ({ query }, merchant) => [
    `winners|${merchant}|${query.gameCategory ?? ''}|${query.limitNum}`,
    () => winnerBoard(app.db, merchant, query.gameCategory, query.limitNum),
  ]);
  registerImageRoutes(app);
  registerMemberGameRoutes(app, cache);
}

/**
 * Favourites, recent games and launch: member-only, every object scoped to the session's member and
 * merchant. The launch and the favourite calls find their game in the catalogue cache (as old as the game lists at most).
 */
function registerMemberGameRoutes(app: FastifyInstance, cache: AnswerCache): void {
  const who = (request: Parameters<typeof requireAuth>[0]): Launcher => {
    const { member } = requireAuth(request);
    return { memberId: member.id, merchantCode: member.merchantCode };
  };
  const now = () => app.identity.now();
  // A member's lists: kept until a process changes them (add, remove, a game page opening; told to every process
  // through the change bus), 2 s at most (grouped-cache.ts).
  const lists = createGroupedCache({ ttlMs: memberListTtlMs });
  const unsubscribe = subscribeIds(app.db, 'member-games', lists);
  app.addHook('onClose', async () => unsubscribe());
  const forget = (memberId: number) => publishIds(app.db, 'member-games', [memberId]);
  const listed = <T>(who: Launcher, name: string, query: object, load: () => Promise<T>) =>
    lists.get(who.memberId, `${name}|${who.merchantCode}|${JSON.stringify(query)}`, load);
  const changed = async <T>(who: Launcher, write: Promise<T>): Promise<T> => {
    const result = await write;
    forget(who.memberId);
    return result;
  };
  registerEndpoint(app, favouriteIdsEndpoint, ({ request, query }) => {
    const member = who(request);
    return listed(member, 'favouriteIds', query, () => favouriteIds(app.db, member, query));
  });
  registerEndpoint(app, favouriteGamesEndpoint, ({ request, query }) => {
    const member = who(request);
    return listed(member, 'favourites', query, () => favouriteGameList(app.db, member, query));
  });
  // The game a favourite names comes from the catalogue cache too (as old as the game lists at most).
  const findFavourite: FindFavouriteGame = (merchantCode, target) =>
    cache.get(`favourite|${merchantCode}|${JSON.stringify([target.nodeId, target.vendor])}`, () => findFavouriteGame(app.db, merchantCode, target));
  registerEndpoint(app, addFavouriteEndpoint, ({ request, body }) => {
    const member = who(request);
    return changed(member, addFavourite(app.db, member, body, now(), findFavourite));
  });
  registerEndpoint(app, removeFavouriteEndpoint, ({ request, query }) => {
    const member = who(request);
    return changed(member, removeFavourite(app.db, member, query, findFavourite));
  });
  registerEndpoint(app, recentGamesEndpoint, ({ request, query }) => {
    const member = who(request);
    return listed(member, 'recent', query, () => recentGames(app.db, member, query));
  });
  const findGame = (merchantCode: string, body: LaunchGameBody) => {
    const key = `launch|${merchantCode}|${JSON.stringify([body.gameId, body.nodeId, body.vendor, body.gameCode])}`;
    return cache.get(key, () => findLaunchableGame(app.db, merchantCode, body));
  };
  // A launch writes nothing; the game's page writes the session and the recent game when it opens.
  registerEndpoint(app, launchGameEndpoint, ({ request, body }) => launchGame(app.db, who(request), body, now(), { findGame }));
  app.decorate('forgetMemberGameLists', forget);
}
