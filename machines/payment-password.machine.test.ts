import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { paymentPasswordModel } from './test/models/payment-password.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';
import { type PaymentPasswordSave, paymentPasswordMachine } from './payment-password.machine.ts';

const pathSets = replayModelPaths('payment password machine', paymentPasswordModel, { delays: { savedToast: 1000 }, invokes: { savePin: 'savePin' } });

describe('payment password machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(paymentPasswordMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutForgot = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'pin.forgot')) }));
    const missing = coverageOf(paymentPasswordMachine, withoutForgot).missingTransitions;
    expect(missing).toContain('paymentPassword.change --pin.forgot--> paymentPassword.reset');
  });
});

function harness(hasPassword: boolean) {
  const save = deferred<void, PaymentPasswordSave>();
  const pinSaved = vi.fn();
  const actor = createActor(paymentPasswordMachine.provide({ actors: { savePin: save.logic }, actions: { pinSaved } }), { input: { hasPassword } });
  actor.start();
  return { actor, save, pinSaved };
}

describe('payment password machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets the first one: 6 digits, confirmed, checked before sending; toasts 1 s and tells the security center', async () => {
    vi.useFakeTimers();
    const h = harness(false);
    expect(h.actor.getSnapshot().value).toBe('set');
    h.actor.send({ type: 'pin.submit', proof: 'ignored', newPassword: '12a456', confirmPassword: '12a456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('money.password.format');
    h.actor.send({ type: 'pin.submit', proof: '', newPassword: '123456', confirmPassword: '123465' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('money.password.mismatch');
    expect(h.save.inputs).toEqual([]);
    h.actor.send({ type: 'pin.submit', proof: 'ignored', newPassword: '123456', confirmPassword: '123456' });
    expect(h.save.inputs).toEqual([{ mode: 'set', proof: '', newPassword: '123456', confirmPassword: '123456' }]);
    h.save.resolve(undefined);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('saved');
    expect(h.pinSaved).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(h.actor.getSnapshot().value).toBe('saved');
    vi.advanceTimersByTime(1);
    expect(h.actor.getSnapshot().output).toEqual({ saved: true });
  });

  it('changes with the old one (6 digits); a wrong old one comes back to the same form with its message', async () => {
    const h = harness(true);
    expect(h.actor.getSnapshot().value).toBe('change');
    h.actor.send({ type: 'pin.submit', proof: '', newPassword: '123456', confirmPassword: '123456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('security.pin.oldFormat');
    h.actor.send({ type: 'pin.submit', proof: '654321', newPassword: '123456', confirmPassword: '123456' });
    expect(h.save.inputs).toEqual([{ mode: 'change', proof: '654321', newPassword: '123456', confirmPassword: '123456' }]);
    h.save.reject({ errorCode: 'withdraw.password.incorrect' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('change');
    expect(h.actor.getSnapshot().context.errorCode).toBe('withdraw.password.incorrect');
    expect(h.pinSaved).not.toHaveBeenCalled();
  });

  it('a forgotten one is reset with the login password, which must not be empty; a refusal stays on the reset form', async () => {
    const h = harness(true);
    h.actor.send({ type: 'pin.forgot' });
    expect(h.actor.getSnapshot().value).toBe('reset');
    h.actor.send({ type: 'pin.submit', proof: '', newPassword: '123456', confirmPassword: '123456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('security.loginPassword.required');
    h.actor.send({ type: 'pin.submit', proof: 'Player#2026', newPassword: '123456', confirmPassword: '123456' });
    expect(h.save.inputs.at(-1)).toEqual({ mode: 'reset', proof: 'Player#2026', newPassword: '123456', confirmPassword: '123456' });
    h.save.reject({ errorCode: 'modify.old.password.incorrect' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('reset');
    expect(h.actor.getSnapshot().context.errorCode).toBe('modify.old.password.incorrect');
    h.actor.send({ type: 'pin.cancel' });
    expect(h.actor.getSnapshot().output).toEqual({ saved: false });
  });
});
