import { assign } from 'xstate';
import type { ConversationSummary } from '../contract/chat.ts';
import { errorCodeOf } from './identity-types.ts';
import {
  type HistoryPage,
  initialContext,
  maxHistoryQueryLength,
  maxReconnectAttempt,
  mergeQueue,
  type StaffConsoleContext,
  type StaffSession,
  staffConsoleSetup,
} from './staff-console.setup.ts';

const tokenInput = ({ context }: { context: StaffConsoleContext }) => ({ token: context.session?.token ?? '' });
const conversationInput = ({ context }: { context: StaffConsoleContext }) => ({
  token: context.session?.token ?? '',
  conversationId: context.conversation?.id ?? context.selectedId ?? 0,
});
const failure = ({ event }: { event: { error: unknown } }) => errorCodeOf(event.error);

/** A refused token ends the session from any call: the console goes back to the login form. */
const tokenRefused = { guard: 'isTokenRefused', actions: 'refuseSession' } as const;

const submit = [
  { guard: 'hasCredentials', target: '#staffConsole.signedOut.submitting', actions: 'startLogin' },
  { target: '#staffConsole.signedOut.failed', actions: 'refuseEmptyLogin' },
] as const;

/**
 * The staff console (/staff): customer-service staff sign in
 * (`staffLogin`; the session is kept for the tab, so a reload stays signed
 * in), then, side by side:
 *
 * - `connection`: the chat socket authenticates as staff (`auth`, then
 *   `ready`); a cut reconnects after `reconnectDelay` (1 s, 2 s, 4 s, ... at
 *   most 30 s) or at once on `connection.retry`; a refused token (close code
 *   4401, or an HTTP answer saying so) goes back to the login form.
 * - `queue`: the merchant's open conversations, loaded at start and after
 *   every (re)connection, kept current by `conversation` frames.
 * - `conversation`: the selected one's messages (`loadMessages`), then,
 *   live, `watch` after its last `seq`; replies go through an outbox with
 *   their `clientId` (sent again, never written twice, after a cut;
 *   refused ones can be retried or dropped); assign to me, close (after a
 *   confirmation), read receipts both ways and the visitor's typing. A
 *   result of the history opens read-only.
 * - `history`: the search of all conversations by visitor or text, paged.
 *
 * `session.signOut` ends the session on the server (`staffLogout`) and
 * forgets it.
 */
