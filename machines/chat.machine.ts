import { and, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { type ChatClientFrame, type ChatMessage, type ChatServerFrame, chatErrorCodes, maxChatMessageLength } from '../contract/chat.ts';
import { chatCloseCodes } from '../contract/chat.ts';
import { type ChatSocketEvent, idleChatSocket } from './chat-socket.ts';
import { errorCodeOf } from './identity-types.ts';
import type { Role } from './session.ts';

/** The first wait before connecting again after the socket closed; it doubles with every failed attempt, up to `chatReconnectMaxMs`. */
export const chatReconnectFirstMs = 500;
export const chatReconnectMaxMs = 10_000;
/** The staff's "typing…" shows this long after their last typing frame. */
export const peerTypingMs = 3000;
/** While the visitor types, a typing frame goes out at most this often. */
export const typingThrottleMs = 2000;

/** A guest's name and contact, as chatGuestEndpoint takes them: 1 to 40 and 1 to 80 characters. */
export const guestNameMax = 40;
export const guestContactMax = 80;

/** The next wait after one that did not lead to a working connection. */
export const nextBackoff = (ms: number) => Math.min(ms * 2, chatReconnectMaxMs);

/** A message the visitor wrote that the server has not confirmed yet (sending), or refused (failed). */
export interface OutboxItem {
  clientId: string;
  body: string;
  status: 'sending' | 'failed';
  /** Why it failed (an error code: chat.rate.limited, chat.message.invalid, ...). */
  errorCode: string | null;
}

export interface GuestDetails {
  name: string;
  contact: string;
}

export interface ChatInput {
  role: Role;
  /** The member's session token (members and agents). */
  token: string | null;
  /** The token of a guest conversation started earlier in this browser (`rememberGuestToken`), if any. */
  guestToken: string | null;
  /** Letters and digits that begin every `clientId` this chat makes (random per screen; fixed in tests). */
  clientIdSeed: string;
}

export interface ChatContext {
  role: Role;
  /** Who the socket authenticates as: a member (members and agents) or a guest. */
  as: 'member' | 'guest';
  /** The member's session token or the guest's token. */
  token: string | null;
  clientIdSeed: string;
  /** How many clientIds this chat has made. */
  made: number;
  /** The conversation shown (null before the first message of a member). */
  conversationId: number | null;
  /** The last `seq` held of the conversation shown (what a reconnection asks after). */
  lastSeq: number;
  /** Messages held, in order (conversation, then seq), each once. */
  messages: ChatMessage[];
  outbox: OutboxItem[];
  /** The staff's read receipt: they have seen everything up to this `seq` of the conversation shown. */
  staffReadSeq: number;
  /** The last `seq` reported read to the server. */
  readSeq: number;
  /** Staff messages not yet seen (from `ready`, then counted while the screen is hidden). */
  unread: number;
  /** Whether the screen is in view (the page is visible): only then are staff messages reported read. */
  visible: boolean;
  /** The wait before the next connection attempt. */
  backoffMs: number;
  /** What the server refused last (an error frame without a message, or the reason of a refusal). */
  errorCode: string | null;
  /** The guest form's details while they are sent, and why starting failed. */
  guest: GuestDetails | null;
  guestErrorCode: string | null;
}

export type ChatEvent =
  | ChatSocketEvent
  /** A guest's name and contact (the form checked them). */
  | { type: 'guest.submit'; name: string; contact: string }
  | { type: 'message.send'; body: string }
  /** Sends a failed message again (same clientId). */
  | { type: 'message.retry'; clientId: string }
  /** Drops a failed message. */
  | { type: 'message.discard'; clientId: string }
  /** The visitor typed in the composer. */
  | { type: 'draft.changed' }
  /** The page became visible or hidden. */
  | { type: 'screen.visible'; visible: boolean }
  /** Connect now instead of waiting for the next attempt. */
  | { type: 'connection.retry' };

type FrameOf<T extends ChatServerFrame['t']> = Extract<ChatServerFrame, { t: T }>;
const frameOf = (event: ChatEvent): ChatServerFrame | null => (event.type === 'socket.frame' ? event.frame : null);
const isFrame = <T extends ChatServerFrame['t']>(event: ChatEvent, t: T): event is Extract<ChatEvent, { type: 'socket.frame' }> & { frame: FrameOf<T> } =>
  frameOf(event)?.t === t;

/** A message text the server takes: 1 to 1000 characters once trimmed. */
export const isSendableText = (body: string) => {
  const text = body.trim();
  return text.length > 0 && text.length <= maxChatMessageLength;
};

/** A guest's name and contact the server takes (trimmed, not empty, not too long). */
export const isGuestDetails = ({ name, contact }: GuestDetails) => {
  const [n, c] = [name.trim(), contact.trim()];
  return n.length > 0 && n.length <= guestNameMax && c.length > 0 && c.length <= guestContactMax;
};

const sameMessage = (a: ChatMessage, b: ChatMessage) => a.conversationId === b.conversationId && a.seq === b.seq;
const byPlace = (a: ChatMessage, b: ChatMessage) => a.conversationId - b.conversationId || a.seq - b.seq;

/** The last seq held of a conversation. */
const lastSeqOf = (messages: ChatMessage[], conversationId: number | null) =>
  messages.reduce((last, m) => (m.conversationId === conversationId && m.seq > last ? m.seq : last), 0);

/** The last staff message's seq of a conversation. */
export const lastStaffSeq = (context: Pick<ChatContext, 'messages' | 'conversationId'>) =>
  context.messages.reduce((last, m) => (m.conversationId === context.conversationId && m.author === 'staff' && m.seq > last ? m.seq : last), 0);

/** The context after a message arrived: held in order, the conversation switched to a newer one, its clientId out of the outbox. */
function withMessage(context: ChatContext, message: ChatMessage): Partial<ChatContext> {
  const messages = [...context.messages, message].sort(byPlace);
  const newer = context.conversationId === null || message.conversationId > context.conversationId;
  const conversationId = newer ? message.conversationId : context.conversationId;
  const switched = conversationId !== context.conversationId;
  const staff = message.author === 'staff' && message.conversationId === conversationId;
  return {
    messages,
    conversationId,
    lastSeq: lastSeqOf(messages, conversationId),
    staffReadSeq: switched ? 0 : context.staffReadSeq,
    readSeq: switched ? 0 : context.readSeq,
    unread: staff && !context.visible ? context.unread + 1 : context.unread,
    outbox: message.clientId ? context.outbox.filter((o) => o.clientId !== message.clientId) : context.outbox,
  };
}

const sendFrame = (frame: ChatClientFrame) => ({ type: 'socket.send' as const, frame });

/**
 * The live chat of a member or a guest (/m/chat; spec sections 2, 3, 4, 6,
 * 7 and 9), over the chat's socket (the invoked `chatSocket`,
 * machines/chat-socket.ts).
 *
 * A trial account (type 4) is refused (`trialRefused`). A guest without a
 * conversation gives a name and a contact first (`guest.form`);
 * `startGuest` answers the guest's token, which `rememberGuestToken` keeps so
 * that a reload goes on with the same conversation.
 *
 * `live.connection` holds one socket: `connecting`, then `authenticating`
 * (the `auth` frame, as member or guest, with the conversation and the last
 * `seq` held, so the server sends only what was missed), then `open` on
 * `ready`. When the socket closes the chat waits (`waiting`,
 * `reconnectBackoff`: 500 ms, doubling to 10 s, back to 500 ms after a
 * `ready`) and connects again; `connection.retry` connects at once. A close
 * with 4401 (authentication refused) ends it (`refused`, with the reason of
 * the error frame before it); a guest whose token is no longer valid
 * (`chat.auth.invalid`) forgets it (`forgetGuestToken`) and fills in the form
 * again.
 *
 * Messages are held once each, in order of conversation and `seq`; a message
 * of a newer conversation (the server opened one after staff closed the last)
 * switches to it. `message.send` puts a message in the outbox with a new
 * `clientId` (shown as sending) and sends it when the socket is open; the
 * server's message with that clientId confirms it. On every `ready` the
 * messages still sending are sent again with the same clientId (the server
 * never writes one twice). An error frame naming a clientId marks that
 * message failed with its reason; `message.retry` sends it again,
 * `message.discard` drops it. While the visitor types, a typing frame goes
 * out at most once per `typingThrottle` (2 s); the staff's typing shows for
 * `peerTyping` (3 s) after their last typing frame, or until their message.
 * When the screen is visible and holds a staff message it has not reported,
 * a `read` frame reports the last `seq`, and `unreadChanged` tells the site's
 * unread counts. A `read` frame of the staff is the read receipt
 * (`staffReadSeq`).
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    chatSocket: idleChatSocket,
    /** Starts a guest conversation (chatGuestEndpoint): the guest's token. */
    startGuest: fromPromise<{ token: string }, GuestDetails>(async () => {
      throw new Error('startGuest is provided by the app');
    }),
  },
  actions: {
    /** Keeps the guest's token for the next visit (the app provides it). */
    rememberGuestToken: (_, _params: { token: string }) => {},
    /** Forgets the guest's token (the server no longer takes it). */
    forgetGuestToken: () => {},
    /** Tells the site's unread counts that the chat's count changed (the app provides it). */
    unreadChanged: () => {},
    sendAuth: sendTo('socket', ({ context }) => {
      const after = context.conversationId === null ? {} : { conversationId: context.conversationId, after: context.lastSeq };
      return sendFrame({ t: 'auth', as: context.as, token: context.token ?? '', ...after });
    }),
    /** Puts a new message in the outbox. */
    queueMessage: assign(({ context, event }) => {
      if (event.type !== 'message.send') return {};
      const clientId = `${context.clientIdSeed}${(context.made + 1).toString(36)}`;
      return { made: context.made + 1, outbox: [...context.outbox, { clientId, body: event.body.trim(), status: 'sending' as const, errorCode: null }] };
    }),
    /** Sends the message last put in the outbox. */
    sendLatest: sendTo('socket', ({ context }) => {
      const item = context.outbox.at(-1)!;
      return sendFrame({ t: 'send', clientId: item.clientId, body: item.body });
    }),
    markSending: assign({
      outbox: ({ context, event }) =>
        context.outbox.map((o) => (event.type === 'message.retry' && o.clientId === event.clientId ? { ...o, status: 'sending' as const, errorCode: null } : o)),
    }),
    sendRetried: sendTo('socket', ({ context, event }) => {
      const item = context.outbox.find((o) => event.type === 'message.retry' && o.clientId === event.clientId)!;
      return sendFrame({ t: 'send', clientId: item.clientId, body: item.body });
    }),
    discardMessage: assign({
      outbox: ({ context, event }) => context.outbox.filter((o) => !(event.type === 'message.discard' && o.clientId === event.clientId && o.status === 'failed')),
    }),
    sendTyping: sendTo('socket', sendFrame({ t: 'typing' })),
    /** Reports the conversation read up to its last message. */
    sendRead: sendTo('socket', ({ context }) =>
      sendFrame({ t: 'read', seq: context.lastSeq, ...(context.conversationId === null ? {} : { conversationId: context.conversationId }) }),
    ),
    markReported: assign(({ context }) => ({ readSeq: context.lastSeq, unread: 0 })),
    applyReady: assign(({ context, event }) => {
      if (!isFrame(event, 'ready')) return {};
      const { conversationId, readSeq, unread } = event.frame;
      const switched = conversationId !== null && conversationId !== context.conversationId;
      const shown = switched ? conversationId : context.conversationId;
      return {
        conversationId: shown,
        lastSeq: lastSeqOf(context.messages, shown),
        staffReadSeq: switched ? readSeq : Math.max(context.staffReadSeq, readSeq),
        readSeq: switched ? 0 : context.readSeq,
        unread,
        backoffMs: chatReconnectFirstMs,
        errorCode: null,
      };
    }),
    applyMessage: assign(({ context, event }) => (isFrame(event, 'message') ? withMessage(context, event.frame.message) : {})),
    applyRead: assign(({ context, event }) => {
      if (!isFrame(event, 'read') || event.frame.conversationId !== context.conversationId) return {};
      return event.frame.by === 'staff'
        ? { staffReadSeq: Math.max(context.staffReadSeq, event.frame.seq) }
        : { readSeq: Math.max(context.readSeq, event.frame.seq) };
    }),
    markFailed: assign({
      outbox: ({ context, event }) => {
        if (!isFrame(event, 'error')) return context.outbox;
        const { clientId, errorCode } = event.frame;
        return context.outbox.map((o) => (o.clientId === clientId ? { ...o, status: 'failed' as const, errorCode } : o));
      },
    }),
    noteError: assign({ errorCode: ({ context, event }) => (isFrame(event, 'error') ? event.frame.errorCode : context.errorCode) }),
    growBackoff: assign({ backoffMs: ({ context }) => nextBackoff(context.backoffMs) }),
  },
  delays: {
    reconnectBackoff: ({ context }) => context.backoffMs,
    typingThrottle: typingThrottleMs,
    peerTyping: peerTypingMs,
  },
  guards: {
    isTrial: ({ context }) => context.role === 'trial',
    needsGuestForm: ({ context }) => context.as === 'guest' && context.token === null,
    isSendable: ({ event }) => event.type === 'message.send' && isSendableText(event.body),
    hasGuestDetails: ({ event }) => event.type === 'guest.submit' && isGuestDetails(event),
    isFailedMessage: ({ context, event }) =>
      event.type === 'message.retry' && context.outbox.some((o) => o.clientId === event.clientId && o.status === 'failed'),
    isUnauthorized: ({ event }) => event.type === 'socket.closed' && event.code === chatCloseCodes.unauthorized,
    isGuest: ({ context }) => context.as === 'guest',
    /** The server refused the token itself (not the chat: switched off, a trial account). */
    isTokenRefused: ({ context }) => context.errorCode === null || context.errorCode === chatErrorCodes.unauthorized,
    isReady: ({ event }) => isFrame(event, 'ready'),
    /** A message not held yet (one whose conversation and seq are held is a repeat). */
    isNewMessage: ({ context, event }) => isFrame(event, 'message') && !context.messages.some((m) => sameMessage(m, event.frame.message)),
    isReadReceipt: ({ event }) => isFrame(event, 'read'),
    isMessageError: ({ event }) => isFrame(event, 'error') && event.frame.clientId !== null,
    isError: ({ event }) => isFrame(event, 'error'),
    isStaffTyping: ({ event }) => isFrame(event, 'typing') && event.frame.from === 'staff',
    isStaffMessage: ({ event }) => isFrame(event, 'message') && event.frame.message.author === 'staff',
    /** The screen is in view and holds a staff message it has not reported read. */
    hasUnreportedStaffMessage: ({ context }) => context.visible && lastStaffSeq(context) > context.readSeq,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => {
    const as = input.role === 'guest' ? ('guest' as const) : ('member' as const);
    return {
      role: input.role,
      as,
      token: as === 'guest' ? input.guestToken : input.token,
      clientIdSeed: input.clientIdSeed,
      made: 0,
      conversationId: null,
      lastSeq: 0,
      messages: [],
      outbox: [],
      staffReadSeq: 0,
      readSeq: 0,
      unread: 0,
      visible: true,
      backoffMs: chatReconnectFirstMs,
      errorCode: null,
      guest: null,
      guestErrorCode: null,
    };
  },
  on: {
    'screen.visible': { actions: assign({ visible: ({ event }) => event.visible }) },
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isTrial', target: 'trialRefused' }, { guard: 'needsGuestForm', target: 'guest' }, { target: 'live' }],
    },
    /** A trial account: no chat (spec section 6). */
    trialRefused: { type: 'final' },
    /** A guest gives a name and a contact; their conversation starts. */
    guest: {
      initial: 'form',
      states: {
        form: {
          on: {
            'guest.submit': {
              guard: 'hasGuestDetails',
              target: 'starting',
              actions: assign({ guest: ({ event }) => ({ name: event.name.trim(), contact: event.contact.trim() }), guestErrorCode: null }),
            },
          },
        },
        starting: {
          invoke: {
            id: 'startGuest',
            src: 'startGuest',
            input: ({ context }) => context.guest ?? { name: '', contact: '' },
            onDone: {
              target: '#chat.live',
              actions: [
                assign({ token: ({ event }) => event.output.token, guest: null }),
                { type: 'rememberGuestToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: { target: 'form', actions: assign({ guestErrorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
    /** The server refused the chat (socket closed with 4401): no more attempts. */
    refused: { type: 'final' },
    live: {
      initial: 'connection',
      on: {
        'message.send': { guard: 'isSendable', actions: 'queueMessage' },
        'message.retry': { guard: 'isFailedMessage', actions: 'markSending' },
        'message.discard': { actions: 'discardMessage' },
      },
      states: {
        /** One socket, from connecting to open. */
        connection: {
          invoke: { id: 'socket', src: 'chatSocket' },
          initial: 'connecting',
          on: {
            'socket.closed': [
              {
                guard: and(['isUnauthorized', 'isGuest', 'isTokenRefused']),
                target: '#chat.guest',
                actions: [
                  'forgetGuestToken',
                  assign(({ context }) => ({
                    token: null,
                    conversationId: null,
                    lastSeq: 0,
                    messages: [],
                    outbox: [],
                    guestErrorCode: context.errorCode ?? chatErrorCodes.unauthorized,
                  })),
                ],
              },
              {
                guard: 'isUnauthorized',
                target: '#chat.refused',
                actions: assign({ errorCode: ({ context }) => context.errorCode ?? chatErrorCodes.unauthorized }),
              },
              { target: 'waiting' },
            ],
            'socket.frame': [
              { guard: 'isNewMessage', actions: 'applyMessage' },
              { guard: 'isReadReceipt', actions: 'applyRead' },
              { guard: 'isMessageError', actions: 'markFailed' },
              { guard: 'isError', actions: 'noteError' },
            ],
          },
          states: {
            connecting: {
              on: { 'socket.opened': { target: 'authenticating' } },
            },
            authenticating: {
              entry: 'sendAuth',
              on: {
                'socket.frame': { guard: 'isReady', target: 'open', actions: 'applyReady' },
              },
            },
            open: {
              type: 'parallel',
              // Every message still sending goes again, each with its own clientId.
              entry: enqueueActions(({ context, enqueue }) => {
                for (const item of context.outbox) {
                  if (item.status === 'sending') enqueue.sendTo('socket', sendFrame({ t: 'send', clientId: item.clientId, body: item.body }));
                }
              }),
              always: { guard: 'hasUnreportedStaffMessage', actions: ['sendRead', 'markReported', 'unreadChanged'] },
              on: {
                'message.send': { guard: 'isSendable', actions: ['queueMessage', 'sendLatest'] },
                'message.retry': { guard: 'isFailedMessage', actions: ['markSending', 'sendRetried'] },
              },
              states: {
                /** The visitor's typing frames, at most one per `typingThrottle`. */
                typing: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: { 'draft.changed': { target: 'cooling', actions: 'sendTyping' } },
                    },
                    cooling: {
                      after: { typingThrottle: 'idle' },
                    },
                  },
                },
                /** The staff's typing, shown for `peerTyping` after their last typing frame or until their message. */
                peer: {
                  initial: 'quiet',
                  states: {
                    quiet: {
                      on: { 'socket.frame': { guard: 'isStaffTyping', target: 'typing' } },
                    },
                    typing: {
                      after: { peerTyping: 'quiet' },
                      on: {
                        'socket.frame': [
                          { guard: 'isStaffTyping', target: 'typing', reenter: true },
                          // The staff's message ends their typing (held here: a region that takes an event keeps it from the states above).
                          { guard: and(['isStaffMessage', 'isNewMessage']), target: 'quiet', actions: 'applyMessage' },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
        },
        /** The socket closed: the next attempt after `reconnectBackoff`. */
        waiting: {
          after: { reconnectBackoff: { target: 'connection', actions: 'growBackoff' } },
          on: { 'connection.retry': { target: 'connection', actions: 'growBackoff' } },
        },
      },
    },
  },
});
