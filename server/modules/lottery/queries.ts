/**
 * The lottery's read-only lists: the lottery list and menus, VN menus and
 * recent VN results, numero (results by issue), popular lotteries and the
 * rank list of the biggest wins.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { LotteryFamily } from '../../../contract/lottery.ts';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { lotteryIssues, lotteryOrders, lotterySubOrders } from '../../db/schema-lottery.ts';
import { AppError } from '../../http/app-error.ts';
import { totalPages } from '../../http/paging.ts';
import { maskAccount } from '../member/referral.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { gameViews, issueView, lastDrawn, lotteryGame, lotteryGames } from './games.ts';
import { betTypesOf } from './rules.ts';

/** The Vietnamese lotteries' vendor. */
export const vnVendor = 'TCG_LOTTO_VN';

export async function gameList(
  db: Database,
  merchantCode: string,
  filter: { gameType?: 'LOTT' | 'ELOTT' | undefined; vendor?: string | undefined; family?: LotteryFamily | undefined },
  now: Date,
) {
  const list = (await lotteryGames(db, merchantCode)).filter(
    (g) =>
      (!filter.gameType || g.gameType === filter.gameType) &&
      (!filter.vendor || g.vendor === filter.vendor) &&
      (!filter.family || g.config.family === filter.family),
  );
  return { list: await gameViews(db, list, now), serverTime: now.toISOString() };
}

export async function gameDetail(db: Database, merchantCode: string, gameCode: string, now: Date) {
  const game = await lotteryGame(db, merchantCode, gameCode);
  const [[view], recent] = await Promise.all([
    gameViews(db, [game], now),
    db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.merchantCode, merchantCode), eq(lotteryIssues.gameCode, gameCode), eq(lotteryIssues.status, 'drawn')))
      .orderBy(desc(lotteryIssues.drawAt))
      .limit(10),
  ]);
  if (!view) throw new Error(`No view of ${gameCode}`);
  return { game: view, betTypes: betTypesOf(game.config), recent: recent.map((r) => issueView(r, now)), serverTime: now.toISOString() };
}

export async function lotteryMenu(db: Database, merchantCode: string) {
  const counts = new Map<string, { family: LotteryFamily; gameType: 'LOTT' | 'ELOTT'; vendor: string; vendorName: string; count: number }>();
  for (const g of await lotteryGames(db, merchantCode)) {
    const key = `${g.config.family}|${g.gameType}|${g.vendor}`;
    const entry = counts.get(key) ?? { family: g.config.family, gameType: g.gameType, vendor: g.vendor, vendorName: g.vendorName, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return { list: [...counts.values()] };
}

export async function vnMenus(db: Database, merchantCode: string, now: Date) {
  const views = await gameViews(
    db,
    (await lotteryGames(db, merchantCode)).filter((g) => g.vendor === vnVendor),
    now,
  );
  const families = [...new Set(views.map((v) => v.family))];
  return { list: families.map((family) => ({ family, games: views.filter((v) => v.family === family) })) };
}

export async function recentVn(db: Database, merchantCode: string, now: Date) {
  const vn = (await lotteryGames(db, merchantCode)).filter((g) => g.vendor === vnVendor);
  const last = await lastDrawn(
    db,
    merchantCode,
    vn.map((g) => g.gameCode),
  );
  return {
    list: vn.flatMap((g) => {
      const row = last.get(g.gameCode);
      return row ? [{ gameCode: g.gameCode, gameName: g.gameName, issue: issueView(row, now) }] : [];
    }),
  };
}

export async function numero(
  db: Database,
  merchantCode: string,
  query: { gameCode: string; pageNo: number; pageSize: number },
  now: Date,
  options: { vendor?: string } = {},
) {
  const game = await lotteryGame(db, merchantCode, query.gameCode);
  if (options.vendor && game.vendor !== options.vendor) {
    throw new AppError(404, errorCodes.lotteryGameNotFound, `${query.gameCode} is not a Vietnamese lottery.`);
  }
  const where = and(eq(lotteryIssues.merchantCode, merchantCode), eq(lotteryIssues.gameCode, game.gameCode), eq(lotteryIssues.status, 'drawn'));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(lotteryIssues)
      .where(where)
      .orderBy(desc(lotteryIssues.drawAt))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(lotteryIssues).where(where),
  ]);
  const total = count?.total ?? 0;
  return { list: rows.map((r) => issueView(r, now)), pageNum: query.pageNo, totalPages: totalPages(total, query.pageSize), total };
}

const popularSize = 8;
const dayMs = 86_400_000;

export async function popular(db: Database, merchantCode: string, now: Date) {
  const counts = await db
    .select({ gameCode: lotteryOrders.gameCode, orders: sql<number>`count(*)::int` })
    .from(lotteryOrders)
    .where(and(eq(lotteryOrders.merchantCode, merchantCode), gte(lotteryOrders.createdAt, new Date(now.getTime() - dayMs))))
    .groupBy(lotteryOrders.gameCode);
  const ordered = new Map(counts.map((c) => [c.gameCode, c.orders]));
  const list = [...(await lotteryGames(db, merchantCode))]
    .map((g, i) => ({ g, i, orders: ordered.get(g.gameCode) ?? 0 }))
    .sort((a, b) => b.orders - a.orders || a.i - b.i)
    .slice(0, popularSize)
    .map((e) => e.g);
  return { list: await gameViews(db, list, now) };
}

const rankSize = 20;
const rankDays = 7;

export async function rankList(db: Database, merchantCode: string, now: Date) {
  const rows = await db
    .select({
      username: members.username,
      gameCode: lotteryOrders.gameCode,
      issueNo: lotteryIssues.issueNo,
      payout: lotterySubOrders.payout,
      settledAt: lotterySubOrders.settledAt,
    })
    .from(lotterySubOrders)
    .innerJoin(lotteryOrders, eq(lotteryOrders.id, lotterySubOrders.orderId))
    .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotterySubOrders.issueId))
    .innerJoin(members, eq(members.id, lotteryOrders.memberId))
    .where(
      and(
        eq(lotterySubOrders.status, 'won'),
        eq(lotteryOrders.merchantCode, merchantCode),
        gte(lotterySubOrders.settledAt, new Date(now.getTime() - rankDays * dayMs)),
      ),
    )
    .orderBy(desc(lotterySubOrders.payout), desc(lotterySubOrders.id))
    .limit(rankSize);
  const names = new Map((await lotteryGames(db, merchantCode)).map((g) => [g.gameCode, g.gameName]));
  return {
    list: rows.map((r) => ({
      account: maskAccount(r.username),
      gameCode: r.gameCode,
      gameName: names.get(r.gameCode) ?? r.gameCode,
      issueNo: r.issueNo,
      payout: r.payout,
      settledAt: (r.settledAt ?? now).toISOString(),
    })),
  };
}
