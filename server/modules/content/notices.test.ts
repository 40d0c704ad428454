import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementsEndpoint, homeAnnouncementTypes } from '../../../contract/content.ts';
import { agentNoticesEndpoint, announcementUnreadEndpoint, markAnnouncementReadEndpoint, noticeTypes } from '../../../contract/notices.ts';
import { parseAdminArgs } from '../../admin/cli.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { announcements } from '../../db/schema-catalogue.ts';
import { merchants } from '../../db/schema.ts';
import { demoMerchant } from '../../seed/seed.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, signIn, signInTrial } from '../../test/wallet-harness.ts';

let h: Harness;
let seq = 0;
const fresh = (prefix: string) => `${prefix}${process.pid % 1000}n${++seq}`;

async function member(type = 0): Promise<TestClient> {
  const username = fresh(type === 1 ? 'agt' : 'mem');
  await createMember(h.testDb.db, username, type);
  return signIn(h, username);
}

const titles = (list: { title: string }[]) => list.map((a) => a.title);

async function idOf(title: string, merchantCode = 'DEMO'): Promise<number> {
  const rows = await h.testDb.db.select({ id: announcements.id, merchantCode: announcements.merchantCode, title: announcements.title }).from(announcements).where(eq(announcements.title, title));
  const row = rows.find((r) => r.merchantCode === merchantCode);
  if (!row) throw new Error(`no announcement ${title}`);
  return row.id;
}

beforeAll(async () => {
  // The seed's announcement dates are relative to the real day, so the server's clock is the real one here.
  h = await createHarness({ identity: { now: () => new Date() } });
  await h.testDb.db.insert(merchants).values({ ...demoMerchant, code: 'OTHER', name: 'Other' });
  await h.testDb.db.insert(announcements).values([
    { merchantCode: 'OTHER', type: 'PL', title: 'Other merchant notice', content: '<p>x</p>', startDate: '2020-01-01' },
    { merchantCode: 'DEMO', type: 'PL', title: 'Future notice', content: '<p>x</p>', startDate: '2999-01-01' },
    { merchantCode: 'DEMO', type: 'PL', title: 'Retired notice', content: '<p>x</p>', startDate: '2020-01-01', retiredAt: new Date() },
  ]);
});
afterAll(async () => {
  await h.close();
});

describe('GET /wps/content/announcements per reader', () => {
  it('gives a guest the EN list, all unread, and no agent notices', async () => {
    const guest = h.client();
    const groups = await guest.call(announcementsEndpoint, { query: { types: 'A,PL' } });
    expect(titles(groups.player)).toEqual(['Scheduled maintenance', 'Responsible gaming', 'Security reminder']);
    expect(groups.agent).toEqual([]);
    expect(groups.player.every((a) => !a.read)).toBe(true);
  });

  it("answers in the reader's language, falling back to the merchant default (EN) where there is none", async () => {
    const guest = h.client();
    const cn = await guest.call(announcementsEndpoint, { query: { types: 'PL', language: 'CN' } });
    expect(titles(cn.player)).toEqual(['系统维护通知', '理性游戏', '安全提醒']);
    const zhCn = await guest.call(announcementsEndpoint, { query: { types: homeAnnouncementTypes, language: 'zh_CN' } });
    expect(titles(zhCn.hot)).toEqual(['欢迎来到幸运湾', '每周上新老虎机']);
    // No announcement in Thai: the merchant default's (EN).
    const th = await guest.call(announcementsEndpoint, { query: { types: 'PL', language: 'TH' } });
    expect(titles(th.player)).toEqual(['Scheduled maintenance', 'Responsible gaming', 'Security reminder']);
  });

  it('tells a member which ones they have read; an unknown token reads as a guest', async () => {
    const c = await member();
    await c.call(markAnnouncementReadEndpoint, { body: { announcementId: await idOf('Responsible gaming'), read: true } });
    const groups = await c.call(announcementsEndpoint, { query: { types: noticeTypes } });
    expect(groups.player.map((a) => [a.title, a.read])).toEqual([
      ['Scheduled maintenance', false],
      ['Responsible gaming', true],
      ['Security reminder', false],
    ]);
    const stranger = h.client({ token: 'not-a-token' });
    const asGuest = await stranger.call(announcementsEndpoint, { query: { types: 'PL' } });
    expect(asGuest.player.every((a) => !a.read)).toBe(true);
  });

  it('gives agents the agent notices', async () => {
    const agent = await member(1);
    const groups = await agent.call(announcementsEndpoint, { query: { types: 'A', groupName: 'm_home' } });
    expect(titles(groups.agent)).toEqual(['Agent commission update', 'Agent training']);
    const player = await member();
    expect((await player.call(announcementsEndpoint, { query: { types: 'A', groupName: 'm_home' } })).agent).toEqual([]);
  });
});

