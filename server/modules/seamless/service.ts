/**
 * The seamless wallet behind `/lgw/wallet/*`: what a (verified) vendor asks
 * for, applied to the ledger. One database transaction per request: the
 * vendor's transaction id and the round are locked (advisory locks), a
 * repeated transaction id is answered from `seamless_requests` (the first
 * answer, balance included), the ledger posting (bet: member -> vendor; win
 * and rollback: vendor -> member) and the `bets` row commit together; the
 * database allows one bet per round (`bets_round_uq`) even without the lock.
 * Errors change nothing, except that a rollback of an unknown round, while
 * answering 404, is remembered (`seamless_voided_rounds`) so that a late debit
 * of that round is refused (409 `seamless.round.voided`).
 */
import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { type CreditBody, type DebitBody, type MovementAnswer, type RollbackBody, seamlessErrorCodes } from '../../../contract/seamless.ts';
import type { Database } from '../../db/connect.ts';
import { games } from '../../db/schema-catalogue.ts';
import { seamlessRequests, seamlessVoidedRounds } from '../../db/schema-play.ts';
import { type BetRow, bets } from '../../db/schema-wallet.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type AccountRef, accountKey, balanceOf, constraintOf, isRetryable, postTransaction, sqlState } from '../wallet/ledger.ts';

export interface WalletScope {
  merchantCode: string;
  currency: string;
  vendorCode: string;
}

const memberAccount = (memberId: number): AccountRef => ({ kind: 'member', memberId });
const vendorAccount = (vendorCode: string): AccountRef => ({ kind: 'vendor', vendorCode });

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

/** Runs fn in a transaction holding the locks of the vendor transaction id and of the round; retried on deadlock. */
async function locked<T>(db: Database, scope: WalletScope, transactionId: string, roundId: string, fn: (trx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const base = `seamless|${scope.merchantCode}|${scope.vendorCode}`;
        // Both locks in one statement, always in this order (no deadlock between two requests).
        await trx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${base}|tx|${transactionId}`})), pg_advisory_xact_lock(hashtext(${`${base}|round|${roundId}`}))`,
        );
        return fn(trx as unknown as Database);
      });
    } catch (error) {
      if (isRetryable(error) && attempt < 5) continue;
      if (sqlState(error) === '23505' && constraintOf(error) === 'bets_round_uq') {
        throw new AppError(409, seamlessErrorCodes.roundExists, 'This round already has a bet.');
      }
      throw error;
    }
  }
}

/** The earlier answer to a repeated transaction id, or a conflict when its parameters differ. */
async function replay(trx: Database, scope: WalletScope, transactionId: string, requestHash: string, memberId: number): Promise<MovementAnswer | null> {
  const [seen] = await trx
    .select()
    .from(seamlessRequests)
    .where(
      and(
        eq(seamlessRequests.merchantCode, scope.merchantCode),
        eq(seamlessRequests.vendorCode, scope.vendorCode),
        eq(seamlessRequests.transactionId, transactionId),
      ),
    )
    .limit(1);
  if (!seen) return null;
  if (seen.requestHash !== requestHash) {
    throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used with different parameters.');
  }
  return {
    // The balance of the first answer (rows from before it was kept: the current one).
    balance: seen.balanceAfter ?? (await balanceOf(trx, scope.merchantCode, memberAccount(memberId))),
    currency: scope.currency,
    platformTransactionId: seen.platformTransactionId,
    betId: seen.betId,
    replayed: true,
  };
}

async function findBet(trx: Database, scope: WalletScope, roundId: string, lock = true): Promise<BetRow | undefined> {
  const query = trx
    .select()
    .from(bets)
    .where(and(eq(bets.merchantCode, scope.merchantCode), eq(bets.vendorCode, scope.vendorCode), eq(bets.roundId, roundId)))
    .limit(1);
  const [bet] = lock ? await query.for('update') : await query;
  return bet;
}

async function record(
  trx: Database,
  scope: WalletScope,
  kind: 'debit' | 'credit' | 'rollback',
  transactionId: string,
  requestHash: string,
  betId: number,
  platformTransactionId: string | null,
  memberId: number,
  /** Balances after the posting (by account key), when the ledger gave them. */
  balances?: ReadonlyMap<string, number>,
): Promise<MovementAnswer> {
  const balance = balances?.get(accountKey(memberAccount(memberId))) ?? (await balanceOf(trx, scope.merchantCode, memberAccount(memberId)));
  await trx.insert(seamlessRequests).values({
    merchantCode: scope.merchantCode,
    vendorCode: scope.vendorCode,
    transactionId,
    kind,
    requestHash,
    betId,
    platformTransactionId,
    balanceAfter: balance,
  });
  return { balance, currency: scope.currency, platformTransactionId, betId, replayed: false };
}

