/**
 * Agent contracts and rebates (spec sections 2, 3, 4, 7 and 8; docs/contracts.md).
 *
 * **Contracts.** An agent offers a member of its direct downline one of three
 * contracts, each a list of tiers (`threshold` → `reward`, both rising):
 * - `salary` (daily salary): the member's team turnover of one UTC day
 *   reaches a tier's threshold → the tier's amount for that day;
 * - `hourly` (hourly wage): the same per UTC hour;
 * - `dividend`: the team's net loss of one calendar month (UTC) reaches a
 *   tier's threshold → the tier's rate (basis points) of that net loss.
 * The member's team is the member and its whole subtree. Turnover is the
 * stakes of the bets placed in the period and not rolled back; net loss is
 * stake − win of the settled bets placed in the period. The member accepts
 * or rejects a proposal; the agent may withdraw it while it is pending, and
 * end an active one. Accepting replaces the member's active contract of that
 * kind. The contract in force at the end of a period pays it, once, from the
 * agent's wallet to the member's; a payout the agent's wallet cannot cover
 * is kept as `unpaid` and paid by a later settlement run.
 *
 * **Rebates.** Every member has a rebate rate per game type (basis points of
 * turnover); an agent sets its direct downline's rates, never above its own;
 * the operator sets the top agents'. Each UTC day, a member earns its own
 * rate on its own turnover and, on each team member's turnover, the
 * difference between its rate and the rate of its member on the way down;
 * paid once per member and day from the house.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { optionalQuery } from './query.ts';
import { storedGameTypes } from './games.ts';
import { pageOf, pagingQuery } from './wallet.ts';

// ------------------------------------------------------------------ contracts

export const contractKinds = ['salary', 'hourly', 'dividend'] as const;
export type ContractKind = (typeof contractKinds)[number];

export const contractStatuses = ['pending', 'active', 'rejected', 'withdrawn', 'ended'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** At most this many tiers per contract. */
export const maxContractTiers = 10;
/** The largest threshold or amount of a tier (minor units). */
export const maxTierAmount = 1_000_000_000_000;
/** A dividend rate is at most 100 % (10,000 basis points). */
export const maxDividendRateBps = 10_000;

export const contractTierSchema = z.object({
  /** Turnover (salary, hourly) or net loss (dividend) the period must reach, in minor units. */
  threshold: z.number().check(z.int(), z.minimum(0), z.maximum(maxTierAmount)),
  /** The period's amount (salary, hourly; minor units) or the dividend's rate (basis points). */
  reward: z.number().check(z.int(), z.minimum(1), z.maximum(maxTierAmount)),
});
export type ContractTier = z.infer<typeof contractTierSchema>;

/** Why a list of tiers is refused, or null: 1–10 tiers, thresholds and rewards both strictly rising, a dividend's rates at most 100 %. */
export function tiersProblem(kind: ContractKind, tiers: readonly ContractTier[]): 'count' | 'order' | 'rate' | null {
  if (tiers.length < 1 || tiers.length > maxContractTiers) return 'count';
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.threshold <= tiers[i - 1]!.threshold || tiers[i]!.reward <= tiers[i - 1]!.reward) return 'order';
  }
  if (kind === 'dividend' && tiers.some((t) => t.reward > maxDividendRateBps)) return 'rate';
  return null;
}

/** The tier a period's base (turnover or net loss) reaches, or null. */
export function tierFor(tiers: readonly ContractTier[], base: number): ContractTier | null {
  let reached: ContractTier | null = null;
  for (const tier of tiers) if (base >= tier.threshold) reached = tier;
  return reached;
}

/** What a period pays under `tiers`: the reached tier's amount, or its rate of the net loss (rounded down); 0 below every tier. */
export function payoutFor(kind: ContractKind, tiers: readonly ContractTier[], base: number): number {
  const tier = base > 0 ? tierFor(tiers, base) : null;
  if (!tier) return 0;
  return kind === 'dividend' ? Math.floor((base * tier.reward) / 10_000) : tier.reward;
}