export const staffConsoleMachine = staffConsoleSetup.createMachine({
  id: 'staffConsole',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      initial: 'idle',
      states: {
        idle: { on: { 'form.submit': [...submit] } },
        submitting: {
          invoke: {
            id: 'staffLogin',
            src: 'staffLogin',
            input: ({ event }) => (event.type === 'form.submit' ? { username: event.username.trim(), password: event.password } : { username: '', password: '' }),
            onDone: {
              target: '#staffConsole.signedIn',
              actions: [
                assign({ session: ({ event }) => event.output, loginError: null }),
                { type: 'rememberStaff', params: ({ event }) => ({ session: event.output as StaffSession }) },
              ],
            },
            onError: [
              { guard: 'isLoginThrottled', target: 'throttled', actions: assign({ loginError: failure }) },
              { target: 'failed', actions: assign({ loginError: failure }) },
            ],
          },
        },
        failed: { on: { 'form.submit': [...submit] } },
        /** Too many failed logins for the name: the form waits before it takes another. */
        throttled: {
          after: { loginCooldown: { target: 'idle', actions: assign({ loginError: null }) } },
        },
      },
    },
    signingOut: {
      entry: 'forgetStaff',
      invoke: {
        id: 'staffLogout',
        src: 'staffLogout',
        input: tokenInput,
        onDone: { target: 'signedOut', actions: assign({ session: null, loginError: null }) },
        onError: { target: 'signedOut', actions: assign({ session: null, loginError: null }) },
      },
    },
    signedIn: {
      type: 'parallel',
      exit: 'clearWork',
      on: {
        'session.signOut': { target: 'signingOut' },
        'notice.dismiss': { actions: 'clearNotice' },
        'socket.frame': [
          { guard: 'isMessageFrame', actions: ['takeMessage', 'markRead'] },
          { guard: 'isConversationFrame', actions: ['takeConversation', 'markRead'] },
          { guard: 'isErrorFrame', actions: 'takeError' },
          { guard: 'isReadFrame', actions: 'takeReadReceipt' },
        ],
      },
      states: {
        connection: {
          initial: 'live',
          on: { 'session.refused': { target: '.refused' } },
          states: {
            live: {
              invoke: { id: 'socket', src: 'chatSocket' },
              initial: 'connecting',
              on: {
                'socket.closed': [{ guard: 'isRefusedClose', target: 'refused' }, { target: 'reconnecting' }],
              },
              states: {
                connecting: {
                  on: { 'socket.opened': { target: 'authenticating', actions: 'sendAuth' } },
                },
                authenticating: {
                  on: { 'socket.frame': { guard: 'isReadyFrame', target: 'open', actions: 'takeReady' } },
                },
                open: {
                  entry: [assign({ socketOpen: true }), 'resumeConversation'],
                  exit: assign({ socketOpen: false }),
                },
              },
            },
            reconnecting: {
              entry: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, maxReconnectAttempt) }),
              after: { reconnectDelay: { target: 'live' } },
              on: { 'connection.retry': { target: 'live' } },
            },
            /**
             * The server refused the token (or the merchant's live chat is off): it is forgotten and the
             * login form says why.
             */
            refused: {
              entry: ['forgetStaff', 'explainRefusal'],
              always: { target: '#staffConsole.signedOut', actions: assign({ session: null }) },
            },
          },
        },
        queue: {
          initial: 'loading',
          // Whatever happened while the socket was down is in the queue again.
          on: { 'socket.frame': { guard: 'isReadyFrame', target: '.loading' } },
          states: {
            loading: {
              entry: assign({ queueError: null, queueTouched: [] }),
              invoke: {
                id: 'loadQueue',
                src: 'loadQueue',
                input: tokenInput,
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    queue: ({ context, event }) => mergeQueue(event.output as ConversationSummary[], context.queue, context.queueTouched),
                    queueError: null,
                  }),
                },
                onError: [tokenRefused, { target: 'failed', actions: assign({ queueError: failure }) }],
              },
            },
            loaded: {},
            failed: { on: { 'queue.retry': { target: 'loading' } } },
          },
        },
        conversation: {
          initial: 'none',
          on: {
            'conversation.open': { target: '.loading', actions: 'selectConversation' },
            'conversation.leave': { target: '.none', actions: 'leaveConversation' },
          },
          states: {
            none: {},
            loading: {
              entry: assign({ conversationError: null }),
              invoke: {
                id: 'loadMessages',
                src: 'loadMessages',
                input: conversationInput,
                onDone: [
                  { guard: 'isReadOnlyMode', target: 'readOnly', actions: 'showConversation' },
                  { target: 'live', actions: ['showConversation', 'resumeConversation', 'markRead'] },
                ],
                onError: [tokenRefused, { target: 'failed', actions: assign({ conversationError: failure }) }],
              },
            },
            failed: { on: { 'conversation.retry': { target: 'loading' } } },
            /** A result of the history: its messages, nothing to answer. */
            readOnly: {},
            live: {
              type: 'parallel',
              on: {
                'reply.send': { guard: 'canReply', actions: 'queueReply' },
                'reply.retry': { actions: 'retryReply' },
                'reply.discard': { actions: 'discardReply' },
              },
              states: {
                manage: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'conversation.assign': { guard: 'canAssign', target: 'assigning', actions: 'clearNotice' },
                        'conversation.close': { guard: 'canClose', target: 'confirmingClose', actions: 'clearNotice' },
                      },
                    },
                    assigning: {
                      invoke: {
                        id: 'assignConversation',
                        src: 'assignConversation',
                        input: conversationInput,
                        onDone: { target: 'idle', actions: ['takeSummary', 'markRead'] },
                        onError: [tokenRefused, { target: 'idle', actions: 'setNotice' }],
                      },
                    },
                    confirmingClose: {
                      on: { 'close.confirm': { target: 'closing' }, 'close.cancel': { target: 'idle' } },
                    },
                    closing: {
                      invoke: {
                        id: 'closeConversation',
                        src: 'closeConversation',
                        input: conversationInput,
                        onDone: { target: 'idle', actions: 'takeSummary' },
                        onError: [tokenRefused, { target: 'idle', actions: 'setNotice' }],
                      },
                    },
                  },
                },
                /** The console's own typing: said at most once per `typingThrottle`. */
                typing: {
                  initial: 'quiet',
                  states: {
                    quiet: { on: { 'reply.typing': { guard: 'canType', target: 'cooling', actions: 'sendTyping' } } },
                    cooling: { after: { typingThrottle: { target: 'quiet' } } },
                  },
                },
                /** The visitor's typing, shown until they write or `typingShown` passes. */
                visitor: {
                  initial: 'idle',
                  states: {
                    idle: { on: { 'socket.frame': { guard: 'isVisitorTyping', target: 'typing' } } },
                    typing: {
                      after: { typingShown: { target: 'idle' } },
                      on: {
                        'socket.frame': [
                          { guard: 'isVisitorTyping', target: 'typing', reenter: true },
                          // The message is taken here too: this transition wins over the console's own for the frame.
                          { guard: 'isVisitorMessage', target: 'idle', actions: ['takeMessage', 'markRead'] },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
        },
        history: {
          initial: 'idle',
          on: {
            'history.search': {
              target: '.searching',
              actions: assign({
                historyQuery: ({ event }) => event.q.trim().slice(0, maxHistoryQueryLength),
                historyPageNo: 1,
              }),
            },
            'history.clear': { target: '.idle', actions: assign({ historyQuery: '', historyPageNo: 1, history: null, historyError: null }) },
          },
          states: {
            idle: {},
            searching: {
              entry: assign({ historyError: null }),
              invoke: {
                id: 'searchHistory',
                src: 'searchHistory',
                input: ({ context }) => ({ token: context.session?.token ?? '', q: context.historyQuery, pageNo: context.historyPageNo }),
                onDone: { target: 'results', actions: assign({ history: ({ event }) => event.output as HistoryPage, historyError: null }) },
                onError: [tokenRefused, { target: 'failed', actions: assign({ historyError: failure }) }],
              },
            },
            results: {
              on: {
                'history.page': {
                  guard: 'isOtherPage',
                  target: 'searching',
                  actions: assign({ historyPageNo: ({ event }) => event.pageNo }),
                },
              },
            },
            failed: { on: { 'history.retry': { target: 'searching' } } },
          },
        },
      },
    },
  },
});

