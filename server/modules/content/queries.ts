import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { announcementReads } from '../../db/schema-notices.ts';
import {
  announcements,
  banners,
  customerServiceLinks,
  downloadLinks,
  games,
  helpItems,
  type NewHelpItemRow,
  vendors,
} from '../../db/schema-catalogue.ts';

export async function findBanners(db: Database, merchantCode: string, groupName: string) {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.merchantCode, merchantCode), eq(banners.groupName, groupName)))
    .orderBy(asc(banners.sequence), asc(banners.id));
}

export async function findBannerForImage(db: Database, id: number) {
  const [row] = await db.select({ id: banners.id, title: banners.title }).from(banners).where(eq(banners.id, id)).limit(1);
  return row ?? null;
}

export interface AnnouncementFilter {
  merchantCode: string;
  types: string[];
  /** Exact group; undefined: announcements without a group. */
  groupName: string | undefined;
  platform: string;
  /** YYYY-MM-DD */
  today: string;
  /** The languages looked in (the caller keeps the first that has any). */
  languages: string[];
}

/** Current (started, not ended, not retired) announcements of the merchant. */
const isCurrent = (merchantCode: string, today: string) =>
  and(
    eq(announcements.merchantCode, merchantCode),
    isNull(announcements.retiredAt),
    lte(announcements.startDate, today),
    or(isNull(announcements.endDate), gte(announcements.endDate, today)),
  );

/** The filter's announcements in any of its languages, each with whether `memberId` has read it (false without a member). */
export async function findAnnouncements(db: Database, filter: AnnouncementFilter, memberId: number | null = null) {
  return db
    .select({
      id: announcements.id,
      type: announcements.type,
      title: announcements.title,
      content: announcements.content,
      startDate: announcements.startDate,
      endDate: announcements.endDate,
      language: announcements.language,
      readAt: announcementReads.readAt,
    })
    .from(announcements)
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.memberId, memberId ?? -1)),
    )
    .where(
      and(
        isCurrent(filter.merchantCode, filter.today),
        inArray(announcements.type, filter.types),
        inArray(announcements.language, filter.languages),
        filter.groupName === undefined ? isNull(announcements.groupName) : eq(announcements.groupName, filter.groupName),
        inArray(announcements.platform, [filter.platform, 'ALL']),
      ),
    )
    .orderBy(asc(announcements.sequence), asc(announcements.id));
}

/** One current announcement of the merchant by id, or null. */
export async function findCurrentAnnouncement(db: Database, merchantCode: string, id: number, today: string) {
  const [row] = await db
    .select({ id: announcements.id, type: announcements.type })
    .from(announcements)
    .where(and(eq(announcements.id, id), isCurrent(merchantCode, today)))
    .limit(1);
  return row ?? null;
}

/** Records that the member read the announcement (a second time changes nothing). */
export async function insertAnnouncementRead(db: Database, memberId: number, announcementId: number, now: Date) {
  await db.insert(announcementReads).values({ memberId, announcementId, readAt: now }).onConflictDoNothing();
}

export async function findCustomerServiceLinks(db: Database, merchantCode: string) {
  return db
    .select()
    .from(customerServiceLinks)
    .where(eq(customerServiceLinks.merchantCode, merchantCode))
    .orderBy(asc(customerServiceLinks.sequence), asc(customerServiceLinks.id));
}

export async function findDownloadLinks(db: Database, merchantCode: string) {
  return db
    .select()
    .from(downloadLinks)
    .where(eq(downloadLinks.merchantCode, merchantCode))
    .orderBy(asc(downloadLinks.sequence), asc(downloadLinks.id));
}

/** Vendors with at least one enabled game of the merchant, in vendor order. */
export async function findMerchantVendors(db: Database, merchantCode: string) {
  return db
    .selectDistinct({ code: vendors.code, name: vendors.name, sortOrder: vendors.sortOrder })
    .from(vendors)
    .innerJoin(games, and(eq(games.vassalage, vendors.code), eq(games.merchantCode, merchantCode), eq(games.enabled, true)))
    .orderBy(asc(vendors.sortOrder), asc(vendors.code));
}

/** The help items of a merchant in the given languages, in sequence. */
export async function findHelpItems(db: Database, merchantCode: string, languages: string[]) {
  return db
    .select()
    .from(helpItems)
    .where(and(eq(helpItems.merchantCode, merchantCode), inArray(helpItems.language, languages)))
    .orderBy(asc(helpItems.sequence), asc(helpItems.id));
}

/** Inserts help items; an item whose merchant, language and key already exist is left as it is. */
export async function insertHelpItems(db: Database, rows: NewHelpItemRow[]) {
  if (rows.length === 0) return;
  await db.insert(helpItems).values(rows).onConflictDoNothing();
}
