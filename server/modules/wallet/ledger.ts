/**
 * The double-entry ledger. `postTransaction(db, { merchantId, idempotencyKey,
 * kind, postings, meta }, options?)` writes one immutable transaction whose
 * postings (signed integer minor units per account, at least two, none zero)
 * sum to zero, atomically: each touched account row is locked (in id order,
 * so concurrent transfers cannot deadlock), its balance updated and every
 * posting stored with the balance after it. Accounts are named by
 * `AccountRef` (a member's spendable wallet, a member's withdrawal hold, the
 * house, the payment gateway, a game vendor) and created on first use.
 * `merchantId` is the merchant code (`merchants.code`). It is idempotent by
 * (merchantId, idempotencyKey): a replay with the same kind and postings
 * returns the first transaction id with `replayed: true` and changes
 * nothing, even when replays race; the same key with other kind or postings
 * throws `IdempotencyConflictError` (409 `request.idempotency.conflict`).
 * Member and hold balances can never go negative (a CHECK constraint in the
 * database backs the check in code): `InsufficientBalanceError` (409
 * `wallet.balance.insufficient`); house, gateway and vendor accounts may. Bad
 * postings throw `InvalidPostingsError` (400). Both errors are `AppError`s,
 * so routes answer them as they are. Serialization failures and deadlocks
 * are retried. `options.afterPost(trx, result)` runs inside the same database
 * transaction, only when the transaction is new, to write rows that must
 * commit together with the money (a bet, a deposit's status); it must use
 * `trx`, never the outer `db`. Passing a Drizzle transaction as `db` nests the
 * posting in a savepoint (then the caller owns retries). `balanceOf(db,
 * merchantId, account)` reads a balance (0 for an account never used);
 * `findTransaction` reads a transaction by idempotency key.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import {
  type LedgerAccountKind,
  type LedgerTransactionRow,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
} from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { forgetWallets } from './wallet-answers.ts';

export type MerchantId = string;

export type AccountRef =
  | { kind: 'member'; memberId: number }
  | { kind: 'hold'; memberId: number }
  | { kind: 'house' }
  | { kind: 'gateway' }
  | { kind: 'vendor'; vendorCode: string };

export interface Posting {
  account: AccountRef;
  /** Signed minor units; the postings of a transaction sum to zero. */
  amount: number;
}

export interface LedgerTransactionInput {
  merchantId: MerchantId;
  idempotencyKey: string;
  /** deposit | bonus | withdraw.hold | withdraw.pay | withdraw.release | bet | win | rollback | adjust */
  kind: string;
  postings: Posting[];
  meta?: Record<string, unknown>;
}

export interface PostResult {
  transactionId: string;
  replayed: boolean;
}

export interface PostOptions {
  /** Runs in the posting's database transaction (new transactions only); use `trx`, not the outer db. */
  afterPost?: (trx: Database, result: { transactionId: string; balances: ReadonlyMap<string, number> }) => Promise<void>;
  /** Retries after serialization failures or deadlocks (default 10). */
  maxRetries?: number;
}

export class InsufficientBalanceError extends AppError {
  constructor(readonly accountKey: string) {
    super(409, errorCodes.balanceInsufficient, 'Insufficient balance');
    this.name = 'InsufficientBalanceError';
  }
}

export class IdempotencyConflictError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super(409, errorCodes.idempotencyConflict, 'This idempotency key was already used with different parameters.');
    this.name = 'IdempotencyConflictError';
  }
}

export class InvalidPostingsError extends AppError {
  constructor(message: string) {
    super(400, errorCodes.invalidRequest, message);
    this.name = 'InvalidPostingsError';
  }
}

const memberOwned = new Set<LedgerAccountKind>(['member', 'hold']);

/** The account's key within its merchant: `member:12`, `hold:12`, `house`, `gateway`, `vendor:BGS`. */
export function accountKey(ref: AccountRef): string {
  switch (ref.kind) {
    case 'member':
    case 'hold':
      return `${ref.kind}:${ref.memberId}`;
    case 'vendor':
      return `vendor:${ref.vendorCode}`;
    default:
      return ref.kind;
  }
}

