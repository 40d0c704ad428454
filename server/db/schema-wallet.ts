/**
 * Money: the double-entry ledger (accounts,
 * transactions, postings), deposits and their channels and promotions,
 * withdrawals, bank cards, withdrawal passwords and game bets. Every amount
 * is a bigint of minor units read as a JavaScript number (safe below 2^53).
 * Invariants the database enforces: member and hold balances are never
 * negative, postings are never zero, one transaction per (merchant,
 * idempotency key), one bet per (merchant, vendor, round); and, by triggers of
 * migration 0007 (not expressible in Drizzle), ledger transactions and
 * postings are never updated or deleted and every transaction's postings sum
 * to zero at commit. See docs/money.md and server/modules/wallet/ledger.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchantCode, timestamptz } from './columns.ts';
import { members, } from './schema.ts';

const money = (name: string) => bigint(name, { mode: 'number' });
const memberId = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const ledgerAccountKinds = ['member', 'hold', 'house', 'gateway', 'vendor'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/**
 * Ledger accounts. `key` names the account within the merchant: `member:<id>`,
 * `hold:<id>`, `house`, `gateway`, `vendor:<code>`. The balance is the sum of
 * the account's postings, kept up to date under a row lock.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    key: varchar('key', { length: 48 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<LedgerAccountKind>().notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    vendorCode: varchar('vendor_code', { length: 32 }),
    balance: money('balance').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_merchant_key_uq').on(t.merchantCode, t.key),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_kind_ck', sql`${t.kind} in ('member', 'hold', 'house', 'gateway', 'vendor')`),
    check('ledger_accounts_nonnegative_ck', sql`${t.kind} not in ('member', 'hold') or ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_ck',
      sql`(${t.kind} in ('member', 'hold')) = (${t.memberId} is not null) and (${t.kind} = 'vendor') = (${t.vendorCode} is not null)`,
    ),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** One immutable movement of money; its postings sum to zero. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** SHA-256 of kind and postings: a replay must carry the same. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_merchant_key_uq').on(t.merchantCode, t.idempotencyKey),
    index('ledger_transactions_created_idx').on(t.merchantCode, t.createdAt),
  ],
);
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/** One leg of a transaction: the signed change of one account and its balance afterwards. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_nonzero_ck', sql`${t.amount} <> 0`),
  ],
);
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;

/** Deposit channels of a merchant (names by language, limits in minor units). */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    merchantCode: merchantCode(),
    code: varchar('code', { length: 32 }).notNull(),
    /** Payment provider code (server/modules/wallet/gateway). */
    provider: varchar('provider', { length: 32 }).notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    presetAmounts: jsonb('preset_amounts').$type<number[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.code] }),
    check('deposit_channels_limits_ck', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
  ],
);
export type DepositChannelRow = typeof depositChannels.$inferSelect;

/** Deposit promotions: a bonus of `bonusRateBps` basis points of the deposit, at most `maxBonus`. */
export const depositPromotions = pgTable(
  'deposit_promotions',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    code: varchar('code', { length: 32 }).notNull(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    bonusRateBps: integer('bonus_rate_bps').notNull(),
    maxBonus: money('max_bonus').notNull(),
    minDeposit: money('min_deposit').notNull(),
    firstDepositOnly: boolean('first_deposit_only').notNull().default(false),
    /** The bonus badge of the deposit tab (minor units), shown for the first enabled promotion that has one. */
    badgeAmount: money('badge_amount'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('deposit_promotions_merchant_code_uq').on(t.merchantCode, t.code),
    check('deposit_promotions_bonus_ck', sql`${t.bonusRateBps} >= 0 and ${t.maxBonus} >= 0 and ${t.minDeposit} >= 0`),
  ],
);
export type DepositPromotionRow = typeof depositPromotions.$inferSelect;

export const depositStatusValues = ['pending', 'completed', 'cancelled'] as const;

/** Deposits: pending until the gateway's signed callback completes (credits) or cancels them. */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    channelCode: varchar('channel_code', { length: 32 }).notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    amount: money('amount').notNull(),
    bonus: money('bonus').notNull().default(0),
    promotionId: integer('promotion_id').references(() => depositPromotions.id),
    status: varchar('status', { length: 16 }).$type<(typeof depositStatusValues)[number]>().notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Where the player pays (the provider's hosted page), as the provider returned it. */
    payUrl: text('pay_url'),
    providerRef: varchar('provider_ref', { length: 64 }),
    ledgerTxId: uuid('ledger_tx_id'),
    bonusTxId: uuid('bonus_tx_id'),
    createdAt: timestamptz('created_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('deposits_order_no_uq').on(t.orderNo),
    uniqueIndex('deposits_member_key_uq').on(t.memberId, t.idempotencyKey),
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    check('deposits_amount_ck', sql`${t.amount} > 0 and ${t.bonus} >= 0`),
    check('deposits_status_ck', sql`${t.status} in ('pending', 'completed', 'cancelled')`),
  ],
);
export type DepositRow = typeof deposits.$inferSelect;

/**
 * Bank cards members withdraw to. A card the member removed keeps its row
 * (`removedAt` set) so its withdrawals still show it; an account number is
 * unique among a member's cards that are not removed, so a removed one can be
 * added again (a new row).
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    accountNumber: varchar('account_number', { length: 30 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [uniqueIndex('bank_cards_member_number_uq').on(t.memberId, t.accountNumber).where(sql`${t.removedAt} is null`)],
);
export type BankCardRow = typeof bankCards.$inferSelect;

/** Withdrawal (payment) passwords: argon2id, with a failure counter and lock. */
export const withdrawalPasswords = pgTable('withdrawal_passwords', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: timestamptz('locked_until'),
  updatedAt: timestamptz('updated_at').notNull(),
});
export type WithdrawalPasswordRow = typeof withdrawalPasswords.$inferSelect;

