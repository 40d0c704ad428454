import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { ChatClientFrame, ConversationSummary } from '../contract/chat.ts';
import type { ChatSocketCommand } from './chat-socket.ts';
import { staffConsoleMachine } from './staff-console.machine.ts';
import {
  type ConversationPage,
  type HistoryPage,
  mergeQueue,
  queueGroups,
  reconnectDelayMs,
  type StaffConsoleInput,
  type StaffSession,
  upsertConversation,
} from './staff-console.setup.ts';
import { coverageOf, describePath, eventsOf, type MachinePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import {
  closed1,
  frame,
  history1,
  history2,
  message,
  mine1,
  minePage1,
  open1,
  other1,
  page1,
  page2,
  ready,
  session,
  signedOut,
  staffConsoleModel,
  stored,
  summary,
} from './test/models/staff-console.model.ts';

const pathSets = modelPathSets(staffConsoleModel);

describe('staff console machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(staffConsoleMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutCancel = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'close.cancel')),
    }));
    expect(coverageOf(staffConsoleMachine, withoutCancel).missingTransitions).toEqual([
      'staffConsole.signedIn.conversation.live.manage.confirmingClose --close.cancel--> staffConsole.signedIn.conversation.live.manage.idle',
    ]);
  });
});

/**
 * Replays a path on a real actor: the promise actors settle as the path's done and error events
 * say, the other events (delays included, with the timers held still) are sent as they are. After
 * each step the actor shows the state the model predicted, and the part of the context its aspect
 * tells states apart by.
 */
async function replay(input: StaffConsoleInput, path: MachinePath<typeof staffConsoleMachine>, key: (context: unknown) => unknown) {
  const pending: Record<string, Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }>> = {};
  const srcs = ['staffLogin', 'staffLogout', 'loadQueue', 'loadMessages', 'assignConversation', 'closeConversation', 'searchHistory'];
  for (const name of srcs) pending[name] = [];
  const actors = Object.fromEntries(srcs.map((name) => [name, fromPromise(() => new Promise((resolve, reject) => pending[name]!.push({ resolve, reject })))]));
  const actor = createActor(staffConsoleMachine.provide({ actors: actors as never }), { input });
  actor.start();
  const check = (expected: { value: unknown; context: unknown }) => {
    expect(actor.getSnapshot().value).toEqual(expected.value);
    expect(key(actor.getSnapshot().context)).toEqual(key(expected.context));
  };
  check(path.steps[0]!.state);
  for (const [i, event] of eventsOf(path).entries()) {
    const settle = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (settle) {
      const call = pending[settle[2]!]?.pop();
      if (!call) throw new Error(`no pending call for ${event.type}`);
      if (settle[1] === 'done') call.resolve((event as { output?: unknown }).output);
      else call.reject((event as { error?: unknown }).error);
    } else {
      actor.send(event as never);
    }
    await flush();
    check(path.steps[i + 1]!.state);
  }
  actor.stop();
}

describe('staff console machine replayed on real actors', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const keyOf = (aspect: string) => staffConsoleModel.aspects.find((a) => a.name === aspect)?.contextKey ?? ((context: unknown) => context);
  const all = pathSets.flatMap((set) => set.paths.map((path) => [`${set.aspect}: ${describePath(path)}`, set.input, path, keyOf(set.aspect)] as const));
  it.each(all)('%s', async (_name, input, path, key) => {
    await replay(input, path, key);
  });
});

// ------------------------------------------------------------------ behaviour, step by step

