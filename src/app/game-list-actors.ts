/**
 * The game list machine with its real side effects: one actor per list
 * screen. Its own module, imported by the list views (src/features/lobby/
 * game-list-view.tsx), so the home's first load does not carry it.
 */
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { type GameListInput, gameListMachine } from '../../machines/game-list.machine.ts';
import type { LobbyPage } from '../../machines/lobby-types.ts';
import { type Game, hotGamesEndpoint } from '../../contract/games.ts';
import { favouriteGamesEndpoint, recentGamesEndpoint } from '../../contract/member-games.ts';
import { apiCall } from './api.ts';
import { useSystemActor } from './actor-system.ts';
import { useRole } from './app-actor.tsx';
import { gameClientType as clientType, gameListCall, gamePlatform as platform, type GameListRequest } from '../../contract/lobby-calls.ts';
import { notifyLoginRequired, useLobbyActors } from './lobby-actors.ts';
import { useLanguageChanges } from './app-actor.tsx';

/** The gameType of the member lists: every catalogue category (INHOUSE included, the server narrows it to RNG + BGS), none for ALL. */
const memberCategory = (category: string) => (category === 'ALL' ? undefined : (category as 'RNG'));

/**
 * One page of a game list in its mode, with the page size the list asked for
 * (spec section 9); a name search of the catalogue sends `gameName`. The
 * request is aborted when the list stops waiting for it (a newer search).
 */
export async function loadGames(request: GameListRequest, signal?: AbortSignal): Promise<LobbyPage<Game>> {
  switch (request.mode) {
    case 'hot': {
      const { list } = await apiCall(hotGamesEndpoint, {
        query: { isPlatform: 2, platform, gameType: request.category === 'ALL' ? undefined : (request.category as 'RNG') },
        signal,
      });
      return { games: list, pageNum: 1, totalPages: 1 };
    }
    case 'recent':
      return apiCall(recentGamesEndpoint, {
        query: { pageNo: request.pageNo, pageSize: request.pageSize, gameType: memberCategory(request.category), clientType },
        signal,
      });
    case 'fav':
      return apiCall(favouriteGamesEndpoint, {
        query: { pageNo: request.pageNo, pageSize: request.pageSize, gameType: memberCategory(request.category) },
        signal,
      });
    default: {
      const call = gameListCall(request);
      return apiCall(call.endpoint, { query: call.query, signal });
    }
  }
}

const gameListLogic = gameListMachine.provide({
  actors: { loadGames: fromPromise(({ input, signal }) => loadGames(input, signal)) },
  // A guest's favourites or recent list: the favourites actor's login notice (2 s).
  actions: { notifyLoginRequired },
});

/**
 * A game list actor for one screen: reloads (debounced by the machine) when
 * the language or the session changes, and when favourites change while it
 * shows them.
 */
export function useGameList(input: GameListInput) {
  const loggedIn = useRole() !== 'guest';
  const play = useLobbyActors();
  const actor = useSystemActor(gameListLogic, { systemId: 'gameList', input: { ...input, loggedIn } });
  useLanguageChanges(actor);
  const session = useRef(loggedIn);
  useEffect(() => {
    if (session.current === loggedIn) return;
    session.current = loggedIn;
    actor.send({ type: 'session.change', loggedIn });
  }, [actor, loggedIn]);
  useEffect(() => {
    const sub = play?.favourites.on('favourites.changed', () => {
      if (actor.getSnapshot().context.mode === 'fav') actor.send({ type: 'list.reload' });
    });
    return () => sub?.unsubscribe();
  }, [actor, play]);
  return actor;
}
