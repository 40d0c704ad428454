import { assign, fromPromise, setup } from 'xstate';
import type { Role } from './session.ts';

/** The unread counts the site shows (spec section 3): announcements, inbox messages, live chat. */
export type UnreadKind = 'announcement' | 'inbox' | 'chat';
/** The counts fetched, and that a machine may report changed. */
export type FetchedKind = UnreadKind;
export const fetchedKinds: readonly FetchedKind[] = ['announcement', 'inbox', 'chat'];

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
  /** The merchant's live chat switch (CBS3), when known at start. */
  chatEnabled?: boolean;
}

export interface UnreadContext {
  role: Role;
  /** The live chat switch (CBS3): the chat's count is fetched only while it is on (spec section 6). */
  chatEnabled: boolean;
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
  | { type: 'language.change' }
  /** The merchant's live chat switch (CBS3), read from its settings. */
  | { type: 'chat.switch'; enabled: boolean };

const zero: UnreadCounts = { announcement: 0, inbox: 0, chat: 0 };
const canCount = (role: Role) => role === 'member' || role === 'agent';
/** The kinds counted: the chat's only with the switch on. */
const countedKinds = (chatEnabled: boolean): FetchedKind[] => fetchedKinds.filter((kind) => kind !== 'chat' || chatEnabled);
const withKind = (due: FetchedKind[], kind: FetchedKind, chatEnabled: boolean): FetchedKind[] =>
  due.includes(kind) || !countedKinds(chatEnabled).includes(kind) ? due : [...due, kind];

/**
 * The site's one set of unread counts (system id `unread`, a long-lived child
 * of the app actor), read by every badge so they all change together.
 *
 * Counts are fetched only for a signed-in member or agent: guests and trial
 * accounts (type 4) have none (`canCount`); the live chat's only while the
 * merchant's CBS3 switch is on (`chat.switch`; off: its count is 0 and not
 * fetched, spec section 6). Fetches are throttled
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
    /** The counts of the given kinds (announcement: GET /wps/content/announcements/unread, inbox: GET /wps/member/messages/unread, chat: GET /wps/cbs/unread). */
    loadCounts: fromPromise<Partial<Record<FetchedKind, number>>, { kinds: FetchedKind[] }>(async () => ({})),
  },
  delays: {
    unreadThrottle: unreadThrottleMs,
  },
  guards: {
    canCount: ({ context }) => canCount(context.role),
    isCountingSession: ({ event }) => event.type === 'session.change' && event.loggedIn && canCount(event.role ?? 'member'),
    hasDue: ({ context }) => context.due.length > 0,
    /** The switch turns on: the chat's count is fetched. */
    isChatSwitchedOn: ({ context, event }) => event.type === 'chat.switch' && event.enabled && !context.chatEnabled,
  },
  actions: {
    markDue: assign({
      due: ({ context, event }) => {
        if (event.type === 'unread.changed' || event.type === 'unread.read') return withKind(context.due, event.kind, context.chatEnabled);
        if (event.type === 'language.change') return withKind(context.due, 'announcement', context.chatEnabled);
        if (event.type === 'chat.switch') return withKind(context.due, 'chat', context.chatEnabled);
        return countedKinds(context.chatEnabled);
      },
    }),
    /** Keeps the switch; off drops the chat's count (and any fetch of it still due). */
    setChatSwitch: assign(({ context, event }) => {
      if (event.type !== 'chat.switch') return {};
      return event.enabled
        ? { chatEnabled: true }
        : { chatEnabled: false, counts: { ...context.counts, chat: 0 }, due: context.due.filter((kind) => kind !== 'chat') };
    }),
    dropOne: assign({
      counts: ({ context, event }) =>
        event.type === 'unread.read' ? { ...context.counts, [event.kind]: Math.max(0, context.counts[event.kind] - 1) } : context.counts,
    }),
  },
}).createMachine({
  id: 'unread',
  context: ({ input }) => {
    const chatEnabled = input.chatEnabled === true;
    return { role: input.role, chatEnabled, counts: zero, due: countedKinds(chatEnabled), fetching: [] };
  },
  initial: 'deciding',
  on: {
    'chat.switch': { actions: 'setChatSwitch' },
    'session.change': [
      {
        guard: 'isCountingSession',
        target: '.counting',
        reenter: true,
        actions: assign({ role: ({ event }) => event.role ?? 'member', counts: zero, due: ({ context }) => countedKinds(context.chatEnabled), fetching: [] }),
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
        'chat.switch': [{ guard: 'isChatSwitchedOn', actions: ['setChatSwitch', 'markDue'] }, { actions: 'setChatSwitch' }],
      },
      states: {
        /** The throttle window: what is asked meanwhile is fetched with it. */
        waiting: {
          // Nothing left to fetch when the chat's switch went off meanwhile.
          after: { unreadThrottle: [{ guard: 'hasDue', target: 'fetching' }, { target: 'settled' }] },
        },
        fetching: {
          entry: assign(({ context }) => ({ fetching: context.due, due: [] })),
          invoke: {
            id: 'loadCounts',
            src: 'loadCounts',
            input: ({ context }) => ({ kinds: context.fetching }),
            onDone: {
              target: 'settled',
              actions: assign(({ context, event }) => ({
                counts: { ...context.counts, ...event.output, ...(context.chatEnabled ? {} : { chat: 0 }) },
                fetching: [],
              })),
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
            'chat.switch': [{ guard: 'isChatSwitchedOn', target: 'waiting', actions: ['setChatSwitch', 'markDue'] }, { actions: 'setChatSwitch' }],
          },
        },
      },
    },
  },
});
