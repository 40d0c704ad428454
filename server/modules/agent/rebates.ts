/**
 * Rebate settings and income (contract/agent-contracts.ts; menu keys GAMSER
 * and AGEREBINC3; docs/contracts.md). An agent reads its own rates per game
 * type and its direct downline's, and sets a direct downline member's rates,
 * each at most its own (400 rebate.rate.above.own, with the game type);
 * lowering a member's rate lowers the rates of that member's own subtree that
 * are above it, in the same transaction, so no one ever earns above its agent
 * and the differences paid up the tree are never negative. The operator sets
 * a top agent's rates the same way (`npm run admin -- rebates set`), with no
 * ceiling but the contract's 10 %. Income lists the agent's rebate payouts
 * per day with their lines (server/modules/agent/settlement.ts pays them).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type RebateGameType,
  type RebateIncomeDay,
  type RebateMember,
  type RebateRate,
  type RebateSettings,
  type RebateUpdate,
  rebateGameTypes,
} from '../../../contract/agent-contracts.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { rebatePayoutLines, rebatePayouts, rebateRates } from '../../db/schema-contracts.ts';
import { type MemberRow, type MerchantRow, members } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { agentWith, usernameStartsWith } from './access.ts';
import { totalPages } from '../../http/paging.ts';
import { daysWithin, lastDays, rangeOf } from './reports.ts';

/** The income's default range: this many UTC days, today included. */
export const incomeDefaultDays = 7;

/** Every game type's rate of each member (0 where none is set), in rebateGameTypes' order. */
export async function ratesOf(db: Database, memberIds: readonly number[]): Promise<Map<number, RebateRate[]>> {
  const rows = memberIds.length ? await db.select().from(rebateRates).where(inArray(rebateRates.memberId, [...memberIds])) : [];
  const result = new Map<number, RebateRate[]>();
  for (const id of memberIds) {
    const own = rows.filter((r) => r.memberId === id);
    result.set(
      id,
      rebateGameTypes.map((gameType) => ({ gameType, rateBps: own.find((r) => r.gameType === gameType)?.rateBps ?? 0 })),
    );
  }
  return result;
}

export async function rebateSettings(
  db: Database,
  agent: MemberRow,
  merchant: MerchantRow,
  query: { account?: string | undefined; pageNo: number; pageSize: number },
): Promise<RebateSettings> {
  agentWith(agent, merchant, 'GAMSER');
  const direct = and(eq(members.parentId, agent.id), query.account ? usernameStartsWith(query.account) : undefined);
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: members.id, account: members.username, type: members.type })
      .from(members)
      .where(direct)
      .orderBy(desc(members.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(members).where(direct),
  ]);
  const rates = await ratesOf(db, [agent.id, ...page.map((m) => m.id)]);
  const total = counted?.n ?? 0;
  return {
    own: rates.get(agent.id)!,
    members: {
      list: page.map((m) => ({ ...m, rates: rates.get(m.id)! })),
      pageNum: query.pageNo,
      totalPages: totalPages(total, query.pageSize),
      total,
    },
  };
}

/**
 * Sets a member's rates and lowers its subtree's rates above them, in one transaction (the member's agents locked
 * shared, top first, then the member's row, so two agents' changes up and down one branch apply one after the other).
 * `check` runs inside it once the locks are held: a ceiling read there cannot be lowered before the rates are written.
 */
export async function writeRates(db: Database, memberId: number, rates: readonly RebateRate[], check?: (trx: Database) => Promise<void>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.execute(
      sql`select id from members where id in (select ancestor_id from member_tree where member_id = ${memberId} and depth > 0) order by id for share`,
    );
    await trx.execute(sql`select id from members where id = ${memberId} for update`);
    await check?.(trx as unknown as Database);
    await trx
      .insert(rebateRates)
      .values(rates.map((r) => ({ memberId, gameType: r.gameType, rateBps: r.rateBps })))
      .onConflictDoUpdate({ target: [rebateRates.memberId, rebateRates.gameType], set: { rateBps: sql`excluded.rate_bps` } });
    for (const r of rates) {
      await trx.execute(sql`
        update rebate_rates set rate_bps = ${r.rateBps}
         where game_type = ${r.gameType} and rate_bps > ${r.rateBps}
           and member_id in (select member_id from member_tree where ancestor_id = ${memberId} and depth > 0)`);
    }
  });
}

