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
 *
 * A stepped round (HiLo, Video Poker, Blackjack) takes the player's decisions
 * after its bet: it is `open` from the bet until its last action, which
 * settles it as above. Each action replays the round from its seed and the
 * actions kept so far; the seed is revealed only once the round has ended. A
 * round left open longer than the open-round timeout is finished by the
 * recovery sweep with the game's closing action (HiLo cashes out, Video Poker
 * keeps the five, Blackjack stands) and paid as the player would have been.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { inhouseVendor } from '../../../contract/games.ts';
import {
  type EngineName,
  formatStepActions,
  freePlayBalance,
  isSteppedEngine,
  type RoundActionBody,
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
import { type EngineOutcome, type EngineResult, engineOfGame, engineParams, payout, playEngine, type RoundParams } from './engines.ts';
import { finishAction, replayStepped, type StepAction, type SteppedState } from './stepped.ts';
import { fairStream, hashServerSeed, newServerSeed, type RandomSource } from './fair-random.ts';
import { constraintOf, sqlState } from '../wallet/ledger.ts';
import { seamlessErrorCodes } from '../../../contract/seamless.ts';
import { createVendorClient, type VendorClient } from './vendor-client.ts';

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

/** A stepped round's outcome as kept: what the player may see, the actions taken and the ones allowed next. */
function steppedOutcome(state: SteppedState, actions: readonly StepAction[]): Record<string, unknown> {
  return { ...state.view, actions, allowed: state.allowed };
}

const actionsOf = (row: PlayRoundRow): StepAction[] => (Array.isArray(row.outcome.actions) ? (row.outcome.actions as StepAction[]) : []);

function toRound(row: PlayRoundRow): PlayRound {
  const open = row.status === 'open';
  // An open round's seed stays secret: it decides the cards still to come.
  const fair =
    !open && row.serverSeed && row.serverSeedHash && row.clientSeed !== null && row.nonce !== null
      ? { serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce }
      : null;
  const { target, rows, risk, picks, choice, mines, allowed, ...shown } = row.outcome;
  const actions = actionsOf(row);
  // The round's target as its outcome keeps it: Penalty Goal's zone, a Mini Roulette number bet's number.
  const roundTarget = typeof target === 'number' ? target : typeof shown.zone === 'number' ? shown.zone : typeof shown.number === 'number' ? shown.number : undefined;
  const verifyUrl = fair
    ? `/play/verify?${new URLSearchParams({
        engine: row.engine,
        serverSeed: fair.serverSeed,
        serverSeedHash: fair.serverSeedHash,
        clientSeed: fair.clientSeed,
        nonce: String(fair.nonce),
        // The round's own parameters, as its outcome keeps them.
        ...(typeof roundTarget === 'number' ? { target: String(roundTarget) } : {}),
        ...(typeof rows === 'number' ? { rows: String(rows) } : {}),
        ...(typeof risk === 'string' ? { risk } : {}),
        ...(Array.isArray(picks) ? { picks: picks.join(',') } : {}),
        ...(typeof choice === 'string' ? { choice } : {}),
        ...(typeof mines === 'number' ? { mines: String(mines) } : {}),
        ...(actions.length > 0 ? { actions: formatStepActions(actions) } : {}),
      }).toString()}`
    : null;
  return {
    roundId: row.id,
    engine: row.engine as EngineName,
    stake: row.stake,
    win: row.win,
    outcome: { ...shown, ...pickDefined({ target, rows, risk, picks, choice, mines }) },
    fairness: fair,
    verifyUrl,
    createdAt: row.createdAt.toISOString(),
    ...(open ? { open: { allowed: Array.isArray(allowed) ? (allowed as StepAction['action'][]) : [], step: actions.length } } : {}),
  };
}

function pickDefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
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
  const [openRow] = isSteppedEngine(play.engine)
    ? await ctx.app.db
        .select()
        .from(playRounds)
        .where(and(eq(playRounds.sessionId, play.session.id), eq(playRounds.status, 'open')))
        .limit(1)
    : [];
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
    openRound: openRow ? toRound(openRow) : null,
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
  return answerRound(ctx, play, row);
}

