import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, moneyMessages } from './money-types.ts';

/** Which records: the type filter (`A` all, or codes such as `D`), and an inclusive date range (`YYYY-MM-DD`, UTC). */
export interface RecordFilter {
  types: string;
  startDate: string | null;
  endDate: string | null;
  /** An agent's team lists: the start of a member's account ('' or absent: everyone). */
  account?: string;
}

export interface RecordPage {
  /** The rows of the page (transaction or bet records; the app knows their shape). */
  list: unknown[];
  pageNum: number;
  totalPages: number;
  total: number;
  /** Totals over the whole filter, when the list has them (bet record). */
  summary: unknown;
}

export interface RecordsRequest {
  filter: RecordFilter;
  pageNo: number;
}

export interface RecordsInput {
  filter: RecordFilter;
}

export interface RecordsContext {
  filter: RecordFilter;
  items: unknown[];
  pageNum: number;
  totalPages: number;
  total: number;
  summary: unknown;
  errorCode: string | null;
}

export type RecordsEvent =
  | { type: 'records.filter'; filter: Partial<RecordFilter> }
  | { type: 'records.more' }
  | { type: 'records.retry' }
  | { type: 'records.refresh' };

type FilterEvent = Extract<RecordsEvent, { type: 'records.filter' }>;

const merged = (context: RecordsContext, event: FilterEvent): RecordFilter => ({ ...context.filter, ...event.filter });

/**
 * A paged record list with filters: the transaction record
 * (/m/transaction/record?types=A: every ledger movement, by type and date
 * range) and the bet record (/m/gameRecord: every bet with stake, win, game
 * and time). `loadRecords` loads page 1 for the filter; scrolling to the end
 * (`records.more`) appends the next page while there is one; a failed next
 * page keeps the rows and retries on the next `records.more`. Changing the
 * filter (`records.filter`; a range whose start is after its end is refused)
 * or `records.refresh` starts again from page 1.
 */
export const recordsMachine = setup({
  types: {
    context: {} as RecordsContext,
    events: {} as RecordsEvent,
    input: {} as RecordsInput,
  },
  actors: {
    loadRecords: fromPromise<RecordPage, RecordsRequest>(async () => {
      throw new Error('loadRecords is provided by the app');
    }),
  },
  guards: {
    isDateRangeInvalid: ({ context, event }) => {
      const { startDate, endDate } = merged(context, event as FilterEvent);
      return startDate !== null && endDate !== null && startDate > endDate;
    },
    hasMore: ({ context }) => context.pageNum < context.totalPages,
  },
}).createMachine({
  id: 'records',
  context: ({ input }) => ({ filter: input.filter, items: [], pageNum: 0, totalPages: 0, total: 0, summary: null, errorCode: null }),
  initial: 'loading',
  on: {
    'records.filter': [
      { guard: 'isDateRangeInvalid', actions: assign({ errorCode: moneyMessages.dateRange }) },
      { target: '.loading', actions: assign({ filter: ({ context, event }) => merged(context, event), errorCode: null }) },
    ],
    'records.refresh': { target: '.loading', actions: assign({ errorCode: null }) },
  },
  states: {
    loading: {
      entry: assign({ items: [], pageNum: 0, totalPages: 0, total: 0, summary: null }),
      invoke: {
        id: 'loadRecords',
        src: 'loadRecords',
        input: ({ context }) => ({ filter: context.filter, pageNo: 1 }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            items: event.output.list,
            pageNum: event.output.pageNum,
            totalPages: event.output.totalPages,
            total: event.output.total,
            summary: event.output.summary,
          })),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'records.retry': { target: 'loading', actions: assign({ errorCode: null }) } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'records.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          invoke: {
            id: 'loadMoreRecords',
            src: 'loadRecords',
            input: ({ context }) => ({ filter: context.filter, pageNo: context.pageNum + 1 }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                items: [...context.items, ...event.output.list],
                pageNum: event.output.pageNum,
                totalPages: event.output.totalPages,
                total: event.output.total,
                summary: event.output.summary,
                errorCode: null,
              })),
            },
            onError: { target: 'moreFailed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        moreFailed: {
          on: { 'records.more': { target: 'loadingMore', actions: assign({ errorCode: null }) } },
        },
      },
    },
  },
});
