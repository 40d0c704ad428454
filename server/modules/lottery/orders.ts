/**
 * Lottery orders: placing one (every sub-order paid from the wallet in one
 * database transaction, or nothing), a member's orders and one order, and
 * cancelling a sub-order before its issue's cutoff (the stake back through
 * the ledger). Each sub-order is a `bets` row with its own ledger
 * transactions: `bet` when placed, `rollback` when cancelled, `win` when it
 * wins (settlement.ts). The issue's row lock orders all of them: placing
 * and cancelling hold it shared and check the cutoff, the draw holds it
 * exclusively, so no order or cancel can slip past a draw.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Order, PlaceOrder, SubOrder } from '../../../contract/lottery.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { type LotteryIssueRow, type LotteryOrderRow, type LotterySubOrderRow, lotteryIssues, lotteryOrders, lotterySubOrders } from '../../db/schema-lottery.ts';
import { bets } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';
import { totalPages } from '../../http/paging.ts';
import { allowedPrizeModes } from '../games/game-sessions.ts';
import { balanceOf, postBatch, postTransaction } from '../wallet/ledger.ts';
import { isTrial } from '../member/referral.ts';
import { forgetWallets } from '../wallet/wallet-answers.ts';
import { lockAccounts, perDatabase, withRetries } from './locks.ts';
import { ensureIssue, issueView, type LotteryGameRecord, lotteryGame, lotteryGames, playTypeOfGame } from './games.ts';
import { canonicalPick, currentIssue, type IssueTimes, placedOdds } from './rules.ts';

/** The refusals of rg_bet_refusal (migration 0024), as the launch (403) and the seamless wallet (409) answer them. */
const rgRefusals: Record<string, [403 | 409, string, string]> = {
  excluded: [403, errorCodes.rgPlayExcluded, 'Games are closed during your time-out or self-exclusion.'],
  limit_wager: [409, errorCodes.rgBetWagerLimit, 'This bet would go over your wager limit.'],
  limit_loss: [409, errorCodes.rgBetLossLimit, 'This bet would go over your loss limit.'],
};

const issueClosed = () => new AppError(409, errorCodes.lotteryIssueClosed, 'Betting on this draw has closed.');
const orderNotFound = () => new AppError(404, errorCodes.lotteryOrderNotFound, 'There is no such order.');

function assertNotTrial(member: MemberRow): void {
  if (isTrial(member)) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
}

/** Locks the issue's row shared and checks that it still takes bets at `now`. */
async function lockOpenIssue(trx: Database, issueId: number, now: Date): Promise<LotteryIssueRow> {
  const [issue] = await trx.select().from(lotteryIssues).where(eq(lotteryIssues.id, issueId)).for('share');
  if (!issue || issue.status !== 'open' || now.getTime() >= issue.cutoffAt.getTime()) throw issueClosed();
  return issue;
}

/**
 * The issue rows orders go to, kept by this process while they take bets: the row's id, seed hash and times
 * never change (its status is read again under its lock by every order).
 */
const openIssuesOf = perDatabase(() => new Map<string, LotteryIssueRow>());

async function openIssueRow(db: Database, game: LotteryGameRecord, times: IssueTimes): Promise<LotteryIssueRow> {
  const openIssues = openIssuesOf(db);
  const key = `${game.merchantCode}|${game.gameCode}|${times.issueNo}`;
  const hit = openIssues.get(key);
  if (hit) return hit;
  const row = await ensureIssue(db, game, times);
  if (openIssues.size > 1_000) openIssues.clear();
  openIssues.set(key, row);
  return row;
}

