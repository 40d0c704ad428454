/**
 * Rounds of game pages. A game session (`/play/<token>`, created by the
 * launch) plays either an in-house engine (vendor BGS: slot, dice, crash;
 * provably fair) or, for every other vendor, the local vendor sandbox's wheel.
 * Real-money rounds go through the signed seamless-wallet API as a vendor's
 * bet and settlement; free-play sessions use play money kept on the
 * session's play state and never touch the ledger.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../../src/api/contract.ts';
import { inhouseVendor } from '../../../src/api/games.ts';
import {
  crashParamsSchema,
  diceParamsSchema,
  type EngineName,
  freePlayBalance,
  type PlayRound,
  type PlayState,
  playErrorCodes,
  type RoundBody,
  type RoundResult,
} from '../../../src/api/play.ts';
import { games, vendors } from '../../db/schema-catalogue.ts';
import { type PlayRoundRow, playRounds, playStates } from '../../db/schema-play.ts';
import { AppError } from '../../http/app-error.ts';
import { type ResolvedGameSession, resolveGameSession } from '../games/game-sessions.ts';
import { engineOfGame, payout, playEngine, type RoundParams } from './engines.ts';
import { fairStream, hashServerSeed, newServerSeed, type RandomSource } from './fair-random.ts';
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

/** The session of a token, or 401 `play.session.invalid` (unknown, malformed or expired). */
export async function openSession(ctx: PlayContext, token: string): Promise<PlaySession> {
  const session = await resolveGameSession(ctx.app.db, token, ctx.now());
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
  const target = typeof row.outcome.target === 'number' ? row.outcome.target : undefined;
  const verifyUrl = fair
    ? `/play/verify?${new URLSearchParams({
        engine: row.engine,
        serverSeed: fair.serverSeed,
        serverSeedHash: fair.serverSeedHash,
        clientSeed: fair.clientSeed,
        nonce: String(fair.nonce),
        ...(target !== undefined ? { target: String(target) } : {}),
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

export async function playState(ctx: PlayContext, token: string): Promise<PlayState> {
  const play = await openSession(ctx, token);
  const state = await ensureState(ctx, play);
  const merchant = await ctx.app.merchants.get(play.session.merchantCode);
  const balance =
    state.freeBalance !== null
      ? state.freeBalance
      : (await vendorFor(ctx, play).balance({ playerId: String(play.session.memberId) })).balance;
  const [last] = await ctx.app.db
    .select()
    .from(playRounds)
    .where(eq(playRounds.sessionId, play.session.id))
    .orderBy(desc(playRounds.seq))
    .limit(1);
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
    lastRound: last ? toRound(last) : null,
    lobbyUrl: '/m/home',
  };
}

function roundParams(engine: EngineName, body: RoundBody): RoundParams {
  if (engine === 'dice' || engine === 'crash') {
    const schema = engine === 'dice' ? diceParamsSchema : crashParamsSchema;
    const parsed = schema.safeParse({ target: body.target ?? (engine === 'dice' ? 4_950 : 200) });
    if (!parsed.success) {
      throw new AppError(400, playErrorCodes.paramsInvalid, engine === 'dice' ? 'The target must be 100 to 9800.' : 'The target must be 101 to 100000.');
    }
    return parsed.data;
  }
  return {};
}

/** A CSPRNG source for the sandbox vendor's rounds (not provably fair: a third-party vendor's own RNG). */
function cryptoSource(): RandomSource {
  return { nextUint32: () => randomBytes(4).readUInt32BE(0) };
}

export async function playRound(ctx: PlayContext, token: string, body: RoundBody): Promise<RoundResult> {
  const db = ctx.app.db;
  const play = await openSession(ctx, token);
  if (body.stake < play.minBet) throw new AppError(400, playErrorCodes.stakeInvalid, `The stake must be at least ${play.minBet} (minor units).`);
  const params = roundParams(play.engine, body);
  const state = await ensureState(ctx, play);
  const free = state.freeBalance !== null;
  const clientSeed = body.clientSeed ?? randomBytes(8).toString('hex');
  const result = play.inhouse
    ? playEngine(play.engine, fairStream(state.serverSeed, clientSeed, state.nonce), params)
    : playEngine('wheel', cryptoSource(), {});
  const win = payout(body.stake, result.multiplierBp);

  // Claim the committed seed (and, in free play, the play money) for this round.
  const next = newServerSeed();
  const conditions = [eq(playStates.sessionId, play.session.id), eq(playStates.nonce, state.nonce)];
  if (free) conditions.push(gte(playStates.freeBalance, body.stake));
  const claimed = await db
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
  const after = claimed[0];
  if (!after) {
    if (free && (state.freeBalance ?? 0) < body.stake) throw new AppError(409, playErrorCodes.balanceInsufficient, 'Not enough play money for this stake.');
    throw new AppError(409, playErrorCodes.roundBusy, 'Another round of this session is in progress.');
  }

  const roundId = randomUUID();
  let balance = after.freeBalance ?? 0;
  if (!free) {
    const vendor = vendorFor(ctx, play);
    const playerId = String(play.session.memberId);
    try {
      await vendor.debit({ transactionId: `${roundId}:bet`, playerId, gameCode: play.session.game.code, roundId, amount: body.stake });
    } catch (error) {
      // No bet, no round: the committed seed (never revealed) stays the next round's.
      await db
        .update(playStates)
        .set({ serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, nonce: state.nonce })
        .where(and(eq(playStates.sessionId, play.session.id), eq(playStates.nonce, state.nonce + 1), eq(playStates.serverSeed, next)));
      throw error;
    }
    try {
      balance = (await vendor.credit({ transactionId: `${roundId}:win`, playerId, roundId, amount: win })).balance;
    } catch (error) {
      // The round cannot be settled: refund the stake, as a vendor voids a failed round.
      await vendor.rollback({ transactionId: `${roundId}:void`, playerId, roundId }).catch(() => undefined);
      throw error;
    }
  }
  const [row] = await db
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
      createdAt: ctx.now(),
    })
    .returning();
  return {
    round: toRound(row!),
    balance,
    commitment: play.inhouse ? { serverSeedHash: after.serverSeedHash, nonce: after.nonce } : null,
  };
}
