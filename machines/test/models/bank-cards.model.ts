/** The bank cards' model: inputs and events of its model-based test and of `npm run paths bank-cards`. */
import { bankCardsMachine } from '../../bank-cards.machine.ts';
import type { MachineModel } from '../model.ts';

export const bdoCard = { id: 7, bankName: 'BDO Unibank', accountName: 'Patricia Santos', accountNumberMasked: '**** 6789' };
export const newCard = { id: 8, bankName: 'Metrobank', accountName: 'Patricia Santos', accountNumberMasked: '**** 4321' };
export const cardsData = { bankCards: [bdoCard], maxBankCards: 2, banks: ['BDO Unibank', 'Metrobank'] };

export const ADDED_TOAST = 'xstate.after.doneToast.bankCards.ready.toast.added';
export const REMOVED_TOAST = 'xstate.after.doneToast.bankCards.ready.toast.removed';

export const bankCardsModel: MachineModel<typeof bankCardsMachine> = {
  machine: bankCardsMachine,
  aspects: [
    {
      name: 'cards listed, added up to the most, removed after confirmation; refusals',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadCards', output: cardsData },
        { type: 'xstate.error.actor.loadCards', error: { errorCode: 'client.network' } },
        { type: 'cards.retry' },
        { type: 'card.add' },
        { type: 'card.submit', bankName: 'Metrobank', accountName: 'Patricia Santos', accountNumber: '9876 5432 1' },
        { type: 'card.submit', bankName: 'Metrobank', accountName: '', accountNumber: '12' },
        { type: 'xstate.done.actor.addCard', output: newCard },
        { type: 'xstate.error.actor.addCard', error: { errorCode: 'bankcard.exists' } },
        { type: ADDED_TOAST },
        { type: 'card.remove', id: 7 },
        { type: 'card.remove', id: 99 },
        { type: 'card.confirm' },
        { type: 'card.cancel' },
        { type: 'xstate.done.actor.removeCard', output: undefined },
        { type: 'xstate.error.actor.removeCard', error: { errorCode: 'bankcard.in.use' } },
        { type: REMOVED_TOAST },
      ],
    },
  ],
};