/** The reference of an account key (inverse of accountKey). */
export function accountRefOf(key: string): AccountRef {
  const [kind, rest] = key.split(/:(.*)/s, 2) as [string, string | undefined];
  if ((kind === 'member' || kind === 'hold') && rest) return { kind, memberId: Number(rest) };
  if (kind === 'vendor' && rest) return { kind, vendorCode: rest };
  if (kind === 'house' || kind === 'gateway') return { kind };
  throw new InvalidPostingsError(`Unknown account ${key}`);
}

interface Plan {
  merchantId: string;
  idempotencyKey: string;
  kind: string;
  meta: Record<string, unknown>;
  requestHash: string;
  /** Postings in the given order, with their account keys. */
  legs: { key: string; ref: AccountRef; amount: number }[];
  /** Distinct accounts. */
  accounts: Map<string, AccountRef>;
}

function planOf(input: LedgerTransactionInput): Plan {
  if (typeof input.merchantId !== 'string' || !input.merchantId) throw new InvalidPostingsError('merchantId is required');
  if (typeof input.idempotencyKey !== 'string' || !input.idempotencyKey || input.idempotencyKey.length > 128) {
    throw new InvalidPostingsError('idempotencyKey must be 1-128 characters');
  }
  if (typeof input.kind !== 'string' || !input.kind || input.kind.length > 32) {
    throw new InvalidPostingsError('kind must be 1-32 characters');
  }
  if (!Array.isArray(input.postings) || input.postings.length < 2) {
    throw new InvalidPostingsError('A transaction needs at least two postings');
  }
  const legs: Plan['legs'] = [];
  const accounts = new Map<string, AccountRef>();
  let sum = 0;
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new InvalidPostingsError('Posting amounts must be non-zero safe integers of minor units');
    }
    const ref = p.account;
    if ((ref.kind === 'member' || ref.kind === 'hold') && !(Number.isSafeInteger(ref.memberId) && ref.memberId > 0)) {
      throw new InvalidPostingsError('Invalid member id');
    }
    if (ref.kind === 'vendor' && !(typeof ref.vendorCode === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(ref.vendorCode))) {
      throw new InvalidPostingsError('Invalid vendor code');
    }
    if (!['member', 'hold', 'house', 'gateway', 'vendor'].includes(ref.kind)) throw new InvalidPostingsError('Invalid account');
    const key = accountKey(ref);
    legs.push({ key, ref, amount: p.amount });
    accounts.set(key, ref);
    sum += p.amount;
  }
  if (sum !== 0 || !Number.isSafeInteger(sum)) throw new InvalidPostingsError('Postings must sum to zero');
  const canonical = JSON.stringify([input.kind, legs.map((l) => [l.key, l.amount]).sort()]);
  return {
    merchantId: input.merchantId,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    meta: input.meta ?? {},
    requestHash: createHash('sha256').update(canonical).digest('hex'),
    legs,
    accounts,
  };
}

/** PostgreSQL SQLSTATE of an error, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  let cursor: unknown = error;
  for (let i = 0; i < 5 && cursor && typeof cursor === 'object'; i++) {
    const e = cursor as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    cursor = e.cause;
  }
  return undefined;
}

/** The constraint named by a PostgreSQL error, looking through Drizzle's wrapper. */
export function constraintOf(error: unknown): string | undefined {
  let cursor: unknown = error;
  for (let i = 0; i < 5 && cursor && typeof cursor === 'object'; i++) {
    const e = cursor as { constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.constraint === 'string') return e.constraint;
    if (typeof e.message === 'string') {
      const m = /constraint "([^"]+)"/.exec(e.message);
      if (m) return m[1];
    }
    cursor = e.cause;
  }
  return undefined;
}

