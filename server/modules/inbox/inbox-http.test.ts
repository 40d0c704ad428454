/**
 * The inbox over HTTP: paging, reading, deleting, broadcasts per member,
 * unread counts, authorisation (another member's message and another
 * merchant's broadcast are "not found" and never read or changed), trial
 * refusal and bad input.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxDeleteEndpoint, inboxListEndpoint, inboxReadEndpoint, inboxUnreadEndpoint } from '../../../contract/inbox.ts';
import { memberMessageReceipts, memberMessages } from '../../db/schema-inbox.ts';
import { members, merchants } from '../../db/schema.ts';
import { demoMerchant } from '../../seed/seed.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { executeInboxCommand } from './admin-commands.ts';
import { createInboxService, type InboxService } from './service.ts';

let h: Harness;
/** Sends with the real clock: members are created with the database's clock, and a broadcast reaches accounts older than it. */
let inbox: InboxService;
let count = 0;

beforeAll(async () => {
  h = await createHarness();
  inbox = createInboxService(h.testDb.db, () => new Date());
});
afterAll(async () => {
  await h?.close();
});

async function freshReader(prefix = 'inbox'): Promise<{ client: TestClient; id: number; username: string }> {
  const member = await createMember(h.testDb.db, `${prefix}${++count}x`);
  return { client: await signIn(h, member.username), id: member.id, username: member.username };
}

const texts = (title: string, cnTitle?: string) => ({
  EN: { title, body: `${title}: the body.\nSecond line.` },
  ...(cnTitle ? { CN: { title: cnTitle, body: `${cnTitle}：正文。` } } : {}),
});

const send = (memberId: number | null, title: string, cnTitle?: string) =>
  inbox.send({ merchantCode: 'DEMO', memberId, texts: texts(title, cnTitle) });

describe('inbox list', () => {
  it('pages the member’s messages newest first with pageNum and totalPages', async () => {
    const alice = await freshReader();
    for (let i = 1; i <= 5; i++) await send(alice.id, `Message ${i}`);
    const first = await alice.client.call(inboxListEndpoint, { query: { pageNo: 1, pageSize: 2 } });
    expect(first.list.map((m) => m.title)).toEqual(['Message 5', 'Message 4']);
    expect(first).toMatchObject({ pageNum: 1, totalPages: 3, total: 5 });
    const last = await alice.client.call(inboxListEndpoint, { query: { pageNo: 3, pageSize: 2 } });
    expect(last.list.map((m) => m.title)).toEqual(['Message 1']);
    expect(last.list[0]).toMatchObject({ kind: 'operator.message', body: 'Message 1: the body.\nSecond line.', read: false });
    const beyond = await alice.client.call(inboxListEndpoint, { query: { pageNo: 4, pageSize: 2 } });
    expect(beyond.list).toEqual([]);
    const defaults = await alice.client.call(inboxListEndpoint, { query: {} });
    expect(defaults).toMatchObject({ pageNum: 1, totalPages: 1, total: 5 });
  });

  it('is empty for a new member, and a broadcast sent before the account existed is not shown', async () => {
    await send(null, 'Sent before you joined');
    const bob = await freshReader();
    expect(await bob.client.call(inboxListEndpoint, { query: {} })).toEqual({ list: [], pageNum: 1, totalPages: 0, total: 0 });
    expect(await bob.client.call(inboxUnreadEndpoint)).toBe(0);
  });

  it('shows the reader’s language, else EN', async () => {
    const carol = await freshReader();
    await send(carol.id, 'Both languages', '两种语言');
    await send(carol.id, 'English only');
    const res = await rawCall(h.app, inboxListEndpoint, { headers: { authorization: carol.client.token!, language: 'CN' } });
    const value = (res.json as { value: { list: { title: string; body: string }[] } }).value;
    expect(value.list.map((m) => m.title)).toEqual(['English only', '两种语言']);
    expect(value.list[1]!.body).toBe('两种语言：正文。');
  });

  it('refuses bad page parameters with 400 request.invalid', async () => {
    const dave = await freshReader();
    for (const url of ['?pageNo=0', '?pageNo=abc', '?pageSize=51', '?pageSize=0', '?pageNo=1.5', '?pageNo=1&pageNo=2']) {
      const res = await rawCall(h.app, inboxListEndpoint, { url: `${inboxListEndpoint.path}${url}`, headers: { authorization: dave.client.token! } });
      expect([url, res.status, res.errorCode]).toEqual([url, 400, 'request.invalid']);
    }
  });

  it('needs a session', async () => {
    const anonymous = h.client();
    expect((await failureOf(anonymous.call(inboxListEndpoint, { query: {} }))).status).toBe(401);
    expect((await failureOf(anonymous.call(inboxUnreadEndpoint))).status).toBe(401);
  });
});