/** A round as it stands, with the balance it answered (or the wallet's now) and the next round's commitment. */
async function answerRound(ctx: PlayContext, play: PlaySession, row: PlayRoundRow): Promise<RoundResult> {
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
  const stepped = play.inhouse && isSteppedEngine(play.engine);
  // A stepped round deals now and stays open unless the deal ends it (a blackjack).
  let opened = false;
  let result: EngineResult<EngineOutcome | Record<string, unknown>>;
  if (stepped && isSteppedEngine(play.engine)) {
    const dealt = replayStepped(play.engine, fairStream(state.serverSeed, clientSeed, state.nonce), []);
    if ('invalid' in dealt) throw new AppError(500, errorCodes.internal, dealt.invalid);
    opened = !dealt.done;
    result = { outcome: steppedOutcome(dealt, []), multiplierBp: dealt.done ? dealt.multiplierBp : 0 };
  } else {
    result = play.inhouse
      ? playEngine(play.engine, fairStream(state.serverSeed, clientSeed, state.nonce), params)
      : playEngine('wheel', cryptoSource(), {});
  }
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
      if (stepped) {
        // One stepped round at a time per session: the one waiting (or still being placed) first.
        const [waiting] = await trx
          .select({ id: playRounds.id })
          .from(playRounds)
          .where(and(eq(playRounds.sessionId, play.session.id), inArray(playRounds.status, ['open', 'pending'])))
          .limit(1);
        if (waiting) throw new AppError(409, playErrorCodes.roundOpen, 'A hand of this game is still in play: finish it first.');
      }
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
          status: free ? (opened ? 'open' : 'settled') : 'pending',
          roundKey: body.roundKey,
          requestHash,
          balanceAfter: free ? claimed.freeBalance : null,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
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
  let debited: { balance: number };
  try {
    debited = await vendor.debit({ transactionId: `${roundId}:bet`, playerId, gameCode: play.session.game.code, roundId, amount: body.stake });
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
  if (opened) {
    const [waiting] = await db
      .update(playRounds)
      .set({ status: 'open', balanceAfter: debited.balance, updatedAt: ctx.now() })
      .where(and(eq(playRounds.id, roundId), eq(playRounds.status, 'pending')))
      .returning();
    return { round: toRound(waiting ?? row), balance: debited.balance, commitment };
  }
  const settled = await settleRound(ctx.app, vendor, row, win);
  return { round: toRound(settled.row), balance: settled.balance, commitment };
}

/**
 * Pays a `pending` round its win through the vendor's credit (`<roundId>:win`) and marks it settled. When the credit
 * fails the stake is refunded, as a vendor voids a failed round; when that fails too the round stays pending for the
 * recovery sweep.
 */
async function settleRound(app: FastifyInstance, vendor: VendorClient, row: PlayRoundRow, win: number): Promise<{ row: PlayRoundRow; balance: number }> {
  const playerId = String(row.memberId);
  let balance: number;
  try {
    balance = (await vendor.credit({ transactionId: `${row.id}:win`, playerId, roundId: row.id, amount: win })).balance;
  } catch (error) {
    const voided = await vendor.rollback({ transactionId: `${row.id}:void`, playerId, roundId: row.id }).then(
      () => true,
      () => false,
    );
    if (voided) await app.db.update(playRounds).set({ status: 'void' }).where(and(eq(playRounds.id, row.id), eq(playRounds.status, 'pending')));
    throw error;
  }
  const [settled] = await app.db
    .update(playRounds)
    .set({ status: 'settled', balanceAfter: balance })
    .where(eq(playRounds.id, row.id))
    .returning();
  return { row: settled ?? row, balance };
}

// ------------------------------------------------------------------ stepped rounds

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Replays a stepped round with `actions`: its state, or 400 `play.params.invalid` with why the last action is refused. */
function replayRound(row: PlayRoundRow, actions: readonly StepAction[]): SteppedState {
  if (!isSteppedEngine(row.engine) || !row.serverSeed || row.clientSeed === null || row.nonce === null) {
    throw new AppError(409, playErrorCodes.roundClosed, 'This round takes no actions.');
  }
  const state = replayStepped(row.engine, fairStream(row.serverSeed, row.clientSeed, row.nonce), actions);
  if ('invalid' in state) throw new AppError(400, playErrorCodes.paramsInvalid, state.invalid);
  return state;
}

const sameAction = (a: StepAction | undefined, b: StepAction) =>
  !!a && a.action === b.action && JSON.stringify([...(a.holds ?? [])].sort()) === JSON.stringify([...(b.holds ?? [])].sort());

/**
 * Takes a stepped round's next action (its `step` says which): answers the round still open, or ended and paid. A
 * retry of an action already taken answers the round as it is; another action at that step is 409.
 */
export async function playAction(ctx: PlayContext, page: GamePageKey, roundId: string, body: RoundActionBody): Promise<RoundResult> {
  const play = await openSession(ctx, page);
  const notFound = () => new AppError(404, playErrorCodes.roundNotFound, 'No round of this game with that id.');
  if (!uuidPattern.test(roundId)) throw notFound();
  const [row] = await ctx.app.db
    .select()
    .from(playRounds)
    .where(and(eq(playRounds.id, roundId), eq(playRounds.sessionId, play.session.id)))
    .limit(1);
  if (!row) throw notFound();
  const action: StepAction = body.holds ? { action: body.action, holds: [...new Set(body.holds)].sort((a, b) => a - b) } : { action: body.action };
  const actions = actionsOf(row);
  if (body.step < actions.length) {
    if (!sameAction(actions[body.step], action)) throw new AppError(409, playErrorCodes.roundConflict, 'This step of the round was already played with another action.');
    if (row.status === 'pending') throw new AppError(409, playErrorCodes.roundBusy, 'This round is still in progress.');
    return answerRound(ctx, play, row);
  }
  if (body.step > actions.length) throw new AppError(409, playErrorCodes.roundConflict, 'This round is not at that step.');
  if (row.status === 'pending') throw new AppError(409, playErrorCodes.roundBusy, 'This round is still in progress.');
  if (row.status !== 'open') throw new AppError(409, playErrorCodes.roundClosed, 'This round has ended.');
  const next = [...actions, action];
  return advanceRound(ctx.app, ctx.now, row, actions.length, next, replayRound(row, next), vendorFor(ctx, play), play);
}

/**
 * Writes a stepped round's new actions: still open, or ended (free play pays the play money; a real round goes
 * pending and is paid through the vendor's credit). The write is conditional on the actions the round had, so two
 * answers to one step cannot both land.
 */
async function advanceRound(
  app: FastifyInstance,
  now: () => Date,
  row: PlayRoundRow,
  taken: number,
  next: StepAction[],
  state: SteppedState,
  vendor: VendorClient,
  play: PlaySession | null,
): Promise<RoundResult> {
  const db = app.db;
  const win = state.done ? payout(row.stake, state.multiplierBp) : 0;
  const unchanged = and(
    eq(playRounds.id, row.id),
    eq(playRounds.status, 'open'),
    sql`jsonb_array_length(coalesce(${playRounds.outcome} -> 'actions', '[]'::jsonb)) = ${taken}`,
  );
  const busy = () => new AppError(409, playErrorCodes.roundBusy, 'This round is still in progress.');
  const commitmentOf = async () => {
    if (!play) return null;
    const [current] = await db.select().from(playStates).where(eq(playStates.sessionId, row.sessionId));
    return current ? { serverSeedHash: current.serverSeedHash, nonce: current.nonce } : null;
  };
  const outcome = steppedOutcome(state, next);
  if (!state.done) {
    const [updated] = await db.update(playRounds).set({ outcome, updatedAt: now() }).where(unchanged).returning();
    if (!updated) throw busy();
    const balance = updated.balanceAfter ?? 0;
    return { round: toRound(updated), balance: row.mode === 'free' ? await freeBalanceOf(db, row.sessionId) : balance, commitment: await commitmentOf() };
  }
  if (row.mode === 'free') {
    const settled = await db.transaction(async (trx) => {
      const [ended] = await trx.update(playRounds).set({ outcome, win, status: 'settled', updatedAt: now() }).where(unchanged).returning();
      if (!ended) return undefined;
      const [state] = await trx
        .update(playStates)
        .set({ freeBalance: sql`${playStates.freeBalance} + ${win}`, updatedAt: now() })
        .where(eq(playStates.sessionId, row.sessionId))
        .returning({ freeBalance: playStates.freeBalance });
      const [final] = await trx.update(playRounds).set({ balanceAfter: state?.freeBalance ?? 0 }).where(eq(playRounds.id, row.id)).returning();
      return final;
    });
    if (!settled) throw busy();
    return { round: toRound(settled), balance: settled.balanceAfter ?? 0, commitment: await commitmentOf() };
  }
  const [ending] = await db.update(playRounds).set({ outcome, win, status: 'pending', updatedAt: now() }).where(unchanged).returning();
  if (!ending) throw busy();
  const settled = await settleRound(app, vendor, ending, win);
  return { round: toRound(settled.row), balance: settled.balance, commitment: await commitmentOf() };
}

async function freeBalanceOf(db: Database, sessionId: string): Promise<number> {
  const [state] = await db.select({ freeBalance: playStates.freeBalance }).from(playStates).where(eq(playStates.sessionId, sessionId));
  return state?.freeBalance ?? 0;
}

/** Stepped rounds left open longer than this are finished by the recovery sweep (default of `finishOpenRounds`). */
export const defaultOpenRoundTimeoutMs = 10 * 60_000;

/**
 * Finishes the stepped rounds nobody has touched for `olderThanMs`: each takes its game's closing action until it
 * ends, and is paid as an action of the player's would pay it.
 */
export async function finishOpenRounds(
  app: FastifyInstance,
  options: { now: () => Date; olderThanMs?: number; limit?: number },
): Promise<{ found: number; finished: number; failed: number }> {
  const cutoff = new Date(options.now().getTime() - (options.olderThanMs ?? defaultOpenRoundTimeoutMs));
  const rows = await app.db
    .select({ row: playRounds, vendorCode: games.vassalage })
    .from(playRounds)
    .innerJoin(games, eq(games.id, playRounds.gameId))
    .where(and(eq(playRounds.status, 'open'), lt(playRounds.updatedAt, cutoff)))
    .orderBy(asc(playRounds.updatedAt))
    .limit(options.limit ?? 200);
  const report = { found: rows.length, finished: 0, failed: 0 };
  for (const { row, vendorCode } of rows) {
    try {
      if (!isSteppedEngine(row.engine)) continue;
      const taken = actionsOf(row).length;
      const next = [...actionsOf(row)];
      let state = replayRound(row, next);
      while (!state.done && next.length < taken + 10) {
        next.push(finishAction(row.engine));
        state = replayRound(row, next);
      }
      // The write is conditional on the actions the round had: a player's action landing first wins.
      const vendor = createVendorClient(app, row.merchantCode, vendorCode, options.now);
      await advanceRound(app, options.now, row, taken, next, state, vendor, null);
      report.finished++;
    } catch (error) {
      app.log.warn({ err: error, roundId: row.id }, 'open stepped round not finished yet');
      report.failed++;
    }
  }
  if (report.found) app.log.info(report, 'open stepped rounds finished');
  return report;
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
  // A stepped round goes pending when it ends, long after it began: its clock is its last change.
  const conditions = [eq(playRounds.status, 'pending'), eq(playRounds.mode, 'real'), lt(playRounds.updatedAt, cutoff)];
  if (options.merchantCode) conditions.push(eq(playRounds.merchantCode, options.merchantCode));
  const rows = await db
    .select({ id: playRounds.id, merchantCode: playRounds.merchantCode, memberId: playRounds.memberId, vendorCode: games.vassalage })
    .from(playRounds)
    .innerJoin(games, eq(games.id, playRounds.gameId))
    .where(and(...conditions))
    .orderBy(asc(playRounds.updatedAt))
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
