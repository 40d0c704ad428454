/**
 * The draw: every open issue whose draw time has come is drawn from its seed
 * and settled, each in one database transaction that holds the issue's row
 * exclusively: the numbers and the revealed seed, every open sub-order won
 * or lost, each win paid through the ledger (`lottery.win:<sub-order>`), and
 * the issue marked drawn. A process killed in the middle of it leaves
 * nothing of it (the transaction never committed) and the next run does it
 * whole; two processes drawing at once skip the issue the other holds
 * (`skip locked`) and find it drawn afterwards, so each win is paid once.
 *
 * The job also writes the issue taking bets of every lottery ahead of time
 * (its seed hash is published before the first bet), so every issue is
 * drawn and listed in the results even when nobody bet on it.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { type LotteryIssueRow, lotteryIssues, lotterySubOrders } from '../../db/schema-lottery.ts';
import { bets } from '../../db/schema-wallet.ts';
import { postBatch } from '../wallet/ledger.ts';
import { forgetWallets } from '../wallet/wallet-answers.ts';
import { ensureIssues, lotteryGame, lotteryGames } from './games.ts';
import { perDatabase, withRetries } from './locks.ts';
import { currentIssue, issueNumbers, payoutOf, wonOdds } from './rules.ts';

export interface DrawResult {
  gameCode: string;
  issueNo: string;
  numbers: number[];
  subOrders: number;
  winners: number;
  paid: number;
}

/** Rows of an update statement, at most this many values at a time. */
const chunk = 2_000;

export interface DrawHooks {
  /** The issue's row is locked for its draw (inside the transaction, before any of it is written). */
  onLocked?(issue: { gameCode: string; issueNo: string }): void;
}

/** Draws and settles one issue if it is open, due and not held by another process; null otherwise. */
export async function drawIssue(db: Database, issueId: number, now: Date, hooks: DrawHooks = {}): Promise<DrawResult | null> {
  const result = await withRetries(() =>
    db.transaction(async (trx) => {
      const [issue] = await trx
        .select()
        .from(lotteryIssues)
        .where(and(eq(lotteryIssues.id, issueId), eq(lotteryIssues.status, 'open'), lte(lotteryIssues.drawAt, now)))
        .for('update', { skipLocked: true });
      if (!issue) return null;
      hooks.onLocked?.({ gameCode: issue.gameCode, issueNo: issue.issueNo });
      return settle(trx, issue, now);
    }),
  );
  if (result) forgetWallets(db, result.members);
  return result?.draw ?? null;
}

