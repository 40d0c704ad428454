import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
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
}

export async function findAnnouncements(db: Database, filter: AnnouncementFilter) {
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, filter.merchantCode),
        inArray(announcements.type, filter.types),
        filter.groupName === undefined ? isNull(announcements.groupName) : eq(announcements.groupName, filter.groupName),
        inArray(announcements.platform, [filter.platform, 'ALL']),
        lte(announcements.startDate, filter.today),
        or(isNull(announcements.endDate), gte(announcements.endDate, filter.today)),
      ),
    )
    .orderBy(asc(announcements.sequence), asc(announcements.id));
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
