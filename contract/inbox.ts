/**
 * The member's inbox (/m/webEmail): messages the platform sends a member
 * (failed logins on the account, ...) and messages the operator writes to one
 * member or to every member of the merchant (broadcasts), in the request's
 * language (EN when the message has no text in it). Newest first, paged;
 * reading one marks it read; deleting one removes it for this member only.
 * Trial accounts are refused (`free_reject`); a message that is not the
 * member's answers `inbox.message.not.found`, as a missing one does.
 * See docs/inbox.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { queryInt } from './query.ts';

export const inboxPageSize = 20;
export const maxInboxPageSize = 50;

/** A page parameter callers may leave out: absent or blank is `fallback`. */
const pageParam = (fallback: number, max: number) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.number()])),
      z.transform((v): unknown => (v === undefined || v === '' ? fallback : v)),
    ),
    queryInt(1, max),
  );

export const inboxMessageSchema = z.object({
  id: z.number(),
  /** What it is about, e.g. `security.login.failures`, `operator.message`, `operator.broadcast`. */
  kind: z.string(),
  title: z.string(),
  /** Plain text (line breaks kept). */
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  list: z.array(inboxMessageSchema),
  pageNum: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages',
  tag: 'member',
  summary: "The member's inbox messages, newest first, paged (pageNo from 1, pageSize 1 to 50), in the request's language",
  query: z.object({
    pageNo: pageParam(1, 100000),
    pageSize: pageParam(inboxPageSize, maxInboxPageSize),
  }),
  value: inboxPageSchema,
  auth: true,
});

/** A message id (a positive whole number). */
const messageIdBody = z.object({ id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)) });

export const inboxReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/messages/read',
  tag: 'member',
  summary: 'One inbox message in full, marked read (reading it again changes nothing)',
  body: messageIdBody,
  value: inboxMessageSchema,
  auth: true,
});

export const inboxDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/messages/delete',
  tag: 'member',
  summary: "Deletes an inbox message for this member (a broadcast stays for the other members); answers whether it was unread",
  body: messageIdBody,
  value: z.object({ id: z.number(), wasUnread: z.boolean() }),
  auth: true,
});

/** How many of the member's inbox messages are unread, broadcasts included (spec section 7: the value is a number). */
export const inboxUnreadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages/unread',
  tag: 'member',
  summary: "How many of the member's inbox messages are unread",
  auth: true,
  value: z.number(),
});