/** The rollback the vendor sent for a round before any bet of it arrived, matched by round or by transaction id. */
async function findVoided(trx: Database, scope: WalletScope, roundId: string, transactionId: string) {
  const [voided] = await trx
    .select()
    .from(seamlessVoidedRounds)
    .where(
      and(
        eq(seamlessVoidedRounds.merchantCode, scope.merchantCode),
        eq(seamlessVoidedRounds.vendorCode, scope.vendorCode),
        or(eq(seamlessVoidedRounds.roundId, roundId), eq(seamlessVoidedRounds.transactionId, transactionId)),
      ),
    )
    .limit(1);
  return voided;
}

const ledgerKey = (scope: WalletScope, transactionId: string) => `seamless:${scope.vendorCode}:${transactionId}`;

/** A bet: member -> vendor, opens the round. */
export async function walletDebit(db: Database, scope: WalletScope, body: DebitBody, now: Date): Promise<MovementAnswer> {
  const member = await findMember(db, scope.merchantCode, body.playerId);
  const requestHash = hashOf(['debit', body.playerId, body.gameCode, body.roundId, body.amount]);
  return locked(db, scope, body.transactionId, body.roundId, async (trx) => {
    const seen = await replay(trx, scope, body.transactionId, requestHash, member.id);
    if (seen) return seen;
    const [game] = await trx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.merchantCode, scope.merchantCode), eq(games.vassalage, scope.vendorCode), eq(games.gameCode, body.gameCode)))
      .limit(1);
    if (!game) throw new AppError(404, seamlessErrorCodes.gameUnknown, 'Unknown game of this vendor.');
    const voided = await findVoided(trx, scope, body.roundId, body.transactionId);
    if (voided?.roundId === body.roundId) {
      throw new AppError(409, seamlessErrorCodes.roundVoided, 'This round was rolled back before its bet arrived; it takes no bet.');
    }
    if (voided) throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used by a rollback.');
    if (await findBet(trx, scope, body.roundId, false)) {
      throw new AppError(409, seamlessErrorCodes.roundExists, 'This round already has a bet.');
    }
    let answer: MovementAnswer | undefined;
    await postTransaction(
      trx,
      {
        merchantId: scope.merchantCode,
        idempotencyKey: ledgerKey(scope, body.transactionId),
        kind: 'bet',
        postings: [
          { account: memberAccount(member.id), amount: -body.amount },
          { account: vendorAccount(scope.vendorCode), amount: body.amount },
        ],
        meta: { vendor: scope.vendorCode, roundId: body.roundId, gameId: game.id, transactionId: body.transactionId },
      },
      {
        afterPost: async (post, { transactionId, balances }) => {
          const [bet] = await post
            .insert(bets)
            .values({
              merchantCode: scope.merchantCode,
              memberId: member.id,
              gameId: game.id,
              vendorCode: scope.vendorCode,
              roundId: body.roundId,
              stake: body.amount,
              status: 'open',
              betTxId: transactionId,
              createdAt: now,
            })
            .returning({ id: bets.id });
          answer = await record(post, scope, 'debit', body.transactionId, requestHash, bet!.id, transactionId, member.id, balances);
        },
      },
    );
    if (!answer) throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used.');
    return answer;
  });
}

function settledError(bet: BetRow): AppError {
  return bet.status === 'settled'
    ? new AppError(409, seamlessErrorCodes.betSettled, 'This round is already settled.')
    : new AppError(409, seamlessErrorCodes.betRolledBack, 'This round was rolled back.');
}

