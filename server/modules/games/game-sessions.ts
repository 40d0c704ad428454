/**
 * Launching games (spec section 7, `/wps/game/launchGame`) and the game
 * sessions it creates: one row per launch holding the SHA-256 of a 256-bit
 * launch token; the token is the `/play/<token>` URL. It is short-lived and
 * single use: the first open of the page (within `launchTokenTtlMs`)
 * exchanges it for the page's own session secret (an HttpOnly cookie set by
 * the play module), and every later call of the page needs that secret, so
 * the URL itself, leaked through history, logs or a referrer, opens nothing.
 * Recent games are the member's launched games, newest first, one entry per
 * game: each launch writes its session and the game's last launch
 * (`member_recent_games`) in one statement, launches arriving together in one
 * batch, and the list reads a page of those with its total in one query,
 * however many sessions the member opened.
 */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import { categoryOf, type GamePage, maxGamePageSize } from '../../../contract/games.ts';
import { gameSessionTtlMs, type LaunchGameBody, launchTokenTtlMs, type PlayType, type PrizeMode } from '../../../contract/member-games.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { type GameSessionRow, gameSessions, memberRecentGames } from '../../db/schema-lobby.ts';
import { AppError } from '../../http/app-error.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import { hashToken, newToken } from '../session/tokens.ts';
import { type GameFilter, gameColumns, gameConditions, type GameRecord } from './queries.ts';
import { toGame } from './service.ts';

/** Who launches: the member of the session and the merchant it belongs to. */
export interface Launcher {
  memberId: number;
  merchantCode: string;
}

export const playPathPrefix = '/play/';

const lotteryTypes = ['LOTT', 'ELOTT'];

/** A game the client names: by gameId, else nodeId, else vendor + gameCode; always inside the merchant. */
export async function findLaunchableGame(db: Database, merchantCode: string, body: LaunchGameBody): Promise<GameRecord> {
  const scope = [eq(games.merchantCode, merchantCode), eq(games.enabled, true)];
  let where: ReturnType<typeof and>;
  if (body.gameId !== undefined) where = and(...scope, eq(games.id, body.gameId));
  else if (body.nodeId) where = and(...scope, eq(games.nodeId, body.nodeId));
  else if (body.vendor && body.gameCode) {
    where = and(...scope, eq(games.vassalage, body.vendor.trim().toUpperCase()), eq(games.gameCode, body.gameCode));
  } else {
    throw AppError.invalid('Invalid body: gameId, nodeId or vendor and gameCode are required');
  }
  const [row] = await db.select(gameColumns).from(games).innerJoin(vendors, eq(vendors.code, games.vassalage)).where(where).limit(1);
  if (!row || (body.vendor && body.vendor.trim().toUpperCase() !== row.vassalage)) {
    throw new AppError(404, errorCodes.gameNotFound, 'This game does not exist or is not available.');
  }
  return row;
}

/** The prize mode rule of spec section 4: TCG_SEA plays SEA; others the mode of the mapping (ELOTT by default). */
export function allowedPrizeModes(vassalage: string): PrizeMode[] {
  return vassalage === 'TCG_SEA' ? ['SEA'] : ['ELOTT', 'LOTT', 'ZY'];
}

/** ENTERTAINMENT lotto mode plays `ent`, everything else `trad`. */
export function playTypeOf(lottoMode: string | null): PlayType {
  return lottoMode === 'ENTERTAINMENT' ? 'ent' : 'trad';
}

/** The rules a launch must pass before a session is created (free play, vendor lobbies, lottery modes). */
export function checkLaunch(game: GameRecord, body: LaunchGameBody): void {
  if (game.isGameH5 === 'VASSALAGE' || !game.nodeId) {
    throw new AppError(400, errorCodes.gameNotLaunchable, 'This entry opens the vendor game list and cannot be launched.');
  }
  if (body.free && game.supportPlay !== 0) {
    throw new AppError(400, errorCodes.freePlayUnavailable, 'Free play is not available for this game.');
  }
  if (lotteryTypes.includes(game.gameType)) {
    if (body.prizeMode && !allowedPrizeModes(game.vassalage).includes(body.prizeMode)) {
      throw new AppError(400, errorCodes.lotteryModeInvalid, `Prize mode ${body.prizeMode} is not offered by ${game.vassalage}.`);
    }
    if (body.playType && body.playType !== playTypeOf(game.lottoMode)) {
      throw new AppError(400, errorCodes.lotteryModeInvalid, `Play type ${body.playType} is not offered by this lottery.`);
    }
  }
}

/** One launch's rows: its game session and the game's last launch by the member. */
interface LaunchRow {
  tokenHash: string;
  merchant: string;
  memberId: number;
  gameId: number;
  freePlay: boolean;
  createdAt: Date;
}

/**
 * Writes the sessions of a batch of launches and their games' last launches, in one statement
 * (each column an array parameter). A member launching one game twice in a batch updates its
 * recent-game row once, with the later time.
 */
