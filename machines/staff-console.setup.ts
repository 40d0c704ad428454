/**
 * The staff console's setup (machines/staff-console.machine.ts): its types,
 * the pure helpers that keep the queue, the messages and the outbox, and the
 * named actors, guards, actions and delays its states use.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { type ChatClientFrame, type ChatMessage, type ChatServerFrame, type ConversationSummary, chatErrorCodes, maxChatMessageLength } from '../contract/chat.ts';
import { chatCloseCodes } from '../contract/chat.ts';
import { type ChatSocketEvent, idleChatSocket } from './chat-socket.ts';
import { errorCodeOf } from './identity-types.ts';
import { sessionEndedCodes } from './session.ts';

/** Who is signed in: the staff member's id and display name. */
export interface StaffIdentity {
  id: number;
  name: string;
}

/** A staff session: the token the staff endpoints and the socket take, and who it is. */
export interface StaffSession {
  token: string;
  staff: StaffIdentity;
}

export interface StaffConsoleInput {
  /** The session remembered for this tab (a reload stays signed in), or null. */
  session: StaffSession | null;
  /** The start of every reply's `clientId`, unique to this page ([A-Za-z0-9_-], 8 characters or more with the number). */
  clientIdPrefix: string;
}

/** A reply not confirmed by its echo yet: on its way (sent again after a reconnection, same `clientId`), or refused. */
export interface OutboxItem {
  clientId: string;
  conversationId: number;
  body: string;
  status: 'sending' | 'failed';
  /** Why it was refused (`chat.rate.limited`, `chat.conversation.taken`, ...). */
  errorCode: string | null;
}

