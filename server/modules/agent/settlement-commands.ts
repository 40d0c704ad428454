/**
 * Operator commands on contracts and rebates (`npm run admin -- contracts
 * ...` and `rebates ...`; docs/contracts.md):
 *
 * - `contracts settle <salary|hourly|dividend> <period>` settles an ended
 *   period now (what the settlement job does every SETTLEMENT_EVERY_MS) and
 *   lists what each payout did: paid, unpaid (the agent's wallet is short;
 *   paid by a later run), nothing (no tier reached) or settled (already, by
 *   an earlier or a concurrent run: nothing moved again);
 * - `contracts payouts <kind> [<period>]` lists the payouts (the latest 100,
 *   or a period's);
 * - `rebates settle <YYYY-MM-DD>` and `rebates payouts <YYYY-MM-DD>` do the
 *   same for a day's rebates;
 * - `rebates rates <username>` shows a member's rates; `rebates set
 *   <username> <gameType> <percent>` sets one (a top agent's, typically), and
 *   lowers the member's subtree's rates above it.
 *
 * Run by the admin CLI directly or through the running server's admin
 * listener, like the other operator commands (server/admin/commands.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import { contractKinds, maxRebateRateBps, type RebateRate, rebateGameTypes } from '../../../contract/agent-contracts.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { agentContracts, contractPayouts, rebatePayouts } from '../../db/schema-contracts.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { usernamePattern } from '../member/admin-commands.ts';
import { ratesOf, writeRates } from './rebates.ts';
import { periodRange, settleContracts, settleRebates } from './settlement.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
const username = z.string().check(z.regex(usernamePattern));
const period = z.string().check(z.maxLength(16));

export const settlementCommandSchemas = [
  z.object({ kind: z.literal('contracts.settle'), merchant, contractKind: z.enum(contractKinds), period }),
  z.object({ kind: z.literal('contracts.payouts'), merchant, contractKind: z.enum(contractKinds), period: z.optional(period) }),
  z.object({ kind: z.literal('rebates.settle'), merchant, day: period }),
  z.object({ kind: z.literal('rebates.payouts'), merchant, day: period }),
  z.object({ kind: z.literal('rebates.rates'), merchant, username }),
  z.object({
    kind: z.literal('rebates.set'),
    merchant,
    username,
    gameType: z.enum(rebateGameTypes),
    rateBps: z.number().check(z.int(), z.minimum(0), z.maximum(maxRebateRateBps)),
  }),
] as const;

export type SettlementCommand = z.infer<(typeof settlementCommandSchemas)[number]>;

export interface PayoutLine {
  agent: string;
  member: string;
  period: string;
  base: number;
  amount: number;
  /** paid, unpaid, nothing, or settled (already, before this run). */
  outcome: string;
}

export type SettlementView =
  | { contractPayouts: { kind: string; lines: PayoutLine[] } }
  | { rebatePayouts: { day: string; lines: { member: string; turnover: number; amount: number; outcome: string }[] } }
  | { rebateRates: { username: string; rates: RebateRate[] } };

export function isSettlementCommand(command: { kind: string }): command is SettlementCommand {
  return command.kind.startsWith('contracts.') || command.kind.startsWith('rebates.');
}