export async function updateRebate(db: Database, agent: MemberRow, merchant: MerchantRow, body: RebateUpdate): Promise<RebateMember> {
  agentWith(agent, merchant, 'GAMSER');
  const types = body.rates.map((r) => r.gameType);
  if (new Set(types).size !== types.length) {
    throw new AppError(400, errorCodes.invalidRequest, 'Each game type may be listed once.', { field: 'rates' });
  }
  const [member] = await db
    .select({ id: members.id, account: members.username, type: members.type })
    .from(members)
    .where(and(eq(members.id, body.memberId), eq(members.parentId, agent.id)))
    .limit(1);
  if (!member) throw new AppError(404, errorCodes.agentMemberNotFound, 'Sorry, the user does not exist or is disabled.');
  // The ceiling is read under writeRates' locks: the agent's own agent cannot lower it before the member's rates are written.
  await writeRates(db, member.id, body.rates, async (trx) => {
    const own = (await ratesOf(trx, [agent.id])).get(agent.id)!;
    const above = body.rates.find((r) => r.rateBps > (own.find((o) => o.gameType === r.gameType)?.rateBps ?? 0));
    if (above) {
      const ceiling = own.find((o) => o.gameType === above.gameType)?.rateBps ?? 0;
      throw new AppError(400, errorCodes.rebateRateAboveOwn, 'A rebate rate may not be above your own.', { field: above.gameType, ceiling });
    }
  });
  return { ...member, rates: (await ratesOf(db, [member.id])).get(member.id)! };
}

export async function rebateIncome(
  db: Database,
  agent: MemberRow,
  merchant: MerchantRow,
  query: { startDate?: string | undefined; endDate?: string | undefined; pageNo: number; pageSize: number },
  now: Date,
): Promise<{ list: RebateIncomeDay[]; pageNum: number; totalPages: number; total: number; summary: { turnover: number; amount: number } }> {
  agentWith(agent, merchant, 'AGEREBINC3');
  const range = rangeOf(query, lastDays(now, incomeDefaultDays));
  const within = and(eq(rebatePayouts.memberId, agent.id), ...daysWithin(rebatePayouts.day, range));
  const [page, [totals]] = await Promise.all([
    db
      .select()
      .from(rebatePayouts)
      .where(within)
      .orderBy(desc(rebatePayouts.day))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({
        n: sql<number>`count(*)::int`,
        turnover: sql<string>`coalesce(sum(${rebatePayouts.turnover}), 0)`,
        amount: sql<string>`coalesce(sum(${rebatePayouts.amount}), 0)`,
      })
      .from(rebatePayouts)
      .where(within),
  ]);
  const lines = page.length
    ? await db
        .select()
        .from(rebatePayoutLines)
        .where(
          inArray(
            rebatePayoutLines.payoutId,
            page.map((p) => p.id),
          ),
        )
        .orderBy(rebatePayoutLines.gameType, rebatePayoutLines.source)
    : [];
  const total = totals?.n ?? 0;
  return {
    list: page.map((p) => ({
      day: p.day,
      turnover: p.turnover,
      amount: p.amount,
      status: p.status,
      lines: lines
        .filter((l) => l.payoutId === p.id)
        .map((l) => ({ gameType: l.gameType as RebateGameType, source: l.source, turnover: l.turnover, amount: l.amount })),
    })),
    pageNum: query.pageNo,
    totalPages: totalPages(total, query.pageSize),
    total,
    summary: { turnover: Number(totals?.turnover ?? 0), amount: Number(totals?.amount ?? 0) },
  };
}
