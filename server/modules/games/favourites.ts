/**
 * A member's favourite games (spec sections 4 and 7): ids (nodeId strings) and
 * games, newest first, each page and its total in one query; add and remove
 * are idempotent, and adds arriving together are written in one insert. Every query is scoped to
 * the member of the session and the games of the member's merchant.
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import { type GamePage, maxGamePageSize } from '../../../contract/games.ts';
import type { FavouriteTarget } from '../../../contract/member-games.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { favouriteGames } from '../../db/schema-lobby.ts';
import { AppError } from '../../http/app-error.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import type { Launcher } from './game-sessions.ts';
import { gameColumns, gameConditions } from './queries.ts';
import { toGame } from './service.ts';

interface Paging {
  pageNo: number;
  pageSize: number;
  gameType?: string;
}

export interface FavouriteGame {
  id: number;
  nodeId: string;
}

/** Finds the game a favourite call names (the routes read it through the catalogue cache). */
export type FindFavouriteGame = (merchantCode: string, target: FavouriteTarget) => Promise<FavouriteGame>;

/** The game a favourite call names, inside the member's merchant (404 otherwise). */
export async function findFavouriteGame(db: Database, merchantCode: string, target: FavouriteTarget): Promise<FavouriteGame> {
  const [row] = await db
    .select({ id: games.id, nodeId: games.nodeId, vassalage: games.vassalage })
    .from(games)
    .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, target.nodeId), eq(games.enabled, true)))
    .limit(1);
  const vendor = target.vendor?.trim().toUpperCase();
  if (!row?.nodeId || (vendor && vendor !== row.vassalage)) {
    throw new AppError(404, errorCodes.gameNotFound, 'This game does not exist or is not available.');
  }
  return { id: row.id, nodeId: row.nodeId };
}

interface NewFavourite {
  memberId: number;
  gameId: number;
  createdAt: Date;
}

/**
 * The favourite writer of a database: adds that arrive while a batch is written go together in the
 * next one (group commit, server/lib/batcher.ts), one insert per batch (a favourite already there,
 * or twice in the batch, is kept as it is); a failed batch is written again one add at a time.
 */
const favouriteWriters = new WeakMap<Database, Batcher<NewFavourite, null>>();

function favouriteWriterOf(db: Database): Batcher<NewFavourite, null> {
  let writer = favouriteWriters.get(db);
  if (!writer) {
    writer = createBatcher({
      run: async (rows) => {
        await db.insert(favouriteGames).values(rows).onConflictDoNothing();
        return rows.map(() => null);
      },
      maxBatch: 128,
    });
    favouriteWriters.set(db, writer);
  }
  return writer;
}

export async function addFavourite(db: Database, who: Launcher, target: FavouriteTarget, now: Date, findGame: FindFavouriteGame) {
  const game = await findGame(who.merchantCode, target);
  await favouriteWriterOf(db)({ memberId: who.memberId, gameId: game.id, createdAt: now });
  return { nodeId: game.nodeId, favourite: true };
}

export async function removeFavourite(db: Database, who: Launcher, target: FavouriteTarget, findGame: FindFavouriteGame) {
  const game = await findGame(who.merchantCode, target);
  await db.delete(favouriteGames).where(and(eq(favouriteGames.memberId, who.memberId), eq(favouriteGames.gameId, game.id)));
  return { nodeId: game.nodeId, favourite: false };
}

function favouriteWhere(who: Launcher, gameType: string | undefined) {
  return and(
    eq(favouriteGames.memberId, who.memberId),
    gameConditions({ merchantCode: who.merchantCode, category: gameType && gameType !== 'ALL' ? gameType : undefined }),
    isNotNull(games.nodeId),
  );
}

async function countFavourites(db: Database, who: Launcher, gameType: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(favouriteGames)
    .innerJoin(games, eq(games.id, favouriteGames.gameId))
    .where(favouriteWhere(who, gameType));
  return row?.n ?? 0;
}

/** The total of a page read with `count(*) over ()`: from its rows, or counted when the page is past the end. */
async function totalOf(rows: { total: number }[], who: Launcher, paging: Paging, db: Database): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return paging.pageNo > 1 ? countFavourites(db, who, paging.gameType) : 0;
}

/** Page and total in one query, from the member's favourites (newest first) to their games. */
export async function favouriteIds(db: Database, who: Launcher, paging: Paging) {
  const pageSize = Math.min(paging.pageSize, maxGamePageSize);
  const rows = await db
    .select({ nodeId: games.nodeId, total: sql<number>`count(*) over ()` })
    .from(favouriteGames)
    .innerJoin(games, eq(games.id, favouriteGames.gameId))
    .where(favouriteWhere(who, paging.gameType))
    .orderBy(desc(favouriteGames.createdAt), desc(games.id))
    .limit(pageSize)
    .offset((paging.pageNo - 1) * pageSize);
  const total = await totalOf(rows, who, paging, db);
  return {
    list: rows.map((r) => r.nodeId ?? ''),
    pageNum: paging.pageNo,
    totalPages: Math.ceil(total / pageSize),
    total,
  };
}

export async function favouriteGameList(db: Database, who: Launcher, paging: Paging): Promise<GamePage> {
  const pageSize = Math.min(paging.pageSize, maxGamePageSize);
  const rows = await db
    .select({ ...gameColumns, total: sql<number>`count(*) over ()` })
    .from(favouriteGames)
    .innerJoin(games, eq(games.id, favouriteGames.gameId))
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(favouriteWhere(who, paging.gameType))
    .orderBy(desc(favouriteGames.createdAt), desc(games.id))
    .limit(pageSize)
    .offset((paging.pageNo - 1) * pageSize);
  const total = await totalOf(rows, who, paging, db);
  return { games: rows.map(toGame), pageNum: paging.pageNo, pageSize, totalPages: Math.ceil(total / pageSize), total };
}
