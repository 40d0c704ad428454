import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Promotion } from '../contract/promotions.ts';
import { type PromotionsData, promotionsMachine } from './promotions.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { applied } from './test/models/promotion-apply.model.ts';
import { categories, claimedPromotion, joinedPromotion, loaded, promotionsModel } from './test/models/promotions.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(promotionsModel);
const delays = { successToast: 1000, errorToast: 1500, trialToast: 2000 };
const invokes = { loadPromotions: 'loadPromotions', joinPromotion: 'joinPromotion', claimPromotion: 'claimPromotion', apply: 'promotionApply' };

describe('promotions machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(promotionsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'promotions.retry')),
    }));
    expect(coverageOf(promotionsMachine, withoutRetry).missingTransitions).toEqual(['promotions.failed --promotions.retry--> promotions.loading']);
  });
});

describe('promotions machine replayed on real actors', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(promotionsMachine, input, path, { delays, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

function harness(role: 'member' | 'guest' | 'trial' = 'member', openId: number | null = null) {
  const load = deferred<PromotionsData, unknown>();
  const claim = deferred<Promotion, { applicationId: number }>();
  const join = deferred<Promotion, { promotionId: number }>();
  const apply = deferred<Promotion | null, unknown>();
  const goToLogin = vi.fn();
  const balanceChanged = vi.fn();
  const actor = createActor(
    promotionsMachine.provide({
      actors: { loadPromotions: load.logic, claimPromotion: claim.logic, joinPromotion: join.logic, promotionApply: apply.logic as never },
      actions: { goToLogin, balanceChanged },
    }),
    { input: { openId, role } },
  );
  actor.start();
  return { actor, load, claim, join, apply, goToLogin, balanceChanged };
}

describe('promotions machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the address promotion, filters by category and reloads on a language change', async () => {
    const h = harness('member', 3);
    h.load.resolve(loaded);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ openId: 3, scrollToId: 3, categoryId: null });
    h.actor.send({ type: 'promotion.scrolled' });
    h.actor.send({ type: 'promotion.open', id: 3 });
    expect(h.actor.getSnapshot().context).toMatchObject({ openId: null, scrollToId: null });
    h.actor.send({ type: 'category.select', categoryId: 3 });
    expect(h.actor.getSnapshot().matches({ shown: { list: 'empty' } })).toBe(true);
    h.actor.send({ type: 'category.select', categoryId: 2 });
    expect(h.actor.getSnapshot().matches({ shown: { list: 'ready' } })).toBe(true);
    h.actor.send({ type: 'language.change' });
    expect(h.actor.getSnapshot().value).toBe('loading');
    h.load.resolve({ categories: categories.slice(0, 1), promotions: loaded.promotions });
    await flush();
    // The chosen category is gone in the new language: back to all.
    expect(h.actor.getSnapshot().context.categoryId).toBeNull();
  });

  it('claims once however often it is tapped, then refreshes the balance', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.load.resolve(loaded);
    await flush();
    h.actor.send({ type: 'claim.submit', id: 3 });
    h.actor.send({ type: 'claim.submit', id: 3 });
    h.actor.send({ type: 'promotion.join', id: 2 });
    expect(h.actor.getSnapshot().context.actingId).toBe(3);
    expect(h.claim.inputs).toEqual([{ applicationId: 10 }]);
    expect(h.join.inputs).toEqual([]);
    h.claim.resolve(claimedPromotion);
    await flush();
    expect(h.actor.getSnapshot().context.promotions[2]).toEqual(claimedPromotion);
    expect(h.balanceChanged).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(h.actor.getSnapshot().matches({ shown: { action: 'idle' } })).toBe(true);
  });

  it('joins, applies through the application machine, sends a guest to login and refuses a trial account', async () => {
    const member = harness();
    member.load.resolve(loaded);
    await flush();
    member.actor.send({ type: 'promotion.join', id: 2 });
    expect(member.join.inputs).toEqual([{ promotionId: 2 }]);
    member.join.resolve(joinedPromotion);
    await flush();
    expect(member.actor.getSnapshot().context.promotions[1]!.status).toBe('joined');
    member.actor.send({ type: 'promotion.join', id: 1 });
    expect(member.apply.inputs).toEqual([{ promotion: loaded.promotions[0], role: 'member' }]);
    member.apply.resolve(applied);
    await flush();
    expect(member.actor.getSnapshot().context.promotions[0]!.status).toBe('applying');

    const guest = harness('guest');
    guest.load.resolve(loaded);
    await flush();
    guest.actor.send({ type: 'promotion.join', id: 2 });
    expect(guest.goToLogin).toHaveBeenCalledTimes(1);
    expect(guest.join.inputs).toEqual([]);

    const trial = harness('trial');
    trial.load.resolve(loaded);
    await flush();
    trial.actor.send({ type: 'promotion.join', id: 2 });
    expect(trial.actor.getSnapshot().context.errorCode).toBe('trial.forbidden');
    expect(trial.join.inputs).toEqual([]);
  });

  it('the default application machine is the real one', () => {
    const actor = createActor(
      promotionsMachine.provide({ actors: { loadPromotions: fromPromise(async () => loaded) } }),
      { input: { openId: null, role: 'trial' } },
    );
    actor.start();
    return flush().then(() => {
      actor.send({ type: 'promotion.join', id: 1 });
      const child = actor.getSnapshot().children.apply as { getSnapshot: () => { value: unknown } } | undefined;
      expect(child?.getSnapshot().value).toBe('trialRefused');
    });
  });
});
