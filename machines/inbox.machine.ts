import { assign, fromPromise, setup } from 'xstate';
import { errorCodes } from '../contract/error-codes.ts';
import { type InboxMessage, type InboxPage, inboxPageSize } from '../contract/inbox.ts';
import { errorCodeOf } from './identity-types.ts';

export interface InboxInput {
  /** A trial account (type 4): the inbox is refused (spec section 6). */
  isTrial: boolean;
}

export interface InboxContext {
  isTrial: boolean;
  items: InboxMessage[];
  pageNum: number;
  totalPages: number;
  /** The message being opened or read. */
  openId: number | null;
  /** The opened message in full, as the server answered it. */
  current: InboxMessage | null;
  /** The message the delete dialog asks about. */
  deleteId: number | null;
  /** A refusal or failure to show (a message id: `free_reject`, `error.<code>` by code). */
  errorCode: string | null;
  /** What just happened, to announce (`inbox.screen.deleted`). */
  notice: string | null;
}

export type InboxEvent =
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'item.open'; id: number }
  | { type: 'item.close' }
  | { type: 'item.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export interface InboxPageRequest {
  pageNo: number;
}

export interface DeleteAnswer {
  id: number;
  wasUnread: boolean;
}

/** Message ids of the inbox machine's own notices. */
export const inboxMessages = {
  trialRefused: 'inbox.screen.trialRefused',
  deleted: 'inbox.screen.deleted',
} as const;

const trialRejectCode = errorCodes.freeReject;
const notFoundCode = errorCodes.inboxMessageNotFound;

/** The page holding the first message not in the list yet (messages deleted meanwhile moved the rest up; repeats are dropped). */
const nextPageNo = (context: InboxContext) => Math.floor(context.items.length / inboxPageSize) + 1;

const appendPage = (items: InboxMessage[], page: InboxPage) => {
  const known = new Set(items.map((m) => m.id));
  return [...items, ...page.list.filter((m) => !known.has(m.id))];
};

const without = (items: InboxMessage[], id: number | null) => items.filter((m) => m.id !== id);

type ErrorArgs = { event: { error: unknown } };
const isCode = (code: string) => ({ event }: ErrorArgs) => errorCodeOf(event.error) === code;

/**
 * The member's inbox (/m/webEmail). A trial account is refused at once
 * (`refused`, spec section 6), as is any account the server refuses with
 * free_reject. Otherwise `loadInboxPage` loads page 1; `list.more` appends
 * the next page while there is one (a failed next page keeps the list and
 * tries again on the next `list.more`). `item.open` reads a message in full
 * (`readMessage`, which marks it read on the server); `item.delete` asks for
 * confirmation, from the list or the open message, then `deleteMessage`
 * removes it. A message gone meanwhile (not found) leaves the list. After
 * an unread message is marked read or deleted, `unreadChanged` tells the
 * app's unread counts.
 */
