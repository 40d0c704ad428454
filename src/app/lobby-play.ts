/**
 * The launcher and the favourites with their real side effects: one actor
 * each for the whole site (stars and launches look the same on every
 * screen), children of the app actor (`launch`, `favourites`). Loaded by
 * src/app/lobby-actors.ts with the first tap on a game or a star, or at once
 * for a member (whose stars show their favourites), so a guest's first load
 * of a lobby screen does not carry them.
 */
import { fromPromise } from 'xstate';
import { favouritesMachine } from '../../machines/favourites.machine.ts';
import { launchMachine } from '../../machines/launch.machine.ts';
import { roleOf } from '../../machines/session.ts';
import type { Game } from '../../contract/games.ts';
import { addFavouriteEndpoint, favouriteIdsEndpoint, launchGameEndpoint, memberListPageSizes, removeFavouriteEndpoint } from '../../contract/member-games.ts';
import { apiCall } from './api.ts';
import type { AppActorRef } from './app-actor.tsx';
import { goTo } from './navigation.ts';
import { type PlayActors, playActorsOf } from './play-actors.ts';
import { gameListCall } from '../../contract/lobby-calls.ts';

/** The first game of a category (a lottery chosen in the home hub launches it). */
export async function findCategoryGame(category: string): Promise<Game> {
  const call = gameListCall({ category, vassalage: null, classify: null, minBet: null, pageNo: 1, pageSize: 1 });
  const { games } = await apiCall(call.endpoint, { query: call.query });
  const game = games[0];
  if (!game) throw { errorCode: 'game.not.found' };
  return game;
}

const favouritesLogic = favouritesMachine.provide({
  actors: {
    // Every page of the member's favourite ids (100 a page, spec section 9), so every star shows.
    loadFavouriteIds: fromPromise(async () => {
      const ids: string[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = await apiCall(favouriteIdsEndpoint, { query: { pageNo, pageSize: memberListPageSizes.favouriteIds } });
        ids.push(...page.list);
        if (pageNo >= page.totalPages || page.list.length === 0) return ids;
      }
    }),
    addFavourite: fromPromise(async ({ input }) => {
      await apiCall(addFavouriteEndpoint, { body: { nodeId: input.nodeId, vendor: input.vendor } });
    }),
    removeFavourite: fromPromise(async ({ input }) => {
      await apiCall(removeFavouriteEndpoint, { query: { nodeId: input.nodeId, vendor: input.vendor } });
    }),
  },
  actions: {
    goToLogin: (args) => goTo(args, { to: '/m/login' }),
  },
});

const launchLogic = launchMachine.provide({
  actors: {
    findCategoryGame: fromPromise(({ input }) => findCategoryGame(input.category)),
    launchGame: fromPromise(({ input }) =>
      apiCall(launchGameEndpoint, {
        body: {
          gameCategory: input.gameCategory,
          vendor: input.vendor,
          gameId: input.gameId,
          ...(input.nodeId ? { nodeId: input.nodeId } : {}),
          gameCode: input.gameCode,
          supportFreePlay: input.supportFreePlay,
          free: input.free,
          ...(input.prizeMode ? { prizeMode: input.prizeMode, playType: input.playType } : {}),
        },
      }),
    ),
  },
  actions: {
    goToLogin: (args) => goTo(args, { to: '/m/login' }),
    openVendorList: (args, { gameType, vassalage }) => goTo(args, { to: '/m/gameList', search: { gameType, vassalage } }),
    // A lottery's game screen is the site's own (`/m/lotto/...`, contract/lottery.ts): the router opens it; other game pages are outside the site.
    openGame: (args, { url }) => (url.startsWith('/m/') ? goTo(args, { href: url }) : window.location.assign(url)),
  },
});

/**
 * Starts the launcher and the favourites as children of the app actor (once), for who is signed in now.
 * Throws when the app actor has stopped meanwhile (the page went; its callers drop the event, as when
 * this code fails to load).
 */
export function startPlayActors(app: AppActorRef): PlayActors {
  const loggedIn = roleOf(app.getSnapshot().context.session) !== 'guest';
  app.send({ type: 'actor.spawn', systemId: 'favourites', logic: favouritesLogic, input: { loggedIn } });
  app.send({ type: 'actor.spawn', systemId: 'launch', logic: launchLogic, input: { loggedIn } });
  const actors = playActorsOf(app.system);
  if (!actors) throw new Error('the app actor has stopped');
  return actors;
}
