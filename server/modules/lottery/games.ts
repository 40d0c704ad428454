/**
 * The lotteries of a merchant (its enabled LOTT and ELOTT catalogue games,
 * each with its rules from rules.ts) and their issues: an issue's row is
 * written, with a fresh server seed, the first time it is asked for; two
 * processes asking at once keep the first row (the seed never changes once
 * its hash was shown).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Issue, LotteryGame } from '../../../contract/lottery.ts';
import type { PlayType, PrizeMode } from '../../../contract/member-games.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { type LotteryIssueRow, lotteryIssues } from '../../db/schema-lottery.ts';
import { AppError } from '../../http/app-error.ts';
import { allowedPrizeModes, playTypeOf } from '../games/game-sessions.ts';
import { gameIconUrl } from '../games/icons.ts';
import { hashServerSeed, newServerSeed } from '../play/fair-random.ts';
import { currentIssue, type IssueTimes, type LotteryConfig, lotteryConfigOf } from './rules.ts';

export interface LotteryGameRecord {
  id: number;
  merchantCode: string;
  gameCode: string;
  gameName: string;
  vendor: string;
  vendorName: string;
  gameType: 'LOTT' | 'ELOTT';
  lottoMode: string | null;
  config: LotteryConfig;
  sortOrder: number;
}

const cacheTtlMs = 5_000;
const cache = new Map<string, { at: number; games: LotteryGameRecord[] }>();

/** The merchant's lotteries in catalogue order (cached a few seconds). */
export async function lotteryGames(db: Database, merchantCode: string): Promise<LotteryGameRecord[]> {
  const hit = cache.get(merchantCode);
  if (hit && Date.now() - hit.at < cacheTtlMs) return hit.games;
  const rows = await db
    .select({
      id: games.id,
      gameCode: games.gameCode,
      gameName: games.displayName,
      vendor: games.vassalage,
      vendorName: vendors.name,
      gameType: games.gameType,
      gameClassify: games.gameClassify,
      lottoMode: games.lottoMode,
      sortOrder: games.sortOrder,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(and(eq(games.merchantCode, merchantCode), eq(games.enabled, true), inArray(games.gameType, ['LOTT', 'ELOTT'])))
    .orderBy(asc(games.sortOrder), asc(games.id));
  const list = rows.map((r) => ({
    ...r,
    merchantCode,
    gameType: r.gameType as 'LOTT' | 'ELOTT',
    config: lotteryConfigOf(r),
  }));
  cache.set(merchantCode, { at: Date.now(), games: list });
  return list;
}

export async function lotteryGame(db: Database, merchantCode: string, gameCode: string): Promise<LotteryGameRecord> {
  const game = (await lotteryGames(db, merchantCode)).find((g) => g.gameCode === gameCode);
  if (!game) throw new AppError(404, errorCodes.lotteryGameNotFound, `There is no lottery ${gameCode}.`);
  return game;
}

/** The prize mode a lottery plays by default (spec section 4): SEA for TCG_SEA, else ELOTT. */
export const defaultPrizeMode = (game: LotteryGameRecord): PrizeMode => allowedPrizeModes(game.vendor)[0] as PrizeMode;
export const playTypeOfGame = (game: LotteryGameRecord): PlayType => playTypeOf(game.lottoMode);

/** The rows of these issues, written first where missing (one statement each way). */
export async function ensureIssues(db: Database, wanted: { game: LotteryGameRecord; times: IssueTimes }[]): Promise<Map<string, LotteryIssueRow>> {
  const byKey = new Map<string, LotteryIssueRow>();
  if (wanted.length === 0) return byKey;
  const merchantCode = (wanted[0] as { game: LotteryGameRecord }).game.merchantCode;
  const keyOf = (gameCode: string, issueNo: string) => `${gameCode}|${issueNo}`;
  const select = () =>
    db
      .select()
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.merchantCode, merchantCode),
          sql`(${lotteryIssues.gameCode}, ${lotteryIssues.issueNo}) in (${sql.join(
            wanted.map((w) => sql`(${w.game.gameCode}, ${w.times.issueNo})`),
            sql`, `,
          )})`,
        ),
      );
  for (const row of await select()) byKey.set(keyOf(row.gameCode, row.issueNo), row);
  const missing = wanted.filter((w) => !byKey.has(keyOf(w.game.gameCode, w.times.issueNo)));
  if (missing.length > 0) {
    await db
      .insert(lotteryIssues)
      .values(
        missing.map((w) => {
          const seed = newServerSeed();
          return {
            merchantCode,
            gameCode: w.game.gameCode,
            issueNo: w.times.issueNo,
            cutoffAt: w.times.cutoffAt,
            drawAt: w.times.drawAt,
            seed,
            seedHash: hashServerSeed(seed),
          };
        }),
      )
      .onConflictDoNothing();
    for (const row of await select()) byKey.set(keyOf(row.gameCode, row.issueNo), row);
  }
  return byKey;
}

