/** A contract kind's screen's model: inputs and events of its model-based test and of `npm run paths contract`. */
import type { Contract, ContractOverview } from '../../../contract/agent-contracts.ts';
import { contractMachine } from '../../contract.machine.ts';
import type { MachineModel } from '../model.ts';

export const contract = (id: number, status: Contract['status'], over: Partial<Contract> = {}): Contract => ({
  id,
  kind: 'salary',
  status,
  agentAccount: 'boss',
  memberAccount: 'alice',
  tiers: [
    { threshold: 100000, reward: 5000 },
    { threshold: 500000, reward: 30000 },
  ],
  createdAt: '2026-11-20T08:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2026-11-21T08:00:00.000Z',
  endedAt: status === 'ended' ? '2026-11-25T08:00:00.000Z' : null,
  ...over,
});

/** A member's screen: an active contract, a pending proposal, one rejected. */
export const memberOverview: ContractOverview = {
  received: [contract(3, 'pending'), contract(2, 'active'), contract(1, 'rejected')],
  offered: [],
  canOffer: false,
};

/** An agent's screen: what it offered (one pending, one active), nothing received. */
export const agentOverview: ContractOverview = {
  received: [],
  offered: [contract(11, 'pending', { memberAccount: 'rico' }), contract(10, 'active', { memberAccount: 'bella' })],
  canOffer: true,
};

export const goodTiers = [{ threshold: 100000, reward: 5000 }];

export const contractModel: MachineModel<typeof contractMachine> = {
  machine: contractMachine,
  aspects: [
    {
      name: "a member's contracts read, a proposal accepted or rejected after a confirm, the overview read again",
      inputs: [{ kind: 'salary' }],
      events: [
        { type: 'xstate.done.actor.loadOverview', output: memberOverview },
        { type: 'xstate.error.actor.loadOverview', error: { errorCode: 'client.offline' } },
        { type: 'contract.retry' },
        { type: 'contract.decide', contractId: 3, decision: 'accept' },
        { type: 'contract.decide', contractId: 2, decision: 'reject' },
        { type: 'decision.confirm' },
        { type: 'decision.cancel' },
        { type: 'xstate.done.actor.decideContract', output: contract(3, 'active') },
        { type: 'xstate.error.actor.decideContract', error: { errorCode: 'contract.state.changed' } },
        { type: 'offer.submit', account: 'rico', tiers: goodTiers },
      ],
    },
    {
      name: "an agent's offer form: tier rows added up to ten and removed down to one",
      inputs: [{ kind: 'dividend' }],
      events: [{ type: 'xstate.done.actor.loadOverview', output: agentOverview }, { type: 'offer.addRow' }, { type: 'offer.removeRow', row: 0 }],
    },
    {
      name: "an agent's offer checked, sent or refused; what it offered withdrawn or ended",
      inputs: [{ kind: 'hourly' }],
      events: [
        { type: 'xstate.done.actor.loadOverview', output: agentOverview },
        { type: 'offer.submit', account: 'rico', tiers: goodTiers },
        { type: 'offer.submit', account: ' ', tiers: goodTiers },
        { type: 'xstate.done.actor.proposeContract', output: contract(12, 'pending', { kind: 'hourly' }) },
        { type: 'xstate.error.actor.proposeContract', error: { errorCode: 'contract.pending.exists' } },
        { type: 'contract.decide', contractId: 11, decision: 'withdraw' },
        { type: 'contract.decide', contractId: 10, decision: 'end' },
        { type: 'decision.confirm' },
        { type: 'xstate.done.actor.decideContract', output: contract(10, 'ended') },
      ],
    },
  ],
};
