/**
 * Public content rules: banners by group; announcements of the asked types,
 * for the platform (M by default) and current (startDate <= today, no endDate
 * or endDate >= today), grouped by type; footer data; help items in a
 * language, with its fallback.
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
import type { HelpItem } from '../../../contract/help.ts';
import { defaultLanguage, normaliseLanguage } from '../../../contract/languages.ts';
import { agentTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import type { NewHelpItemRow } from '../../db/schema-catalogue.ts';
import { stripScripts } from '../../lib/strip-scripts.ts';
import { vendorLogoUrl } from '../games/icons.ts';
import { bannerImageUrl } from './banner-images.ts';
import {
  findAnnouncements,
  findBanners,
  findCustomerServiceLinks,
  findDownloadLinks,
  findHelpItems,
  findMerchantVendors,
  insertHelpItems,
} from './queries.ts';

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

/** Who reads announcements: a member with a session, or nobody (a guest). */
export interface AnnouncementReader {
  memberId: number;
  type: number;
}

/**
 * The languages announcements are looked for in, in order: the reader's
 * (normalised as everywhere: anything containing CN is CN), the merchant's
 * default, EN. A list shows the first of them that has any.
 */
export function announcementLanguages(requested: string, merchantDefault: string): string[] {
  const asked = normaliseLanguage(requested.replace('_', '-'));
  return [...new Set([asked, asked.slice(0, 2), merchantDefault.toUpperCase(), defaultLanguage])];
}

export interface AnnouncementQuery {
  types: AnnouncementType[];
  groupName?: string;
  platform?: string;
  /** The reader's language (EN, CN, ...). */
  language: string;
  merchantDefault: string;
}

/**
 * The current announcements of the query for the reader, in the first
 * language of `announcementLanguages` that has any, each with whether the
 * reader has read it (always false for a guest). Agent notices (A) are only
 * for agents.
 */
export async function readerAnnouncements(
  db: Database,
  merchantCode: string,
  query: AnnouncementQuery,
  reader: AnnouncementReader | null,
  now = new Date(),
): Promise<Announcement[]> {
  const types = reader && (agentTypes as readonly number[]).includes(reader.type) ? query.types : query.types.filter((t) => t !== 'A');
  if (types.length === 0) return [];
  const languages = announcementLanguages(query.language, query.merchantDefault);
  const rows = await findAnnouncements(
    db,
    {
      merchantCode,
      types,
      groupName: query.groupName?.trim() || undefined,
      platform: query.platform ?? 'M',
      today: todayUtc(now),
      languages,
    },
    reader?.memberId ?? null,
  );
  const language = languages.find((l) => rows.some((row) => row.language === l));
  return rows
    .filter((row) => row.language === language)
    .map((row) => ({
      announcementId: row.id,
      type: row.type as AnnouncementType,
      title: row.title,
      content: row.content,
      startDate: row.startDate,
      endDate: row.endDate,
      read: row.readAt !== null,
    }));
}

export async function announcementGroups(
  db: Database,
  merchantCode: string,
  query: AnnouncementQuery,
  reader: AnnouncementReader | null = null,
  now = new Date(),
): Promise<AnnouncementGroups> {
  const groups: AnnouncementGroups = { promotion: [], banners: [], player: [], popup: [], hot: [], agent: [] };
  for (const item of await readerAnnouncements(db, merchantCode, query, reader, now)) {
    const group = announcementGroupOf[item.type];
    if (group) groups[group].push(item);
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

/**
 * Where the help items of a request are looked for, in order: the language
 * asked for (upper-cased, `_` read as `-`; any code containing CN is CN, as
 * everywhere), its base language (`EN-US` -> `EN`), the merchant's default
 * language, EN.
 */
export function helpLanguages(requested: string, merchantDefault: string): string[] {
  const asked = normaliseLanguage(requested.replace('_', '-'));
  return [...new Set([asked, asked.slice(0, 2), merchantDefault.toUpperCase(), defaultLanguage])];
}

/** The help items of the first of `helpLanguages` that has any, in sequence; none when no language has any. */
export async function helpCenter(db: Database, merchantCode: string, requested: string, merchantDefault: string): Promise<HelpItem[]> {
  const languages = helpLanguages(requested, merchantDefault);
  const rows = await findHelpItems(db, merchantCode, languages);
  const language = languages.find((l) => rows.some((row) => row.language === l));
  return rows
    .filter((row) => row.language === language)
    .map((row) => ({ key: row.key, title: row.title, content: row.content, language: row.language }));
}

/** Writes help items: the language upper-cased, script elements and handlers removed from the content. */
export async function saveHelpItems(db: Database, rows: NewHelpItemRow[]): Promise<void> {
  await insertHelpItems(
    db,
    rows.map((row) => ({ ...row, language: row.language.toUpperCase(), content: stripScripts(row.content) })),
  );
}
