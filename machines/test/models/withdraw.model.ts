/** The withdraw machine's model: inputs and events of its model-based test and of `npm run paths withdraw`. */
import { type WithdrawalData, type WithdrawBankCard, type WithdrawInfoData, withdrawMachine } from '../../withdraw.machine.ts';
import type { MachineModel } from '../model.ts';

export const card: WithdrawBankCard = { id: 7, bankName: 'BDO', accountName: 'Player One', accountNumberMasked: '**** 5678' };
export const bare: WithdrawInfoData = {
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  balance: 100000,
  held: 0,
  minAmount: 10000,
  maxAmount: 5000000,
  bankCards: [],
  maxBankCards: 2,
  banks: ['BDO', 'BPI'],
  hasWithdrawalPassword: false,
};
const ready: WithdrawInfoData = { ...bare, bankCards: [card], hasWithdrawalPassword: true };
export const full: WithdrawInfoData = { ...ready, bankCards: [card, { ...card, id: 8 }] };
export const withdrawal: WithdrawalData = { orderNo: 'W1', status: 'pending', amount: 20000 };

export const goodCard = { type: 'card.submit', bankName: 'BDO', accountName: 'Player One', accountNumber: '1234 5678' };
export const badCard = { type: 'card.submit', bankName: 'BDO', accountName: '', accountNumber: '12' };

export const withdrawModel: MachineModel<typeof withdrawMachine> = {
  machine: withdrawMachine,
  aspects: [
    {
      name: 'trial refusal, card, password and the request',
      inputs: [{ isTrial: false }, { isTrial: true }],
      events: [
        { type: 'withdraw.retry' },
        { type: 'card.add' },
        { type: 'card.cancel' },
        goodCard,
        badCard,
        { type: 'password.submit', newPassword: '123456', confirmPassword: '123456' },
        { type: 'password.submit', newPassword: '12345', confirmPassword: '12345' },
        { type: 'password.submit', newPassword: '123456', confirmPassword: '654321' },
        { type: 'withdraw.submit', bankCardId: 7, amount: 20000, password: '123456' },
        { type: 'withdraw.submit', bankCardId: 99, amount: 20000, password: '123456' },
        { type: 'withdraw.submit', bankCardId: 7, amount: 500, password: '123456' },
        { type: 'withdraw.submit', bankCardId: 7, amount: 200000, password: '123456' },
        { type: 'withdraw.submit', bankCardId: 7, amount: 20000, password: '12' },
        { type: 'withdraw.again' },
        { type: 'xstate.done.actor.loadWithdrawInfo', output: bare },
        { type: 'xstate.done.actor.loadWithdrawInfo', output: ready },
        { type: 'xstate.done.actor.loadWithdrawInfo', output: full },
        { type: 'xstate.error.actor.loadWithdrawInfo', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.addBankCard', output: card },
        { type: 'xstate.error.actor.addBankCard', error: { errorCode: 'bankcard.exists' } },
        { type: 'xstate.done.actor.setWithdrawalPassword' },
        { type: 'xstate.error.actor.setWithdrawalPassword', error: { errorCode: 'request.invalid' } },
        { type: 'xstate.done.actor.createWithdrawal', output: withdrawal },
        { type: 'xstate.error.actor.createWithdrawal', error: { errorCode: 'withdraw.password.incorrect' } },
      ],
    },
  ],
};