export const withdrawalStatusValues = ['pending', 'approved', 'rejected'] as const;

/** Withdrawals: the amount sits on the member's hold account until the operator approves (paid out) or rejects (returned). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    bankCardId: integer('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 16 }).$type<(typeof withdrawalStatusValues)[number]>().notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    holdTxId: uuid('hold_tx_id').notNull(),
    settleTxId: uuid('settle_tx_id'),
    createdAt: timestamptz('created_at').notNull(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_order_no_uq').on(t.orderNo),
    uniqueIndex('withdrawals_member_key_uq').on(t.memberId, t.idempotencyKey),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_pending_idx').on(t.merchantCode, t.createdAt).where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_ck', sql`${t.amount} > 0`),
    check('withdrawals_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const betStatusValues = ['open', 'settled', 'rolled_back'] as const;

/**
 * Game bets, written by the game and seamless-wallet modules: the stake is
 * posted by `betTxId`, the settlement (win, possibly 0) or the rollback by
 * `settleTxId`. Read by the bet records.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    gameId: integer('game_id'),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    stake: money('stake').notNull(),
    win: money('win').notNull().default(0),
    status: varchar('status', { length: 16 }).$type<(typeof betStatusValues)[number]>().notNull().default('open'),
    betTxId: uuid('bet_tx_id').references(() => ledgerTransactions.id),
    settleTxId: uuid('settle_tx_id').references(() => ledgerTransactions.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('bets_member_created_idx').on(t.memberId, t.createdAt),
    // An agent's team betting: the newest bets of the merchant, each probed against the team (server/modules/agent/reports.ts).
    index('bets_merchant_created_idx').on(t.merchantCode, t.createdAt),
    // A member's lifetime turnover, the stakes of the settled bets (server/modules/loyalty/turnover.ts), read from the index alone.
    index('bets_member_settled_idx').on(t.memberId, t.stake).where(sql`${t.status} = 'settled'`),
    // One bet per round of a vendor, whatever the code path (the seamless service also locks the round).
    uniqueIndex('bets_round_uq').on(t.merchantCode, t.vendorCode, t.roundId),
    // The winner board: real wins, biggest first (server/modules/games/queries.ts findRealWinners).
    index('bets_wins_idx').on(t.merchantCode, t.win.desc(), t.id).where(sql`${t.status} = 'settled' and ${t.win} > 0`),
    uniqueIndex('bets_bet_tx_uq').on(t.betTxId),
    check('bets_amount_ck', sql`${t.stake} >= 0 and ${t.win} >= 0`),
    check('bets_status_ck', sql`${t.status} in ('open', 'settled', 'rolled_back')`),
  ],
);
export type BetRow = typeof bets.$inferSelect;

export const localGatewayStatusValues = ['pending', 'paid', 'cancelled'] as const;

/**
 * The local payment gateway's own books (server/modules/wallet/gateway):
 * one payment per deposit, its hosted page guarded by a secret token (only
 * its SHA-256 is kept), and the state the player chose there.
 */
export const localGatewayPayments = pgTable(
  'local_gateway_payments',
  {
    /** The gateway's payment id (providerRef). */
    id: varchar('id', { length: 64 }).primaryKey(),
    merchantCode: merchantCode(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Where the player goes after paying or cancelling. */
    returnUrl: text('return_url').notNull(),
    status: varchar('status', { length: 16 }).$type<(typeof localGatewayStatusValues)[number]>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('local_gateway_payments_order_uq').on(t.orderNo),
    check('local_gateway_payments_status_ck', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
  ],
);
export type LocalGatewayPaymentRow = typeof localGatewayPayments.$inferSelect;
