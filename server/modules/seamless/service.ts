/**
 * The seamless wallet behind `/lgw/wallet/*`: what a (verified) vendor asks
 * for, applied to the ledger. Each debit, credit or rollback is one step of
 * the database function `seamless_apply` (migration 0010_money_path), and the
 * requests that arrive while a batch is running go together in the next one
 * (group commit, server/lib/batcher.ts): one statement and one database
 * transaction per batch, whatever its size. In it, the vendor's transaction
 * id and the round are locked (advisory locks), a repeated transaction id is
 * answered from `seamless_requests` (the first answer, balance included), the
 * ledger posting (bet: member -> vendor; win and rollback: vendor -> member)
 * and the `bets` row commit together; the database allows one bet per round
 * (`bets_round_uq`) even without the lock. Refusals change nothing, except
 * that a rollback of an unknown round, while answering 404, is remembered
 * (`seamless_voided_rounds`) so that a late debit of that round is refused
 * (409 `seamless.round.voided`).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type CreditBody, type DebitBody, type MovementAnswer, type RollbackBody, seamlessErrorCodes } from '../../../contract/seamless.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import { forgetWallets } from '../wallet/wallet-answers.ts';
import { type AccountRef, accountKey, balanceOf, constraintOf, InsufficientBalanceError, isRetryable, sqlState } from '../wallet/ledger.ts';

export interface WalletScope {
  merchantCode: string;
  currency: string;
  vendorCode: string;
}

const memberAccount = (memberId: number): AccountRef => ({ kind: 'member', memberId });

function hashOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The member of a playerId; `active` also requires an enabled account (bets), settlements pay any member. */
async function findMember(db: Database, merchantCode: string, playerId: string, active = true) {
  const id = /^\d{1,15}$/.test(playerId) ? Number(playerId) : 0;
  const [member] = id
    ? await db
        .select({ id: members.id, username: members.username, status: members.status })
        .from(members)
        .where(and(eq(members.id, id), eq(members.merchantCode, merchantCode)))
        .limit(1)
    : [];
  if (!member || (active && member.status !== 'active')) throw new AppError(404, seamlessErrorCodes.playerUnknown, 'Unknown player.');
  return member;
}

export async function walletBalance(db: Database, scope: WalletScope, playerId: string) {
  const member = await findMember(db, scope.merchantCode, playerId);
  return { balance: await balanceOf(db, scope.merchantCode, memberAccount(member.id)), currency: scope.currency };
}

/** One request of a batch, as `seamless_apply` reads it. */
interface Step {
  kind: 'debit' | 'credit' | 'rollback';
  merchant: string;
  vendor: string;
  tx: string;
  member: number;
  game?: string;
  round: string;
  amount?: number;
  hash: string;
  at: string;
}

/** What `seamless_apply` answers for a step: 'ok' with the movement, or why it was refused. */
interface Outcome {
  status: string;
  balance: number | null;
  platformTx: string | null;
  betId: number | null;
  replayed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function applyBatch(db: Database, steps: Step[]): Promise<Outcome[]> {
  const batch = JSON.stringify(steps.map((step, i) => ({ ...step, i })));
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.execute(sql`select * from seamless_apply(${batch}::jsonb)`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      forgetWallets(db, steps.map((s) => s.member));
      const outcomes: Outcome[] = new Array(steps.length);
      for (const row of rows) {
        outcomes[Number(row.i)] = {
          status: String(row.status),
          balance: row.balance === null ? null : Number(row.balance),
          platformTx: (row.platform_tx as string | null) ?? null,
          betId: row.bet_id === null ? null : Number(row.bet_id),
          replayed: row.replayed === true,
        };
      }
      return outcomes;
    } catch (error) {
      // Deadlocks cannot happen between batches (locks in one order); a serialization failure can be retried.
      if (isRetryable(error) && attempt < 5) {
        await sleep(Math.min(50, 2 ** attempt) * Math.random());
        continue;
      }
      if (sqlState(error) === '23505' && constraintOf(error) === 'bets_round_uq') {
        throw new AppError(409, seamlessErrorCodes.roundExists, 'This round already has a bet.');
      }
      if (sqlState(error) === '23505' && constraintOf(error) === 'ledger_transactions_merchant_key_uq') {
        // Its ledger key was taken by a write that did not go through this path.
        throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used.');
      }
      throw error;
    }
  }
}

const batchers = new WeakMap<Database, Batcher<Step, Outcome>>();

/**
 * The batcher of a database: one batch at a time per process (PGlite runs one statement at a time
 * anyway; on PostgreSQL the batches of several processes queue on the accounts they share and never
 * deadlock). Two requests of one transaction id or round never share a batch.
 */
