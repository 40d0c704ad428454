/** The trial machine's model: the events of its model-based test and of `npm run paths trial`. */
import type { SessionInfo } from '../../session.ts';
import { trialMachine } from '../../trial.machine.ts';
import type { MachineModel } from '../model.ts';

const trialSession: SessionInfo = { token: 'tt', merchantCode: 'demo', userName: 'guest8812', type: 4, firstTimeLogin: false };
const memberSession: SessionInfo = { ...trialSession, type: 0 };

export const trialModel: MachineModel<typeof trialMachine> = {
  machine: trialMachine,
  aspects: [
    {
      name: 'the trial account and its failures',
      inputs: [undefined],
      events: [
        { type: 'xstate.done.actor.startTrial', output: trialSession },
        { type: 'xstate.done.actor.startTrial', output: memberSession },
        { type: 'xstate.error.actor.startTrial', error: { kind: 'server', errorCode: 'system.busy' } },
        { type: 'trial.retry' },
      ],
    },
  ],
};
