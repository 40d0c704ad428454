/**
 * The public game calls of spec section 7 (Games): vendor game types, game
 * list, hot games and winner board; the member-only ones (favourites, recent
 * games, launch) are in ./member-games.ts. See docs/lobby.md.
 *
 * Money (minBet, winAmount) travels as integers of minor units of the
 * merchant's currency (consolidated settings `currency.minorUnits`); the
 * client only formats. Min bet 0.05 with 2 minor units is `5`.
 */
import * as z from 'zod/mini';
import { defineEndpoint, } from './endpoint.ts';
import { defaultedQuery, optionalQuery, queryFlag, queryInt, queryText } from './query.ts';

export { type GameCategory, gameCategories } from './game-categories.ts';

/** Categories that hold games in the catalogue, in the order of the game hub side menu (INHOUSE right after RNG). */
export const catalogueCategories = ['RNG', 'INHOUSE', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'] as const;
export type CatalogueCategory = (typeof catalogueCategories)[number];

/**
 * The gameType a game carries on the platform. ESPORTS and COCKFIGHT games are
 * SPORTS games of their vendors, INHOUSE games are RNG games of vendor BGS.
 */
export const storedGameTypes = ['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'LOTT', 'ELOTT'] as const;
export type StoredGameType = (typeof storedGameTypes)[number];

export const esportsVendors = ['IMES', 'TF', 'IA'] as const;
export const cockfightVendors = ['SV3', 'DS88'] as const;
export const inhouseVendor = 'BGS';

/** The menu category of a game from its platform gameType and vendor (spec sections 1 and 4). */
export function categoryOf(gameType: string, vassalage: string): CatalogueCategory {
  if (gameType === 'SPORTS') {
    if ((esportsVendors as readonly string[]).includes(vassalage)) return 'ESPORTS';
    if ((cockfightVendors as readonly string[]).includes(vassalage)) return 'COCKFIGHT';
  }
  if (gameType === 'RNG' && vassalage === inhouseVendor) return 'INHOUSE';
  return gameType as CatalogueCategory;
}

/** Classify values of the menu that are not stored on games: ALL clears the filter, NEW means isNew=1. */
export const pseudoClassifies = ['ALL', 'NEW'] as const;

/** Min-bet filter options of spec section 2 (0.01 ... 1), in minor units with 2 decimals. */
export const minBetOptions = [1, 5, 10, 50, 75, 100] as const;

/** Page sizes of spec section 9: home lists 6, home tiles 9, game lists 25. */
export const gamePageSizes = { homeList: 6, homeTiles: 9, list: 25 } as const;
export const maxGamePageSize = 100;
export const winnerBoardLimit = 20;

const zeroOne = z.union([z.literal(0), z.literal(1)]);

export const gameSchema = z.object({
  gameId: z.number(),
  /** The node of the merchant's game tree; favourites are lists of nodeId strings. Null on vendor-lobby entries. */
  nodeId: z.nullable(z.string()),
  nodeName: z.nullable(z.string()),
  gameName: z.string(),
  displayName: z.string(),
  /** Platform game type (ESPORTS and COCKFIGHT games are SPORTS, INHOUSE games RNG with vassalage BGS). */
  gameType: z.string(),
  /** Menu category derived from gameType and vassalage (categoryOf). */
  gameCategory: z.string(),
  /** Vendor code. */
  vassalage: z.string(),
  vendorName: z.string(),
  gameClassify: z.string(),
  /** Minimum bet in minor units. */
  minBet: z.number(),
  isNew: zeroOne,
  /** 0 = free trial available. */
  supportPlay: zeroOne,
  roomId: z.nullable(z.string()),
  gameCode: z.string(),
  /** `VASSALAGE`: the tile opens the vendor's game list instead of a game. */
  isGameH5: z.nullable(z.string()),
  /** Lottery games: ENTERTAINMENT (playType ent) or TRADITIONAL (playType trad). */
  lottoMode: z.nullable(z.string()),
  /** Position in the hot list (1 first); null when not hot. */
  hotOrder: z.nullable(z.number()),
  iconUrl: z.string(),
  mobileLargeIcon: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** Generated icon of the default tile, for images that fail to load. */
export const defaultGameIconUrl = '/static/game-icons/default.svg';

// ------------------------------------------------------------- vendor types

export const vendorEntrySchema = z.object({
  vassalage: z.string(),
  accountTypeName: z.string(),
  /** The vendor's own category (an ESPORTS vendor listed under SPORTS says ESPORTS). */
  gameCategory: z.string(),
  gameCount: z.number(),
  /** White vendor logo (`/static/vendor-logos/<vassalage>-WHITE.svg`). */
  logoUrl: z.string(),
});

export const categoryMappingSchema = z.object({
  gameCategory: z.string(),
  displayName: z.string(),
  vendors: z.array(vendorEntrySchema),
  /** Menu classify values: ALL, NEW (when the category has new games), then the stored ones. */
  gameClassify: z.array(z.string()),
});

export const vendorGameTypesSchema = z.object({
  /** Per catalogue category; SPORTS also lists the ESPORTS and COCKFIGHT vendors. */
  mapping: z.record(z.string(), categoryMappingSchema),
  /** Home blocks in order: category and its vendors. */
  sorting: z.array(
    z.object({
      gameCategory: z.string(),
      displayName: z.string(),
      vendorNames: z.array(z.object({ vassalage: z.string(), accountTypeName: z.string() })),
    }),
  ),
  /** Game hub side-menu categories in order (only non-empty ones). */
  display: z.array(z.object({ gameCategory: z.string(), displayName: z.string(), gameCount: z.number() })),
});
export type VendorGameTypes = z.infer<typeof vendorGameTypesSchema>;

export const commonGameQuery = {
  language: optionalQuery(queryText(16)),
  platform: optionalQuery(queryText(16)),
  merchantCode: optionalQuery(queryText(32)),
  merchant: optionalQuery(queryText(32)),
};

export const vendorGameTypesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/types',
  tag: 'games',
  summary: 'Vendor game types: mapping per category, home sorting, side-menu display',
  query: z.object({
    ...commonGameQuery,
    typeId: optionalQuery(queryInt(0, 99)),
    merchant_code: optionalQuery(queryText(32)),
  }),
  value: vendorGameTypesSchema,
});

// ---------------------------------------------------------------- game list

/** gameType filter values: catalogue categories (INHOUSE = RNG + BGS, ESPORTS/COCKFIGHT = SPORTS + their vendors) or ALL. */
export const gameTypeFilter = z.enum(['ALL', ...catalogueCategories]);

export const gameListQuerySchema = z.object({
  ...commonGameQuery,
  gameName: optionalQuery(queryText(50)),
  gameType: optionalQuery(gameTypeFilter),
  pageNo: defaultedQuery(queryInt(1, 100_000), 1),
  pageSize: defaultedQuery(queryInt(1, maxGamePageSize), gamePageSizes.list),
  vassalage: optionalQuery(queryText(32)),
  /** ALL or blank: no filter; NEW: same as isNew=1. */
  gameClassify: optionalQuery(queryText(32)),
  isNew: optionalQuery(queryFlag),
  /** Exact minimum bet in minor units (one of minBetOptions). */
  minBet: optionalQuery(queryInt(0, 1_000_000_000)),
  minLine: optionalQuery(queryInt(0, 10_000)),
  clientType: optionalQuery(queryInt(0, 99)),
});
export type GameListQuery = z.output<typeof gameListQuerySchema>;

export const gamePageSchema = z.object({
  games: z.array(gameSchema),
  pageNum: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type GamePage = z.infer<typeof gamePageSchema>;

export const gameListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/list',
  tag: 'games',
  summary: 'Paged game list with filters (gameType, vassalage, classify, isNew, minBet, name search)',
  query: gameListQuerySchema,
  value: gamePageSchema,
});

// ---------------------------------------------------------------- hot games

export const hotGamesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/hot',
  tag: 'games',
  summary: 'Hot games in hot order, optionally of one category',
  query: z.object({
    ...commonGameQuery,
    isPlatform: optionalQuery(queryInt(0, 99)),
    gameType: optionalQuery(gameTypeFilter),
  }),
  value: z.object({ list: z.array(gameSchema) }),
});

// ------------------------------------------------------------- winner board

export const winnerSchema = z.object({
  iconUrl: z.string(),
  /** Masked (`ma***23`). */
  customerName: z.string(),
  /** Minor units. */
  winAmount: z.number(),
  gameName: z.string(),
  /** ISO time of the win. */
  wonAt: z.string(),
  /** The game, with every field the launcher needs. */
  game: gameSchema,
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnerBoardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/game/winner-board',
  tag: 'games',
  summary: 'Recent big wins, winAmount descending (limitNum, default 20)',
  query: z.object({
    ...commonGameQuery,
    gameCategory: optionalQuery(gameTypeFilter),
    limitNum: defaultedQuery(queryInt(1, 50), winnerBoardLimit),
  }),
  value: z.object({ list: z.array(winnerSchema) }),
});
