/** The staff console machine's model: inputs and events of its model-based test and of `npm run paths staff-console`. */
import type { ChatMessage, ChatServerFrame, ConversationSummary } from '../../../contract/chat.ts';
import { staffConsoleMachine } from '../../staff-console.machine.ts';
import type { ConversationPage, HistoryPage, StaffConsoleContext, StaffConsoleInput, StaffSession } from '../../staff-console.setup.ts';
import type { MachineModel } from '../model.ts';

export const ann = { id: 7, name: 'Ann' };
export const session: StaffSession = { token: 'staff-token-1', staff: ann };
export const signedOut: StaffConsoleInput = { session: null, clientIdPrefix: 'console01' };
export const stored: StaffConsoleInput = { session, clientIdPrefix: 'console01' };

export const summary = (id: number, overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  status: 'open',
  visitor: `visitor${id}`,
  guest: false,
  contact: null,
  staffId: null,
  staffName: null,
  lastSeq: 2,
  unread: 2,
  preview: 'Hello?',
  updatedAt: `2026-03-01T10:0${id}:00.000Z`,
  ...overrides,
});

export const message = (conversationId: number, seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId,
  seq,
  author: 'member',
  kind: 'text',
  body: `message ${seq}`,
  staffName: null,
  clientId: null,
  at: `2026-03-01T10:00:0${seq}.000Z`,
  ...overrides,
});

export const open1 = summary(1);
export const mine1 = summary(1, { staffId: ann.id, staffName: ann.name });
export const other1 = summary(1, { staffId: 9, staffName: 'Bob' });
export const closed1 = summary(1, { status: 'closed', staffId: ann.id, staffName: ann.name, unread: 0 });
export const closed2 = summary(2, { status: 'closed', unread: 0 });
export const page1: ConversationPage = { conversation: open1, list: [message(1, 1), message(1, 2)] };
export const minePage1: ConversationPage = { conversation: mine1, list: [message(1, 1), message(1, 2)] };
export const page2: ConversationPage = { conversation: closed2, list: [message(2, 1), message(2, 2, { author: 'staff', staffName: 'Bob' })] };
export const history1: HistoryPage = { list: [closed2, summary(3)], pageNum: 1, totalPages: 2, total: 3 };
export const history2: HistoryPage = { list: [summary(4, { status: 'closed' })], pageNum: 2, totalPages: 2, total: 3 };

export const frame = (f: ChatServerFrame) => ({ type: 'socket.frame' as const, frame: f });
export const ready = frame({ t: 'ready', conversationId: null, staff: ann, unread: 0, readSeq: 0 });
export const offline = { errorCode: 'client.offline' };
export const refused = { errorCode: 'chat.auth.invalid' };

const prefix = 'xstate.after';
export const delayEvents = {
  loginCooldown: `${prefix}.loginCooldown.staffConsole.signedOut.throttled`,
  reconnectDelay: `${prefix}.reconnectDelay.staffConsole.signedIn.connection.reconnecting`,
  typingThrottle: `${prefix}.typingThrottle.staffConsole.signedIn.conversation.live.typing.cooling`,
  typingShown: `${prefix}.typingShown.staffConsole.signedIn.conversation.live.visitor.typing`,
} as const;

/** Getting to a conversation shown live with the socket open. */
const toLiveConversation = [
  { type: 'socket.opened' },
  ready,
  { type: 'conversation.open', conversationId: 1 },
  { type: 'xstate.done.actor.loadMessages', output: minePage1 },
];

/** What the replies' guards and the view read: the outbox by status, the conversation's owner, the socket. */
const repliesKey = (context: unknown) => {
  const c = context as StaffConsoleContext;
  return {
    outbox: [...new Set(c.outbox.map((o) => o.status))].sort(),
    owner: c.conversation && `${c.conversation.status}:${c.conversation.staffId}`,
    socketOpen: c.socketOpen,
  };
};

/** What the read receipts and notices change. */
const receiptsKey = (context: unknown) => {
  const c = context as StaffConsoleContext;
  return { readSent: c.readSent, visitorReadSeq: c.visitorReadSeq, messages: c.messages.length };
};

