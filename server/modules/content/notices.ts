/**
 * Announcements as a member reads them (spec sections 4, 6 and 7): marking
 * one read, the notice screen's unread count and the agents' notices.
 *
 * - Marking read needs a session; a trial account (type 4) is refused
 *   (`trial.forbidden`); an announcement that is not this merchant's, not
 *   current (not started, ended or retired) or not for the member's role
 *   (agent notices, A, are for agents only) is `announcement.not.found`.
 *   Marking one read twice changes nothing.
 * - The unread count counts the notice screen's announcements (B, PL, PU
 *   without a group, mobile, in the reader's language with its fallback);
 *   a trial account has none (spec section 4: everything counts as read).
 * - Agent notices (A, group m_home) are for agents; others get
 *   `request.forbidden`.
 */
import type { AnnouncementType } from '../../../contract/content.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { agentNoticeGroup, noticeTypes } from '../../../contract/notices.ts';
import { agentTypes, trialTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../http/app-error.ts';
import { findCurrentAnnouncement, insertAnnouncementRead } from './queries.ts';
import { type AnnouncementReader, readerAnnouncements, todayUtc } from './service.ts';

const isAgent = (type: number) => (agentTypes as readonly number[]).includes(type);
const isTrial = (type: number) => (trialTypes as readonly number[]).includes(type);

const trialRefused = () => new AppError(403, errorCodes.trialForbidden, 'Please log in to a real account to use this function');

export interface ReaderLanguage {
  language: string;
  merchantDefault: string;
}

export async function markAnnouncementRead(
  db: Database,
  merchantCode: string,
  reader: AnnouncementReader,
  announcementId: number,
  now: Date,
): Promise<{ announcementId: number; read: boolean }> {
  if (isTrial(reader.type)) throw trialRefused();
  const row = await findCurrentAnnouncement(db, merchantCode, announcementId, todayUtc(now));
  if (!row || (row.type === 'A' && !isAgent(reader.type))) {
    throw new AppError(404, errorCodes.announcementNotFound, 'The announcement does not exist or is no longer shown.');
  }
  await insertAnnouncementRead(db, reader.memberId, row.id, now);
  return { announcementId: row.id, read: true };
}

export async function announcementUnreadCount(
  db: Database,
  merchantCode: string,
  reader: AnnouncementReader,
  language: ReaderLanguage,
  now: Date,
): Promise<number> {
  if (isTrial(reader.type)) return 0;
  const list = await readerAnnouncements(
    db,
    merchantCode,
    { types: noticeTypes.split(',') as AnnouncementType[], platform: 'M', ...language },
    reader,
    now,
  );
  return list.filter((a) => !a.read).length;
}

export async function agentNotices(
  db: Database,
  merchantCode: string,
  reader: AnnouncementReader,
  query: { groupName?: string } & ReaderLanguage,
  now: Date,
) {
  if (!isAgent(reader.type)) {
    throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
  }
  const list = await readerAnnouncements(
    db,
    merchantCode,
    { types: ['A'], groupName: query.groupName ?? agentNoticeGroup, platform: 'M', language: query.language, merchantDefault: query.merchantDefault },
    reader,
    now,
  );
  return { list, footer: { unreadCount: list.filter((a) => !a.read).length } };
}