export const contractSchema = z.object({
  id: z.number(),
  kind: z.enum(contractKinds),
  status: z.enum(contractStatuses),
  /** The offering agent's account. */
  agentAccount: z.string(),
  /** The contracted member's account. */
  memberAccount: z.string(),
  tiers: z.array(contractTierSchema),
  createdAt: z.string(),
  /** Accepted, rejected or withdrawn at. */
  decidedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractOverviewSchema = z.object({
  /** The caller's own contracts of the kind (received from its agent), newest first: the active one, a pending proposal, the history. */
  received: z.array(contractSchema),
  /** Agents: the contracts of the kind it offered its direct downline that are pending or active, newest first; [] for others. */
  offered: z.array(contractSchema),
  /** Whether the caller may offer contracts (an agent). */
  canOffer: z.boolean(),
});
export type ContractOverview = z.infer<typeof contractOverviewSchema>;

const kindQuery = { kind: z.enum(contractKinds) };

export const contractOverviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts',
  tag: 'agent',
  summary: "A contract kind's screen: the caller's contracts from its agent (active, pending, history) and, for an agent, those it offered that are pending or active (trial.forbidden for a trial account)",
  query: z.object(kindQuery),
  value: contractOverviewSchema,
  auth: true,
});

export const contractProposalSchema = z.object({
  kind: z.enum(contractKinds),
  /** A member of the agent's direct downline, by account. */
  account: plainText(64).check(z.minLength(1)),
  tiers: z.array(contractTierSchema).check(z.minLength(1), z.maxLength(maxContractTiers)),
});
export type ContractProposal = z.infer<typeof contractProposalSchema>;

export const proposeContractEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts',
  tag: 'agent',
  summary:
    'An agent proposes a contract to a member of its direct downline (agent.only, agent.member.not.found, contract.tiers.invalid, contract.pending.exists: one pending proposal per member and kind)',
  body: contractProposalSchema,
  value: contractSchema,
  auth: true,
});

/** accept, reject: the contracted member, on a pending proposal; withdraw: the agent, on a pending one; end: the agent, on an active one. */
export const contractDecisions = ['accept', 'reject', 'withdraw', 'end'] as const;
export type ContractDecision = (typeof contractDecisions)[number];

export const contractDecisionSchema = z.object({
  contractId: z.number().check(z.int(), z.positive()),
  decision: z.enum(contractDecisions),
});
export type ContractDecisionBody = z.infer<typeof contractDecisionSchema>;

export const decideContractEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/decision',
  tag: 'agent',
  summary:
    "Accepts or rejects a proposal (the member), withdraws a proposal or ends a contract (the agent); anyone else's contract is contract.not.found, one in another state contract.state.changed",
  body: contractDecisionSchema,
  value: contractSchema,
  auth: true,
});

export const payoutStatuses = ['paid', 'unpaid', 'nothing'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const contractPayoutSchema = z.object({
  id: z.number(),
  contractId: z.number(),
  kind: z.enum(contractKinds),
  /** `received` by the caller, or `paid` by the caller (as the agent). */
  role: z.enum(['received', 'paid']),
  /** The period: `YYYY-MM-DD` (salary), `YYYY-MM-DDTHH` (hourly, UTC), `YYYY-MM` (dividend). */
  period: z.string(),
  agentAccount: z.string(),
  memberAccount: z.string(),
  /** The period's team turnover (salary, hourly) or net loss (dividend), minor units. */
  base: z.number(),
  /** Minor units; 0 when no tier was reached. */
  amount: z.number(),
  status: z.enum(payoutStatuses),
  settledAt: z.string(),
});
export type ContractPayout = z.infer<typeof contractPayoutSchema>;

export const contractPayoutsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts/payouts',
  tag: 'agent',
  summary: 'The payouts of a contract kind the caller received or paid, newest period first, paged (periods with nothing to pay included)',
  query: z.object({ ...kindQuery, pageNo: pagingQuery.pageNo, pageSize: pagingQuery.pageSize }),
  value: pageOf(contractPayoutSchema),
  auth: true,
});

/**
 * Spec section 3's contract request response: for each kind, the id (as text) of a proposal awaiting the
 * caller, or '' when there is none.
 */
export const contractRequestsSchema = z.object({
  dailysalreqtype: z.string(),
  divtypecompperiodreq: z.string(),
  contracthoursalreq: z.string(),
});
export type ContractRequests = z.infer<typeof contractRequestsSchema>;

/** The request field of each kind, in the order the home's prompts ask (spec section 8). */
export const contractRequestFields = [
  ['salary', 'dailysalreqtype'],
  ['dividend', 'divtypecompperiodreq'],
  ['hourly', 'contracthoursalreq'],
] as const satisfies readonly (readonly [ContractKind, keyof ContractRequests])[];

