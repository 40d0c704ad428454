/** The message center machine's model: inputs and events of its model-based test and of `npm run paths message-center`. */
import { type MessageCenterLinks, messageCenterMachine } from '../../message-center.machine.ts';
import type { MachineModel } from '../model.ts';

export const demoLinks: MessageCenterLinks = {
  telegramUrl: 'https://t.me/x',
  serviceUrl: 'https://cs.example',
  chatEnabled: true,
};

export const messageCenterModel: MachineModel<typeof messageCenterMachine> = {
  machine: messageCenterMachine,
  aspects: [
    {
      name: 'rows by role, links loaded or not, the trial refusal, back',
      inputs: [{ role: 'guest' }, { role: 'member' }, { role: 'trial' }],
      events: [
        { type: 'row.open', row: 'telegram' },
        { type: 'row.open', row: 'service' },
        { type: 'row.open', row: 'announcement' },
        { type: 'row.open', row: 'inbox' },
        { type: 'row.open', row: 'chat' },
        { type: 'row.open', row: 'live' },
        { type: 'back' },
        { type: 'xstate.done.actor.loadLinks', output: demoLinks },
        { type: 'xstate.error.actor.loadLinks', error: new Error('offline') },
        { type: 'xstate.after.trialRefusal.messageCenter.rows.refused' },
      ],
    },
  ],
};