export interface HistoryPage {
  list: ConversationSummary[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export interface ConversationPage {
  conversation: ConversationSummary;
  list: ChatMessage[];
}

/** Live: watched, answered and managed. Read-only: a result of the history search, its messages only. */
export type ConversationMode = 'live' | 'readOnly';

export interface StaffConsoleContext {
  session: StaffSession | null;
  clientIdPrefix: string;
  /** Replies numbered so far (the end of each `clientId`). */
  sent: number;
  /** The last user name tried (the form shows it again). */
  username: string;
  /** Why the login form is shown again or refused (an error code or a `staff.` message id). */
  loginError: string | null;
  /** Reconnections tried since the socket was last ready (the backoff grows with it). */
  attempt: number;
  /** The socket is authenticated (`connection.live.open`): frames can go out. */
  socketOpen: boolean;
  /** The merchant's open conversations. */
  queue: ConversationSummary[];
  queueError: string | null;
  /** Conversations the frames told of since the queue last began to load (they may be newer than its answer). */
  queueTouched: number[];
  selectedId: number | null;
  mode: ConversationMode;
  conversation: ConversationSummary | null;
  /** The selected conversation's messages, in `seq` order. */
  messages: ChatMessage[];
  conversationError: string | null;
  /** The visitor has seen everything up to this `seq`. */
  visitorReadSeq: number;
  /** The last `seq` this console said it read. */
  readSent: number;
  outbox: OutboxItem[];
  /** A refusal to show (an error code): taken by someone else, closed meanwhile, ... */
  notice: string | null;
  historyQuery: string;
  historyPageNo: number;
  history: HistoryPage | null;
  historyError: string | null;
}

export type StaffConsoleEvent =
  | ChatSocketEvent
  | { type: 'form.submit'; username: string; password: string }
  | { type: 'session.signOut' }
  /** The server refused the token (an HTTP call said so); the socket's 4401 is `socket.closed`. */
  | { type: 'session.refused' }
  | { type: 'connection.retry' }
  | { type: 'queue.retry' }
  | { type: 'conversation.open'; conversationId: number; readOnly?: boolean }
  | { type: 'conversation.leave' }
  | { type: 'conversation.retry' }
  | { type: 'conversation.assign' }
  | { type: 'conversation.close' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'reply.send'; body: string }
  | { type: 'reply.typing' }
  | { type: 'reply.retry'; clientId: string }
  | { type: 'reply.discard'; clientId: string }
  | { type: 'history.search'; q: string }
  | { type: 'history.page'; pageNo: number }
  | { type: 'history.retry' }
  | { type: 'history.clear' }
  | { type: 'notice.dismiss' };

/** The console's own message ids (the rest are error codes, shown as `error.<code>`). */
export const staffConsoleMessages = {
  loginRequired: 'staff.login.required',
  sessionEnded: 'staff.login.sessionEnded',
} as const;

/** Backoff of the reconnections: 1 s, 2 s, 4 s, ... at most 30 s. */
export const reconnectBaseMs = 1_000;
export const reconnectMaxMs = 30_000;
/** Past this many attempts the delay stays at its longest (and the count stops growing). */
export const maxReconnectAttempt = 6;
export const reconnectDelayMs = (attempt: number) => Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** Math.max(0, attempt - 1));
/** A refused login (too many failures for the name) waits this long before the form takes another. */
export const loginCooldownMs = 30_000;
/** The console says "typing" at most this often. */
export const typingThrottleMs = 3_000;
/** The visitor's "typing" shows this long after their last keystroke frame. */
export const typingShownMs = 6_000;
/** Longest search text (the history endpoint's `q`). */
export const maxHistoryQueryLength = 64;

// --- Pure helpers -------------------------------------------------------------------------------

const newer = (a: ConversationSummary, b: ConversationSummary) => (a.lastSeq !== b.lastSeq ? a.lastSeq > b.lastSeq : a.updatedAt >= b.updatedAt);

/** The queue after a conversation changed: closed ones leave it, others take their place or join it. */
export function upsertConversation(queue: ConversationSummary[], summary: ConversationSummary): ConversationSummary[] {
  const rest = queue.filter((c) => c.id !== summary.id);
  return summary.status === 'closed' ? rest : [...rest, summary];
}

/**
 * The loaded queue, with what the frames told while it loaded (`touched`) where that is newer: a
 * conversation opened meanwhile joins it, one closed meanwhile leaves it. Anything else the console
 * held before is the answer's to say (a conversation closed while the socket was down is gone).
 */
export function mergeQueue(loaded: ConversationSummary[], current: ConversationSummary[], touched: readonly number[]): ConversationSummary[] {
  const told = new Map(current.filter((c) => touched.includes(c.id)).map((c) => [c.id, c]));
  const merged = loaded.filter((c) => !(touched.includes(c.id) && !told.has(c.id))).map((c) => {
    const known = told.get(c.id);
    return known && newer(known, c) ? known : c;
  });
  const ids = new Set(loaded.map((c) => c.id));
  return [...merged, ...[...told.values()].filter((c) => !ids.has(c.id))].filter((c) => c.status === 'open');
}

const byNewest = (a: ConversationSummary, b: ConversationSummary) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id);

/** The queue as the console lists it: unassigned first, then mine, then the others', each newest activity first. */
export function queueGroups(queue: ConversationSummary[], staffId: number | null) {
  const sorted = [...queue].sort(byNewest);
  return {
    unassigned: sorted.filter((c) => c.staffId === null),
    mine: sorted.filter((c) => c.staffId !== null && c.staffId === staffId),
    others: sorted.filter((c) => c.staffId !== null && c.staffId !== staffId),
  };
}

/** The messages with one more, in `seq` order, once each. */
export function addMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.seq === message.seq)) return messages;
  const last = messages.at(-1);
  if (!last || last.seq < message.seq) return [...messages, message];
  return [...messages, message].sort((a, b) => a.seq - b.seq);
}

export const lastSeqOf = (messages: ChatMessage[]) => messages.at(-1)?.seq ?? 0;