export const contractRequestsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts/requests',
  tag: 'agent',
  summary: "The proposals awaiting the caller, per kind (spec: dailysalreqtype, divtypecompperiodreq, contracthoursalreq; '' when none)",
  value: contractRequestsSchema,
  auth: true,
});

export const dividendSummarySchema = z.object({
  /** The current calendar month (UTC), `YYYY-MM`. */
  period: z.string(),
  /** The caller's team's net loss so far this month (minor units; negative when the team is winning). */
  netLoss: z.number(),
  /** The caller's active dividend contract, if any. */
  contract: z.nullable(contractSchema),
  /** What the month would pay if it ended now (0 without a contract or below every tier). */
  estimate: z.number(),
  /** Dividends received and paid so far (minor units, paid payouts only). */
  receivedTotal: z.number(),
  paidTotal: z.number(),
});
export type DividendSummary = z.infer<typeof dividendSummarySchema>;

export const dividendSummaryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/dividend',
  tag: 'agent',
  summary: "The agent's dividend this month: its team's net loss so far, its contract and the estimate, and the dividends received and paid so far (agents only)",
  value: dividendSummarySchema,
  auth: true,
});

// ------------------------------------------------------------------ rebates (GAMSER, AGEREBINC3)

/** The game types a rebate rate is set for (the catalogue's stored types). */
export const rebateGameTypes = storedGameTypes;
export type RebateGameType = (typeof rebateGameTypes)[number];

/** The highest rebate rate: 10 % of turnover (1,000 basis points). */
export const maxRebateRateBps = 1_000;

export const rebateRateSchema = z.object({
  gameType: z.enum(rebateGameTypes),
  /** Basis points of turnover (100 = 1 %). */
  rateBps: z.number().check(z.int(), z.minimum(0), z.maximum(maxRebateRateBps)),
});
export type RebateRate = z.infer<typeof rebateRateSchema>;

/** Every game type's rate, in rebateGameTypes' order (0 where none is set). */
export const rebateRatesSchema = z.array(rebateRateSchema);

export const rebateMemberSchema = z.object({
  id: z.number(),
  account: z.string(),
  type: z.number(),
  rates: rebateRatesSchema,
});
export type RebateMember = z.infer<typeof rebateMemberSchema>;

export const rebateSettingsSchema = z.object({
  /** The agent's own rates: the ceiling of its downline's. */
  own: rebateRatesSchema,
  /** The direct downline, newest first, with their rates (paged, by account prefix). */
  members: pageOf(rebateMemberSchema),
});
export type RebateSettings = z.infer<typeof rebateSettingsSchema>;

export const rebateSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/rebates',
  tag: 'agent',
  summary: "The agent's own rebate rates per game type and its direct downline's, by account prefix, paged (GAMSER)",
  query: z.object({ account: optionalQuery(plainText(32)), pageNo: pagingQuery.pageNo, pageSize: pagingQuery.pageSize }),
  value: rebateSettingsSchema,
  auth: true,
});

export const rebateUpdateSchema = z.object({
  memberId: z.number().check(z.int(), z.positive()),
  /** The rates to set (game types left out keep theirs). */
  rates: z.array(rebateRateSchema).check(z.minLength(1), z.maxLength(rebateGameTypes.length)),
});
export type RebateUpdate = z.infer<typeof rebateUpdateSchema>;

export const updateRebateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/rebates',
  tag: 'agent',
  summary:
    "Sets a direct downline member's rebate rates, each at most the agent's own (rebate.rate.above.own); the member's own downline is lowered to the new rate where above it (GAMSER)",
  body: rebateUpdateSchema,
  value: rebateMemberSchema,
  auth: true,
});

export const rebateIncomeLineSchema = z.object({
  gameType: z.enum(rebateGameTypes),
  /** `self`: on the agent's own bets; `team`: the difference on its team's. */
  source: z.enum(['self', 'team']),
  turnover: z.number(),
  amount: z.number(),
});

export const rebateIncomeDaySchema = z.object({
  day: z.string(),
  turnover: z.number(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  lines: z.array(rebateIncomeLineSchema),
});
export type RebateIncomeDay = z.infer<typeof rebateIncomeDaySchema>;

export const rebateIncomeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/rebates/income',
  tag: 'agent',
  summary: 'The rebates the agent earned per settled UTC day (default the last 7 days), newest first, per game type and source, paged, with totals (AGEREBINC3)',
  query: z.object(pagingQuery),
  value: z.object({ ...pageOf(rebateIncomeDaySchema).shape, summary: z.object({ turnover: z.number(), amount: z.number() }) }),
  auth: true,
});