describe('reading a message', () => {
  it('answers the message in full, marks it read, and reading again changes nothing', async () => {
    const erin = await freshReader();
    const row = await send(erin.id, 'Read me');
    expect(await erin.client.call(inboxUnreadEndpoint)).toBe(1);
    const read = await erin.client.call(inboxReadEndpoint, { body: { id: row.id } });
    expect(read).toMatchObject({ id: row.id, title: 'Read me', body: 'Read me: the body.\nSecond line.', read: true });
    const [stored] = await h.testDb.db.select().from(memberMessages).where(eq(memberMessages.id, row.id));
    const firstRead = stored!.readAt;
    expect(firstRead).not.toBeNull();
    h.clock.advance(60_000);
    await erin.client.call(inboxReadEndpoint, { body: { id: row.id } });
    const [again] = await h.testDb.db.select().from(memberMessages).where(eq(memberMessages.id, row.id));
    expect(again!.readAt).toEqual(firstRead);
    expect(await erin.client.call(inboxUnreadEndpoint)).toBe(0);
    expect((await erin.client.call(inboxListEndpoint, { query: {} })).list[0]!.read).toBe(true);
  });

  it('refuses bad ids with 400 request.invalid and missing ones with 404 inbox.message.not.found', async () => {
    const fay = await freshReader();
    for (const payload of [{}, { id: 0 }, { id: -1 }, { id: 1.5 }, { id: '7' }, { id: null }, { id: 2 ** 60 }]) {
      const res = await rawCall(h.app, inboxReadEndpoint, { payload, headers: { authorization: fay.client.token! } });
      expect([payload, res.status, res.errorCode]).toEqual([payload, 400, 'request.invalid']);
      const del = await rawCall(h.app, inboxDeleteEndpoint, { payload, headers: { authorization: fay.client.token! } });
      expect([payload, del.status, del.errorCode]).toEqual([payload, 400, 'request.invalid']);
    }
    const missing = await failureOf(fay.client.call(inboxReadEndpoint, { body: { id: 999_999_999 } }));
    expect([missing.status, missing.errorCode]).toEqual([404, 'inbox.message.not.found']);
  });
});

describe('deleting a message', () => {
  it('removes it for the member; deleting again is not found; the unread count follows', async () => {
    const gus = await freshReader();
    const keep = await send(gus.id, 'Keep');
    const drop = await send(gus.id, 'Drop');
    expect(await gus.client.call(inboxUnreadEndpoint)).toBe(2);
    expect(await gus.client.call(inboxDeleteEndpoint, { body: { id: drop.id } })).toEqual({ id: drop.id, wasUnread: true });
    expect((await gus.client.call(inboxListEndpoint, { query: {} })).list.map((m) => m.id)).toEqual([keep.id]);
    expect(await gus.client.call(inboxUnreadEndpoint)).toBe(1);
    const again = await failureOf(gus.client.call(inboxDeleteEndpoint, { body: { id: drop.id } }));
    expect([again.status, again.errorCode]).toEqual([404, 'inbox.message.not.found']);
    const reread = await failureOf(gus.client.call(inboxReadEndpoint, { body: { id: drop.id } }));
    expect(reread.errorCode).toBe('inbox.message.not.found');
    await gus.client.call(inboxReadEndpoint, { body: { id: keep.id } });
    expect(await gus.client.call(inboxDeleteEndpoint, { body: { id: keep.id } })).toEqual({ id: keep.id, wasUnread: false });
  });
});

