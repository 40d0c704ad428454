/** The chat machine's model: inputs and events of its model-based test and of `npm run paths chat`. */
import type { ChatMessage, ChatServerFrame } from '../../../contract/chat.ts';
import { type ChatContext, type ChatInput, chatMachine } from '../../chat.machine.ts';
import { chatCloseCodes } from '../../../contract/chat.ts';
import type { MachineModel } from '../model.ts';

export const seed = 'seedseed';
/** The clientIds the chat makes for its first and second messages. */
export const firstClientId = `${seed}1`;
export const secondClientId = `${seed}2`;

export const memberInput: ChatInput = { role: 'member', token: 'member-token-1', guestToken: null, clientIdSeed: seed };
export const guestInput: ChatInput = { role: 'guest', token: null, guestToken: null, clientIdSeed: seed };
export const returningGuestInput: ChatInput = { role: 'guest', token: null, guestToken: 'guest-token-1', clientIdSeed: seed };
export const trialInput: ChatInput = { role: 'trial', token: 'trial-token-1', guestToken: null, clientIdSeed: seed };
export const agentInput: ChatInput = { role: 'agent', token: 'agent-token-1', guestToken: null, clientIdSeed: seed };

export const message = (m: Partial<ChatMessage> & Pick<ChatMessage, 'seq'>): ChatMessage => ({
  conversationId: 7,
  author: 'member',
  kind: 'text',
  body: `Message ${m.seq}`,
  staffName: null,
  clientId: null,
  at: '2026-03-01T10:00:00.000Z',
  ...m,
});

export const frame = (f: ChatServerFrame) => ({ type: 'socket.frame' as const, frame: f });

export const ready = (conversationId: number | null, unread = 0, readSeq = 0) =>
  frame({ t: 'ready', conversationId, staff: null, unread, readSeq });

/** The member's first message as the server confirms it. */
export const ownEcho = frame({ t: 'message', message: message({ seq: 1, body: 'Hello', clientId: firstClientId }) });
export const staffReply = frame({ t: 'message', message: message({ seq: 2, author: 'staff', staffName: 'Ana', body: 'Hi, how can I help?' }) });
/** The second message, written in a new conversation (staff closed the first). */
export const newConversationEcho = frame({ t: 'message', message: message({ conversationId: 8, seq: 1, body: 'Again', clientId: secondClientId }) });
export const rateLimited = frame({ t: 'error', errorCode: 'chat.rate.limited', clientId: firstClientId });
export const frameRefused = frame({ t: 'error', errorCode: 'chat.frame.invalid', clientId: null });
export const chatDisabled = frame({ t: 'error', errorCode: 'chat.disabled', clientId: null });
export const staffRead = frame({ t: 'read', conversationId: 7, by: 'staff', seq: 1 });
export const visitorRead = frame({ t: 'read', conversationId: 7, by: 'visitor', seq: 2 });
export const staffTyping = frame({ t: 'typing', conversationId: 7, from: 'staff' });
export const visitorTyping = frame({ t: 'typing', conversationId: 7, from: 'visitor' });

export const opened = { type: 'socket.opened' } as const;
export const cut = { type: 'socket.closed', code: 1006 } as const;
export const refusedClose = { type: 'socket.closed', code: chatCloseCodes.unauthorized } as const;
export const backoffOver = { type: 'xstate.after.reconnectBackoff.chat.live.waiting' } as const;

/** What of the context tells two states apart in the message aspect: which messages are held and sent, not their texts or times. */
const messagesKey = (context: unknown) => {
  const c = context as ChatContext;
  return {
    messages: c.messages.map((m) => `${m.conversationId}:${m.seq}`),
    // Two messages in the outbox are as many as the model needs (every later one is sent the same way).
    outbox: c.outbox.slice(0, 2).map((o) => `${o.clientId}:${o.status}:${o.errorCode ?? ''}`),
    made: Math.min(c.made, 2),
    conversationId: c.conversationId,
    lastSeq: c.lastSeq,
    staffReadSeq: c.staffReadSeq,
    readSeq: c.readSeq,
    unread: c.unread,
    visible: c.visible,
    grown: c.backoffMs > 500,
    errorCode: c.errorCode,
  };
};

export const chatModel: MachineModel<typeof chatMachine> = {
  machine: chatMachine,
  aspects: [
    {
      name: 'who may chat: the trial refusal, the guest form and its start, a guest token refused',
      inputs: [trialInput, guestInput, returningGuestInput, memberInput],
      events: [
        { type: 'guest.submit', name: ' Jo ', contact: 'jo@example.com' },
        { type: 'xstate.done.actor.startGuest', output: { token: 'guest-token-2' } },
        { type: 'xstate.error.actor.startGuest', error: { errorCode: 'chat.disabled' } },
        opened,
        ready(5),
        chatDisabled,
        refusedClose,
      ],
    },
    {
      name: 'the connection: authenticating, open, cut and reconnected after a growing wait, refused',
      inputs: [memberInput, agentInput, returningGuestInput],
      events: [opened, ready(7, 0, 1), frameRefused, cut, refusedClose, backoffOver, { type: 'connection.retry' }],
      // Whether the wait has grown, not by how much (the growth has a test of its own).
      contextKey: (context) => {
        const c = context as ChatContext;
        return { grown: c.backoffMs > 500, errorCode: c.errorCode, conversationId: c.conversationId, staffReadSeq: c.staffReadSeq, token: c.token };
      },
    },
    {
      name: 'sending: confirmed, failed, retried, discarded, sent again after a cut',
      inputs: [memberInput],
      events: [
        opened,
        ready(7),
        { type: 'message.send', body: ' Hello ' },
        { type: 'message.send', body: '   ' },
        ownEcho,
        rateLimited,
        { type: 'message.retry', clientId: firstClientId },
        { type: 'message.discard', clientId: firstClientId },
        cut,
        backoffOver,
      ],
      contextKey: messagesKey,
    },
    {
      name: 'receiving: each message once, another conversation, read reports and receipts, the page hidden',
      inputs: [memberInput],
      events: [
        opened,
        ready(7, 1),
        staffReply,
        newConversationEcho,
        staffRead,
        { type: 'screen.visible', visible: false },
        { type: 'screen.visible', visible: true },
        cut,
        backoffOver,
      ],
      contextKey: messagesKey,
    },
    {
      name: "the visitor's typing frames, at most one per 2 s",
      inputs: [memberInput],
      events: [opened, ready(7), { type: 'draft.changed' }, { type: 'xstate.after.typingThrottle.chat.live.connection.open.typing.cooling' }, cut],
    },
    {
      name: "the staff's typing, shown for 3 s or until their message",
      inputs: [memberInput],
      events: [opened, ready(7), staffTyping, visitorTyping, staffReply, { type: 'xstate.after.peerTyping.chat.live.connection.open.peer.typing' }, cut],
      contextKey: messagesKey,
    },
  ],
};
