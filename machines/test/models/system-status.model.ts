/** The system status machine's model: inputs and events of its model-based test and of `npm run paths system-status`. */
import { type StatusAnswer, systemStatusMachine } from '../../system-status.machine.ts';
import type { MachineModel } from '../model.ts';

export const answer = (status: 0 | 1 | 2): StatusAnswer => ({ status, info: `info ${status}`, ip: '203.0.113.7' });
export const AFTER_REFRESH = 'xstate.after.statusRefresh.systemStatus.connection.waiting';
export const inputs = [{ cached: null }, { cached: answer(1) }, { cached: answer(2) }];

export const systemStatusModel: MachineModel<typeof systemStatusMachine> = {
  machine: systemStatusMachine,
  aspects: [
    {
      name: 'cached answer, fetches and refreshes',
      inputs,
      events: [
        { type: 'status.refresh' },
        { type: 'xstate.done.actor.fetchStatus', output: answer(0) },
        { type: 'xstate.done.actor.fetchStatus', output: answer(1) },
        { type: 'xstate.done.actor.fetchStatus', output: answer(2) },
        { type: 'xstate.error.actor.fetchStatus', error: { errorCode: 'system.busy' } },
        { type: 'xstate.error.actor.fetchStatus', error: new Error('offline') },
        { type: AFTER_REFRESH },
      ],
    },
  ],
};
