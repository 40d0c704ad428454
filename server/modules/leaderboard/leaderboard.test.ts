/**
 * The leaderboard over HTTP, as members see it: bets written by the signed
 * seamless wallet (the vendors' path) at the harness clock's times around the
 * end of a Sunday that is also the end of a month (2030-03-31, so the next
 * minute starts a new day, week and month at once). Exact ranks and amounts
 * of both boards and the three periods, the period boundaries (a bet placed
 * before midnight and settled after it counts in the new period), ties by
 * member id, the cut at 20 with the member's own rank below it, open and
 * rolled-back bets counting nothing, trial accounts left out, a guest
 * answered 401 and bad queries 400 with an errorCode.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Leaderboard, leaderboardEndpoint, type LeaderboardBoard, type LeaderboardPeriod } from '../../../contract/leaderboard.ts';
import type { MemberRow } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { createHarness, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, signIn } from '../../test/wallet-harness.ts';
import { signedHeaders, vendorSecret } from '../seamless/signature.ts';
import { maskName } from '../games/service.ts';
import { periodOf } from './service.ts';

let h: Harness;
let vendor: string;
let gameCode: string;
let secret: string;
let seq = 0;
const members: Record<string, MemberRow> = {};
const clients: Record<string, TestClient> = {};
const signedInAt: Record<string, number> = {};

/** Moves the harness clock to an exact instant. */
const setClock = (iso: string) => h.clock.advance(Date.parse(iso) - h.clock.now().getTime());