async function writeLaunches(db: Database, rows: LaunchRow[]): Promise<null[]> {
  const column = <T>(pick: (row: LaunchRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`with input as (
      select * from unnest(${column((r) => r.tokenHash)}::text[], ${column((r) => r.merchant)}::text[],
        ${column((r) => r.memberId)}::bigint[], ${column((r) => r.gameId)}::integer[], ${column((r) => r.freePlay)}::boolean[],
        ${column((r) => r.createdAt.toISOString())}::timestamptz[]) as t(token_hash, merchant, member_id, game_id, free_play, created_at)),
    launched as (
      insert into ${gameSessions} (token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at)
      select token_hash, merchant, member_id, game_id, free_play, created_at,
        created_at + ${gameSessionTtlMs} * interval '1 millisecond', created_at + ${launchTokenTtlMs} * interval '1 millisecond'
      from input)
    insert into ${memberRecentGames} (member_id, game_id, last_played_at)
    select member_id, game_id, max(created_at) from input group by member_id, game_id
    on conflict (member_id, game_id) do update set last_played_at = greatest(${memberRecentGames.lastPlayedAt}, excluded.last_played_at)`);
  return rows.map(() => null);
}

/**
 * The launch writer of a database: launches that arrive while a batch is written go together in
 * the next one (group commit, server/lib/batcher.ts), one statement per batch; a failed batch is
 * written again one launch at a time, so one bad launch only fails itself.
 */
const launchWriters = new WeakMap<Database, Batcher<LaunchRow, null>>();

function launchWriterOf(db: Database): Batcher<LaunchRow, null> {
  let writer = launchWriters.get(db);
  if (!writer) {
    writer = createBatcher({ run: (rows) => writeLaunches(db, rows), maxBatch: 128 });
    launchWriters.set(db, writer);
  }
  return writer;
}

/** Creates the game session of a launch and returns the URL that opens the game. */
export async function launchGame(
  db: Database,
  launcher: Launcher,
  body: LaunchGameBody,
  now: Date,
  options: { findGame?: (merchantCode: string, body: LaunchGameBody) => Promise<GameRecord> } = {},
): Promise<{ url: string }> {
  const game = await (options.findGame ?? ((merchantCode, b) => findLaunchableGame(db, merchantCode, b)))(launcher.merchantCode, body);
  checkLaunch(game, body);
  const token = newToken();
  await launchWriterOf(db)({
    tokenHash: hashToken(token),
    merchant: launcher.merchantCode,
    memberId: launcher.memberId,
    gameId: game.id,
    freePlay: body.free === true,
    createdAt: now,
  });
  return { url: `${playPathPrefix}${token}` };
}

/** Tokens are 32 random bytes in base64url (43 characters). */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Exchanges a launch token for the page's session secret, once: null when the
 * token is malformed, unknown, already used, or older than `launchTokenTtlMs`.
 * One atomic update, so two opens of the same URL cannot both succeed.
 */
export async function openGameSession(db: Database, launchToken: string, now: Date): Promise<{ secret: string; expiresAt: Date } | null> {
  if (!tokenPattern.test(launchToken)) return null;
  const secret = newToken();
  const [row] = await db
    .update(gameSessions)
    .set({ openedAt: now, pageTokenHash: hashToken(secret) })
    .where(
      and(
        eq(gameSessions.tokenHash, hashToken(launchToken)),
        isNull(gameSessions.openedAt),
        gt(gameSessions.launchExpiresAt, now),
        gt(gameSessions.expiresAt, now),
      ),
    )
    .returning({ expiresAt: gameSessions.expiresAt });
  return row ? { secret, expiresAt: row.expiresAt } : null;
}

export interface ResolvedGameSession extends GameSessionRow {
  game: { id: number; code: string; vendor: string; name: string; type: string; category: string };
}

/**
 * The game session of a `/play/<token>` page joined with its game, or null when
 * the token is malformed, unknown or expired, or the page secret (the
 * cookie the page got when it opened) is missing or another one.
 */
export async function resolveGameSession(
  db: Database,
  token: string,
  pageSecret: string | null,
  now: Date = new Date(),
): Promise<ResolvedGameSession | null> {
  if (!tokenPattern.test(token) || !pageSecret || !tokenPattern.test(pageSecret)) return null;
  const [row] = await db
    .select({
      session: gameSessions,
      game: { id: games.id, code: games.gameCode, vendor: games.vassalage, name: games.gameName, type: games.gameType },
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(
      and(
        eq(gameSessions.tokenHash, hashToken(token)),
        eq(gameSessions.pageTokenHash, hashToken(pageSecret)),
        gt(gameSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { ...row.session, game: { ...row.game, category: categoryOf(row.game.type, row.game.vendor) } };
}

/** The member's launched games, newest launch first, each game once: a page and its total in one query. */
export async function recentGames(
  db: Database,
  launcher: Launcher,
  query: { pageNo: number; pageSize: number; gameType?: string },
): Promise<GamePage> {
  const pageSize = Math.min(query.pageSize, maxGamePageSize);
  const filter: GameFilter = {
    merchantCode: launcher.merchantCode,
    category: query.gameType && query.gameType !== 'ALL' ? query.gameType : undefined,
  };
  const where = and(eq(memberRecentGames.memberId, launcher.memberId), gameConditions(filter));
  const offset = (query.pageNo - 1) * pageSize;
  const rows = await db
    .select({ ...gameColumns, total: sql<number>`count(*) over ()` })
    .from(memberRecentGames)
    .innerJoin(games, eq(games.id, memberRecentGames.gameId))
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(where)
    .orderBy(desc(memberRecentGames.lastPlayedAt), desc(games.id))
    .limit(pageSize)
    .offset(offset);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && offset > 0) {
    // Past the end: the total alone.
    const [counted] = await db
      .select({ n: count() })
      .from(memberRecentGames)
      .innerJoin(games, eq(games.id, memberRecentGames.gameId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { games: rows.map(toGame), pageNum: query.pageNo, pageSize, totalPages: Math.ceil(total / pageSize), total };
}
