import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Promotion } from '../contract/promotions.ts';
import { type ApplicationRequest, commentTooLongCode, promotionApplyMachine } from './promotion-apply.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { applied, applyPromotion, gif, huge, longComment, png, promotionApplyModel } from './test/models/promotion-apply.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(promotionApplyModel);

describe('promotion apply machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(promotionApplyMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRemove = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'image.remove')),
    }));
    expect(coverageOf(promotionApplyMachine, withoutRemove).missingTransitions).toEqual([
      'promotionApply.form --image.remove--> promotionApply.form.editing',
    ]);
  });
});

describe('promotion apply machine replayed on real actors', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(
      promotionApplyMachine,
      input,
      path,
      { delays: { successToast: 1000 }, invokes: { applyForPromotion: 'applyForPromotion' } },
      (actual, expected) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      },
    );
  });
});

function harness(role: 'member' | 'guest' | 'trial' = 'member') {
  const apply = deferred<Promotion, ApplicationRequest>();
  const goToLogin = vi.fn();
  const actor = createActor(promotionApplyMachine.provide({ actors: { applyForPromotion: apply.logic }, actions: { goToLogin } }), {
    input: { promotion: applyPromotion, role },
  });
  actor.start();
  return { actor, apply, goToLogin };
}

describe('promotion apply machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a guest to login and refuses a trial account, without calling the server', () => {
    const guest = harness('guest');
    expect(guest.goToLogin).toHaveBeenCalledTimes(1);
    expect(guest.actor.getSnapshot().status).toBe('done');
    expect(guest.actor.getSnapshot().output).toBeNull();
    const trial = harness('trial');
    expect(trial.actor.getSnapshot().value).toBe('trialRefused');
    expect(trial.actor.getSnapshot().context.errorCode).toBe('trial.forbidden');
    trial.actor.send({ type: 'apply.submit', comment: 'hi' });
    expect(trial.apply.inputs).toEqual([]);
  });

  it('checks each image on pick and the comment on submit, sending nothing refused', () => {
    const h = harness();
    h.actor.send({ type: 'image.pick', image: gif });
    expect(h.actor.getSnapshot().context.errorCode).toBe('upload.type.invalid');
    h.actor.send({ type: 'image.pick', image: huge });
    expect(h.actor.getSnapshot().context.errorCode).toBe('upload.too.large');
    for (const id of ['1', '2', '3', '4']) h.actor.send({ type: 'image.pick', image: { ...png, id } });
    expect(h.actor.getSnapshot().context.errorCode).toBe('upload.too.many');
    expect(h.actor.getSnapshot().context.images.map((i) => i.id)).toEqual(['1', '2', '3']);
    h.actor.send({ type: 'image.remove', id: '2' });
    expect(h.actor.getSnapshot().context.images.map((i) => i.id)).toEqual(['1', '3']);
    h.actor.send({ type: 'apply.submit', comment: longComment });
    expect(h.actor.getSnapshot().context.errorCode).toBe(commentTooLongCode);
    expect(h.apply.inputs).toEqual([]);
  });

  it('shows the server refusal, then succeeds, shows the toast for 1 s and ends with the promotion', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.actor.send({ type: 'image.pick', image: png });
    h.actor.send({ type: 'apply.submit', comment: 'slip' });
    h.actor.send({ type: 'apply.close' });
    expect(h.actor.getSnapshot().value).toBe('submitting');
    h.apply.reject({ errorCode: 'promotion.not.open' });
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ form: 'failed' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('promotion.not.open');
    h.actor.send({ type: 'apply.submit', comment: 'slip' });
    expect(h.apply.inputs[1]).toEqual({ promotionId: 1, comment: 'slip', images: [png] });
    h.apply.resolve(applied);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('succeeded');
    vi.advanceTimersByTime(999);
    expect(h.actor.getSnapshot().value).toBe('succeeded');
    vi.advanceTimersByTime(1);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().output).toEqual(applied);
  });
});