/** The last message the visitor wrote. */
const lastVisitorSeq = (messages: ChatMessage[]) => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.author === 'member' || m.author === 'guest') return m.seq;
  }
  return 0;
};

/** The selected conversation's replies still on their way or refused. */
export const outboxOf = (context: Pick<StaffConsoleContext, 'outbox' | 'selectedId'>) => context.outbox.filter((o) => o.conversationId === context.selectedId);

const isOpenConversation = (c: ConversationSummary | null): c is ConversationSummary => c?.status === 'open';
const staffIdOf = (context: StaffConsoleContext) => context.session?.staff.id ?? null;

/** The signed-in staff member may write in the selected conversation: open, and unassigned or theirs. */
export function canReply(context: StaffConsoleContext): boolean {
  const c = context.conversation;
  return context.mode === 'live' && isOpenConversation(c) && (c.staffId === null || c.staffId === staffIdOf(context));
}

/** The selected conversation is open and nobody has it. */
export const canAssign = (context: StaffConsoleContext) => context.mode === 'live' && isOpenConversation(context.conversation) && context.conversation.staffId === null;

/** The selected conversation is open and unassigned or the signed-in staff member's. */
export const canClose = (context: StaffConsoleContext) => canReply(context);

const isMine = (context: StaffConsoleContext) => context.conversation !== null && context.conversation.staffId !== null && context.conversation.staffId === staffIdOf(context);

type FrameOf<T extends ChatServerFrame['t']> = Extract<ChatServerFrame, { t: T }>;
const frameOf = <T extends ChatServerFrame['t']>(event: StaffConsoleEvent, t: T): FrameOf<T> | null =>
  event.type === 'socket.frame' && event.frame.t === t ? (event.frame as FrameOf<T>) : null;

const refusedCodes: readonly string[] = [chatErrorCodes.unauthorized, ...sessionEndedCodes];

/** An HTTP answer that says the staff token is not (or no longer) valid. */
export const isTokenRefused = (error: unknown) => refusedCodes.includes(errorCodeOf(error));

type ErrorEvent = { error: unknown };
type DoneEvent<T> = { output: T };
const errorOf = (event: unknown) => (event as ErrorEvent).error;
const outputOf = <T>(event: unknown) => (event as DoneEvent<T>).output;

const socketSend = (frame: ChatClientFrame) => ({ type: 'socket.send' as const, frame });

/** `enqueueActions` for this machine's actions: frames to the socket and context changes, no named actions. */
const enqueue = enqueueActions<StaffConsoleContext, StaffConsoleEvent, undefined, StaffConsoleEvent, never, never, never, never, never>;

/** The work of a session, as it is before anything was loaded. */
const emptyWork = {
  attempt: 0,
  socketOpen: false,
  queue: [],
  queueError: null,
  queueTouched: [],
  selectedId: null,
  mode: 'live',
  conversation: null,
  messages: [],
  conversationError: null,
  visitorReadSeq: 0,
  readSent: 0,
  outbox: [],
  notice: null,
  historyQuery: '',
  historyPageNo: 1,
  history: null,
  historyError: null,
} satisfies Omit<StaffConsoleContext, 'session' | 'clientIdPrefix' | 'sent' | 'username' | 'loginError'>;

export function initialContext(input: StaffConsoleInput): StaffConsoleContext {
  return { session: input.session, clientIdPrefix: input.clientIdPrefix, sent: 0, username: '', loginError: null, ...emptyWork };
}

// --- Setup --------------------------------------------------------------------------------------

export interface TokenInput {
  token: string;
}

const tokenOf = (context: StaffConsoleContext) => context.session?.token ?? '';