/** Serialization failure or deadlock: the transaction can be tried again. */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown inside the transaction when a concurrent request with the same key committed first. */
class ConcurrentReplay extends Error {}

function replayOf(row: Pick<LedgerTransactionRow, 'id' | 'requestHash' | 'idempotencyKey'>, plan: Plan): PostResult {
  if (row.requestHash !== plan.requestHash) throw new IdempotencyConflictError(plan.idempotencyKey);
  return { transactionId: row.id, replayed: true };
}

async function findByKey(db: Database, merchantId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.merchantCode, merchantId), eq(ledgerTransactions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** A transaction by its idempotency key, with its postings (account keys), or undefined. */
export async function findTransaction(
  db: Database,
  merchantId: MerchantId,
  idempotencyKey: string,
): Promise<(LedgerTransactionRow & { postings: { account: string; amount: number; balanceAfter: number }[] }) | undefined> {
  const row = await findByKey(db, merchantId, idempotencyKey);
  if (!row) return undefined;
  const postings = await db
    .select({ account: ledgerAccounts.key, amount: ledgerPostings.amount, balanceAfter: ledgerPostings.balanceAfter })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.transactionId, row.id))
    .orderBy(asc(ledgerPostings.id));
  return { ...row, postings };
}

async function lockAccounts(trx: Database, plan: Plan) {
  const keys = [...plan.accounts.keys()];
  const select = () =>
    trx
      .select({ id: ledgerAccounts.id, key: ledgerAccounts.key, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.merchantCode, plan.merchantId), inArray(ledgerAccounts.key, keys)))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
  let rows = await select();
  if (rows.length < keys.length) {
    const present = new Set(rows.map((r) => r.key));
    const missing = keys.filter((k) => !present.has(k));
    await trx
      .insert(ledgerAccounts)
      .values(
        missing.map((key) => {
          const ref = plan.accounts.get(key) as AccountRef;
          return {
            merchantCode: plan.merchantId,
            key,
            kind: ref.kind,
            memberId: ref.kind === 'member' || ref.kind === 'hold' ? ref.memberId : null,
            vendorCode: ref.kind === 'vendor' ? ref.vendorCode : null,
          };
        }),
      )
      .onConflictDoNothing({ target: [ledgerAccounts.merchantCode, ledgerAccounts.key] });
    rows = await select();
  }
  return rows;
}

async function postOnce(db: Database, plan: Plan, options: PostOptions): Promise<PostResult> {
  return db.transaction(async (trx) => {
    const rows = await lockAccounts(trx, plan);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const balances = new Map<string, number>();
    for (const r of rows) balances.set(r.key, r.balance);
    const legs: SQL[] = [];
    for (const [n, leg] of plan.legs.entries()) {
      const after = (balances.get(leg.key) ?? 0) + leg.amount;
      if (!Number.isSafeInteger(after)) throw new InvalidPostingsError('Balance out of range');
      balances.set(leg.key, after);
      const account = byKey.get(leg.key);
      if (!account) throw new Error(`Ledger account ${leg.key} could not be created`);
      legs.push(sql`(${n}::int, ${account.id}::bigint, ${leg.amount}::bigint, ${after}::bigint)`);
    }
    for (const [key, balance] of balances) {
      const account = byKey.get(key);
      if (account && memberOwned.has(account.kind) && balance < 0) throw new InsufficientBalanceError(key);
    }
    const changed = [...balances].flatMap(([key, balance]) => {
      const account = byKey.get(key);
      return account && account.balance !== balance ? [sql`(${account.id}::bigint, ${balance}::bigint)`] : [];
    });
    // One statement writes the transaction, its postings and the new balances (the database checks them at
    // its end); nothing when the key is taken.
    const result = await trx.execute(sql`with tx as (
        insert into ledger_transactions (merchant_code, idempotency_key, kind, request_hash, meta)
        values (${plan.merchantId}, ${plan.idempotencyKey}, ${plan.kind}, ${plan.requestHash}, ${JSON.stringify(plan.meta)}::jsonb)
        on conflict (merchant_code, idempotency_key) do nothing
        returning id, created_at),
      postings as (
        insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
        select tx.id, l.account_id, l.amount, l.balance_after, tx.created_at
          from tx, (values ${sql.join(legs, sql`, `)}) as l(n, account_id, amount, balance_after) order by l.n),
      balances as (
        update ledger_accounts as a set balance = v.balance, updated_at = now()
          from tx, (values ${changed.length ? sql.join(changed, sql`, `) : sql`(0::bigint, 0::bigint)`}) as v(id, balance)
         where a.id = v.id)
      select id from tx`);
    const [tx] = (result as unknown as { rows: { id: string }[] }).rows;
    if (!tx) throw new ConcurrentReplay();
    if (options.afterPost) await options.afterPost(trx as unknown as Database, { transactionId: tx.id, balances });
    return { transactionId: tx.id, replayed: false };
  });
}

