/**
 * Operator commands on the agency centre (`npm run admin -- agent ...`):
 * `agent menu` lists the agent menu's permission keys the merchant grants its
 * agents and those it withholds (`merchants.agent_menu`, contract/agent.ts);
 * `agent menu grant <KEY>` and `agent menu revoke <KEY>` change one (a
 * revoked key hides the menu entry and its tool answers 403
 * agent.menu.denied); `agent team <username>` shows an agent's team size per
 * level and its sub-agents (`member_tree`). Run by the admin CLI directly or
 * through the running server's admin listener, like the other operator
 * commands (server/admin/commands.ts).
 */
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type AgentMenuKey, agentMenuKeys } from '../../../contract/agent.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { agentTypes } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import { members, merchants } from '../../db/schema.ts';
import { memberTree } from '../../db/schema-agent.ts';
import { AppError } from '../../http/app-error.ts';
import { usernamePattern } from '../member/admin-commands.ts';
import { isAgent } from '../member/referral.ts';
import { grantedMenuKeys } from './access.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const agentCommandSchemas = [
  z.object({ kind: z.literal('agent.menu'), merchant }),
  z.object({ kind: z.literal('agent.menu.grant'), merchant, key: z.enum(agentMenuKeys) }),
  z.object({ kind: z.literal('agent.menu.revoke'), merchant, key: z.enum(agentMenuKeys) }),
  z.object({ kind: z.literal('agent.team'), merchant, username: z.string().check(z.regex(usernamePattern)) }),
] as const;

export type AgentCommand = z.infer<(typeof agentCommandSchemas)[number]>;

/** The merchant's agent menu: granted and withheld keys, in the menu's order, and the key a command changed. */
export interface AgentMenuView {
  agentMenu: { granted: AgentMenuKey[]; withheld: AgentMenuKey[]; changedKey?: AgentMenuKey };
}

/** An agent's team: members per level, and its sub-agents (at most `subAgentListLimit` of them listed). */
export interface AgentTeamView {
  agentTeam: {
    username: string;
    type: number;
    affiliateCode: string | null;
    levels: { level: number; members: number }[];
    total: number;
    subAgentCount: number;
    subAgents: { username: string; type: number; level: number; teamSize: number }[];
  };
}

export type AgentAdminView = AgentMenuView | AgentTeamView;

/** Sub-agents an `agent team` lists; the count covers them all. */
export const subAgentListLimit = 100;

export function isAgentCommand(command: { kind: string }): command is AgentCommand {
  return command.kind.startsWith('agent.');
}

/** Parses `agent <action> ...` of the CLI; `positionals` is how many positional arguments it used. */
export function parseAgentArgs(
  merchantCode: string,
  action: string | undefined,
  rest: string[],
): { command: AgentCommand; positionals: number } | { error: string } {
  switch (action) {
    case 'menu': {
      const [verb, key] = rest;
      if (verb === undefined) return { command: { kind: 'agent.menu', merchant: merchantCode }, positionals: 2 };
      if (verb !== 'grant' && verb !== 'revoke') return { error: `Unknown command "agent menu ${verb}" (agent menu, agent menu grant <KEY>, agent menu revoke <KEY>)` };
      const upper = key?.toUpperCase();
      if (!upper || !(agentMenuKeys as readonly string[]).includes(upper)) {
        return { error: `agent menu ${verb} needs a menu key${key ? `, not "${key}"` : ''} (${agentMenuKeys.join(', ')})` };
      }
      const kind = verb === 'grant' ? 'agent.menu.grant' : 'agent.menu.revoke';
      return { command: { kind, merchant: merchantCode, key: upper as AgentMenuKey }, positionals: 4 };
    }
    case 'team': {
      const username = rest[0];
      if (!username || !usernamePattern.test(username)) return { error: "agent team needs an agent's username" };
      return { command: { kind: 'agent.team', merchant: merchantCode, username }, positionals: 3 };
    }
    default:
      return { error: action ? `Unknown command "agent ${action}"` : 'agent needs a command (menu, team)' };
  }
}

function menuView(stored: string[], changedKey?: AgentMenuKey): AgentMenuView {
  const granted = grantedMenuKeys({ agentMenu: stored });
  const withheld = agentMenuKeys.filter((key) => !granted.includes(key));
  return { agentMenu: { granted, withheld, ...(changedKey ? { changedKey } : {}) } };
}

