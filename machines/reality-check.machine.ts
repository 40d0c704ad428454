import { assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import type { Reality } from '../contract/responsible-gaming.ts';

/** What the reality check reads: the member's interval (protectionEndpoint) and the session's reality, with the client's clock when it was read. */
export interface RealityReading {
  /** Minutes between reminders; 0: off. */
  realityCheckMinutes: number;
  reality: Reality;
  /** The client's time of the reading (ms since the epoch): the delays count from it. */
  readAt: number;
}

/** A session's reality, read again for a reminder. */
export interface RealityUpdate {
  reality: Reality;
  readAt: number;
}

export interface RealityCheckInput {
  /** The session it watches (its token): one run per session. */
  session: string;
}

export interface RealityCheckContext extends RealityCheckInput {
  realityCheckMinutes: number;
  reality: Reality | null;
  readAt: number;
}

export type RealityCheckEvent =
  /** The member changed its session limit or reality check (the responsible gaming page). */
  | { type: 'settings.changed' }
  | { type: 'reality.continue' }
  | { type: 'reality.logout' };

const minuteMs = 60_000;
/** A timer never set further than this (setTimeout's limit; longer would fire at once). */
export const longestDelayMs = 2 ** 31 - 1;
/** A reminder is not shown again within a minute of the last (the server's and the client's clocks differ a little). */
const closestReminderMs = minuteMs;

/** Milliseconds from the reading until the next whole interval counted from the session's start (off: never). */
export function nextReminderMs({ realityCheckMinutes, reality, readAt }: RealityCheckContext): number {
  if (realityCheckMinutes <= 0 || !reality) return longestDelayMs;
  const every = realityCheckMinutes * minuteMs;
  const since = Date.parse(reality.since);
  const played = Math.max(0, readAt - since);
  const next = every - (played % every);
  return next < closestReminderMs ? next + every : next;
}

/** Milliseconds from the reading until the session limit ends the session (none: never). */
export function sessionLeftMs({ reality, readAt }: RealityCheckContext): number {
  if (!reality?.endsAt) return longestDelayMs;
  return Math.min(longestDelayMs, Math.max(0, Date.parse(reality.endsAt) - readAt));
}

/** Whole minutes played from the session's start to the reading. */
export const playedMinutes = (reality: Reality, readAt: number) => Math.max(0, Math.floor((readAt - Date.parse(reality.since)) / minuteMs));

/**
 * The reality check and session limit (docs/responsible-gaming.md), running
 * while a member (not a trial account) is signed in, one run per session.
 * `loadSettings` reads the member's reality check interval and the session's
 * reality (its start `since`, its stake and win, and `endsAt` when a session
 * limit ends it). Every `realityCheckMinutes` counted from `since`
 * (`realityInterval`; off when 0) it reads the reality again
 * (`loadReality`) and reminds the member of the time played and the
 * session's net result (win − stake): "continue" goes back to waiting, "log
 * out" logs out (`logOut`, then `endSession`). When the session limit is
 * reached (`sessionLimit`, at `endsAt`) it says so, and its only way on is
 * to log out. `settings.changed` (the page saved new settings) reads them
 * again and starts over. A failed reading is tried again after `retryRead`.
 */
export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    input: {} as RealityCheckInput,
  },
  actors: {
    loadSettings: fromPromise<RealityReading>(async () => {
      throw new Error('loadSettings is provided by the app');
    }),
    loadReality: fromPromise<RealityUpdate>(async () => {
      throw new Error('loadReality is provided by the app');
    }),
    logOut: fromPromise<void>(async () => {
      throw new Error('logOut is provided by the app');
    }),
  },
  actions: {
    /** Ends the session on this device (the app machine's `session.logout`). */
    endSession: () => {},
    /** Goes to a page of the site (the app machine's `navigate`). */
    goTo: (_, _params: Navigation) => {},
  },
  guards: {
    hasRealityCheck: ({ context }) => context.realityCheckMinutes > 0 && context.reality !== null,
    hasSessionLimit: ({ context }) => context.reality?.endsAt != null,
  },
  delays: {
    /** Until the next reminder: every `realityCheckMinutes` from the session's start. */
    realityInterval: ({ context }) => nextReminderMs(context),
    /** Until the session limit ends the session (`endsAt`). */
    sessionLimit: ({ context }) => sessionLeftMs(context),
    /** A failed reading is tried again after a minute. */
    retryRead: minuteMs,
  },
}).createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({ ...input, realityCheckMinutes: 0, reality: null, readAt: 0 }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'running',
          actions: assign({
            realityCheckMinutes: ({ event }) => event.output.realityCheckMinutes,
            reality: ({ event }) => event.output.reality,
            readAt: ({ event }) => event.output.readAt,
          }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      after: { retryRead: { target: 'reading' } },
      on: { 'settings.changed': { target: 'reading' } },
    },
    running: {
      after: { sessionLimit: { guard: 'hasSessionLimit', target: 'ended' } },
      on: { 'settings.changed': { target: 'reading' } },
      initial: 'waiting',
      states: {
        waiting: {
          after: { realityInterval: { guard: 'hasRealityCheck', target: 'loading' } },
        },
        loading: {
          invoke: {
            id: 'loadReality',
            src: 'loadReality',
            onDone: { target: 'reminding', actions: assign({ reality: ({ event }) => event.output.reality, readAt: ({ event }) => event.output.readAt }) },
            // Reminded at the next interval instead.
            onError: { target: 'waiting' },
          },
        },
        reminding: {
          on: {
            'reality.continue': { target: 'waiting' },
            'reality.logout': { target: '#realityCheck.loggingOut' },
          },
        },
      },
    },
    ended: {
      on: { 'reality.logout': { target: 'loggingOut' } },
    },
    loggingOut: {
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: { target: 'done' },
        // The session may already be over on the server: it ends here all the same.
        onError: { target: 'done' },
      },
    },
    done: {
      type: 'final',
      entry: ['endSession', { type: 'goTo', params: { to: '/m/home', replace: true } }],
    },
  },
});
