/**
 * Money (spec sections 2, 3, 6, 7 and 9): the wallet (`/wps/wallets/gcs`),
 * deposit channels and promotions, deposits through a payment gateway,
 * withdrawal information, bank cards, the withdrawal (payment) password,
 * withdrawals, transaction records and bet records. See docs/money.md.
 *
 * Money travels as integers of minor units of the merchant's currency
 * (`minorUnits` digits; 2 for PHP, so ₱12.34 is `1234`); the client only
 * formats. Deposits and withdrawals carry a client-generated
 * `idempotencyKey`: repeating a request with the same key returns the first
 * result, the same key with different parameters is answered 409
 * `request.idempotency.conflict`.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { optionalQuery, queryInt, queryText } from './query.ts';

/** An amount in minor units: a positive safe integer. */
export const amountSchema = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Client-generated key of a deposit or withdrawal request (a UUID fits): 8-64 of A-Z a-z 0-9 _ - : . */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_\-:.]{8,64}$/, 'Invalid idempotency key'));

/** `YYYY-MM-DD` (a calendar day in UTC). */
export const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const daySchema = z.string().check(z.regex(dayPattern, 'Expected YYYY-MM-DD'));

const isoTime = z.string();

// ------------------------------------------------------------------- wallet

export const currencySchema = z.object({
  /** ISO 4217 code, e.g. PHP. */
  code: z.string(),
  /** Display symbol, e.g. ₱. */
  symbol: z.string(),
  /** Digits after the decimal point; amounts are integers of 10^-minorUnits. */
  minorUnits: z.number(),
});
export type Currency = z.infer<typeof currencySchema>;

export const walletSchema = z.object({
  /** The merchant wallet: whose money and in which currency. */
  merchant: z.object({ merchantCode: z.string(), currency: currencySchema }),
  /** The member wallet. */
  member: z.object({
    memberId: z.number(),
    /** Spendable balance (minor units). */
    balance: z.number(),
    /** Held by pending withdrawals (minor units). */
    held: z.number(),
  }),
  /** What the balance widget shows: the spendable balance (minor units). */
  sumBalance: z.number(),
  /** Server time of the reading (ISO 8601). */
  updatedAt: isoTime,
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/wallets/gcs',
  tag: 'wallet',
  summary: 'Merchant and member wallet: currency, spendable balance (sumBalance) and held amount, in minor units',
  value: walletSchema,
  auth: true,
});

// ------------------------------------------------------------------ deposit

export const depositChannelSchema = z.object({
  /** Channel code, sent back when creating a deposit. */
  code: z.string(),
  /** Localised name. */
  name: z.string(),
  /** Payment provider behind the channel (`local` is the built-in gateway). */
  provider: z.string(),
  /** Inclusive amount limits (minor units). */
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Quick-pick amounts (minor units). */
  presetAmounts: z.array(z.number()),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositPromotionSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** Bonus as basis points of the deposit (10000 = 100 %). */
  bonusRateBps: z.number(),
  /** Largest bonus (minor units). */
  maxBonus: z.number(),
  /** Smallest deposit that earns the bonus (minor units). */
  minDeposit: z.number(),
  /** Only the member's first completed deposit earns it. */
  firstDepositOnly: z.boolean(),
  /** False when the member can no longer take it (e.g. a first-deposit bonus after a deposit). */
  available: z.boolean(),
});
export type DepositPromotion = z.infer<typeof depositPromotionSchema>;

export const depositOptionsSchema = z.object({
  currency: currencySchema,
  channels: z.array(depositChannelSchema),
  promotions: z.array(depositPromotionSchema),
  /** The promotional bonus badge of the deposit tab (the 258 pesos of the spec), minor units; null: no badge. */
  bonusBadge: z.nullable(z.number()),
});
export type DepositOptions = z.infer<typeof depositOptionsSchema>;

export const depositOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/deposit/channels',
  tag: 'wallet',
  summary: 'Deposit channels with amount limits, deposit promotions and the bonus badge amount',
  value: depositOptionsSchema,
  auth: true,
});

