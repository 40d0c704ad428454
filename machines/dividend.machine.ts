import { assign, fromPromise, setup } from 'xstate';
import type { DividendSummary } from '../contract/agent-contracts.ts';
import { errorCodeOf } from './money-types.ts';
import { recordsMachine } from './records.machine.ts';

export interface DividendContext {
  summary: DividendSummary | null;
  errorCode: string | null;
}

export type DividendEvent = { type: 'dividend.retry' };

/** The payout list's child (the records machine, paged). */
export const dividendPayoutsId = 'payouts';

/**
 * The agent's dividend (/m/member/agent/agentDivident; spec section 7): this
 * month's team net loss, the agent's dividend contract with its tiers and
 * what the month would pay now, and the dividends received and paid so far
 * (`loadSummary`); below, the dividend payouts, a child running the records
 * machine (`dividendPayoutsId`), paged with "load more". Each region loads
 * and fails on its own.
 */
export const dividendMachine = setup({
  types: {
    context: {} as DividendContext,
    events: {} as DividendEvent,
  },
  actors: {
    loadSummary: fromPromise<DividendSummary>(async () => {
      throw new Error('loadSummary is provided by the app');
    }),
    /** The dividend payouts: the records machine, given the payouts endpoint by the app (its filter's `types` is the kind). */
    payouts: recordsMachine,
  },
}).createMachine({
  id: 'dividend',
  context: { summary: null, errorCode: null },
  invoke: {
    id: dividendPayoutsId,
    src: 'payouts',
    input: { filter: { types: 'dividend', startDate: null, endDate: null } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { 'dividend.retry': { target: 'loading', actions: assign({ errorCode: null }) } } },
  },
});