describe('PUT /wps/content/announcements/read', () => {
  it('marks one read and is idempotent; the unread count drops once', async () => {
    const c = await member();
    const before = await c.call(announcementUnreadEndpoint);
    // B, PL, PU without a group in EN: 3 player notices, 1 banner, 1 pop-up.
    expect(before).toBe(5);
    const id = await idOf('Daily check-in');
    expect(await c.call(markAnnouncementReadEndpoint, { body: { announcementId: id, read: true } })).toEqual({ announcementId: id, read: true });
    expect(await c.call(markAnnouncementReadEndpoint, { body: { announcementId: id, read: true } })).toEqual({ announcementId: id, read: true });
    expect(await c.call(announcementUnreadEndpoint)).toBe(4);
    // Another member's count is their own.
    expect(await (await member()).call(announcementUnreadEndpoint)).toBe(5);
  });

  it('needs a session', async () => {
    const res = await rawCall(h.app, markAnnouncementReadEndpoint, { payload: { announcementId: await idOf('Daily check-in'), read: true } });
    expect([res.status, res.errorCode]).toEqual([401, 'user.or.token.invalid']);
  });

  it('refuses a trial account and records nothing', async () => {
    const trial = await signInTrial(h);
    const failure = await failureOf(trial.call(markAnnouncementReadEndpoint, { body: { announcementId: await idOf('Daily check-in'), read: true } }));
    expect([failure.status, failure.errorCode]).toEqual([403, 'trial.forbidden']);
    expect(await trial.call(announcementUnreadEndpoint)).toBe(0);
  });

  it.each(['Other merchant notice', 'Future notice', 'Retired notice', 'Expired notice'])('answers 404 for %s', async (title) => {
    const c = await member();
    const id = await idOf(title, title === 'Other merchant notice' ? 'OTHER' : 'DEMO');
    const failure = await failureOf(c.call(markAnnouncementReadEndpoint, { body: { announcementId: id, read: true } }));
    expect([failure.status, failure.errorCode]).toEqual([404, 'announcement.not.found']);
  });

  it("answers 404 to a player for an agent notice and to anyone for an id that does not exist", async () => {
    const c = await member();
    const agentNotice = await failureOf(c.call(markAnnouncementReadEndpoint, { body: { announcementId: await idOf('Agent training'), read: true } }));
    expect([agentNotice.status, agentNotice.errorCode]).toEqual([404, 'announcement.not.found']);
    const none = await failureOf(c.call(markAnnouncementReadEndpoint, { body: { announcementId: 2_000_000_000, read: true } }));
    expect(none.errorCode).toBe('announcement.not.found');
  });

  it.each([{ announcementId: 1, read: false }, { announcementId: -1, read: true }, { announcementId: 1.5, read: true }, {}])(
    'answers 400 to %j',
    async (payload) => {
      const c = await member();
      const res = await rawCall(h.app, markAnnouncementReadEndpoint, { headers: { authorization: c.token ?? '' }, payload });
      expect([res.status, res.errorCode]).toEqual([400, 'request.invalid']);
    },
  );
});

