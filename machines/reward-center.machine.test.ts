import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MallStatus, Redemption } from '../contract/loyalty.ts';
import { type RedeemRequest, rewardCenterMachine } from './reward-center.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { mall, redemption, rewardCenterModel } from './test/models/reward-center.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('reward center machine', rewardCenterModel, { delays: { doneToast: 1000 }, invokes: { loadMall: 'loadMall', redeem: 'redeem' } });

describe('reward center machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(rewardCenterMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'reward.cancel')) }));
    expect(coverageOf(rewardCenterMachine, withoutCancel).missingTransitions).toEqual(['rewardCenter.ready.flow.confirming --reward.cancel--> rewardCenter.ready.flow.idle']);
  });
});

function harness() {
  const load = deferred<MallStatus, unknown>();
  const redeem = deferred<Redemption, RedeemRequest>();
  const rewardRedeemed = vi.fn();
  let keys = 0;
  const actor = createActor(
    rewardCenterMachine.provide({
      actors: { loadMall: load.logic, redeem: redeem.logic },
      actions: { rewardRedeemed, newIdempotencyKey: ({ context }) => Object.assign(context, { request: { itemId: context.item!.id, idempotencyKey: `key-${++keys}` } }) },
    }),
  );
  actor.start();
  load.resolve(mall);
  return { actor, redeem, rewardRedeemed };
}

describe('reward center machine', () => {
  it('refuses a reward beyond the points with its message, and sends nothing', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'reward.pick', itemId: 3 });
    expect(h.actor.getSnapshot().context.errorCode).toBe('mall.points.insufficient');
    expect(h.actor.getSnapshot().matches({ ready: { flow: 'idle' } })).toBe(true);
    h.actor.send({ type: 'reward.pick', itemId: 77 });
    expect(h.actor.getSnapshot().matches({ ready: { flow: 'idle' } })).toBe(true);
    expect(h.redeem.inputs).toEqual([]);
  });

  it('redeems after confirmation; sent again after a failure, the same reward keeps its key; the points left show', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'reward.pick', itemId: 1 });
    expect(h.redeem.inputs).toEqual([]);
    h.actor.send({ type: 'reward.confirm' });
    h.redeem.reject({ errorCode: 'client.network' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('client.network');
    h.actor.send({ type: 'reward.pick', itemId: 1 });
    h.actor.send({ type: 'reward.confirm' });
    expect(h.redeem.inputs).toEqual([
      { itemId: 1, idempotencyKey: 'key-1' },
      { itemId: 1, idempotencyKey: 'key-1' },
    ]);
    h.redeem.resolve(redemption);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'shown' } })).toBe(true);
    expect(h.actor.getSnapshot().context.mall).toMatchObject({ spent: 700, available: 550 });
    expect(h.rewardRedeemed).toHaveBeenCalledTimes(1);
    // A new redemption gets a new key.
    h.actor.send({ type: 'reward.pick', itemId: 1 });
    h.actor.send({ type: 'reward.confirm' });
    expect(h.redeem.inputs.at(-1)).toEqual({ itemId: 1, idempotencyKey: 'key-2' });
  });
});
