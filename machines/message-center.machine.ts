import { and, assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import type { Role } from './session.ts';
import { trialRefusalMessage, trialRefusalMs } from './trial-refusal.ts';

/** The rows of the message center (spec section 2). */
export type MessageRow = 'telegram' | 'announcement' | 'inbox' | 'chat' | 'live' | 'service';

/** What the message center needs of the merchant: its Telegram and customer service links, and the live chat switch (CBS3). */
export interface MessageCenterLinks {
  telegramUrl: string | null;
  serviceUrl: string | null;
  chatEnabled: boolean;
}

/** No links: before they load, or when they could not be loaded (the rows without a link stay hidden). */
export const noLinks: MessageCenterLinks = { telegramUrl: null, serviceUrl: null, chatEnabled: false };

export interface MessageCenterInput {
  role: Role;
}

export interface MessageCenterContext {
  role: Role;
  links: MessageCenterLinks;
  /** The toast shown (a message id), or null. */
  toast: string | null;
}

export type MessageCenterEvent = { type: 'row.open'; row: MessageRow } | { type: 'back' };

type RowEvent = Extract<MessageCenterEvent, { type: 'row.open' }>;
const rowOf = (event: MessageCenterEvent) => (event as RowEvent).row;

/** The link a row opens, if it has one. */
const urlOf = (links: MessageCenterLinks, row: MessageRow): string | null =>
  row === 'telegram' ? links.telegramUrl : row === 'service' ? links.serviceUrl : null;

/** The rows shown, in order: Telegram only with its link, live chat and the live rooms only with CBS3 on (spec sections 2 and 7). */
export function visibleRows(context: Pick<MessageCenterContext, 'links'>): MessageRow[] {
  const { links } = context;
  return (['telegram', 'announcement', 'inbox', 'chat', 'live', 'service'] as const).filter((row) =>
    row === 'telegram' ? links.telegramUrl !== null : row === 'chat' || row === 'live' ? links.chatEnabled : true,
  );
}

/**
 * The message center (/m/message): `loadLinks` reads the merchant's links
 * (Telegram, customer service) and the live chat switch while the rows that
 * need none are usable at once. Telegram and customer service open their
 * links (a row without one does nothing); announcements go to /m/notice,
 * messages to /m/webEmail, the live rooms to /m/live (guests too: watching
 * needs no account), and live chat asks the site's chat launcher
 * (`launchChat`: machines/chat-launch.machine.ts calls the launch and opens
 * the chat 500 ms later); a guest tapping announcements, messages or chat
 * goes to /m/login (`isGuest`); a trial account (type 4) tapping messages or
 * chat is refused with 'Please log in to a real account to use this
 * function' for 1 s (`trialRefusal`) and stays. Back goes to /m/home.
 */
export const messageCenterMachine = setup({
  types: {
    context: {} as MessageCenterContext,
    events: {} as MessageCenterEvent,
    input: {} as MessageCenterInput,
  },
  actors: {
    loadLinks: fromPromise<MessageCenterLinks>(async () => {
      throw new Error('loadLinks is provided by the app');
    }),
  },
  actions: {
    /** Opens an external link (a new tab; the app provides it). */
    openUrl: (_, _params: { url: string }) => {},
    /** Asks the site's chat launcher for the live chat (the app provides it). */
    launchChat: (_, _params: { role: Role }) => {},
    /** Goes to a page of the site (src/app/navigation.ts). */
    goTo: (_, _params: Navigation) => {},
  },
  delays: {
    trialRefusal: trialRefusalMs,
  },
  guards: {
    isGuest: ({ context }) => context.role === 'guest',
    isTrial: ({ context }) => context.role === 'trial',
    hasUrl: ({ context, event }) => Boolean(urlOf(context.links, rowOf(event))),
    isRow: ({ event }, params: { row: MessageRow }) => rowOf(event) === params.row,
  },
}).createMachine({
  id: 'messageCenter',
  context: ({ input }) => ({ role: input.role, links: noLinks, toast: null }),
  type: 'parallel',
  on: {
    back: { actions: { type: 'goTo', params: { to: '/m/home' as const } } },
  },
  states: {
    /** The merchant's links: loading, then loaded (none when they could not be read). */
    links: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadLinks',
            src: 'loadLinks',
            onDone: { target: 'loaded', actions: assign({ links: ({ event }) => event.output }) },
            onError: { target: 'loaded' },
          },
        },
        loaded: {},
      },
    },
    /** What a tap on a row does; a trial account's refusal shows here for 1 s (another refused tap starts it again). */
    rows: {
      initial: 'idle',
      on: {
        'row.open': [
          {
            guard: and([{ type: 'isRow', params: { row: 'telegram' as const } }, 'hasUrl']),
            actions: { type: 'openUrl', params: ({ context }) => ({ url: context.links.telegramUrl ?? '' }) },
          },
          {
            guard: and([{ type: 'isRow', params: { row: 'service' as const } }, 'hasUrl']),
            actions: { type: 'openUrl', params: ({ context }) => ({ url: context.links.serviceUrl ?? '' }) },
          },
          // A link row without a link does nothing.
          { guard: { type: 'isRow', params: { row: 'telegram' } } },
          { guard: { type: 'isRow', params: { row: 'service' } } },
          { guard: { type: 'isRow', params: { row: 'live' } }, actions: { type: 'goTo', params: { to: '/m/live' as const } } },
          { guard: 'isGuest', actions: { type: 'goTo', params: { to: '/m/login' as const } } },
          { guard: { type: 'isRow', params: { row: 'announcement' } }, actions: { type: 'goTo', params: { to: '/m/notice' as const } } },
          { guard: 'isTrial', target: '.refused' },
          { guard: { type: 'isRow', params: { row: 'inbox' } }, actions: { type: 'goTo', params: { to: '/m/webEmail' as const } } },
          { actions: { type: 'launchChat', params: ({ context }) => ({ role: context.role }) } },
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
    },
  },
});
