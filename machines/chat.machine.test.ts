import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { ChatClientFrame } from '../contract/chat.ts';
import {
  type ChatInput,
  chatMachine,
  chatReconnectFirstMs,
  chatReconnectMaxMs,
  type GuestDetails,
  isSendableText,
  nextBackoff,
  peerTypingMs,
  typingThrottleMs,
} from './chat.machine.ts';
import type { ChatSocketCommand, ChatSocketEvent } from './chat-socket.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import {
  chatModel,
  cut,
  firstClientId,
  frame,
  guestInput,
  memberInput,
  message,
  newConversationEcho,
  opened,
  ownEcho,
  rateLimited,
  ready,
  refusedClose,
  returningGuestInput,
  secondClientId,
  staffRead,
  staffReply,
  staffTyping,
  trialInput,
  visitorRead,
} from './test/models/chat.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(chatModel);
// The wait before reconnecting grows; replaying its end, the longest wait covers every one.
const delays = { reconnectBackoff: chatReconnectMaxMs, typingThrottle: typingThrottleMs, peerTyping: peerTypingMs };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(chatMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

describe('chat machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [`${set.aspect.split(':')[0]}: ${describePath(path)}`, set.input, path, set.aspect] as const));
  it.each(all)('%s', async (_name, input, path, aspect) => {
    const key = chatModel.aspects.find((a) => a.name === aspect)!.contextKey ?? ((context: unknown) => context);
    await replayPath(chatMachine, input, path, { delays, invokes: { startGuest: 'startGuest' } }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(key(actual.context)).toEqual(key(expected.context));
    });
  });
});

/** A socket the test drives: it records what the machine sends and tells the machine what the test says. */
function fakeSocket() {
  const frames: ChatClientFrame[] = [];
  let tell: ((event: ChatSocketEvent) => void) | null = null;
  let connections = 0;
  const logic = fromCallback<ChatSocketCommand>(({ sendBack, receive }) => {
    connections++;
    tell = (event) => sendBack(event);
    receive((command) => frames.push(command.frame));
    return () => {
      tell = null;
    };
  });
  return {
    logic,
    frames,
    /** The frames of a type sent so far. */
    sent: <T extends ChatClientFrame['t']>(t: T) => frames.filter((f): f is Extract<ChatClientFrame, { t: T }> => f.t === t),
    emit: (event: ChatSocketEvent) => {
      if (!tell) throw new Error('no socket is open');
      tell(event);
    },
    get connections() {
      return connections;
    },
    get live() {
      return tell !== null;
    },
  };
}

function start(input: ChatInput) {
  const socket = fakeSocket();
  const guest = deferred<{ token: string }, GuestDetails>();
  const remembered: string[] = [];
  let forgotten = 0;
  let unreadTold = 0;
  const actor = createActor(
    chatMachine.provide({
      actors: { chatSocket: socket.logic, startGuest: guest.logic },
      actions: {
        rememberGuestToken: (_, { token }) => remembered.push(token),
        forgetGuestToken: () => {
          forgotten++;
        },
        unreadChanged: () => {
          unreadTold++;
        },
      },
    }),
    { input },
  );
  actor.start();
  const open = (conversationId: number | null = 7, unread = 0, readSeq = 0) => {
    socket.emit(opened);
    socket.emit(ready(conversationId, unread, readSeq));
  };
  return {
    actor,
    socket,
    guest,
    remembered,
    open,
    context: () => actor.getSnapshot().context,
    forgotten: () => forgotten,
    unreadTold: () => unreadTold,
  };
}

