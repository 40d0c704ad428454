/**
 * Live chat with customer service (CBS3, spec sections 2, 3, 4, 6, 7 and 9):
 * our own, not a vendor's. A member (or a guest who gave a name and a
 * contact) talks with the merchant's staff in a conversation; its messages
 * are stored and numbered (`seq`, 1, 2, 3, ... per conversation, in the
 * order they were written) and travel over one WebSocket per screen
 * (`chatSocketPath`), whose frames are the schemas below. The staff console
 * (`/staff`) uses the same socket and the staff endpoints. See docs/chat.md.
 *
 * A client that reconnects says the last `seq` it holds (`after`) and
 * receives what it missed, in order; a message it sends carries its own
 * `clientId`, so sending it again after a cut never writes it twice.
 * Messages are plain text (links are shown as links, everything else as
 * text).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { errorCodes } from './error-codes.ts';
import { defaultedQuery, queryInt, queryText } from './query.ts';

/** The module id the spec's chat calls carry. */
export const chatModule = 'CBS3';
/** The WebSocket of the chat (the merchant goes in the query: browsers send no custom header with a WebSocket). */
export const chatSocketPath = '/wps/cbs/socket';
/** The member's chat screen, the `chatUrl` a launch answers. */
export const chatScreenPath = '/m/chat';
/** The staff console. */
export const staffConsolePath = '/staff';

/**
 * WebSocket close codes of the chat's socket: 4400 (unknown merchant), 4401 (authentication refused),
 * 4408 (no `auth` in time), 1008 (policy: flooding, or a reader that does not read).
 */
export const chatCloseCodes = { unknownMerchant: 4400, unauthorized: 4401, authTimeout: 4408, policy: 1008 } as const;

/** Longest message, in characters. */
export const maxChatMessageLength = 1000;
/** A connection may send this many messages at once, then one per `chatSendRefillMs`. */
export const chatSendBurst = 5;
export const chatSendRefillMs = 1000;
/** A socket that has not authenticated this long after opening is closed. */
export const chatAuthTimeoutMs = 5000;
/** Messages a socket receives when it (re)connects, at most (older ones: the history call). */
export const chatReplayLimit = 200;

/** The chat's error codes (declared with the others in error-codes.ts, each an `error.<code>` message). */
export const chatErrorCodes = {
  /** Too many messages on one connection: this one was not sent. */
  rateLimited: errorCodes.chatRateLimited,
  /** The socket's first frame was not a valid `auth`, or its token is not (or no longer) valid. */
  unauthorized: errorCodes.chatUnauthorized,
  /** Not a frame of this contract. */
  badFrame: errorCodes.chatBadFrame,
  /** Empty, too long, or with characters that are not text. */
  badMessage: errorCodes.chatBadMessage,
  /** The conversation is not there, or not this caller's. */
  conversationNotFound: errorCodes.chatConversationNotFound,
  /** A staff member wrote in a conversation assigned to someone else. */
  conversationTaken: errorCodes.chatConversationTaken,
  /** Staff wrote in a closed conversation. */
  conversationClosed: errorCodes.chatConversationClosed,
  /** The live chat switch (CBS3) of the merchant is off. */
  disabled: errorCodes.chatDisabled,
  /** A staff login failed (unknown name, wrong password or a disabled account: one answer for all). */
  staffLoginFailed: errorCodes.chatStaffLoginFailed,
  /** Too many failed staff logins for this name: try later. */
  staffLoginThrottled: errorCodes.chatStaffLoginThrottled,
} as const;

const plainText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** Who wrote a message. */
export const chatAuthors = ['member', 'guest', 'staff', 'system'] as const;
export type ChatAuthor = (typeof chatAuthors)[number];
/** A text, or what happened to the conversation (shown translated). */
export const chatMessageKinds = ['text', 'assigned', 'closed'] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];

