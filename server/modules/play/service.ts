/**
 * Rounds of game pages. A game session (`/play/<token>`, created by the
 * launch) plays either an in-house engine (vendor BGS: slot, dice, crash;
 * provably fair) or, for every other vendor, the local vendor sandbox's wheel.
 * Real-money rounds go through the signed seamless-wallet API as a vendor's
 * bet and settlement; free-play sessions use play money kept on the
 * session's play state and never touch the ledger.
 *
 * A real round is written `pending` (with its claimed seed, in one database
 * transaction) before the bet is sent, and `settled` after the settlement. A
 * round whose process died, or whose settlement and rollback both failed,
 * stays `pending` with its stake taken: `recoverOpenRounds` (run by the server
 * at start and periodically, and by `npm run admin -- bets recover`) rolls
 * such rounds back through the same signed seamless-wallet path, exactly once
 * (the rollback's transaction id is fixed per round). A round may carry the
 * browser's idempotency key (`roundKey`): a retry with it answers the first
 * round instead of betting again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { inhouseVendor } from '../../../contract/games.ts';
import {
  type EngineName,
  freePlayBalance,
  type PlayRound,
  type PlayState,
  playErrorCodes,
  playHistoryLength,
  type RoundBody,
  type RoundResult,
} from '../../../contract/play.ts';
import type { Database } from '../../db/connect.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { type PlayRoundRow, playRounds, playStates } from '../../db/schema-play.ts';
import { bets } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { type ResolvedGameSession, resolveGameSession } from '../games/game-sessions.ts';
import { engineOfGame, engineParams, payout, playEngine, type RoundParams } from './engines.ts';
import { fairStream, hashServerSeed, newServerSeed, type RandomSource } from './fair-random.ts';
import { constraintOf, sqlState } from '../wallet/ledger.ts';
import { seamlessErrorCodes } from '../../../contract/seamless.ts';
import { createVendorClient } from './vendor-client.ts';

export interface PlaySession {
  session: ResolvedGameSession;
  engine: EngineName;
  inhouse: boolean;
  vendorName: string;
  minBet: number;
}

export interface PlayContext {
  app: FastifyInstance;
  now: () => Date;
}

/** What a game page's call names its session by: the launch token in the path and the page secret (cookie). */
export interface GamePageKey {
  token: string;
  secret: string | null;
}

/** The session of a page, or 401 `play.session.invalid` (unknown, malformed, expired, or without its page secret). */
export async function openSession(ctx: PlayContext, page: GamePageKey): Promise<PlaySession> {
  const session = await resolveGameSession(ctx.app.db, page.token, page.secret, ctx.now());
  if (!session) throw new AppError(401, playErrorCodes.sessionInvalid, 'This game session is not valid or has expired. Launch the game again.');
  const [game] = await ctx.app.db
    .select({ classify: games.gameClassify, minBet: games.minBet, vendorName: vendors.name })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(eq(games.id, session.gameId))
    .limit(1);
  const inhouse = session.game.vendor === inhouseVendor;
  return {
    session,
    inhouse,
    engine: inhouse ? engineOfGame({ name: session.game.name, classify: game?.classify }) : 'wheel',
    vendorName: game?.vendorName ?? session.game.vendor,
    minBet: game?.minBet ?? 1,
  };
}

/** The play state of a session, created with a first committed seed (and play money in free play). */
async function ensureState(ctx: PlayContext, play: PlaySession) {
  const db = ctx.app.db;
  const serverSeed = newServerSeed();
  await db
    .insert(playStates)
    .values({
      sessionId: play.session.id,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      nonce: 0,
      freeBalance: play.session.freePlay ? freePlayBalance : null,
    })
    .onConflictDoNothing();
  const [state] = await db.select().from(playStates).where(eq(playStates.sessionId, play.session.id));
  if (!state) throw new AppError(500, errorCodes.internal, 'Play state missing.');
  return state;
}

function vendorFor(ctx: PlayContext, play: PlaySession) {
  return createVendorClient(ctx.app, play.session.merchantCode, play.session.game.vendor, ctx.now);
}

