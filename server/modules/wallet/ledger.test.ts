/**
 * The ledger: validation, idempotency, the database's own guards (no negative
 * balance, append-only rows, zero-sum transactions), concurrency (replays and
 * withdrawals racing on one wallet), and a fast-check model of random
 * sequences of deposits, bets, wins and rollbacks (through the seamless-wallet
 * service, so the bets table and its rules are in the model), withdrawals,
 * decisions and replays, with the whole ledger checked after every step. Runs
 * on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MovementAnswer, seamlessErrorCodes } from '../../../contract/seamless.ts';
import { bets, deposits, ledgerAccounts, ledgerTransactions, localGatewayPayments } from '../../db/schema-wallet.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createLedgerWatch, createMember, intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { betMismatches, createSeamlessKit, createWalletKit, memberBalances, type WalletKit } from '../../test/wallet-model.ts';
import { createWithdrawalPasswords } from './withdrawal-password.ts';
import {
  type AccountRef,
  accountKey,
  accountRefOf,
  balanceOf,
  findTransaction,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidPostingsError,
  postBatch,
  postTransaction,
  constraintOf,
  sqlState,
} from './ledger.ts';

let t: TestDatabase;
let kit: WalletKit;
let seq = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  kit = createWalletKit(t.db);
});

afterAll(async () => {
  await t?.close();
});

const house: AccountRef = { kind: 'house' };
/** The SQLSTATE and constraint a database write was refused with (undefined when it succeeded). */
async function refusal(write: Promise<unknown>): Promise<{ code: string | undefined; constraint: string | undefined } | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    return { code: sqlState(error), constraint: constraintOf(error) };
  }
}
const member = (memberId: number): AccountRef => ({ kind: 'member', memberId });
const credit = (memberId: number, amount: number, key: string) =>
  postTransaction(t.db, {
    merchantId: 'DEMO',
    idempotencyKey: key,
    kind: 'adjust',
    postings: [
      { account: house, amount: -amount },
      { account: member(memberId), amount },
    ],
  });

