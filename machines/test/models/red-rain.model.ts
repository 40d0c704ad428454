/** The red envelope rain's model: inputs and events of its model-based test and of `npm run paths red-rain`. */
import type { RedRainResult, TeamMember } from '../../../contract/agent.ts';
import { redRainMaxMembers } from '../../../contract/agent.ts';
import { redRainMachine } from '../../red-rain.machine.ts';
import type { MachineModel } from '../model.ts';

export const member = (id: number, account: string): TeamMember => ({
  id,
  account,
  nickname: null,
  type: 0,
  level: 1,
  parentAccount: 'agent1',
  balance: 0,
  status: 'active',
  lastLoginAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  directCount: 0,
});
export const alice = member(11, 'alice');
export const bob = member(12, 'bob');
export const members = [alice, bob];
/** One more than a rain may reach. */
const crowd = Array.from({ length: redRainMaxMembers + 1 }, (_, i) => member(100 + i, `m${100 + i}`));
export const result: RedRainResult = { transactionId: 'T-1', members: 2, total: 1000, balance: 99000 };

export const redRainModel: MachineModel<typeof redRainMachine> = {
  machine: redRainMachine,
  aspects: [
    {
      name: 'members picked, the rain reviewed, sent or failed, and started over',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadCandidates', output: members },
        { type: 'rain.toggle', member: alice },
        { type: 'rain.all' },
        { type: 'rain.none' },
        { type: 'rain.review', amount: 500 },
        { type: 'rain.review', amount: 0 },
        { type: 'rain.back' },
        { type: 'rain.confirm' },
        { type: 'xstate.done.actor.sendRain', output: result },
        { type: 'xstate.error.actor.sendRain', error: { errorCode: 'wallet.balance.insufficient' } },
        { type: 'rain.again' },
      ],
    },
    {
      name: 'the member list searched, its failure and retry',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadCandidates', output: [bob] },
        { type: 'xstate.error.actor.loadCandidates', error: { errorCode: 'client.offline' } },
        { type: 'rain.retry' },
        { type: 'rain.search', account: ' bo ' },
      ],
    },
    {
      name: 'more members than a rain may reach',
      inputs: [undefined as never],
      events: [{ type: 'xstate.done.actor.loadCandidates', output: crowd }, { type: 'rain.all' }, { type: 'rain.review', amount: 500 }],
    },
  ],
};
