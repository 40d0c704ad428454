import { assign, fromPromise, setup } from 'xstate';

/** The answer of GET /wps/system/status, as far as this machine needs it. */
export interface StatusAnswer {
  status: 0 | 1 | 2;
  info: string;
  ip: string;
}

export interface SystemStatusContext {
  /** The last known answer: from the local cache at start, then from the server. */
  answer: StatusAnswer | null;
  /** The errorCode of the last failed refresh, null after a success. */
  lastError: string | null;
}

export type SystemStatusEvent = { type: 'status.refresh' };

/**
 * System status (spec section 4): 0 normal, 1 maintenance, 2 region restricted.
 * The status region follows the last known answer; the connection region
 * fetches it at start, every `statusRefresh` and on `status.refresh`.
 * Until an answer is known the site is shown normally (`unknown`).
 */
export const systemStatusMachine = setup({
  types: {
    context: {} as SystemStatusContext,
    events: {} as SystemStatusEvent,
    input: {} as { cached: StatusAnswer | null },
  },
  actors: {
    fetchStatus: fromPromise<StatusAnswer>(async () => {
      throw new Error('fetchStatus is provided by the app');
    }),
  },
  actions: {
    /** Keeps the answer for the next visit (provided by the app). */
    persistStatus: (_, _params: { answer: StatusAnswer }) => {},
  },
  guards: {
    isNormal: ({ context }) => context.answer?.status === 0,
    isMaintenance: ({ context }) => context.answer?.status === 1,
    isRestricted: ({ context }) => context.answer?.status === 2,
  },
  delays: {
    statusRefresh: 30_000,
  },
}).createMachine({
  id: 'systemStatus',
  type: 'parallel',
  context: ({ input }) => ({ answer: input.cached, lastError: null }),
  states: {
    connection: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            onDone: {
              target: 'waiting',
              actions: [
                assign({ answer: ({ event }) => event.output, lastError: null }),
                { type: 'persistStatus', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
            onError: {
              target: 'waiting',
              actions: assign({
                lastError: ({ event }) =>
                  typeof event.error === 'object' && event.error && 'errorCode' in event.error
                    ? String(event.error.errorCode)
                    : 'client.network',
              }),
            },
          },
        },
        waiting: {
          after: { statusRefresh: 'fetching' },
          on: { 'status.refresh': 'fetching' },
        },
      },
    },
    status: {
      initial: 'unknown',
      states: {
        unknown: {
          always: [
            { guard: 'isMaintenance', target: 'maintenance' },
            { guard: 'isRestricted', target: 'restricted' },
            { guard: 'isNormal', target: 'normal' },
          ],
        },
        normal: {
          always: [
            { guard: 'isMaintenance', target: 'maintenance' },
            { guard: 'isRestricted', target: 'restricted' },
          ],
        },
        maintenance: {
          always: [
            { guard: 'isNormal', target: 'normal' },
            { guard: 'isRestricted', target: 'restricted' },
          ],
        },
        restricted: {
          always: [
            { guard: 'isNormal', target: 'normal' },
            { guard: 'isMaintenance', target: 'maintenance' },
          ],
        },
      },
    },
  },
});
