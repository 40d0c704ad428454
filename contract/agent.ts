/**
 * The agency centre (spec sections 2, 5, 6 and 7; docs/agent.md): what an
 * agent (member types 1, 2, 41, 42) reads of the team and does for it. The
 * team is the agent's whole subtree of downline members and sub-agents, at
 * every level; every call sees only the calling agent's own subtree, whatever
 * id or account it sends (an outsider is answered as unknown,
 * `agent.member.not.found`). Each tool also needs its menu permission key in
 * the merchant's agent menu configuration (`agent.menu.denied` otherwise).
 * Days are UTC days, as in the members' own records.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { optionalQuery, queryText } from './query.ts';
import { idempotencyKeySchema, pageOf, pagingQuery, recordTypes, transactionRecordSchema } from './wallet.ts';

/** The agent menu's permission keys (spec section 6), in the menu's order. */
export const agentMenuKeys = [
  'AGEPAG',
  'TRANSREC3',
  'DOWNMAN',
  'AGENTRANSMULTDOWN3',
  'AGETEAMPNL3',
  'TEAMBETTING3',
  'GAMSER',
  'AGEREBINC3',
  'SECPRIV',
  'MAILCEN',
] as const;
export type AgentMenuKey = (typeof agentMenuKeys)[number];

// ------------------------------------------------------------------ menu

export const agentMenuSchema = z.object({
  /** The permission keys the merchant grants its agents, in the menu's order. */
  keys: z.array(z.enum(agentMenuKeys)),
  /** The footer's dividend entry (the merchant's DIVIDEND3 switch). */
  dividendEnabled: z.boolean(),
});
export type AgentMenu = z.infer<typeof agentMenuSchema>;

export const agentMenuEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/menu',
  tag: 'agent',
  summary: "The agent menu's permission keys the merchant grants, and whether dividends are on (agents only: 403 agent.only)",
  value: agentMenuSchema,
  auth: true,
});

// ------------------------------------------------------------------ team KPI

/** Spec section 7's home totals (`value.footer`). */
export const teamFooterSchema = z.object({
  /** Team members who logged in during the range. */
  teamLoginMemberCount: z.number(),
  /** Team members with at least one bet placed during the range. */
  teamBetMemberCount: z.number(),
  /** Team members who registered during the range. */
  teamRegisterMemberCount: z.number(),
  /** Team members with a live session now (seen within the last 15 minutes). */
  teamOnlineCount: z.number(),
});
export type TeamFooter = z.infer<typeof teamFooterSchema>;

export const teamSummarySchema = z.object({
  /** Every member of the subtree (not the agent). */
  teamSize: z.number(),
  /** Level 1 only. */
  directCount: z.number(),
  /** Sub-agents in the subtree. */
  agentCount: z.number(),
  /** The team's wallets now (minor units). */
  balance: z.number(),
  /** Completed deposits and paid withdrawals during the range (minor units). */
  deposit: z.number(),
  withdraw: z.number(),
  /** Bets settled during the range: count, stakes, wins, and win − stake (minor units). */
  betCount: z.number(),
  stake: z.number(),
  win: z.number(),
  profit: z.number(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamKpiSchema = z.object({ footer: teamFooterSchema, summary: teamSummarySchema });
export type TeamKpi = z.infer<typeof teamKpiSchema>;

const dateRangeQuery = { startDate: pagingQuery.startDate, endDate: pagingQuery.endDate };

export const teamKpiEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/kpi',
  tag: 'agent',
  summary:
    "The team's totals over an inclusive UTC date range (default today): logins, bettors, registrations, online now, size, balance, deposits, withdrawals and bets (AGEPAG for a range other than today)",
  query: z.object(dateRangeQuery),
  value: teamKpiSchema,
  auth: true,
});

// ------------------------------------------------------------------ team members (DOWNMAN)

export const teamMemberSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.nullable(z.string()),
  /** 0, 40 members; 1, 2, 41, 42 sub-agents. */
  type: z.number(),
  /** 1 for the agent's direct downline, 2 for theirs, … */
  level: z.number(),
  /** The account of the member's own agent (the calling agent for level 1). */
  parentAccount: z.string(),
  /** Minor units. */
  balance: z.number(),
  status: z.enum(['active', 'disabled']),
  lastLoginAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** Direct downline of this member (0 for plain members). */
  directCount: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Level filter: all levels, the direct downline only, or sub-agents only. */
export const teamMemberScopes = ['all', 'direct', 'agents'] as const;
export type TeamMemberScope = (typeof teamMemberScopes)[number];

/** An account search: the start of a username, case-insensitive. */
export const accountQuery = optionalQuery(queryText(32));

export const teamMembersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/members',
  tag: 'agent',
  summary: "The team's members (account, level, balance, last login, status), newest first, by account prefix, scope and registration date range, paged (DOWNMAN)",
  query: z.object({
    account: accountQuery,
    scope: optionalQuery(z.enum(teamMemberScopes)),
    ...pagingQuery,
  }),
  value: pageOf(teamMemberSchema),
  auth: true,
});