/**
 * Several new transactions of one merchant at once, inside the caller's database transaction (`trx`): the
 * accounts of all of them locked once (in id order), each transaction's postings with their running balances,
 * all written by one statement. For work that owns its exactly-once by other means (a lottery order under its
 * issue's lock, a draw's settlement): a key already taken throws `IdempotencyConflictError` and an overdrawn
 * member `InsufficientBalanceError`, and the caller's rollback leaves nothing of the batch. The caller forgets
 * the members' cached wallets after its commit. Returns the transaction ids in input order and the balances
 * after the batch (by account key).
 */
export async function postBatch(
  trx: Database,
  inputs: readonly LedgerTransactionInput[],
): Promise<{ transactionIds: string[]; balances: ReadonlyMap<string, number> }> {
  if (inputs.length === 0) return { transactionIds: [], balances: new Map() };
  const plans = inputs.map(planOf);
  const merchantId = (plans[0] as Plan).merchantId;
  if (plans.some((p) => p.merchantId !== merchantId)) throw new InvalidPostingsError('A batch is of one merchant');
  const accounts = new Map<string, AccountRef>();
  for (const plan of plans) for (const [key, ref] of plan.accounts) accounts.set(key, ref);
  const rows = await lockAccounts(trx, { ...(plans[0] as Plan), accounts });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const balances = new Map(rows.map((r) => [r.key, r.balance]));
  const ids = plans.map(() => randomUUID());
  const txValues: SQL[] = [];
  const legs: SQL[] = [];
  let n = 0;
  for (const [i, plan] of plans.entries()) {
    txValues.push(
      sql`(${ids[i]}::uuid, ${merchantId}, ${plan.idempotencyKey}, ${plan.kind}, ${plan.requestHash}, ${JSON.stringify(plan.meta)}::jsonb)`,
    );
    for (const leg of plan.legs) {
      const account = byKey.get(leg.key);
      if (!account) throw new Error(`Ledger account ${leg.key} could not be created`);
      const after = (balances.get(leg.key) ?? 0) + leg.amount;
      if (!Number.isSafeInteger(after)) throw new InvalidPostingsError('Balance out of range');
      if (memberOwned.has(account.kind) && after < 0) throw new InsufficientBalanceError(leg.key);
      balances.set(leg.key, after);
      legs.push(sql`(${n++}::int, ${ids[i]}::uuid, ${account.id}::bigint, ${leg.amount}::bigint, ${after}::bigint)`);
    }
  }
  const changed = [...balances].flatMap(([key, balance]) => {
    const account = byKey.get(key);
    return account && account.balance !== balance ? [sql`(${account.id}::bigint, ${balance}::bigint)`] : [];
  });
  const taken = async () => {
    const keys = plans.map((p) => p.idempotencyKey);
    const rows = await trx
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.merchantCode, merchantId), inArray(ledgerTransactions.idempotencyKey, keys)));
    return rows.length ? new IdempotencyConflictError(rows.map((r) => r.key).join(', ').slice(0, 200)) : null;
  };
  // A key taken would make the statement write balances without their postings (which the database refuses):
  // look first. Callers post keys no one else can (their own rows' ids, under their locks).
  const conflict = await taken();
  if (conflict) throw conflict;
  const result = await trx.execute(sql`with tx as (
      insert into ledger_transactions (id, merchant_code, idempotency_key, kind, request_hash, meta)
      values ${sql.join(txValues, sql`, `)}
      on conflict (merchant_code, idempotency_key) do nothing
      returning id, created_at),
    postings as (
      insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
      select l.tx, l.account_id, l.amount, l.balance_after, tx.created_at
        from (values ${sql.join(legs, sql`, `)}) as l(n, tx, account_id, amount, balance_after) join tx on tx.id = l.tx order by l.n),
    balances as (
      update ledger_accounts as a set balance = v.balance, updated_at = now()
        from (values ${changed.length ? sql.join(changed, sql`, `) : sql`(0::bigint, 0::bigint)`}) as v(id, balance)
       where a.id = v.id)
    select count(*)::int as n from tx`);
  const [written] = (result as unknown as { rows: { n: number }[] }).rows;
  if (Number(written?.n ?? 0) !== plans.length) throw (await taken()) ?? new Error('postBatch: transactions missing');
  return { transactionIds: ids, balances };
}

