/**
 * The lottery under `/lgw` (spec sections 2, 4, 7 and 9; docs/lottery.md).
 *
 * **Games and issues.** Every LOTT and ELOTT game of the catalogue is a
 * lottery of one family, drawn on a fixed UTC schedule: an *issue* (a draw)
 * every `intervalSeconds` (1-, 3- and 5-minute quick lotteries) or once a
 * day. Betting on an issue closes `cutoffSeconds` before its draw. Issue
 * numbers are `YYYYMMDD-NNNN` (the day's draw number) or `YYYYMMDD` for a
 * daily draw.
 *
 * **Families and bet types.**
 * - `digits`: `balls` digits 0–9. `position` picks `"<ball>:<digit>"` (ball
 *   1-based); `bigSmall` picks `big` or `small` on the sum (the middle sum,
 *   when there is one, loses both); `oddEven` picks `odd` or `even` on it.
 * - `keno`: 20 numbers of 1–80. `keno` picks 1–5 numbers (`"3,17,42"`),
 *   won when all are drawn; `bigSmall` and `oddEven` on the sum (810 loses
 *   both big and small).
 * - `lotto`: 6 numbers of 1–`maxNumber`. `lotto` picks 6 numbers, paid by the
 *   number matched (3 to 6).
 * Odds are fixed per bet type (and per number matched for `lotto`), in
 * hundredths (`odds: 975` pays 9.75 times the stake, stake included).
 *
 * **Orders.** An order is one or more sub-orders on one issue, each a pick
 * and a stake, paid from the wallet at once. A sub-order can be cancelled
 * (its stake refunded) until the cutoff. After the draw every open sub-order
 * is settled once: won (paid `stake × odds`) or lost.
 *
 * **Provably fair.** Each issue's server seed is committed before betting
 * opens (`seedHash`, SHA-256 of the seed) and revealed with the draw. The
 * numbers are `HMAC-SHA256(seed, "<gameCode>:<issueNo>")` read as in
 * server/modules/play/fair-random.ts; `npm run admin -- lottery verify
 * <gameCode> <issueNo>` recomputes them.
 *
 * **Prize modes.** An order carries the prize mode and play type of its
 * launch: TCG_SEA plays `SEA`, every other vendor `ELOTT` (or `LOTT`, `ZY`);
 * entertainment lotteries play `ent`, traditional ones `trad`.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { defaultedQuery, optionalQuery, queryInt, queryText } from './query.ts';
import { playTypes, prizeModes } from './member-games.ts';
import { pageOf } from './wallet.ts';

export const lotteryFamilies = ['digits', 'keno', 'lotto'] as const;
export type LotteryFamily = (typeof lotteryFamilies)[number];

export const betTypes = ['position', 'bigSmall', 'oddEven', 'keno', 'lotto'] as const;
export type BetType = (typeof betTypes)[number];

export const subOrderStatuses = ['open', 'won', 'lost', 'cancelled'] as const;
export type SubOrderStatus = (typeof subOrderStatuses)[number];

export const issueStatuses = ['open', 'closed', 'drawn'] as const;
export type IssueStatus = (typeof issueStatuses)[number];

/** Stakes of one sub-order, minor units. */
export const lotteryStake = { min: 1_00, max: 10_000_00 } as const;
/** Sub-orders in one order. */
export const maxSubOrders = 20;

/** A game's code in the lottery: its catalogue node id. */
const gameCodeSchema = plainText(64).check(z.minLength(1));

export const betTypeSchema = z.object({
  betType: z.enum(betTypes),
  /** The picks it offers: `position` → "<ball>:<digit>", `bigSmall` → big|small, `oddEven` → odd|even, `keno`/`lotto` → numbers. */
  choices: z.array(z.string()),
  /** How many numbers a `keno` or `lotto` pick takes, [min, max]; [1, 1] otherwise. */
  picks: z.array(z.number()),
  /** Hundredths; for `keno` by the number picked (index 0 = 1 number), for `lotto` by the number matched (index 0 = 3 matched). */
  odds: z.array(z.number()),
});
export type BetTypeInfo = z.infer<typeof betTypeSchema>;