export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    input: {} as InboxInput,
  },
  actors: {
    loadInboxPage: fromPromise<InboxPage, InboxPageRequest>(async () => {
      throw new Error('loadInboxPage is provided by the app');
    }),
    readMessage: fromPromise<InboxMessage, { id: number }>(async () => {
      throw new Error('readMessage is provided by the app');
    }),
    deleteMessage: fromPromise<DeleteAnswer, { id: number }>(async () => {
      throw new Error('deleteMessage is provided by the app');
    }),
  },
  actions: {
    /** Tells the app's unread counts that the inbox's changed (the app provides it). */
    unreadChanged: () => {},
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    hasMore: ({ context }) => context.pageNum < context.totalPages,
    isTrialRejected: (args) => isCode(trialRejectCode)(args as unknown as ErrorArgs),
    isGone: (args) => isCode(notFoundCode)(args as unknown as ErrorArgs),
    /** The message being opened was unread in the list. */
    wasUnread: ({ context }) => context.items.some((m) => m.id === context.openId && !m.read),
    /** The deleted message was unread (the server's answer). */
    deletedUnread: ({ event }) => (event as { output?: DeleteAnswer }).output?.wasUnread === true,
  },
}).createMachine({
  id: 'inbox',
  context: ({ input }) => ({
    isTrial: input.isTrial,
    items: [],
    pageNum: 0,
    totalPages: 0,
    openId: null,
    current: null,
    deleteId: null,
    errorCode: null,
    notice: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isTrial', target: 'refused' }, { target: 'loading' }],
    },
    /** The refusal of a trial account (free_reject); final for this screen. */
    refused: {},
    loading: {
      entry: assign({ items: [], pageNum: 0, totalPages: 0, errorCode: null }),
      invoke: {
        id: 'loadInboxPage',
        src: 'loadInboxPage',
        input: () => ({ pageNo: 1 }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ items: event.output.list, pageNum: event.output.pageNum, totalPages: event.output.totalPages })),
        },
        onError: [
          { guard: 'isTrialRejected', target: 'refused' },
          { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    failed: {
      on: { 'list.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'list',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'list.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ notice: null }) },
                'item.open': { target: '#inbox.ready.opening', actions: assign({ openId: ({ event }) => event.id, errorCode: null, notice: null }) },
                'item.delete': { target: 'confirmingDelete', actions: assign({ deleteId: ({ event }) => event.id, errorCode: null, notice: null }) },
              },
            },
            loadingMore: {
              invoke: {
                id: 'loadMoreInbox',
                src: 'loadInboxPage',
                input: ({ context }) => ({ pageNo: nextPageNo(context) }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    items: appendPage(context.items, event.output),
                    pageNum: event.output.pageNum,
                    totalPages: event.output.totalPages,
                    errorCode: null,
                  })),
                },
                onError: [
                  { guard: 'isTrialRejected', target: '#inbox.refused' },
                  { target: 'moreFailed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
                ],
              },
            },
            moreFailed: {
              on: {
                'list.more': { target: 'loadingMore', actions: assign({ errorCode: null }) },
                'item.open': { target: '#inbox.ready.opening', actions: assign({ openId: ({ event }) => event.id, errorCode: null }) },
                'item.delete': { target: 'confirmingDelete', actions: assign({ deleteId: ({ event }) => event.id, errorCode: null }) },
              },
            },
            confirmingDelete: {
              on: {
                'delete.confirm': { target: 'deleting' },
                'delete.cancel': { target: 'idle', actions: assign({ deleteId: null }) },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteFromList',
                src: 'deleteMessage',
                input: ({ context }) => ({ id: context.deleteId ?? 0 }),
                onDone: [
                  {
                    guard: 'deletedUnread',
                    target: 'idle',
                    actions: [assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, notice: inboxMessages.deleted })), 'unreadChanged'],
                  },
                  { target: 'idle', actions: assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, notice: inboxMessages.deleted })) },
                ],
                onError: [
                  { guard: 'isTrialRejected', target: '#inbox.refused' },
                  {
                    guard: 'isGone',
                    target: 'idle',
                    actions: assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, errorCode: notFoundCode })),
                  },
                  { target: 'idle', actions: assign({ deleteId: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
                ],
              },
            },
          },
        },
        opening: {
          invoke: {
            id: 'readMessage',
            src: 'readMessage',
            input: ({ context }) => ({ id: context.openId ?? 0 }),
            onDone: [
              {
                guard: 'wasUnread',
                target: 'message',
                actions: [
                  assign(({ context, event }) => ({ current: event.output, items: context.items.map((m) => (m.id === event.output.id ? event.output : m)) })),
                  'unreadChanged',
                ],
              },
              {
                target: 'message',
                actions: assign(({ context, event }) => ({ current: event.output, items: context.items.map((m) => (m.id === event.output.id ? event.output : m)) })),
              },
            ],
            onError: [
              { guard: 'isTrialRejected', target: '#inbox.refused' },
              {
                guard: 'isGone',
                target: 'list',
                actions: assign(({ context }) => ({ items: without(context.items, context.openId), openId: null, errorCode: notFoundCode })),
              },
              { target: 'list', actions: assign({ openId: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
            ],
          },
        },
        message: {
          initial: 'showing',
          exit: assign({ openId: null, current: null }),
          states: {
            showing: {
              on: {
                'item.close': { target: '#inbox.ready.list' },
                'item.delete': { target: 'confirmingDelete', actions: assign({ deleteId: ({ context }) => context.openId, errorCode: null }) },
              },
            },
            confirmingDelete: {
              on: {
                'delete.confirm': { target: 'deleting' },
                'delete.cancel': { target: 'showing', actions: assign({ deleteId: null }) },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteFromMessage',
                src: 'deleteMessage',
                input: ({ context }) => ({ id: context.deleteId ?? 0 }),
                onDone: [
                  {
                    guard: 'deletedUnread',
                    target: '#inbox.ready.list',
                    actions: [assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, notice: inboxMessages.deleted })), 'unreadChanged'],
                  },
                  {
                    target: '#inbox.ready.list',
                    actions: assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, notice: inboxMessages.deleted })),
                  },
                ],
                onError: [
                  { guard: 'isTrialRejected', target: '#inbox.refused' },
                  {
                    guard: 'isGone',
                    target: '#inbox.ready.list',
                    actions: assign(({ context }) => ({ items: without(context.items, context.deleteId), deleteId: null, errorCode: notFoundCode })),
                  },
                  { target: 'showing', actions: assign({ deleteId: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
                ],
              },
            },
          },
        },
      },
    },
  },
});
