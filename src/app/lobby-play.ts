/**
 * The launcher and the favourites with their real side effects: one actor
 * each for the whole site (stars and launches look the same on every
 * screen). Loaded by src/app/lobby-actors.ts with the first tap on a game or
 * a star, or at once for a member (whose stars show their favourites), so a
 * guest's first load of a lobby screen does not carry them.
 */
import { type Actor, createActor, fromPromise } from 'xstate';
import { favouritesMachine } from '../../machines/favourites.machine.ts';
import { launchMachine, prizeModeOf } from '../../machines/launch.machine.ts';
import type { Game } from '../../contract/games.ts';
import { addFavouriteEndpoint, favouriteIdsEndpoint, launchGameEndpoint, memberListPageSizes, removeFavouriteEndpoint } from '../../contract/member-games.ts';
import { apiCall } from './api.ts';
import { gameListCall } from '../../contract/lobby-calls.ts';

export { prizeModeOf };

/** Where launch navigation goes (the mounted lobby screen routes it through the router). */
export interface LaunchNavigation {
  toLogin: () => void;
  toVendorList: (gameType: string, vassalage: string) => void;
}

export interface PlayActors {
  favourites: Actor<typeof favouritesMachine>;
  launch: Actor<typeof launchMachine>;
}

/** The first game of a category (a lottery chosen in the home hub launches it). */
export async function findCategoryGame(category: string): Promise<Game> {
  const call = gameListCall({ category, vassalage: null, classify: null, minBet: null, pageNo: 1, pageSize: 1 });
  const { games } = await apiCall(call.endpoint, { query: call.query as never });
  const game = games[0];
  if (!game) throw { errorCode: 'game.not.found' };
  return game;
}

function createFavourites(loggedIn: boolean) {
  return createActor(
    favouritesMachine.provide({
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
    }),
    { input: { loggedIn } },
  );
}

function createLaunch(loggedIn: boolean, navigation: LaunchNavigation) {
  return createActor(
    launchMachine.provide({
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
        goToLogin: () => navigation.toLogin(),
        openVendorList: (_, { gameType, vassalage }) => navigation.toVendorList(gameType, vassalage),
        openGame: (_, { url }) => window.location.assign(url),
      },
    }),
    { input: { loggedIn } },
  );
}

/** The two actors, started. */
export function startPlayActors(loggedIn: boolean, navigation: LaunchNavigation): PlayActors {
  const actors = { favourites: createFavourites(loggedIn), launch: createLaunch(loggedIn, navigation) };
  actors.favourites.start();
  actors.launch.start();
  return actors;
}
