import { assign, fromPromise, setup } from 'xstate';
import type { Role } from './session.ts';

/** The unread counts the site shows (spec section 3): announcements, inbox messages, live chat. */
export type UnreadKind = 'announcement' | 'inbox' | 'chat';
/** The counts a machine may report changed (chat has no backend yet: its slot stays 0). */
export type FetchedKind = 'announcement' | 'inbox';
export const fetchedKinds: readonly FetchedKind[] = ['announcement', 'inbox'];

export type UnreadCounts = Record<UnreadKind, number>;

/** Spec sections 7 and 9: unread counts are fetched at most once per 250 ms. */
export const unreadThrottleMs = 250;

/** The badge text of a count (spec section 9: 99+ above 99); null: no badge. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export interface UnreadInput {
  role: Role;
}

export interface UnreadContext {
  role: Role;
  counts: UnreadCounts;
  /** The counts to fetch next. */
  due: FetchedKind[];
  /** The counts being fetched now. */
  fetching: FetchedKind[];
}

export type UnreadEvent =
  /** Who is signed in now (the app machine tells its session listeners). */
  | { type: 'session.change'; loggedIn: boolean; role?: Role }
  /** Another machine changed unread state of a kind (the inbox after reading a message, ...): fetch that count again. */
  | { type: 'unread.changed'; kind: FetchedKind }
  /** A notice was marked read: its count drops at once, then is fetched again. */
  | { type: 'unread.read'; kind: FetchedKind }
  /** The language changed: announcements are counted in the reader's language. */
  | { type: 'language.change' };

const zero: UnreadCounts = { announcement: 0, inbox: 0, chat: 0 };
const canCount = (role: Role) => role === 'member' || role === 'agent';
const withKind = (due: FetchedKind[], kind: FetchedKind): FetchedKind[] => (due.includes(kind) ? due : [...due, kind]);

/**
 * The site's one set of unread counts (system id `unread`, a long-lived child
 * of the app actor), read by every badge so they all change together.
 *
 * Counts are fetched only for a signed-in member or agent: guests and trial
 * accounts (type 4) have none (`canCount`). Fetches are throttled
 * (`unreadThrottle`, 250 ms): whatever asks within the window is fetched
 * together, once. A sign-in fetches every count; a sign-out or a trial
 * session drops them to 0; a language change fetches the announcement count;
 * `unread.changed` fetches the kind it names; `unread.read` takes one off at
 * once and then fetches it. A failed fetch keeps the counts shown.
 */
export const unreadMachine = setup({
  types: {
    context: {} as UnreadContext,
    events: {} as UnreadEvent,
    input: {} as UnreadInput,
  },
  actors: {
    /** The counts of the given kinds (announcement: GET /wps/content/announcements/unread, inbox: GET /wps/member/messages/unread). */
    loadCounts: fromPromise<Partial<Record<FetchedKind, number>>, { kinds: FetchedKind[] }>(async () => ({})),
  },
  delays: {
    unreadThrottle: unreadThrottleMs,
  },
  guards: {
    canCount: ({ context }) => canCount(context.role),
    isCountingSession: ({ event }) => event.type === 'session.change' && event.loggedIn && canCount(event.role ?? 'member'),
    hasDue: ({ context }) => context.due.length > 0,
  },
  actions: {
    markDue: assign({
      due: ({ context, event }) => {
        if (event.type === 'unread.changed' || event.type === 'unread.read') return withKind(context.due, event.kind);
        if (event.type === 'language.change') return withKind(context.due, 'announcement');
        return [...fetchedKinds];
      },
    }),
    dropOne: assign({
      counts: ({ context, event }) =>
        event.type === 'unread.read' ? { ...context.counts, [event.kind]: Math.max(0, context.counts[event.kind] - 1) } : context.counts,
    }),
  },
}).createMachine({
  id: 'unread',
  context: ({ input }) => ({ role: input.role, counts: zero, due: [...fetchedKinds], fetching: [] }),
  initial: 'deciding',
  on: {
    'session.change': [
      {
        guard: 'isCountingSession',
        target: '.counting',
        reenter: true,
        actions: assign({ role: ({ event }) => event.role ?? 'member', counts: zero, due: [...fetchedKinds], fetching: [] }),
      },
      {
        target: '.off',
        actions: assign({ role: ({ event }) => (event.loggedIn ? (event.role ?? 'member') : 'guest'), counts: zero, due: [], fetching: [] }),
      },
    ],
  },
  states: {
    deciding: {
      always: [{ guard: 'canCount', target: 'counting' }, { target: 'off' }],
    },
    /** A guest or a trial account: no counts, nothing fetched. */
    off: {},
    counting: {
      initial: 'waiting',
      on: {
        'unread.changed': { actions: 'markDue' },
        'language.change': { actions: 'markDue' },
        'unread.read': { actions: ['dropOne', 'markDue'] },
      },
      states: {
        /** The throttle window: what is asked meanwhile is fetched with it. */
        waiting: {
          after: { unreadThrottle: 'fetching' },
        },
        fetching: {
          entry: assign(({ context }) => ({ fetching: context.due, due: [] })),
          invoke: {
            id: 'loadCounts',
            src: 'loadCounts',
            input: ({ context }) => ({ kinds: context.fetching }),
            onDone: {
              target: 'settled',
              actions: assign(({ context, event }) => ({ counts: { ...context.counts, ...event.output }, fetching: [] })),
            },
            onError: { target: 'settled', actions: assign({ fetching: [] }) },
          },
        },
        settled: {
          always: { guard: 'hasDue', target: 'waiting' },
          on: {
            'unread.changed': { target: 'waiting', actions: 'markDue' },
            'language.change': { target: 'waiting', actions: 'markDue' },
            'unread.read': { target: 'waiting', actions: ['dropOne', 'markDue'] },
          },
        },
      },
    },
  },
});