export const staffConsoleModel: MachineModel<typeof staffConsoleMachine> = {
  machine: staffConsoleMachine,
  aspects: [
    {
      name: 'signing in and out',
      inputs: [signedOut, stored],
      events: [
        { type: 'form.submit', username: 'ann', password: 'Secret#2026' },
        { type: 'form.submit', username: ' ', password: '' },
        { type: 'xstate.done.actor.staffLogin', output: session },
        { type: 'xstate.error.actor.staffLogin', error: { errorCode: 'chat.staff.login.failed' } },
        { type: 'xstate.error.actor.staffLogin', error: { errorCode: 'chat.staff.login.throttled' } },
        { type: delayEvents.loginCooldown },
        { type: 'session.signOut' },
        { type: 'xstate.done.actor.staffLogout' },
        { type: 'xstate.error.actor.staffLogout', error: offline },
      ],
    },
    {
      name: 'the socket and the queue',
      inputs: [stored],
      events: [
        { type: 'socket.opened' },
        ready,
        { type: 'socket.closed', code: 1006 },
        { type: 'socket.closed', code: 4401 },
        { type: delayEvents.reconnectDelay },
        { type: 'connection.retry' },
        { type: 'xstate.done.actor.loadQueue', output: [open1, summary(2)] },
        { type: 'xstate.error.actor.loadQueue', error: offline },
        { type: 'xstate.error.actor.loadQueue', error: refused },
        { type: 'queue.retry' },
        frame({ t: 'conversation', conversation: summary(3) }),
        frame({ t: 'conversation', conversation: { ...open1, status: 'closed' } }),
      ],
      contextKey: (context) => {
        const c = context as StaffConsoleContext;
        return { session: c.session !== null, socketOpen: c.socketOpen, queueError: c.queueError, queue: c.queue.length };
      },
    },
    {
      name: 'opening, assigning and closing a conversation',
      inputs: [stored],
      events: [
        { type: 'socket.opened' },
        ready,
        { type: 'conversation.open', conversationId: 1 },
        { type: 'conversation.leave' },
        { type: 'conversation.retry' },
        { type: 'xstate.done.actor.loadMessages', output: page1 },
        { type: 'xstate.error.actor.loadMessages', error: offline },
        { type: 'xstate.error.actor.loadMessages', error: refused },
        { type: 'conversation.assign' },
        { type: 'xstate.done.actor.assignConversation', output: mine1 },
        { type: 'xstate.error.actor.assignConversation', error: { errorCode: 'chat.conversation.taken' } },
        { type: 'xstate.error.actor.assignConversation', error: refused },
        { type: 'conversation.close' },
        { type: 'close.cancel' },
        { type: 'close.confirm' },
        { type: 'xstate.done.actor.closeConversation', output: closed1 },
        { type: 'xstate.error.actor.closeConversation', error: offline },
        { type: 'xstate.error.actor.closeConversation', error: refused },
        { type: 'notice.dismiss' },
      ],
      contextKey: (context) => {
        const c = context as StaffConsoleContext;
        return { owner: c.conversation && `${c.conversation.status}:${c.conversation.staffId}`, notice: c.notice !== null, socketOpen: c.socketOpen };
      },
    },
    {
      name: 'replies through the outbox, a cut and the echo',
      inputs: [stored],
      events: [
        ...toLiveConversation,
        { type: 'reply.send', body: 'Hello, how can I help?' },
        { type: 'reply.send', body: '   ' },
        { type: 'socket.closed', code: 1006 },
        { type: 'connection.retry' },
        frame({ t: 'message', message: message(1, 3, { author: 'staff', staffName: 'Ann', clientId: 'console01-1', body: 'Hello, how can I help?' }) }),
        frame({ t: 'error', errorCode: 'chat.rate.limited', clientId: 'console01-1' }),
        { type: 'reply.retry', clientId: 'console01-1' },
        { type: 'reply.discard', clientId: 'console01-1' },
        frame({ t: 'conversation', conversation: other1 }),
      ],
      contextKey: repliesKey,
    },
    {
      name: 'read receipts and typing',
      inputs: [stored],
      events: [
        ...toLiveConversation,
        frame({ t: 'typing', conversationId: 1, from: 'visitor' }),
        frame({ t: 'message', message: message(1, 3) }),
        frame({ t: 'read', conversationId: 1, by: 'visitor', seq: 2 }),
        { type: 'reply.typing' },
        { type: delayEvents.typingThrottle },
        { type: delayEvents.typingShown },
      ],
      contextKey: receiptsKey,
    },
    {
      name: 'searching the history',
      inputs: [stored],
      events: [
        { type: 'history.search', q: '  visitor ' },
        { type: 'xstate.done.actor.searchHistory', output: history1 },
        { type: 'xstate.done.actor.searchHistory', output: history2 },
        { type: 'xstate.error.actor.searchHistory', error: offline },
        { type: 'xstate.error.actor.searchHistory', error: refused },
        { type: 'history.page', pageNo: 2 },
        { type: 'history.page', pageNo: 9 },
        { type: 'history.retry' },
        { type: 'history.clear' },
        { type: 'conversation.open', conversationId: 2, readOnly: true },
        { type: 'xstate.done.actor.loadMessages', output: page2 },
      ],
      contextKey: (context) => {
        const c = context as StaffConsoleContext;
        return { q: c.historyQuery, pageNo: c.historyPageNo, page: c.history?.pageNum ?? null, error: c.historyError, mode: c.mode, shown: c.conversation?.id ?? null };
      },
    },
  ],
};
