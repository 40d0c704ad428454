/** The VIP room's model: inputs and events of its model-based test and of `npm run paths vip-room`. */
import type { VipStatus } from '../../../contract/loyalty.ts';
import { vipRoomMachine } from '../../vip-room.machine.ts';
import type { MachineModel } from '../model.ts';

export const vipStatus: VipStatus = {
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  turnover: 1_250_000,
  level: 1,
  levels: [
    { level: 0, name: 'VIP 0', turnover: 0, benefits: [{ kind: 'dailyWithdrawals', value: 3 }] },
    { level: 1, name: 'VIP 1', turnover: 1_000_000, benefits: [{ kind: 'upgradeBonus', value: 8_800 }, { kind: 'rebate', value: 30 }] },
    { level: 2, name: 'VIP 2', turnover: 5_000_000, benefits: [{ kind: 'upgradeBonus', value: 28_800 }, { kind: 'rebate', value: 50 }] },
  ],
};

export const vipRoomModel: MachineModel<typeof vipRoomMachine> = {
  machine: vipRoomMachine,
  aspects: [
    {
      name: 'the levels loaded, or a retry',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadVip', output: vipStatus },
        { type: 'xstate.error.actor.loadVip', error: { errorCode: 'client.network' } },
        { type: 'vip.retry' },
      ],
    },
  ],
};