export async function placeOrder(db: Database, member: MemberRow, body: PlaceOrder, now: Date): Promise<{ order: Order; balance: number }> {
  assertNotTrial(member);
  const game = await lotteryGame(db, member.merchantCode, body.gameCode);
  if (!allowedPrizeModes(game.vendor).includes(body.prizeMode) || body.playType !== playTypeOfGame(game)) {
    throw new AppError(400, errorCodes.lotteryModeInvalid, `${body.prizeMode}/${body.playType} is not offered by this lottery.`);
  }
  const current = currentIssue(game.config, now);
  if (body.issueNo !== current.issueNo) throw issueClosed();
  const picks = body.bets.map((bet) => {
    const pick = canonicalPick(game.config, bet.betType, bet.pick);
    if (!pick) throw new AppError(400, errorCodes.lotteryBetInvalid, `${bet.pick} is not a ${bet.betType} pick of this lottery.`);
    return { ...bet, pick, odds: placedOdds(game.config, bet.betType, pick) };
  });
  const total = picks.reduce((sum, p) => sum + p.stake, 0);
  const issueRow = await openIssueRow(db, game, current);
  const merchantId = member.merchantCode;
  const memberKey = `member:${member.id}`;
  const placed = await withRetries(() =>
    db.transaction(async (trx) => {
      await lockOpenIssue(trx, issueRow.id, now);
      // The member's wallet and the vendor's account first, in id order as the ledger and the draw lock them: the
      // limits are read under the member's lock, as the seamless wallet's bets are.
      await lockAccounts(trx, merchantId, [memberKey, `vendor:${game.vendor}`]);
      const refusal = (await trx.execute(
        sql`select rg_bet_refusal(${member.id}, ${total}, '{}'::bigint[], '{}'::bigint[], ${now.toISOString()}::timestamptz) as r`,
      )) as unknown as { rows: { r: string | null }[] };
      const refused = rgRefusals[refusal.rows[0]?.r ?? ''];
      if (refused) throw new AppError(refused[0], refused[1], refused[2]);
      const [order] = await trx
        .insert(lotteryOrders)
        .values({
          merchantCode: merchantId,
          memberId: member.id,
          issueId: issueRow.id,
          gameId: game.id,
          gameCode: game.gameCode,
          prizeMode: body.prizeMode,
          playType: body.playType,
          createdAt: now,
        })
        .returning();
      if (!order) throw new Error('The order was not written');
      const { transactionIds: txIds, balances } = await postBatch(
        trx,
        picks.map((p, i) => ({
          merchantId,
          idempotencyKey: `lottery.bet:${order.id}:${i}`,
          kind: 'bet',
          postings: [
            { account: { kind: 'member' as const, memberId: member.id }, amount: -p.stake },
            { account: { kind: 'vendor' as const, vendorCode: game.vendor }, amount: p.stake },
          ],
          meta: { lottery: game.gameCode, issueNo: current.issueNo, orderId: order.id },
        })),
      );
      const balance = balances.get(memberKey) ?? 0;
      const betRows = await trx
        .insert(bets)
        .values(
          picks.map((p, i) => ({
            merchantCode: merchantId,
            memberId: member.id,
            gameId: game.id,
            vendorCode: game.vendor,
            roundId: `lottery:${order.id}:${i}`,
            stake: p.stake,
            status: 'open' as const,
            betTxId: txIds[i] as string,
            createdAt: now,
          })),
        )
        .returning({ id: bets.id, roundId: bets.roundId });
      const betIds = new Map(betRows.map((b) => [b.roundId, b.id]));
      const subs = await trx
        .insert(lotterySubOrders)
        .values(
          picks.map((p, i) => ({
            orderId: order.id,
            issueId: issueRow.id,
            betId: betIds.get(`lottery:${order.id}:${i}`) as number,
            betType: p.betType,
            pick: p.pick,
            stake: p.stake,
            odds: p.odds,
          })),
        )
        .returning();
      return { order, subs: subs.sort((a, b) => a.id - b.id), balance };
    }),
  );
  forgetWallets(db, [member.id]);
  return { order: orderView(placed.order, placed.subs, issueRow, game.gameName, now), balance: placed.balance };
}

export async function cancelSubOrder(db: Database, member: MemberRow, subOrderId: number, now: Date): Promise<{ order: Order; balance: number }> {
  assertNotTrial(member);
  const [found] = await db
    .select({ sub: lotterySubOrders, order: lotteryOrders })
    .from(lotterySubOrders)
    .innerJoin(lotteryOrders, eq(lotteryOrders.id, lotterySubOrders.orderId))
    .where(and(eq(lotterySubOrders.id, subOrderId), eq(lotteryOrders.memberId, member.id)));
  if (!found) throw orderNotFound();
  const game = await lotteryGame(db, member.merchantCode, found.order.gameCode);
  const notCancellable = () => new AppError(409, errorCodes.lotterySubOrderNotCancellable, 'This bet can no longer be cancelled.');
  await withRetries(() => db.transaction(async (trx) => {
    try {
      await lockOpenIssue(trx, found.sub.issueId, now);
    } catch {
      throw notCancellable();
    }
    const [sub] = await trx.select().from(lotterySubOrders).where(eq(lotterySubOrders.id, subOrderId)).for('update');
    if (!sub || sub.status !== 'open') throw notCancellable();
    const { transactionId } = await postTransaction(trx, {
      merchantId: member.merchantCode,
      idempotencyKey: `lottery.cancel:${sub.id}`,
      kind: 'rollback',
      postings: [
        { account: { kind: 'vendor', vendorCode: game.vendor }, amount: -sub.stake },
        { account: { kind: 'member', memberId: member.id }, amount: sub.stake },
      ],
      meta: { lottery: game.gameCode, orderId: sub.orderId, subOrderId: sub.id },
    });
    await trx.update(bets).set({ status: 'rolled_back', settleTxId: transactionId, settledAt: now }).where(eq(bets.id, sub.betId));
    await trx.update(lotterySubOrders).set({ status: 'cancelled', settledAt: now }).where(eq(lotterySubOrders.id, sub.id));
  }));
  forgetWallets(db, [member.id]);
  const [order, balance] = await Promise.all([
    orderOf(db, member, found.order.id, now),
    balanceOf(db, member.merchantCode, { kind: 'member', memberId: member.id }),
  ]);
  return { order, balance };
}

