import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './identity-types.ts';
import type { Role } from './session.ts';

/** One announcement as the notice screens show it (contract/content.ts's announcement). */
export interface NoticeItem {
  announcementId: number;
  title: string;
  /** HTML, rendered only through the sanitising component. */
  content: string;
  startDate: string;
  read: boolean;
}

export interface NoticeList {
  list: NoticeItem[];
  /** How many are unread (the agent notices' footer; counted from the list for the player notices). */
  unreadCount: number;
}

/** Spec sections 7 and 9: marking read is throttled to one call per 150 ms. */
export const markReadThrottleMs = 150;

/** Spec section 4: a notice counts as read with no session, for a trial account (type 4), or when flagged read. */
export const isNoticeRead = (role: Role, item: NoticeItem) => role === 'guest' || role === 'trial' || item.read;

export interface NoticesInput {
  role: Role;
  /** `?index=`: the item to open once the list is there (out of range: none). */
  index: number | null;
}

export interface NoticesContext {
  role: Role;
  index: number | null;
  items: NoticeItem[];
  unreadCount: number;
  /** The item shown open (the detail on /m/notice, the expanded card on the agent notices). */
  openId: number | null;
  /** Opened unread items still to report read, oldest first. */
  toMark: number[];
  errorCode: string | null;
}

export type NoticesEvent =
  | { type: 'item.open'; announcementId: number }
  /** The agent notice card: the header opens a collapsed card and collapses an open one. */
  | { type: 'item.toggle'; announcementId: number }
  | { type: 'item.close' }
  | { type: 'notices.retry' }
  | { type: 'notices.reload' };

type OpenEvent = Extract<NoticesEvent, { type: 'item.open' | 'item.toggle' }>;

const itemOf = (context: NoticesContext, id: number) => context.items.find((i) => i.announcementId === id);

/**
 * A list of announcements with read state: the notice screen (/m/notice: B,
 * PL, PU) and the agent notices (/m/member/notice?types=A, with the footer's
 * unread count). `loadNotices` loads the list; `?index=` opens that item when
 * it is there. Opening an unread item (`item.open`, or `item.toggle` on a
 * collapsed card) reports it read at once (`markRead`; then the
 * `markReadThrottle` of 150 ms before the next report, one at a time, in
 * order, so leaving the notice at once still reports it) only for a signed-in member or agent
 * (`canMarkRead`: not a guest, not a trial account). When the server has it,
 * the item shows read, the list's unread count drops, and the app's unread
 * counts (system id `unread`) are told, so every badge drops at once. A
 * failed report leaves the item unread.
 */
export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent,
    input: {} as NoticesInput,
  },
  actors: {
    loadNotices: fromPromise<NoticeList, void>(async () => ({ list: [], unreadCount: 0 })),
    markRead: fromPromise<unknown, { announcementId: number }>(async () => null),
  },
  delays: {
    markReadThrottle: markReadThrottleMs,
  },
  guards: {
    shouldMark: ({ context, event }) => {
      const id = (event as OpenEvent).announcementId;
      const item = itemOf(context, id);
      return !!item && !isNoticeRead(context.role, item) && !context.toMark.includes(id);
    },
    isOpen: ({ context, event }) => context.openId === (event as OpenEvent).announcementId,
    isKnown: ({ context, event }) => itemOf(context, (event as OpenEvent).announcementId) !== undefined,
    hasToMark: ({ context }) => context.toMark.length > 0,
  },
  actions: {
    open: assign({ openId: ({ event }) => (event as OpenEvent).announcementId }),
    queueMark: assign({ toMark: ({ context, event }) => [...context.toMark, (event as OpenEvent).announcementId] }),
    /** Tells the app's unread counts that an announcement was read (nothing when none runs). */
    reportRead: ({ system }) => {
      system.get('unread')?.send({ type: 'unread.read', kind: 'announcement' });
    },
  },
}).createMachine({
  id: 'notices',
  context: ({ input }) => ({ role: input.role, index: input.index, items: [], unreadCount: 0, openId: null, toMark: [], errorCode: null }),
  initial: 'loading',
  on: {
    'notices.reload': { target: '.loading', actions: assign({ errorCode: null, openId: null, toMark: [] }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadNotices',
        src: 'loadNotices',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const opened = context.index === null ? undefined : event.output.list[context.index];
            const mark = opened && !isNoticeRead(context.role, opened) ? [opened.announcementId] : [];
            return { items: event.output.list, unreadCount: event.output.unreadCount, openId: opened?.announcementId ?? null, toMark: mark };
          }),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'notices.retry': { target: 'loading', actions: assign({ errorCode: null }) } },
    },
    ready: {
      initial: 'idle',
      on: {
        'item.open': [
          { guard: 'shouldMark', actions: ['open', 'queueMark'] },
          { guard: 'isKnown', actions: 'open' },
        ],
        'item.toggle': [
          { guard: 'isOpen', actions: assign({ openId: null }) },
          { guard: 'shouldMark', actions: ['open', 'queueMark'] },
          { guard: 'isKnown', actions: 'open' },
        ],
        'item.close': { actions: assign({ openId: null }) },
      },
      states: {
        idle: {
          always: { guard: 'hasToMark', target: 'marking' },
        },
        /** The mark-read throttle: after a report, the next waits 150 ms (one report per 150 ms at most). */
        spacing: {
          after: { markReadThrottle: 'idle' },
        },
        marking: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ announcementId: context.toMark[0] ?? 0 }),
            onDone: {
              target: 'spacing',
              actions: [
                assign(({ context }) => {
                  const id = context.toMark[0];
                  const wasUnread = context.items.some((i) => i.announcementId === id && !i.read);
                  return {
                    items: context.items.map((i) => (i.announcementId === id ? { ...i, read: true } : i)),
                    unreadCount: wasUnread ? Math.max(0, context.unreadCount - 1) : context.unreadCount,
                    toMark: context.toMark.slice(1),
                  };
                }),
                'reportRead',
              ],
            },
            onError: { target: 'spacing', actions: assign({ toMark: ({ context }) => context.toMark.slice(1) }) },
          },
        },
      },
    },
  },
});
