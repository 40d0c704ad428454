/**
 * `npm run bench:lottery` — the lottery's money path under load.
 *
 * In-process on a database of its own (a fresh in-memory PGlite, or with
 * DATABASE_URL a fresh PostgreSQL database, created and dropped):
 * BENCH_LOTTERY_MEMBERS members (1,000), each with the demo opening balance,
 * place one order each (two sub-orders: big/small on the sum and a digit of
 * a ball) on the same issue of the 1-minute lotto, BENCH_CONCURRENCY (8) at
 * a time, through the service that `POST /lgw/orders` calls (the issue's
 * lock, the limits check, a ledger transaction and a bet per sub-order).
 * Then the issue is drawn and settled in one run of the draw (its one
 * transaction: every sub-order decided, every win paid).
 *
 * The BASELINE, measured in the same run on the same database with the
 * same concurrency, is a raw transfer: one transaction of two `UPDATE ...
 * SET balance = balance ± n` (as bench:api's ledger part), in slices before
 * and after the orders and after the draw. Reported: orders/s and its ratio
 * to the raw transfers/s around it; the settlement's time, sub-orders
 * settled/s and its ratio to the raw transfers/s; then the money invariants
 * (sum of postings 0, every bet matching its ledger transactions). Budgets
 * (ratios, docs/lottery.md): orders ≥ BUDGET_ORDERS of the raw transfer
 * rate, settlement ≥ BUDGET_SETTLE; the run exits non-zero below them or
 * with an error. Writes bench-results/lottery.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/connect.ts';
import type { MemberRow } from '../../server/db/schema.ts';
import { games } from '../../server/db/schema-catalogue.ts';
import { lotteryIssues } from '../../server/db/schema-lottery.ts';
import { lotteryGame } from '../../server/modules/lottery/games.ts';
import { placeOrder } from '../../server/modules/lottery/orders.ts';
import { currentIssue } from '../../server/modules/lottery/rules.ts';
import { drawIssue } from '../../server/modules/lottery/settlement.ts';
import { createTestDatabase } from '../../server/test/test-db.ts';
import { createFundedMember, intactLedger, ledgerInvariants } from '../../server/test/wallet-harness.ts';
import { betMismatches } from '../../server/test/wallet-model.ts';
import { resultsDir, table } from './support.ts';

const memberCount = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rawSeconds = Number(process.env.BENCH_RAW_SECONDS ?? 2);
/** Budgets: ratios to the raw transfer rate of the same run. */
const budgets = { orders: 0.05, settlement: 1.5 };

