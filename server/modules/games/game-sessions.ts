/**
 * Launching games (spec section 7, `/wps/game/launchGame`) and the game
 * sessions they open. A launch writes nothing: it checks the game and hands
 * out a signed launch token (./launch-tokens.ts), the `/play/<token>` URL. The
 * token is short-lived and single use: the first open of the page (within
 * `launchTokenTtlMs`) writes the game session, keyed by the SHA-256 of the
 * token, with the page's own session secret (an HttpOnly cookie set by the
 * play module), and every later call of the page needs that secret, so the
 * URL itself, leaked through history, logs or a referrer, opens nothing.
 * Recent games are the games the member opened, newest first, one entry per
 * game: the open writes the session and the game's last open
 * (`member_recent_games`) in one statement, and the list reads a page of
 * those with its total in one query, however many sessions the member opened.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import { categoryOf, type GamePage, maxGamePageSize } from '../../../contract/games.ts';
import { gameSessionTtlMs, type LaunchGameBody, launchTokenTtlMs, type PlayType, type PrizeMode } from '../../../contract/member-games.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { type GameSessionRow, gameSessions, memberRecentGames } from '../../db/schema-lobby.ts';
import { AppError } from '../../http/app-error.ts';
import { secretKeyOf } from '../crypto/secret-keys.ts';
import { hashToken, newToken } from '../session/tokens.ts';
import { launchTokenPattern, openLaunch, sealLaunch } from './launch-tokens.ts';
import { sqlState } from '../wallet/ledger.ts';
import { type GameFilter, gameColumns, gameConditions, type GameRecord } from './queries.ts';
import { toGame } from './service.ts';
import { assertNotExcluded } from '../responsible-gaming/checks/protection-checks.ts';
import { lotteryGamePath } from '../../../contract/lottery.ts';

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

/** Creates the launch token of a game and returns the URL that opens the game (nothing is written). */
export async function launchGame(
  db: Database,
  launcher: Launcher,
  body: LaunchGameBody,
  now: Date,
  options: { findGame?: (merchantCode: string, body: LaunchGameBody) => Promise<GameRecord> } = {},
): Promise<{ url: string }> {
  const game = await (options.findGame ?? ((merchantCode, b) => findLaunchableGame(db, merchantCode, b)))(launcher.merchantCode, body);
  checkLaunch(game, body);
  // A member in a time-out or self-exclusion plays nothing, free play included.
  await assertNotExcluded(db, launcher.memberId, now);
  // A lottery opens the site's own game screen (the lottery under /lgw), in the prize mode and play type of the
  // launch; it counts as played now in the member's recent games.
  if (lotteryTypes.includes(game.gameType)) {
    await db
      .insert(memberRecentGames)
      .values({ memberId: launcher.memberId, gameId: game.id, lastPlayedAt: now })
      .onConflictDoUpdate({
        target: [memberRecentGames.memberId, memberRecentGames.gameId],
        set: { lastPlayedAt: sql`greatest(${memberRecentGames.lastPlayedAt}, excluded.last_played_at)` },
      });
    return {
      url: lotteryGamePath(game.gameCode, body.prizeMode ?? (allowedPrizeModes(game.vassalage)[0] as PrizeMode), body.playType ?? playTypeOf(game.lottoMode)),
    };
  }
  const token = sealLaunch(await secretKeyOf(db, 'game-launch'), {
    merchantCode: launcher.merchantCode,
    memberId: launcher.memberId,
    gameId: game.id,
    freePlay: body.free === true,
    launchedAt: now.getTime(),
  });
  return { url: `${playPathPrefix}${token}` };
}

/** SQLSTATE of a foreign key violation. */
const foreignKeyViolation = '23503';
/** A token sealed by a process whose clock runs this much ahead still opens. */
const launchClockSkewMs = 5_000;

/** Page secrets are 32 random bytes in base64url (43 characters). */
const secretPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Opens the game session of a launch token, once: writes the session with the
 * page's secret and the game's last open in the member's recent games, and
 * returns the secret. Null when the token is malformed, not signed with this
 * database's key, older than `launchTokenTtlMs` or already opened, or its
 * member or game is gone. One statement: two opens of the same URL cannot both
 * succeed (the token's hash is unique).
 */
export async function openGameSession(
  db: Database,
  launchToken: string,
  now: Date,
): Promise<{ secret: string; expiresAt: Date; memberId: number } | null> {
  const claims = openLaunch(await secretKeyOf(db, 'game-launch'), launchToken);
  if (!claims || now.getTime() >= claims.launchedAt + launchTokenTtlMs || now.getTime() < claims.launchedAt - launchClockSkewMs) return null;
  const secret = newToken();
  const launchedAt = new Date(claims.launchedAt);
  try {
    const result = await db.execute(sql`with opened as (
        insert into ${gameSessions} (token_hash, merchant, member_id, game_id, free_play, created_at, expires_at, launch_expires_at, opened_at, page_token_hash)
        values (${hashToken(launchToken)}, ${claims.merchantCode}, ${claims.memberId}, ${claims.gameId}, ${claims.freePlay},
                ${launchedAt.toISOString()}::timestamptz, ${new Date(claims.launchedAt + gameSessionTtlMs).toISOString()}::timestamptz,
                ${new Date(claims.launchedAt + launchTokenTtlMs).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${hashToken(secret)})
        on conflict (token_hash) do nothing
        returning member_id, game_id, opened_at, expires_at),
      recent as (
        insert into ${memberRecentGames} (member_id, game_id, last_played_at)
        select member_id, game_id, opened_at from opened
        on conflict (member_id, game_id) do update set last_played_at = greatest(${memberRecentGames.lastPlayedAt}, excluded.last_played_at))
      select expires_at from opened`);
    const [row] = (result as unknown as { rows: { expires_at: string | Date }[] }).rows;
    return row ? { secret, expiresAt: new Date(row.expires_at), memberId: claims.memberId } : null;
  } catch (error) {
    // The member, the game or the merchant was deleted since the launch.
    if (sqlState(error) === foreignKeyViolation) return null;
    throw error;
  }
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
  if (!launchTokenPattern.test(token) || !pageSecret || !secretPattern.test(pageSecret)) return null;
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