/** A signed call of the seamless wallet, as the vendor sends it, at the harness clock's time. */
async function vendorCall(path: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) {
  const raw = JSON.stringify({ transactionId: `board-tx-${++seq}`, ...body });
  const res = await h.app.inject({
    method: 'POST',
    url: `/lgw/wallet/${path}`,
    headers: { 'content-type': 'application/json', merchant: 'DEMO', ...signedHeaders(vendor, secret, raw, h.clock.now().getTime()) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const bet = (member: MemberRow, roundId: string, amount: number) => vendorCall('debit', { playerId: String(member.id), gameCode, roundId, amount });
const settle = (member: MemberRow, roundId: string, amount: number) => vendorCall('credit', { playerId: String(member.id), roundId, amount });
/** A round bet and settled at once. */
async function round(member: MemberRow, stake: number, win: number) {
  const roundId = `board-round-${++seq}`;
  await bet(member, roundId, stake);
  await settle(member, roundId, win);
}

/** The member's client, signed in again at the clock's time (a session does not outlive the clock's jumps). */
async function client(who: string): Promise<TestClient> {
  const at = h.clock.now().getTime();
  if (signedInAt[who] !== at) {
    clients[who] = await signIn(h, members[who]!.username);
    signedInAt[who] = at;
  }
  return clients[who]!;
}
const board = async (who: string, b: LeaderboardBoard, period: LeaderboardPeriod): Promise<Leaderboard> =>
  (await client(who)).call(leaderboardEndpoint, { query: { board: b, period } });
/** The list as `name amount` lines, for exact comparisons. */
const lines = (value: Leaderboard) => value.list.map((e) => `${e.rank} ${e.name} ${e.amount}`);
const line = (rank: number, who: string, amount: number) => `${rank} ${maskName(members[who]!.username)} ${amount}`;

beforeAll(async () => {
  h = await createHarness();
  const [game] = await h.app.db
    .select({ code: games.gameCode, vendor: games.vassalage })
    .from(games)
    .where(and(eq(games.merchantCode, 'DEMO'), ne(games.vassalage, 'BGS'), isNotNull(games.nodeId)))
    .limit(1);
  if (!game) throw new Error('no vendor game');
  vendor = game.vendor;
  gameCode = game.code;
  secret = (await vendorSecret(h.app.db, vendor)) ?? '';
  setClock('2030-03-01T08:00:00Z');
  for (const name of ['a', 'b', 'c', 'd', 'e']) members[name] = await createFundedMember(h.testDb.db, `boardmember${name}`);

  // March 3 (before the last week of March): B wins big.
  setClock('2030-03-03T12:00:00Z');
  await round(members.b!, 100_000, 300_000);
  // Wednesday of the last week: A wins, B loses, a rolled-back round of C counts nothing.
  setClock('2030-03-27T12:00:00Z');
  await round(members.a!, 10_000, 50_000);
  await round(members.b!, 20_000, 0);
  await bet(members.c!, 'board-rolled-back', 70_000);
  await vendorCall('rollback', { playerId: String(members.c!.id), roundId: 'board-rolled-back' });
  // Sunday 31, the last minute of the day, week and month: C wins, A loses a little; D's round stays open past midnight.
  setClock('2030-03-31T23:59:00Z');
  await round(members.c!, 30_000, 60_000);
  await round(members.a!, 5_000, 0);
  await bet(members.d!, 'board-midnight', 1_000);
  setClock('2030-03-31T23:59:59Z');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('leaderboard', () => {
  it('ranks the net wins and the turnover of the day, the week and the month', async () => {
    const day = await board('a', 'winners', 'day');
    expect(lines(day)).toEqual([line(1, 'c', 30_000)]);
    // A lost today: not on the winners' board of the day.
    expect(day.mine).toBeNull();
    expect([day.periodStart, day.periodEnd]).toEqual(['2030-03-31T00:00:00.000Z', '2030-04-01T00:00:00.000Z']);
    expect(day.currency.minorUnits).toBeGreaterThanOrEqual(0);

    const week = await board('a', 'winners', 'week');
    expect(lines(week)).toEqual([line(1, 'a', 35_000), line(2, 'c', 30_000)]);
    expect(week.mine).toEqual({ rank: 1, amount: 35_000 });
    expect([week.periodStart, week.periodEnd]).toEqual(['2030-03-25T00:00:00.000Z', '2030-04-01T00:00:00.000Z']);
    // B's net over the week is a loss.
    expect((await board('b', 'winners', 'week')).mine).toBeNull();

    const month = await board('c', 'winners', 'month');
    expect(lines(month)).toEqual([line(1, 'b', 180_000), line(2, 'a', 35_000), line(3, 'c', 30_000)]);
    expect(month.mine).toEqual({ rank: 3, amount: 30_000 });
    expect([month.periodStart, month.periodEnd]).toEqual(['2030-03-01T00:00:00.000Z', '2030-04-01T00:00:00.000Z']);

    // Turnover: the stakes of settled bets only (C's rolled-back round and D's open one count nothing).
    expect(lines(await board('a', 'turnover', 'day'))).toEqual([line(1, 'c', 30_000), line(2, 'a', 5_000)]);
    const turnoverWeek = await board('b', 'turnover', 'week');
    expect(lines(turnoverWeek)).toEqual([line(1, 'c', 30_000), line(2, 'b', 20_000), line(3, 'a', 15_000)]);
    expect(turnoverWeek.mine).toEqual({ rank: 2, amount: 20_000 });
    expect(lines(await board('a', 'turnover', 'month'))).toEqual([line(1, 'b', 120_000), line(2, 'c', 30_000), line(3, 'a', 15_000)]);
    expect((await board('d', 'turnover', 'month')).mine).toBeNull();
  });

  it('starts a new day, week and month at 00:00 UTC on Monday the 1st; a round counts on the day it settles', async () => {
    setClock('2030-04-01T00:00:30Z');
    await settle(members.d!, 'board-midnight', 9_000);
    await round(members.e!, 1_000, 0);
    for (const period of ['day', 'week', 'month'] as const) {
      const winners = await board('d', 'winners', period);
      expect(lines(winners), period).toEqual([line(1, 'd', 8_000)]);
      expect(winners.mine).toEqual({ rank: 1, amount: 8_000 });
      expect(winners.periodStart).toBe('2030-04-01T00:00:00.000Z');
      // D and E staked the same: the older account (smaller member id) first.
      const turnover = await board('e', 'turnover', period);
      expect(lines(turnover), period).toEqual([line(1, 'd', 1_000), line(2, 'e', 1_000)]);
      expect(turnover.mine).toEqual({ rank: 2, amount: 1_000 });
      // A, on top of the boards of March a second ago, has no bets in the new period.
      expect((await board('a', 'turnover', period)).mine).toBeNull();
    }
    expect((await board('a', 'winners', 'week')).periodEnd).toBe('2030-04-08T00:00:00.000Z');
    expect((await board('a', 'winners', 'month')).periodEnd).toBe('2030-05-01T00:00:00.000Z');
  });

  it('lists the top 20 and gives a member below them their own rank; trial accounts are left out', async () => {
    setClock('2030-04-02T10:00:00Z');
    const crowd: MemberRow[] = [];
    for (let i = 0; i < 21; i++) {
      const member = await createFundedMember(h.testDb.db, `boardcrowd${i}`);
      crowd.push(member);
      await round(member, 10_000 + i * 1_000, 0);
    }
    const trial = await createFundedMember(h.testDb.db, 'boardtrial');
    await h.testDb.db.execute(`update members set type = 4 where id = ${trial.id}`);
    await round(trial, 400_000, 0);
    const top = await board('e', 'turnover', 'week');
    expect(top.list).toHaveLength(20);
    expect(top.list.map((e) => e.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(top.list[0]).toEqual({ rank: 1, name: maskName(crowd[20]!.username), amount: 30_000 });
    expect(top.list[19]).toEqual({ rank: 20, name: maskName(crowd[1]!.username), amount: 11_000 });
    // crowd[0] is 21st, D and E (1 000 each) 22nd and 23rd.
    expect(top.mine).toEqual({ rank: 23, amount: 1_000 });
    expect(top.list.some((e) => e.amount === 400_000)).toBe(false);
  });

  it('computes the UTC periods of any instant', () => {
    const at = (iso: string, period: LeaderboardPeriod) => {
      const { start, end } = periodOf(period, new Date(iso));
      return [start.toISOString(), end.toISOString()];
    };
    expect(at('2030-03-31T23:59:59.999Z', 'week')).toEqual(['2030-03-25T00:00:00.000Z', '2030-04-01T00:00:00.000Z']);
    expect(at('2030-04-01T00:00:00.000Z', 'week')).toEqual(['2030-04-01T00:00:00.000Z', '2030-04-08T00:00:00.000Z']);
    expect(at('2028-02-29T12:00:00Z', 'month')).toEqual(['2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z']);
    expect(at('2030-12-31T23:00:00Z', 'month')).toEqual(['2030-12-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z']);
    expect(at('2030-12-31T23:00:00Z', 'day')).toEqual(['2030-12-31T00:00:00.000Z', '2031-01-01T00:00:00.000Z']);
  });

  it('needs a session and refuses bad queries with 400 request.invalid', async () => {
    const guest = await rawCall(h.app, leaderboardEndpoint, { url: `${leaderboardEndpoint.path}?board=winners&period=day` });
    expect([guest.status, guest.errorCode]).toEqual([401, 'user.or.token.invalid']);
    const token = (await client('a')).token ?? '';
    for (const query of ['board=losers', 'period=year', 'period=DAY', 'board=winners&board=turnover', `period=${'x'.repeat(2000)}`]) {
      const res = await rawCall(h.app, leaderboardEndpoint, {
        url: `${leaderboardEndpoint.path}?${query}`,
        headers: { authorization: token },
      });
      expect([query, res.status, res.errorCode]).toEqual([query, 400, 'request.invalid']);
    }
    // Absent values take the defaults: the winners of the day.
    const defaults = await rawCall(h.app, leaderboardEndpoint, { headers: { authorization: token } });
    expect(defaults.status).toBe(200);
    expect(defaults.json).toMatchObject({ value: { board: 'winners', period: 'day' } });
  });
});
