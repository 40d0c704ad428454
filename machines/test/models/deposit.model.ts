/** The deposit machine's model: inputs and events of its model-based test and of `npm run paths deposit`. */
import { type DepositInput, type DepositOptionsData, type DepositOrderData, depositMachine } from '../../deposit.machine.ts';
import type { MachineModel } from '../model.ts';

export const options: DepositOptionsData = {
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  channels: [
    { code: 'LOCALPAY', name: 'Local pay', minAmount: 10000, maxAmount: 5000000, presetAmounts: [10000, 50000] },
    { code: 'BANK', name: 'Bank', minAmount: 50000, maxAmount: 1000000, presetAmounts: [] },
  ],
  promotions: [{ id: 3, title: 'First deposit', description: '', bonusRateBps: 1000, maxBonus: 25800, minDeposit: 10000, available: true }],
  bonusBadge: 25800,
};
const noChannels: DepositOptionsData = { ...options, channels: [] };
export const pendingOrder: DepositOrderData = { orderNo: 'D1', status: 'pending', amount: 20000, bonus: 0, payUrl: '/pay/local/1?t=x' };
export const completed: DepositOrderData = { ...pendingOrder, status: 'completed', payUrl: null };
const cancelled: DepositOrderData = { ...pendingOrder, status: 'cancelled', payUrl: null };

export const POLL = 'xstate.after.statusPoll.deposit.pending.waiting';
export const TOAST = 'xstate.after.freeRejectToast.deposit.rejected.toast';
export const inputs: DepositInput[] = [
  { isTrial: false, orderNo: null },
  { isTrial: true, orderNo: null },
  { isTrial: false, orderNo: 'D1' },
];

export const depositModel: MachineModel<typeof depositMachine> = {
  machine: depositMachine,
  aspects: [
    {
      name: 'trial refusal, options, the order and its status',
      inputs,
      events: [
        { type: 'deposit.selectChannel', channelCode: 'BANK' },
        { type: 'deposit.selectPromotion', promotionId: 3 },
        { type: 'deposit.submit', amount: 20000 },
        { type: 'deposit.submit', amount: 500 },
        { type: 'deposit.retry' },
        { type: 'deposit.check' },
        { type: 'deposit.again' },
        { type: 'page.visible' },
        { type: 'xstate.done.actor.loadDepositOptions', output: options },
        { type: 'xstate.done.actor.loadDepositOptions', output: noChannels },
        { type: 'xstate.error.actor.loadDepositOptions', error: { errorCode: 'client.offline' } },
        { type: 'xstate.done.actor.createDeposit', output: pendingOrder },
        { type: 'xstate.done.actor.createDeposit', output: completed },
        { type: 'xstate.error.actor.createDeposit', error: { errorCode: 'free_reject' } },
        { type: 'xstate.error.actor.createDeposit', error: { errorCode: 'client.timeout' } },
        { type: 'xstate.done.actor.loadDepositStatus', output: pendingOrder },
        { type: 'xstate.done.actor.loadDepositStatus', output: completed },
        { type: 'xstate.done.actor.loadDepositStatus', output: cancelled },
        { type: 'xstate.error.actor.loadDepositStatus', error: { errorCode: 'client.offline' } },
        { type: POLL },
        { type: TOAST },
      ],
    },
  ],
};
