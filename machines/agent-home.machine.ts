import { assign, fromPromise, setup } from 'xstate';
import type { AgentMenu, TeamKpi } from '../contract/agent.ts';
import type { Announcement } from '../contract/content.ts';
import { errorCodeOf } from './money-types.ts';

/** The agency centre's greeting (spec section 2), by the local hour. */
export type Greeting = 'morning' | 'earlyAfternoon' | 'lateAfternoon' | 'evening';

/** Spec section 2: 0–10 good morning; above 10 to 14 early afternoon; above 14 to 18 late afternoon; above 18 evening. */
export function greetingOf(hour: number): Greeting {
  if (hour <= 10) return 'morning';
  if (hour <= 14) return 'earlyAfternoon';
  if (hour <= 18) return 'lateAfternoon';
  return 'evening';
}

export interface AgentNotices {
  list: Announcement[];
  unreadCount: number;
}

export interface AgentHomeInput {
  /** The device's local hour (0–23) when the screen opened. */
  hour: number;
}

export interface AgentHomeContext {
  greeting: Greeting;
  kpi: TeamKpi | null;
  menu: AgentMenu | null;
  notices: AgentNotices | null;
  /** The notice card shown open (its full HTML), if any. */
  expandedId: number | null;
  statsError: string | null;
  menuError: string | null;
  noticeError: string | null;
}

export type AgentHomeEvent =
  | { type: 'stats.retry' }
  | { type: 'menu.retry' }
  | { type: 'notice.retry' }
  | { type: 'notice.toggle'; id: number };

type ToggleEvent = Extract<AgentHomeEvent, { type: 'notice.toggle' }>;

const noticeOf = (context: AgentHomeContext, id: number) => context.notices?.list.find((n) => n.announcementId === id);

/**
 * The agency centre's home (/m/agent; spec sections 2 and 7), three regions
 * that load on their own so one failure leaves the others on screen, each
 * with "Loading failed, click to retry":
 * - `stats`: today's team totals (`loadKpi`: logins, bettors, registrations,
 *   online now), read again every `statsRefresh` while the screen is open;
 * - `menu`: the permission keys the merchant grants (`loadMenu`), which decide
 *   the menu's entries, and whether the footer shows the dividend;
 * - `notice`: the agents' notices (`loadNotices`) with their unread count. The
 *   card's header toggles it between the plain-text preview and the full
 *   HTML; opening an unread notice reports it read (`markRead`), and the
 *   badge counts one less once the server has it.
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
    loadNotices: fromPromise<AgentNotices>(async () => {
      throw new Error('loadNotices is provided by the app');
    }),
    /** Reports a notice read; answers the id it reported. */
    markRead: fromPromise<{ id: number }, { id: number }>(async () => {
      throw new Error('markRead is provided by the app');
    }),
  },
  guards: {
    isUnreadNotice: ({ context, event }) => {
      const { id } = event as ToggleEvent;
      return context.expandedId !== id && noticeOf(context, id)?.read === false;
    },
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
    notices: null,
    expandedId: null,
    statsError: null,
    menuError: null,
    noticeError: null,
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
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadNotices',
            src: 'loadNotices',
            onDone: { target: 'ready', actions: assign({ notices: ({ event }) => event.output, noticeError: null }) },
            onError: { target: 'failed', actions: assign({ noticeError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        failed: { on: { 'notice.retry': { target: 'loading' } } },
        ready: {
          initial: 'idle',
          states: {
            idle: {},
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ id: context.expandedId! }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    notices: ({ context, event }) => {
                      const notices = context.notices!;
                      const { id } = event.output;
                      if (noticeOf(context, id)?.read !== false) return notices;
                      const list = notices.list.map((n) => (n.announcementId === id ? { ...n, read: true } : n));
                      return { list, unreadCount: Math.max(0, notices.unreadCount - 1) };
                    },
                  }),
                },
                // Not reported: it stays unread and is reported again when opened next time.
                onError: { target: 'idle' },
              },
            },
          },
          on: {
            'notice.toggle': [
              { guard: 'isUnreadNotice', target: '.marking', actions: assign({ expandedId: ({ event }) => event.id }) },
              { actions: assign({ expandedId: ({ context, event }) => (context.expandedId === event.id ? null : event.id) }) },
            ],
          },
        },
      },
    },
  },
});
