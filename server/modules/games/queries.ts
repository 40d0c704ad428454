/**
 * Drizzle queries of the lobby catalogue. Every list is scoped to a merchant
 * and ordered by (sort_order, id) or hot_order, which the indexes of
 * schema-catalogue.ts serve (docs/lobby.md has the plans at 10x).
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { cockfightVendors, esportsVendors, inhouseVendor } from '../../../contract/games.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors, winners } from '../../db/schema-catalogue.ts';
import { bets } from '../../db/schema-wallet.ts';
import { members } from '../../db/schema.ts';

/** Columns every game answer needs: the game row and its vendor's name. */
export const gameColumns = {
  id: games.id,
  nodeId: games.nodeId,
  nodeName: games.nodeName,
  gameName: games.gameName,
  displayName: games.displayName,
  gameType: games.gameType,
  vassalage: games.vassalage,
  vendorName: vendors.name,
  gameClassify: games.gameClassify,
  minBet: games.minBet,
  isNew: games.isNew,
  supportPlay: games.supportPlay,
  roomId: games.roomId,
  gameCode: games.gameCode,
  isGameH5: games.isGameH5,
  lottoMode: games.lottoMode,
  hotOrder: games.hotOrder,
};

export interface GameFilter {
  merchantCode: string;
  /** A catalogue category or undefined for all. */
  category?: string;
  vassalage?: string;
  classify?: string;
  isNew?: boolean;
  minBet?: number;
  /** Case-insensitive substring of the name. */
  nameContains?: string;
}

/** gameType filter: stored type, narrowed by vendor for the categories that are vendor groups (spec section 4). */
function categoryConditions(category: string): SQL[] {
  switch (category) {
    case 'INHOUSE':
      return [eq(games.gameType, 'RNG'), eq(games.vassalage, inhouseVendor)];
    case 'ESPORTS':
      return [eq(games.gameType, 'SPORTS'), inArray(games.vassalage, [...esportsVendors])];
    case 'COCKFIGHT':
      return [eq(games.gameType, 'SPORTS'), inArray(games.vassalage, [...cockfightVendors])];
    default:
      return [eq(games.gameType, category)];
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function gameConditions(filter: GameFilter): SQL {
  const conditions: SQL[] = [eq(games.merchantCode, filter.merchantCode), eq(games.enabled, true)];
  if (filter.category) conditions.push(...categoryConditions(filter.category));
  if (filter.vassalage) conditions.push(eq(games.vassalage, filter.vassalage));
  if (filter.classify) conditions.push(eq(games.gameClassify, filter.classify));
  if (filter.isNew) conditions.push(eq(games.isNew, true));
  if (filter.minBet !== undefined) conditions.push(eq(games.minBet, filter.minBet));
  if (filter.nameContains) {
    conditions.push(sql`lower(${games.gameName}) like ${`%${escapeLike(filter.nameContains.toLowerCase())}%`}`);
  }
  return and(...conditions)!;
}

export async function countGames(db: Database, filter: GameFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(games).where(gameConditions(filter));
  return row?.n ?? 0;
}

export function gamePageQuery(db: Database, filter: GameFilter, limit: number, offset: number) {
  return db
    .select(gameColumns)
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(gameConditions(filter))
    .orderBy(asc(games.sortOrder), asc(games.id))
    .limit(limit)
    .offset(offset);
}

export type GameRecord = Awaited<ReturnType<typeof gamePageQuery>>[number];

export async function findGamePage(db: Database, filter: GameFilter, limit: number, offset: number): Promise<GameRecord[]> {
  return gamePageQuery(db, filter, limit, offset);
}

export function hotGamesQuery(db: Database, filter: GameFilter, limit: number) {
  return db
    .select(gameColumns)
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(and(gameConditions(filter), isNotNull(games.hotOrder)))
    .orderBy(asc(games.hotOrder), asc(games.id))
    .limit(limit);
}

export async function findHotGames(db: Database, filter: GameFilter, limit: number): Promise<GameRecord[]> {
  return hotGamesQuery(db, filter, limit);
}

export interface VendorGroupRow {
  gameType: string;
  vassalage: string;
  vendorName: string;
  accountTypeName: string;
  vendorOrder: number;
  gameCount: number;
  hasNew: boolean;
  classifies: string[];
}

/** Games per (gameType, vendor) of a merchant, with the classify values in use. */
export async function findVendorGroups(db: Database, merchantCode: string): Promise<VendorGroupRow[]> {
  const rows = await db
    .select({
      gameType: games.gameType,
      vassalage: games.vassalage,
      vendorName: vendors.name,
      accountTypeName: vendors.accountTypeName,
      vendorOrder: vendors.sortOrder,
      gameCount: count(),
      hasNew: sql<boolean>`bool_or(${games.isNew})`,
      classifies: sql<string[]>`array_agg(distinct ${games.gameClassify})`,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(and(eq(games.merchantCode, merchantCode), eq(games.enabled, true)))
    .groupBy(games.gameType, games.vassalage, vendors.name, vendors.accountTypeName, vendors.sortOrder)
    .orderBy(asc(vendors.sortOrder), asc(games.vassalage));
  return rows.map((r) => ({ ...r, hasNew: Boolean(r.hasNew), classifies: [...(r.classifies ?? [])].sort() }));
}

export async function findWinners(db: Database, filter: GameFilter, limit: number) {
  return db
    .select({ ...gameColumns, customerName: winners.customerName, winAmount: winners.winAmount, wonAt: winners.wonAt })
    .from(winners)
    .innerJoin(games, eq(games.id, winners.gameId))
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(and(eq(winners.merchantCode, filter.merchantCode), gameConditions(filter)))
    .orderBy(desc(winners.winAmount), asc(winners.id))
    .limit(limit);
}

/** Real wins (settled bets with a win), biggest first: the winner board merges them with the seeded entries. */
export async function findRealWinners(db: Database, filter: GameFilter, limit: number) {
  return db
    .select({ ...gameColumns, customerName: members.username, winAmount: bets.win, wonAt: bets.createdAt })
    .from(bets)
    .innerJoin(games, eq(games.id, bets.gameId))
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .innerJoin(members, eq(members.id, bets.memberId))
    .where(and(eq(bets.merchantCode, filter.merchantCode), eq(bets.status, 'settled'), gt(bets.win, 0), gameConditions(filter)))
    .orderBy(desc(bets.win), asc(bets.id))
    .limit(limit);
}

/** One game by id, whatever the merchant (icons are public and id-addressed). */
export async function findGameForIcon(db: Database, id: number) {
  const [row] = await db
    .select({ id: games.id, gameName: games.gameName, vassalage: games.vassalage, gameType: games.gameType })
    .from(games)
    .where(eq(games.id, id))
    .limit(1);
  return row ?? null;
}

export async function findVendor(db: Database, code: string) {
  const [row] = await db.select().from(vendors).where(eq(vendors.code, code)).limit(1);
  return row ?? null;
}