async function settle(trx: Database, issue: LotteryIssueRow, now: Date): Promise<{ draw: DrawResult; members: number[] }> {
  const game = await lotteryGame(trx, issue.merchantCode, issue.gameCode);
  const numbers = issueNumbers(game.config, issue.seed, issue.gameCode, issue.issueNo);
  const open = await trx
    .select({ sub: lotterySubOrders, memberId: bets.memberId })
    .from(lotterySubOrders)
    .innerJoin(bets, eq(bets.id, lotterySubOrders.betId))
    .where(and(eq(lotterySubOrders.issueId, issue.id), eq(lotterySubOrders.status, 'open')))
    .orderBy(asc(lotterySubOrders.id))
    .for('update', { of: lotterySubOrders });
  const decided = open.map(({ sub, memberId }) => {
    const odds = wonOdds(game.config, sub.betType, sub.pick, numbers);
    return { sub, memberId, odds, payout: odds > 0 ? payoutOf(sub.stake, odds) : 0 };
  });
  const winners = decided.filter((d) => d.payout > 0);
  const members = [...new Set(winners.map((w) => w.memberId))];
  // Every win in one batch of ledger transactions (one per winning sub-order, as its bet has its own).
  const { transactionIds } = await postBatch(
    trx,
    winners.map((w) => ({
      merchantId: issue.merchantCode,
      idempotencyKey: `lottery.win:${w.sub.id}`,
      kind: 'win',
      postings: [
        { account: { kind: 'vendor' as const, vendorCode: game.vendor }, amount: -w.payout },
        { account: { kind: 'member' as const, memberId: w.memberId }, amount: w.payout },
      ],
      meta: { lottery: issue.gameCode, issueNo: issue.issueNo, subOrderId: w.sub.id },
    })),
  );
  const settleTx = new Map(winners.map((w, i) => [w.sub.id, transactionIds[i] as string]));
  for (let i = 0; i < decided.length; i += chunk) {
    const part = decided.slice(i, i + chunk);
    const values = sql.join(
      part.map((d) => sql`(${d.sub.id}::bigint, ${d.sub.betId}::bigint, ${d.payout}::bigint, ${d.odds > 0 ? d.odds : d.sub.odds}::int, ${settleTx.get(d.sub.id) ?? null}::uuid)`),
      sql`, `,
    );
    await trx.execute(sql`update lottery_sub_orders as s
        set status = case when v.payout > 0 then 'won' else 'lost' end, payout = v.payout, odds = v.odds, settled_at = ${now.toISOString()}::timestamptz
       from (values ${values}) as v(id, bet_id, payout, odds, tx) where s.id = v.id`);
    await trx.execute(sql`update bets as b
        set status = 'settled', win = v.payout, settle_tx_id = v.tx, settled_at = ${now.toISOString()}::timestamptz
       from (values ${values}) as v(id, bet_id, payout, odds, tx) where b.id = v.bet_id`);
  }
  await trx.update(lotteryIssues).set({ status: 'drawn', numbers, drawnAt: now }).where(eq(lotteryIssues.id, issue.id));
  return {
    draw: {
      gameCode: issue.gameCode,
      issueNo: issue.issueNo,
      numbers,
      subOrders: decided.length,
      winners: winners.length,
      paid: winners.reduce((sum, w) => sum + w.payout, 0),
    },
    members,
  };
}

/** Draws every due issue (oldest first, at most `limit`); the draws made by this call. */
export async function drawDueIssues(db: Database, now: Date, limit = 200, hooks: DrawHooks = {}): Promise<DrawResult[]> {
  const due = await db
    .select({ id: lotteryIssues.id })
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.status, 'open'), lte(lotteryIssues.drawAt, now)))
    .orderBy(asc(lotteryIssues.drawAt), asc(lotteryIssues.id))
    .limit(limit);
  const draws: DrawResult[] = [];
  for (const { id } of due) {
    const draw = await drawIssue(db, id, now, hooks);
    if (draw) draws.push(draw);
  }
  return draws;
}

/** Per database, the issue taking bets this process last wrote per lottery (`merchant|game` → issue number): the next runs skip it. */
const openedOf = perDatabase(() => new Map<string, string>());

/** Writes the issue taking bets of every lottery of these merchants (seeds committed before betting), once per issue. */
export async function openCurrentIssues(db: Database, merchantCodes: string[], now: Date): Promise<void> {
  const opened = openedOf(db);
  for (const merchantCode of merchantCodes) {
    const wanted = (await lotteryGames(db, merchantCode))
      .map((game) => ({ game, times: currentIssue(game.config, now) }))
      .filter(({ game, times }) => opened.get(`${merchantCode}|${game.gameCode}`) !== times.issueNo);
    if (wanted.length === 0) continue;
    await ensureIssues(db, wanted);
    for (const { game, times } of wanted) opened.set(`${merchantCode}|${game.gameCode}`, times.issueNo);
  }
}

/** The merchants that have lotteries. */
export async function lotteryMerchants(db: Database): Promise<string[]> {
  const rows = await db.execute(sql`select distinct merchant_code from games where game_type in ('LOTT', 'ELOTT') and enabled`);
  return (rows as unknown as { rows: { merchant_code: string }[] }).rows.map((r) => r.merchant_code);
}

/** One run of the draw job: the issues taking bets written, then the due ones drawn. */
export async function runDrawJob(db: Database, now: Date, hooks: DrawHooks = {}): Promise<DrawResult[]> {
  await openCurrentIssues(db, await lotteryMerchants(db), now);
  return drawDueIssues(db, now, 200, hooks);
}