describe('GET /wps/content/announcements/agent', () => {
  it('lists the agent notices with the unread count, which drops when one is read', async () => {
    const agent = await member(1);
    const first = await agent.call(agentNoticesEndpoint, { query: { types: 'A', groupName: 'm_home' } });
    expect(titles(first.list)).toEqual(['Agent commission update', 'Agent training']);
    expect(first.footer.unreadCount).toBe(2);
    await agent.call(markAnnouncementReadEndpoint, { body: { announcementId: first.list[1]!.announcementId, read: true } });
    const second = await agent.call(agentNoticesEndpoint, { query: { types: 'A' } });
    expect(second.list.map((a) => a.read)).toEqual([false, true]);
    expect(second.footer.unreadCount).toBe(1);
    // The player notices are counted apart.
    expect(await agent.call(announcementUnreadEndpoint)).toBe(5);
  });

  it('answers in Chinese to a CN reader', async () => {
    const agent = await member(1);
    const res = await rawCall(h.app, agentNoticesEndpoint, { headers: { authorization: agent.token ?? '', language: 'CN' } });
    const value = (res.json as { value: { list: { title: string }[] } }).value;
    expect(value.list.map((a) => a.title)).toEqual(['代理佣金调整', '代理培训']);
  });

  it('refuses players, trial accounts and guests', async () => {
    const player = await failureOf((await member()).call(agentNoticesEndpoint, { query: {} }));
    expect([player.status, player.errorCode]).toEqual([403, 'request.forbidden']);
    const trial = await failureOf((await signInTrial(h)).call(agentNoticesEndpoint, { query: {} }));
    expect(trial.errorCode).toBe('request.forbidden');
    const guest = await failureOf(h.client().call(agentNoticesEndpoint, { query: {} }));
    expect([guest.status, guest.errorCode]).toEqual([401, 'user.or.token.invalid']);
  });
});

describe('operator CLI: announcements publish, list, retire', () => {
  const run = async (argv: string[]) => {
    const parsed = parseAdminArgs(argv);
    if (!('command' in parsed)) throw new Error(JSON.stringify(parsed));
    return executeAdminCommand(h.testDb.db, parsed.command);
  };

  it('publishes a script-free announcement members see, lists it and retires it', async () => {
    const c = await member();
    const published = await run(['announcements', 'publish', '--type', 'PL', '--title', 'Cup final', '--content', '<p onclick="x()">Watch live</p><script>alert(1)</script>', '--language', 'en', '--start', '2020-01-01']);
    if (!('announcements' in published)) throw new Error('no announcements view');
    const id = published.announcements[0]!.id;
    const [row] = await h.testDb.db.select().from(announcements).where(eq(announcements.id, id));
    expect([row?.content, row?.language, row?.startDate, row?.endDate]).toEqual(['<p>Watch live</p>', 'EN', '2020-01-01', null]);
    expect(titles((await c.call(announcementsEndpoint, { query: { types: 'PL' } })).player)).toContain('Cup final');
    expect(await c.call(announcementUnreadEndpoint)).toBe(6);
    const listed = await run(['announcements', 'list']);
    expect('announcements' in listed && listed.announcements.find((a) => a.id === id)?.retired).toBe(false);
    await run(['announcements', 'retire', String(id)]);
    expect(titles((await c.call(announcementsEndpoint, { query: { types: 'PL' } })).player)).not.toContain('Cup final');
    expect(await c.call(announcementUnreadEndpoint)).toBe(5);
    const again = await run(['announcements', 'list']);
    expect('announcements' in again && again.announcements.find((a) => a.id === id)?.retired).toBe(true);
  });

  it('refuses an unknown id and another merchant\'s announcement', async () => {
    await expect(run(['announcements', 'retire', '2000000000'])).rejects.toMatchObject({ errorCode: 'announcement.not.found' });
    const other = await idOf('Other merchant notice', 'OTHER');
    await expect(run(['announcements', 'retire', String(other)])).rejects.toMatchObject({ errorCode: 'announcement.not.found' });
  });

  it.each([
    [['announcements', 'publish', '--type', 'PL', '--title', 'x', '--content', '<p>x</p>']],
    [['announcements', 'publish', '--type', 'ZZ', '--title', 'x', '--content', '<p>x</p>', '--language', 'EN']],
    [['announcements', 'publish', '--type', 'PL', '--title', 'x', '--content', '<p>x</p>', '--language', 'EN', '--start', '2026-13-45']],
    [['announcements', 'retire', 'abc']],
    [['announcements', 'list', '--type', 'PL']],
  ])('rejects %j', (argv) => {
    expect(parseAdminArgs(argv)).toHaveProperty('error');
  });
});