export const issueSchema = z.object({
  issueNo: z.string(),
  /** ISO times. */
  cutoffAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the server seed, published before betting opens. */
  seedHash: z.string(),
  status: z.enum(issueStatuses),
  /** The numbers drawn, in draw order (empty until drawn). */
  numbers: z.array(z.number()),
  /** The server seed, revealed with the draw (null until then). */
  seed: z.nullable(z.string()),
});
export type Issue = z.infer<typeof issueSchema>;

export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  gameType: z.enum(['LOTT', 'ELOTT']),
  family: z.enum(lotteryFamilies),
  /** Seconds between draws (86400: a daily draw). */
  intervalSeconds: z.number(),
  cutoffSeconds: z.number(),
  /** Numbers drawn and their range. */
  balls: z.number(),
  minNumber: z.number(),
  maxNumber: z.number(),
  prizeMode: z.enum(prizeModes),
  playType: z.enum(playTypes),
  iconUrl: z.string(),
  /** The issue taking bets now. */
  current: issueSchema,
  /** The last issue drawn, null before the first draw. */
  last: z.nullable(issueSchema),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

const gameFilter = {
  gameType: optionalQuery(z.enum(['LOTT', 'ELOTT'])),
  vendor: optionalQuery(queryText(32)),
  family: optionalQuery(z.enum(lotteryFamilies)),
};

export const lotteryGamesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/mobile',
  tag: 'lottery',
  summary: 'The lottery list: every lottery with its issue taking bets and its last draw, by game type, vendor and family',
  query: z.object(gameFilter),
  value: z.object({ list: z.array(lotteryGameSchema), serverTime: z.string() }),
});

export const lotteryGameEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/detail',
  tag: 'lottery',
  summary: "One lottery for its game screen: the issue taking bets, the last draws and the bet types with their odds",
  query: z.object({ gameCode: gameCodeSchema }),
  value: z.object({
    game: lotteryGameSchema,
    betTypes: z.array(betTypeSchema),
    /** The last draws, newest first (at most 10). */
    recent: z.array(issueSchema),
    serverTime: z.string(),
  }),
});
export type LotteryGameDetail = z.infer<typeof lotteryGameEndpoint.value>;

export const lotteryMenuItemSchema = z.object({
  family: z.enum(lotteryFamilies),
  gameType: z.enum(['LOTT', 'ELOTT']),
  vendor: z.string(),
  vendorName: z.string(),
  count: z.number(),
});

export const lotteryMenuEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/menus',
  tag: 'lottery',
  summary: "The lottery menu of the filter panel: each family's games per game type and vendor",
  value: z.object({ list: z.array(lotteryMenuItemSchema) }),
});

/** VN menus: the TCG Lotto VN lotteries by family, with the issue taking bets. */
export const vnMenusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/menus',
  tag: 'lottery',
  summary: 'The Vietnamese lotteries (TCG_LOTTO_VN) by family, each with its issue taking bets',
  value: z.object({ list: z.array(z.object({ family: z.enum(lotteryFamilies), games: z.array(lotteryGameSchema) })) }),
});

export const resultSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  issue: issueSchema,
});
export type LotteryResult = z.infer<typeof resultSchema>;

export const recentVnEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/recent',
  tag: 'lottery',
  summary: "Recent VN lottery: each Vietnamese lottery's last draw",
  value: z.object({ list: z.array(resultSchema) }),
});

const numeroQuery = z.object({
  gameCode: gameCodeSchema,
  pageNo: defaultedQuery(queryInt(1, 100000), 1),
  pageSize: defaultedQuery(queryInt(1, 50), 20),
});

export const numeroEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/numero',
  tag: 'lottery',
  summary: "A lottery's results by issue, newest first, with each issue's seed and its hash to verify it",
  query: numeroQuery,
  value: pageOf(issueSchema),
});

export const vnNumeroEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/vn/numero',
  tag: 'lottery',
  summary: "VN numero: a Vietnamese lottery's results by issue (404 for other lotteries)",
  query: numeroQuery,
  value: pageOf(issueSchema),
});

export const popularEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/popular',
  tag: 'lottery',
  summary: 'Popular lotteries: the most ordered in the last 24 hours (then by catalogue order), at most 8',
  value: z.object({ list: z.array(lotteryGameSchema) }),
});

