/**
 * The demo agent's contracts and rebate rates (docs/contracts.md): agent1's
 * own rebate rates (what the operator sets a top agent: `npm run admin --
 * rebates set`) and its sub-agents' below them; an active daily salary
 * contract with team_lead_a and an active dividend contract with team_lead_b,
 * both accepted weeks ago, so the settlement job pays their past periods
 * (from agent1's wallet) when the server runs; and an hourly wage proposal
 * to team_lead_a, waiting, so that logging in as team_lead_a shows the
 * home's contract prompt. Seeded when agent1 has no contract yet, so running
 * the seed again changes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ContractKind, ContractStatus, ContractTier, RebateRate } from '../../contract/agent-contracts.ts';
import type { Database } from '../db/connect.ts';
import { agentContracts, rebateRates } from '../db/schema-contracts.ts';
import { members } from '../db/schema.ts';
import { demoTeamAgents } from './seed-agent.ts';
import { demoAccounts } from './seed-members.ts';

const dayMs = 86_400_000;

const rates = (bps: Partial<Record<RebateRate['gameType'], number>>) => Object.entries(bps).map(([gameType, rateBps]) => ({ gameType, rateBps: rateBps as number }));

/** Rebate rates (basis points) per account: each at most its agent's. */
export const demoRebateRates: Record<string, ReturnType<typeof rates>> = {
  [demoAccounts.agent.username]: rates({ RNG: 150, FISH: 120, LIVE: 100, PVP: 100, SPORTS: 80, LOTT: 50, ELOTT: 50 }),
  team_lead_a: rates({ RNG: 120, FISH: 100, LIVE: 80, SPORTS: 60 }),
  team_lead_b: rates({ RNG: 100, LIVE: 60 }),
  coach_nico: rates({ RNG: 60 }),
};

/** agent1's contracts: with whom, what kind, in what state, accepted how many days ago, and the tiers. */
export const demoContracts: readonly { member: string; kind: ContractKind; status: ContractStatus; daysAgo: number; tiers: ContractTier[] }[] = [
  {
    member: 'team_lead_a',
    kind: 'salary',
    status: 'active',
    daysAgo: 14,
    tiers: [
      { threshold: 500_00, reward: 50_00 },
      { threshold: 2_000_00, reward: 150_00 },
      { threshold: 10_000_00, reward: 500_00 },
    ],
  },
  {
    member: 'team_lead_b',
    kind: 'dividend',
    status: 'active',
    daysAgo: 40,
    tiers: [
      { threshold: 1_00, reward: 1_000 },
      { threshold: 5_000_00, reward: 1_500 },
    ],
  },
  {
    member: 'team_lead_a',
    kind: 'hourly',
    status: 'pending',
    daysAgo: 0,
    tiers: [
      { threshold: 100_00, reward: 5_00 },
      { threshold: 500_00, reward: 20_00 },
    ],
  },
];

export async function seedContractsIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<void> {
  const names = [demoAccounts.agent.username, ...demoTeamAgents.map((a) => a.username)];
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), inArray(members.username, names)));
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const agentId = idOf.get(demoAccounts.agent.username);
  if (!agentId || rows.length < names.length) return;
  const [existing] = await db.select({ id: agentContracts.id }).from(agentContracts).where(eq(agentContracts.agentId, agentId)).limit(1);
  if (existing) return;
  await db.insert(rebateRates).values(
    Object.entries(demoRebateRates).flatMap(([username, list]) => list.map((r) => ({ memberId: idOf.get(username)!, gameType: r.gameType, rateBps: r.rateBps }))),
  ).onConflictDoNothing();
  await db.insert(agentContracts).values(
    demoContracts.map((c) => {
      const at = new Date(now.getTime() - c.daysAgo * dayMs);
      return {
        merchantCode,
        agentId,
        memberId: idOf.get(c.member)!,
        kind: c.kind,
        status: c.status,
        tiers: c.tiers,
        createdAt: new Date(at.getTime() - dayMs),
        decidedAt: c.status === 'pending' ? null : at,
      };
    }),
  );
}
