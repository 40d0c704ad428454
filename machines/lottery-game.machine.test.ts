import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { LotteryGameDetail, Order, PlaceOrder } from '../contract/lottery.ts';
import { type LotteryGameInput, lotteryGameMachine, lotterySlipMessages } from './lottery-game.machine.ts';
import { betPayout, oddsText, pickText, slipPayout } from './lottery-rules.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { afterDraw, betTypes, detail, first, lotteryGameModel, memberInput, notYet, order, second, T0 } from './test/models/lottery-game.model.ts';

const pathSets = modelPathSets(lotteryGameModel);

describe('lottery game machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(lotteryGameMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'game.retry')) }));
    expect(coverageOf(lotteryGameMachine, without).missingTransitions).toEqual(['lotteryGame.failed --game.retry--> lotteryGame.loading']);
  });
});

/** The real clock under fake timers, starting at the server's time moved by `skew` (a phone whose clock is off). */
function harness(input: Partial<LotteryGameInput> = {}, skew = 0) {
  vi.setSystemTime(T0 + skew);
  const load = deferred<LotteryGameDetail, { gameCode: string }>();
  const place = deferred<{ order: Order; balance: number }, PlaceOrder>();
  const results = deferred<Order[], { orderIds: number[] }>();
  const orderPlaced = vi.fn();
  const goToLogin = vi.fn();
  const actor = createActor(
    lotteryGameMachine.provide({
      actors: { loadDetail: load.logic, placeOrder: place.logic, loadMyResults: results.logic },
      actions: { orderPlaced, goToLogin },
    }),
    { input: { ...memberInput, now: () => Date.now(), ...input } },
  );
  actor.start();
  return { actor, load, place, results, orderPlaced, goToLogin, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

async function loaded(input: Partial<LotteryGameInput> = {}, skew = 0) {
  const h = harness(input, skew);
  h.load.resolve(detail);
  await flush();
  return h;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lottery game machine: the round', () => {
  it.each([
    ['on time', 0],
    ['an hour behind', -3_600_000],
    ['five minutes ahead', 300_000],
  ])('counts down to the cutoff by the server’s clock with a phone clock %s, closes, waits for the draw and shows it', async (_name, skew) => {
    const h = await loaded({}, skew);
    expect(h.value()).toEqual({ ready: { round: { open: 'counting' }, slip: 'idle' } });
    // The countdown: 30 s left by the server's clock, read again every second.
    expect(h.context().leftMs).toBe(30_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.context().leftMs).toBe(29_000);
    await vi.advanceTimersByTimeAsync(28_999);
    expect(h.value()).toMatchObject({ ready: { round: { open: 'counting' } } });
    await vi.advanceTimersByTimeAsync(1);
    expect(h.value()).toMatchObject({ ready: { round: 'closed' } });
    expect(h.context().waitingFor).toBe(first.issueNo);
    // The draw is 10 s after the cutoff; then the detail is read every 2 s.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.value()).toMatchObject({ ready: { round: { drawing: 'waiting' } } });
    expect(h.load.pendingCount).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.value()).toMatchObject({ ready: { round: { drawing: 'fetching' } } });
    h.load.resolve(notYet);
    await flush();
    expect(h.value()).toMatchObject({ ready: { round: { drawing: 'waiting' } } });
    await vi.advanceTimersByTimeAsync(2_000);
    h.load.resolve(afterDraw);
    await flush();
    expect(h.value()).toMatchObject({ ready: { round: 'drawn' } });
    expect(h.context().drawn?.numbers).toEqual([4, 9]);
    expect(h.load.inputs).toEqual([{ gameCode: 'TCG_SEA_0001' }, { gameCode: 'TCG_SEA_0001' }, { gameCode: 'TCG_SEA_0001' }]);
    h.results.resolve([]);
    await vi.advanceTimersByTimeAsync(5_000);
    // The next issue counts down.
    expect(h.value()).toMatchObject({ ready: { round: { open: 'counting' } } });
    expect(h.context().detail?.game.current.issueNo).toBe(second.issueNo);
    expect(h.context()).toMatchObject({ waitingFor: null, drawn: null });
  });

  it('a lost answer while waiting for the draw is asked again at the next poll', async () => {
    const h = await loaded();
    await vi.advanceTimersByTimeAsync(42_000);
    h.load.reject({ errorCode: 'client.timeout' });
    await flush();
    expect(h.value()).toMatchObject({ ready: { round: { drawing: 'waiting' } } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.load.pendingCount).toBe(1);
  });

  it('shows how the member’s orders on the drawn issue were settled', async () => {
    const h = await loaded();
    h.actor.send({ type: 'slip.betType', betType: 'bigSmall' });
    h.actor.send({ type: 'slip.choose', choice: 'big' });
    h.actor.send({ type: 'slip.add' });
    h.actor.send({ type: 'slip.place' });
    h.place.resolve({ order: order(7), balance: 99_000 });
    await flush();
    await vi.advanceTimersByTimeAsync(42_000);
    h.load.resolve(afterDraw);
    await flush();
    expect(h.results.inputs).toEqual([{ orderIds: [7] }]);
    h.results.resolve([order(7, 'settled')]);
    await flush();
    expect(h.context().myResults?.[0]?.payout).toBe(1940);
  });

  it('a detail that fails to load says why; retry reads it again', async () => {
    const h = harness();
    h.load.reject({ errorCode: 'lottery.game.not.found' });
    await flush();
    expect(h.value()).toBe('failed');
    expect(h.context().errorCode).toBe('lottery.game.not.found');
    h.actor.send({ type: 'game.retry' });
    h.load.resolve(detail);
    await flush();
    expect(h.value()).toMatchObject({ ready: { round: { open: 'counting' } } });
  });
});

describe('lottery game machine: the slip', () => {
  it('places the slip on the issue taking bets with the launch’s prize mode and play type; the slip empties and the toast goes', async () => {
    const h = await loaded();
    h.actor.send({ type: 'slip.choose', choice: '2:1' });
    h.actor.send({ type: 'slip.stake', stake: 2_500 });
    h.actor.send({ type: 'slip.add' });
    h.actor.send({ type: 'slip.betType', betType: 'bigSmall' });
    h.actor.send({ type: 'slip.choose', choice: 'small' });
    h.actor.send({ type: 'slip.add' });
    expect(h.context().slip).toEqual([
      { betType: 'position', pick: '2:1', stake: 2_500 },
      { betType: 'bigSmall', pick: 'small', stake: 2_500 },
    ]);
    expect(slipPayout(h.context().slip, betTypes)).toBe(24_250 + 4_850);
    h.actor.send({ type: 'slip.place' });
    expect(h.place.inputs).toEqual([{ gameCode: 'TCG_SEA_0001', issueNo: first.issueNo, prizeMode: 'SEA', playType: 'ent', bets: h.context().slip }]);
    // Nothing changes the slip on its way.
    h.actor.send({ type: 'slip.remove', index: 0 });
    expect(h.context().slip).toHaveLength(2);
    h.place.resolve({ order: order(7), balance: 99_000 });
    await flush();
    expect(h.value()).toMatchObject({ ready: { slip: 'placed' } });
    expect(h.context()).toMatchObject({ slip: [], placed: { orderId: 7 } });
    expect(h.orderPlaced).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.value()).toMatchObject({ ready: { slip: 'idle' } });
  });

  it('a refused order says why and keeps the slip', async () => {
    const h = await loaded();
    h.actor.send({ type: 'slip.choose', choice: '1:0' });
    h.actor.send({ type: 'slip.add' });
    h.actor.send({ type: 'slip.place' });
    h.place.reject({ errorCode: 'wallet.balance.insufficient' });
    await flush();
    expect(h.value()).toMatchObject({ ready: { slip: 'refused' } });
    expect(h.context()).toMatchObject({ errorCode: 'wallet.balance.insufficient', slip: [{ betType: 'position', pick: '1:0', stake: 1_000 }] });
    expect(h.orderPlaced).not.toHaveBeenCalled();
  });

  it('refuses an incomplete pick, a stake out of range, an empty slip and a closed round, sending nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'slip.add' });
    expect(h.context().errorCode).toBe(lotterySlipMessages.incomplete);
    h.actor.send({ type: 'slip.place' });
    expect(h.context().errorCode).toBe(lotterySlipMessages.empty);
    h.actor.send({ type: 'slip.choose', choice: '1:0' });
    for (const stake of [0, 99, 1_000_001, 12.5, Number.NaN]) {
      h.actor.send({ type: 'slip.stake', stake });
      h.actor.send({ type: 'slip.add' });
      expect(h.context().errorCode).toBe(lotterySlipMessages.stakeRange);
    }
    h.actor.send({ type: 'slip.stake', stake: 100 });
    h.actor.send({ type: 'slip.add' });
    await vi.advanceTimersByTimeAsync(30_000);
    h.actor.send({ type: 'slip.place' });
    expect(h.context().errorCode).toBe(lotterySlipMessages.closed);
    expect(h.place.inputs).toEqual([]);
  });

  it('a slip holds at most 20 bets', async () => {
    const h = await loaded();
    for (let i = 0; i < 21; i++) {
      h.actor.send({ type: 'slip.choose', choice: '1:0' });
      h.actor.send({ type: 'slip.add' });
    }
    expect(h.context().slip).toHaveLength(20);
    expect(h.context().errorCode).toBe(lotterySlipMessages.full);
  });

  it('numbers toggle up to the bet type’s count and go to the server ascending', async () => {
    const h = await loaded();
    h.actor.send({ type: 'slip.betType', betType: 'keno' });
    for (const choice of ['3', '1', '2', 'big']) h.actor.send({ type: 'slip.choose', choice });
    expect(h.context().pick).toEqual(['3', '1']);
    h.actor.send({ type: 'slip.choose', choice: '3' });
    h.actor.send({ type: 'slip.choose', choice: '2' });
    h.actor.send({ type: 'slip.add' });
    expect(h.context().slip).toEqual([{ betType: 'keno', pick: '1,2', stake: 1_000 }]);
    expect(betPayout(h.context().slip[0]!, betTypes)).toBe(15_000);
    expect(pickText('keno', ['10', '2'])).toBe('2,10');
    expect(oddsText(975)).toBe('9.75');
  });

  it('a guest who places goes to login and nothing is sent', async () => {
    const h = await loaded({ loggedIn: false });
    h.actor.send({ type: 'slip.choose', choice: '1:0' });
    h.actor.send({ type: 'slip.add' });
    h.actor.send({ type: 'slip.place' });
    expect(h.goToLogin).toHaveBeenCalledTimes(1);
    expect(h.place.inputs).toEqual([]);
  });
});

describe('lottery game machine: the prize mode', () => {
  it('a launch that names no prize mode or play type bets with the game’s own', async () => {
    const h = await loaded({ prizeMode: null, playType: null });
    h.actor.send({ type: 'slip.choose', choice: '1:0' });
    h.actor.send({ type: 'slip.add' });
    h.actor.send({ type: 'slip.place' });
    expect(h.place.inputs[0]).toMatchObject({ prizeMode: 'SEA', playType: 'ent' });
  });
});