describe('broadcasts', () => {
  it('are one row read and deleted per member; the others keep it', async () => {
    const hal = await freshReader();
    const ivy = await freshReader();
    const row = await send(null, 'To everyone', '致全体会员');
    for (const reader of [hal, ivy]) {
      const { list } = await reader.client.call(inboxListEndpoint, { query: {} });
      expect(list.map((m) => [m.id, m.kind, m.read])).toEqual([[row.id, 'operator.broadcast', false]]);
      expect(await reader.client.call(inboxUnreadEndpoint)).toBe(1);
    }
    await hal.client.call(inboxReadEndpoint, { body: { id: row.id } });
    expect(await hal.client.call(inboxUnreadEndpoint)).toBe(0);
    expect(await ivy.client.call(inboxUnreadEndpoint)).toBe(1);
    expect((await ivy.client.call(inboxListEndpoint, { query: {} })).list[0]!.read).toBe(false);

    expect(await hal.client.call(inboxDeleteEndpoint, { body: { id: row.id } })).toEqual({ id: row.id, wasUnread: false });
    expect((await hal.client.call(inboxListEndpoint, { query: {} })).list).toEqual([]);
    expect((await ivy.client.call(inboxListEndpoint, { query: {} })).list.map((m) => m.id)).toEqual([row.id]);
    const [stored] = await h.testDb.db.select().from(memberMessages).where(eq(memberMessages.id, row.id));
    expect(stored).toMatchObject({ memberId: null, readAt: null, deletedAt: null });
    const receipts = await h.testDb.db.select().from(memberMessageReceipts).where(eq(memberMessageReceipts.messageId, row.id));
    expect(receipts.map((r) => r.memberId)).toEqual([hal.id]);

    expect(await ivy.client.call(inboxDeleteEndpoint, { body: { id: row.id } })).toEqual({ id: row.id, wasUnread: true });
    expect(await ivy.client.call(inboxUnreadEndpoint)).toBe(0);
  });

  it('reach an account made within the same millisecond only when sent after it, to the microsecond', async () => {
    const kim = await freshReader();
    await h.testDb.db.execute(sql`update ${members} set created_at = '2020-01-01T00:00:00.000500Z' where ${members.id} = ${kim.id}`);
    const before = await inbox.send({ merchantCode: 'DEMO', memberId: null, texts: texts('Just before'), createdAt: new Date('2020-01-01T00:00:00.000Z') });
    const after = await inbox.send({ merchantCode: 'DEMO', memberId: null, texts: texts('Just after'), createdAt: new Date('2020-01-01T00:00:00.001Z') });
    const { list } = await kim.client.call(inboxListEndpoint, { query: { pageSize: 50 } });
    expect(list.map((m) => m.id).filter((id) => id === before.id || id === after.id)).toEqual([after.id]);
  });

  it('of another merchant are not found, and not changed', async () => {
    await h.testDb.db.insert(merchants).values({ ...demoMerchant, code: 'OTHER', name: 'Other' }).onConflictDoNothing();
    const theirs = await inbox.send({ merchantCode: 'OTHER', memberId: null, texts: texts('Other merchant') });
    const jay = await freshReader();
    expect((await jay.client.call(inboxListEndpoint, { query: {} })).list).toEqual([]);
    for (const endpoint of [inboxReadEndpoint, inboxDeleteEndpoint]) {
      const failure = await failureOf(jay.client.call(endpoint, { body: { id: theirs.id } }));
      expect([failure.status, failure.errorCode]).toEqual([404, 'inbox.message.not.found']);
    }
    const receipts = await h.testDb.db.select().from(memberMessageReceipts).where(eq(memberMessageReceipts.messageId, theirs.id));
    expect(receipts).toEqual([]);
  });
});