export const staffConsoleSetup = setup({
  types: {
    context: {} as StaffConsoleContext,
    events: {} as StaffConsoleEvent,
    input: {} as StaffConsoleInput,
  },
  actors: {
    /** POST staffLoginEndpoint. Injected (src/app/staff-console-actors.ts). */
    staffLogin: fromPromise<StaffSession, { username: string; password: string }>(async () => {
      throw new Error('staffLogin is provided by the app');
    }),
    /** POST staffLogoutEndpoint with the token. Injected. */
    staffLogout: fromPromise<void, TokenInput>(async () => {
      throw new Error('staffLogout is provided by the app');
    }),
    /** GET staffQueueEndpoint. Injected. */
    loadQueue: fromPromise<ConversationSummary[], TokenInput>(async () => {
      throw new Error('loadQueue is provided by the app');
    }),
    /** GET staffMessagesEndpoint. Injected. */
    loadMessages: fromPromise<ConversationPage, TokenInput & { conversationId: number }>(async () => {
      throw new Error('loadMessages is provided by the app');
    }),
    /** POST staffAssignEndpoint. Injected. */
    assignConversation: fromPromise<ConversationSummary, TokenInput & { conversationId: number }>(async () => {
      throw new Error('assignConversation is provided by the app');
    }),
    /** POST staffCloseEndpoint. Injected. */
    closeConversation: fromPromise<ConversationSummary, TokenInput & { conversationId: number }>(async () => {
      throw new Error('closeConversation is provided by the app');
    }),
    /** GET staffHistoryEndpoint. Injected. */
    searchHistory: fromPromise<HistoryPage, TokenInput & { q: string; pageNo: number }>(async () => {
      throw new Error('searchHistory is provided by the app');
    }),
    /** The chat's socket (machines/chat-socket.ts). Injected: src/app/chat-socket.ts. */
    chatSocket: idleChatSocket,
  },
  actions: {
    /** Keeps the session for this tab (session storage). Injected. */
    rememberStaff: (_, _params: { session: StaffSession }) => {},
    /** Forgets the session kept for this tab. Injected. */
    forgetStaff: () => {},
    sendAuth: enqueue(({ context, enqueue }) => {
      enqueue.sendTo('socket', socketSend({ t: 'auth', as: 'staff', token: tokenOf(context) }));
    }),
    /**
     * The selected live conversation once the socket is open: its messages after the last one
     * held, and its replies still on their way (again, with their `clientId`: written once).
     */
    resumeConversation: enqueue(({ context, enqueue }) => {
      const conversationId = context.conversation?.id;
      if (!context.socketOpen || context.mode !== 'live' || conversationId === undefined) return;
      enqueue.sendTo('socket', socketSend({ t: 'watch', conversationId, after: lastSeqOf(context.messages) }));
      for (const item of context.outbox) {
        if (item.conversationId === conversationId && item.status === 'sending') {
          enqueue.sendTo('socket', socketSend({ t: 'send', conversationId, clientId: item.clientId, body: item.body }));
        }
      }
    }),
    /** Tells the visitor (and the queue's unread count) that the staff member read up to the last message. */
    markRead: enqueue(({ context, enqueue }) => {
      const conversationId = context.conversation?.id;
      const seq = lastVisitorSeq(context.messages);
      if (!context.socketOpen || conversationId === undefined || !isMine(context) || seq <= context.readSent) return;
      enqueue.sendTo('socket', socketSend({ t: 'read', conversationId, seq: lastSeqOf(context.messages) }));
      enqueue.assign({ readSent: lastSeqOf(context.messages) });
    }),
    queueReply: enqueue(({ context, event, enqueue }) => {
      if (event.type !== 'reply.send' || !context.conversation) return;
      const body = event.body.trim();
      const clientId = `${context.clientIdPrefix}-${context.sent + 1}`;
      const item: OutboxItem = { clientId, conversationId: context.conversation.id, body, status: 'sending', errorCode: null };
      enqueue.assign({ sent: context.sent + 1, outbox: [...context.outbox, item], notice: null });
      if (context.socketOpen) enqueue.sendTo('socket', socketSend({ t: 'send', conversationId: item.conversationId, clientId, body }));
    }),
    retryReply: enqueue(({ context, event, enqueue }) => {
      if (event.type !== 'reply.retry') return;
      const item = context.outbox.find((o) => o.clientId === event.clientId && o.status === 'failed');
      if (!item) return;
      enqueue.assign({ outbox: context.outbox.map((o) => (o === item ? { ...o, status: 'sending' as const, errorCode: null } : o)), notice: null });
      if (context.socketOpen) enqueue.sendTo('socket', socketSend({ t: 'send', conversationId: item.conversationId, clientId: item.clientId, body: item.body }));
    }),
    discardReply: assign({
      outbox: ({ context, event }) => (event.type === 'reply.discard' ? context.outbox.filter((o) => o.clientId !== event.clientId || o.status !== 'failed') : context.outbox),
    }),
    sendTyping: enqueue(({ context, enqueue }) => {
      if (context.socketOpen && context.conversation) enqueue.sendTo('socket', socketSend({ t: 'typing', conversationId: context.conversation.id }));
    }),
    /** A message frame: its echo confirms a reply; the selected conversation shows it. */
    takeMessage: assign(({ context, event }) => {
      const message = frameOf(event, 'message')?.message;
      if (!message) return {};
      const outbox = message.clientId ? context.outbox.filter((o) => o.clientId !== message.clientId) : context.outbox;
      const here = context.mode === 'live' && context.conversation?.id === message.conversationId;
      return { outbox, messages: here ? addMessage(context.messages, message) : context.messages };
    }),
    /** A conversation frame: the queue, the selected conversation and a history result show the change. */
    takeConversation: assign(({ context, event }) => {
      const summary = frameOf(event, 'conversation')?.conversation;
      if (!summary) return {};
      const history = context.history && {
        ...context.history,
        list: context.history.list.map((c) => (c.id === summary.id ? summary : c)),
      };
      return {
        queue: upsertConversation(context.queue, summary),
        queueTouched: context.queueTouched.includes(summary.id) ? context.queueTouched : [...context.queueTouched, summary.id],
        conversation: context.conversation?.id === summary.id ? summary : context.conversation,
        history,
      };
    }),
    /** An error frame: the reply it names is refused; any other refusal is shown. */
    takeError: assign(({ context, event }) => {
      const frame = frameOf(event, 'error');
      if (!frame) return {};
      const item = frame.clientId ? context.outbox.find((o) => o.clientId === frame.clientId) : undefined;
      if (item) {
        return { outbox: context.outbox.map((o) => (o === item ? { ...o, status: 'failed' as const, errorCode: frame.errorCode } : o)) };
      }
      return { notice: frame.errorCode };
    }),
    takeReadReceipt: assign({
      visitorReadSeq: ({ context, event }) => {
        const frame = frameOf(event, 'read');
        return frame && frame.by === 'visitor' && frame.conversationId === context.conversation?.id ? Math.max(context.visitorReadSeq, frame.seq) : context.visitorReadSeq;
      },
    }),
    takeReady: assign(({ context, event }) => {
      const staff = frameOf(event, 'ready')?.staff;
      return { attempt: 0, session: staff && context.session ? { ...context.session, staff } : context.session };
    }),
    /** The selected conversation summary (assigned or closed) in the console and its queue. */
    takeSummary: assign(({ context, event }) => {
      const summary = outputOf<ConversationSummary>(event);
      return {
        conversation: context.conversation?.id === summary.id ? summary : context.conversation,
        queue: upsertConversation(context.queue, summary),
        notice: null,
      };
    }),
    showConversation: assign(({ context, event }) => {
      const page = outputOf<ConversationPage>(event);
      const confirmed = new Set(page.list.map((m) => m.clientId).filter(Boolean));
      return {
        conversation: page.conversation,
        messages: [...page.list].sort((a, b) => a.seq - b.seq),
        outbox: context.outbox.filter((o) => !confirmed.has(o.clientId)),
        conversationError: null,
      };
    }),
    selectConversation: assign(({ event }) =>
      event.type === 'conversation.open'
        ? {
            selectedId: event.conversationId,
            mode: event.readOnly ? ('readOnly' as const) : ('live' as const),
            conversation: null,
            messages: [],
            conversationError: null,
            visitorReadSeq: 0,
            readSent: 0,
            notice: null,
          }
        : {},
    ),
    leaveConversation: assign({ selectedId: null, conversation: null, messages: [], conversationError: null, visitorReadSeq: 0, readSent: 0, notice: null }),
    startLogin: assign({ username: ({ event }) => (event.type === 'form.submit' ? event.username.trim() : ''), loginError: null }),
    refuseEmptyLogin: assign({
      username: ({ event }) => (event.type === 'form.submit' ? event.username.trim() : ''),
      loginError: staffConsoleMessages.loginRequired,
    }),
    setNotice: assign({ notice: ({ event }) => errorCodeOf(errorOf(event)) }),
    clearNotice: assign({ notice: null }),
    /** Why the console signs out: the live chat is off (the server said so before closing), or the session ended. */
    explainRefusal: assign({
      loginError: ({ context }) => (context.notice === chatErrorCodes.disabled ? chatErrorCodes.disabled : staffConsoleMessages.sessionEnded),
    }),
    refuseSession: enqueue(({ enqueue }) => {
      enqueue.raise({ type: 'session.refused' });
    }),
    /** Leaving the signed-in console: nothing of its work stays. */
    clearWork: assign(emptyWork),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    hasCredentials: ({ event }) => event.type === 'form.submit' && event.username.trim() !== '' && event.password !== '',
    isLoginThrottled: ({ event }) => errorCodeOf(errorOf(event)) === chatErrorCodes.staffLoginThrottled,
    isTokenRefused: ({ event }) => isTokenRefused(errorOf(event)),
    isReadyFrame: ({ event }) => frameOf(event, 'ready') !== null,
    isRefusedClose: ({ event }) => event.type === 'socket.closed' && event.code === chatCloseCodes.unauthorized,
    isConversationFrame: ({ event }) => frameOf(event, 'conversation') !== null,
    isMessageFrame: ({ event }) => frameOf(event, 'message') !== null,
    isErrorFrame: ({ event }) => frameOf(event, 'error') !== null,
    isReadFrame: ({ event }) => frameOf(event, 'read') !== null,
    /** The visitor of the selected conversation is typing. */
    isVisitorTyping: ({ context, event }) => {
      const frame = frameOf(event, 'typing');
      return frame !== null && frame.from === 'visitor' && frame.conversationId === context.conversation?.id;
    },
    /** The visitor of the selected conversation wrote (their typing is over). */
    isVisitorMessage: ({ context, event }) => {
      const message = frameOf(event, 'message')?.message;
      return message !== undefined && (message.author === 'member' || message.author === 'guest') && message.conversationId === context.conversation?.id;
    },
    isReadOnlyMode: ({ context }) => context.mode === 'readOnly',
    isSocketOpen: ({ context }) => context.socketOpen,
    canReply: ({ context, event }) => canReply(context) && event.type === 'reply.send' && event.body.trim() !== '' && event.body.trim().length <= maxChatMessageLength,
    canType: ({ context }) => canReply(context) && context.socketOpen,
    canAssign: ({ context }) => canAssign(context),
    canClose: ({ context }) => canClose(context),
    isOtherPage: ({ context, event }) =>
      event.type === 'history.page' && context.history !== null && event.pageNo >= 1 && event.pageNo <= context.history.totalPages && event.pageNo !== context.history.pageNum,
  },
  delays: {
    /** 1 s after the first cut, then twice as long each time, at most 30 s. */
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt),
    loginCooldown: loginCooldownMs,
    typingThrottle: typingThrottleMs,
    typingShown: typingShownMs,
  },
});

