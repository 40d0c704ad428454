/**
 * Who may use the agency centre, and on whom (contract/agent.ts): the
 * session's member must be an agent (403 agent.only; a trial account is
 * never one), the tool's permission key must be in the merchant's agent menu
 * (403 agent.menu.denied), and every member an agent names must be in the
 * agent's own subtree (`member_tree`, schema-agent.ts): anyone else is
 * answered as unknown (404 agent.member.not.found), so an agent learns
 * nothing of other teams.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type AgentMenuKey, agentMenuKeys } from '../../../contract/agent.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members } from '../../db/schema.ts';
import { memberTree } from '../../db/schema-agent.ts';
import { AppError } from '../../http/app-error.ts';
import { isAgent } from '../member/referral.ts';

/** The session's member, if an agent; else 403 agent.only ("Non-agents cannot log in"). */
export function requireAgent(member: MemberRow): MemberRow {
  if (!isAgent(member)) throw new AppError(403, errorCodes.agentOnly, 'Non-agents cannot log in');
  return member;
}

/** The merchant's granted agent menu keys, in the menu's order (unknown stored keys are ignored). */
export function grantedMenuKeys(merchant: Pick<MerchantRow, 'agentMenu'>): AgentMenuKey[] {
  const granted = new Set(merchant.agentMenu);
  return agentMenuKeys.filter((key) => granted.has(key));
}

/** 403 agent.menu.denied unless the merchant grants `key`. */
export function requireMenuKey(merchant: Pick<MerchantRow, 'agentMenu'>, key: AgentMenuKey): void {
  if (!merchant.agentMenu.includes(key)) {
    throw new AppError(403, errorCodes.agentMenuDenied, 'This account does not have permission or the feature is temporarily unavailable');
  }
}

/** The agent as an agent of `merchant` with `key` (or one of `keys`) granted: the usual opening of a tool. */
export function agentWith(member: MemberRow, merchant: Pick<MerchantRow, 'agentMenu'>, key: AgentMenuKey | readonly AgentMenuKey[]): MemberRow {
  requireAgent(member);
  const keys = typeof key === 'string' ? [key] : key;
  const granted = keys.find((k) => merchant.agentMenu.includes(k));
  requireMenuKey(merchant, granted ?? keys[0]!);
  return member;
}

const notInTeam = () => new AppError(404, errorCodes.agentMemberNotFound, 'Sorry, the user does not exist or is disabled.');

/**
 * The members of `ids` in the agent's subtree (depth ≥ 1), with their level;
 * 404 agent.member.not.found if any one is not (unknown, another team's, or the agent itself).
 */
export async function requireTeamMembers(db: Database, agentId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ memberId: memberTree.memberId, depth: memberTree.depth })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0), inArray(memberTree.memberId, unique)));
  if (rows.length !== unique.length) throw notInTeam();
  return new Map(rows.map((r) => [r.memberId, r.depth]));
}

/** The LIKE pattern of an account search: the start of a username, lower case, its wildcards escaped. */
export function accountPrefix(account: string): string {
  return `${account.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(members.username) like <prefix>`: the account filter of the team lists (uses the merchant-username index's expression). */
export const usernameStartsWith = (account: string) => sql`lower(${members.username}) like ${accountPrefix(account)}`;