/** Parses `contracts ...` and `rebates ...` of the CLI; `positionals` is how many positional arguments it used. */
export function parseSettlementArgs(
  merchantCode: string,
  area: 'contracts' | 'rebates',
  action: string | undefined,
  rest: string[],
): { command: SettlementCommand; positionals: number } | { error: string } {
  const kinds = contractKinds.join('|');
  if (area === 'contracts') {
    const [contractKind, label] = rest;
    if (action !== 'settle' && action !== 'payouts') return { error: action ? `Unknown command "contracts ${action}"` : 'contracts needs a command (settle, payouts)' };
    if (!contractKind || !(contractKinds as readonly string[]).includes(contractKind)) return { error: `contracts ${action} needs a contract kind (${kinds})` };
    const k = contractKind as (typeof contractKinds)[number];
    if (action === 'settle') {
      if (!label) return { error: 'contracts settle needs a period (salary YYYY-MM-DD, hourly YYYY-MM-DDTHH, dividend YYYY-MM; UTC)' };
      return { command: { kind: 'contracts.settle', merchant: merchantCode, contractKind: k, period: label }, positionals: 4 };
    }
    return label
      ? { command: { kind: 'contracts.payouts', merchant: merchantCode, contractKind: k, period: label }, positionals: 4 }
      : { command: { kind: 'contracts.payouts', merchant: merchantCode, contractKind: k }, positionals: 3 };
  }
  switch (action) {
    case 'settle':
    case 'payouts': {
      const day = rest[0];
      if (!day) return { error: `rebates ${action} needs a day (YYYY-MM-DD, UTC)` };
      return { command: { kind: `rebates.${action}`, merchant: merchantCode, day }, positionals: 3 };
    }
    case 'rates': {
      const name = rest[0];
      if (!name || !usernamePattern.test(name)) return { error: "rebates rates needs a member's username" };
      return { command: { kind: 'rebates.rates', merchant: merchantCode, username: name }, positionals: 3 };
    }
    case 'set': {
      const [name, gameType, percent] = rest;
      if (!name || !usernamePattern.test(name)) return { error: "rebates set needs a member's username" };
      const type = gameType?.toUpperCase();
      if (!type || !(rebateGameTypes as readonly string[]).includes(type)) return { error: `rebates set needs a game type (${rebateGameTypes.join(', ')})` };
      if (!percent || !/^\d{1,2}(\.\d{1,2})?$/.test(percent) || Math.round(Number(percent) * 100) > maxRebateRateBps) {
        return { error: `rebates set needs a rate in percent, 0 to ${maxRebateRateBps / 100} with at most 2 decimals` };
      }
      return {
        command: { kind: 'rebates.set', merchant: merchantCode, username: name, gameType: type as (typeof rebateGameTypes)[number], rateBps: Math.round(Number(percent) * 100) },
        positionals: 5,
      };
    }
    default:
      return { error: action ? `Unknown command "rebates ${action}"` : 'rebates needs a command (settle, payouts, rates, set)' };
  }
}

async function memberNamed(db: Database, merchantCode: string, name: string): Promise<{ id: number; username: string }> {
  const [row] = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(sql`lower(${members.username})`, name.toLowerCase())))
    .limit(1);
  if (!row) throw new AppError(404, errorCodes.memberNotFound, `No member "${name}".`);
  return row;
}