function batcherOf(db: Database): Batcher<Step, Outcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher({
      run: (steps) => applyBatch(db, steps),
      maxBatch: 64,
      maxInFlight: 1,
      keysOf: (s) => [`tx|${s.merchant}|${s.vendor}|${s.tx}`, `round|${s.merchant}|${s.vendor}|${s.round}`],
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/** The numeric member id of a playerId, or 404 without asking the database. */
function memberIdOf(playerId: string): number {
  const id = /^\d{1,15}$/.test(playerId) ? Number(playerId) : 0;
  if (!id) throw new AppError(404, seamlessErrorCodes.playerUnknown, 'Unknown player.');
  return id;
}

const refusals: Record<string, () => AppError> = {
  player_unknown: () => new AppError(404, seamlessErrorCodes.playerUnknown, 'Unknown player.'),
  tx_conflict: () => new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used with different parameters.'),
  tx_rolled_back: () => new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used by a rollback.'),
  game_unknown: () => new AppError(404, seamlessErrorCodes.gameUnknown, 'Unknown game of this vendor.'),
  round_voided: () => new AppError(409, seamlessErrorCodes.roundVoided, 'This round was rolled back before its bet arrived; it takes no bet.'),
  round_exists: () => new AppError(409, seamlessErrorCodes.roundExists, 'This round already has a bet.'),
  bet_not_found: () => new AppError(404, seamlessErrorCodes.betNotFound, 'No bet for this round.'),
  round_unknown: () => new AppError(404, seamlessErrorCodes.betNotFound, 'No bet for this round.'),
  bet_settled: () => new AppError(409, seamlessErrorCodes.betSettled, 'This round is already settled.'),
  bet_rolled_back: () => new AppError(409, seamlessErrorCodes.betRolledBack, 'This round was rolled back.'),
  // The player's own protections (server/modules/responsible-gaming/).
  excluded: () => new AppError(403, errorCodes.rgPlayExcluded, 'The player is in a time-out or self-exclusion.'),
  limit_wager: () => new AppError(409, errorCodes.rgBetWagerLimit, "This bet would pass the player's wager limit."),
  limit_loss: () => new AppError(409, errorCodes.rgBetLossLimit, "This bet would pass the player's loss limit."),
};

async function move(db: Database, scope: WalletScope, step: Omit<Step, 'merchant' | 'vendor' | 'at'>, now: Date): Promise<MovementAnswer> {
  const outcome = await batcherOf(db)({ ...step, merchant: scope.merchantCode, vendor: scope.vendorCode, at: now.toISOString() });
  if (outcome.status === 'insufficient') throw new InsufficientBalanceError(accountKey(memberAccount(step.member)));
  if (outcome.status !== 'ok') {
    const refusal = refusals[outcome.status];
    if (!refusal) throw new Error(`seamless_apply answered ${outcome.status}`);
    throw refusal();
  }
  return {
    balance: outcome.balance ?? 0,
    currency: scope.currency,
    platformTransactionId: outcome.platformTx,
    betId: outcome.betId ?? 0,
    replayed: outcome.replayed,
  };
}

/** A bet: member -> vendor, opens the round. */
export function walletDebit(db: Database, scope: WalletScope, body: DebitBody, now: Date): Promise<MovementAnswer> {
  const member = memberIdOf(body.playerId);
  const hash = hashOf(['debit', body.playerId, body.gameCode, body.roundId, body.amount]);
  return move(db, scope, { kind: 'debit', tx: body.transactionId, member, game: body.gameCode, round: body.roundId, amount: body.amount, hash }, now);
}

/** The win of a round (possibly 0): vendor -> member, settles the bet. */
export function walletCredit(db: Database, scope: WalletScope, body: CreditBody, now: Date): Promise<MovementAnswer> {
  const member = memberIdOf(body.playerId);
  const hash = hashOf(['credit', body.playerId, body.roundId, body.amount]);
  return move(db, scope, { kind: 'credit', tx: body.transactionId, member, round: body.roundId, amount: body.amount, hash }, now);
}

/**
 * Refund of an open round's stake: vendor -> member. A settled round is 409,
 * changing nothing; a round already rolled back answers success (the first
 * rollback's answer) with `replayed: true` and changes nothing. An unknown
 * round is 404 and moves no money, but the round is remembered as voided
 * (committed before answering), so a debit of it arriving later is refused.
 */
export function walletRollback(db: Database, scope: WalletScope, body: RollbackBody, now: Date): Promise<MovementAnswer> {
  const member = memberIdOf(body.playerId);
  const hash = hashOf(['rollback', body.playerId, body.roundId]);
  return move(db, scope, { kind: 'rollback', tx: body.transactionId, member, round: body.roundId, hash }, now);
}