// ------------------------------------------------------------------ team betting (TEAMBETTING3)

export const teamBetSchema = z.object({
  id: z.number(),
  account: z.string(),
  level: z.number(),
  roundId: z.string(),
  gameId: z.nullable(z.number()),
  gameName: z.nullable(z.string()),
  vendorCode: z.string(),
  stake: z.number(),
  win: z.number(),
  /** win − stake (0 unless settled). */
  profit: z.number(),
  status: z.enum(['open', 'settled', 'rolled_back']),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type TeamBet = z.infer<typeof teamBetSchema>;

export const teamBetsSchema = z.object({
  ...pageOf(teamBetSchema).shape,
  /** Over the whole filter: bets counted, stakes, wins, profit (minor units; settled bets only for the amounts). */
  summary: z.object({ betCount: z.number(), stake: z.number(), win: z.number(), profit: z.number() }),
});
export type TeamBets = z.infer<typeof teamBetsSchema>;

export const teamBetsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/bets',
  tag: 'agent',
  summary: "The team's bets, newest first, by account, vendor and the day they were placed (UTC range, default today), paged, with totals (TEAMBETTING3)",
  query: z.object({
    account: accountQuery,
    vendorCode: optionalQuery(queryText(32)),
    ...pagingQuery,
  }),
  value: teamBetsSchema,
  auth: true,
});

// ------------------------------------------------------------------ team profit and loss (AGETEAMPNL3)

const pnlAmounts = {
  betCount: z.number(),
  stake: z.number(),
  win: z.number(),
  /** win − stake of the settled bets (the team's result; the house's is its opposite). */
  profit: z.number(),
};

export const teamPnlMemberSchema = z.object({ id: z.number(), account: z.string(), level: z.number(), ...pnlAmounts });
export type TeamPnlMember = z.infer<typeof teamPnlMemberSchema>;

export const teamPnlDaySchema = z.object({ day: z.string(), members: z.number(), ...pnlAmounts });
export type TeamPnlDay = z.infer<typeof teamPnlDaySchema>;

const pnlSummary = z.object(pnlAmounts);

export const teamPnlMembersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/pnl/members',
  tag: 'agent',
  summary: "The team's result per member over a UTC date range (default the last 7 days): bets, stakes, wins, profit, biggest turnover first, paged, with totals (AGETEAMPNL3)",
  query: z.object({ account: accountQuery, ...pagingQuery }),
  value: z.object({ ...pageOf(teamPnlMemberSchema).shape, summary: pnlSummary }),
  auth: true,
});

export const teamPnlDaysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/pnl/days',
  tag: 'agent',
  summary: "The team's result per UTC day over a date range (default the last 7 days): members who bet, bets, stakes, wins, profit, newest day first, paged, with totals (AGETEAMPNL3)",
  query: z.object({ account: accountQuery, ...pagingQuery }),
  value: z.object({ ...pageOf(teamPnlDaySchema).shape, summary: pnlSummary }),
  auth: true,
});

// ------------------------------------------------------------------ team transactions (TRANSREC3)