async function usernames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(sql`${members.id} in (${sql.join([...new Set(ids)].map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r.username]));
}

const listedPayouts = 100;
const agentMember = alias(members, 'agent_member');
const contractMember = alias(members, 'contract_member');

export async function executeSettlementCommand(db: Database, command: SettlementCommand, now = new Date()): Promise<SettlementView> {
  switch (command.kind) {
    case 'contracts.settle': {
      const settled = await settleContracts(db, command.contractKind, command.period, { now, merchant: command.merchant });
      const names = await usernames(db, settled.flatMap((s) => [s.agentId, s.memberId]));
      return {
        contractPayouts: {
          kind: command.contractKind,
          lines: settled.map((s) => ({
            agent: names.get(s.agentId) ?? String(s.agentId),
            member: names.get(s.memberId) ?? String(s.memberId),
            period: s.period,
            base: s.base,
            amount: s.amount,
            outcome: s.outcome,
          })),
        },
      };
    }
    case 'contracts.payouts': {
      if (command.period !== undefined && !periodRange(command.contractKind, command.period)) {
        throw new AppError(400, errorCodes.invalidRequest, `"${command.period}" is not a ${command.contractKind} period.`);
      }
      const rows = await db
        .select({
          agent: agentMember.username,
          member: contractMember.username,
          period: contractPayouts.period,
          base: contractPayouts.base,
          amount: contractPayouts.amount,
          outcome: contractPayouts.status,
        })
        .from(contractPayouts)
        .innerJoin(agentContracts, eq(agentContracts.id, contractPayouts.contractId))
        .innerJoin(agentMember, eq(agentMember.id, agentContracts.agentId))
        .innerJoin(contractMember, eq(contractMember.id, agentContracts.memberId))
        .where(
          and(
            eq(agentContracts.merchantCode, command.merchant),
            eq(agentContracts.kind, command.contractKind),
            command.period === undefined ? undefined : eq(contractPayouts.period, command.period),
          ),
        )
        .orderBy(desc(contractPayouts.periodStart), desc(contractPayouts.id))
        .limit(listedPayouts);
      return { contractPayouts: { kind: command.contractKind, lines: rows } };
    }
    case 'rebates.settle': {
      const settled = await settleRebates(db, command.day, { now, merchant: command.merchant });
      const names = await usernames(db, settled.map((s) => s.memberId));
      return {
        rebatePayouts: {
          day: command.day,
          lines: settled.map((s) => ({ member: names.get(s.memberId) ?? String(s.memberId), turnover: s.turnover, amount: s.amount, outcome: s.outcome })),
        },
      };
    }
    case 'rebates.payouts': {
      if (!periodRange('rebate', command.day)) throw new AppError(400, errorCodes.invalidRequest, `"${command.day}" is not a day (YYYY-MM-DD).`);
      const rows = await db
        .select({ member: members.username, turnover: rebatePayouts.turnover, amount: rebatePayouts.amount, outcome: rebatePayouts.status })
        .from(rebatePayouts)
        .innerJoin(members, eq(members.id, rebatePayouts.memberId))
        .where(and(eq(members.merchantCode, command.merchant), eq(rebatePayouts.day, command.day)))
        .orderBy(desc(rebatePayouts.amount))
        .limit(listedPayouts);
      return { rebatePayouts: { day: command.day, lines: rows } };
    }
    case 'rebates.set': {
      const member = await memberNamed(db, command.merchant, command.username);
      await writeRates(db, member.id, [{ gameType: command.gameType, rateBps: command.rateBps }]);
      return { rebateRates: { username: member.username, rates: (await ratesOf(db, [member.id])).get(member.id)! } };
    }
    case 'rebates.rates': {
      const member = await memberNamed(db, command.merchant, command.username);
      return { rebateRates: { username: member.username, rates: (await ratesOf(db, [member.id])).get(member.id)! } };
    }
  }
}

const money = (minor: number) => (minor / 100).toFixed(2);

/** The CLI's text: one line per payout (or rate), and the totals. */
export function formatSettlement(view: SettlementView): string {
  if ('rebateRates' in view) {
    const { username: name, rates } = view.rebateRates;
    return [`${name}:`, ...rates.map((r) => `  ${r.gameType.padEnd(7)} ${(r.rateBps / 100).toFixed(2)} %`)].join('\n');
  }
  if ('rebatePayouts' in view) {
    const { day, lines } = view.rebatePayouts;
    if (!lines.length) return `rebates ${day}: nothing to pay`;
    const paid = lines.filter((l) => l.outcome === 'paid').reduce((sum, l) => sum + l.amount, 0);
    return [
      ...lines.map((l) => `${day}  ${l.member.padEnd(16)} turnover ${money(l.turnover).padStart(12)}  rebate ${money(l.amount).padStart(10)}  ${l.outcome}`),
      `${lines.length} payout(s), ${money(paid)} paid`,
    ].join('\n');
  }
  const { kind, lines } = view.contractPayouts;
  if (!lines.length) return `${kind}: no payouts`;
  const paid = lines.filter((l) => l.outcome === 'paid').reduce((sum, l) => sum + l.amount, 0);
  const base = kind === 'dividend' ? 'net loss' : 'turnover';
  return [
    ...lines.map(
      (l) => `${l.period.padEnd(13)} ${l.agent.padEnd(14)} → ${l.member.padEnd(14)} ${base} ${money(l.base).padStart(12)}  amount ${money(l.amount).padStart(10)}  ${l.outcome}`,
    ),
    `${lines.length} payout(s), ${money(paid)} paid`,
  ].join('\n');
}