export const depositStatuses = ['pending', 'completed', 'cancelled'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositOrderSchema = z.object({
  orderNo: z.string(),
  status: z.enum(depositStatuses),
  channelCode: z.string(),
  /** Deposited amount (minor units). */
  amount: z.number(),
  /** Bonus credited (or to be credited on completion) by the chosen promotion (minor units). */
  bonus: z.number(),
  promotionId: z.nullable(z.number()),
  /** Where the player confirms the payment (the gateway's hosted page); null once no longer pending. */
  payUrl: z.nullable(z.string()),
  createdAt: isoTime,
  completedAt: z.nullable(isoTime),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const createDepositBodySchema = z.object({
  channelCode: plainText(32),
  amount: amountSchema,
  promotionId: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  idempotencyKey: idempotencyKeySchema,
});
export type CreateDepositBody = z.infer<typeof createDepositBodySchema>;

export const createDepositEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/deposit/orders',
  tag: 'wallet',
  summary:
    'Create a deposit (pending until the gateway confirms); trial accounts get free_reject; a repeated idempotencyKey returns the first order',
  body: createDepositBodySchema,
  value: depositOrderSchema,
  auth: true,
});

export const depositStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/deposit/order',
  tag: 'wallet',
  summary: "Status of one of the member's deposits",
  query: z.object({ orderNo: queryText(40) }),
  value: depositOrderSchema,
  auth: true,
});

/** Body of the payment gateway's callback (signed: header `x-signature` = hex HMAC-SHA256 of the raw body). */
export const gatewayCallbackSchema = z.object({
  orderNo: plainText(40),
  /** Gateway-side payment id. */
  providerRef: plainText(64),
  status: z.enum(['paid', 'cancelled']),
  amount: z.number().check(z.int(), z.nonnegative()),
  /** Unix ms when the gateway sent it. */
  timestamp: z.number().check(z.int()),
});
export type GatewayCallback = z.infer<typeof gatewayCallbackSchema>;

export const gatewayCallbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/deposit/callback/local',
  tag: 'wallet',
  summary:
    'Callback of the local payment gateway (HMAC-SHA256 in x-signature); credits the deposit exactly once, repeats answer the same',
  body: gatewayCallbackSchema,
  value: z.object({ orderNo: z.string(), status: z.enum(depositStatuses) }),
});

// ----------------------------------------------------------------- withdraw

export const bankCardSchema = z.object({
  id: z.number(),
  bankName: z.string(),
  accountName: z.string(),
  /** Masked: only the last 4 digits are shown (`**** 1234`). */
  accountNumberMasked: z.string(),
  createdAt: isoTime,
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const maxBankCards = 5;

export const withdrawInfoSchema = z.object({
  currency: currencySchema,
  /** Spendable balance (minor units). */
  balance: z.number(),
  /** Held by pending withdrawals (minor units). */
  held: z.number(),
  /** Inclusive limits of one withdrawal (minor units). */
  minAmount: z.number(),
  maxAmount: z.number(),
  bankCards: z.array(bankCardSchema),
  maxBankCards: z.number(),
  /** Banks a card can be added for. */
  banks: z.array(z.string()),
  hasWithdrawalPassword: z.boolean(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

export const withdrawInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/transaction/withdraw/info',
  tag: 'wallet',
  summary: 'Withdrawal screen data: balance, limits, bank cards, banks, whether a withdrawal password is set',
  value: withdrawInfoSchema,
  auth: true,
});

export const addBankCardBodySchema = z.object({
  bankName: plainText(64).check(z.minLength(1)),
  accountName: plainText(128).check(z.minLength(1)),
  /** 6-30 digits (spaces allowed, removed). */
  accountNumber: plainText(40),
});
export type AddBankCardBody = z.infer<typeof addBankCardBodySchema>;

export const addBankCardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/bankCard',
  tag: 'wallet',
  summary: 'Add a bank card (at most maxBankCards; the same account number once)',
  body: addBankCardBodySchema,
  value: bankCardSchema,
  auth: true,
});

export const bankCardsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/bankCard',
  tag: 'wallet',
  summary: "The member's bank cards (masked)",
  value: z.array(bankCardSchema),
  auth: true,
});