export const rankEntrySchema = z.object({
  /** The winner's account, masked (`pl***1`). */
  account: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  issueNo: z.string(),
  payout: z.number(),
  settledAt: z.string(),
});
export type RankEntry = z.infer<typeof rankEntrySchema>;

export const rankListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/rank',
  tag: 'lottery',
  summary: 'The rank list: the biggest lottery wins of the last 7 days, biggest first (at most 20)',
  value: z.object({ list: z.array(rankEntrySchema) }),
});

// ------------------------------------------------------------------ orders

export const betSchema = z.object({
  betType: z.enum(betTypes),
  pick: plainText(64).check(z.minLength(1)),
  /** Minor units. */
  stake: z.number().check(z.int(), z.minimum(lotteryStake.min), z.maximum(lotteryStake.max)),
});
export type Bet = z.infer<typeof betSchema>;

export const placeOrderSchema = z.object({
  gameCode: gameCodeSchema,
  issueNo: plainText(16).check(z.minLength(1)),
  prizeMode: z.enum(prizeModes),
  playType: z.enum(playTypes),
  bets: z.array(betSchema).check(z.minLength(1), z.maxLength(maxSubOrders)),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

export const subOrderSchema = z.object({
  id: z.number(),
  betType: z.enum(betTypes),
  pick: z.string(),
  stake: z.number(),
  /** Hundredths (for `lotto`: the odds of the number matched once won, else those of 6 matched). */
  odds: z.number(),
  status: z.enum(subOrderStatuses),
  payout: z.number(),
  /** True while it can still be cancelled (open, before the cutoff). */
  cancellable: z.boolean(),
});
export type SubOrder = z.infer<typeof subOrderSchema>;

export const orderSchema = z.object({
  orderId: z.number(),
  gameCode: z.string(),
  gameName: z.string(),
  issueNo: z.string(),
  prizeMode: z.enum(prizeModes),
  playType: z.enum(playTypes),
  /** Sum of the stakes not cancelled, and of the payouts. */
  stake: z.number(),
  payout: z.number(),
  /** open: some sub-order awaits the draw; settled: all decided; cancelled: all cancelled. */
  status: z.enum(['open', 'settled', 'cancelled']),
  createdAt: z.string(),
  subOrders: z.array(subOrderSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const placeOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/orders',
  tag: 'lottery',
  summary: 'Places an order on the issue taking bets: every sub-order paid from the wallet at once, or none',
  body: placeOrderSchema,
  value: z.object({ order: orderSchema, balance: z.number() }),
  auth: true,
});

export const ordersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/orders',
  tag: 'lottery',
  summary: "The member's lottery orders, newest first, by status, paged",
  query: z.object({
    status: defaultedQuery(z.enum(['all', 'open', 'settled', 'cancelled']), 'all'),
    gameCode: optionalQuery(gameCodeSchema),
    pageNo: defaultedQuery(queryInt(1, 100000), 1),
    pageSize: defaultedQuery(queryInt(1, 50), 20),
  }),
  value: pageOf(orderSchema),
  auth: true,
});

export const orderDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/lgw/orders/detail',
  tag: 'lottery',
  summary: "One of the member's orders with its sub-orders and its issue (the draw, once made)",
  query: z.object({ orderId: queryInt(1, Number.MAX_SAFE_INTEGER) }),
  value: z.object({ order: orderSchema, issue: issueSchema }),
  auth: true,
});

export const cancelSubOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/lgw/orders/suborders/cancel',
  tag: 'lottery',
  summary: "Cancels one of the member's open sub-orders before its issue's cutoff; the stake goes back to the wallet",
  body: z.object({ subOrderId: z.number().check(z.int(), z.positive()) }),
  value: z.object({ order: orderSchema, balance: z.number() }),
  auth: true,
});

/** The site's game screen of a lottery: what `/wps/game/launchGame` answers for a LOTT or ELOTT game. */
export function lotteryGamePath(gameCode: string, prizeMode: string, playType: string): string {
  return `/m/lotto/${encodeURIComponent(gameCode)}?prizeMode=${encodeURIComponent(prizeMode)}&playType=${encodeURIComponent(playType)}`;
}
