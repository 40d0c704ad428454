/**
 * Agent contracts and rebates (contract/agent-contracts.ts, docs/contracts.md).
 *
 * - `agent_contracts`: what an agent offered a member of its direct downline
 *   (daily salary, hourly wage, dividend) and where it stands. At most one
 *   pending proposal and one active contract per member and kind (partial
 *   unique indexes), whatever two requests race.
 * - `contract_payouts`: one row per contract and period, the settlement key:
 *   the row and the ledger transaction that pays it commit together, so a
 *   period is paid once even when the job dies mid-run or two runs overlap
 *   (server/modules/agent/settlement.ts). `unpaid` rows (the agent's wallet
 *   could not cover them) are paid by a later run.
 * - `rebate_rates`: each member's rebate rate per game type (basis points).
 * - `rebate_payouts` and their `rebate_payout_lines`: one payout per member
 *   and UTC day (the settlement key), with its lines per game type and source.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ContractKind, ContractStatus, ContractTier, PayoutStatus } from '../../contract/agent-contracts.ts';
import { merchantCode, timestamptz } from './columns.ts';
import { members } from './schema.ts';
import { ledgerTransactions } from './schema-wallet.ts';

const memberRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    agentId: memberRef('agent_id'),
    memberId: memberRef('member_id'),
    kind: varchar('kind', { length: 16 }).$type<ContractKind>().notNull(),
    status: varchar('status', { length: 16 }).$type<ContractStatus>().notNull().default('pending'),
    tiers: jsonb('tiers').$type<ContractTier[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('agent_contracts_pending_uq').on(t.memberId, t.kind).where(sql`${t.status} = 'pending'`),
    uniqueIndex('agent_contracts_active_uq').on(t.memberId, t.kind).where(sql`${t.status} = 'active'`),
    index('agent_contracts_member_idx').on(t.memberId, t.kind, t.id),
    index('agent_contracts_agent_idx').on(t.agentId, t.kind, t.id),
    // The settlement's scan: the contracts of a kind in force at a period's end.
    index('agent_contracts_kind_decided_idx').on(t.kind, t.decidedAt).where(sql`${t.status} in ('active', 'ended')`),
    check('agent_contracts_kind_ck', sql`${t.kind} in ('salary', 'hourly', 'dividend')`),
    check('agent_contracts_status_ck', sql`${t.status} in ('pending', 'active', 'rejected', 'withdrawn', 'ended')`),
    check('agent_contracts_parties_ck', sql`${t.agentId} <> ${t.memberId}`),
  ],
);
export type AgentContractRow = typeof agentContracts.$inferSelect;

const payoutStatus = () => varchar('status', { length: 8 }).$type<PayoutStatus>().notNull();
const payoutStatusCheck = (name: string, column: unknown) => check(name, sql`${column} in ('paid', 'unpaid', 'nothing')`);

export const contractPayouts = pgTable(
  'contract_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => agentContracts.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD`, `YYYY-MM-DDTHH` or `YYYY-MM` (contract/agent-contracts.ts). */
    period: varchar('period', { length: 16 }).notNull(),
    periodStart: timestamptz('period_start').notNull(),
    /** Turnover or net loss of the period (minor units). */
    base: bigint('base', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: payoutStatus(),
    txId: uuid('tx_id').references(() => ledgerTransactions.id),
    settledAt: timestamptz('settled_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_payouts_period_uq').on(t.contractId, t.period),
    index('contract_payouts_contract_start_idx').on(t.contractId, t.periodStart),
    payoutStatusCheck('contract_payouts_status_ck', t.status),
    check('contract_payouts_amount_ck', sql`${t.amount} >= 0 and (${t.status} = 'nothing') = (${t.amount} = 0) and (${t.status} = 'paid') = (${t.txId} is not null)`),
  ],
);
export type ContractPayoutRow = typeof contractPayouts.$inferSelect;

export const rebateRates = pgTable(
  'rebate_rates',
  {
    memberId: memberRef('member_id'),
    gameType: varchar('game_type', { length: 16 }).notNull(),
    rateBps: integer('rate_bps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameType] }), check('rebate_rates_rate_ck', sql`${t.rateBps} between 0 and 1000`)],
);
export type RebateRateRow = typeof rebateRates.$inferSelect;

export const rebatePayouts = pgTable(
  'rebate_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: memberRef('member_id'),
    day: date('day', { mode: 'string' }).notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: payoutStatus(),
    txId: uuid('tx_id').references(() => ledgerTransactions.id),
    settledAt: timestamptz('settled_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rebate_payouts_day_uq').on(t.memberId, t.day),
    payoutStatusCheck('rebate_payouts_status_ck', t.status),
    check('rebate_payouts_amount_ck', sql`${t.amount} >= 0 and (${t.status} = 'nothing') = (${t.amount} = 0) and (${t.status} = 'paid') = (${t.txId} is not null)`),
  ],
);
export type RebatePayoutRow = typeof rebatePayouts.$inferSelect;

export const rebatePayoutLines = pgTable(
  'rebate_payout_lines',
  {
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => rebatePayouts.id, { onDelete: 'cascade' }),
    gameType: varchar('game_type', { length: 16 }).notNull(),
    source: varchar('source', { length: 4 }).$type<'self' | 'team'>().notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.gameType, t.source] }), check('rebate_payout_lines_source_ck', sql`${t.source} in ('self', 'team')`)],
);
