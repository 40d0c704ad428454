/** The message center machine's model: inputs and events of its model-based test and of `npm run paths message-center`. */
import { messageCenterMachine } from '../../message-center.machine.ts';
import type { MachineModel } from '../model.ts';

export const messageCenterModel: MachineModel<typeof messageCenterMachine> = {
  machine: messageCenterMachine,
  aspects: [
    {
      name: 'rows by role, the trial refusal, back',
      inputs: [{ role: 'guest' }, { role: 'member' }, { role: 'trial' }],
      events: [
        { type: 'row.open', row: 'telegram', url: 'https://t.me/x' },
        { type: 'row.open', row: 'telegram', url: null },
        { type: 'row.open', row: 'service', url: 'https://cs.example' },
        { type: 'row.open', row: 'service' },
        { type: 'row.open', row: 'announcement' },
        { type: 'row.open', row: 'inbox' },
        { type: 'row.open', row: 'chat' },
        { type: 'back' },
        { type: 'xstate.after.trialRefusal.messageCenter.refused' },
      ],
    },
  ],
};