/** Withdrawal password: exactly 6 digits. */
export const withdrawalPasswordPattern = /^\d{6}$/;
const withdrawalPasswordSchema = z.string().check(z.maxLength(64));

export const hasWithdrawalPasswordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/hasWithdrawalPassword',
  tag: 'wallet',
  summary: 'Whether the member has set a withdrawal (payment) password',
  value: z.object({ hasWithdrawalPassword: z.boolean() }),
  auth: true,
});

export const setWithdrawalPasswordBodySchema = z.object({
  /** Required when a password is already set. */
  oldPassword: z.optional(withdrawalPasswordSchema),
  newPassword: withdrawalPasswordSchema,
  confirmPassword: withdrawalPasswordSchema,
});
export type SetWithdrawalPasswordBody = z.infer<typeof setWithdrawalPasswordBodySchema>;

export const setWithdrawalPasswordEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/paymentPassword',
  tag: 'wallet',
  summary: 'Set (or change, with oldPassword) the 6-digit withdrawal password',
  body: setWithdrawalPasswordBodySchema,
  value: z.object({ hasWithdrawalPassword: z.literal(true) }),
  auth: true,
});

export const verifyWithdrawalPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/paymentPassword/verification',
  tag: 'wallet',
  summary: 'Check the withdrawal password (5 wrong answers lock it for 15 minutes)',
  body: z.object({ password: withdrawalPasswordSchema }),
  value: z.object({ valid: z.literal(true) }),
  auth: true,
});

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalSchema = z.object({
  orderNo: z.string(),
  status: z.enum(withdrawalStatuses),
  /** Minor units; held from the wallet while pending. */
  amount: z.number(),
  bankCard: bankCardSchema,
  createdAt: isoTime,
  decidedAt: z.nullable(isoTime),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const createWithdrawalBodySchema = z.object({
  bankCardId: z.number().check(z.int(), z.positive()),
  amount: amountSchema,
  withdrawalPassword: withdrawalPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

export const createWithdrawalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/transaction/withdraw',
  tag: 'wallet',
  summary:
    'Request a withdrawal: checks the withdrawal password, holds the amount until the operator approves or rejects; cannot be cancelled',
  body: createWithdrawalBodySchema,
  value: withdrawalSchema,
  auth: true,
});

export const withdrawalStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/transaction/withdraw',
  tag: 'wallet',
  summary: "Status of one of the member's withdrawals",
  query: z.object({ orderNo: queryText(40) }),
  value: withdrawalSchema,
  auth: true,
});

// ------------------------------------------------------------------ records

export const recordPageSize = 20;
export const maxRecordPageSize = 100;

/**
 * Transaction record types (`/m/transaction/record?types=A`): A all, D
 * deposits, W withdrawals (hold, payout, return), G game (bets, wins,
 * rollbacks), O bonuses and adjustments.
 */
export const recordTypes = ['A', 'D', 'W', 'G', 'O'] as const;
export type RecordType = (typeof recordTypes)[number];

/** Start of a query value that may be left out: absent or blank becomes `fallback` (the key is optional for callers). */
const fallbackTo = (fallback: string | number) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number()])),
    z.transform((v): unknown => (v === undefined || v === '' ? fallback : v)),
  );

/** `types`: one or more record types separated by commas (`D,W`); A (the default) is all. */
const recordTypesQuery = z.pipe(
  fallbackTo('A'),
  z.pipe(
    z.string().check(z.regex(/^[ADWGO](,[ADWGO])*$/, 'Expected types such as A or D,W')),
    z.transform((s) => [...new Set(s.split(','))] as RecordType[]),
  ),
);

