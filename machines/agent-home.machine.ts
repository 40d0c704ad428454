import { assign, fromPromise, setup } from 'xstate';
import type { AgentMenu, TeamKpi } from '../contract/agent.ts';
import { errorCodeOf } from './money-types.ts';
import { noticesMachine } from './notices.machine.ts';

/** The agency centre's greeting (spec section 2), by the local hour. */
export type Greeting = 'morning' | 'earlyAfternoon' | 'lateAfternoon' | 'evening';

/** Spec section 2: 0–10 good morning; above 10 to 14 early afternoon; above 14 to 18 late afternoon; above 18 evening. */
export function greetingOf(hour: number): Greeting {
  if (hour <= 10) return 'morning';
  if (hour <= 14) return 'earlyAfternoon';
  if (hour <= 18) return 'lateAfternoon';
  return 'evening';
}

export interface AgentHomeInput {
  /** The device's local hour (0–23) when the screen opened. */
  hour: number;
}

export interface AgentHomeContext {
  greeting: Greeting;
  kpi: TeamKpi | null;
  menu: AgentMenu | null;
  statsError: string | null;
  menuError: string | null;
}

export type AgentHomeEvent = { type: 'stats.retry' } | { type: 'menu.retry' };

/** The id of the notice region's child: the agents' notices (the notices machine). */
export const agentHomeNoticesId = 'notices';

/**
 * The agency centre's home (/m/agent; spec sections 2 and 7), three regions
 * that load on their own so one failure leaves the others on screen, each
 * with "Loading failed, click to retry":
 * - `stats`: today's team totals (`loadKpi`: logins, bettors, registrations,
 *   online now), read again every `statsRefresh` while the screen is open;
 * - `menu`: the permission keys the merchant grants (`loadMenu`), which decide
 *   the menu's entries, and whether the footer shows the dividend;
 * - `notice`: the agents' notices, a child running the notices machine
 *   (`agentHomeNoticesId`), the same as the agents' notice screen: the card's
 *   header toggles the latest between the plain-text preview and the full
 *   HTML (`item.toggle`); opening an unread one reports it read, and the
 *   footer's badge counts one less once the server has it.
 * The greeting is the local hour's (`greetingOf`). Only agents reach the
 * screen: the route's guard sends anyone else home.
 */
export const agentHomeMachine = setup({
  types: {
    context: {} as AgentHomeContext,
    events: {} as AgentHomeEvent,
    input: {} as AgentHomeInput,
  },
  actors: {
    loadKpi: fromPromise<TeamKpi>(async () => {
      throw new Error('loadKpi is provided by the app');
    }),
    loadMenu: fromPromise<AgentMenu>(async () => {
      throw new Error('loadMenu is provided by the app');
    }),
    /** The agents' notices: the notices screen's machine, given the agents' list by the app (provideNoticesMachine('agent')). */
    notices: noticesMachine,
  },
  delays: {
    /** The team's totals (online now above all) are read again each minute while the screen is open. */
    statsRefresh: 60_000,
  },
}).createMachine({
  id: 'agentHome',
  context: ({ input }) => ({
    greeting: greetingOf(input.hour),
    kpi: null,
    menu: null,
    statsError: null,
    menuError: null,
  }),
  type: 'parallel',
  states: {
    stats: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadKpi',
            src: 'loadKpi',
            onDone: { target: 'ready', actions: assign({ kpi: ({ event }) => event.output, statsError: null }) },
            onError: { target: 'failed', actions: assign({ statsError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        ready: { after: { statsRefresh: { target: 'loading' } } },
        failed: { on: { 'stats.retry': { target: 'loading' } } },
      },
    },
    menu: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadMenu',
            src: 'loadMenu',
            onDone: { target: 'ready', actions: assign({ menu: ({ event }) => event.output, menuError: null }) },
            onError: { target: 'failed', actions: assign({ menuError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { 'menu.retry': { target: 'loading' } } },
      },
    },
    notice: {
      invoke: { id: agentHomeNoticesId, src: 'notices', input: { role: 'agent', index: null } },
    },
  },
});
