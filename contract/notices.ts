/**
 * Announcements as a member reads them (spec sections 2, 4, 6 and 7): marking
 * one read, how many are unread, and the agents' notices. The list itself is
 * `announcementsEndpoint` (contract/content.ts), which answers `read` per
 * member when the request carries a session. See docs/messaging.md.
 */
import * as z from 'zod/mini';
import { announcementSchema } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { optionalQuery, queryText } from './query.ts';

/** The types the notice screen (/m/notice) lists and the announcement badge counts. */
export const noticeTypes = 'B,PL,PU';
/** Spec section 7: agent notices are types A of group m_home. */
export const agentNoticeGroup = 'm_home';

export const markAnnouncementReadEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/content/announcements/read',
  tag: 'content',
  summary: 'Marks one announcement read for the member (idempotent; not for trial accounts)',
  auth: true,
  body: z.object({ announcementId: z.number().check(z.int(), z.positive()), read: z.literal(true) }),
  value: z.object({ announcementId: z.number(), read: z.boolean() }),
});

export const announcementUnreadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/announcements/unread',
  tag: 'content',
  summary: "How many of the notice screen's announcements (B, PL, PU) the member has not read",
  auth: true,
  value: z.number(),
});

export const agentNoticesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/content/announcements/agent',
  tag: 'content',
  summary: "The agents' notices (types A, group m_home) with how many are unread (agents only)",
  auth: true,
  query: z.object({
    types: optionalQuery(z.literal('A')),
    groupName: optionalQuery(queryText(32)),
    merchantCode: optionalQuery(queryText(32)),
  }),
  value: z.object({ list: z.array(announcementSchema), footer: z.object({ unreadCount: z.number() }) }),
});
