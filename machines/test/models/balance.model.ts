/** The balance machine's model: inputs and events of its model-based test and of `npm run paths balance`. */
import { type BalanceReading, balanceMachine } from '../../balance.machine.ts';
import type { MachineModel } from '../model.ts';

export const peso = { code: 'PHP', symbol: '₱', minorUnits: 2 };
export const reading: BalanceReading = { currency: peso, sumBalance: 123456 };
export const inputs = [{ hidden: false }, { hidden: true }];

export const balanceModel: MachineModel<typeof balanceMachine> = {
  machine: balanceMachine,
  aspects: [
    {
      name: 'loads, refreshes and the hide toggle',
      inputs,
      events: [
        { type: 'balance.refresh' },
        { type: 'page.visible' },
        { type: 'balance.toggleHidden' },
        { type: 'xstate.done.actor.loadWallet', output: reading },
        { type: 'xstate.error.actor.loadWallet', error: { kind: 'offline', errorCode: 'client.offline' } },
      ],
    },
  ],
};
