/**
 * `/lgw/*` (contract/lottery.ts): the lottery list, menus, game detail,
 * numero, popular, rank list (anyone), and the member's orders (place, list,
 * detail, cancel a sub-order; every order and sub-order is looked up within
 * the signed-in member's own). The draw job (settlement.ts) runs every
 * `drawEveryMs` across the processes sharing the database
 * (server/lib/scheduled-jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  cancelSubOrderEndpoint,
  lotteryGameEndpoint,
  lotteryGamesEndpoint,
  lotteryMenuEndpoint,
  numeroEndpoint,
  orderDetailEndpoint,
  ordersEndpoint,
  placeOrderEndpoint,
  popularEndpoint,
  rankListEndpoint,
  recentVnEndpoint,
  vnMenusEndpoint,
  vnNumeroEndpoint,
} from '../../../contract/lottery.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { type JobRunner, startScheduledJob } from '../../lib/scheduled-jobs.ts';
import { requireAuth } from '../session/auth.ts';
import { cancelSubOrder, orderDetail, ordersPage, placeOrder } from './orders.ts';
import { gameDetail, gameList, lotteryMenu, numero, popular, rankList, recentVn, vnMenus, vnVendor } from './queries.ts';
import { runDrawJob } from './settlement.ts';

export interface LotteryRoutesOptions {
  /** How often the draw job runs (0: never, the default; the server's own setting is LOTTERY_DRAW_EVERY_MS). */
  drawEveryMs?: number;
}

export function registerLotteryRoutes(app: FastifyInstance, options: LotteryRoutesOptions = {}): void {
  const { db } = app;
  const now = () => app.identity.now();
  const member = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).member;

  registerEndpoint(app, lotteryGamesEndpoint, ({ ctx, query }) => gameList(db, ctx.merchant.row.code, query, now()));
  registerEndpoint(app, lotteryGameEndpoint, ({ ctx, query }) => gameDetail(db, ctx.merchant.row.code, query.gameCode, now()));
  registerEndpoint(app, lotteryMenuEndpoint, ({ ctx }) => lotteryMenu(db, ctx.merchant.row.code));
  registerEndpoint(app, vnMenusEndpoint, ({ ctx }) => vnMenus(db, ctx.merchant.row.code, now()));
  registerEndpoint(app, recentVnEndpoint, ({ ctx }) => recentVn(db, ctx.merchant.row.code, now()));
  registerEndpoint(app, numeroEndpoint, ({ ctx, query }) => numero(db, ctx.merchant.row.code, query, now()));
  registerEndpoint(app, vnNumeroEndpoint, ({ ctx, query }) => numero(db, ctx.merchant.row.code, query, now(), { vendor: vnVendor }));
  registerEndpoint(app, popularEndpoint, ({ ctx }) => popular(db, ctx.merchant.row.code, now()));
  registerEndpoint(app, rankListEndpoint, ({ ctx }) => rankList(db, ctx.merchant.row.code, now()));
  registerEndpoint(app, placeOrderEndpoint, ({ request, body }) => placeOrder(db, member(request), body, now()));
  registerEndpoint(app, ordersEndpoint, ({ request, query }) => ordersPage(db, member(request), query, now()));
  registerEndpoint(app, orderDetailEndpoint, ({ request, query }) => orderDetail(db, member(request), query.orderId, now()));
  registerEndpoint(app, cancelSubOrderEndpoint, ({ request, body }) => cancelSubOrder(db, member(request), body.subOrderId, now()));

  const everyMs = options.drawEveryMs ?? 0;
  if (everyMs > 0) {
    let job: JobRunner | null = null;
    app.addHook('onReady', async () => {
      job = startScheduledJob(
        db,
        {
          name: 'lottery.draw',
          everyMs,
          leaseMs: Math.max(30_000, everyMs * 4),
          run: async () => {
            const draws = await runDrawJob(db, now(), { onLocked: (issue) => app.log.debug(issue, 'lottery issue locked for its draw') });
            for (const draw of draws) if (draw.subOrders > 0) app.log.info(draw, 'lottery issue drawn');
          },
        },
        { onError: (error) => app.log.error({ err: error }, 'the lottery draw job failed') },
      );
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
