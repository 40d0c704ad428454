import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AccountField } from '../contract/member.ts';
import { type AccountFieldInput, accountFieldMachine, passesRule } from './account-field.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { accountFieldModel, nicknameRule, payeeRule } from './test/models/account-field.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('account field machine', accountFieldModel, { delays: { savedToast: 1000 }, invokes: { saveField: 'saveField' } });

describe('account field machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(accountFieldMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'field.cancel')) }));
    expect(coverageOf(accountFieldMachine, withoutCancel).missingTransitions).toEqual([
      'accountField.locked --field.cancel--> accountField.cancelled',
      'accountField.editing --field.cancel--> accountField.cancelled',
    ]);
  });
});

function harness(input: AccountFieldInput) {
  const save = deferred<void, { field: AccountField; value: string }>();
  const fieldSaved = vi.fn();
  const actor = createActor(accountFieldMachine.provide({ actors: { saveField: save.logic }, actions: { fieldSaved: (_, params) => fieldSaved(params) } }), { input });
  actor.start();
  return { actor, save, fieldSaved };
}

describe('account field machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks each field against its rule, trimmed; an e-mail stays below 255 characters', () => {
    expect(passesRule('nickname', 'Lucky Pat', nicknameRule)).toBe(true);
    expect(passesRule('nickname', '', nicknameRule)).toBe(false);
    expect(passesRule('nickname', '<b>', nicknameRule)).toBe(false);
    expect(passesRule('nickname', 'x'.repeat(21), nicknameRule)).toBe(false);
    expect(passesRule('payeeName', 'Patricia Santos', payeeRule)).toBe(true);
    expect(passesRule('payeeName', 'Pat 2', payeeRule)).toBe(false);
    const emailRule = { pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*\\.[A-Za-z]{2,}$', maxLength: 300 };
    expect(passesRule('email', 'pat@example.com', emailRule)).toBe(true);
    expect(passesRule('email', 'pat@example', emailRule)).toBe(false);
    expect(passesRule('email', `${'p'.repeat(243)}@example.com`, emailRule)).toBe(false);
  });

  it('refuses a bad value with its message and sends nothing; saves the trimmed value, toasts 1 s and ends with it', async () => {
    vi.useFakeTimers();
    const h = harness({ field: 'nickname', current: null, rule: nicknameRule, locked: false });
    h.actor.send({ type: 'field.submit', value: '<script>' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('member.nickname.invalid');
    expect(h.save.inputs).toEqual([]);
    h.actor.send({ type: 'field.submit', value: '  Lucky Pat ' });
    expect(h.save.inputs).toEqual([{ field: 'nickname', value: 'Lucky Pat' }]);
    h.save.resolve(undefined);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('saved');
    expect(h.fieldSaved).toHaveBeenCalledWith({ field: 'nickname', value: 'Lucky Pat' });
    vi.advanceTimersByTime(1000);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().output).toEqual({ saved: 'Lucky Pat' });
  });

  it("shows the server's refusal and lets the member try again", async () => {
    const h = harness({ field: 'email', current: 'pl***@example.com', rule: { pattern: null, maxLength: 254 }, locked: false });
    h.actor.send({ type: 'field.submit', value: 'pat@example.com' });
    h.save.reject({ errorCode: 'register.email.invalid' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.actor.getSnapshot().context.errorCode).toBe('register.email.invalid');
    expect(h.fieldSaved).not.toHaveBeenCalled();
  });

  it('a payee name already set cannot be sent; cancel ends with nothing saved', () => {
    const h = harness({ field: 'payeeName', current: 'Patricia Santos', rule: payeeRule, locked: true });
    expect(h.actor.getSnapshot().value).toBe('locked');
    h.actor.send({ type: 'field.submit', value: 'Someone Else' });
    expect(h.save.inputs).toEqual([]);
    h.actor.send({ type: 'field.cancel' });
    expect(h.actor.getSnapshot().output).toEqual({ saved: null });
  });
});