function start(input: StaffConsoleInput = stored) {
  const login = deferred<StaffSession, { username: string; password: string }>();
  const logout = deferred<void, { token: string }>();
  const queue = deferred<ConversationSummary[], { token: string }>();
  const messages = deferred<ConversationPage, { token: string; conversationId: number }>();
  const assignCall = deferred<ConversationSummary, { token: string; conversationId: number }>();
  const closeCall = deferred<ConversationSummary, { token: string; conversationId: number }>();
  const history = deferred<HistoryPage, { token: string; q: string; pageNo: number }>();
  const frames: ChatClientFrame[] = [];
  let sockets = 0;
  const chatSocket = fromCallback<ChatSocketCommand>(({ receive }) => {
    sockets++;
    receive((command) => frames.push(command.frame));
  });
  const rememberStaff = vi.fn<(s: StaffSession) => void>();
  const forgetStaff = vi.fn();
  const actor = createActor(
    staffConsoleMachine.provide({
      actors: {
        staffLogin: login.logic,
        staffLogout: logout.logic,
        loadQueue: queue.logic,
        loadMessages: messages.logic,
        assignConversation: assignCall.logic,
        closeConversation: closeCall.logic,
        searchHistory: history.logic,
        chatSocket,
      },
      actions: { rememberStaff: (_, params) => rememberStaff(params.session), forgetStaff },
    }),
    { input },
  );
  actor.start();
  const send = (event: AnyEventObject) => actor.send(event as never);
  const value = () => actor.getSnapshot().value as Record<string, unknown> | string;
  const context = () => actor.getSnapshot().context;
  const socketCount = () => sockets;
  /** The socket opens and says who is signed in. */
  const connect = () => {
    send({ type: 'socket.opened' });
    send(ready);
  };
  return { actor, send, value, context, login, logout, queue, messages, assignCall, closeCall, history, frames, socketCount, rememberStaff, forgetStaff, connect };
}

/** A live conversation, shown with the socket open. */
async function liveConversation(page: ConversationPage = minePage1) {
  const h = start();
  h.connect();
  h.send({ type: 'conversation.open', conversationId: page.conversation.id });
  h.messages.resolve(page);
  await flush();
  return h;
}

