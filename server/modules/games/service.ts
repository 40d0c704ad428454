/**
 * Lobby rules (spec sections 4 and 7): what the game-list filters mean, the
 * vendor mapping per category (ESPORTS and COCKFIGHT vendors also listed under
 * SPORTS), hot order, winner board order and limit, masked winner names.
 */
import {
  type CatalogueCategory,
  catalogueCategories,
  categoryOf,
  type Game,
  type GameListQuery,
  type GamePage,
  maxGamePageSize,
  pseudoClassifies,
  type VendorGameTypes,
  type Winner,
} from '../../../contract/games.ts';
import type { Database } from '../../db/connect.ts';
import { gameIconUrl, vendorLogoUrl } from './icons.ts';
import {
  countGames,
  findGamePage,
  findHotGames,
  findVendorGroups,
  findRealWinners,
  findWinners,
  type GameFilter,
  type GameRecord,
  type VendorGroupRow,
} from './queries.ts';

/** The hot list is not paged; at most this many games. */
export const maxHotGames = 100;

const categoryNames: Record<CatalogueCategory, { EN: string; CN: string }> = {
  RNG: { EN: 'Slots', CN: '电子' },
  INHOUSE: { EN: 'In-house', CN: '原创' },
  FISH: { EN: 'Fishing', CN: '捕鱼' },
  LIVE: { EN: 'Live Casino', CN: '真人' },
  PVP: { EN: 'Poker', CN: '棋牌' },
  COCKFIGHT: { EN: 'Cockfight', CN: '斗鸡' },
  SPORTS: { EN: 'Sports', CN: '体育' },
  ESPORTS: { EN: 'E-sports', CN: '电竞' },
  LOTT: { EN: 'Lottery', CN: '彩票' },
  ELOTT: { EN: 'E-Lottery', CN: '电子彩票' },
};

