/**
 * Agent contracts (contract/agent-contracts.ts, docs/contracts.md): an agent
 * proposes a daily salary, hourly wage or dividend contract to a member of
 * its direct downline; the member accepts or rejects it; the agent withdraws
 * a proposal or ends a contract. Each call sees only the caller's own
 * contracts (received, or offered as the agent): any other id is answered as
 * unknown (404 contract.not.found). A trial account has none (403
 * trial.forbidden). Races are settled by the database: the partial unique
 * indexes keep one pending and one active contract per member and kind, and
 * each decision moves a row only from the state it expects (else 409
 * contract.state.changed).
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Contract,
  type ContractDecisionBody,
  type ContractKind,
  type ContractOverview,
  type ContractPayout,
  type ContractProposal,
  type ContractRequests,
  contractRequestFields,
  type DividendSummary,
  payoutFor,
  tiersProblem,
} from '../../../contract/agent-contracts.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { type AgentContractRow, agentContracts, contractPayouts } from '../../db/schema-contracts.ts';
import { type MemberRow, members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { totalPages } from '../../http/paging.ts';
import { sqlState } from '../wallet/ledger.ts';
import { isAgent, isTrial } from '../member/referral.ts';
import { requireAgent } from './access.ts';
import { periodContaining, periodRange, teamFigures } from './settlement.ts';

/** History rows a contract screen lists. */
const receivedLimit = 50;
const offeredLimit = 200;

const trialRefused = () => new AppError(403, errorCodes.trialForbidden, 'Please log in to a real account to use this function');
const notFound = () => new AppError(404, errorCodes.contractNotFound, 'This contract does not exist.');

/** The caller, unless a trial account. */
function requireRealMember(member: MemberRow): MemberRow {
  if (isTrial(member)) throw trialRefused();
  return member;
}

const agentMember = alias(members, 'agent_member');
const contractMember = alias(members, 'contract_member');

const contractColumns = {
  row: agentContracts,
  agentAccount: agentMember.username,
  memberAccount: contractMember.username,
};

function selectContracts(db: Database) {
  return db
    .select(contractColumns)
    .from(agentContracts)
    .innerJoin(agentMember, eq(agentMember.id, agentContracts.agentId))
    .innerJoin(contractMember, eq(contractMember.id, agentContracts.memberId));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function contractOf(r: { row: AgentContractRow; agentAccount: string; memberAccount: string }): Contract {
  return {
    id: r.row.id,
    kind: r.row.kind,
    status: r.row.status,
    agentAccount: r.agentAccount,
    memberAccount: r.memberAccount,
    tiers: r.row.tiers,
    createdAt: r.row.createdAt.toISOString(),
    decidedAt: iso(r.row.decidedAt),
    endedAt: iso(r.row.endedAt),
  };
}

async function contractById(db: Database, id: number): Promise<Contract> {
  const [row] = await selectContracts(db).where(eq(agentContracts.id, id)).limit(1);
  if (!row) throw notFound();
  return contractOf(row);
}

export async function contractOverview(db: Database, member: MemberRow, kind: ContractKind): Promise<ContractOverview> {
  requireRealMember(member);
  const canOffer = isAgent(member);
  const [received, offered] = await Promise.all([
    selectContracts(db)
      .where(and(eq(agentContracts.memberId, member.id), eq(agentContracts.kind, kind)))
      .orderBy(desc(agentContracts.id))
      .limit(receivedLimit),
    canOffer
      ? selectContracts(db)
          .where(and(eq(agentContracts.agentId, member.id), eq(agentContracts.kind, kind), inArray(agentContracts.status, ['pending', 'active'])))
          .orderBy(desc(agentContracts.id))
          .limit(offeredLimit)
      : Promise.resolve([]),
  ]);
  return { received: received.map(contractOf), offered: offered.map(contractOf), canOffer };
}

export async function proposeContract(db: Database, agent: MemberRow, body: ContractProposal, now: Date): Promise<Contract> {
  requireAgent(agent);
  if (tiersProblem(body.kind, body.tiers)) {
    throw new AppError(400, errorCodes.contractTiersInvalid, 'Tiers must rise in both threshold and reward, at most 10, a dividend rate at most 100 %.', { field: 'tiers' });
  }
  const [target] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.merchantCode, agent.merchantCode),
        eq(members.parentId, agent.id),
        eq(members.status, 'active'),
        eq(sql`lower(${members.username})`, body.account.toLowerCase()),
      ),
    )
    .limit(1);
  if (!target) {
    throw new AppError(404, errorCodes.agentMemberNotFound, 'Sorry, the user does not exist or is disabled.', { field: 'account' });
  }
  try {
    const [row] = await db
      .insert(agentContracts)
      .values({ merchantCode: agent.merchantCode, agentId: agent.id, memberId: target.id, kind: body.kind, tiers: body.tiers, createdAt: now })
      .returning({ id: agentContracts.id });
    return contractById(db, row!.id);
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new AppError(409, errorCodes.contractPendingExists, 'This member already has a proposal of this kind waiting.', { field: 'account' });
    }
    throw error;
  }
}

/** The caller's side of a contract: the agent that offered it or the member it was offered to; anyone else: 404. */
async function ownContract(db: Database, member: MemberRow, id: number): Promise<AgentContractRow> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.id, id), or(eq(agentContracts.agentId, member.id), eq(agentContracts.memberId, member.id))))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const stateChanged = () => new AppError(409, errorCodes.contractStateChanged, 'This contract has changed meanwhile; reload it.');

