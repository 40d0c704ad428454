/**
 * The lottery's machines (machines/lottery-game, lottery-orders,
 * lottery-lobby, and the records list of a lottery's results) with their
 * real side effects: the lottery API (contract/lottery.ts), the balance
 * shown in the header, and the way to login.
 *
 * Imported only by the lottery's route chunks and lazy screen parts.
 */
import { fromPromise } from 'xstate';
import {
  cancelSubOrderEndpoint,
  type LotteryResult,
  lotteryGameEndpoint,
  lotteryGamesEndpoint,
  lotteryMenuEndpoint,
  numeroEndpoint,
  orderDetailEndpoint,
  ordersEndpoint,
  type PlaceOrder,
  placeOrderEndpoint,
  popularEndpoint,
  rankListEndpoint,
  recentVnEndpoint,
} from '../../contract/lottery.ts';
import { lotteryGameMachine } from '../../machines/lottery-game.machine.ts';
import { type LotteryFilter, type LotteryLobbyData, type LotteryLobbyKind, lotteryLobbyMachine } from '../../machines/lottery-lobby.machine.ts';
import { lotteryOrdersMachine, type OrdersPage, type OrdersRequest } from '../../machines/lottery-orders.machine.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from '../../machines/records.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';
import { goTo } from './navigation.ts';

/** Results and orders a page at a time. */
export const lotteryPageSize = 20;

/** The header's balance reads the wallet again (a stake paid or refunded). */
const refreshBalance = ({ system }: SystemArgs) => system.get('balance')?.send({ type: 'balance.refresh' });

export function provideLotteryGameMachine(call: ApiCall = apiCall) {
  return lotteryGameMachine.provide({
    actors: {
      loadDetail: fromPromise(async ({ input }: { input: { gameCode: string } }) => call(lotteryGameEndpoint, { query: { gameCode: input.gameCode } })),
      placeOrder: fromPromise(async ({ input }: { input: PlaceOrder }) => call(placeOrderEndpoint, { body: input })),
      // Each order placed from the screen on the drawn issue, as settled (none: no call).
      loadMyResults: fromPromise(async ({ input }: { input: { orderIds: number[] } }) =>
        Promise.all(input.orderIds.map(async (orderId) => (await call(orderDetailEndpoint, { query: { orderId } })).order)),
      ),
    },
    actions: { orderPlaced: refreshBalance, goToLogin: (args) => goTo(args, { to: '/m/login' }) },
  });
}

export function provideLotteryOrdersMachine(call: ApiCall = apiCall) {
  return lotteryOrdersMachine.provide({
    actors: {
      loadOrders: fromPromise(async ({ input }: { input: OrdersRequest }): Promise<OrdersPage> =>
        call(ordersEndpoint, { query: { status: input.status, pageNo: input.pageNo, pageSize: lotteryPageSize } }),
      ),
      loadOrderDetail: fromPromise(async ({ input }: { input: { orderId: number } }) => call(orderDetailEndpoint, { query: { orderId: input.orderId } })),
      cancelSubOrder: fromPromise(async ({ input }: { input: { subOrderId: number } }) => call(cancelSubOrderEndpoint, { body: { subOrderId: input.subOrderId } })),
    },
    actions: { subOrderCancelled: refreshBalance },
  });
}

/** The filter panel reads the menu (once) and the list; a bar reads the popular lotteries and the recent results; the rank list its wins. */
async function loadLobby(call: ApiCall, { kind, filter, menu }: { kind: LotteryLobbyKind; filter: LotteryFilter; menu: boolean }): Promise<LotteryLobbyData> {
  const none: LotteryLobbyData = { menu: [], games: [], popular: [], recent: [], rank: [] };
  if (kind === 'rank') return { ...none, rank: (await call(rankListEndpoint)).list };
  if (kind === 'filter') {
    const [menuAnswer, games] = await Promise.all([menu ? call(lotteryMenuEndpoint) : null, call(lotteryGamesEndpoint, { query: filter })]);
    return { ...none, menu: menuAnswer?.list ?? [], games: games.list };
  }
  const [popular, recent] = await Promise.all([
    call(popularEndpoint),
    kind === 'ELOTT'
      ? call(recentVnEndpoint).then((answer) => answer.list)
      : call(lotteryGamesEndpoint, { query: { gameType: 'LOTT' } }).then((answer) =>
          answer.list.flatMap((game): LotteryResult[] => (game.last ? [{ gameCode: game.gameCode, gameName: game.gameName, issue: game.last }] : [])),
        ),
  ]);
  return { ...none, popular: popular.list.filter((game) => game.gameType === kind), recent };
}

export function provideLotteryLobbyMachine(call: ApiCall = apiCall) {
  return lotteryLobbyMachine.provide({
    actors: { loadLobby: fromPromise(async ({ input }: { input: { kind: LotteryLobbyKind; filter: LotteryFilter; menu: boolean } }) => loadLobby(call, input)) },
  });
}

/** A lottery's results by issue, newest first, a page at a time (the record list's machine; no filter of its own). */
export function provideLotteryResults(gameCode: string, call: ApiCall = apiCall) {
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(
        async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => ({
          ...(await call(numeroEndpoint, { query: { gameCode, pageNo: input.pageNo, pageSize: lotteryPageSize } })),
          summary: null,
        }),
      ),
    },
  });
}