export async function ensureIssue(db: Database, game: LotteryGameRecord, times: IssueTimes): Promise<LotteryIssueRow> {
  const rows = await ensureIssues(db, [{ game, times }]);
  const row = rows.get(`${game.gameCode}|${times.issueNo}`);
  if (!row) throw new Error(`Issue ${game.gameCode} ${times.issueNo} could not be written`);
  return row;
}

/** What the API shows of an issue: the seed only once drawn. */
export function issueView(row: LotteryIssueRow, now: Date): Issue {
  const drawn = row.status === 'drawn';
  return {
    issueNo: row.issueNo,
    cutoffAt: row.cutoffAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    seedHash: row.seedHash,
    status: drawn ? 'drawn' : now.getTime() >= row.cutoffAt.getTime() ? 'closed' : 'open',
    numbers: drawn ? (row.numbers ?? []) : [],
    seed: drawn ? row.seed : null,
  };
}

/** The last drawn issue of each of these games. */
export async function lastDrawn(db: Database, merchantCode: string, gameCodes: string[]): Promise<Map<string, LotteryIssueRow>> {
  if (gameCodes.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([lotteryIssues.gameCode])
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.merchantCode, merchantCode), inArray(lotteryIssues.gameCode, gameCodes), eq(lotteryIssues.status, 'drawn')))
    .orderBy(lotteryIssues.gameCode, desc(lotteryIssues.drawAt));
  return new Map(rows.map((r) => [r.gameCode, r]));
}

/** The API view of these games, each with its issue taking bets (written where missing) and its last draw. */
export async function gameViews(db: Database, list: LotteryGameRecord[], now: Date): Promise<LotteryGame[]> {
  if (list.length === 0) return [];
  const merchantCode = (list[0] as LotteryGameRecord).merchantCode;
  const wanted = list.map((game) => ({ game, times: currentIssue(game.config, now) }));
  const [current, last] = await Promise.all([ensureIssues(db, wanted), lastDrawn(db, merchantCode, list.map((g) => g.gameCode))]);
  return wanted.map(({ game, times }) => {
    const row = current.get(`${game.gameCode}|${times.issueNo}`);
    if (!row) throw new Error(`Issue ${game.gameCode} ${times.issueNo} missing`);
    const lastRow = last.get(game.gameCode);
    return {
      gameCode: game.gameCode,
      gameName: game.gameName,
      vendor: game.vendor,
      gameType: game.gameType,
      family: game.config.family,
      intervalSeconds: game.config.intervalSeconds,
      cutoffSeconds: game.config.cutoffSeconds,
      balls: game.config.balls,
      minNumber: game.config.minNumber,
      maxNumber: game.config.maxNumber,
      prizeMode: defaultPrizeMode(game),
      playType: playTypeOfGame(game),
      iconUrl: gameIconUrl(game.id),
      current: issueView(row, now),
      last: lastRow ? issueView(lastRow, now) : null,
    };
  });
}
