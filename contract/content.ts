/**
 * Public content calls of spec section 7 (System and content): banners by
 * group, announcements, footer data, customer service and download links.
 * Marking announcements read needs a session and comes with identity.
 * See docs/lobby.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { optionalQuery, queryText } from './query.ts';

export const bannerGroups = ['m_home', 'm_login', 'm_reg', 'm_leftmenu', 'm_newgame', 'm_hotgames'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

export const bannerSchema = z.object({
  bannerId: z.number(),
  /** Image url (generated locally). */
  url: z.string(),
  /** Where a tap goes (an in-app path); null when the banner is not a link. */
  linkUrl: z.nullable(z.string()),
  title: z.string(),
  groupName: z.string(),
  sequence: z.number(),
});
export type Banner = z.infer<typeof bannerSchema>;

const commonContentQuery = {
  language: optionalQuery(queryText(16)),
  merchantCode: optionalQuery(queryText(32)),
  token: optionalQuery(queryText(256)),
};

export const bannersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/banners',
  tag: 'content',
  summary: 'Banners of one group in sequence',
  query: z.object({ ...commonContentQuery, groupName: z.enum(bannerGroups), platform: optionalQuery(queryText(8)) }),
  value: z.object({ list: z.array(bannerSchema) }),
});

/** Announcement types: Agent, Player, Banner, Pop-up, Promotion, H (home). */
export const announcementTypes = ['A', 'PL', 'B', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** The response group of each type. */
export const announcementGroupOf = {
  A: 'agent',
  PL: 'player',
  B: 'banners',
  PU: 'popup',
  PR: 'promotion',
  H: 'hot',
} as const satisfies Record<AnnouncementType, string>;

export const announcementSchema = z.object({
  announcementId: z.number(),
  type: z.enum(announcementTypes),
  title: z.string(),
  /** HTML as stored (script elements removed on write); render only through the sanitising component. */
  content: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** YYYY-MM-DD or null (no end). */
  endDate: z.nullable(z.string()),
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const announcementList = z.array(announcementSchema);
export const announcementGroupsSchema = z.object({
  promotion: announcementList,
  banners: announcementList,
  player: announcementList,
  popup: announcementList,
  hot: announcementList,
  agent: announcementList,
});
export type AnnouncementGroups = z.infer<typeof announcementGroupsSchema>;

/** Comma-separated announcement types (`B,PL,PU,PR,H`), each known, at least one. */
export const announcementTypesQuery = z.pipe(
  z.string().check(z.maxLength(64), z.regex(/^(A|PL|B|PU|PR|H)(,(A|PL|B|PU|PR|H))*$/)),
  z.transform((value) => [...new Set(value.split(','))] as AnnouncementType[]),
);

export const homeAnnouncementTypes = 'B,PL,PU,PR,H';

export const announcementsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/announcements',
  tag: 'content',
  summary: 'Current announcements of the given types, grouped (promotion, banners, player, popup, hot, agent)',
  query: z.object({
    ...commonContentQuery,
    types: announcementTypesQuery,
    groupName: optionalQuery(queryText(32)),
    /** M (mobile) by default. */
    platform: optionalQuery(z.enum(['M', 'W'])),
  }),
  value: announcementGroupsSchema,
});

export const csTypes = ['LIVECHAT', 'FACEBOOK', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM', 'TWITTER', 'TELEGRAM', 'WHATSAPP'] as const;
export const customerServiceSchema = z.object({ csType: z.enum(csTypes), title: z.string(), path: z.string() });
export type CustomerServiceLink = z.infer<typeof customerServiceSchema>;

export const downloadResourceTypes = ['IOS', 'Android', 'MOBILECONFIG', 'AppDownloadIcon', 'TELEGRAM', 'TELEGRAM2', 'FACEBOOK'] as const;
export const downloadLinkSchema = z.object({
  resourceType: z.enum(downloadResourceTypes),
  url: z.string(),
  labelNameEn: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

export const vendorLogoSchema = z.object({ vassalage: z.string(), name: z.string(), logoUrl: z.string() });

export const footerSchema = z.object({
  vendorLogos: z.array(vendorLogoSchema),
  /** Every link; the footer shows FACEBOOK and YOUTUBE only (spec section 2). */
  customerService: z.array(customerServiceSchema),
  downloadLinks: z.array(downloadLinkSchema),
  copyrightYear: z.number(),
});
export type Footer = z.infer<typeof footerSchema>;

export const footerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/footer',
  tag: 'content',
  summary: 'Home footer: vendor logos, customer service links, download links, copyright year',
  query: z.object({ ...commonContentQuery }),
  value: footerSchema,
});

export const customerServiceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/customer-service',
  tag: 'content',
  summary: 'Customer service links (LIVECHAT, FACEBOOK, YOUTUBE, ...)',
  query: z.object({ ...commonContentQuery }),
  value: z.object({ list: z.array(customerServiceSchema) }),
});

export const downloadLinksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/download-links',
  tag: 'content',
  summary: 'App download links (IOS, Android, MOBILECONFIG, ...)',
  query: z.object({ ...commonContentQuery }),
  value: z.object({ list: z.array(downloadLinkSchema) }),
});
