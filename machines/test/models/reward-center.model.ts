/** The reward center's model: inputs and events of its model-based test and of `npm run paths reward-center`. */
import type { MallStatus } from '../../../contract/loyalty.ts';
import { rewardCenterMachine } from '../../reward-center.machine.ts';
import type { MachineModel } from '../model.ts';

export const mall: MallStatus = {
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  earned: 1_250,
  spent: 200,
  available: 1_050,
  turnoverPerPoint: 1_000,
  items: [
    { id: 1, nameKey: 'bronzeBonus', points: 500, reward: 5_000 },
    { id: 3, nameKey: 'goldBonus', points: 4_500, reward: 50_000 },
  ],
};

export const redemption = { id: 9, itemId: 1, points: 500, reward: 5_000, available: 550, createdAt: '2026-11-28T05:00:00.000Z' };

export const DONE_TOAST = 'xstate.after.doneToast.rewardCenter.ready.toast.shown';

export const rewardCenterModel: MachineModel<typeof rewardCenterMachine> = {
  machine: rewardCenterMachine,
  aspects: [
    {
      name: 'a reward picked, confirmed and paid once; too few points; a failure',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadMall', output: mall },
        { type: 'xstate.error.actor.loadMall', error: { errorCode: 'client.network' } },
        { type: 'mall.retry' },
        { type: 'reward.pick', itemId: 1 },
        { type: 'reward.pick', itemId: 3 },
        { type: 'reward.confirm' },
        { type: 'reward.cancel' },
        { type: 'xstate.done.actor.redeem', output: redemption },
        { type: 'xstate.error.actor.redeem', error: { errorCode: 'client.network' } },
        { type: DONE_TOAST },
      ],
    },
  ],
};
