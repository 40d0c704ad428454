import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type BankCardsData, bankCardsMachine } from './bank-cards.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { bankCardsModel, bdoCard, cardsData, newCard } from './test/models/bank-cards.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';
import type { NewBankCard, WithdrawBankCard } from './withdraw.machine.ts';

const pathSets = replayModelPaths('bank cards machine', bankCardsModel, {
  delays: { doneToast: 1000 },
  invokes: { loadCards: 'loadCards', addCard: 'addCard', removeCard: 'removeCard' },
});

describe('bank cards machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(bankCardsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutConfirm = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'card.confirm')) }));
    const missing = coverageOf(bankCardsMachine, withoutConfirm).missingTransitions;
    expect(missing).toContain('bankCards.ready.flow.confirming --card.confirm--> bankCards.ready.flow.removing');
  });
});

function harness(data: BankCardsData) {
  const load = deferred<BankCardsData, unknown>();
  const add = deferred<WithdrawBankCard, NewBankCard>();
  const remove = deferred<void, { id: number }>();
  const actor = createActor(bankCardsMachine.provide({ actors: { loadCards: load.logic, addCard: add.logic, removeCard: remove.logic } }));
  actor.start();
  load.resolve(data);
  return { actor, add, remove };
}

describe('bank cards machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a card after checking the form, toasts 1 s, and stops offering more at the most', async () => {
    vi.useFakeTimers();
    const h = harness(cardsData);
    await flush();
    h.actor.send({ type: 'card.add' });
    h.actor.send({ type: 'card.submit', bankName: 'Metrobank', accountName: ' ', accountNumber: '123456' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('money.card.fields');
    h.actor.send({ type: 'card.submit', bankName: 'Metrobank', accountName: 'Pat', accountNumber: '12345' });
    expect(h.actor.getSnapshot().context.errorCode).toBe('money.card.fields');
    expect(h.add.inputs).toEqual([]);
    h.actor.send({ type: 'card.submit', bankName: 'Metrobank', accountName: 'Patricia Santos', accountNumber: '9876 5432 1' });
    expect(h.add.inputs).toEqual([{ bankName: 'Metrobank', accountName: 'Patricia Santos', accountNumber: '9876 5432 1' }]);
    h.add.resolve(newCard);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'added' } })).toBe(true);
    expect(h.actor.getSnapshot().context.data?.bankCards).toEqual([bdoCard, newCard]);
    vi.advanceTimersByTime(1000);
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'hidden' } })).toBe(true);
    h.actor.send({ type: 'card.add' });
    expect(h.actor.getSnapshot().matches({ ready: { flow: 'idle' } })).toBe(true);
  });

  it('removes a card only after confirmation; a refusal keeps it in the list with its message', async () => {
    const h = harness(cardsData);
    await flush();
    h.actor.send({ type: 'card.remove', id: 99 });
    expect(h.actor.getSnapshot().matches({ ready: { flow: 'idle' } })).toBe(true);
    h.actor.send({ type: 'card.remove', id: 7 });
    expect(h.actor.getSnapshot().context.removing).toEqual(bdoCard);
    expect(h.remove.inputs).toEqual([]);
    h.actor.send({ type: 'card.cancel' });
    expect(h.actor.getSnapshot().context.removing).toBeNull();
    h.actor.send({ type: 'card.remove', id: 7 });
    h.actor.send({ type: 'card.confirm' });
    expect(h.remove.inputs).toEqual([{ id: 7 }]);
    h.remove.reject({ errorCode: 'bankcard.in.use' });
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'bankcard.in.use', removing: null, data: cardsData });
    h.actor.send({ type: 'card.remove', id: 7 });
    h.actor.send({ type: 'card.confirm' });
    h.remove.resolve(undefined);
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'removed' } })).toBe(true);
    // The toast does not hold the list: the next change can start at once.
    expect(h.actor.getSnapshot().matches({ ready: { flow: 'idle' } })).toBe(true);
    expect(h.actor.getSnapshot().context.data?.bankCards).toEqual([]);
  });
});
