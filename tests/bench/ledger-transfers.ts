/**
 * Ledger throughput for `npm run bench:api`: transfers per second through
 * `postTransaction` (idempotency row, row locks, balance CHECK, postings with
 * running balances, the deferred zero-sum trigger) and bets per second through
 * the seamless-wallet service (a bet = a debit and the credit of its round:
 * two ledger transactions, the `bets` row, the request log, advisory locks),
 * against a BASELINE measured in the same run on the same database: a raw
 * transfer of two `UPDATE ... SET balance = balance ± n` in one transaction.
 * All run for the same time with the same number of concurrent workers, in
 * interleaved slices (raw, ledger, bets, raw, ledger, bets, ..., raw) so that a
 * change of the machine's load during the run weighs on all three alike; each
 * ratio is the median of its slices' ratios to the raw slices around them,
 * and the ratios are what to compare across machines.
 *
 * Runs in-process on its own database: a fresh in-memory PGlite, or with
 * DATABASE_URL a fresh PostgreSQL database (created and dropped).
 */
import { eq, sql } from 'drizzle-orm';
import { members } from '../../server/db/schema.ts';
import { postTransaction } from '../../server/modules/wallet/ledger.ts';
import { createTestDatabase } from '../../server/test/test-db.ts';
import { createSeamlessKit } from '../../server/test/wallet-model.ts';
import { medianSliceRatio } from './support.ts';

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

interface Tally {
  done: number;
  errors: number;
  ms: number;
}

const tally = (): Tally => ({ done: 0, errors: 0, ms: 0 });

/** Numbers the steps of the whole run (idempotency keys and rounds stay unique across slices). */
let sequence = 0;

/** Runs `step` on `concurrency` workers for `seconds`, adding to the tally. */
async function slice(into: Tally, seconds: number, concurrency: number, step: (worker: number, i: number) => Promise<void>) {
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (Date.now() < end) {
        try {
          await step(worker, sequence++);
          into.done++;
        } catch {
          into.errors++;
        }
      }
    }),
  );
  into.ms += Date.now() - started;
}

const perSecond = (t: Tally) => (t.ms > 0 ? t.done / (t.ms / 1000) : 0);

export async function benchLedgerTransfers(options: { seconds: number; concurrency: number }): Promise<LedgerBenchResult> {
  const testDb = await createTestDatabase();
  const db = testDb.db;
  try {
    // Baseline: two plain rows, one transaction of two UPDATEs per transfer.
    await db.execute(sql`create table bench_transfer_accounts (id int primary key, balance bigint not null)`);
    await db.execute(sql`insert into bench_transfer_accounts values (1, 1000000000), (2, 1000000000)`);
    const rawTransfer = async (_w: number, i: number) => {
      // Rows in id order (as the ledger locks them), so concurrent transfers cannot deadlock.
      const amount = i % 2 ? 1 : -1;
      await db.transaction(async (trx) => {
        await trx.execute(sql`update bench_transfer_accounts set balance = balance + ${amount} where id = 1`);
        await trx.execute(sql`update bench_transfer_accounts set balance = balance - ${amount} where id = 2`);
      });
    };

    // Ledger: bets and wins between a member wallet and a vendor, each with its own idempotency key.
    const [player] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'player1'));
    if (!player) throw new Error('bench: demo member player1 missing');
    const memberAccount = { kind: 'member' as const, memberId: player.id };
    const vendor = { kind: 'vendor' as const, vendorCode: 'BGS' };
    const ledgerTransfer = async (worker: number, i: number) => {
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
    };

    // Bets: a debit and the credit of its round through the seamless-wallet service (vendor BGS), in process.
    const seamless = await createSeamlessKit(db);
    const playerId = String(player.id);
    const bet = async (worker: number, i: number) => {
      const roundId = `bench-${worker}-${i}`;
      await seamless.debit({ transactionId: `${roundId}:bet`, playerId, gameCode: seamless.gameCode, roundId, amount: 100 });
      await seamless.credit({ transactionId: `${roundId}:win`, playerId, roundId, amount: 100 });
    };

    // Slices raw, ledger, bets, raw, ledger, bets, ..., raw: each ledger and bets slice lies between
    // two raw slices (medianSliceRatio).
    const slices = Math.max(1, Math.round(options.seconds));
    const share = options.seconds / slices;
    const raws = [tally()];
    const ledgers: Tally[] = [];
    const bettings: Tally[] = [];
    await slice(raws[0]!, share, options.concurrency, rawTransfer);
    for (let n = 0; n < slices; n++) {
      ledgers.push(tally());
      await slice(ledgers[n]!, share, options.concurrency, ledgerTransfer);
      bettings.push(tally());
      await slice(bettings[n]!, share, options.concurrency, bet);
      raws.push(tally());
      await slice(raws[n + 1]!, share, options.concurrency, rawTransfer);
    }
    const ratios = (parts: Tally[]) => medianSliceRatio(parts.map(perSecond), raws.map(perSecond));
    const all = (parts: Tally[]) => parts.reduce((sum, t) => ({ done: sum.done + t.done, errors: sum.errors + t.errors, ms: sum.ms + t.ms }), tally());
    const [raw, ledger, betting] = [all(raws), all(ledgers), all(bettings)];
    return {
      seconds: options.seconds,
      concurrency: options.concurrency,
      baselineTransfersPerSecond: perSecond(raw),
      ledgerTransfersPerSecond: perSecond(ledger),
      ratioToBaseline: ratios(ledgers),
      seamlessBetsPerSecond: perSecond(betting),
      betRatioToBaseline: ratios(bettings),
      errors: raw.errors + ledger.errors + betting.errors,
    };
  } finally {
    await testDb.close();
  }
}
