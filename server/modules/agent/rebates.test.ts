/**
 * Rebate settings and income over HTTP, as agents see them
 * (contract/agent-contracts.ts; menu keys GAMSER and AGEREBINC3): an agent
 * reads its own rates and its direct downline's (0 where unset, by account
 * prefix, paged), sets a direct downline member's rates up to its own (above
 * is rebate.rate.above.own, anyone else agent.member.not.found, duplicates
 * and bad shapes 400, all changing nothing), and lowering a member's rate
 * lowers that member's own downline's rates above it; after a day's
 * settlement, the income lists the agent's days newest first with their
 * lines per game type and source, totals, a date range and pages. A revoked
 * key answers 403 agent.menu.denied, a member or trial account 403
 * agent.only.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RebateGameType,
  type RebateRate,
  rebateGameTypes,
  rebateIncomeEndpoint,
  rebateSettingsEndpoint,
  updateRebateEndpoint,
} from '../../../contract/agent-contracts.ts';
import type { AgentMenuKey, } from '../../../contract/agent.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { rebateRates } from '../../db/schema-contracts.ts';
import { type AgentAccount, agentAccounts } from '../../test/agent-harness.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { intactLedger, ledgerInvariants, signInTrial, } from '../../test/wallet-harness.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { writeRates } from './rebates.ts';
import { settleRebates } from './settlement.ts';

let h: Harness;
/** A game of each type the bets here are placed on. */
const games = new Map<string, { id: number; vendor: string }>();
beforeAll(async () => {
  h = await createHarness();
  for (const type of ['RNG', 'LIVE']) {
    const [game] = rowsOf<{ id: number; vassalage: string }>(
      await db().execute(sql`select id, vassalage from games where merchant_code = 'DEMO' and game_type = ${type} order by id limit 1`),
    );
    games.set(type, { id: Number(game!.id), vendor: String(game!.vassalage) });
  }
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

let seq = 0;
const accounts = agentAccounts(() => h, 'rb');
type Account = AgentAccount;
const { opened } = accounts;

/** A new top agent of the demo merchant with its own rates set as the operator would, logged in. */
async function topAgent(rates: RebateRate[] = []): Promise<Account> {
  const agent = await accounts.agent();
  if (rates.length) await writeRates(db(), agent.id, rates);
  return agent;
}

/** Every game type's rate, in rebateGameTypes' order, from the ones given (0 elsewhere). */
const allRates = (set: Partial<Record<RebateGameType, number>> = {}): RebateRate[] => rebateGameTypes.map((gameType) => ({ gameType, rateBps: set[gameType] ?? 0 }));

const settings = (c: TestClient, query: { account?: string; pageNo?: number; pageSize?: number } = {}) => c.call(rebateSettingsEndpoint, { query });
const update = (c: TestClient, memberId: number, rates: RebateRate[]) => c.call(updateRebateEndpoint, { body: { memberId, rates } });
const income = (c: TestClient, query: { startDate?: string; endDate?: string; pageNo?: number; pageSize?: number } = {}) =>
  c.call(rebateIncomeEndpoint, { query });

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

/** The stored rate rows of the members, as [member, game type, rate] (what a refused call must leave as it was). */
const storedRates = async (ids: number[]) =>
  (await db().select().from(rebateRates).where(inArray(rebateRates.memberId, ids)))
    .map((r) => [r.memberId, r.gameType, r.rateBps] as const)
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

/** Each member's rates as the stored rows give them (0 where unset). */
const ratesOfMember = async (id: number) => {
  const rows = await storedRates([id]);
  return allRates(Object.fromEntries(rows.map(([, type, rate]) => [type, rate])));
};

const menu = (key: AgentMenuKey, grant: boolean) => executeAdminCommand(db(), { kind: grant ? 'agent.menu.grant' : 'agent.menu.revoke', merchant: 'DEMO', key });

const startOfToday = () => Math.floor(h.clock.now().getTime() / dayMs) * dayMs;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A settled bet of `memberId` on a game of `type`, placed at `at` (written into bets directly, as rollups.test.ts does). */
async function placeBet(memberId: number, type: 'RNG' | 'LIVE', at: Date, stake: number, status: 'settled' | 'rolled_back' = 'settled'): Promise<void> {
  const game = games.get(type)!;
  await db().execute(sql`insert into bets (merchant_code, member_id, game_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
    values ('DEMO', ${memberId}, ${game.id}, ${game.vendor}, ${`rebate-${randomUUID()}`}, ${stake}, 0, ${status},
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

describe('rebate settings', () => {
  it('shows the agent its own rates and its direct downline newest first with their rates (0 where unset), by account prefix, paged', async () => {
    const agent = await topAgent([
      { gameType: 'RNG', rateBps: 300 },
      { gameType: 'LIVE', rateBps: 200 },
    ]);
    const prefix = `Pick${++seq}_`;
    const first = await opened(agent, 'member', `${prefix}one`);
    const second = await opened(agent, 'member', `${prefix}two`);
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    await writeRates(db(), first.id, [{ gameType: 'RNG', rateBps: 100 }]);
    await writeRates(db(), sub.id, [{ gameType: 'LIVE', rateBps: 150 }]);
    await writeRates(db(), deep.id, [{ gameType: 'LIVE', rateBps: 50 }]);

    const member = (a: Account, type: number, rates: RebateRate[]) => ({ id: a.id, account: a.username, type, rates });
    const rows = [member(sub, 2, allRates({ LIVE: 150 })), member(second, 0, allRates()), member(first, 0, allRates({ RNG: 100 }))];
    // Level 2 (the sub-agent's own member) is not the agent's direct downline.
    await expect(settings(agent.c)).resolves.toEqual({
      own: allRates({ RNG: 300, LIVE: 200 }),
      members: { list: rows, pageNum: 1, totalPages: 1, total: 3 },
    });
    await expect(settings(agent.c, { pageSize: 2 })).resolves.toEqual({
      own: allRates({ RNG: 300, LIVE: 200 }),
      members: { list: rows.slice(0, 2), pageNum: 1, totalPages: 2, total: 3 },
    });
    expect((await settings(agent.c, { pageSize: 2, pageNo: 2 })).members).toEqual({ list: rows.slice(2), pageNum: 2, totalPages: 2, total: 3 });
    // The prefix in any case; its wildcards are plain characters.
    expect((await settings(agent.c, { account: prefix.toLowerCase() })).members).toEqual({ list: rows.slice(1), pageNum: 1, totalPages: 1, total: 2 });
    expect((await settings(agent.c, { account: `${prefix.toUpperCase()}T` })).members).toEqual({ list: [rows[1]], pageNum: 1, totalPages: 1, total: 1 });
    expect((await settings(agent.c, { account: `Pick%` })).members).toEqual({ list: [], pageNum: 1, totalPages: 1, total: 0 });
    expect((await settings(agent.c, { account: deep.username })).members.total).toBe(0);
    // The sub-agent's own view: its rates, and its member's.
    await expect(settings(sub.c)).resolves.toEqual({
      own: allRates({ LIVE: 150 }),
      members: { list: [member(deep, 0, allRates({ LIVE: 50 }))], pageNum: 1, totalPages: 1, total: 1 },
    });
    // An agent with no rates and no members.
    await expect(settings((await topAgent()).c)).resolves.toEqual({ own: allRates(), members: { list: [], pageNum: 1, totalPages: 1, total: 0 } });
  });

  it('answers 403 agent.menu.denied when GAMSER is revoked (settings and update, changing nothing), 403 agent.only to a member and a trial account', async () => {
    const agent = await topAgent([{ gameType: 'RNG', rateBps: 300 }]);
    const member = await opened(agent);
    await menu('GAMSER', false);
    try {
      expect(await errorOf(settings(agent.c))).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
      expect(await errorOf(update(agent.c, member.id, [{ gameType: 'RNG', rateBps: 100 }]))).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
      expect(await storedRates([member.id])).toEqual([]);
      // Income has a key of its own.
      await expect(income(agent.c)).resolves.toMatchObject({ list: [], total: 0 });
    } finally {
      await menu('GAMSER', true);
    }
    await expect(settings(agent.c)).resolves.toMatchObject({ own: allRates({ RNG: 300 }) });

    for (const c of [member.c, await signInTrial(h)]) {
      expect(await errorOf(settings(c))).toEqual({ status: 403, errorCode: 'agent.only' });
      expect(await errorOf(update(c, member.id, [{ gameType: 'RNG', rateBps: 100 }]))).toEqual({ status: 403, errorCode: 'agent.only' });
      expect(await errorOf(income(c))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
    expect(await storedRates([member.id])).toEqual([]);
  });
});

describe('rebate update', () => {
  it("sets a direct downline member's rates up to the agent's own; game types left out keep theirs", async () => {
    const agent = await topAgent([
      { gameType: 'RNG', rateBps: 300 },
      { gameType: 'LIVE', rateBps: 200 },
    ]);
    const member = await opened(agent);
    const sub = await opened(agent, 'agent');
    await expect(
      update(agent.c, member.id, [
        { gameType: 'RNG', rateBps: 300 },
        { gameType: 'LIVE', rateBps: 150 },
      ]),
    ).resolves.toEqual({ id: member.id, account: member.username, type: 0, rates: allRates({ RNG: 300, LIVE: 150 }) });
    await expect(update(agent.c, member.id, [{ gameType: 'LIVE', rateBps: 0 }])).resolves.toMatchObject({ rates: allRates({ RNG: 300 }) });
    await expect(update(agent.c, sub.id, [{ gameType: 'LIVE', rateBps: 200 }])).resolves.toEqual({
      id: sub.id,
      account: sub.username,
      type: 2,
      rates: allRates({ LIVE: 200 }),
    });
    expect((await settings(agent.c)).members.list.map((m) => [m.id, m.rates])).toEqual([
      [sub.id, allRates({ LIVE: 200 })],
      [member.id, allRates({ RNG: 300 })],
    ]);
    expect(await ratesOfMember(member.id)).toEqual(allRates({ RNG: 300 }));
    // The agent's own rates are not touched.
    expect(await ratesOfMember(agent.id)).toEqual(allRates({ RNG: 300, LIVE: 200 }));
  });

  it('answers 400 rebate.rate.above.own (with the game type and the ceiling) above any own rate, and changes nothing', async () => {
    const agent = await topAgent([
      { gameType: 'RNG', rateBps: 300 },
      { gameType: 'LIVE', rateBps: 200 },
    ]);
    const member = await opened(agent);
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    await update(agent.c, member.id, [{ gameType: 'RNG', rateBps: 50 }]);
    await update(agent.c, sub.id, [{ gameType: 'RNG', rateBps: 100 }]);
    const before = await storedRates([member.id, sub.id, deep.id]);
    const cases: [TestClient, number, RebateRate[], RebateGameType, number][] = [
      [agent.c, member.id, [{ gameType: 'RNG', rateBps: 301 }], 'RNG', 300],
      [agent.c, member.id, [{ gameType: 'RNG', rateBps: 100 }, { gameType: 'LIVE', rateBps: 201 }], 'LIVE', 200],
      [agent.c, member.id, [{ gameType: 'FISH', rateBps: 1 }], 'FISH', 0],
      // The sub-agent's ceiling is its own rate, set by its agent.
      [sub.c, deep.id, [{ gameType: 'RNG', rateBps: 101 }], 'RNG', 100],
      [sub.c, deep.id, [{ gameType: 'LIVE', rateBps: 1 }], 'LIVE', 0],
    ];
    for (const [c, memberId, rates, field, ceiling] of cases) {
      const error = await failureOf(update(c, memberId, rates));
      expect({ rates, status: error.status, errorCode: error.errorCode, value: error.value }).toEqual({
        rates,
        status: 400,
        errorCode: 'rebate.rate.above.own',
        value: { field, ceiling },
      });
    }
    expect(await storedRates([member.id, sub.id, deep.id])).toEqual(before);
    await expect(update(sub.c, deep.id, [{ gameType: 'RNG', rateBps: 100 }])).resolves.toMatchObject({ rates: allRates({ RNG: 100 }) });
  });

  it("answers 404 agent.member.not.found for anyone outside the agent's direct downline, and 400 for duplicates and bad bodies, changing nothing", async () => {
    const a = await topAgent([{ gameType: 'RNG', rateBps: 300 }]);
    const b = await topAgent([{ gameType: 'RNG', rateBps: 300 }]);
    const member = await opened(a);
    const sub = await opened(a, 'agent');
    const deep = await opened(sub);
    const bMember = await opened(b);
    const everyone = [a.id, b.id, member.id, sub.id, deep.id, bMember.id];
    const before = await storedRates(everyone);
    const rate: RebateRate[] = [{ gameType: 'RNG', rateBps: 10 }];
    for (const [c, id] of [
      [a.c, deep.id],
      [a.c, bMember.id],
      [a.c, a.id],
      [a.c, 987_654_321],
      [b.c, member.id],
      [sub.c, a.id],
      [sub.c, member.id],
    ] as const) {
      expect({ id, ...(await errorOf(update(c, id, rate))) }).toEqual({ id, status: 404, errorCode: 'agent.member.not.found' });
    }

    const duplicate = await failureOf(
      update(a.c, member.id, [
        { gameType: 'RNG', rateBps: 10 },
        { gameType: 'RNG', rateBps: 20 },
      ]),
    );
    expect([duplicate.status, duplicate.errorCode, duplicate.value]).toEqual([400, 'request.invalid', { field: 'rates' }]);
    for (const body of [
      { memberId: member.id, rates: [] },
      { memberId: member.id, rates: [{ gameType: 'RNG', rateBps: 1_001 }] },
      { memberId: member.id, rates: [{ gameType: 'RNG', rateBps: -1 }] },
      { memberId: member.id, rates: [{ gameType: 'RNG', rateBps: 1.5 }] },
      { memberId: member.id, rates: [{ gameType: 'SLOTS', rateBps: 10 }] },
      { memberId: member.id, rates: [...allRates(), { gameType: 'RNG', rateBps: 1 }] },
      { memberId: 0, rates: rate },
      { memberId: String(member.id), rates: rate },
      { rates: rate },
    ]) {
      const res = await rawCall(h.app, updateRebateEndpoint, { headers: { authorization: a.c.token ?? '' }, payload: body });
      expect({ body, status: res.status, errorCode: res.errorCode }).toEqual({ body, status: 400, errorCode: 'request.invalid' });
    }
    expect(await storedRates(everyone)).toEqual(before);
  });

  it("lowering a member's rate lowers its own downline's rates above the new one; raising it raises none", async () => {
    const agent = await topAgent([
      { gameType: 'RNG', rateBps: 500 },
      { gameType: 'LIVE', rateBps: 500 },
    ]);
    const sub = await opened(agent, 'agent');
    const subSub = await opened(sub, 'agent');
    const deep = await opened(subSub);
    const sibling = await opened(agent);
    await writeRates(db(), sub.id, [
      { gameType: 'RNG', rateBps: 400 },
      { gameType: 'LIVE', rateBps: 300 },
    ]);
    await writeRates(db(), subSub.id, [
      { gameType: 'RNG', rateBps: 350 },
      { gameType: 'LIVE', rateBps: 100 },
    ]);
    await writeRates(db(), deep.id, [{ gameType: 'RNG', rateBps: 300 }]);
    await writeRates(db(), sibling.id, [{ gameType: 'RNG', rateBps: 450 }]);

    await expect(update(agent.c, sub.id, [{ gameType: 'RNG', rateBps: 320 }])).resolves.toMatchObject({ rates: allRates({ RNG: 320, LIVE: 300 }) });
    expect(await ratesOfMember(subSub.id)).toEqual(allRates({ RNG: 320, LIVE: 100 }));
    expect(await ratesOfMember(deep.id)).toEqual(allRates({ RNG: 300 }));
    // As the sub-agent sees it.
    expect((await settings(sub.c)).members.list).toEqual([{ id: subSub.id, account: subSub.username, type: 2, rates: allRates({ RNG: 320, LIVE: 100 }) }]);

    await update(agent.c, sub.id, [
      { gameType: 'RNG', rateBps: 200 },
      { gameType: 'LIVE', rateBps: 50 },
    ]);
    expect(await ratesOfMember(sub.id)).toEqual(allRates({ RNG: 200, LIVE: 50 }));
    expect(await ratesOfMember(subSub.id)).toEqual(allRates({ RNG: 200, LIVE: 50 }));
    expect(await ratesOfMember(deep.id)).toEqual(allRates({ RNG: 200 }));
    // Outside the member's subtree nothing moves; raising it again leaves its downline where it is.
    expect(await ratesOfMember(sibling.id)).toEqual(allRates({ RNG: 450 }));
    expect(await ratesOfMember(agent.id)).toEqual(allRates({ RNG: 500, LIVE: 500 }));
    await update(agent.c, sub.id, [{ gameType: 'RNG', rateBps: 500 }]);
    expect(await ratesOfMember(subSub.id)).toEqual(allRates({ RNG: 200, LIVE: 50 }));
    expect(await ratesOfMember(deep.id)).toEqual(allRates({ RNG: 200 }));
  });
  it('keeps every rate at most its agent\'s when a branch is lowered while a member below raises its own downline (at the same time)', async () => {
    for (let round = 0; round < 8; round++) {
      const agent = await topAgent([{ gameType: 'RNG', rateBps: 500 }]);
      const sub = await opened(agent, 'agent');
      const deep = await opened(sub);
      await writeRates(db(), sub.id, [{ gameType: 'RNG', rateBps: 400 }]);
      const raise = () => update(sub.c, deep.id, [{ gameType: 'RNG', rateBps: 400 }]);
      // Even rounds: the agent lowers its sub-agent; odd rounds: the operator lowers the top agent. Either one is sent first.
      const lower = () =>
        round % 2 ? writeRates(db(), agent.id, [{ gameType: 'RNG', rateBps: 100 }]) : update(agent.c, sub.id, [{ gameType: 'RNG', rateBps: 100 }]);
      const raised = round % 4 < 2 ? (await Promise.allSettled([raise(), lower()]))[0] : (await Promise.allSettled([lower(), raise()]))[1];
      const chain = await Promise.all([agent.id, sub.id, deep.id].map(async (id) => (await ratesOfMember(id))[0]!.rateBps));
      // The raise lands first (then lowered with the branch) or sees the lowered ceiling and is refused.
      const refused = raised.status === 'rejected' ? [raised.reason.status, raised.reason.errorCode, raised.reason.value] : null;
      expect({ round, chain, refused }).toEqual({
        round,
        chain: [round % 2 ? 100 : 500, 100, refused ? 0 : 100],
        refused: refused && [400, 'rebate.rate.above.own', { field: 'RNG', ceiling: 100 }],
      });
    }
  });
});

describe('rebate income', () => {
  it("lists the agent's settled days newest first with their lines and totals, by date range, paged", async () => {
    const agent = await topAgent([
      { gameType: 'RNG', rateBps: 300 },
      { gameType: 'LIVE', rateBps: 200 },
    ]);
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    await writeRates(db(), sub.id, [{ gameType: 'RNG', rateBps: 100 }]);
    await writeRates(db(), deep.id, [{ gameType: 'RNG', rateBps: 50 }]);
    const today = startOfToday();
    const yesterday = isoDay(today - dayMs);
    const dayBefore = isoDay(today - 2 * dayMs);
    const longAgo = isoDay(today - 10 * dayMs);
    const at = (daysAgo: number, hours: number) => new Date(today - daysAgo * dayMs + hours * hourMs);

    await placeBet(agent.id, 'RNG', at(1, 1), 100_00);
    await placeBet(sub.id, 'RNG', at(1, 2), 200_00);
    await placeBet(deep.id, 'RNG', at(1, 3), 1_000_00);
    await placeBet(deep.id, 'LIVE', at(1, 4), 400_00);
    await placeBet(deep.id, 'RNG', at(1, 5), 9_000_00, 'rolled_back');
    await placeBet(deep.id, 'RNG', at(2, 1), 100_00);
    await placeBet(deep.id, 'RNG', at(10, 1), 150_00);
    // Today's bets are not settled yet.
    await placeBet(deep.id, 'RNG', at(0, 1), 700_00);
    const now = h.clock.now();
    for (const day of [longAgo, dayBefore, yesterday]) await settleRebates(db(), day, { now });

    // Yesterday: 3 % of its own 100.00; 2 % (300 − 100 bps) of the sub-agent's 200.00 and the deep member's 1,000.00 (the rate of
    // the member on the way down is the sub-agent's); 2 % (200 − 0 bps) of the deep member's 400.00 on live games.
    const day1 = {
      day: yesterday,
      turnover: 1_700_00,
      amount: 35_00,
      status: 'paid',
      lines: [
        { gameType: 'LIVE', source: 'team', turnover: 400_00, amount: 8_00 },
        { gameType: 'RNG', source: 'self', turnover: 100_00, amount: 3_00 },
        { gameType: 'RNG', source: 'team', turnover: 1_200_00, amount: 24_00 },
      ],
    };
    const day2 = { day: dayBefore, turnover: 100_00, amount: 2_00, status: 'paid', lines: [{ gameType: 'RNG', source: 'team', turnover: 100_00, amount: 2_00 }] };
    const day10 = { day: longAgo, turnover: 150_00, amount: 3_00, status: 'paid', lines: [{ gameType: 'RNG', source: 'team', turnover: 150_00, amount: 3_00 }] };

    // The last 7 days by default.
    await expect(income(agent.c)).resolves.toEqual({ list: [day1, day2], pageNum: 1, totalPages: 1, total: 2, summary: { turnover: 1_800_00, amount: 37_00 } });
    const summary = { turnover: 1_950_00, amount: 40_00 };
    const range = { startDate: longAgo, endDate: yesterday };
    await expect(income(agent.c, range)).resolves.toEqual({ list: [day1, day2, day10], pageNum: 1, totalPages: 1, total: 3, summary });
    await expect(income(agent.c, { ...range, pageSize: 2 })).resolves.toEqual({ list: [day1, day2], pageNum: 1, totalPages: 2, total: 3, summary });
    await expect(income(agent.c, { ...range, pageSize: 2, pageNo: 2 })).resolves.toEqual({ list: [day10], pageNum: 2, totalPages: 2, total: 3, summary });
    await expect(income(agent.c, { startDate: dayBefore, endDate: dayBefore })).resolves.toEqual({
      list: [day2],
      pageNum: 1,
      totalPages: 1,
      total: 1,
      summary: { turnover: 100_00, amount: 2_00 },
    });
    await expect(income(agent.c, { startDate: isoDay(today - 9 * dayMs), endDate: isoDay(today - 3 * dayMs) })).resolves.toEqual({
      list: [],
      pageNum: 1,
      totalPages: 1,
      total: 0,
      summary: { turnover: 0, amount: 0 },
    });
    expect(await errorOf(income(agent.c, { startDate: yesterday, endDate: longAgo }))).toEqual({ status: 400, errorCode: 'request.invalid' });

    // The sub-agent: 1 % of its own 200.00 and 0.5 % (100 − 50 bps) of its member's 1,000.00; the deep member 0.5 % of its own.
    expect((await income(sub.c)).list[0]).toEqual({
      day: yesterday,
      turnover: 1_200_00,
      amount: 7_00,
      status: 'paid',
      lines: [
        { gameType: 'RNG', source: 'self', turnover: 200_00, amount: 2_00 },
        { gameType: 'RNG', source: 'team', turnover: 1_000_00, amount: 5_00 },
      ],
    });
    // Paid by the house once: settling a day again pays nobody twice.
    await settleRebates(db(), yesterday, { now });
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: agent.id })).toBe(40_00);
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: sub.id })).toBe(7_00 + 50 + 75);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it('answers 403 agent.menu.denied when AGEREBINC3 is revoked', async () => {
    const agent = await topAgent();
    await menu('AGEREBINC3', false);
    try {
      expect(await errorOf(income(agent.c))).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
      // Settings have a key of their own.
      await expect(settings(agent.c)).resolves.toMatchObject({ own: allRates() });
    } finally {
      await menu('AGEREBINC3', true);
    }
    await expect(income(agent.c)).resolves.toMatchObject({ list: [], total: 0, summary: { turnover: 0, amount: 0 } });
  });
});
