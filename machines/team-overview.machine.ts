import { assign, fromPromise, setup } from 'xstate';
import type { TeamKpi } from '../contract/agent.ts';
import { errorCodeOf, moneyMessages } from './money-types.ts';

/** The date presets of the data screens (DESIGN: today, yesterday, last 7 days, this month), and a custom range. */
export const datePresets = ['today', 'yesterday', 'last7', 'month'] as const;
export type DatePreset = (typeof datePresets)[number];

export interface DateRange {
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
}

const dayMs = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range of a preset, from today's UTC day (`YYYY-MM-DD`). */
export function rangeOf(preset: DatePreset, today: string): DateRange {
  const t = Date.parse(`${today}T00:00:00Z`);
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday':
      return { startDate: dayOf(t - dayMs), endDate: dayOf(t - dayMs) };
    case 'last7':
      return { startDate: dayOf(t - 6 * dayMs), endDate: today };
    case 'month':
      return { startDate: `${today.slice(0, 8)}01`, endDate: today };
  }
}

export interface TeamOverviewInput {
  /** Today's UTC day when the screen opened. */
  today: string;
}

export interface TeamOverviewContext extends TeamOverviewInput {
  /** The chosen preset; null for a custom range. */
  preset: DatePreset | null;
  range: DateRange;
  kpi: TeamKpi | null;
  errorCode: string | null;
}

export type TeamOverviewEvent =
  | { type: 'range.preset'; preset: DatePreset }
  | { type: 'range.custom'; range: DateRange }
  | { type: 'overview.retry' };

type CustomEvent = Extract<TeamOverviewEvent, { type: 'range.custom' }>;

/**
 * Team overview (/m/agent/team/overview; AGEPAG): the team's totals over a
 * date range, today at first. A preset or a custom range loads them again
 * (`loadKpi`); a range that ends before it starts is refused with its
 * message and loads nothing; the figures of the previous range stay until
 * the new ones come, marked as loading.
 */
export const teamOverviewMachine = setup({
  types: {
    context: {} as TeamOverviewContext,
    events: {} as TeamOverviewEvent,
    input: {} as TeamOverviewInput,
  },
  actors: {
    loadKpi: fromPromise<TeamKpi, DateRange>(async () => {
      throw new Error('loadKpi is provided by the app');
    }),
  },
  guards: {
    isRangeInvalid: ({ event }) => {
      const { startDate, endDate } = (event as CustomEvent).range;
      return !startDate || !endDate || startDate > endDate;
    },
  },
}).createMachine({
  id: 'teamOverview',
  context: ({ input }) => ({ ...input, preset: 'today', range: rangeOf('today', input.today), kpi: null, errorCode: null }),
  initial: 'loading',
  on: {
    'range.preset': {
      target: '.loading',
      actions: assign({ preset: ({ event }) => event.preset, range: ({ context, event }) => rangeOf(event.preset, context.today), errorCode: null }),
    },
    'range.custom': [
      { guard: 'isRangeInvalid', actions: assign({ errorCode: moneyMessages.dateRange }) },
      { target: '.loading', actions: assign({ preset: null, range: ({ event }) => event.range, errorCode: null }) },
    ],
  },
  states: {
    loading: {
      invoke: {
        id: 'loadKpi',
        src: 'loadKpi',
        input: ({ context }) => context.range,
        onDone: { target: 'ready', actions: assign({ kpi: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { 'overview.retry': { target: 'loading', actions: assign({ errorCode: null }) } } },
  },
});
