/** The home's contract prompts' model: inputs and events of its model-based test and of `npm run paths contract-prompt`. */
import type { ContractRequests } from '../../../contract/agent-contracts.ts';
import { contractPromptMachine } from '../../contract-prompt.machine.ts';
import type { MachineModel } from '../model.ts';

/** A proposal of each kind awaits the member. */
export const allRequests: ContractRequests = { dailysalreqtype: '12', divtypecompperiodreq: '13', contracthoursalreq: '14' };
/** Only an hourly salary proposal awaits. */
export const hourlyOnly: ContractRequests = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '14' };
export const noRequests: ContractRequests = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };

export const contractPromptModel: MachineModel<typeof contractPromptMachine> = {
  machine: contractPromptMachine,
  aspects: [
    {
      name: 'a checked member asked about each kind awaiting it, going or cancelling; a type the check skips is never asked',
      inputs: [
        { memberType: 0, session: 'tok-1' },
        { memberType: 41, session: 'tok-1' },
      ],
      events: [
        { type: 'xstate.done.actor.loadRequests', output: allRequests },
        { type: 'xstate.done.actor.loadRequests', output: hourlyOnly },
        { type: 'xstate.done.actor.loadRequests', output: noRequests },
        { type: 'xstate.error.actor.loadRequests', error: { errorCode: 'client.offline' } },
        { type: 'prompt.go' },
        { type: 'prompt.cancel' },
      ],
    },
  ],
};