describe('staff console machine: signing in', () => {
  it('refuses empty fields without asking the server; signs in with a trimmed name and remembers the session', async () => {
    const h = start(signedOut);
    expect(h.value()).toEqual({ signedOut: 'idle' });
    h.send({ type: 'form.submit', username: '  ', password: 'x' });
    expect(h.value()).toEqual({ signedOut: 'failed' });
    expect(h.context().loginError).toBe('staff.login.required');
    expect(h.login.inputs).toEqual([]);
    h.send({ type: 'form.submit', username: ' ann ', password: ' pass word ' });
    expect(h.login.inputs).toEqual([{ username: 'ann', password: ' pass word ' }]);
    h.login.resolve(session);
    await flush();
    expect(h.value()).toMatchObject({ signedIn: { connection: { live: 'connecting' }, queue: 'loading', conversation: 'none', history: 'idle' } });
    expect(h.rememberStaff).toHaveBeenCalledWith(session);
    expect(h.queue.inputs).toEqual([{ token: 'staff-token-1' }]);
  });

  it('a refused login shows its error; a throttled one waits 30 s before the form takes another', async () => {
    vi.useFakeTimers();
    try {
      const h = start(signedOut);
      h.send({ type: 'form.submit', username: 'ann', password: 'wrong' });
      h.login.reject({ errorCode: 'chat.staff.login.failed' });
      await flush();
      expect(h.value()).toEqual({ signedOut: 'failed' });
      expect(h.context().loginError).toBe('chat.staff.login.failed');
      h.send({ type: 'form.submit', username: 'ann', password: 'wrong' });
      h.login.reject({ errorCode: 'chat.staff.login.throttled' });
      await flush();
      expect(h.value()).toEqual({ signedOut: 'throttled' });
      h.send({ type: 'form.submit', username: 'ann', password: 'right' });
      expect(h.login.inputs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(h.value()).toEqual({ signedOut: 'throttled' });
      await vi.advanceTimersByTimeAsync(1);
      expect(h.value()).toEqual({ signedOut: 'idle' });
      expect(h.context().loginError).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a session kept for the tab starts signed in: the socket authenticates as staff with its token', () => {
    const h = start();
    expect(h.value()).toMatchObject({ signedIn: { connection: { live: 'connecting' } } });
    h.send({ type: 'socket.opened' });
    expect(h.frames).toEqual([{ t: 'auth', as: 'staff', token: 'staff-token-1' }]);
    h.send(frame({ t: 'ready', conversationId: null, staff: { id: 7, name: 'Ann Lee' }, unread: 0, readSeq: 0 }));
    expect(h.value()).toMatchObject({ signedIn: { connection: { live: 'open' } } });
    expect(h.context().session?.staff.name).toBe('Ann Lee');
  });

  it('signing out ends the session on the server, forgets it and closes the socket', async () => {
    const h = start();
    h.connect();
    h.send({ type: 'session.signOut' });
    expect(h.forgetStaff).toHaveBeenCalledTimes(1);
    expect(h.logout.inputs).toEqual([{ token: 'staff-token-1' }]);
    expect(h.actor.getSnapshot().children.socket).toBeUndefined();
    h.logout.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.value()).toEqual({ signedOut: 'idle' });
    expect(h.context().session).toBeNull();
    expect(h.context().queue).toEqual([]);
  });
});

describe('staff console machine: the connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reconnects after 1 s, 2 s, 4 s ... at most 30 s; a ready socket starts the count again', async () => {
    const h = start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      h.send({ type: 'socket.closed', code: 1006 });
      expect(h.value()).toMatchObject({ signedIn: { connection: 'reconnecting' } });
      const before = h.socketCount();
      let waited = 0;
      while (h.socketCount() === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    h.connect();
    expect(h.context().attempt).toBe(0);
    h.send({ type: 'socket.closed', code: 1006 });
    h.send({ type: 'connection.retry' });
    expect(h.value()).toMatchObject({ signedIn: { connection: { live: 'connecting' } } });
    expect(reconnectDelayMs(1)).toBe(1_000);
  });

  it('a refused token (close 4401) forgets the session and shows the login form saying so', () => {
    const h = start();
    h.connect();
    h.send({ type: 'socket.closed', code: 4401 });
    expect(h.value()).toEqual({ signedOut: 'idle' });
    expect(h.context().loginError).toBe('staff.login.sessionEnded');
    expect(h.context().session).toBeNull();
    expect(h.forgetStaff).toHaveBeenCalledTimes(1);
  });

  it("the merchant's live chat switched off: the login form says so, not that the session ended", () => {
    const h = start();
    h.send({ type: 'socket.opened' });
    h.send(frame({ t: 'error', errorCode: 'chat.disabled', clientId: null }));
    h.send({ type: 'socket.closed', code: 4401 });
    expect(h.value()).toEqual({ signedOut: 'idle' });
    expect(h.context().loginError).toBe('chat.disabled');
  });

  it('an HTTP call answered with a refused token does the same', async () => {
    const h = start();
    h.queue.reject({ errorCode: 'chat.auth.invalid' });
    await flush();
    expect(h.value()).toEqual({ signedOut: 'idle' });
    expect(h.context().loginError).toBe('staff.login.sessionEnded');
  });

  it('the queue loads again after every reconnection and follows the conversation frames', async () => {
    const h = start();
    h.queue.resolve([open1, summary(2), summary(5)]);
    await flush();
    h.connect();
    expect(h.queue.inputs).toHaveLength(2);
    h.send(frame({ t: 'conversation', conversation: summary(3) }));
    h.send(frame({ t: 'conversation', conversation: { ...summary(2), status: 'closed' } }));
    // The answer was read before 3 opened and 2 closed; 5 was closed while the socket was down.
    h.queue.resolve([open1, summary(2)]);
    await flush();
    expect(h.context().queue.map((c) => c.id)).toEqual([1, 3]);
    h.send(frame({ t: 'conversation', conversation: summary(6) }));
    expect(h.context().queue.map((c) => c.id)).toEqual([1, 3, 6]);
  });
});

