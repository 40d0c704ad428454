/**
 * The member-only game calls of spec section 7 (Games): favourite ids and
 * games (add POST, remove DELETE), recent games and launch (`auth: true`).
 * Their own module: the lobby's first load shows none of them (the launcher
 * and favourites load on demand, src/app/lobby-play.ts). See docs/lobby.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { commonGameQuery, gamePageSchema, gameTypeFilter, maxGamePageSize } from './games.ts';
import { defaultedQuery, optionalQuery, queryInt, queryText } from './query.ts';

// ------------------------------------------------------ favourites and recent

/** Page sizes of spec section 9 for the member lists. */
export const memberListPageSizes = { favouriteIds: 100, favourites: 25, favouritesPage: 30, recent: 25 } as const;

const memberListQuery = (pageSize: number) =>
  z.object({
    ...commonGameQuery,
    token: optionalQuery(queryText(256)),
    pageNo: defaultedQuery(queryInt(1, 100_000), 1),
    pageSize: defaultedQuery(queryInt(1, maxGamePageSize), pageSize),
    gameType: optionalQuery(gameTypeFilter),
    clientType: optionalQuery(queryInt(0, 99)),
  });

export const favouriteIdsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/favourites/ids',
  tag: 'games',
  summary: "The member's favourite games as nodeId strings, newest first (pageSize 100)",
  auth: true,
  query: memberListQuery(memberListPageSizes.favouriteIds),
  value: z.object({ list: z.array(z.string()), pageNum: z.number(), totalPages: z.number(), total: z.number() }),
});

export const favouriteGamesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/favourites',
  tag: 'games',
  summary: "The member's favourite games, newest first, paged (pageSize 25; 30 on the favourites page)",
  auth: true,
  query: memberListQuery(memberListPageSizes.favourites),
  value: gamePageSchema,
});

/** A game named by its node (favourites are lists of nodeId strings) and, optionally, its vendor. */
export const favouriteTargetSchema = z.object({
  nodeId: plainText(32).check(z.minLength(1)),
  vendor: z.optional(plainText(32)),
});
export type FavouriteTarget = z.infer<typeof favouriteTargetSchema>;

export const favouriteChangeSchema = z.object({ nodeId: z.string(), favourite: z.boolean() });

export const addFavouriteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/game/favourites',
  tag: 'games',
  summary: 'Adds a favourite game (idempotent)',
  auth: true,
  body: favouriteTargetSchema,
  value: favouriteChangeSchema,
});

export const removeFavouriteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/wps/game/favourites',
  tag: 'games',
  summary: 'Removes a favourite game (idempotent); nodeId and vendor in the query',
  auth: true,
  query: z.object({ nodeId: z.string().check(z.minLength(1), z.maxLength(32)), vendor: optionalQuery(queryText(32)), token: optionalQuery(queryText(256)) }),
  value: favouriteChangeSchema,
});

export const recentGamesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/recent',
  tag: 'games',
  summary: "The member's recently launched games, newest first, one entry per game (pageSize 25)",
  auth: true,
  query: memberListQuery(memberListPageSizes.recent),
  value: gamePageSchema,
});

// -------------------------------------------------------------------- launch

/** Lottery prize modes (spec sections 4 and 9): ELOTT default, LOTT, ZY; TCG_SEA uses SEA. */
export const prizeModes = ['ELOTT', 'LOTT', 'ZY', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];
/** ent for the ENTERTAINMENT lotto mode, trad otherwise. */
export const playTypes = ['ent', 'trad'] as const;
export type PlayType = (typeof playTypes)[number];

/** How long a launched game's session lasts (the page, once opened). */
export const gameSessionTtlMs = 2 * 60 * 60 * 1000;
/** How long a launch URL (`/play/<token>`) may wait to be opened; it opens once (docs/games-play.md). */
export const launchTokenTtlMs = 2 * 60 * 1000;

/**
 * The shared launcher's fields (spec section 7): gameCategory, vendor, gameId,
 * nodeId, supportFreePlay, free; a lottery launch sends vendor, gameCode,
 * prizeMode and playType. The game is found by gameId, else nodeId, else
 * vendor + gameCode.
 */
export const launchGameBodySchema = z.object({
  gameCategory: z.optional(plainText(16)),
  vendor: z.optional(plainText(32)),
  gameId: z.optional(z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
  nodeId: z.optional(plainText(32)),
  gameCode: z.optional(plainText(64)),
  supportFreePlay: z.optional(z.boolean()),
  /** Free play (trial round); only games with supportPlay 0 allow it. */
  free: z.optional(z.boolean()),
  prizeMode: z.optional(z.enum(prizeModes)),
  playType: z.optional(z.enum(playTypes)),
});
export type LaunchGameBody = z.infer<typeof launchGameBodySchema>;

export const launchGameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/game/launchGame',
  tag: 'games',
  summary: 'Launches a game for the member: a game session whose URL (/play/<token>) opens the game',
  auth: true,
  body: launchGameBodySchema,
  value: z.object({ url: z.string() }),
});