/** The members whose wallet or hold a plan moves. */
function membersOf(plan: Plan): number[] {
  return [...plan.accounts.values()].flatMap((ref) => (ref.kind === 'member' || ref.kind === 'hold' ? [ref.memberId] : []));
}

export async function postTransaction(
  db: Database,
  input: LedgerTransactionInput,
  options: PostOptions = {},
): Promise<PostResult> {
  const plan = planOf(input);
  const maxRetries = options.maxRetries ?? 10;
  for (let attempt = 0; ; attempt++) {
    try {
      const posted = await postOnce(db, plan, options);
      // Committed (or, inside a caller's transaction, written: the caller's own postTransaction forgets again after its commit).
      forgetWallets(db, membersOf(plan));
      return posted;
    } catch (error) {
      const state = sqlState(error);
      if (
        error instanceof ConcurrentReplay ||
        (state === '23505' && constraintOf(error) === 'ledger_transactions_merchant_key_uq')
      ) {
        // The key is taken: answer with the transaction that holds it.
        const existing = await findByKey(db, plan.merchantId, plan.idempotencyKey);
        if (existing) return replayOf(existing, plan);
        if (attempt < maxRetries) continue;
        throw error;
      }
      if (error instanceof InsufficientBalanceError || (state === '23514' && constraintOf(error) === 'ledger_accounts_nonnegative_ck')) {
        // A replay whose first request spent the money while this one waited for the accounts answers as a replay.
        const existing = await findByKey(db, plan.merchantId, plan.idempotencyKey);
        if (existing) return replayOf(existing, plan);
        throw error instanceof InsufficientBalanceError ? error : new InsufficientBalanceError('unknown');
      }
      if (isRetryable(error) && attempt < maxRetries) {
        await sleep(Math.min(200, 2 ** attempt) * Math.random());
        continue;
      }
      throw error;
    }
  }
}

export async function balanceOf(db: Database, merchantId: MerchantId, account: AccountRef): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantCode, merchantId), eq(ledgerAccounts.key, accountKey(account))))
    .limit(1);
  return row?.balance ?? 0;
}

/** Balances of several accounts of one merchant at once, by account key (0 for unused accounts). */
export async function balancesOf(db: Database, merchantId: MerchantId, refs: AccountRef[]): Promise<Map<string, number>> {
  const keys = refs.map(accountKey);
  const result = new Map(keys.map((k) => [k, 0]));
  if (!keys.length) return result;
  const rows = await db
    .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantCode, merchantId), inArray(ledgerAccounts.key, keys)));
  for (const r of rows) result.set(r.key, r.balance);
  return result;
}
