/**
 * Playable games: the vendors' seamless-wallet
 * keys and requests, and the provably fair state and rounds of game sessions.
 * Money is bigint minor units; bets themselves are in schema-wallet.ts.
 * See docs/games-play.md.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { games, vendors } from './schema-catalogue.ts';
import { gameSessions } from './schema-lobby.ts';
import { bets, ledgerTransactions } from './schema-wallet.ts';
import { members, merchants } from './schema.ts';

/** The secret each vendor signs its seamless-wallet requests with (created on first use). */
export const vendorWalletKeys = pgTable('vendor_wallet_keys', {
  vendorCode: varchar('vendor_code', { length: 32 })
    .primaryKey()
    .references(() => vendors.code, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Every accepted debit, credit and rollback, by the vendor's transaction id:
 * a repeated request is answered from here and changes nothing.
 */
export const seamlessRequests = pgTable(
  'seamless_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    transactionId: varchar('transaction_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'debit' | 'credit' | 'rollback'>().notNull(),
    /** SHA-256 of the request's parameters: the same id with other parameters is a conflict. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    platformTransactionId: uuid('platform_transaction_id').references(() => ledgerTransactions.id),
    /** The member's balance the first answer gave (a replay answers it again); null on rows older than migration 0007. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seamless_requests_vendor_tx_uq').on(t.merchantCode, t.vendorCode, t.transactionId),
    index('seamless_requests_bet_idx').on(t.betId),
    check('seamless_requests_kind_ck', sql`${t.kind} in ('debit', 'credit', 'rollback')`),
  ],
);

/**
 * Rounds a vendor rolled back before any bet of theirs arrived (a rollback of
 * an unknown round answers 404 and moves no money): remembered so that a debit
 * arriving later for that round, or with that transaction id, is refused
 * instead of charging the player for a round the vendor voided.
 */
export const seamlessVoidedRounds = pgTable(
  'seamless_voided_rounds',
  {
    merchantCode: varchar('merchant_code', { length: 32 })
      .notNull()
      .references(() => merchants.code, { onDelete: 'cascade' }),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    /** The rollback's transaction id. */
    transactionId: varchar('transaction_id', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.vendorCode, t.roundId] }),
    index('seamless_voided_rounds_tx_idx').on(t.merchantCode, t.vendorCode, t.transactionId),
  ],
);

/**
 * The provably fair state of a game session: the committed seed of the next
 * round (only its hash is shown before the round) and, in free play, the
 * session's play money.
 */
export const playStates = pgTable(
  'play_states',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    nonce: integer('nonce').notNull().default(0),
    freeBalance: bigint('free_balance', { mode: 'number' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('play_states_free_balance_ck', sql`${t.freeBalance} is null or ${t.freeBalance} >= 0`),
    check('play_states_nonce_ck', sql`${t.nonce} >= 0`),
  ],
);

export const playRoundStatusValues = ['pending', 'open', 'settled', 'void'] as const;

/**
 * Rounds played on game pages, with the revealed seed of in-house rounds. A
 * real-money round is written `pending` before its bet is sent and becomes
 * `settled` with its settlement; one whose settlement never came is found by
 * the recovery sweep and rolled back (`void`). A stepped round (HiLo, Video
 * Poker, Blackjack) is `open` between its bet and its last action, its
 * actions kept in the outcome; it goes `pending` while its win is paid.
 * `roundKey` is the browser's idempotency key of the round.
 */
export const playRounds = pgTable(
  'play_rounds',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order (rounds of one instant stay ordered). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    merchantCode: varchar('merchant_code', { length: 32 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    engine: varchar('engine', { length: 16 }).notNull(),
    mode: varchar('mode', { length: 8 }).$type<'real' | 'free'>().notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    serverSeed: varchar('server_seed', { length: 64 }),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }),
    clientSeed: varchar('client_seed', { length: 64 }),
    nonce: integer('nonce'),
    status: varchar('status', { length: 8 }).$type<(typeof playRoundStatusValues)[number]>().notNull().default('settled'),
    /** The browser's idempotency key (a retry with it answers this round). */
    roundKey: varchar('round_key', { length: 64 }),
    /** SHA-256 of the round's parameters: the same key with others is a conflict. */
    requestHash: varchar('request_hash', { length: 64 }),
    /** The balance the round answered (wallet or play money). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    /** When the round last changed status or took an action (the recovery sweep's clock). */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('play_rounds_session_idx').on(t.sessionId, t.seq.desc()),
    uniqueIndex('play_rounds_session_key_uq').on(t.sessionId, t.roundKey),
    index('play_rounds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    index('play_rounds_open_idx').on(t.updatedAt).where(sql`${t.status} = 'open'`),
    check('play_rounds_amounts_ck', sql`${t.stake} > 0 and ${t.win} >= 0`),
    check('play_rounds_mode_ck', sql`${t.mode} in ('real', 'free')`),
    check('play_rounds_status_ck', sql`${t.status} in ('pending', 'open', 'settled', 'void')`),
  ],
);
export type PlayRoundRow = typeof playRounds.$inferSelect;
