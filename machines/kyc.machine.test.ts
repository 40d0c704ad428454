import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { KycState } from '../contract/kyc.ts';
import type { PickedIcon } from './avatar-upload.machine.ts';
import { kycMachine } from './kyc.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { backImage, frontImage, kycModel, notSent, pdf, pending } from './test/models/kyc.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('kyc machine', kycModel, { delays: { uploadedToast: 1000 }, invokes: { loadKyc: 'loadKyc', submitKyc: 'submitKyc' } });

describe('kyc machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(kycMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'xstate.error.actor.submitKyc')) }));
    expect(coverageOf(kycMachine, without).missingTransitions).toEqual(['kyc.ready.sending --xstate.error.actor.submitKyc--> kyc.ready.idle']);
  });
});

function harness(state: KycState = notSent) {
  const load = deferred<KycState, unknown>();
  const submit = deferred<KycState, { front: PickedIcon; back: PickedIcon }>();
  const actor = createActor(kycMachine.provide({ actors: { loadKyc: load.logic, submitKyc: submit.logic } }), { input: { isTrial: false } });
  actor.start();
  load.resolve(state);
  return { actor, submit };
}

describe('kyc machine', () => {
  it('refuses to send one side alone with the spec message, and sends both once both are picked', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'kyc.pick', side: 'front', image: frontImage });
    h.actor.send({ type: 'kyc.submit' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('kyc.images.required');
    expect(h.submit.inputs).toEqual([]);
    h.actor.send({ type: 'kyc.pick', side: 'back', image: backImage });
    expect(h.actor.getSnapshot().context.errorCode).toBeNull();
    h.actor.send({ type: 'kyc.submit' });
    expect(h.submit.inputs).toEqual([{ front: frontImage, back: backImage }]);
    h.submit.resolve(pending);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: 'sent' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ kyc: pending, front: null, back: null });
  });

  it('refuses a file that is not png or jpg, or above 5 MB, and keeps the side as it was', async () => {
    const h = harness();
    await flush();
    h.actor.send({ type: 'kyc.pick', side: 'front', image: frontImage });
    h.actor.send({ type: 'kyc.pick', side: 'front', image: pdf });
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'upload.type.invalid', front: frontImage });
    h.actor.send({ type: 'kyc.pick', side: 'back', image: { ...backImage, size: 6 * 1024 * 1024 } });
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'upload.too.large', back: null });
  });

  it('takes new images after a rejection, none while a check waits or once approved', async () => {
    for (const status of ['pending', 'approved'] as const) {
      const h = harness({ ...pending, status });
      await flush();
      h.actor.send({ type: 'kyc.pick', side: 'front', image: frontImage });
      h.actor.send({ type: 'kyc.pick', side: 'back', image: backImage });
      h.actor.send({ type: 'kyc.submit' });
      expect(h.submit.inputs).toEqual([]);
      expect(h.actor.getSnapshot().context.front).toBeNull();
    }
    const again = harness({ ...pending, status: 'rejected', reason: 'The photo is blurred.' });
    await flush();
    again.actor.send({ type: 'kyc.pick', side: 'front', image: frontImage });
    again.actor.send({ type: 'kyc.pick', side: 'back', image: backImage });
    again.actor.send({ type: 'kyc.submit' });
    expect(again.submit.inputs).toHaveLength(1);
  });
});