/** Home block order (spec section 2: one block per category of the sorting list). */
const homeOrder: CatalogueCategory[] = ['RNG', 'INHOUSE', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'];

export function categoryName(category: CatalogueCategory, language: string): string {
  return language.toUpperCase().includes('CN') ? categoryNames[category].CN : categoryNames[category].EN;
}

export function toGame(row: GameRecord): Game {
  const iconUrl = gameIconUrl(row.id);
  return {
    gameId: row.id,
    nodeId: row.nodeId,
    nodeName: row.nodeName,
    gameName: row.gameName,
    displayName: row.displayName,
    gameType: row.gameType,
    gameCategory: categoryOf(row.gameType, row.vassalage),
    vassalage: row.vassalage,
    vendorName: row.vendorName,
    gameClassify: row.gameClassify,
    minBet: row.minBet,
    isNew: row.isNew ? 1 : 0,
    supportPlay: row.supportPlay === 0 ? 0 : 1,
    roomId: row.roomId,
    gameCode: row.gameCode,
    isGameH5: row.isGameH5,
    lottoMode: row.lottoMode,
    hotOrder: row.hotOrder,
    iconUrl,
    mobileLargeIcon: iconUrl,
  };
}

/** The filter a game-list query means: ALL or blank clears type and classify; classify NEW means isNew. */
export function listFilter(merchantCode: string, query: Omit<Partial<GameListQuery>, 'pageNo' | 'pageSize'>): GameFilter {
  const classify = query.gameClassify?.trim().toUpperCase();
  const name = query.gameName?.trim();
  return {
    merchantCode,
    category: query.gameType && query.gameType !== 'ALL' ? query.gameType : undefined,
    vassalage: query.vassalage?.trim().toUpperCase() || undefined,
    classify: classify && !(pseudoClassifies as readonly string[]).includes(classify) ? classify : undefined,
    isNew: query.isNew === true || classify === 'NEW' || undefined,
    minBet: query.minBet,
    nameContains: name || undefined,
  };
}

export async function gameList(db: Database, merchantCode: string, query: GameListQuery): Promise<GamePage> {
  const pageSize = Math.min(query.pageSize, maxGamePageSize);
  const filter = listFilter(merchantCode, query);
  const total = await countGames(db, filter);
  const offset = (query.pageNo - 1) * pageSize;
  const rows = offset < total ? await findGamePage(db, filter, pageSize, offset) : [];
  return {
    games: rows.map(toGame),
    pageNum: query.pageNo,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
    total,
  };
}

export async function hotGames(db: Database, merchantCode: string, gameType: string | undefined): Promise<{ list: Game[] }> {
  const filter: GameFilter = { merchantCode, category: gameType && gameType !== 'ALL' ? gameType : undefined };
  return { list: (await findHotGames(db, filter, maxHotGames)).map(toGame) };
}

/** `maria88` -> `ma***88`; short names keep their first character only. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/**
 * The board's rows: real wins and seeded entries merged by winAmount descending
 * (a real win first on a tie, then the wins' own order), cut to `limit`.
 */
export function mergeWinners<R extends { winAmount: number }>(real: R[], seeded: R[], limit: number): R[] {
  const tagged = [...real.map((row, i) => ({ row, source: 0, i })), ...seeded.map((row, i) => ({ row, source: 1, i }))];
  tagged.sort((a, b) => b.row.winAmount - a.row.winAmount || a.source - b.source || a.i - b.i);
  return tagged.slice(0, limit).map((t) => t.row);
}

export async function winnerBoard(
  db: Database,
  merchantCode: string,
  gameCategory: string | undefined,
  limit: number,
): Promise<{ list: Winner[] }> {
  const filter: GameFilter = { merchantCode, category: gameCategory && gameCategory !== 'ALL' ? gameCategory : undefined };
  // Real wins and seeded entries together, biggest first (spec section 2: sorted by winAmount descending), then cut.
  const [real, seeded] = await Promise.all([findRealWinners(db, filter, limit), findWinners(db, filter, limit)]);
  const rows = mergeWinners(real, seeded, limit);
  return {
    list: rows.map((row) => {
      const game = toGame(row);
      return {
        iconUrl: game.iconUrl,
        customerName: maskName(row.customerName),
        winAmount: row.winAmount,
        gameName: game.gameName,
        wonAt: row.wonAt.toISOString(),
        game,
      };
    }),
  };
}

/**
 * Mapping, sorting and display from the games of the merchant. A vendor
 * belongs to the category of its games (categoryOf); SPORTS also lists the
 * ESPORTS and COCKFIGHT vendors, which have their own entries too (the menu
 * splits them out of SPORTS).
 */
export function buildVendorGameTypes(groups: VendorGroupRow[], language: string): VendorGameTypes {
  const byCategory = new Map<CatalogueCategory, VendorGroupRow[]>();
  for (const group of groups) {
    const category = categoryOf(group.gameType, group.vassalage);
    if (!(catalogueCategories as readonly string[]).includes(category)) continue;
    byCategory.set(category, [...(byCategory.get(category) ?? []), group]);
  }
  const sportsAlso: CatalogueCategory[] = ['ESPORTS', 'COCKFIGHT'];
  const mapping: VendorGameTypes['mapping'] = {};
  for (const category of catalogueCategories) {
    const own = byCategory.get(category) ?? [];
    const listed = category === 'SPORTS' ? [...own, ...sportsAlso.flatMap((c) => byCategory.get(c) ?? [])] : own;
    if (listed.length === 0) continue;
    const classifies = [...new Set(listed.flatMap((g) => g.classifies))].sort();
    mapping[category] = {
      gameCategory: category,
      displayName: categoryName(category, language),
      vendors: listed.map((g) => ({
        vassalage: g.vassalage,
        accountTypeName: g.accountTypeName,
        gameCategory: categoryOf(g.gameType, g.vassalage),
        gameCount: g.gameCount,
        logoUrl: vendorLogoUrl(g.vassalage),
      })),
      gameClassify: ['ALL', ...(listed.some((g) => g.hasNew) ? ['NEW'] : []), ...classifies],
    };
  }
  const sorting = homeOrder
    .filter((category) => mapping[category])
    .map((category) => ({
      gameCategory: category,
      displayName: mapping[category]!.displayName,
      vendorNames: mapping[category]!.vendors.map((v) => ({ vassalage: v.vassalage, accountTypeName: v.accountTypeName })),
    }));
  const display = catalogueCategories
    .filter((category) => byCategory.has(category))
    .map((category) => ({
      gameCategory: category,
      displayName: categoryName(category, language),
      gameCount: (byCategory.get(category) ?? []).reduce((sum, g) => sum + g.gameCount, 0),
    }));
  return { mapping, sorting, display };
}

export async function vendorGameTypes(db: Database, merchantCode: string, language: string): Promise<VendorGameTypes> {
  return buildVendorGameTypes(await findVendorGroups(db, merchantCode), language);
}
