/**
 * The live chat through its socket and endpoints, as a member, a guest and
 * staff see it: delivery both ways, typing and read receipts, reconnection
 * without loss or duplicates, a message sent twice written once, the rate
 * limit, refusals (bad tokens, trial accounts, another staff member's
 * conversation, the switch off), and the staff's queue and history.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatGuestEndpoint,
  chatLaunchEndpoint,
  chatSendBurst,
  chatUnreadEndpoint,
  staffAssignEndpoint,
  staffCloseEndpoint,
  staffHistoryEndpoint,
  staffLoginEndpoint,
  staffMessagesEndpoint,
  staffQueueEndpoint,
} from '../../../contract/chat.ts';
import { chatMessages } from '../../db/schema-chat.ts';
import { merchants } from '../../db/schema.ts';
import { type ChatSocketClient, chatSocketUrl, isFrame, isMessage, openChatSocket } from '../../test/chat-socket-client.ts';
import { createHarness, failureOf, type Harness } from '../../test/identity-harness.ts';
import { createMember, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { saveStaff } from './staff.ts';

let h: Harness;
let url: string;
const sockets: ChatSocketClient[] = [];

async function open(): Promise<ChatSocketClient> {
  const socket = await openChatSocket(url);
  sockets.push(socket);
  return socket;
}

async function staffSession(username: string) {
  const c = h.client();
  const { token } = await c.call(staffLoginEndpoint, { body: { username, password: 'Staff#2026' } });
  c.token = token;
  const socket = await open();
  socket.send({ t: 'auth', as: 'staff', token });
  await socket.next(isFrame('ready'));
  return { c, token, socket };
}

async function memberSession(username: string) {
  await createMember(h.testDb.db, username);
  const c = await signIn(h, username);
  const socket = await open();
  socket.send({ t: 'auth', as: 'member', token: c.token! });
  const ready = await socket.next(isFrame('ready'));
  return { c, socket, ready };
}

let clientIds = 0;
const clientId = () => `test-${String(++clientIds).padStart(6, '0')}`;

beforeAll(async () => {
  h = await createHarness();
  await saveStaff(h.testDb.db, 'DEMO', 'alice', 'Alice', 'Staff#2026');
  await saveStaff(h.testDb.db, 'DEMO', 'bob', 'Bob', 'Staff#2026');
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = chatSocketUrl(address);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
});

describe('a member and staff', () => {
  it('talk both ways, with typing, read receipts and the queue', async () => {
    const staff = await staffSession('alice');
    const member = await memberSession('chat_m1');
    expect(member.ready.conversationId).toBeNull();

    member.socket.send({ t: 'send', clientId: clientId(), body: 'Hello, my deposit is late' });
    const echo = await member.socket.next(isFrame('message'));
    expect(echo.message).toMatchObject({ seq: 1, author: 'member', body: 'Hello, my deposit is late', kind: 'text' });
    const conversationId = echo.message.conversationId;

    const line = await staff.socket.next((f) => f.t === 'conversation' && f.conversation.id === conversationId);
    expect(line).toMatchObject({ conversation: { visitor: 'chat_m1', guest: false, unread: 1, staffId: null, status: 'open' } });
    const queue = await staff.c.call(staffQueueEndpoint);
    expect(queue.list.map((c) => c.id)).toContain(conversationId);

    staff.socket.send({ t: 'watch', conversationId, after: 0 });
    await staff.socket.next(isMessage((m) => m.body === 'Hello, my deposit is late'));

    member.socket.send({ t: 'typing' });
    await staff.socket.next((f) => f.t === 'typing' && f.from === 'visitor');

    staff.socket.send({ t: 'send', conversationId, clientId: clientId(), body: 'Let me check, see https://example.com/help' });
    const assigned = await member.socket.next(isMessage((m) => m.kind === 'assigned'));
    expect(assigned.message).toMatchObject({ seq: 2, author: 'system', staffName: 'Alice' });
    const reply = await member.socket.next(isMessage((m) => m.author === 'staff'));
    expect(reply.message).toMatchObject({ seq: 3, staffName: 'Alice', body: 'Let me check, see https://example.com/help', clientId: expect.any(String) });

    expect(await member.c.call(chatUnreadEndpoint, { query: { module: 'CBS3' } })).toEqual({ unReadCount: 1 });
    member.socket.send({ t: 'read', seq: 3 });
    await staff.socket.next((f) => f.t === 'read' && f.by === 'visitor' && f.seq === 3);
    expect(await member.c.call(chatUnreadEndpoint, { query: { module: 'CBS3' } })).toEqual({ unReadCount: 0 });

    staff.socket.send({ t: 'read', conversationId, seq: 3 });
    await member.socket.next((f) => f.t === 'read' && f.by === 'staff' && f.seq === 3);
    // A colleague opening the conversation later learns what the member has seen.
    const colleague = await staffSession('bob');
    colleague.socket.send({ t: 'watch', conversationId, after: 3 });
    await colleague.socket.next((f) => f.t === 'read' && f.by === 'visitor' && f.seq === 3);

    member.socket.send({ t: 'send', clientId: clientId(), body: 'Thank you!' });
    await staff.socket.next(isMessage((m) => m.body === 'Thank you!'));
    await member.socket.next(isMessage((m) => m.body === 'Thank you!'));

    // Each side received each message once, in order.
    expect(member.socket.messages().map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(staff.socket.messages().map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('a member who reconnects receives what was missed, in order, once; a message sent again is written once', async () => {
    const staff = await staffSession('alice');
    const first = await memberSession('chat_m2');
    const sent = clientId();
    first.socket.send({ t: 'send', clientId: sent, body: 'first' });
    const echo = await first.socket.next(isFrame('message'));
    const conversationId = echo.message.conversationId;
    staff.socket.send({ t: 'watch', conversationId, after: 0 });
    await staff.socket.next(isMessage((m) => m.conversationId === conversationId));
    first.socket.close();
    await first.socket.closeCode;

    for (const body of ['one', 'two', 'three']) staff.socket.send({ t: 'send', conversationId, clientId: clientId(), body });
    await staff.socket.next(isMessage((m) => m.body === 'three'));

    const again = await open();
    again.send({ t: 'auth', as: 'member', token: first.c.token!, conversationId, after: 1 });
    await again.next(isMessage((m) => m.body === 'three'));
    expect(again.messages().map((m) => [m.seq, m.body])).toEqual([
      [2, ''],
      [3, 'one'],
      [4, 'two'],
      [5, 'three'],
    ]);

    // The first message sent again (its answer was lost in a cut): nothing new is written.
    again.send({ t: 'send', clientId: sent, body: 'first' });
    again.send({ t: 'send', clientId: clientId(), body: 'after' });
    await again.next(isMessage((m) => m.body === 'after'));
    const [stored] = await h.testDb.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    expect(stored?.n).toBe(6);
    expect(again.messages().map((m) => m.seq)).toEqual([2, 3, 4, 5, 6]);
  });

  it('staff who reply in a conversation they did not watch receive their reply and what follows', async () => {
    const staff = await staffSession('alice');
    const member = await memberSession('chat_m6');
    member.socket.send({ t: 'send', clientId: clientId(), body: 'anyone there?' });
    const { message } = await member.socket.next(isFrame('message'));
    staff.socket.send({ t: 'send', conversationId: message.conversationId, clientId: clientId(), body: 'yes' });
    await staff.socket.next(isMessage((m) => m.body === 'yes'));
    member.socket.send({ t: 'send', clientId: clientId(), body: 'thanks' });
    await staff.socket.next(isMessage((m) => m.body === 'thanks'));
    expect(staff.socket.messages().map((m) => [m.seq, m.kind])).toEqual([
      [2, 'assigned'],
      [3, 'text'],
      [4, 'text'],
    ]);
  });

  it('refuses a flood of messages without writing them', async () => {
    const member = await memberSession('chat_m3');
    const ids = Array.from({ length: chatSendBurst + 2 }, () => clientId());
    for (const id of ids) member.socket.send({ t: 'send', clientId: id, body: `m ${id}` });
    const refused = await member.socket.next((f) => f.t === 'error' && f.errorCode === 'chat.rate.limited');
    expect(ids.slice(chatSendBurst)).toContain(refused.t === 'error' ? refused.clientId : null);
    await member.socket.next(isMessage((m) => m.seq === chatSendBurst));
    const [stored] = await h.testDb.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.conversationId, member.socket.messages()[0]!.conversationId));
    expect(stored?.n).toBe(chatSendBurst);
  });

  it('keeps text as text and refuses what is not a message', async () => {
    const member = await memberSession('chat_m4');
    member.socket.send({ t: 'send', clientId: clientId(), body: '<img src=x onerror=alert(1)> & "quotes"' });
    const echo = await member.socket.next(isFrame('message'));
    expect(echo.message.body).toBe('<img src=x onerror=alert(1)> & "quotes"');
    member.socket.send({ t: 'send', clientId: clientId(), body: 'bell \u0007' });
    member.socket.send({ t: 'send', clientId: clientId(), body: '   ' });
    member.socket.send({ t: 'send', clientId: clientId(), body: 'x'.repeat(1001) });
    member.socket.send({ t: 'nonsense' });
    await member.socket.next((f) => f.t === 'error' && f.errorCode === 'chat.frame.invalid');
    expect(member.socket.frames.filter((f) => f.t === 'error' && f.errorCode === 'chat.message.invalid')).toHaveLength(3);
  });
});

describe('refusals', () => {
  it('closes a socket whose token is not valid, and refuses trial accounts', async () => {
    const socket = await open();
    socket.send({ t: 'auth', as: 'member', token: 'not-a-real-token' });
    await socket.next((f) => f.t === 'error' && f.errorCode === 'chat.auth.invalid');
    expect(await socket.closeCode).toBe(4401);

    const staffSocket = await open();
    staffSocket.send({ t: 'auth', as: 'staff', token: 'not-a-real-token' });
    expect(await staffSocket.closeCode).toBe(4401);

    const trial = await signInTrial(h);
    const trialSocket = await open();
    trialSocket.send({ t: 'auth', as: 'member', token: trial.token! });
    await trialSocket.next((f) => f.t === 'error' && f.errorCode === 'free_reject');
    expect(await trialSocket.closeCode).toBe(4401);
    expect((await failureOf(trial.call(chatUnreadEndpoint, { query: { module: 'CBS3' } }))).errorCode).toBe('free_reject');
    expect((await failureOf(trial.call(chatLaunchEndpoint))).errorCode).toBe('free_reject');
  });

  it('does not let staff write in a colleague’s conversation, and 404s what is not theirs', async () => {
    const alice = await staffSession('alice');
    const bob = await staffSession('bob');
    const member = await memberSession('chat_m5');
    member.socket.send({ t: 'send', clientId: clientId(), body: 'hi' });
    const { message } = await member.socket.next(isFrame('message'));
    const assigned = await alice.c.call(staffAssignEndpoint, { body: { conversationId: message.conversationId } });
    expect(assigned).toMatchObject({ staffName: 'Alice', staffId: expect.any(Number) });
    expect((await failureOf(bob.c.call(staffAssignEndpoint, { body: { conversationId: message.conversationId } }))).errorCode).toBe('chat.conversation.taken');
    const id = clientId();
    bob.socket.send({ t: 'send', conversationId: message.conversationId, clientId: id, body: 'mine now' });
    await bob.socket.next((f) => f.t === 'error' && f.errorCode === 'chat.conversation.taken' && f.clientId === id);
    expect((await failureOf(bob.c.call(staffMessagesEndpoint, { query: { conversationId: 999_999, before: undefined } }))).errorCode).toBe('chat.conversation.not.found');
    expect((await failureOf(member.c.call(staffQueueEndpoint))).errorCode).toBe('chat.auth.invalid');
  });

  it('answers chat.disabled while the merchant’s live chat switch is off', async () => {
    const [row] = await h.testDb.db.select({ switches: merchants.switches }).from(merchants).where(eq(merchants.code, 'DEMO'));
    await h.testDb.db.update(merchants).set({ switches: { ...row!.switches, CBS3: false } }).where(eq(merchants.code, 'DEMO'));
    try {
      expect((await failureOf(h.client().call(chatLaunchEndpoint))).errorCode).toBe('chat.disabled');
      const socket = await open();
      socket.send({ t: 'auth', as: 'guest', token: 'whatever-token' });
      await socket.next((f) => f.t === 'error' && f.errorCode === 'chat.disabled');
    } finally {
      await h.testDb.db.update(merchants).set({ switches: row!.switches }).where(eq(merchants.code, 'DEMO'));
    }
    expect(await h.client().call(chatLaunchEndpoint)).toEqual({ chatUrl: '/m/chat' });
  });
});

describe('guests and the staff console', () => {
  it('a guest chats with a name and contact; staff close it and find it in the history', async () => {
    const staff = await staffSession('alice');
    const { token } = await h.client().call(chatGuestEndpoint, { body: { name: 'Visitor Vic', contact: 'vic@example.com' } });
    const guest = await open();
    guest.send({ t: 'auth', as: 'guest', token });
    expect((await guest.next(isFrame('ready'))).conversationId).not.toBeNull();
    guest.send({ t: 'send', clientId: clientId(), body: 'Is the bonus still on?' });
    const { message } = await guest.next(isFrame('message'));
    expect(message.author).toBe('guest');
    await staff.socket.next((f) => f.t === 'conversation' && f.conversation.id === message.conversationId && f.conversation.visitor === 'Visitor Vic');

    const closed = await staff.c.call(staffCloseEndpoint, { body: { conversationId: message.conversationId } });
    expect(closed).toMatchObject({ status: 'closed', guest: true, contact: 'vic@example.com' });
    await guest.next(isMessage((m) => m.kind === 'closed'));
    expect((await staff.c.call(staffQueueEndpoint)).list.map((c) => c.id)).not.toContain(message.conversationId);

    const found = await staff.c.call(staffHistoryEndpoint, { query: { q: 'bonus still', pageNo: 1 } });
    expect(found.list.map((c) => c.id)).toEqual([message.conversationId]);
    const byContact = await staff.c.call(staffHistoryEndpoint, { query: { q: 'vic@example', pageNo: 1 } });
    expect(byContact.list.map((c) => c.id)).toEqual([message.conversationId]);
    const full = await staff.c.call(staffMessagesEndpoint, { query: { conversationId: message.conversationId, before: undefined } });
    expect(full.list.map((m) => m.kind)).toEqual(['text', 'closed']);

    // The guest writes again: the conversation opens again.
    guest.send({ t: 'send', clientId: clientId(), body: 'One more thing' });
    await staff.socket.next((f) => f.t === 'conversation' && f.conversation.id === message.conversationId && f.conversation.status === 'open');
  });

  it('a wrong staff password is refused the same way as an unknown name', async () => {
    const c = h.client();
    expect((await failureOf(c.call(staffLoginEndpoint, { body: { username: 'alice', password: 'wrong' } }))).errorCode).toBe('chat.staff.login.failed');
    expect((await failureOf(c.call(staffLoginEndpoint, { body: { username: 'nobody', password: 'Staff#2026' } }))).errorCode).toBe('chat.staff.login.failed');
  });
});