// ------------------------------------------------------------------ views

function subOrderView(sub: LotterySubOrderRow, issue: LotteryIssueRow, now: Date): SubOrder {
  return {
    id: sub.id,
    betType: sub.betType,
    pick: sub.pick,
    stake: sub.stake,
    odds: sub.odds,
    status: sub.status,
    payout: sub.payout,
    cancellable: sub.status === 'open' && issue.status === 'open' && now.getTime() < issue.cutoffAt.getTime(),
  };
}

function orderView(order: LotteryOrderRow, subs: LotterySubOrderRow[], issue: LotteryIssueRow, gameName: string, now: Date): Order {
  const live = subs.filter((s) => s.status !== 'cancelled');
  return {
    orderId: order.id,
    gameCode: order.gameCode,
    gameName,
    issueNo: issue.issueNo,
    prizeMode: order.prizeMode,
    playType: order.playType,
    stake: live.reduce((sum, s) => sum + s.stake, 0),
    payout: live.reduce((sum, s) => sum + s.payout, 0),
    status: live.length === 0 ? 'cancelled' : live.some((s) => s.status === 'open') ? 'open' : 'settled',
    createdAt: order.createdAt.toISOString(),
    subOrders: subs.map((s) => subOrderView(s, issue, now)),
  };
}

async function orderViews(db: Database, merchantCode: string, orders: LotteryOrderRow[], now: Date): Promise<{ order: Order; issue: LotteryIssueRow }[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [subs, issues, list] = await Promise.all([
    db.select().from(lotterySubOrders).where(inArray(lotterySubOrders.orderId, ids)).orderBy(lotterySubOrders.id),
    db
      .select()
      .from(lotteryIssues)
      .where(inArray(lotteryIssues.id, [...new Set(orders.map((o) => o.issueId))])),
    lotteryGames(db, merchantCode),
  ]);
  const names = new Map<string, string>(list.map((g: LotteryGameRecord) => [g.gameCode, g.gameName]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  return orders.map((o) => {
    const issue = issueById.get(o.issueId) as LotteryIssueRow;
    return {
      order: orderView(
        o,
        subs.filter((s) => s.orderId === o.id),
        issue,
        names.get(o.gameCode) ?? o.gameCode,
        now,
      ),
      issue,
    };
  });
}

async function orderOf(db: Database, member: MemberRow, orderId: number, now: Date): Promise<Order> {
  return (await orderDetail(db, member, orderId, now)).order;
}

export async function orderDetail(db: Database, member: MemberRow, orderId: number, now: Date) {
  const [order] = await db
    .select()
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.id, orderId), eq(lotteryOrders.memberId, member.id)));
  if (!order) throw orderNotFound();
  const [view] = await orderViews(db, member.merchantCode, [order], now);
  if (!view) throw orderNotFound();
  return { order: view.order, issue: issueView(view.issue, now) };
}

const statusFilters: Record<'open' | 'settled' | 'cancelled', SQL> = {
  open: sql`exists (select 1 from lottery_sub_orders s where s.order_id = ${lotteryOrders.id} and s.status = 'open')`,
  settled: sql`exists (select 1 from lottery_sub_orders s where s.order_id = ${lotteryOrders.id} and s.status in ('won', 'lost'))
    and not exists (select 1 from lottery_sub_orders s where s.order_id = ${lotteryOrders.id} and s.status = 'open')`,
  cancelled: sql`not exists (select 1 from lottery_sub_orders s where s.order_id = ${lotteryOrders.id} and s.status <> 'cancelled')`,
};

export async function ordersPage(
  db: Database,
  member: MemberRow,
  query: { status: 'all' | 'open' | 'settled' | 'cancelled'; gameCode?: string | undefined; pageNo: number; pageSize: number },
  now: Date,
) {
  const where = and(
    eq(lotteryOrders.memberId, member.id),
    query.gameCode ? eq(lotteryOrders.gameCode, query.gameCode) : undefined,
    query.status === 'all' ? undefined : statusFilters[query.status],
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(lotteryOrders)
      .where(where)
      .orderBy(desc(lotteryOrders.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(lotteryOrders).where(where),
  ]);
  const total = count?.total ?? 0;
  return {
    list: (await orderViews(db, member.merchantCode, rows, now)).map((v) => v.order),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
  };
}