describe('chat machine', () => {
  it('authenticates a member with their session token and opens on ready', () => {
    const { actor, socket, open } = start(memberInput);
    expect(actor.getSnapshot().matches({ live: { connection: 'connecting' } })).toBe(true);
    open(null);
    expect(socket.sent('auth')).toEqual([{ t: 'auth', as: 'member', token: 'member-token-1' }]);
    expect(actor.getSnapshot().matches({ live: { connection: 'open' } })).toBe(true);
  });

  it('sends a message with its own clientId, shows it sending, and holds it once the server confirms it', () => {
    const chat = start(memberInput);
    chat.open(null);
    chat.actor.send({ type: 'message.send', body: '  Hello  ' });
    expect(chat.socket.sent('send')).toEqual([{ t: 'send', clientId: firstClientId, body: 'Hello' }]);
    expect(chat.context().outbox).toEqual([{ clientId: firstClientId, body: 'Hello', status: 'sending', errorCode: null }]);
    chat.socket.emit(ownEcho);
    expect(chat.context().outbox).toEqual([]);
    expect(chat.context().messages.map((m) => m.body)).toEqual(['Hello']);
    expect(chat.context()).toMatchObject({ conversationId: 7, lastSeq: 1 });
    // A blank or too long text is not sent.
    chat.actor.send({ type: 'message.send', body: '   ' });
    chat.actor.send({ type: 'message.send', body: 'x'.repeat(1001) });
    expect(chat.socket.sent('send')).toHaveLength(1);
  });

  it('holds each message once, in order of seq, whatever order and how often they arrive', () => {
    const { socket, open, context } = start(memberInput);
    open(7);
    for (const seq of [3, 1, 3, 2, 1]) socket.emit(frame({ t: 'message', message: message({ seq }) }));
    expect(context().messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(context().lastSeq).toBe(3);
  });

  it('switches to the newer conversation the server opened, keeping the old one above it', () => {
    const { socket, open, context } = start(memberInput);
    open(7);
    socket.emit(ownEcho);
    socket.emit(staffReply);
    socket.emit(staffRead);
    socket.emit(newConversationEcho);
    expect(context()).toMatchObject({ conversationId: 8, lastSeq: 1, staffReadSeq: 0, readSeq: 0 });
    expect(context().messages.map((m) => `${m.conversationId}:${m.seq}`)).toEqual(['7:1', '7:2', '8:1']);
    // A late message of the older conversation is held, but does not switch back.
    socket.emit(frame({ t: 'message', message: message({ seq: 3 }) }));
    expect(context()).toMatchObject({ conversationId: 8, lastSeq: 1 });
  });

  it('reconnects after a cut, waiting 500 ms, then twice as long each time up to 10 s, and again 500 ms after a ready', async () => {
    const { actor, socket, open } = start(memberInput);
    open(7);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      socket.emit(cut);
      expect(actor.getSnapshot().matches({ live: 'waiting' })).toBe(true);
      const before = socket.connections;
      let waited = 0;
      while (socket.connections === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
    open(7);
    socket.emit(cut);
    await vi.advanceTimersByTimeAsync(chatReconnectFirstMs);
    expect(actor.getSnapshot().matches({ live: { connection: 'connecting' } })).toBe(true);
    expect([500, 1000, 10000].map(nextBackoff)).toEqual([1000, 2000, 10000]);
  });

  it('connects at once on connection.retry', () => {
    const { actor, socket, open } = start(memberInput);
    open(7);
    socket.emit(cut);
    actor.send({ type: 'connection.retry' });
    expect(socket.connections).toBe(2);
    expect(actor.getSnapshot().matches({ live: { connection: 'connecting' } })).toBe(true);
  });

  it('asks after the last message it holds when it reconnects, and sends every unconfirmed message again with the same clientId', async () => {
    const { actor, socket, open, context } = start(memberInput);
    open(7);
    socket.emit(ownEcho);
    socket.emit(staffReply);
    actor.send({ type: 'message.send', body: 'Are you there?' });
    socket.emit(cut);
    // Written while the socket is down: waits in the outbox.
    actor.send({ type: 'message.send', body: 'Hello?' });
    expect(socket.sent('send')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(chatReconnectFirstMs);
    open(7);
    expect(socket.sent('auth').at(-1)).toEqual({ t: 'auth', as: 'member', token: 'member-token-1', conversationId: 7, after: 2 });
    expect(socket.sent('send')).toEqual([
      { t: 'send', clientId: firstClientId, body: 'Are you there?' },
      { t: 'send', clientId: firstClientId, body: 'Are you there?' },
      { t: 'send', clientId: secondClientId, body: 'Hello?' },
    ]);
    expect(context().outbox.map((o) => o.status)).toEqual(['sending', 'sending']);
  });

  it('marks a refused message failed with its reason; retry sends it again with the same clientId; discard drops it', () => {
    const { actor, socket, open, context } = start(memberInput);
    open(7);
    actor.send({ type: 'message.send', body: 'Hello' });
    socket.emit(rateLimited);
    expect(context().outbox).toEqual([{ clientId: firstClientId, body: 'Hello', status: 'failed', errorCode: 'chat.rate.limited' }]);
    actor.send({ type: 'message.retry', clientId: firstClientId });
    expect(socket.sent('send')).toEqual([
      { t: 'send', clientId: firstClientId, body: 'Hello' },
      { t: 'send', clientId: firstClientId, body: 'Hello' },
    ]);
    expect(context().outbox[0]).toMatchObject({ status: 'sending', errorCode: null });
    // Only a failed message can be retried or discarded.
    actor.send({ type: 'message.retry', clientId: firstClientId });
    actor.send({ type: 'message.discard', clientId: firstClientId });
    expect(socket.sent('send')).toHaveLength(2);
    expect(context().outbox).toHaveLength(1);
    socket.emit(rateLimited);
    actor.send({ type: 'message.discard', clientId: firstClientId });
    expect(context().outbox).toEqual([]);
  });

  it('keeps what the server refused without a message for the banner', () => {
    const { socket, open, context } = start(memberInput);
    open(7);
    socket.emit(frame({ t: 'error', errorCode: 'chat.frame.invalid', clientId: null }));
    expect(context().errorCode).toBe('chat.frame.invalid');
  });

  it('stops for good when the server refuses the member (close code 4401)', async () => {
    const { actor, socket } = start(memberInput);
    socket.emit(opened);
    socket.emit(frame({ t: 'error', errorCode: 'chat.disabled', clientId: null }));
    socket.emit(refusedClose);
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.errorCode).toBe('chat.disabled');
    await vi.advanceTimersByTimeAsync(chatReconnectMaxMs * 2);
    expect(socket.connections).toBe(1);
  });

  it('refuses a trial account at once, without a socket', () => {
    const { actor, socket } = start(trialInput);
    expect(actor.getSnapshot().value).toBe('trialRefused');
    expect(socket.connections).toBe(0);
  });

  it('asks a guest for a name and a contact, starts the conversation, keeps its token and connects as guest', async () => {
    const { actor, socket, guest, remembered, open } = start(guestInput);
    expect(actor.getSnapshot().value).toEqual({ guest: 'form' });
    actor.send({ type: 'guest.submit', name: ' Jo ', contact: ' jo@example.com ' });
    expect(guest.inputs).toEqual([{ name: 'Jo', contact: 'jo@example.com' }]);
    guest.reject({ errorCode: 'request.rate.limited' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ guest: 'form' });
    expect(actor.getSnapshot().context.guestErrorCode).toBe('request.rate.limited');
    actor.send({ type: 'guest.submit', name: 'Jo', contact: 'jo@example.com' });
    guest.resolve({ token: 'guest-token-2' });
    await flush();
    expect(remembered).toEqual(['guest-token-2']);
    open(5);
    expect(socket.sent('auth')).toEqual([{ t: 'auth', as: 'guest', token: 'guest-token-2' }]);
    expect(actor.getSnapshot().context.conversationId).toBe(5);
  });

  it('goes on with a remembered guest conversation; a guest token the server refuses is forgotten and the form shows again', () => {
    const { actor, socket, forgotten } = start(returningGuestInput);
    socket.emit(opened);
    expect(socket.sent('auth')).toEqual([{ t: 'auth', as: 'guest', token: 'guest-token-1' }]);
    socket.emit(refusedClose);
    expect(forgotten()).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ guest: 'form' });
    expect(actor.getSnapshot().context).toMatchObject({ token: null, guestErrorCode: 'chat.auth.invalid' });
  });

  it("keeps a guest's token when the server refuses the chat itself (switched off), and stops", () => {
    const { actor, socket, forgotten } = start(returningGuestInput);
    socket.emit(opened);
    socket.emit(frame({ t: 'error', errorCode: 'chat.disabled', clientId: null }));
    socket.emit(refusedClose);
    expect(forgotten()).toBe(0);
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.errorCode).toBe('chat.disabled');
  });

  it('takes a guest form only with a name and a contact the server takes', () => {
    const { actor, guest } = start(guestInput);
    actor.send({ type: 'guest.submit', name: '  ', contact: 'jo@example.com' });
    actor.send({ type: 'guest.submit', name: 'Jo', contact: 'x'.repeat(81) });
    expect(guest.inputs).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ guest: 'form' });
  });

  it('sends a typing frame at most once per 2 s while the visitor types', async () => {
    const { actor, socket, open } = start(memberInput);
    actor.send({ type: 'draft.changed' });
    open(7);
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'draft.changed' });
      await vi.advanceTimersByTimeAsync(typingThrottleMs / 4);
    }
    // Typed at 0 and on until 2.5 s: frames at 0 and 2 s.
    expect(socket.sent('typing')).toEqual([{ t: 'typing' }, { t: 'typing' }]);
  });

  it("shows the staff's typing for 3 s after their last typing frame, or until their message", async () => {
    const { actor, socket, open } = start(memberInput);
    open(7);
    const peer = () => (actor.getSnapshot().value as { live: { connection: { open: { peer: string } } } }).live.connection.open.peer;
    socket.emit(staffTyping);
    await vi.advanceTimersByTimeAsync(peerTypingMs - 1000);
    socket.emit(staffTyping);
    await vi.advanceTimersByTimeAsync(peerTypingMs - 1);
    expect(peer()).toBe('typing');
    await vi.advanceTimersByTimeAsync(1);
    expect(peer()).toBe('quiet');
    socket.emit(staffTyping);
    socket.emit(staffReply);
    expect(peer()).toBe('quiet');
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([2]);
  });

  it('reports staff messages read while the page is visible, and tells the unread counts', () => {
    const { actor, socket, open, unreadTold, context } = start(memberInput);
    actor.send({ type: 'screen.visible', visible: false });
    open(7, 1);
    socket.emit(ownEcho);
    socket.emit(staffReply);
    expect(socket.sent('read')).toEqual([]);
    expect(context().unread).toBe(2);
    actor.send({ type: 'screen.visible', visible: true });
    expect(socket.sent('read')).toEqual([{ t: 'read', seq: 2, conversationId: 7 }]);
    expect(context()).toMatchObject({ readSeq: 2, unread: 0 });
    expect(unreadTold()).toBe(1);
    // Its own messages need no report; a later staff message does.
    socket.emit(frame({ t: 'message', message: message({ seq: 3 }) }));
    socket.emit(frame({ t: 'message', message: message({ seq: 4, author: 'staff' }) }));
    expect(socket.sent('read')).toEqual([
      { t: 'read', seq: 2, conversationId: 7 },
      { t: 'read', seq: 4, conversationId: 7 },
    ]);
    expect(unreadTold()).toBe(2);
  });

  it("keeps the staff's read receipt, and what this visitor read elsewhere", () => {
    const { socket, open, context } = start(memberInput);
    open(7, 0, 1);
    expect(context().staffReadSeq).toBe(1);
    socket.emit(frame({ t: 'read', conversationId: 7, by: 'staff', seq: 3 }));
    socket.emit(staffRead);
    socket.emit(frame({ t: 'read', conversationId: 9, by: 'staff', seq: 8 }));
    expect(context().staffReadSeq).toBe(3);
    socket.emit(visitorRead);
    expect(context().readSeq).toBe(2);
  });

  it('takes 1 to 1000 characters once trimmed', () => {
    expect([isSendableText(''), isSendableText('  '), isSendableText(' a '), isSendableText('x'.repeat(1000)), isSendableText('x'.repeat(1001))]).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });
});