export const chatMessageSchema = z.object({
  conversationId: z.number(),
  seq: z.number(),
  author: z.enum(chatAuthors),
  kind: z.enum(chatMessageKinds),
  /** The text (kind `text`), or empty. */
  body: z.string(),
  /** The staff member's display name (staff messages and `assigned`). */
  staffName: z.nullable(z.string()),
  /** The sender's own id of the message (its own messages only), so a client matches what it sent. */
  clientId: z.nullable(z.string()),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationStatuses = ['open', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** A conversation as the staff console lists it. */
export const conversationSummarySchema = z.object({
  id: z.number(),
  status: z.enum(conversationStatuses),
  /** The member's account, or the guest's name. */
  visitor: z.string(),
  /** Member, or guest (then `contact` is what the guest gave). */
  guest: z.boolean(),
  contact: z.nullable(z.string()),
  staffId: z.nullable(z.number()),
  staffName: z.nullable(z.string()),
  lastSeq: z.number(),
  /** The visitor's messages the staff has not read. */
  unread: z.number(),
  /** The last text, shortened. */
  preview: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

// --- The socket's frames ----------------------------------------------------------------------

const seqSchema = z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647));
const idSchema = z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
const clientIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));
const tokenSchema = z.string().check(z.minLength(8), z.maxLength(200));

/** What a client sends. The first frame must be `auth`. */
export const chatClientFrameSchema = z.union([
  /**
   * Member (session token), guest (the token of `chatGuestEndpoint`) or staff (staff login token).
   * `conversationId` and `after`: the last message the client holds (reconnection).
   */
  z.object({
    t: z.literal('auth'),
    as: z.enum(['member', 'guest', 'staff']),
    token: tokenSchema,
    conversationId: z.optional(idSchema),
    after: z.optional(seqSchema),
  }),
  /** A message; staff name the conversation, a member or guest writes in their own (opened by the first message). */
  z.object({ t: z.literal('send'), clientId: clientIdSchema, body: z.string().check(z.maxLength(maxChatMessageLength * 4)), conversationId: z.optional(idSchema) }),
  z.object({ t: z.literal('typing'), conversationId: z.optional(idSchema) }),
  /** Everything up to `seq` was seen. */
  z.object({ t: z.literal('read'), seq: seqSchema, conversationId: z.optional(idSchema) }),
  /** Staff: receive a conversation's messages after `after` and its live events from now on. */
  z.object({ t: z.literal('watch'), conversationId: idSchema, after: seqSchema }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** What the server sends. */
export const chatServerFrameSchema = z.union([
  /** Authenticated: the visitor's current conversation (null before its first message) or, for staff, who they are. */
  z.object({
    t: z.literal('ready'),
    conversationId: z.nullable(z.number()),
    staff: z.nullable(z.object({ id: z.number(), name: z.string() })),
    /** Staff messages the visitor has not read (0 for staff). */
    unread: z.number(),
    /** The staff's last read `seq` in the visitor's conversation (read receipts). */
    readSeq: z.number(),
  }),
  z.object({ t: z.literal('message'), message: chatMessageSchema }),
  /** The other side is typing. */
  z.object({ t: z.literal('typing'), conversationId: z.number(), from: z.enum(['visitor', 'staff']) }),
  /** The other side has seen everything up to `seq`. */
  z.object({ t: z.literal('read'), conversationId: z.number(), by: z.enum(['visitor', 'staff']), seq: z.number() }),
  /** Staff: a conversation was opened, assigned, written in or closed. */
  z.object({ t: z.literal('conversation'), conversation: conversationSummarySchema }),
  /** A frame was refused (`clientId`: the message that was not sent). */
  z.object({ t: z.literal('error'), errorCode: z.string(), clientId: z.nullable(z.string()) }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

// --- HTTP ---------------------------------------------------------------------------------------

const moduleQuery = { module: defaultedQuery(z.literal(chatModule), chatModule) };

/** Spec section 7: the chat's unread count (members; throttled 250 ms on the client). */
export const chatUnreadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/cbs/unread',
  tag: 'chat',
  summary: 'Staff messages of the live chat the member has not read (module CBS3); trial accounts are refused (free_reject)',
  query: z.object(moduleQuery),
  value: z.object({ unReadCount: z.number() }),
  auth: true,
});

/** Spec section 7: launch chat (module CBS3, b2c, language, backUrl, headerColor, title); the client opens `chatUrl` after 500 ms. */
export const chatLaunchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/cbs/launch',
  tag: 'chat',
  summary: "The chat's address for this visitor (module CBS3); refused when the merchant's CBS3 switch is off",
  query: z.object({
    ...moduleQuery,
    b2c: defaultedQuery(queryInt(0, 1), 1),
    language: defaultedQuery(queryText(8), ''),
    backUrl: defaultedQuery(queryText(300), ''),
    headerColor: defaultedQuery(queryText(16), ''),
    title: defaultedQuery(queryText(64), ''),
  }),
  value: z.object({ chatUrl: z.string() }),
});

/** A guest's conversation: the guest's name and how to reach them; answers the token its socket authenticates with. */
export const chatGuestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/cbs/guest',
  tag: 'chat',
  summary: "Starts a guest's chat (name and contact); answers the guest token the socket authenticates with",
  body: z.object({ name: plainText(40), contact: plainText(80) }),
  value: z.object({ token: z.string() }),
});

export const staffLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/cbs/staff/login',
  tag: 'chat-staff',
  summary: 'Staff login (accounts created by the operator command line); answers the staff token',
  body: z.object({ username: plainText(32), password: plainText(128) }),
  value: z.object({ token: z.string(), staff: z.object({ id: z.number(), name: z.string() }) }),
});

/** Staff endpoints below carry the staff token in `Authorization`. */
export const staffLogoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/cbs/staff/logout',
  tag: 'chat-staff',
  summary: 'Ends the staff session',
  value: z.object({ ok: z.boolean() }),
});

export const staffQueueEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/cbs/staff/queue',
  tag: 'chat-staff',
  summary: "The merchant's open conversations, unassigned and mine first, newest activity first",
  value: z.object({ list: z.array(conversationSummarySchema) }),
});

const conversationBody = z.object({ conversationId: idSchema });

export const staffAssignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/cbs/staff/assign',
  tag: 'chat-staff',
  summary: 'Takes an open conversation (refused when another staff member has it)',
  body: conversationBody,
  value: conversationSummarySchema,
});

export const staffCloseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/cbs/staff/close',
  tag: 'chat-staff',
  summary: 'Closes a conversation (the visitor sees that it was closed; their next message opens a new one)',
  body: conversationBody,
  value: conversationSummarySchema,
});

export const staffHistoryPageSize = 20;

export const staffHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/cbs/staff/history',
  tag: 'chat-staff',
  summary: "Searches the merchant's conversations, open and closed, by visitor or text (q), newest first, paged",
  query: z.object({
    q: defaultedQuery(queryText(64), ''),
    pageNo: defaultedQuery(queryInt(1, 100000), 1),
  }),
  value: z.object({ list: z.array(conversationSummarySchema), pageNum: z.number(), totalPages: z.number(), total: z.number() }),
});

export const staffMessagesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/cbs/staff/messages',
  tag: 'chat-staff',
  summary: "A conversation's messages in order (the last 200 before `before`, or all of a short one)",
  query: z.object({ conversationId: queryInt(1, Number.MAX_SAFE_INTEGER), before: defaultedQuery(queryInt(1, 2_147_483_647), 2_147_483_647) }),
  value: z.object({ conversation: conversationSummarySchema, list: z.array(chatMessageSchema) }),
});
