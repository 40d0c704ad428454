/**
 * Ledger throughput for `npm run bench:api`: transfers per second through
 * `postTransaction` (idempotency row, row locks, balance CHECK, postings with
 * running balances, the deferred zero-sum trigger) and bets per second through
 * the seamless-wallet service (a bet = a debit and the credit of its round:
 * two ledger transactions, the `bets` row, the request log, advisory locks),
 * against a BASELINE measured in the same run on the same database: a raw
 * transfer of two `UPDATE ... SET balance = balance ± n` in one transaction.
 * All run for the same time with the same number of concurrent workers; the
 * ratios are what to compare across machines.
 *
 * Runs in-process on its own database: a fresh in-memory PGlite, or with
 * DATABASE_URL a fresh PostgreSQL database (created and dropped).
 */
import { eq, sql } from 'drizzle-orm';
import { members } from '../../server/db/schema.ts';
import { postTransaction } from '../../server/modules/wallet/ledger.ts';
import { createTestDatabase } from '../../server/test/test-db.ts';
import { createSeamlessKit } from '../../server/test/wallet-model.ts';

export interface LedgerBenchResult {
  seconds: number;
  concurrency: number;
  baselineTransfersPerSecond: number;
  ledgerTransfersPerSecond: number;
  ratioToBaseline: number;
  /** Bets (debit + credit through the seamless-wallet service) per second. */
  seamlessBetsPerSecond: number;
  /** seamlessBetsPerSecond / baselineTransfersPerSecond. */
  betRatioToBaseline: number;
  errors: number;
}

async function timed(seconds: number, concurrency: number, step: (worker: number, i: number) => Promise<void>) {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; Date.now() < end; i++) {
        try {
          await step(worker, i);
          done++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { perSecond: done / ((Date.now() - started) / 1000), errors };
}

export async function benchLedgerTransfers(options: { seconds: number; concurrency: number }): Promise<LedgerBenchResult> {
  const testDb = await createTestDatabase();
  const db = testDb.db;
  try {
    // Baseline: two plain rows, one transaction of two UPDATEs per transfer.
    await db.execute(sql`create table bench_transfer_accounts (id int primary key, balance bigint not null)`);
    await db.execute(sql`insert into bench_transfer_accounts values (1, 1000000000), (2, 1000000000)`);
    const raw = await timed(options.seconds, options.concurrency, async (_w, i) => {
      // Rows in id order (as the ledger locks them), so concurrent transfers cannot deadlock.
      const amount = i % 2 ? 1 : -1;
      await db.transaction(async (trx) => {
        await trx.execute(sql`update bench_transfer_accounts set balance = balance + ${amount} where id = 1`);
        await trx.execute(sql`update bench_transfer_accounts set balance = balance - ${amount} where id = 2`);
      });
    });

    // Ledger: bets and wins between a member wallet and a vendor, each with its own idempotency key.
    const [player] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'player1'));
    if (!player) throw new Error('bench: demo member player1 missing');
    const memberAccount = { kind: 'member' as const, memberId: player.id };
    const vendor = { kind: 'vendor' as const, vendorCode: 'BGS' };
    const ledger = await timed(options.seconds, options.concurrency, async (worker, i) => {
      const amount = i % 2 ? 1 : -1;
      await postTransaction(db, {
        merchantId: 'DEMO',
        idempotencyKey: `bench:${worker}:${i}`,
        kind: amount < 0 ? 'bet' : 'win',
        postings: [
          { account: memberAccount, amount },
          { account: vendor, amount: -amount },
        ],
      });
    });

    // Bets: a debit and the credit of its round through the seamless-wallet service (vendor BGS), in process.
    const seamless = await createSeamlessKit(db);
    const playerId = String(player.id);
    const betting = await timed(options.seconds, options.concurrency, async (worker, i) => {
      const roundId = `bench-${worker}-${i}`;
      await seamless.debit({ transactionId: `${roundId}:bet`, playerId, gameCode: seamless.gameCode, roundId, amount: 100 });
      await seamless.credit({ transactionId: `${roundId}:win`, playerId, roundId, amount: 100 });
    });
    return {
      seconds: options.seconds,
      concurrency: options.concurrency,
      baselineTransfersPerSecond: raw.perSecond,
      ledgerTransfersPerSecond: ledger.perSecond,
      ratioToBaseline: raw.perSecond > 0 ? ledger.perSecond / raw.perSecond : 0,
      seamlessBetsPerSecond: betting.perSecond,
      betRatioToBaseline: raw.perSecond > 0 ? betting.perSecond / raw.perSecond : 0,
      errors: raw.errors + ledger.errors + betting.errors,
    };
  } finally {
    await testDb.close();
  }
}