async function rawRate(db: Database, seconds: number): Promise<number> {
  let done = 0;
  let i = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const amount = i++ % 2 ? 1 : -1;
        await db.transaction(async (trx) => {
          await trx.execute(sql`update bench_transfer_accounts set balance = balance + ${amount} where id = 1`);
          await trx.execute(sql`update bench_transfer_accounts set balance = balance - ${amount} where id = 2`);
        });
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

async function main(): Promise<number> {
  const testDb = await createTestDatabase();
  const db = testDb.db;
  try {
    await db.execute(sql`create table bench_transfer_accounts (id int primary key, balance bigint not null)`);
    await db.execute(sql`insert into bench_transfer_accounts values (1, 1000000000), (2, 1000000000)`);
    const [row] = await db
      .select({ gameCode: games.gameCode })
      .from(games)
      .where(and(eq(games.merchantCode, 'DEMO'), eq(games.displayName, '1-Minute Lotto')));
    if (!row) throw new Error('bench: the demo catalogue has no 1-Minute Lotto');
    const game = await lotteryGame(db, 'DEMO', row.gameCode);

    process.stdout.write(`bench:lottery: ${memberCount} members ... `);
    const members: MemberRow[] = [];
    for (let i = 0; i < memberCount; i++) members.push(await createFundedMember(db, `benchlotto${i}`));
    console.log('ready');

    // The issue taking bets at the start of the day's 600th minute; every order is placed within it.
    const openAt = new Date(Date.UTC(2026, 2, 1, 10, 0, 5));
    const issue = currentIssue(game.config, openAt);

    const rawBefore = await rawRate(db, rawSeconds);
    let next = 0;
    let errors = 0;
    const ordersStarted = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < members.length; i = next++) {
          try {
            await placeOrder(
              db,
              members[i] as MemberRow,
              {
                gameCode: game.gameCode,
                issueNo: issue.issueNo,
                prizeMode: 'ELOTT',
                playType: 'ent',
                bets: [
                  { betType: 'bigSmall', pick: i % 2 ? 'big' : 'small', stake: 10_00 },
                  { betType: 'position', pick: `${(i % 5) + 1}:${i % 10}`, stake: 2_00 },
                ],
              },
              openAt,
            );
          } catch (error) {
            errors++;
            if (errors === 1) console.error(error);
          }
        }
      }),
    );
    const ordersSeconds = (Date.now() - ordersStarted) / 1000;
    const rawBetween = await rawRate(db, rawSeconds);

    const [issueRow] = await db
      .select({ id: lotteryIssues.id })
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.gameCode, game.gameCode), eq(lotteryIssues.issueNo, issue.issueNo)));
    const settleStarted = Date.now();
    const draw = await drawIssue(db, issueRow?.id ?? 0, new Date(issue.drawAt.getTime() + 1000));
    const settleSeconds = (Date.now() - settleStarted) / 1000;
    const rawAfter = await rawRate(db, rawSeconds);

    const invariants = await ledgerInvariants(db);
    const mismatches = await betMismatches(db);
    const ordersPerSecond = (memberCount - errors) / ordersSeconds;
    const subOrdersPerSecond = (draw?.subOrders ?? 0) / settleSeconds;
    const result = {
      members: memberCount,
      concurrency,
      rawTransfersPerSecond: { before: rawBefore, between: rawBetween, after: rawAfter },
      orders: { count: memberCount - errors, errors, seconds: ordersSeconds, perSecond: ordersPerSecond, ratioToRaw: ordersPerSecond / ((rawBefore + rawBetween) / 2) },
      settlement: {
        subOrders: draw?.subOrders ?? 0,
        winners: draw?.winners ?? 0,
        paid: draw?.paid ?? 0,
        seconds: settleSeconds,
        subOrdersPerSecond,
        ratioToRaw: subOrdersPerSecond / ((rawBetween + rawAfter) / 2),
      },
      ledgerIntact: JSON.stringify(invariants) === JSON.stringify(intactLedger),
      betMismatches: mismatches,
      budgets,
    };
    console.log(
      table([
        ['', 'per second', 'ratio to raw transfer', 'budget'],
        ['raw transfer (baseline)', ((rawBefore + rawBetween + rawAfter) / 3).toFixed(0), '1', ''],
        [`orders (${result.orders.count}, 2 sub-orders each)`, ordersPerSecond.toFixed(1), result.orders.ratioToRaw.toFixed(3), `>= ${budgets.orders}`],
        [
          `settlement (${result.settlement.subOrders} sub-orders, ${result.settlement.winners} wins, ${settleSeconds.toFixed(2)} s)`,
          subOrdersPerSecond.toFixed(0),
          result.settlement.ratioToRaw.toFixed(3),
          `>= ${budgets.settlement}`,
        ],
      ]),
    );
    console.log(`ledger intact: ${result.ledgerIntact}; bets not matching the ledger: ${mismatches}`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'lottery.json'), `${JSON.stringify(result, null, 2)}\n`);
    const ok =
      errors === 0 &&
      result.ledgerIntact &&
      mismatches === 0 &&
      result.settlement.subOrders === memberCount * 2 &&
      result.orders.ratioToRaw >= budgets.orders &&
      result.settlement.ratioToRaw >= budgets.settlement;
    if (!ok) console.error('bench:lottery: FAILED (errors, invariants or budgets)');
    return ok ? 0 : 1;
  } finally {
    await testDb.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
