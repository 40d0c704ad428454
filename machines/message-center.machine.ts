import { and, assign, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import type { Role } from './session.ts';

/** The rows of the message center (spec section 2). */
export type MessageRow = 'telegram' | 'announcement' | 'inbox' | 'chat' | 'service';

/** Spec section 9: the refusal of inbox or chat to a trial account shows for 1 s. */
export const trialRefusalMs = 1000;

/** The message id of the refusal (spec section 6). */
export const trialRefusalMessage = 'messaging.trial.refused';

export interface MessageCenterInput {
  role: Role;
}

export interface MessageCenterContext {
  role: Role;
  /** The toast shown (a message id), or null. */
  toast: string | null;
}

export type MessageCenterEvent =
  /** A row was tapped; `url` is the row's configured link (Telegram, customer service), when it has one. */
  | { type: 'row.open'; row: MessageRow; url?: string | null }
  | { type: 'back' };

type RowEvent = Extract<MessageCenterEvent, { type: 'row.open' }>;
const rowOf = (event: MessageCenterEvent) => (event as RowEvent).row;

/**
 * The message center (/m/message): Telegram and customer service open their
 * configured links; announcements go to /m/notice and messages to
 * /m/webEmail, live chat to the chat; a guest tapping announcements, messages
 * or chat goes to /m/login (`isGuest`); a trial account (type 4) tapping
 * messages or chat is refused with 'Please log in to a real account to use
 * this function' for 1 s (`trialRefusal`) and stays. Back goes to /m/home.
 */
export const messageCenterMachine = setup({
  types: {
    context: {} as MessageCenterContext,
    events: {} as MessageCenterEvent,
    input: {} as MessageCenterInput,
  },
  actions: {
    /** Opens an external link (a new tab; the app provides it). */
    openUrl: (_, _params: { url: string }) => {},
    /** Opens the live chat (its link, when the merchant has one; the app provides it). */
    openChat: (_, _params: { url: string | null }) => {},
    /** Goes to a page of the site (src/app/navigation.ts). */
    goTo: (_, _params: Navigation) => {},
  },
  delays: {
    trialRefusal: trialRefusalMs,
  },
  guards: {
    isGuest: ({ context }) => context.role === 'guest',
    isTrial: ({ context }) => context.role === 'trial',
    hasUrl: ({ event }) => typeof (event as RowEvent).url === 'string' && (event as RowEvent).url !== '',
    isRow: ({ event }, params: { row: MessageRow }) => rowOf(event) === params.row,
  },
}).createMachine({
  id: 'messageCenter',
  context: ({ input }) => ({ role: input.role, toast: null }),
  initial: 'idle',
  on: {
    back: { actions: { type: 'goTo', params: { to: '/m/home' as const } } },
    'row.open': [
      {
        guard: and([{ type: 'isRow', params: { row: 'telegram' as const } }, 'hasUrl']),
        actions: { type: 'openUrl', params: ({ event }) => ({ url: event.url ?? '' }) },
      },
      {
        guard: and([{ type: 'isRow', params: { row: 'service' as const } }, 'hasUrl']),
        actions: { type: 'openUrl', params: ({ event }) => ({ url: event.url ?? '' }) },
      },
      // A link row without a link does nothing.
      { guard: { type: 'isRow', params: { row: 'telegram' } } },
      { guard: { type: 'isRow', params: { row: 'service' } } },
      { guard: 'isGuest', actions: { type: 'goTo', params: { to: '/m/login' as const } } },
      { guard: { type: 'isRow', params: { row: 'announcement' } }, actions: { type: 'goTo', params: { to: '/m/notice' as const } } },
      { guard: 'isTrial', target: '.refused', reenter: true },
      { guard: { type: 'isRow', params: { row: 'inbox' } }, actions: { type: 'goTo', params: { to: '/m/webEmail' as const } } },
      { actions: { type: 'openChat', params: ({ event }) => ({ url: event.url ?? null }) } },
    ],
  },
  states: {
    idle: {},
    /** A trial account asked for messages or chat: the refusal shows for 1 s. */
    refused: {
      entry: assign({ toast: trialRefusalMessage }),
      exit: assign({ toast: null }),
      after: { trialRefusal: 'idle' },
    },
  },
});
