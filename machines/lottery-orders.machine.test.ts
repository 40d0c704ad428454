import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Order } from '../contract/lottery.ts';
import { lotteryOrdersMachine, type OrderDetail, type OrdersPage, type OrdersRequest } from './lottery-orders.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { cancelled7, detail7, lotteryOrdersModel, pageOne, pageTwo } from './test/models/lottery-orders.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('lottery orders machine', lotteryOrdersModel, {
  delays: {},
  invokes: { loadOrders: 'loadOrders', loadMoreOrders: 'loadOrders', loadOrderDetail: 'loadOrderDetail', cancelSubOrder: 'cancelSubOrder' },
});

describe('lottery orders machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(lotteryOrdersMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'cancel.back')) }));
    expect(coverageOf(lotteryOrdersMachine, without).missingTransitions).toEqual(['lotteryOrders.detail.confirming --cancel.back--> lotteryOrders.detail.shown']);
  });
});

function harness() {
  const load = deferred<OrdersPage, OrdersRequest>();
  const detail = deferred<OrderDetail, { orderId: number }>();
  const cancel = deferred<{ order: Order; balance: number }, { subOrderId: number }>();
  const subOrderCancelled = vi.fn();
  const actor = createActor(
    lotteryOrdersMachine.provide({ actors: { loadOrders: load.logic, loadOrderDetail: detail.logic, cancelSubOrder: cancel.logic }, actions: { subOrderCancelled } }),
  );
  actor.start();
  return { actor, load, detail, cancel, subOrderCancelled, context: () => actor.getSnapshot().context };
}

describe('lottery orders machine', () => {
  it('loads a tab page by page, and another tab from its first page', async () => {
    const h = harness();
    h.load.resolve(pageOne);
    await flush();
    h.actor.send({ type: 'orders.more' });
    h.load.resolve(pageTwo);
    await flush();
    expect(h.context().orders.map((o) => o.orderId)).toEqual([7, 6, 5]);
    h.actor.send({ type: 'orders.more' });
    h.actor.send({ type: 'orders.status', status: 'settled' });
    expect(h.load.inputs).toEqual([
      { status: 'all', pageNo: 1 },
      { status: 'all', pageNo: 2 },
      { status: 'settled', pageNo: 1 },
    ]);
    expect(h.context().orders).toEqual([]);
  });

  it('a failed next page keeps the rows and says why', async () => {
    const h = harness();
    h.load.resolve(pageOne);
    await flush();
    h.actor.send({ type: 'orders.more' });
    h.load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(h.context()).toMatchObject({ errorCode: 'client.timeout', pageNum: 1 });
    expect(h.context().orders).toHaveLength(2);
  });

  it('cancels a sub-order after a confirm: the new order replaces the old one and the balance is told', async () => {
    const h = harness();
    h.load.resolve(pageOne);
    await flush();
    h.actor.send({ type: 'order.open', orderId: 7 });
    expect(h.detail.inputs).toEqual([{ orderId: 7 }]);
    h.detail.resolve(detail7);
    await flush();
    h.actor.send({ type: 'suborder.cancel', subOrderId: 70 });
    expect(h.actor.getSnapshot().matches({ detail: 'confirming' })).toBe(true);
    expect(h.cancel.inputs).toEqual([]);
    h.actor.send({ type: 'cancel.confirm' });
    expect(h.cancel.inputs).toEqual([{ subOrderId: 70 }]);
    h.cancel.resolve({ order: cancelled7, balance: 100_000 });
    await flush();
    expect(h.context().detail?.order.status).toBe('cancelled');
    expect(h.context().orders[0]?.status).toBe('cancelled');
    expect(h.subOrderCancelled).toHaveBeenCalledTimes(1);
  });

  it('a refused cancel shows why and changes nothing; a sub-order that is not cancellable is not asked for', async () => {
    const h = harness();
    h.load.resolve(pageOne);
    await flush();
    h.actor.send({ type: 'order.open', orderId: 7 });
    h.detail.resolve(detail7);
    await flush();
    h.actor.send({ type: 'suborder.cancel', subOrderId: 60 });
    expect(h.actor.getSnapshot().matches({ detail: 'shown' })).toBe(true);
    h.actor.send({ type: 'suborder.cancel', subOrderId: 70 });
    h.actor.send({ type: 'cancel.confirm' });
    h.cancel.reject({ errorCode: 'lottery.suborder.not.cancellable' });
    await flush();
    expect(h.context()).toMatchObject({ detailError: 'lottery.suborder.not.cancellable', detail: detail7 });
    expect(h.context().orders[0]?.status).toBe('open');
    expect(h.subOrderCancelled).not.toHaveBeenCalled();
  });
});
