/**
 * The demo inbox: messages from the operator in English and Chinese to the
 * demo accounts (player1, mobile1, agent1), some read and some unread, and
 * one broadcast to every member. Seeded only when the merchant has no
 * operator message yet.
 */
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { type InboxTexts, memberMessages } from '../db/schema-inbox.ts';
import { members } from '../db/schema.ts';
import { createInboxService } from '../modules/inbox/service.ts';
import { demoAccounts } from './seed-members.ts';

interface DemoMessage {
  to: string;
  hoursAgo: number;
  read: boolean;
  texts: InboxTexts;
}

const welcome: InboxTexts = {
  EN: {
    title: 'Welcome to Lucky Bay',
    body: 'Thank you for joining Lucky Bay.\n\nYour account is ready: make your first deposit from the Deposit tab and pick a game from the lobby. Our customer service is open around the clock if you need a hand.',
  },
  CN: {
    title: '欢迎来到 Lucky Bay',
    body: '感谢您加入 Lucky Bay。\n\n您的账户已经开通：在“充值”页进行首次充值，然后在大厅挑选游戏。如需帮助，客服全天候在线。',
  },
};

const demoMessages: DemoMessage[] = [
  { to: demoAccounts.player.username, hoursAgo: 72, read: true, texts: welcome },
  {
    to: demoAccounts.player.username,
    hoursAgo: 5,
    read: false,
    texts: {
      EN: {
        title: 'Your weekend bonus is waiting',
        body: 'Deposit ₱500 or more this weekend and get a 20% bonus, up to ₱2,000. The bonus is credited at once and has a 10x wagering requirement.',
      },
      CN: {
        title: '您的周末奖金已就绪',
        body: '本周末充值 ₱500 或以上即可获得 20% 奖金，最高 ₱2,000。奖金即时到账，需完成 10 倍流水。',
      },
    },
  },
  { to: demoAccounts.mobile.username, hoursAgo: 48, read: false, texts: welcome },
  {
    to: demoAccounts.mobile.username,
    hoursAgo: 2,
    read: true,
    texts: {
      EN: { title: 'Mobile number verified', body: 'Your mobile number is verified. You can now log in with an SMS code and reset your password by SMS.' },
      CN: { title: '手机号码已验证', body: '您的手机号码已通过验证。现在可以使用短信验证码登录，也可以通过短信重置密码。' },
    },
  },
  {
    to: demoAccounts.agent.username,
    hoursAgo: 24,
    read: false,
    texts: {
      EN: {
        title: 'Your commission report is ready',
        body: "Last week's team commission report is ready. Open the agent center to see your team's bets, profit and loss and rebates.",
      },
      CN: { title: '佣金报表已生成', body: '上周的团队佣金报表已生成。请打开代理中心查看团队的投注、盈亏和返水。' },
    },
  },
];

const broadcast: InboxTexts = {
  EN: {
    title: 'Scheduled maintenance on Sunday',
    body: 'The site will be under maintenance on Sunday from 02:00 to 04:00. Your balance and open bets are safe; games cannot be played during that time.',
  },
  CN: {
    title: '周日例行维护通知',
    body: '本站将于周日 02:00 至 04:00 进行系统维护。您的余额和未结算注单都是安全的；维护期间无法进行游戏。',
  },
};

export async function seedInboxIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ n: count() })
    .from(memberMessages)
    .where(and(eq(memberMessages.merchantCode, merchantCode), isNotNull(memberMessages.texts)));
  if ((existing?.n ?? 0) > 0) return false;
  const names = [...new Set(demoMessages.map((m) => m.to))];
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), inArray(members.username, names)));
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const inbox = createInboxService(db, () => now);
  for (const message of demoMessages) {
    const memberId = idOf.get(message.to);
    if (memberId === undefined) continue;
    const createdAt = new Date(now.getTime() - message.hoursAgo * 3600_000);
    const row = await inbox.send({ merchantCode, memberId, texts: message.texts, createdAt });
    if (message.read) await db.update(memberMessages).set({ readAt: createdAt }).where(eq(memberMessages.id, row.id));
  }
  // Sent now: every demo account (created before) sees it; accounts registered later do not (docs/inbox.md).
  await inbox.send({ merchantCode, memberId: null, texts: broadcast, createdAt: now });
  return true;
}
