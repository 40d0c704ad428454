/**
 * The public calls of the lobby, declared once for its code
 * (src/app/lobby-actors.ts) and for the server, which answers a screen's
 * first ones in the page (server/http/first-screen.ts, docs/first-load.md),
 * with the shapes of the list requests the lobby machines make.
 * Pure: no browser API.
 */
import { announcementsEndpoint, bannersEndpoint, footerEndpoint, homeAnnouncementTypes } from './content.ts';
import type * as z from 'zod/mini';
import {
  gameListEndpoint,
  gameTypeFilter,
  hotGamesEndpoint,
  inhouseVendor,
  vendorGameTypesEndpoint,
  winnerBoardEndpoint,
  winnerBoardLimit,
} from './games.ts';

/** List modes of spec section 4. */
export type GameListMode = 'all' | 'hot' | 'recent' | 'fav' | 'filter';

export interface GameListFilters {
  vassalage: string | null;
  /** A stored classify or NEW; null for ALL. */
  classify: string | null;
  /** Minor units; null for all. */
  minBet: number | null;
}

/** What `loadGames` is asked for: one page of the current mode. */
export interface GameListRequest extends GameListFilters {
  mode: GameListMode;
  /** A catalogue category or ALL. */
  category: string;
  pageNo: number;
  pageSize: number;
  /** A name search of the catalogue (modes all and filter): the games whose name holds it, case-insensitively. */
  gameName?: string;
}

/** One request of the home: a category's first games, or one vendor's. */
export interface HomeListRequest {
  category: string;
  vassalage: string | null;
  pageSize: number;
}

/** The platform and client type the spec's client sends with game calls. */
export const gamePlatform = 'html5';
export const gameClientType = 2;

/** The banners of a group (m_home on home, m_hotgames on the hot games centre). */
export const bannersCall = (groupName: 'm_home' | 'm_hotgames') => ({ endpoint: bannersEndpoint, query: { groupName, platform: 'M' } }) as const;
/** Home announcements: types B, PL, PU, PR, H on platform M (spec section 2). */
export const homeAnnouncementsCall = { endpoint: announcementsEndpoint, query: { types: homeAnnouncementTypes, platform: 'M' } } as const;
export const footerCall = { endpoint: footerEndpoint, query: {} } as const;
/** Vendor game types (mapping, sorting, display): typeId 1. */
export const vendorTypesCall = { endpoint: vendorGameTypesEndpoint, query: { typeId: 1, platform: gamePlatform } } as const;
export const hotGamesCall = { endpoint: hotGamesEndpoint, query: { isPlatform: 2, platform: gamePlatform } } as const;
export const winnersCall = { endpoint: winnerBoardEndpoint, query: { gameCategory: 'ALL', limitNum: winnerBoardLimit } } as const;

type GameTypeFilter = z.infer<typeof gameTypeFilter>;
const isGameTypeFilter = (category: string): category is GameTypeFilter => gameTypeFilter.safeParse(category).success;

type GameQuery = {
  gameType?: GameTypeFilter;
  vassalage?: string;
  gameClassify?: string;
  isNew?: '1';
  minBet?: number;
  gameName?: string;
};

/**
 * gameType/vassalage/classify as the spec's client sends them: INHOUSE is RNG + BGS; NEW and ALL send an empty classify, NEW adds isNew=1;
 * a name search adds gameName.
 */
export function gameListQueryOf(request: Pick<GameListRequest, 'category' | 'vassalage' | 'classify' | 'minBet' | 'gameName'>): GameQuery {
  const query: GameQuery = {};
  if (request.category === 'INHOUSE') {
    query.gameType = 'RNG';
    query.vassalage = inhouseVendor;
  } else if (request.category !== 'ALL' && isGameTypeFilter(request.category)) {
    query.gameType = request.category;
  }
  if (request.vassalage) query.vassalage = request.vassalage;
  if (request.classify === 'NEW') query.isNew = '1';
  else if (request.classify) query.gameClassify = request.classify;
  if (request.minBet !== null) query.minBet = request.minBet;
  if (request.gameName) query.gameName = request.gameName;
  return query;
}

/** One page of the game list (modes all and filter). */
export const gameListCall = (request: Omit<GameListRequest, 'mode'>) =>
  ({
    endpoint: gameListEndpoint,
    query: { ...gameListQueryOf(request), pageNo: request.pageNo, pageSize: request.pageSize, platform: gamePlatform, clientType: gameClientType },
  }) as const;

/** A home block's or pick's games: the first page of its category or vendor. */
export const homeBlockCall = (request: HomeListRequest) => gameListCall({ classify: null, minBet: null, pageNo: 1, ...request });
