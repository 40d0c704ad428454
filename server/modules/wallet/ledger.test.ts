/**
 * The ledger: validation, idempotency, the database's own guard against
 * negative balances, concurrency (replays and withdrawals racing on one
 * wallet), and a fast-check model of random sequences of deposits, bets,
 * wins, rollbacks, withdrawals, decisions and replays. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createMember, intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { createWalletKit, memberInvariants, type WalletKit } from '../../test/wallet-model.ts';
import {
  type AccountRef,
  accountKey,
  accountRefOf,
  balanceOf,
  findTransaction,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidPostingsError,
  postTransaction,
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
});

// ------------------------------------------------------------------ model

type Op =
  | { op: 'deposit'; amount: number; paid: boolean }
  | { op: 'bet'; amount: number }
  | { op: 'win'; pick: number; amount: number }
  | { op: 'rollback'; pick: number }
  | { op: 'withdraw'; amount: number }
  | { op: 'decide'; pick: number; approve: boolean }
  | { op: 'replay'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 50_00, max: 3_000_00 }), paid: fc.boolean() }),
  fc.record({ op: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 3_000_00 }) }),
  fc.record({ op: fc.constant('win' as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 5_000_00 }) }),
  fc.record({ op: fc.constant('rollback' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), amount: fc.integer({ min: 100_00, max: 3_000_00 }) }),
  fc.record({ op: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
);

interface Bet {
  key: string;
  amount: number;
  settled: boolean;
}

describe('model: random sequences of money operations', () => {
  it('keeps every invariant after each step of 1000 sequences', async () => {
    let run = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        run++;
        const { ctx, member: m, cardId } = await kit.newMember(`model${run}x${seq++}`);
        const vendor: AccountRef = { kind: 'vendor', vendorCode: 'BGS' };
        const model = { balance: 0, held: 0 };
        const bets: Bet[] = [];
        const pending: { orderNo: string; amount: number }[] = [];
        const replays: (() => Promise<void>)[] = [];
        let n = 0;
        const key = (what: string) => `m${m.id}:${what}:${n++}`;
        const game = (k: string, kind: string, amount: number) =>
          postTransaction(t.db, {
            merchantId: 'DEMO',
            idempotencyKey: k,
            kind,
            postings: [
              { account: member(m.id), amount },
              { account: vendor, amount: -amount },
            ],
            meta: { roundId: k },
          });

        for (const o of ops) {
          switch (o.op) {
            case 'deposit': {
              const body = { channelCode: 'EWALLET', amount: o.amount, idempotencyKey: key('dep') };
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
              const k = key('bet');
              if (o.amount > model.balance) {
                await expect(game(k, 'bet', -o.amount)).rejects.toBeInstanceOf(InsufficientBalanceError);
                break;
              }
              const first = await game(k, 'bet', -o.amount);
              model.balance -= o.amount;
              bets.push({ key: k, amount: o.amount, settled: false });
              replays.push(async () => expect(await game(k, 'bet', -o.amount)).toEqual({ ...first, replayed: true }));
              break;
            }
            case 'win':
            case 'rollback': {
              const open = bets.filter((b) => !b.settled);
              const bet = open[o.pick % Math.max(1, open.length)];
              if (!bet) break;
              bet.settled = true;
              const amount = o.op === 'win' ? o.amount : bet.amount;
              const k = `${bet.key}:${o.op}`;
              const first = await game(k, o.op, amount);
              model.balance += amount;
              replays.push(async () => expect(await game(k, o.op, amount)).toEqual({ ...first, replayed: true }));
              break;
            }
            case 'withdraw': {
              const body = { bankCardId: cardId, amount: o.amount, withdrawalPassword: '123456', idempotencyKey: key('wd') };
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
          const state = await memberInvariants(t.db, m.id);
          expect(state).toEqual({
            postingSum: 0,
            historyMismatches: 0,
            unbalanced: 0,
            negative: 0,
            balance: model.balance,
            held: model.held,
          });
        }
      }),
      { numRuns: 1000 },
    );
    expect(run).toBeGreaterThanOrEqual(1000);
    expect(steps).toBeGreaterThan(1000);
    expect(await ledgerInvariants(t.db)).toEqual(intactLedger);
  }, 600_000);
});
