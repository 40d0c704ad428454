/**
 * The agent contract screens' machines (machines/contract.machine.ts for the
 * three contract kinds, machines/dividend.machine.ts for the agent's
 * dividend) with their real side effects: the contracts API
 * (contract/agent-contracts.ts), and the payouts as a paged record list (the
 * records machine, its filter's `types` the kind).
 *
 * Imported only by the contract and dividend route chunks (a plain member
 * may open a contract screen, so this is not src/app/agent-actors.ts, which
 * carries the agency centre's machines).
 */
import { fromPromise } from 'xstate';
import {
  type ContractDecisionBody,
  type ContractKind,
  contractKinds,
  contractOverviewEndpoint,
  contractPayoutsEndpoint,
  type ContractProposal,
  decideContractEndpoint,
  dividendSummaryEndpoint,
  proposeContractEndpoint,
} from '../../contract/agent-contracts.ts';
import { recordPageSize } from '../../contract/wallet.ts';
import { contractMachine } from '../../machines/contract.machine.ts';
import { dividendMachine } from '../../machines/dividend.machine.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from '../../machines/records.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';

const kindOf = (types: string): ContractKind => (contractKinds as readonly string[]).includes(types) ? (types as ContractKind) : 'salary';

/** A contract kind's payouts, received and paid, newest period first (the kind is the records filter's `types`). */
export function provideContractPayouts(call: ApiCall = apiCall) {
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => {
        const page = await call(contractPayoutsEndpoint, { query: { kind: kindOf(input.filter.types), pageNo: input.pageNo, pageSize: recordPageSize } });
        return { ...page, summary: null };
      }),
    },
  });
}

export function provideContractMachine(call: ApiCall = apiCall) {
  return contractMachine.provide({
    actors: {
      loadOverview: fromPromise(async ({ input }: { input: { kind: ContractKind } }) => call(contractOverviewEndpoint, { query: { kind: input.kind } })),
      decideContract: fromPromise(async ({ input }: { input: ContractDecisionBody }) => call(decideContractEndpoint, { body: input })),
      proposeContract: fromPromise(async ({ input }: { input: ContractProposal }) => call(proposeContractEndpoint, { body: input })),
      payouts: provideContractPayouts(call),
    },
  });
}

export function provideDividendMachine(call: ApiCall = apiCall) {
  return dividendMachine.provide({
    actors: {
      loadSummary: fromPromise(async () => call(dividendSummaryEndpoint)),
      payouts: provideContractPayouts(call),
    },
  });
}
