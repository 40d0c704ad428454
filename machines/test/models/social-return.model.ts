/** The social return page's model: inputs and events of its model-based test and of `npm run paths social-return`. */
import type { SessionInfo } from '../../session.ts';
import { socialReturnMachine } from '../../social-return.machine.ts';
import type { MachineModel } from '../model.ts';

export const socialSession: SessionInfo = { token: 'st', merchantCode: 'DEMO', userName: 'anasantos_0042', type: 0, firstTimeLogin: false };

export const socialReturnModel: MachineModel<typeof socialReturnMachine> = {
  machine: socialReturnMachine,
  aspects: [
    {
      name: 'a ticket, a link, and the errors the callback names',
      inputs: [
        { ticket: 't'.repeat(43), error: null, linked: null },
        { ticket: null, error: null, linked: 'google' },
        { ticket: null, error: 'cancelled', linked: null },
        { ticket: null, error: 'made-up', linked: null },
      ],
      events: [
        { type: 'xstate.done.actor.exchangeTicket', output: socialSession },
        { type: 'xstate.error.actor.exchangeTicket', error: { kind: 'server', errorCode: 'social.ticket.invalid' } },
        { type: 'xstate.after.linkedRedirectDelay.socialReturn.linked' },
        { type: 'social.back' },
      ],
    },
  ],
};