describe('postTransaction', () => {
  it('names accounts by key and back', () => {
    const refs: AccountRef[] = [member(7), { kind: 'hold', memberId: 7 }, house, { kind: 'gateway' }, { kind: 'vendor', vendorCode: 'BGS' }];
    expect(refs.map(accountKey)).toEqual(['member:7', 'hold:7', 'house', 'gateway', 'vendor:BGS']);
    expect(refs.map(accountKey).map(accountRefOf)).toEqual(refs);
  });

  it('refuses postings that are not a balanced transfer', async () => {
    const m = await createMember(t.db, 'ledgerbad');
    const bad = [
      [{ account: house, amount: -5 }],
      [
        { account: house, amount: -5 },
        { account: member(m.id), amount: 4 },
      ],
      [
        { account: house, amount: 0 },
        { account: member(m.id), amount: 0 },
      ],
      [
        { account: house, amount: -1.5 },
        { account: member(m.id), amount: 1.5 },
      ],
      [
        { account: { kind: 'vendor', vendorCode: 'bad code!' } as AccountRef, amount: -1 },
        { account: member(m.id), amount: 1 },
      ],
    ];
    for (const postings of bad) {
      await expect(postTransaction(t.db, { merchantId: 'DEMO', idempotencyKey: `bad:${seq++}`, kind: 'adjust', postings })).rejects.toBeInstanceOf(
        InvalidPostingsError,
      );
    }
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(0);
  });

  it('replays a key with the first result and refuses it with other postings', async () => {
    const m = await createMember(t.db, 'ledgerreplay');
    const first = await credit(m.id, 500, `replay:${m.id}`);
    const again = await credit(m.id, 500, `replay:${m.id}`);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(first.replayed).toBe(false);
    const conflict = credit(m.id, 501, `replay:${m.id}`);
    await expect(conflict).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(conflict).rejects.toMatchObject({ statusCode: 409, errorCode: 'request.idempotency.conflict' });
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(500);
    const stored = await findTransaction(t.db, 'DEMO', `replay:${m.id}`);
    expect(stored?.postings).toEqual([
      { account: 'house', amount: -500, balanceAfter: expect.any(Number) },
      { account: `member:${m.id}`, amount: 500, balanceAfter: 500 },
    ]);
  });

  it('never lets a member or hold balance go negative; house, gateway and vendors may', async () => {
    const m = await createMember(t.db, 'ledgernegative');
    await credit(m.id, 100, `neg:${m.id}`);
    const overdraw = postTransaction(t.db, {
      merchantId: 'DEMO',
      idempotencyKey: `neg:${m.id}:bet`,
      kind: 'bet',
      postings: [
        { account: member(m.id), amount: -101 },
        { account: { kind: 'vendor', vendorCode: 'BGS' }, amount: 101 },
      ],
    });
    await expect(overdraw).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(overdraw).rejects.toMatchObject({ statusCode: 409, errorCode: 'wallet.balance.insufficient' });
    expect(await findTransaction(t.db, 'DEMO', `neg:${m.id}:bet`)).toBeUndefined();
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(100);
    expect(await balanceOf(t.db, 'DEMO', house)).toBeLessThan(0);
  });

  it('is backed by a CHECK constraint in the database', async () => {
    const m = await createMember(t.db, 'ledgercheck');
    await credit(m.id, 10, `check:${m.id}`);
    for (const key of [`member:${m.id}`, `hold:${m.id}`]) {
      if (key.startsWith('hold')) {
        await postTransaction(t.db, {
          merchantId: 'DEMO',
          idempotencyKey: `check:${m.id}:hold`,
          kind: 'withdraw.hold',
          postings: [
            { account: member(m.id), amount: -5 },
            { account: { kind: 'hold', memberId: m.id }, amount: 5 },
          ],
        });
      }
      const write = t.db.update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.key, key));
      await expect(write).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    }
  });

  it('refuses at commit a balance that its postings do not say, written by hand', async () => {
    const m = await createMember(t.db, 'ledgerposted');
    await credit(m.id, 40, `posted:${m.id}`);
    const write = t.db.execute(sql`update ledger_accounts set balance = balance + 1000 where key = ${`member:${m.id}`}`);
    expect(await refusal(write)).toEqual({ code: '23514', constraint: 'ledger_accounts_balance_posted' });
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(40);
    // A new account starts at 0: one created with money is refused too.
    const created = t.db.execute(
      sql`insert into ledger_accounts (merchant_code, key, kind, balance) values ('DEMO', ${`member:${m.id}:x`}, 'house', 5)`,
    );
    expect((await refusal(created))?.code).toBe('23514');
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('refuses in the database to change or remove a transaction or a posting, whoever asks', async () => {
    const m = await createMember(t.db, 'ledgerimmutable');
    const { transactionId } = await credit(m.id, 300, `immutable:${m.id}`);
    const writes = [
      sql`update ledger_postings set amount = amount + 1 where transaction_id = ${transactionId}`,
      sql`update ledger_postings set balance_after = 0 where transaction_id = ${transactionId}`,
      sql`delete from ledger_postings where transaction_id = ${transactionId}`,
      sql`update ledger_transactions set kind = 'bonus' where id = ${transactionId}`,
      sql`delete from ledger_transactions where id = ${transactionId}`,
      sql`truncate ledger_postings`,
    ];
    for (const write of writes) expect((await refusal(t.db.execute(write)))?.code).toBe('23001');
    const stored = await findTransaction(t.db, 'DEMO', `immutable:${m.id}`);
    expect(stored?.kind).toBe('adjust');
    expect(stored?.postings.map((p) => p.amount)).toEqual([-300, 300]);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('refuses in the database a posting, bet or seamless request naming a transaction or account that does not exist, and the removal of an account with postings (foreign keys)', async () => {
    const m = await createMember(t.db, 'ledgerrefs');
    await credit(m.id, 500, `refs:${m.id}`);
    const seamless = await createSeamlessKit(t.db);
    const round = `refs-${m.id}`;
    const debit = await seamless.debit({ transactionId: `${round}:bet`, playerId: String(m.id), gameCode: seamless.gameCode, roundId: round, amount: 100 });
    const [acct] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, `member:${m.id}`));
    const missing = randomUUID();
    const brokenReference = (constraint: string) => ({ code: '23503', constraint });
    expect(
      await refusal(t.db.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, balance_after) values (${missing}, ${acct!.id}, 1, 401)`)),
    ).toEqual(brokenReference('ledger_postings_transaction_id_ledger_transactions_id_fk'));
    expect(
      await refusal(
        t.db.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, balance_after) values (${debit.platformTransactionId!}, ${-1}, 1, 1)`),
      ),
    ).toEqual(brokenReference('ledger_postings_account_id_ledger_accounts_id_fk'));
    expect(await refusal(t.db.execute(sql`update bets set settle_tx_id = ${missing} where round_id = ${round}`))).toEqual(
      brokenReference('bets_settle_tx_id_ledger_transactions_id_fk'),
    );
    // PostgreSQL keeps 63 characters of a constraint's name.
    expect(
      await refusal(t.db.execute(sql`update seamless_requests set platform_transaction_id = ${missing} where transaction_id = ${`${round}:bet`}`)),
    ).toEqual(brokenReference('seamless_requests_platform_transaction_id_ledger_transactions_i'));
    expect(await refusal(t.db.execute(sql`delete from ledger_accounts where id = ${acct!.id}`))).toEqual(
      brokenReference('ledger_postings_account_id_ledger_accounts_id_fk'),
    );
    expect(await refusal(t.db.execute(sql`update ledger_accounts set id = ${acct!.id + 1_000_000} where id = ${acct!.id}`))).toEqual(
      brokenReference('ledger_postings_account_id_ledger_accounts_id_fk'),
    );
    expect((await refusal(t.db.execute(sql`truncate ledger_accounts cascade`)))?.code).toBe('23001');
    // Nothing moved: the bet is open on its stake, the member holds 400, and every invariant holds.
    expect(await memberBalances(t.db, m.id)).toEqual({ balance: 400, held: 0 });
    expect(await betMismatches(t.db, m.id)).toBe(0);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('refuses at commit a transaction whose postings do not sum to zero (or that has none), written by hand', async () => {
    const m = await createMember(t.db, 'ledgerunbalanced');
    await credit(m.id, 50, `unbalanced:${m.id}`);
    const [acct] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, `member:${m.id}`));
    const [houseAcct] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, 'house'));
    const refusedAtCommit = { code: '23514', constraint: 'ledger_transactions_balanced' };
    const handWritten = (key: string, amounts: number[]) =>
      t.db.transaction(async (trx) => {
        const [tx] = await trx
          .insert(ledgerTransactions)
          .values({ merchantCode: 'DEMO', idempotencyKey: key, kind: 'adjust', requestHash: 'x'.repeat(64) })
          .returning();
        const accounts = [houseAcct!.id, acct!.id];
        for (const [i, amount] of amounts.entries()) {
          await trx.execute(
            sql`insert into ledger_postings (transaction_id, account_id, amount, balance_after) values (${tx!.id}, ${accounts[i % 2]!}, ${amount}, 0)`,
          );
        }
      });
    expect(await refusal(handWritten(`unbalanced:${m.id}:1`, [-100, 99]))).toEqual(refusedAtCommit);
    expect(await refusal(handWritten(`unbalanced:${m.id}:2`, []))).toEqual(refusedAtCommit);
    expect(await refusal(handWritten(`unbalanced:${m.id}:3`, [5]))).toEqual(refusedAtCommit);
    // A posting added later to a balanced transaction unbalances it: refused too.
    const { transactionId } = await credit(m.id, 10, `unbalanced:${m.id}:4`);
    const added = t.db.transaction(async (trx) => {
      await trx.execute(sql`insert into ledger_postings (transaction_id, account_id, amount, balance_after) values (${transactionId}, ${acct!.id}, 7, 0)`);
    });
    expect(await refusal(added)).toEqual(refusedAtCommit);
    for (const k of [1, 2, 3]) expect(await findTransaction(t.db, 'DEMO', `unbalanced:${m.id}:${k}`)).toBeUndefined();
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(60);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('refuses a balanced transaction whose accounts do not move with it, and postings split from their transaction', async () => {
    const m = await createMember(t.db, 'ledgerunmoved');
    await credit(m.id, 80, `unmoved:${m.id}`);
    const [acct] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, `member:${m.id}`));
    const [houseAcct] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, 'house'));
    // Balanced postings with running balances, but the accounts keep their old balances.
    const unmoved = t.db.execute(sql`with tx as (
        insert into ledger_transactions (merchant_code, idempotency_key, kind, request_hash)
        values ('DEMO', ${`unmoved:${m.id}:1`}, 'adjust', ${'x'.repeat(64)}) returning id)
      insert into ledger_postings (transaction_id, account_id, amount, balance_after)
      select tx.id, v.account, v.amount, v.after from tx,
        (values (${houseAcct!.id}::bigint, -5::bigint, ${houseAcct!.balance - 5}::bigint), (${acct!.id}::bigint, 5::bigint, 85::bigint)) as v(account, amount, after)`);
    expect(await refusal(unmoved)).toEqual({ code: '23514', constraint: 'ledger_accounts_balance_posted' });
    // A transaction's postings go in the statement that writes it: added by a later statement, refused.
    const split = t.db.transaction(async (trx) => {
      await trx.execute(sql`with tx as (
          insert into ledger_transactions (merchant_code, idempotency_key, kind, request_hash)
          values ('DEMO', ${`unmoved:${m.id}:2`}, 'adjust', ${'x'.repeat(64)}) returning id)
        insert into ledger_postings (transaction_id, account_id, amount, balance_after) select tx.id, ${acct!.id}, 5, 85 from tx`);
    });
    expect(await refusal(split)).toEqual({ code: '23514', constraint: 'ledger_transactions_balanced' });
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(80);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('creates one transaction for 100 concurrent replays of one key', async () => {
    const m = await createMember(t.db, 'ledgerrace');
    const results = await Promise.all(Array.from({ length: 100 }, () => credit(m.id, 700, `race:${m.id}`)));
    const ids = new Set(results.map((r) => r.transactionId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `race:${m.id}`));
    expect(row?.n).toBe(1);
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(700);
  });

  it('never overdraws a wallet with 200 concurrent withdrawals', async () => {
    const { ctx, member: m, cardId } = await kit.newMember('ledgerwithdraw');
    await credit(m.id, 100 * 100_00, `withdraw:${m.id}:funding`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        kit.service.createWithdrawal(ctx, { bankCardId: cardId, amount: 100_00, withdrawalPassword: '123456', idempotencyKey: `concurrent-${i}` }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(ok).toHaveLength(100);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(0);
    expect(await balanceOf(t.db, 'DEMO', { kind: 'hold', memberId: m.id })).toBe(100 * 100_00);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('makes one deposit and one gateway payment of 20 concurrent requests with one key', async () => {
    const { ctx, member: m } = await kit.newMember('ledgerdepositrace');
    const body = { channelCode: 'EWALLET', amount: 500_00, idempotencyKey: `deposit-race-${m.id}` };
    const payments = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(localGatewayPayments))[0]?.n ?? 0;
    const before = await payments();
    const orders = await Promise.all(Array.from({ length: 20 }, () => kit.service.createDeposit(ctx, body)));
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(1);
    // No payment left behind by the requests that lost the race.
    expect(await payments()).toBe(before + 1);
    const [all] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deposits)
      .where(eq(deposits.memberId, m.id));
    expect(all?.n).toBe(1);
  });

  it('with the real withdrawal password: 20 concurrent withdrawals all go through, 20 concurrent replays of one key make one', async () => {
    const real = createWalletKit(t.db, createWithdrawalPasswords(t.db, () => new Date()));
    const { ctx, member: m, cardId } = await real.newMember('ledgerrealpw');
    await createWithdrawalPasswords(t.db, () => new Date()).set(m, { newPassword: '135790', confirmPassword: '135790' });
    await credit(m.id, 40 * 100_00, `withdraw:${m.id}:funding`);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        real.service.createWithdrawal(ctx, { bankCardId: cardId, amount: 100_00, withdrawalPassword: '135790', idempotencyKey: `real-${i}` }),
      ),
    );
    expect(new Set(many.map((w) => w.orderNo)).size).toBe(20);
    const replays = await Promise.all(
      Array.from({ length: 20 }, () =>
        real.service.createWithdrawal(ctx, { bankCardId: cardId, amount: 100_00, withdrawalPassword: '135790', idempotencyKey: 'real-replayed' }),
      ),
    );
    expect(new Set(replays.map((w) => w.orderNo)).size).toBe(1);
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(40 * 100_00 - 21 * 100_00);
    expect(await balanceOf(t.db, 'DEMO', { kind: 'hold', memberId: m.id })).toBe(21 * 100_00);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  }, 60_000);
});

