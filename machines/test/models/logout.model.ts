/** The logout machine's model: the events of its model-based test and of `npm run paths logout`. */
import { logoutMachine } from '../../logout.machine.ts';
import type { MachineModel } from '../model.ts';

export const logoutModel: MachineModel<typeof logoutMachine> = {
  machine: logoutMachine,
  aspects: [
    {
      name: 'the confirmation and the server logout',
      inputs: [undefined],
      events: [
        { type: 'logout.request' },
        { type: 'logout.cancel' },
        { type: 'logout.confirm' },
        { type: 'xstate.done.actor.serverLogout' },
        { type: 'xstate.error.actor.serverLogout', error: { kind: 'server', errorCode: 'user.or.token.invalid' } },
        { type: 'xstate.error.actor.serverLogout', error: new Error('offline') },
      ],
    },
  ],
};
