import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { moneyMessages } from './money-types.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { badCard, bare, card, full, goodCard, withdrawal, withdrawModel } from './test/models/withdraw.model.ts';
import { replayPath } from './test/replay.ts';
import {
  type NewBankCard,
  type NewWithdrawalPassword,
  type WithdrawalData,
  type WithdrawalRequest,
  type WithdrawBankCard,
  type WithdrawInfoData,
  withdrawMachine,
} from './withdraw.machine.ts';

const pathSets = modelPathSets(withdrawModel);

describe('withdraw machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(withdrawMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'card.cancel')),
    }));
    expect(coverageOf(withdrawMachine, withoutCancel).missingTransitions).toEqual([
      'withdraw.addingCard.editing --card.cancel [hasCards]--> withdraw.deciding',
    ]);
  });
});

describe('withdraw machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(
      withdrawMachine,
      input,
      path,
      {
        delays: {},
        invokes: {
          loadWithdrawInfo: 'loadWithdrawInfo',
          addBankCard: 'addBankCard',
          setWithdrawalPassword: 'setWithdrawalPassword',
          createWithdrawal: 'createWithdrawal',
        },
      },
      (actual, expected) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      },
    );
  });
});

function harness(isTrial = false) {
  const load = deferred<WithdrawInfoData, unknown>();
  const addCard = deferred<WithdrawBankCard, NewBankCard>();
  const setPassword = deferred<void, NewWithdrawalPassword>();
  const create = deferred<WithdrawalData, WithdrawalRequest>();
  const withdrawalRequested = vi.fn();
  const actor = createActor(
    withdrawMachine.provide({
      actors: { loadWithdrawInfo: load.logic, addBankCard: addCard.logic, setWithdrawalPassword: setPassword.logic, createWithdrawal: create.logic },
      actions: { withdrawalRequested },
    }),
    { input: { isTrial } },
  );
  actor.start();
  return { actor, load, addCard, setPassword, create, withdrawalRequested };
}

describe('withdraw machine', () => {
  it('refuses a trial account without calling the server', () => {
    const h = harness(true);
    expect(h.actor.getSnapshot().value).toBe('rejected');
    expect(h.actor.getSnapshot().context.errorCode).toBe('free_reject');
    expect(h.load.inputs.length).toBe(0);
  });

  it('asks for a bank card, then a withdrawal password, then takes the withdrawal', async () => {
    const h = harness();
    h.load.resolve(bare);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ addingCard: 'editing' });
    h.actor.send(badCard as never);
    expect(h.actor.getSnapshot().context.errorCode).toBe(moneyMessages.cardFields);
    h.actor.send({ type: 'card.cancel' });
    expect(h.actor.getSnapshot().value).toEqual({ addingCard: 'editing' });
    h.actor.send(goodCard as never);
    expect(h.addCard.inputs).toEqual([{ bankName: 'BDO', accountName: 'Player One', accountNumber: '1234 5678' }]);
    h.addCard.resolve(card);
    await flush();
    expect(h.actor.getSnapshot().value).toEqual({ settingPassword: 'editing' });
    h.actor.send({ type: 'password.submit', newPassword: '123456', confirmPassword: '123457' });
    expect(h.actor.getSnapshot().context.errorCode).toBe(moneyMessages.passwordMismatch);
    h.actor.send({ type: 'password.submit', newPassword: '123456', confirmPassword: '123456' });
    h.setPassword.resolve();
    await flush();
    expect(h.actor.getSnapshot().value).toBe('form');
    h.actor.send({ type: 'withdraw.submit', bankCardId: 7, amount: 100001, password: '123456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe(moneyMessages.amountAboveBalance);
    h.actor.send({ type: 'withdraw.submit', bankCardId: 7, amount: 9999, password: '123456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe(moneyMessages.amountRange);
    h.actor.send({ type: 'withdraw.submit', bankCardId: 7, amount: 20000, password: '111111' });
    h.create.reject({ errorCode: 'withdraw.password.incorrect' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('withdraw.password.incorrect');
    h.actor.send({ type: 'withdraw.submit', bankCardId: 7, amount: 20000, password: '123456' });
    expect(h.create.inputs[1]).toEqual({ bankCardId: 7, amount: 20000, withdrawalPassword: '123456', idempotencyKey: 'request-7-20000' });
    h.create.resolve(withdrawal);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('requested');
    expect(h.withdrawalRequested).toHaveBeenCalledTimes(1);
  });

  it('offers another card only below the card limit', async () => {
    const h = harness();
    h.load.resolve(full);
    await flush();
    h.actor.send({ type: 'card.add' });
    expect(h.actor.getSnapshot().value).toBe('form');
  });
});
