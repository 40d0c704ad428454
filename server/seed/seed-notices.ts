/**
 * Demo read state of announcements: player1 and agent1 have read a few of
 * them, so the demo accounts show read and unread ones (docs/messaging.md).
 * Seeded once, when no member of the merchant has read anything.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { announcements } from '../db/schema-catalogue.ts';
import { announcementReads } from '../db/schema-notices.ts';
import { members } from '../db/schema.ts';

const readByDemo: Record<string, string[]> = {
  player1: ['Responsible gaming', '理性游戏', 'Deposit bonus 258', '首存奖励 258'],
  agent1: ['Responsible gaming', '理性游戏', 'Agent training', '代理培训'],
};

export async function seedNoticeReadsIfEmpty(db: Database, merchantCode: string): Promise<boolean> {
  const demo = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), inArray(members.username, Object.keys(readByDemo))));
  if (demo.length === 0) return false;
  const [already] = await db
    .select({ memberId: announcementReads.memberId })
    .from(announcementReads)
    .where(inArray(announcementReads.memberId, demo.map((m) => m.id)))
    .limit(1);
  if (already) return false;
  const rows = await db
    .select({ id: announcements.id, title: announcements.title })
    .from(announcements)
    .where(eq(announcements.merchantCode, merchantCode));
  const now = new Date();
  const reads = demo.flatMap((member) =>
    rows.filter((a) => readByDemo[member.username]?.includes(a.title)).map((a) => ({ memberId: member.id, announcementId: a.id, readAt: now })),
  );
  if (reads.length === 0) return false;
  await db.insert(announcementReads).values(reads).onConflictDoNothing();
  return true;
}
