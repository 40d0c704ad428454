/**
 * Public content rules: banners by group; announcements of the asked types,
 * for the platform (M by default) and current (startDate <= today, no endDate
 * or endDate >= today), grouped by type; footer data.
 */
import {
  type Announcement,
  type AnnouncementGroups,
  type AnnouncementType,
  announcementGroupOf,
  type Banner,
  type CustomerServiceLink,
  csTypes,
  type DownloadLink,
  downloadResourceTypes,
  type Footer,
} from '../../../contract/content.ts';
import type { Database } from '../../db/connect.ts';
import { vendorLogoUrl } from '../games/icons.ts';
import { bannerImageUrl } from './banner-images.ts';
import { findAnnouncements, findBanners, findCustomerServiceLinks, findDownloadLinks, findMerchantVendors } from './queries.ts';

/** The footer's copyright line (spec section 2: year 2025). */
export const copyrightYear = 2025;

export async function bannerList(db: Database, merchantCode: string, groupName: string): Promise<{ list: Banner[] }> {
  const rows = await findBanners(db, merchantCode, groupName);
  return {
    list: rows.map((row) => ({
      bannerId: row.id,
      url: bannerImageUrl(row.id),
      linkUrl: row.linkUrl,
      title: row.title,
      groupName: row.groupName,
      sequence: row.sequence,
    })),
  };
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export async function announcementGroups(
  db: Database,
  merchantCode: string,
  query: { types: AnnouncementType[]; groupName?: string; platform?: string },
  now = new Date(),
): Promise<AnnouncementGroups> {
  const rows = await findAnnouncements(db, {
    merchantCode,
    types: query.types,
    groupName: query.groupName?.trim() || undefined,
    platform: query.platform ?? 'M',
    today: todayUtc(now),
  });
  const groups: AnnouncementGroups = { promotion: [], banners: [], player: [], popup: [], hot: [], agent: [] };
  for (const row of rows) {
    const type = row.type as AnnouncementType;
    const group = announcementGroupOf[type];
    if (!group) continue;
    const item: Announcement = {
      announcementId: row.id,
      type,
      title: row.title,
      content: row.content,
      startDate: row.startDate,
      endDate: row.endDate,
      // Read state is per member; it comes with the session (guests: unread).
      read: false,
    };
    groups[group].push(item);
  }
  return groups;
}

const isCsType = (v: string): v is CustomerServiceLink['csType'] => (csTypes as readonly string[]).includes(v);
const isResourceType = (v: string): v is DownloadLink['resourceType'] => (downloadResourceTypes as readonly string[]).includes(v);

export async function customerService(db: Database, merchantCode: string): Promise<{ list: CustomerServiceLink[] }> {
  const rows = await findCustomerServiceLinks(db, merchantCode);
  return {
    list: rows.flatMap((row) => (isCsType(row.csType) ? [{ csType: row.csType, title: row.title, path: row.path }] : [])),
  };
}

export async function downloadLinkList(db: Database, merchantCode: string): Promise<{ list: DownloadLink[] }> {
  const rows = await findDownloadLinks(db, merchantCode);
  return {
    list: rows.flatMap((row) =>
      isResourceType(row.resourceType) ? [{ resourceType: row.resourceType, url: row.url, labelNameEn: row.labelNameEn }] : [],
    ),
  };
}

export async function footer(db: Database, merchantCode: string): Promise<Footer> {
  const [vendorRows, cs, downloads] = [
    await findMerchantVendors(db, merchantCode),
    await customerService(db, merchantCode),
    await downloadLinkList(db, merchantCode),
  ];
  return {
    vendorLogos: vendorRows.map((v) => ({ vassalage: v.code, name: v.name, logoUrl: vendorLogoUrl(v.code) })),
    customerService: cs.list,
    downloadLinks: downloads.list,
    copyrightYear,
  };
}
