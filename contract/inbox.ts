/**
 * The member's inbox: messages the platform sends a member (failed logins on
 * the account, ...), translated by the server into the request's language.
 * Screens come later; the list is there to build them on.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';

export const inboxMessageSchema = z.object({
  id: z.number(),
  /** What it is about, e.g. `security.login.failures`. */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages',
  tag: 'member',
  summary: "The member's inbox messages, newest first (at most 50), in the request's language",
  auth: true,
  value: z.object({ messages: z.array(inboxMessageSchema) }),
});

/** How many of the member's inbox messages are unread (spec section 7: the value is a number). */
export const inboxUnreadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages/unread',
  tag: 'member',
  summary: "How many of the member's inbox messages are unread",
  auth: true,
  value: z.number(),
});