/** The win of a round (possibly 0): vendor -> member, settles the bet. */
export async function walletCredit(db: Database, scope: WalletScope, body: CreditBody, now: Date): Promise<MovementAnswer> {
  const member = await findMember(db, scope.merchantCode, body.playerId, false);
  const requestHash = hashOf(['credit', body.playerId, body.roundId, body.amount]);
  return locked(db, scope, body.transactionId, body.roundId, async (trx) => {
    const seen = await replay(trx, scope, body.transactionId, requestHash, member.id);
    if (seen) return seen;
    const bet = await findBet(trx, scope, body.roundId);
    if (!bet || bet.memberId !== member.id) throw new AppError(404, seamlessErrorCodes.betNotFound, 'No bet for this round.');
    if (bet.status !== 'open') throw settledError(bet);
    const settle = async (post: Database, platformTransactionId: string | null, balances?: ReadonlyMap<string, number>) => {
      await post
        .update(bets)
        .set({ status: 'settled', win: body.amount, settleTxId: platformTransactionId, settledAt: now })
        .where(eq(bets.id, bet.id));
      return record(post, scope, 'credit', body.transactionId, requestHash, bet.id, platformTransactionId, member.id, balances);
    };
    if (body.amount === 0) return settle(trx, null);
    let answer: MovementAnswer | undefined;
    await postTransaction(
      trx,
      {
        merchantId: scope.merchantCode,
        idempotencyKey: ledgerKey(scope, body.transactionId),
        kind: 'win',
        postings: [
          { account: vendorAccount(scope.vendorCode), amount: -body.amount },
          { account: memberAccount(member.id), amount: body.amount },
        ],
        meta: { vendor: scope.vendorCode, roundId: body.roundId, gameId: bet.gameId, transactionId: body.transactionId },
      },
      {
        afterPost: async (post, { transactionId, balances }) => {
          answer = await settle(post, transactionId, balances);
        },
      },
    );
    if (!answer) throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This transactionId was already used.');
    return answer;
  });
}

/**
 * Refund of an open round's stake: vendor -> member. A settled round is 409,
 * changing nothing; a round already rolled back answers success (the first
 * rollback's answer) with `replayed: true` and changes nothing. An unknown
 * round is 404 and moves no money, but the round is remembered as voided
 * (committed before answering), so a debit of it arriving later is refused.
 */
export async function walletRollback(db: Database, scope: WalletScope, body: RollbackBody, now: Date): Promise<MovementAnswer> {
  const member = await findMember(db, scope.merchantCode, body.playerId, false);
  const requestHash = hashOf(['rollback', body.playerId, body.roundId]);
  const answer = await locked(db, scope, body.transactionId, body.roundId, async (trx): Promise<MovementAnswer | 'unknown'> => {
    const seen = await replay(trx, scope, body.transactionId, requestHash, member.id);
    if (seen) return seen;
    const bet = await findBet(trx, scope, body.roundId);
    if (!bet) {
      await trx
        .insert(seamlessVoidedRounds)
        .values({ merchantCode: scope.merchantCode, vendorCode: scope.vendorCode, roundId: body.roundId, transactionId: body.transactionId, memberId: member.id, createdAt: now })
        .onConflictDoNothing();
      return 'unknown';
    }
    if (bet.memberId !== member.id) throw new AppError(404, seamlessErrorCodes.betNotFound, 'No bet for this round.');
    if (bet.status === 'settled') throw settledError(bet);
    if (bet.status === 'rolled_back') {
      const [first] = await trx
        .select({ balanceAfter: seamlessRequests.balanceAfter })
        .from(seamlessRequests)
        .where(and(eq(seamlessRequests.betId, bet.id), eq(seamlessRequests.kind, 'rollback')))
        .limit(1);
      return {
        balance: first?.balanceAfter ?? (await balanceOf(trx, scope.merchantCode, memberAccount(member.id))),
        currency: scope.currency,
        platformTransactionId: bet.settleTxId,
        betId: bet.id,
        replayed: true,
      };
    }
    let posted: MovementAnswer | undefined;
    await postTransaction(
      trx,
      {
        merchantId: scope.merchantCode,
        idempotencyKey: `seamless:${scope.vendorCode}:rollback:${bet.id}`,
        kind: 'rollback',
        postings: [
          { account: vendorAccount(scope.vendorCode), amount: -bet.stake },
          { account: memberAccount(member.id), amount: bet.stake },
        ],
        meta: { vendor: scope.vendorCode, roundId: body.roundId, gameId: bet.gameId, transactionId: body.transactionId },
      },
      {
        afterPost: async (post, { transactionId, balances }) => {
          await post.update(bets).set({ status: 'rolled_back', settleTxId: transactionId, settledAt: now }).where(eq(bets.id, bet.id));
          posted = await record(post, scope, 'rollback', body.transactionId, requestHash, bet.id, transactionId, member.id, balances);
        },
      },
    );
    if (!posted) throw new AppError(409, seamlessErrorCodes.transactionConflict, 'This round was already rolled back.');
    return posted;
  });
  if (answer === 'unknown') throw new AppError(404, seamlessErrorCodes.betNotFound, 'No bet for this round.');
  return answer;
}