describe('authorisation', () => {
  it("another member's message answers as a missing one and is never read or deleted", async () => {
    const kim = await freshReader();
    const lee = await freshReader();
    const kims = await send(kim.id, 'For Kim only');
    const missing = await failureOf(lee.client.call(inboxReadEndpoint, { body: { id: 999_999_998 } }));
    for (const endpoint of [inboxReadEndpoint, inboxDeleteEndpoint]) {
      const failure = await failureOf(lee.client.call(endpoint, { body: { id: kims.id } }));
      expect([failure.status, failure.errorCode, failure.message]).toEqual([missing.status, missing.errorCode, missing.message]);
    }
    expect((await lee.client.call(inboxListEndpoint, { query: {} })).list).toEqual([]);
    const [stored] = await h.testDb.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.id, kims.id), eq(memberMessages.memberId, kim.id)));
    expect(stored).toMatchObject({ readAt: null, deletedAt: null });
    expect(await kim.client.call(inboxUnreadEndpoint)).toBe(1);
  });

  it('refuses trial accounts with free_reject on every inbox call', async () => {
    const trial = await signInTrial(h);
    // Each call starts only when it is awaited: a refusal started earlier would reject with no handler yet.
    for (const call of [
      () => trial.call(inboxListEndpoint, { query: {} }),
      () => trial.call(inboxUnreadEndpoint),
      () => trial.call(inboxReadEndpoint, { body: { id: 1 } }),
      () => trial.call(inboxDeleteEndpoint, { body: { id: 1 } }),
    ]) {
      const failure = await failureOf(call());
      expect([failure.status, failure.errorCode]).toEqual([403, 'free_reject']);
    }
  });
});

describe('system messages beside operator messages', () => {
  it('are listed, read and counted the same way', async () => {
    const max = await freshReader();
    await h.app.identity.inbox.add({
      merchantCode: 'DEMO',
      memberId: max.id,
      kind: 'security.login.failures',
      titleId: 'inbox.security.loginFailures.title',
      bodyId: 'inbox.security.loginFailures.body',
      params: { count: 10 },
    });
    await send(max.id, 'Operator note');
    const { list } = await max.client.call(inboxListEndpoint, { query: {} });
    const system = list.find((m) => m.kind === 'security.login.failures')!;
    expect(system.title).toBe('Failed logins on your account');
    expect(await max.client.call(inboxUnreadEndpoint)).toBe(2);
    await max.client.call(inboxReadEndpoint, { body: { id: system.id } });
    expect(await max.client.call(inboxUnreadEndpoint)).toBe(1);
  });
});

describe('operator commands', () => {
  it('inbox send --to, --all and inbox list', async () => {
    const ned = await freshReader();
    const sent = await executeInboxCommand(h.testDb.db, {
      kind: 'inbox.send',
      merchant: 'DEMO',
      to: ned.username,
      texts: { EN: { title: 'From the operator', body: 'Hello' }, CN: { title: '运营消息', body: '你好' } },
    });
    expect(sent.inbox.to).toBe(ned.username);
    await executeInboxCommand(h.testDb.db, { kind: 'inbox.send', merchant: 'DEMO', to: null, texts: { EN: { title: 'To all', body: 'Hi all' } } });
    const listed = await executeInboxCommand(h.testDb.db, { kind: 'inbox.list', merchant: 'DEMO', to: ned.username });
    expect(listed.inbox.messages.map((m) => [m.title, m.read])).toEqual([
      ['To all', false],
      ['From the operator', false],
    ]);
    const cn = await rawCall(h.app, inboxListEndpoint, { headers: { authorization: ned.client.token!, language: 'CN' } });
    expect((cn.json as { value: { list: { title: string }[] } }).value.list.map((m) => m.title)).toEqual(['To all', '运营消息']);
  });

  it('refuses an unknown member, a trial account and blank or oversized texts', async () => {
    await expect(
      executeInboxCommand(h.testDb.db, { kind: 'inbox.send', merchant: 'DEMO', to: 'nobody_here', texts: { EN: { title: 'T', body: 'B' } } }),
    ).rejects.toMatchObject({ errorCode: 'member.not.found' });
    const trial = await createMember(h.testDb.db, `inboxtrial${++count}`, 4);
    await expect(
      executeInboxCommand(h.testDb.db, { kind: 'inbox.send', merchant: 'DEMO', to: trial.username, texts: { EN: { title: 'T', body: 'B' } } }),
    ).rejects.toMatchObject({ errorCode: 'request.invalid' });
    for (const text of [{ title: '  ', body: 'B' }, { title: 'T', body: 'x'.repeat(4001) }, { title: 'T\u0000', body: 'B' }]) {
      await expect(executeInboxCommand(h.testDb.db, { kind: 'inbox.send', merchant: 'DEMO', to: null, texts: { EN: text } })).rejects.toMatchObject({
        errorCode: 'request.invalid',
      });
    }
  });
});
