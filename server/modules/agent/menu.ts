/**
 * The agent home's menu (GET /wps/agent/menu, contract/agent.ts): the
 * permission keys of the agent menu the merchant grants its agents
 * (`merchants.agent_menu`, in the menu's order) and whether the footer shows
 * the dividend entry (the merchant's DIVIDEND3 switch). Agents only: a plain
 * member or a trial account gets 403 agent.only.
 */
import type { AgentMenu } from '../../../contract/agent.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import { completeSwitches } from '../system/service.ts';
import { grantedMenuKeys, requireAgent } from './access.ts';

export function agentMenu(member: MemberRow, merchant: MerchantRow): AgentMenu {
  requireAgent(member);
  return { keys: grantedMenuKeys(merchant), dividendEnabled: completeSwitches(merchant.switches).DIVIDEND3 };
}