/** A movement of a team member's wallet: the member's own record (whose `account` is the wallet or the hold), with whose it is. */
export const teamTransactionSchema = z.object({ ...transactionRecordSchema.shape, memberAccount: z.string(), level: z.number() });
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;

export const teamTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/transactions',
  tag: 'agent',
  summary: "Every ledger movement of the team's wallets, newest first, by account, record type (A, D, W, G, O) and date range, paged (TRANSREC3)",
  query: z.object({
    account: accountQuery,
    types: optionalQuery(z.enum(recordTypes)),
    ...pagingQuery,
  }),
  value: pageOf(teamTransactionSchema),
  auth: true,
});

// ------------------------------------------------------------------ open account and affiliate links

/** What an agent opens: a plain member (type 0) or a sub-agent (type 2) with an affiliate code of its own. */
export const openAccountKinds = ['member', 'agent'] as const;
export type OpenAccountKind = (typeof openAccountKinds)[number];

/** Sent encrypted, like registration: the merchant's registration rules check username and password. */
export const openAccountPayloadSchema = z.object({
  kind: z.enum(openAccountKinds),
  username: plainText(64),
  password: plainText(128),
  confirmPassword: plainText(128),
  nickname: z.optional(plainText(64)),
});
export type OpenAccountPayload = z.infer<typeof openAccountPayloadSchema>;

export const openAccountResultSchema = z.object({
  id: z.number(),
  account: z.string(),
  type: z.number(),
  /** The new sub-agent's affiliate code; null for a member. */
  affiliateCode: z.nullable(z.string()),
});
export type OpenAccountResult = z.infer<typeof openAccountResultSchema>;

export const openAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/members',
  tag: 'agent',
  summary:
    "Opens a member or sub-agent account in the agent's direct downline, with the registration rules' checks (member.username.exists, password.invalid, password.confirm.mismatch, register.username.invalid); encrypted",
  body: z.object({ value: z.string().check(z.maxLength(8192)) }),
  encrypted: openAccountPayloadSchema,
  value: openAccountResultSchema,
  auth: true,
});

/** The path of an agent's affiliate link; the site puts its own origin before it. */
export const affiliateLinkPath = (code: string) => `/m/register?affiliateCode=${encodeURIComponent(code)}`;

export const affiliateSchema = z.object({
  /** The agent's affiliate (invitation) code. */
  code: z.string(),
  /** Members who registered with it (the direct downline). */
  registered: z.number(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

export const affiliateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/affiliate',
  tag: 'agent',
  summary: "The agent's affiliate code and how many direct downline members it has",
  value: affiliateSchema,
  auth: true,
});

// ------------------------------------------------------------------ red envelope rain (AGENTRANSMULTDOWN3)

/** At most this many members per red envelope rain. */
export const redRainMaxMembers = 200;

export const redRainBodySchema = z.object({
  /** The client's id for this rain (an idempotency key, a UUID): sending it again answers the first result and moves nothing more. */
  requestId: idempotencyKeySchema,
  /** Team members (ids), each receiving `amount`. */
  memberIds: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(redRainMaxMembers)),
  /** Minor units per member. */
  amount: z.number().check(z.int(), z.positive(), z.maximum(1_000_000_000)),
});
export type RedRainBody = z.infer<typeof redRainBodySchema>;

export const redRainResultSchema = z.object({
  /** The ledger transaction of the whole rain. */
  transactionId: z.string(),
  members: z.number(),
  /** amount × members (minor units). */
  total: z.number(),
  /** The agent's wallet after it (minor units). */
  balance: z.number(),
});
export type RedRainResult = z.infer<typeof redRainResultSchema>;

export const redRainEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/transfers',
  tag: 'agent',
  summary:
    'Red envelope rain: moves the same amount from the agent to each listed team member in one ledger transaction, all or nothing, idempotent by requestId (agent.member.not.found, wallet.balance.insufficient; AGENTRANSMULTDOWN3)',
  body: redRainBodySchema,
  value: redRainResultSchema,
  auth: true,
});

