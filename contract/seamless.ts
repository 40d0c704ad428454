/**
 * The seamless-wallet API vendors call (`/lgw/wallet/...`): balance,
 * debit (bet), credit (win, settles the round) and rollback (refund of an
 * open bet). Every request carries the headers `Merchant`, `X-Vendor`,
 * `X-Timestamp` (Unix milliseconds) and `X-Signature`: hex
 * HMAC-SHA256(vendor secret, "<timestamp>.<raw body>"). Requests outside the
 * replay window are refused. debit, credit and rollback are idempotent by the
 * vendor's transactionId. Amounts are integers of minor units.
 * See docs/games-play.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';

export const seamlessHeaders = {
  vendor: 'x-vendor',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** Largest accepted clock difference between vendor and platform, ms. */
export const signatureWindowMs = 5 * 60 * 1000;

const id = (max: number) => plainText(max).check(z.minLength(1), z.regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, _ . : -'));
const amount = (min: number) => z.number().check(z.int(), z.minimum(min), z.maximum(1_000_000_000_000));

/** The platform's member id as the vendor knows it (given at launch). */
const playerId = id(32);

export const balanceBodySchema = z.object({ playerId });
export const debitBodySchema = z.object({
  transactionId: id(64),
  playerId,
  gameCode: id(64),
  roundId: id(64),
  amount: amount(1),
});
export const creditBodySchema = z.object({
  transactionId: id(64),
  playerId,
  roundId: id(64),
  /** 0 settles a lost round. */
  amount: amount(0),
});
export const rollbackBodySchema = z.object({
  transactionId: id(64),
  playerId,
  roundId: id(64),
});
export type DebitBody = z.infer<typeof debitBodySchema>;
export type CreditBody = z.infer<typeof creditBodySchema>;
export type RollbackBody = z.infer<typeof rollbackBodySchema>;

export const walletAnswerSchema = z.object({
  balance: z.number(),
  currency: z.string(),
});
export const movementAnswerSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  /** The platform's ledger transaction (null for a settlement without money, a lost round). */
  platformTransactionId: z.nullable(z.string()),
  betId: z.number(),
  /** true when this transactionId was seen before: the first answer's result, nothing changed. */
  replayed: z.boolean(),
});
export type MovementAnswer = z.infer<typeof movementAnswerSchema>;

export const walletBalanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/wallet/balance',
  tag: 'seamless',
  summary: 'Seamless wallet: the player balance (signed by the vendor)',
  body: balanceBodySchema,
  value: walletAnswerSchema,
});
export const walletDebitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/wallet/debit',
  tag: 'seamless',
  summary: 'Seamless wallet: places a bet (member -> vendor), opens the round',
  body: debitBodySchema,
  value: movementAnswerSchema,
});
export const walletCreditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/wallet/credit',
  tag: 'seamless',
  summary: 'Seamless wallet: pays the win of a round (vendor -> member) and settles it',
  body: creditBodySchema,
  value: movementAnswerSchema,
});
export const walletRollbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/wallet/rollback',
  tag: 'seamless',
  summary: 'Seamless wallet: refunds the stake of an open round (vendor -> member)',
  body: rollbackBodySchema,
  value: movementAnswerSchema,
});

export const seamlessErrorCodes = {
  signatureMissing: 'seamless.signature.missing',
  signatureInvalid: 'seamless.signature.invalid',
  timestampExpired: 'seamless.timestamp.expired',
  vendorUnknown: 'seamless.vendor.unknown',
  playerUnknown: 'seamless.player.unknown',
  gameUnknown: 'seamless.game.unknown',
  transactionConflict: 'seamless.transaction.conflict',
  roundExists: 'seamless.round.exists',
  betNotFound: 'seamless.bet.not.found',
  betSettled: 'seamless.bet.settled',
  betRolledBack: 'seamless.bet.rolled.back',
  /** A debit for a round the vendor already rolled back before its bet arrived. */
  roundVoided: 'seamless.round.voided',
  balanceInsufficient: 'wallet.balance.insufficient',
} as const;