/** Page and inclusive date range of a record list (shared by every paged member record). */
export const pagingQuery = {
  pageNo: z.pipe(fallbackTo(1), queryInt(1, 100000)),
  pageSize: z.pipe(fallbackTo(recordPageSize), queryInt(1, maxRecordPageSize)),
  /** Inclusive first and last day (UTC). */
  startDate: optionalQuery(daySchema),
  endDate: optionalQuery(daySchema),
};

/** Ledger transaction kinds as they appear on records. */
export const transactionKinds = [
  'deposit',
  'bonus',
  'withdraw.hold',
  'withdraw.pay',
  'withdraw.release',
  'bet',
  'win',
  'rollback',
  'adjust',
] as const;

export const transactionRecordSchema = z.object({
  /** Posting id (unique, increasing). */
  id: z.number(),
  transactionId: z.string(),
  type: z.enum(recordTypes),
  /** The ledger transaction kind (transactionKinds; other kinds may appear). */
  kind: z.string(),
  /** `wallet` (spendable) or `hold` (withdrawals pending). */
  account: z.enum(['wallet', 'hold']),
  /** Signed change of that account (minor units). */
  amount: z.number(),
  /** That account's balance after the movement (minor units). */
  balanceAfter: z.number(),
  /** Deposit or withdrawal order number, the game round, or the points mall's redemption (`MALL-<id>`, contract/loyalty.ts). */
  reference: z.nullable(z.string()),
  createdAt: isoTime,
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/** A page of records: the rows, the page number, the page count and the row count over the whole filter. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ list: z.array(item), pageNum: z.number(), totalPages: z.number(), total: z.number() });

export const transactionRecordsSchema = pageOf(transactionRecordSchema);
export type TransactionRecords = z.infer<typeof transactionRecordsSchema>;

export const transactionRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/transaction/records',
  tag: 'wallet',
  summary: "Every ledger movement of the member's wallet and hold, newest first, by types and date range, paged",
  query: z.object({ types: recordTypesQuery, ...pagingQuery }),
  value: transactionRecordsSchema,
  auth: true,
});

export const betStatuses = ['open', 'settled', 'rolled_back'] as const;
export type BetStatus = (typeof betStatuses)[number];

export const betRecordSchema = z.object({
  id: z.number(),
  roundId: z.string(),
  gameId: z.nullable(z.number()),
  /** Localised game name; null when the game is unknown. */
  gameName: z.nullable(z.string()),
  vendorCode: z.string(),
  /** Minor units. */
  stake: z.number(),
  win: z.number(),
  /** win - stake (0 when rolled back). */
  profit: z.number(),
  status: z.enum(betStatuses),
  createdAt: isoTime,
  settledAt: z.nullable(isoTime),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betRecordsSchema = z.object({
  ...pageOf(betRecordSchema).shape,
  /** Totals over the whole filter (not only the page), minor units. */
  summary: z.object({ stake: z.number(), win: z.number(), profit: z.number() }),
});
export type BetRecords = z.infer<typeof betRecordsSchema>;

export const betRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/transaction/bets',
  tag: 'wallet',
  summary: "The member's bets (stake, win, game, time), newest first, by date range and vendor, paged",
  query: z.object({ vendorCode: optionalQuery(queryText(32)), ...pagingQuery }),
  value: betRecordsSchema,
  auth: true,
});

// ------------------------------------------------------- order histories

export const depositOrdersSchema = pageOf(depositOrderSchema);
export type DepositOrders = z.infer<typeof depositOrdersSchema>;

export const depositOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/deposit/orders',
  tag: 'wallet',
  summary: "The member's deposits (any status), newest first, by date range, paged",
  query: z.object({ ...pagingQuery }),
  value: depositOrdersSchema,
  auth: true,
});

export const withdrawalsSchema = pageOf(withdrawalSchema);
export type Withdrawals = z.infer<typeof withdrawalsSchema>;

export const withdrawalsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/transaction/withdraw/records',
  tag: 'wallet',
  summary: "The member's withdrawals (any status), newest first, by date range, paged",
  query: z.object({ ...pagingQuery }),
  value: withdrawalsSchema,
  auth: true,
});