async function changeMenu(db: Database, merchantCode: string, key: AgentMenuKey, grant: boolean): Promise<AgentMenuView> {
  return db.transaction(async (trx) => {
    const [row] = await trx.select({ agentMenu: merchants.agentMenu }).from(merchants).where(eq(merchants.code, merchantCode)).for('update');
    if (!row) throw new AppError(404, errorCodes.merchantUnknown, `Unknown merchant ${merchantCode}.`);
    const granted = new Set(grantedMenuKeys(row));
    if (grant) granted.add(key);
    else granted.delete(key);
    const agentMenu = agentMenuKeys.filter((k) => granted.has(k));
    await trx.update(merchants).set({ agentMenu, updatedAt: sql`now()` }).where(eq(merchants.code, merchantCode));
    return menuView(agentMenu, key);
  });
}

async function team(db: Database, merchantCode: string, username: string): Promise<AgentTeamView> {
  const [agent] = await db
    .select({ id: members.id, username: members.username, type: members.type, affiliateCode: members.affiliateCode })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(sql`lower(${members.username})`, username.toLowerCase())))
    .limit(1);
  if (!agent) throw new AppError(404, errorCodes.memberNotFound, `No member "${username}".`);
  if (!isAgent(agent)) throw new AppError(400, errorCodes.agentOnly, `${agent.username} is not an agent (type ${agent.type}).`);
  const inTeam = and(eq(memberTree.ancestorId, agent.id), gt(memberTree.depth, 0));
  const isSubAgent = inArray(members.type, [...agentTypes]);
  const subTeam = sql<number>`(select count(*)::int from ${memberTree} t where t.ancestor_id = ${members.id} and t.depth > 0)`;
  const [levels, [subAgentCount], subAgents] = await Promise.all([
    db
      .select({ level: memberTree.depth, members: count() })
      .from(memberTree)
      .where(inTeam)
      .groupBy(memberTree.depth)
      .orderBy(asc(memberTree.depth)),
    db
      .select({ n: count() })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.memberId))
      .where(and(inTeam, isSubAgent)),
    db
      .select({ username: members.username, type: members.type, level: memberTree.depth, teamSize: subTeam })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.memberId))
      .where(and(inTeam, isSubAgent))
      .orderBy(asc(memberTree.depth), asc(members.username))
      .limit(subAgentListLimit),
  ]);
  return {
    agentTeam: {
      username: agent.username,
      type: agent.type,
      affiliateCode: agent.affiliateCode,
      levels,
      total: levels.reduce((sum, l) => sum + l.members, 0),
      subAgentCount: subAgentCount?.n ?? 0,
      subAgents,
    },
  };
}

export async function executeAgentCommand(db: Database, command: AgentCommand): Promise<AgentAdminView> {
  switch (command.kind) {
    case 'agent.menu.grant':
    case 'agent.menu.revoke':
      return changeMenu(db, command.merchant, command.key, command.kind === 'agent.menu.grant');
    case 'agent.team':
      return team(db, command.merchant, command.username);
    default: {
      const [row] = await db.select({ agentMenu: merchants.agentMenu }).from(merchants).where(eq(merchants.code, command.merchant)).limit(1);
      if (!row) throw new AppError(404, errorCodes.merchantUnknown, `Unknown merchant ${command.merchant}.`);
      return menuView(row.agentMenu);
    }
  }
}

/** The CLI's text: the granted and withheld keys (the changed one marked), or the team per level and its sub-agents. */
export function formatAgent(view: AgentAdminView): string {
  if ('agentMenu' in view) {
    const { granted, withheld, changedKey } = view.agentMenu;
    const keys = (list: AgentMenuKey[]) => (list.length ? list.map((k) => (k === changedKey ? `*${k}` : k)).join(' ') : '(none)');
    return [`granted:  ${keys(granted)}`, `withheld: ${keys(withheld)}`].join('\n');
  }
  const { username, type, affiliateCode, levels, total, subAgentCount, subAgents } = view.agentTeam;
  const lines = [`${username} (agent, type ${type}, affiliate code ${affiliateCode ?? '-'}): team of ${total}`];
  for (const l of levels) lines.push(`  level ${l.level}: ${l.members}`);
  lines.push(`sub-agents: ${subAgentCount}`);
  for (const s of subAgents) lines.push(`  level ${s.level}  ${s.username.padEnd(16)} type ${s.type}  team of ${s.teamSize}`);
  if (subAgentCount > subAgents.length) lines.push(`  … and ${subAgentCount - subAgents.length} more`);
  return lines.join('\n');
}