describe('staff console machine: a conversation', () => {
  it('loads its messages, then watches it after the last one, and says what it read when it is mine', async () => {
    const h = await liveConversation();
    expect(h.messages.inputs).toEqual([{ token: 'staff-token-1', conversationId: 1 }]);
    expect(h.frames.slice(1)).toEqual([
      { t: 'watch', conversationId: 1, after: 2 },
      { t: 'read', conversationId: 1, seq: 2 },
    ]);
    h.send(frame({ t: 'message', message: message(1, 3) }));
    expect(h.context().messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(h.frames.at(-1)).toEqual({ t: 'read', conversationId: 1, seq: 3 });
    // Once each, in order, and only the selected conversation's.
    h.send(frame({ t: 'message', message: message(1, 3) }));
    h.send(frame({ t: 'message', message: message(5, 9) }));
    expect(h.context().messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('an unassigned one is not marked read; assigning takes it and marks it read', async () => {
    const h = await liveConversation(page1);
    expect(h.frames.slice(1)).toEqual([{ t: 'watch', conversationId: 1, after: 2 }]);
    h.send({ type: 'conversation.assign' });
    expect(h.assignCall.inputs).toEqual([{ token: 'staff-token-1', conversationId: 1 }]);
    h.assignCall.resolve(mine1);
    await flush();
    expect(h.context().conversation?.staffId).toBe(7);
    expect(h.context().queue).toEqual([mine1]);
    expect(h.frames.at(-1)).toEqual({ t: 'read', conversationId: 1, seq: 2 });
  });

  it('a reply in an unassigned one makes it mine (the server says so): then it is marked read', async () => {
    const h = await liveConversation(page1);
    h.send({ type: 'reply.send', body: 'Hello' });
    expect(h.frames.some((f) => f.t === 'read')).toBe(false);
    h.send(frame({ t: 'conversation', conversation: { ...mine1, lastSeq: 4, unread: 2 } }));
    expect(h.frames.at(-1)).toEqual({ t: 'read', conversationId: 1, seq: 2 });
    expect(h.context().queue).toEqual([{ ...mine1, lastSeq: 4, unread: 2 }]);
  });

  it('taken by someone else meanwhile: the refusal is shown and the reply box closes with the frame', async () => {
    const h = await liveConversation(page1);
    h.send({ type: 'conversation.assign' });
    h.assignCall.reject({ errorCode: 'chat.conversation.taken' });
    await flush();
    expect(h.context().notice).toBe('chat.conversation.taken');
    h.send(frame({ t: 'conversation', conversation: other1 }));
    h.send({ type: 'reply.send', body: 'Hi' });
    expect(h.context().outbox).toEqual([]);
    h.send({ type: 'conversation.assign' });
    expect(h.assignCall.inputs).toHaveLength(1);
  });

  it('closing asks first, then closes; the conversation leaves the queue', async () => {
    const h = await liveConversation();
    h.send({ type: 'conversation.close' });
    expect(h.value()).toMatchObject({ signedIn: { conversation: { live: { manage: 'confirmingClose' } } } });
    h.send({ type: 'close.cancel' });
    expect(h.closeCall.inputs).toEqual([]);
    h.send({ type: 'conversation.close' });
    h.send({ type: 'close.confirm' });
    h.closeCall.resolve(closed1);
    await flush();
    expect(h.context().conversation?.status).toBe('closed');
    expect(h.context().queue).toEqual([]);
    h.send({ type: 'conversation.close' });
    h.send({ type: 'reply.send', body: 'Hi' });
    expect(h.closeCall.inputs).toHaveLength(1);
    expect(h.context().outbox).toEqual([]);
  });

  it('the read receipt and the typing of the visitor', async () => {
    vi.useFakeTimers();
    try {
      const h = await liveConversation();
      h.send(frame({ t: 'read', conversationId: 1, by: 'visitor', seq: 2 }));
      h.send(frame({ t: 'read', conversationId: 4, by: 'visitor', seq: 9 }));
      expect(h.context().visitorReadSeq).toBe(2);
      h.send(frame({ t: 'typing', conversationId: 1, from: 'visitor' }));
      expect(h.value()).toMatchObject({ signedIn: { conversation: { live: { visitor: 'typing' } } } });
      await vi.advanceTimersByTimeAsync(5_000);
      h.send(frame({ t: 'typing', conversationId: 1, from: 'visitor' }));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(h.value()).toMatchObject({ signedIn: { conversation: { live: { visitor: 'typing' } } } });
      h.send(frame({ t: 'message', message: message(1, 3) }));
      expect(h.value()).toMatchObject({ signedIn: { conversation: { live: { visitor: 'idle' } } } });
      // The message that ended the typing shows.
      expect(h.context().messages.map((m) => m.seq)).toContain(3);
      // The console's own typing: once per 3 s.
      const typed = () => h.frames.filter((f) => f.t === 'typing');
      h.send({ type: 'reply.typing' });
      h.send({ type: 'reply.typing' });
      expect(typed()).toEqual([{ t: 'typing', conversationId: 1 }]);
      await vi.advanceTimersByTimeAsync(3_000);
      h.send({ type: 'reply.typing' });
      expect(typed()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a history result opens read-only: nothing is watched, nothing can be sent', async () => {
    const h = start();
    h.connect();
    h.send({ type: 'conversation.open', conversationId: 2, readOnly: true });
    h.messages.resolve(page2);
    await flush();
    expect(h.value()).toMatchObject({ signedIn: { conversation: 'readOnly' } });
    expect(h.frames).toEqual([{ t: 'auth', as: 'staff', token: 'staff-token-1' }]);
    h.send({ type: 'reply.send', body: 'Hi' });
    expect(h.context().outbox).toEqual([]);
  });
});

describe('staff console machine: replies', () => {
  it('go out with their clientId; the echo confirms them', async () => {
    const h = await liveConversation();
    h.send({ type: 'reply.send', body: '  Hello!  ' });
    expect(h.frames.at(-1)).toEqual({ t: 'send', conversationId: 1, clientId: 'console01-1', body: 'Hello!' });
    expect(h.context().outbox).toEqual([{ clientId: 'console01-1', conversationId: 1, body: 'Hello!', status: 'sending', errorCode: null }]);
    h.send(frame({ t: 'message', message: message(1, 3, { author: 'staff', clientId: 'console01-1', body: 'Hello!' }) }));
    expect(h.context().outbox).toEqual([]);
    expect(h.context().messages.at(-1)?.body).toBe('Hello!');
  });

  it('are sent again with the same clientId after a cut, after the watch', async () => {
    const h = await liveConversation();
    h.send({ type: 'socket.closed', code: 1006 });
    h.send({ type: 'reply.send', body: 'While offline' });
    const sent = h.frames.length;
    h.send({ type: 'connection.retry' });
    h.connect();
    expect(h.frames.slice(sent)).toEqual([
      { t: 'auth', as: 'staff', token: 'staff-token-1' },
      { t: 'watch', conversationId: 1, after: 2 },
      { t: 'send', conversationId: 1, clientId: 'console01-1', body: 'While offline' },
    ]);
  });

  it('a refused one stays with its reason; retry sends it again with its clientId, discard drops it', async () => {
    const h = await liveConversation();
    h.send({ type: 'reply.send', body: 'One' });
    h.send({ type: 'reply.send', body: 'Two' });
    h.send(frame({ t: 'error', errorCode: 'chat.rate.limited', clientId: 'console01-2' }));
    expect(h.context().outbox.map((o) => [o.clientId, o.status, o.errorCode])).toEqual([
      ['console01-1', 'sending', null],
      ['console01-2', 'failed', 'chat.rate.limited'],
    ]);
    h.send({ type: 'reply.retry', clientId: 'console01-2' });
    expect(h.frames.at(-1)).toEqual({ t: 'send', conversationId: 1, clientId: 'console01-2', body: 'Two' });
    h.send(frame({ t: 'error', errorCode: 'chat.rate.limited', clientId: 'console01-2' }));
    h.send({ type: 'reply.discard', clientId: 'console01-2' });
    expect(h.context().outbox.map((o) => o.clientId)).toEqual(['console01-1']);
    // A refusal naming no reply is shown until dismissed.
    h.send(frame({ t: 'error', errorCode: 'chat.conversation.not.found', clientId: null }));
    expect(h.context().notice).toBe('chat.conversation.not.found');
    h.send({ type: 'notice.dismiss' });
    expect(h.context().notice).toBeNull();
  });

  it('empty or too long replies are not sent', async () => {
    const h = await liveConversation();
    const before = h.frames.length;
    h.send({ type: 'reply.send', body: '   ' });
    h.send({ type: 'reply.send', body: 'x'.repeat(1001) });
    h.send({ type: 'reply.send', body: 'x'.repeat(1000) });
    expect(h.frames.length).toBe(before + 1);
  });

  it('replies confirmed by the loaded messages leave the outbox when the conversation opens again', async () => {
    const h = await liveConversation();
    h.send({ type: 'reply.send', body: 'Sent' });
    h.send({ type: 'conversation.leave' });
    h.send({ type: 'conversation.open', conversationId: 1 });
    h.messages.resolve({ ...minePage1, list: [...minePage1.list, message(1, 3, { author: 'staff', clientId: 'console01-1', body: 'Sent' })] });
    await flush();
    expect(h.context().outbox).toEqual([]);
  });
});

describe('staff console machine: the history', () => {
  it('searches by a trimmed text, pages, and refuses pages that are not there', async () => {
    const h = start();
    h.send({ type: 'history.search', q: `  ${'a'.repeat(80)}  ` });
    expect(h.history.inputs).toEqual([{ token: 'staff-token-1', q: 'a'.repeat(64), pageNo: 1 }]);
    h.history.resolve(history1);
    await flush();
    h.send({ type: 'history.page', pageNo: 3 });
    h.send({ type: 'history.page', pageNo: 1 });
    expect(h.history.inputs).toHaveLength(1);
    h.send({ type: 'history.page', pageNo: 2 });
    h.history.resolve(history2);
    await flush();
    expect(h.history.inputs.at(-1)).toEqual({ token: 'staff-token-1', q: 'a'.repeat(64), pageNo: 2 });
    expect(h.context().history).toEqual(history2);
    h.send({ type: 'history.clear' });
    expect(h.context().history).toBeNull();
  });
});

describe('the queue as the console lists it', () => {
  it('unassigned first, then mine, then the others, each newest first', () => {
    const list = [
      summary(1, { staffId: 9, updatedAt: '2026-03-01T10:09:00.000Z' }),
      summary(2, { updatedAt: '2026-03-01T10:01:00.000Z' }),
      summary(3, { staffId: 7, updatedAt: '2026-03-01T10:05:00.000Z' }),
      summary(4, { updatedAt: '2026-03-01T10:07:00.000Z' }),
      summary(5, { staffId: 7, updatedAt: '2026-03-01T10:08:00.000Z' }),
    ];
    const groups = queueGroups(list, 7);
    expect(groups.unassigned.map((c) => c.id)).toEqual([4, 2]);
    expect(groups.mine.map((c) => c.id)).toEqual([5, 3]);
    expect(groups.others.map((c) => c.id)).toEqual([1]);
  });

  it('a loaded queue keeps what frames told while it loaded when that is newer; the rest is the answer', () => {
    const newer = summary(1, { lastSeq: 5, preview: 'newer' });
    // 1 and 3 were told while loading, 4 was held before (closed while the socket was down), 2 was closed meanwhile.
    expect(mergeQueue([open1, summary(2)], [newer, summary(3), summary(4)], [1, 2, 3]).map((c) => [c.id, c.preview])).toEqual([
      [1, 'newer'],
      [3, 'Hello?'],
    ]);
    expect(mergeQueue([newer], [open1], [1])[0]!.preview).toBe('newer');
    expect(mergeQueue([open1], [newer], [])[0]!.preview).toBe('Hello?');
    expect(upsertConversation([open1, summary(2)], closed1).map((c) => c.id)).toEqual([2]);
  });
});