// ------------------------------------------------------------------ model

type Op =
  | { op: 'deposit'; amount: number; paid: boolean }
  | { op: 'bet'; amount: number }
  | { op: 'win'; pick: number; amount: number }
  | { op: 'rollback'; pick: number }
  | { op: 'lateBet'; pick: number }
  | { op: 'withdraw'; amount: number }
  | { op: 'decide'; pick: number; approve: boolean }
  | { op: 'replay'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 50_00, max: 3_000_00 }), paid: fc.boolean() }),
  fc.record({ op: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 3_000_00 }) }),
  fc.record({ op: fc.constant('win' as const), pick: fc.nat(), amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_00 })) }),
  fc.record({ op: fc.constant('rollback' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('lateBet' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), amount: fc.integer({ min: 100_00, max: 3_000_00 }) }),
  fc.record({ op: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
);

interface Round {
  roundId: string;
  stake: number;
  status: 'open' | 'settled' | 'rolled_back';
  win: number;
  /** The answer of the first rollback (a later rollback of the round answers it again). */
  rolledBack?: MovementAnswer;
}

const refusedWith = (status: number, errorCode: string) => ({ statusCode: status, errorCode });

describe('postBatch', () => {
  it('writes many transactions in one statement, an account moved by more than ten legs keeping its running balance', async () => {
    const m = await createMember(t.db, `batch${++seq}`);
    await credit(m.id, 1_000, `batch-open-${seq}`);
    const legs = Array.from({ length: 12 }, (_, i) => ({
      merchantId: 'DEMO',
      idempotencyKey: `batch-${seq}-${i}`,
      kind: 'bet',
      postings: [
        { account: member(m.id), amount: -(i + 1) },
        { account: { kind: 'vendor' as const, vendorCode: 'BGS' }, amount: i + 1 },
      ],
    }));
    const { transactionIds, balances } = await t.db.transaction((trx) => postBatch(trx as never, legs));
    expect(new Set(transactionIds).size).toBe(12);
    expect(balances.get(`member:${m.id}`)).toBe(1_000 - 78);
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(1_000 - 78);
    expect((await findTransaction(t.db, 'DEMO', `batch-${seq}-11`))?.postings.find((p) => p.account === `member:${m.id}`)?.balanceAfter).toBe(922);
    // A single transaction of more than ten legs on one account orders its postings by number, not as text.
    const many = Array.from({ length: 12 }, (_, i) => [
      { account: member(m.id), amount: -1 },
      { account: house, amount: 1 },
    ]).flat();
    await postTransaction(t.db, { merchantId: 'DEMO', idempotencyKey: `batch-many-${seq}`, kind: 'adjust', postings: many });
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(910);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });

  it('refuses an overdraft or a taken key, and the rollback leaves nothing of the batch', async () => {
    const m = await createMember(t.db, `batch${++seq}`);
    await credit(m.id, 100, `batch-open-${seq}`);
    const bet = (key: string, amount: number) => ({
      merchantId: 'DEMO',
      idempotencyKey: key,
      kind: 'bet',
      postings: [
        { account: member(m.id), amount: -amount },
        { account: { kind: 'vendor' as const, vendorCode: 'BGS' }, amount },
      ],
    });
    await expect(t.db.transaction((trx) => postBatch(trx as never, [bet(`b-${seq}-1`, 60), bet(`b-${seq}-2`, 60)]))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    await t.db.transaction((trx) => postBatch(trx as never, [bet(`b-${seq}-3`, 10)]));
    await expect(t.db.transaction((trx) => postBatch(trx as never, [bet(`b-${seq}-4`, 10), bet(`b-${seq}-3`, 10)]))).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(await balanceOf(t.db, 'DEMO', member(m.id))).toBe(90);
    expect(await findTransaction(t.db, 'DEMO', `b-${seq}-4`)).toBeUndefined();
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  });
});

describe('model: random sequences of money operations', () => {
  it('keeps every invariant of the whole ledger and of the bets after each step of 1000 sequences', async () => {
    const seamless = await createSeamlessKit(t.db);
    // The whole ledger after every step, read incrementally (what changed since the previous step: the
    // full read grows with the ledger, and made this test quadratic); compared with the full read of
    // `ledgerInvariants` at the start of every 50th sequence and at the end.
    const watch = createLedgerWatch(t.db);
    expect(await watch.check()).toEqual(intactLedger);
    let run = 0;
    let steps = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        run++;
        if (run % 50 === 0) expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
        const { ctx, member: m, cardId } = await kit.newMember(`model${run}x${seq++}`);
        const playerId = String(m.id);
        const model = { balance: 0, held: 0 };
        const rounds: Round[] = [];
        /** Rounds rolled back before any bet: a debit of them is refused. */
        const voided: string[] = [];
        const pending: { orderNo: string; amount: number }[] = [];
        const replays: (() => Promise<void>)[] = [];
        let n = 0;
        const id = (what: string) => `m${m.id}-${what}-${n++}`;
        /** A seamless request whose first answer is `first`: sent again, it answers the same, replayed. */
        const replayable = (send: () => Promise<MovementAnswer>, first: MovementAnswer) =>
          replays.push(async () => expect(await send()).toEqual({ ...first, replayed: true }));

        for (const o of ops) {
          switch (o.op) {
            case 'deposit': {
              const body = { channelCode: 'EWALLET', amount: o.amount, idempotencyKey: id('dep') };
              const order = await kit.service.createDeposit(ctx, body);
              const status = await kit.settleDeposit(order.orderNo, o.paid ? 'paid' : 'cancelled');
              expect(status).toBe(o.paid ? 'completed' : 'cancelled');
              if (o.paid) model.balance += o.amount;
              replays.push(async () => {
                expect((await kit.service.createDeposit(ctx, body)).orderNo).toBe(order.orderNo);
                expect(await kit.redeliver(order.orderNo)).toBe(status);
              });
              break;
            }
            case 'bet': {
              const body = { transactionId: id('bet'), playerId, gameCode: seamless.gameCode, roundId: id('round'), amount: o.amount };
              if (o.amount > model.balance) {
                await expect(seamless.debit(body)).rejects.toMatchObject(refusedWith(409, seamlessErrorCodes.balanceInsufficient));
                break;
              }
              const first = await seamless.debit(body);
              model.balance -= o.amount;
              expect(first).toMatchObject({ balance: model.balance, replayed: false });
              rounds.push({ roundId: body.roundId, stake: o.amount, status: 'open', win: 0 });
              replayable(() => seamless.debit(body), first);
              break;
            }
            case 'win': {
              const round = rounds[o.pick % Math.max(1, rounds.length)];
              if (!round) break;
              const body = { transactionId: id('win'), playerId, roundId: round.roundId, amount: o.amount };
              if (round.status !== 'open') {
                const code = round.status === 'settled' ? seamlessErrorCodes.betSettled : seamlessErrorCodes.betRolledBack;
                await expect(seamless.credit(body)).rejects.toMatchObject(refusedWith(409, code));
                break;
              }
              const first = await seamless.credit(body);
              model.balance += o.amount;
              round.status = 'settled';
              round.win = o.amount;
              expect(first).toMatchObject({ balance: model.balance, replayed: false });
              replayable(() => seamless.credit(body), first);
              break;
            }
            case 'rollback': {
              // One pick past the rounds: a round the platform never saw.
              const round = rounds[o.pick % (rounds.length + 1)];
              const body = { transactionId: id('void'), playerId, roundId: round?.roundId ?? id('round') };
              if (!round) {
                await expect(seamless.rollback(body)).rejects.toMatchObject(refusedWith(404, seamlessErrorCodes.betNotFound));
                voided.push(body.roundId);
                break;
              }
              if (round.status === 'settled') {
                await expect(seamless.rollback(body)).rejects.toMatchObject(refusedWith(409, seamlessErrorCodes.betSettled));
                break;
              }
              const answer = await seamless.rollback(body);
              if (round.status === 'rolled_back') {
                expect(answer).toEqual({ ...round.rolledBack, replayed: true });
                break;
              }
              model.balance += round.stake;
              round.status = 'rolled_back';
              round.rolledBack = answer;
              expect(answer).toMatchObject({ balance: model.balance, replayed: false });
              replayable(() => seamless.rollback(body), answer);
              break;
            }
            case 'lateBet': {
              const roundId = voided[o.pick % Math.max(1, voided.length)];
              if (!roundId) break;
              const body = { transactionId: id('late'), playerId, gameCode: seamless.gameCode, roundId, amount: 1 };
              await expect(seamless.debit(body)).rejects.toMatchObject(refusedWith(409, seamlessErrorCodes.roundVoided));
              break;
            }
            case 'withdraw': {
              const body = { bankCardId: cardId, amount: o.amount, withdrawalPassword: '123456', idempotencyKey: id('wd') };
              if (o.amount > model.balance) {
                await expect(kit.service.createWithdrawal(ctx, body)).rejects.toBeInstanceOf(InsufficientBalanceError);
                break;
              }
              const w = await kit.service.createWithdrawal(ctx, body);
              expect(w.status).toBe('pending');
              model.balance -= o.amount;
              model.held += o.amount;
              pending.push({ orderNo: w.orderNo, amount: o.amount });
              replays.push(async () => expect((await kit.service.createWithdrawal(ctx, body)).orderNo).toBe(w.orderNo));
              break;
            }
            case 'decide': {
              const w = pending.splice(o.pick % Math.max(1, pending.length), 1)[0];
              if (!w) break;
              const decision = o.approve ? 'approved' : 'rejected';
              const decided = await kit.service.decideWithdrawal('DEMO', w.orderNo, decision);
              expect(decided.w.status).toBe(decision);
              model.held -= w.amount;
              if (!o.approve) model.balance += w.amount;
              replays.push(async () => expect((await kit.service.decideWithdrawal('DEMO', w.orderNo, decision)).w.status).toBe(decision));
              break;
            }
            case 'replay': {
              const replay = replays[o.pick % Math.max(1, replays.length)];
              if (replay) await replay();
              break;
            }
          }
          steps++;
          // The whole ledger: sum zero, every transaction balanced, nothing negative, every balance its replayed history.
          expect(await watch.check()).toEqual(intactLedger);
          expect(await memberBalances(t.db, m.id)).toEqual(model);
          // The bets: what the model expects, each matching its ledger transactions.
          const stored = await t.db.select().from(bets).where(eq(bets.memberId, m.id)).orderBy(asc(bets.id));
          expect(stored.map((b) => ({ roundId: b.roundId, stake: b.stake, status: b.status, win: b.win }))).toEqual(
            rounds.map(({ roundId, stake, status, win }) => ({ roundId, stake, status, win })),
          );
          expect(await betMismatches(t.db, m.id)).toBe(0);
        }
      }),
      { numRuns: 1000 },
    );
    expect(run).toBeGreaterThanOrEqual(1000);
    expect(steps).toBeGreaterThan(1000);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
    expect(await betMismatches(t.db)).toBe(0);
    console.info(`ledger model: ${run} sequences, ${steps} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 900_000);
});
