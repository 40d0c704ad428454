/**
 * The agency centre's machines (machines/agent-home, team-overview,
 * red-rain, open-account, and the team's record lists) with their real side
 * effects: the agent API (contract/agent.ts), the agents' notices
 * (contract/notices.ts), the encrypted open-account call, the clipboard, and
 * links on this site's own origin.
 *
 * Imported only by the agent route chunks.
 */
import { assign, fromPromise } from 'xstate';
import {
  affiliateEndpoint,
  affiliateLinkPath,
  agentMenuEndpoint,
  openAccountEndpoint,
  type OpenAccountPayload,
  redRainEndpoint,
  type RedRainBody,
  teamBetsEndpoint,
  teamKpiEndpoint,
  teamMembersEndpoint,
  teamPnlDaysEndpoint,
  teamPnlMembersEndpoint,
  teamTransactionsEndpoint,
} from '../../contract/agent.ts';
import { rebateIncomeEndpoint, rebateSettingsEndpoint, type RebateUpdate, updateRebateEndpoint } from '../../contract/agent-contracts.ts';
import { createSealer } from '../../contract/sealed.ts';
import { recordPageSize } from '../../contract/wallet.ts';
import { agentHomeMachine } from '../../machines/agent-home.machine.ts';
import { openAccountMachine } from '../../machines/open-account.machine.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from '../../machines/records.machine.ts';
import { redRainMachine } from '../../machines/red-rain.machine.ts';
import { type RebateSettingsRequest, rebateSettingsMachine } from '../../machines/rebate-settings.machine.ts';
import { type DateRange, teamOverviewMachine } from '../../machines/team-overview.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { newIdempotencyKey, refreshBalance } from './money-actors.ts';
import { provideNoticesMachine } from './notice-actors.ts';

/** Today's UTC day (`YYYY-MM-DD`): the agent's figures are by UTC day, as the members' records are. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

export function provideAgentHomeMachine(call: ApiCall = apiCall) {
  return agentHomeMachine.provide({
    actors: {
      loadKpi: fromPromise(async () => call(teamKpiEndpoint, { query: {} })),
      loadMenu: fromPromise(async () => call(agentMenuEndpoint)),
      notices: provideNoticesMachine('agent', call),
    },
  });
}

export function provideTeamOverviewMachine(call: ApiCall = apiCall) {
  return teamOverviewMachine.provide({
    actors: {
      loadKpi: fromPromise(async ({ input }: { input: DateRange }) => call(teamKpiEndpoint, { query: { startDate: input.startDate, endDate: input.endDate } })),
    },
  });
}

export function provideRedRainMachine(call: ApiCall = apiCall) {
  return redRainMachine.provide({
    actors: {
      loadCandidates: fromPromise(async ({ input }: { input: { account: string } }) => {
        const page = await call(teamMembersEndpoint, { query: { pageNo: 1, pageSize: 100, ...(input.account ? { account: input.account } : {}) } });
        return page.list;
      }),
      sendRain: fromPromise(async ({ input }: { input: RedRainBody }) => call(redRainEndpoint, { body: input })),
    },
    actions: { newRequestId: assign({ requestId: () => newIdempotencyKey() }), rainSent: refreshBalance },
  });
}

export function provideOpenAccountMachine(call: ApiCall = apiCall) {
  const sealer = createSealer(call);
  return openAccountMachine.provide({
    actors: {
      openAccount: fromPromise(async ({ input }: { input: OpenAccountPayload }) => sealer.call(openAccountEndpoint, input)),
      loadAffiliate: fromPromise(async () => {
        const affiliate = await call(affiliateEndpoint);
        return { ...affiliate, link: new URL(affiliateLinkPath(affiliate.code), window.location.origin).href };
      }),
      copyText: fromPromise(async ({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)),
    },
  });
}

/** The team's record lists: each endpoint with the filter's account, its `types` as the list's own choice, and the dates. */
const teamLists = {
  members: { endpoint: teamMembersEndpoint, typesAs: 'scope' },
  bets: { endpoint: teamBetsEndpoint, typesAs: 'vendorCode' },
  transactions: { endpoint: teamTransactionsEndpoint, typesAs: 'types' },
  pnlMembers: { endpoint: teamPnlMembersEndpoint, typesAs: null },
  pnlDays: { endpoint: teamPnlDaysEndpoint, typesAs: null },
} as const;
export type TeamList = keyof typeof teamLists;

export function provideTeamRecords(list: TeamList, call: ApiCall = apiCall) {
  const { endpoint, typesAs } = teamLists[list];
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => {
        const { filter } = input;
        const query: Record<string, string | number> = { pageNo: input.pageNo, pageSize: recordPageSize };
        if (filter.startDate) query.startDate = filter.startDate;
        if (filter.endDate) query.endDate = filter.endDate;
        if (filter.account) query.account = filter.account;
        if (typesAs && filter.types && filter.types !== 'A') query[typesAs] = filter.types;
        const page: Omit<RecordPage, 'summary'> & { summary?: unknown } = await call(endpoint as typeof teamBetsEndpoint, { query: query as never });
        return { ...page, summary: page.summary ?? null };
      }),
    },
  });
}

/** Rebate settings (GAMSER): the own rates and the direct members' by account prefix, paged; a member's rates set. */
export function provideRebateSettingsMachine(call: ApiCall = apiCall) {
  return rebateSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(async ({ input }: { input: RebateSettingsRequest }) =>
        call(rebateSettingsEndpoint, { query: { pageNo: input.pageNo, pageSize: recordPageSize, ...(input.account ? { account: input.account } : {}) } }),
      ),
      saveRates: fromPromise(async ({ input }: { input: RebateUpdate }) => call(updateRebateEndpoint, { body: input })),
    },
  });
}

/** Team rebate income (AGEREBINC3): the record list of the agent's rebates per day, with its totals, by date range. */
export function provideRebateIncomeRecords(call: ApiCall = apiCall) {
  return recordsMachine.provide({
    actors: {
      loadRecords: fromPromise(async ({ input }: { input: RecordsRequest }): Promise<RecordPage> => {
        const { filter } = input;
        return call(rebateIncomeEndpoint, {
          query: {
            pageNo: input.pageNo,
            pageSize: recordPageSize,
            ...(filter.startDate ? { startDate: filter.startDate } : {}),
            ...(filter.endDate ? { endDate: filter.endDate } : {}),
          },
        });
      }),
    },
  });
}