function toRound(row: PlayRoundRow): PlayRound {
  const fair =
    row.serverSeed && row.serverSeedHash && row.clientSeed !== null && row.nonce !== null
      ? { serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce }
      : null;
  const { target, rows, risk, picks, choice, mines } = row.outcome;
  const verifyUrl = fair
    ? `/play/verify?${new URLSearchParams({
        engine: row.engine,
        serverSeed: fair.serverSeed,
        serverSeedHash: fair.serverSeedHash,
        clientSeed: fair.clientSeed,
        nonce: String(fair.nonce),
        // The round's own parameters, as its outcome keeps them.
        ...(typeof target === 'number' ? { target: String(target) } : {}),
        ...(typeof rows === 'number' ? { rows: String(rows) } : {}),
        ...(typeof risk === 'string' ? { risk } : {}),
        ...(Array.isArray(picks) ? { picks: picks.join(',') } : {}),
        ...(typeof choice === 'string' ? { choice } : {}),
        ...(typeof mines === 'number' ? { mines: String(mines) } : {}),
      }).toString()}`
    : null;
  return {
    roundId: row.id,
    engine: row.engine as EngineName,
    stake: row.stake,
    win: row.win,
    outcome: row.outcome,
    fairness: fair,
    verifyUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function playState(ctx: PlayContext, page: GamePageKey): Promise<PlayState> {
  const play = await openSession(ctx, page);
  const state = await ensureState(ctx, play);
  const merchant = await ctx.app.merchants.get(play.session.merchantCode);
  const balance =
    state.freeBalance !== null
      ? state.freeBalance
      : (await vendorFor(ctx, play).balance({ playerId: String(play.session.memberId) })).balance;
  const recent = await ctx.app.db
    .select()
    .from(playRounds)
    .where(and(eq(playRounds.sessionId, play.session.id), eq(playRounds.status, 'settled')))
    .orderBy(desc(playRounds.seq))
    .limit(playHistoryLength);
  const recentRounds = recent.map(toRound);
  return {
    game: { id: play.session.game.id, name: play.session.game.name, vendor: play.session.game.vendor, vendorName: play.vendorName, engine: play.engine },
    mode: state.freeBalance !== null ? 'free' : 'real',
    balance,
    currency: {
      code: merchant?.row.currencyCode ?? 'PHP',
      symbol: merchant?.row.currencySymbol ?? '',
      minorUnits: merchant?.row.minorUnits ?? 2,
    },
    minBet: play.minBet,
    commitment: play.inhouse ? { serverSeedHash: state.serverSeedHash, nonce: state.nonce } : null,
    lastRound: recentRounds[0] ?? null,
    recentRounds,
    lobbyUrl: '/m/home',
  };
}

function roundParams(engine: EngineName, body: RoundBody): RoundParams {
  const params = engineParams(engine, body);
  if ('invalid' in params) throw new AppError(400, playErrorCodes.paramsInvalid, params.invalid);
  return params;
}

/** A CSPRNG source for the sandbox vendor's rounds (not provably fair: a third-party vendor's own RNG). */
function cryptoSource(): RandomSource {
  return { nextUint32: () => randomBytes(4).readUInt32BE(0) };
}

/** SHA-256 of what a round was asked with: a round key used again must come with the same. */
function requestHashOf(body: RoundBody): string {
  return createHash('sha256')
    .update(
      JSON.stringify([body.stake, body.clientSeed ?? null, body.target ?? null, body.rows ?? null, body.risk ?? null, body.picks ?? null, body.choice ?? null, body.mines ?? null]),
    )
    .digest('hex');
}

async function findKeyedRound(db: Database, sessionId: string, roundKey: string): Promise<PlayRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(playRounds)
    .where(and(eq(playRounds.sessionId, sessionId), eq(playRounds.roundKey, roundKey)))
    .limit(1);
  return row;
}

/** The answer to a round key seen before: the first round (and its balance), or why there is none. */
async function answerKeyedRound(ctx: PlayContext, play: PlaySession, row: PlayRoundRow, requestHash: string): Promise<RoundResult> {
  if (row.requestHash !== requestHash) {
    throw new AppError(409, playErrorCodes.roundConflict, 'This round key was already used with other parameters.');
  }
  if (row.status === 'pending') throw new AppError(409, playErrorCodes.roundBusy, 'This round is still in progress.');
  if (row.status === 'void') {
    throw new AppError(409, playErrorCodes.roundVoided, 'This round could not be settled; its stake was returned.');
  }
  const [state] = await ctx.app.db.select().from(playStates).where(eq(playStates.sessionId, play.session.id));
  const balance =
    row.balanceAfter ??
    (row.mode === 'free' ? (state?.freeBalance ?? 0) : (await vendorFor(ctx, play).balance({ playerId: String(row.memberId) })).balance);
  return {
    round: toRound(row),
    balance,
    // The commitment of the next round as it stands now (what the page shows next).
    commitment: play.inhouse && state ? { serverSeedHash: state.serverSeedHash, nonce: state.nonce } : null,
  };
}

const isAppError = (error: unknown, status?: (s: number) => boolean, code?: string): error is AppError =>
  error instanceof AppError && (!status || status(error.statusCode)) && (!code || error.errorCode === code);

export async function playRound(ctx: PlayContext, page: GamePageKey, body: RoundBody): Promise<RoundResult> {
  const db = ctx.app.db;
  const play = await openSession(ctx, page);
  if (body.stake < play.minBet) throw new AppError(400, playErrorCodes.stakeInvalid, `The stake must be at least ${play.minBet} (minor units).`);
  const params = roundParams(play.engine, body);
  const requestHash = requestHashOf(body);
  const seen = await findKeyedRound(db, play.session.id, body.roundKey);
  if (seen) return answerKeyedRound(ctx, play, seen, requestHash);
  const state = await ensureState(ctx, play);
  const free = state.freeBalance !== null;
  const clientSeed = body.clientSeed ?? randomBytes(8).toString('hex');
  const result = play.inhouse
    ? playEngine(play.engine, fairStream(state.serverSeed, clientSeed, state.nonce), params)
    : playEngine('wheel', cryptoSource(), {});
  const win = payout(body.stake, result.multiplierBp);
  const roundId = randomUUID();

  // Claim the committed seed (and, in free play, the play money) and write the round, in one transaction:
  // free rounds are complete, real ones `pending` until settled.
  const next = newServerSeed();
  const conditions = [eq(playStates.sessionId, play.session.id), eq(playStates.nonce, state.nonce)];
  if (free) conditions.push(gte(playStates.freeBalance, body.stake));
  let after: { freeBalance: number | null; serverSeedHash: string; nonce: number } | undefined;
  let row: PlayRoundRow | undefined;
  try {
    [after, row] = await db.transaction(async (trx) => {
      const [claimed] = await trx
        .update(playStates)
        .set({
          serverSeed: next,
          serverSeedHash: hashServerSeed(next),
          nonce: state.nonce + 1,
          freeBalance: free ? sql`${playStates.freeBalance} - ${body.stake} + ${win}` : null,
          updatedAt: ctx.now(),
        })
        .where(and(...conditions))
        .returning({ freeBalance: playStates.freeBalance, serverSeedHash: playStates.serverSeedHash, nonce: playStates.nonce });
      if (!claimed) return [undefined, undefined] as const;
      const [inserted] = await trx
        .insert(playRounds)
        .values({
          id: roundId,
          sessionId: play.session.id,
          merchantCode: play.session.merchantCode,
          memberId: play.session.memberId,
          gameId: play.session.gameId,
          engine: play.inhouse ? play.engine : 'wheel',
          mode: free ? 'free' : 'real',
          stake: body.stake,
          win,
          outcome: result.outcome as unknown as Record<string, unknown>,
          serverSeed: play.inhouse ? state.serverSeed : null,
          serverSeedHash: play.inhouse ? state.serverSeedHash : null,
          clientSeed: play.inhouse ? clientSeed : null,
          nonce: play.inhouse ? state.nonce : null,
          status: free ? 'settled' : 'pending',
          roundKey: body.roundKey,
          requestHash,
          balanceAfter: free ? claimed.freeBalance : null,
          createdAt: ctx.now(),
        })
        .returning();
      return [claimed, inserted] as const;
    });
  } catch (error) {
    // The same key raced in from another request: answer as a retry.
    if (sqlState(error) === '23505' && constraintOf(error) === 'play_rounds_session_key_uq') {
      const raced = await findKeyedRound(db, play.session.id, body.roundKey);
      if (raced) return answerKeyedRound(ctx, play, raced, requestHash);
    }
    throw error;
  }
  if (!after || !row) {
    if (free && (state.freeBalance ?? 0) < body.stake) throw new AppError(409, playErrorCodes.balanceInsufficient, 'Not enough play money for this stake.');
    throw new AppError(409, playErrorCodes.roundBusy, 'Another round of this session is in progress.');
  }
  const commitment = play.inhouse ? { serverSeedHash: after.serverSeedHash, nonce: after.nonce } : null;
  if (free) return { round: toRound(row), balance: after.freeBalance ?? 0, commitment };

  const vendor = vendorFor(ctx, play);
  const playerId = String(play.session.memberId);
  try {
    await vendor.debit({ transactionId: `${roundId}:bet`, playerId, gameCode: play.session.game.code, roundId, amount: body.stake });
  } catch (error) {
    if (isAppError(error, (s) => s < 500)) {
      // Refused: no bet, no round; the committed seed (never revealed) stays the next round's.
      await db.transaction(async (trx) => {
        await trx.delete(playRounds).where(and(eq(playRounds.id, roundId), eq(playRounds.status, 'pending')));
        await trx
          .update(playStates)
          .set({ serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, nonce: state.nonce })
          .where(and(eq(playStates.sessionId, play.session.id), eq(playStates.nonce, state.nonce + 1), eq(playStates.serverSeed, next)));
      });
    }
    // Otherwise the bet may or may not be placed: the round stays pending for the recovery sweep.
    throw error;
  }
  let balance: number;
  try {
    balance = (await vendor.credit({ transactionId: `${roundId}:win`, playerId, roundId, amount: win })).balance;
  } catch (error) {
    // The round cannot be settled: refund the stake, as a vendor voids a failed round. When that fails
    // too, the round stays pending and the recovery sweep rolls it back later.
    const voided = await vendor.rollback({ transactionId: `${roundId}:void`, playerId, roundId }).then(
      () => true,
      () => false,
    );
    if (voided) await db.update(playRounds).set({ status: 'void' }).where(and(eq(playRounds.id, roundId), eq(playRounds.status, 'pending')));
    throw error;
  }
  const [settled] = await db
    .update(playRounds)
    .set({ status: 'settled', balanceAfter: balance })
    .where(eq(playRounds.id, roundId))
    .returning();
  return { round: toRound(settled ?? row), balance, commitment };
}

// ------------------------------------------------------------------ recovery

/** Rounds left pending longer than this are taken as interrupted (default of `recoverOpenRounds`). */
export const defaultRecoverAfterMs = 30_000;

export interface RecoveryReport {
  /** Pending rounds older than the timeout that were looked at. */
  found: number;
  /** Rolled back (the stake returned), or voided before their bet was placed (none was, and none can be now). */
  rolledBack: number;
  /** Their settlement had gone through (only the round row was not updated): marked settled. */
  settled: number;
  /** Could not be settled now (the wallet refused or failed); tried again by the next sweep. */
  failed: number;
}

/**
 * Settles the real-money rounds of game pages that stayed `pending` longer
 * than `olderThanMs` (their process died between bet and settlement, or the
 * settlement and its rollback both failed): each is rolled back through the
 * signed seamless-wallet API as its vendor, with the fixed transaction id
 * `<roundId>:void`, so concurrent or repeated sweeps move the stake back once.
 * A round whose bet never arrived is voided (the wallet remembers the round, so
 * a late bet of it is refused); one whose settlement did go through is marked
 * settled. Only the platform's own rounds (in-house engines and the vendor
 * sandbox) are here: bets of third-party vendors are theirs to settle.
 */
export async function recoverOpenRounds(
  app: FastifyInstance,
  options: { now: () => Date; olderThanMs?: number; merchantCode?: string; limit?: number },
): Promise<RecoveryReport> {
  const db = app.db;
  const cutoff = new Date(options.now().getTime() - (options.olderThanMs ?? defaultRecoverAfterMs));
  const conditions = [eq(playRounds.status, 'pending'), eq(playRounds.mode, 'real'), lt(playRounds.createdAt, cutoff)];
  if (options.merchantCode) conditions.push(eq(playRounds.merchantCode, options.merchantCode));
  const rows = await db
    .select({ id: playRounds.id, merchantCode: playRounds.merchantCode, memberId: playRounds.memberId, vendorCode: games.vassalage })
    .from(playRounds)
    .innerJoin(games, eq(games.id, playRounds.gameId))
    .where(and(...conditions))
    .orderBy(asc(playRounds.createdAt))
    .limit(options.limit ?? 500);
  const report: RecoveryReport = { found: rows.length, rolledBack: 0, settled: 0, failed: 0 };
  for (const round of rows) {
    const vendor = createVendorClient(app, round.merchantCode, round.vendorCode, options.now);
    try {
      try {
        await vendor.rollback({ transactionId: `${round.id}:void`, playerId: String(round.memberId), roundId: round.id });
      } catch (error) {
        // No bet arrived (the wallet now refuses a late one for this round): nothing to return.
        if (!isAppError(error, (s) => s === 404, seamlessErrorCodes.betNotFound)) throw error;
      }
      await db.update(playRounds).set({ status: 'void' }).where(and(eq(playRounds.id, round.id), eq(playRounds.status, 'pending')));
      report.rolledBack++;
    } catch (error) {
      if (isAppError(error, (s) => s === 409, seamlessErrorCodes.betSettled)) {
        const [bet] = await db
          .select({ win: bets.win })
          .from(bets)
          .where(and(eq(bets.merchantCode, round.merchantCode), eq(bets.vendorCode, round.vendorCode), eq(bets.roundId, round.id)));
        await db
          .update(playRounds)
          .set({ status: 'settled', ...(bet ? { win: bet.win } : {}) })
          .where(and(eq(playRounds.id, round.id), eq(playRounds.status, 'pending')));
        report.settled++;
      } else {
        app.log.warn({ err: error, roundId: round.id }, 'open round not recovered yet');
        report.failed++;
      }
    }
  }
  if (report.found) app.log.info({ ...report }, 'open game rounds recovered');
  return report;
}