export async function decideContract(db: Database, member: MemberRow, body: ContractDecisionBody, now: Date): Promise<Contract> {
  requireRealMember(member);
  const contract = await ownContract(db, member, body.contractId);
  const asMember = contract.memberId === member.id;
  const asAgent = contract.agentId === member.id;
  const from = body.decision === 'end' ? 'active' : 'pending';
  // accept and reject are the member's; withdraw and end the agent's. The other party's decision is not theirs to make.
  if ((body.decision === 'accept' || body.decision === 'reject') !== asMember || (body.decision === 'withdraw' || body.decision === 'end') !== asAgent) {
    throw stateChanged();
  }
  await db.transaction(async (trx) => {
    const moved = (status: AgentContractRow['status'], set: Partial<AgentContractRow>) =>
      trx
        .update(agentContracts)
        .set({ status, ...set })
        .where(and(eq(agentContracts.id, contract.id), eq(agentContracts.status, from)))
        .returning({ id: agentContracts.id });
    if (body.decision === 'accept') {
      // The member's active contract of the kind ends as the new one starts (the same instant: one in force at any time).
      await trx
        .update(agentContracts)
        .set({ status: 'ended', endedAt: now })
        .where(and(eq(agentContracts.memberId, contract.memberId), eq(agentContracts.kind, contract.kind), eq(agentContracts.status, 'active')));
    }
    const status = { accept: 'active', reject: 'rejected', withdraw: 'withdrawn', end: 'ended' } as const;
    const set = body.decision === 'end' ? { endedAt: now } : { decidedAt: now };
    const rows = await moved(status[body.decision], set);
    if (!rows.length) throw stateChanged();
  });
  return contractById(db, contract.id);
}

/** Spec section 3's contract request response: each kind's pending proposal to the caller, as its id in text, or ''. */
export async function contractRequests(db: Database, member: MemberRow): Promise<ContractRequests> {
  const answer: ContractRequests = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };
  if (isTrial(member)) return answer;
  const rows = await db
    .select({ id: agentContracts.id, kind: agentContracts.kind })
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, member.id), eq(agentContracts.status, 'pending')));
  for (const [kind, field] of contractRequestFields) {
    const row = rows.find((r) => r.kind === kind);
    if (row) answer[field] = String(row.id);
  }
  return answer;
}

export async function contractPayoutPage(
  db: Database,
  member: MemberRow,
  query: { kind: ContractKind; pageNo: number; pageSize: number },
): Promise<{ list: ContractPayout[]; pageNum: number; totalPages: number; total: number }> {
  requireRealMember(member);
  const mine = and(eq(agentContracts.kind, query.kind), or(eq(agentContracts.memberId, member.id), eq(agentContracts.agentId, member.id)));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        payout: contractPayouts,
        agentId: agentContracts.agentId,
        kind: agentContracts.kind,
        agentAccount: agentMember.username,
        memberAccount: contractMember.username,
      })
      .from(contractPayouts)
      .innerJoin(agentContracts, eq(agentContracts.id, contractPayouts.contractId))
      .innerJoin(agentMember, eq(agentMember.id, agentContracts.agentId))
      .innerJoin(contractMember, eq(contractMember.id, agentContracts.memberId))
      .where(mine)
      .orderBy(desc(contractPayouts.periodStart), desc(contractPayouts.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractPayouts)
      .innerJoin(agentContracts, eq(agentContracts.id, contractPayouts.contractId))
      .where(mine),
  ]);
  const total = counted?.n ?? 0;
  return {
    list: rows.map((r) => ({
      id: r.payout.id,
      contractId: r.payout.contractId,
      kind: r.kind,
      role: r.agentId === member.id ? 'paid' : 'received',
      period: r.payout.period,
      agentAccount: r.agentAccount,
      memberAccount: r.memberAccount,
      base: r.payout.base,
      amount: r.payout.amount,
      status: r.payout.status,
      settledAt: r.payout.settledAt.toISOString(),
    })),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
  };
}

export async function dividendSummary(db: Database, agent: MemberRow, now: Date): Promise<DividendSummary> {
  requireAgent(agent);
  const period = periodContaining('dividend', now);
  const range = periodRange('dividend', period)!;
  const paidTotal = (column: typeof agentContracts.agentId) =>
    db
      .select({ total: sql<string>`coalesce(sum(${contractPayouts.amount}), 0)` })
      .from(contractPayouts)
      .innerJoin(agentContracts, eq(agentContracts.id, contractPayouts.contractId))
      .where(and(eq(column, agent.id), eq(agentContracts.kind, 'dividend'), eq(contractPayouts.status, 'paid')));
  const [figures, [active], [received], [paid]] = await Promise.all([
    teamFigures(db, agent.id, range),
    selectContracts(db)
      .where(and(eq(agentContracts.memberId, agent.id), eq(agentContracts.kind, 'dividend'), eq(agentContracts.status, 'active')))
      .limit(1),
    paidTotal(agentContracts.memberId),
    paidTotal(agentContracts.agentId),
  ]);
  const contract = active ? contractOf(active) : null;
  return {
    period,
    netLoss: figures.netLoss,
    contract,
    estimate: contract ? payoutFor('dividend', contract.tiers, figures.netLoss) : 0,
    receivedTotal: Number(received?.total ?? 0),
    paidTotal: Number(paid?.total ?? 0),
  };
}
