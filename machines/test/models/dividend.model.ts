/** The agent's dividend screen's model: inputs and events of its model-based test and of `npm run paths dividend`. */
import type { DividendSummary } from '../../../contract/agent-contracts.ts';
import { dividendMachine } from '../../dividend.machine.ts';
import type { MachineModel } from '../model.ts';
import { contract } from './contract.model.ts';

export const summary: DividendSummary = {
  period: '2026-11',
  netLoss: 2500000,
  contract: contract(5, 'active', { kind: 'dividend', tiers: [{ threshold: 1000000, reward: 1000 }] }),
  estimate: 250000,
  receivedTotal: 120000,
  paidTotal: 40000,
};

export const dividendModel: MachineModel<typeof dividendMachine> = {
  machine: dividendMachine,
  aspects: [
    {
      name: "this month's dividend read, its failure and retry (the payouts are the records machine's child)",
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadSummary', output: summary },
        { type: 'xstate.error.actor.loadSummary', error: { errorCode: 'agent.only' } },
        { type: 'dividend.retry' },
      ],
    },
  ],
};
