import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor } from 'xstate';
import {
  type DepositInput,
  type DepositOptionsData,
  type DepositOrderData,
  type DepositRequest,
  depositMachine,
} from './deposit.machine.ts';
import { moneyMessages } from './money-types.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { completed, depositModel, options, pendingOrder } from './test/models/deposit.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(depositModel);

describe('deposit machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(depositMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutVisible = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'page.visible')),
    }));
    expect(coverageOf(depositMachine, withoutVisible).missingTransitions).toEqual([
      'deposit.pending.waiting --page.visible--> deposit.pending.checking',
    ]);
  });
});

describe('deposit machine replayed on real actors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(
      depositMachine,
      input,
      path,
      {
        delays: { statusPoll: 3000, freeRejectToast: 2000 },
        invokes: { loadDepositOptions: 'loadDepositOptions', createDeposit: 'createDeposit', loadDepositStatus: 'loadDepositStatus' },
      },
      (actual, expected) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      },
    );
  });
});

function harness(input: DepositInput) {
  // Keys count from 1 in each test.
  let keys = 0;
  const load = deferred<DepositOptionsData, unknown>();
  const create = deferred<DepositOrderData, DepositRequest>();
  const status = deferred<DepositOrderData, { orderNo: string }>();
  const openPayUrl = vi.fn();
  const depositSettled = vi.fn();
  const actor = createActor(
    depositMachine.provide({
      actors: { loadDepositOptions: load.logic, createDeposit: create.logic, loadDepositStatus: status.logic },
      actions: {
        openPayUrl,
        depositSettled,
        // As the app does: a random key per new request.
        newIdempotencyKey: assign(({ context, event }) => ({
          request: {
            channelCode: context.channelCode ?? '',
            amount: (event as { amount: number }).amount,
            promotionId: context.promotionId,
            idempotencyKey: `key-${++keys}`,
          },
        })),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, load, create, status, openPayUrl, depositSettled };
}

describe('deposit machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses a trial account with the free_reject toast for 2 s, without calling the server', async () => {
    const h = harness({ isTrial: true, orderNo: null });
    expect(h.actor.getSnapshot().matches({ rejected: 'toast' })).toBe(true);
    expect(h.actor.getSnapshot().context.errorCode).toBe('free_reject');
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.actor.getSnapshot().matches({ rejected: 'toast' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().matches({ rejected: 'closed' })).toBe(true);
    expect(h.load.inputs.length + h.create.inputs.length).toBe(0);
  });

  it('checks the amount against the chosen channel, keeps the key of a repeated request, then opens the payment page', async () => {
    const h = harness({ isTrial: false, orderNo: null });
    h.load.resolve(options);
    await flush();
    expect(h.actor.getSnapshot().context.channelCode).toBe('LOCALPAY');
    h.actor.send({ type: 'deposit.selectChannel', channelCode: 'BANK' });
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    expect(h.actor.getSnapshot().context.errorCode).toBe(moneyMessages.amountRange);
    expect(h.create.inputs).toEqual([]);
    h.actor.send({ type: 'deposit.selectChannel', channelCode: 'LOCALPAY' });
    h.actor.send({ type: 'deposit.selectPromotion', promotionId: 3 });
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    h.create.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('client.timeout');
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    expect(h.create.inputs).toEqual([
      { channelCode: 'LOCALPAY', amount: 20000, promotionId: 3, idempotencyKey: 'key-1' },
      { channelCode: 'LOCALPAY', amount: 20000, promotionId: 3, idempotencyKey: 'key-1' },
    ]);
    h.create.resolve(pendingOrder);
    await flush();
    expect(h.openPayUrl).toHaveBeenCalledWith(expect.anything(), { url: '/pay/local/1?t=x' });
    expect(h.actor.getSnapshot().matches({ pending: 'checking' })).toBe(true);
    h.status.resolve(pendingOrder);
    await flush();
    h.actor.send({ type: 'deposit.submit', amount: 30000 });
    expect(h.create.inputs.length).toBe(2);
  });

  it('a new amount gets a new key', async () => {
    const h = harness({ isTrial: false, orderNo: null });
    h.load.resolve(options);
    await flush();
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    h.create.reject({ errorCode: 'client.offline' });
    await flush();
    h.actor.send({ type: 'deposit.submit', amount: 30000 });
    expect(h.create.inputs.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('follows an order on return from the payment page until it completes, polling and on page visibility', async () => {
    const h = harness({ isTrial: false, orderNo: 'D1' });
    expect(h.status.inputs).toEqual([{ orderNo: 'D1' }]);
    h.status.resolve(pendingOrder);
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.status.inputs.length).toBe(2);
    h.status.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    h.actor.send({ type: 'page.visible' });
    h.status.resolve(completed);
    await flush();
    expect(h.actor.getSnapshot().matches('settled')).toBe(true);
    expect(h.depositSettled).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10000);
    expect(h.status.inputs.length).toBe(3);
    h.actor.send({ type: 'deposit.again' });
    expect(h.actor.getSnapshot().matches('loading')).toBe(true);
    expect(h.actor.getSnapshot().context.orderNo).toBeNull();
  });

  it('a trial refusal from the server also shows free_reject', async () => {
    const h = harness({ isTrial: false, orderNo: null });
    h.load.resolve(options);
    await flush();
    h.actor.send({ type: 'deposit.submit', amount: 20000 });
    h.create.reject({ errorCode: 'free_reject' });
    await flush();
    expect(h.actor.getSnapshot().matches({ rejected: 'toast' })).toBe(true);
  });
});
