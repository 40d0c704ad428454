/**
 * The bets' and sessions' running totals (migration 0022, schema-agent.ts)
 * against the rows they total. An agent's small tree gets bets written the
 * ways the platform writes them (several rows in one statement, settled in a
 * later statement, corrected, rolled back, settled on another day, touched
 * without a change, hundreds in one statement) and sessions on several days; after each step
 * `member_activity`, `team_bet_days` and `team_placed_bets` hold exactly what
 * the bets and sessions add up to, computed here in plain code. Settlements
 * of the same team at the same time (interleaved on PostgreSQL) all land,
 * none lost and none doubled. A range read as whole months and other days
 * (`activityWithin`) adds up to the same as the bets and sessions of its days.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../db/schema.ts';
import { memberActivity, memberTree } from '../../db/schema-agent.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { insertMember } from '../member/queries.ts';
import { activityWithin, type Range } from './reports.ts';

const dayMs = 86_400_000;
let t: TestDatabase;
const db = () => t.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const now = new Date();
const startOfToday = Math.floor(now.getTime() / dayMs) * dayMs;
/** A time `days` UTC days before today, `minutes` into that day (never later than now). */
const dayAt = (days: number, minutes = 600) => new Date(Math.min(now.getTime(), startOfToday - days * dayMs + minutes * 60_000));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthOf = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

let agent: MemberRow;
let sub: MemberRow;
let other: MemberRow;
/** agent → sub → m[0..3]; agent → m[4]; other → m[5]. */
const m: MemberRow[] = [];
let gameId: number;
let vendorCode: string;

interface BetRow {
  id: number;
  member_id: number;
  vendor_code: string;
  stake: number;
  win: number;
  status: string;
  created_at: string;
  settled_at: string | null;
}

async function allBets(): Promise<BetRow[]> {
  const ids = m.map((x) => x.id);
  return rowsOf<Record<string, unknown>>(
    await db().execute(sql`select id, member_id, vendor_code, stake, win, status, created_at, settled_at from bets
      where member_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  ).map((r) => ({
    id: Number(r.id),
    member_id: Number(r.member_id),
    vendor_code: String(r.vendor_code),
    stake: Number(r.stake),
    win: Number(r.win),
    status: String(r.status),
    created_at: new Date(r.created_at as string).toISOString(),
    settled_at: r.settled_at ? new Date(r.settled_at as string).toISOString() : null,
  }));
}

async function allSessions(): Promise<{ member_id: number; created_at: string }[]> {
  const ids = m.map((x) => x.id);
  return rowsOf<Record<string, unknown>>(
    await db().execute(sql`select member_id, created_at from sessions where member_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`),
  ).map((r) => ({ member_id: Number(r.member_id), created_at: new Date(r.created_at as string).toISOString() }));
}

/** Each member's ancestors (its agent, that agent's agent, ...), from the tree as built here. */
const ancestorsOf = (memberId: number): number[] => {
  if (memberId === m[5]!.id) return [other.id];
  if (memberId === m[4]!.id) return [agent.id];
  return [sub.id, agent.id];
};

const add = (map: Map<string, number[]>, key: string, values: number[]) => {
  const sum = map.get(key) ?? values.map(() => 0);
  map.set(
    key,
    sum.map((v, i) => v + values[i]!),
  );
};

/** What the three tables must hold, from the bets and sessions (rows of all zeros left out). */
async function expectedTotals() {
  const activity = new Map<string, number[]>(); // member|span|start → logins, bet_count, stake, win
  const teamDays = new Map<string, number[]>(); // ancestor|day → bettors, bet_count, stake, win
  const placed = new Map<string, number[]>(); // ancestor|day|vendor → bet_count, stake, win
  for (const b of await allBets()) {
    const settled = b.status === 'settled';
    const stake = settled ? b.stake : 0;
    const win = settled ? b.win : 0;
    for (const a of ancestorsOf(b.member_id)) add(placed, `${a}|${isoDay(new Date(b.created_at))}|${b.vendor_code}`, [1, stake, win]);
    if (!settled) continue;
    const at = new Date(b.settled_at ?? b.created_at);
    add(activity, `${b.member_id}|D|${isoDay(at)}`, [0, 1, stake, win]);
    add(activity, `${b.member_id}|M|${monthOf(at)}`, [0, 1, stake, win]);
  }
  for (const s of await allSessions()) {
    const at = new Date(s.created_at);
    add(activity, `${s.member_id}|D|${isoDay(at)}`, [1, 0, 0, 0]);
    add(activity, `${s.member_id}|M|${monthOf(at)}`, [1, 0, 0, 0]);
  }
  for (const [key, [, betCount, stake, win]] of activity) {
    const [member, span, start] = key.split('|');
    if (span !== 'D' || !betCount) continue;
    for (const a of ancestorsOf(Number(member))) add(teamDays, `${a}|${start}`, [1, betCount, stake!, win!]);
  }
  return { activity, teamDays, placed };
}

const keyed = (rows: Record<string, unknown>[], key: (r: Record<string, unknown>) => string, values: string[]) =>
  new Map(
    rows
      .map((r) => [key(r), values.map((v) => Number(r[v]))] as [string, number[]])
      .filter(([, v]) => v.some((x) => x !== 0))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
const sorted = (map: Map<string, number[]>) => new Map([...map].filter(([, v]) => v.some((x) => x !== 0)).sort(([a], [b]) => a.localeCompare(b)));
const dayText = (v: unknown) => (v instanceof Date ? isoDay(v) : String(v).slice(0, 10));

async function actualTotals() {
  const members = sql.join(
    m.map((x) => sql`${x.id}`),
    sql`, `,
  );
  const ancestors = sql`${agent.id}, ${sub.id}, ${other.id}`;
  const activity = rowsOf<Record<string, unknown>>(
    await db().execute(sql`select member_id, span, start, logins, bet_count, stake, win from member_activity where member_id in (${members})`),
  );
  const teamDays = rowsOf<Record<string, unknown>>(
    await db().execute(sql`select ancestor_id, day, bettors, bet_count, stake, win from team_bet_days where ancestor_id in (${ancestors})`),
  );
  const placed = rowsOf<Record<string, unknown>>(
    await db().execute(sql`select ancestor_id, day, vendor_code, bet_count, stake, win from team_placed_bets where ancestor_id in (${ancestors})`),
  );
  return {
    activity: keyed(activity, (r) => `${r.member_id}|${r.span}|${dayText(r.start)}`, ['logins', 'bet_count', 'stake', 'win']),
    teamDays: keyed(teamDays, (r) => `${r.ancestor_id}|${dayText(r.day)}`, ['bettors', 'bet_count', 'stake', 'win']),
    placed: keyed(placed, (r) => `${r.ancestor_id}|${dayText(r.day)}|${r.vendor_code}`, ['bet_count', 'stake', 'win']),
  };
}

async function expectTotalsMatch() {
  const expected = await expectedTotals();
  const actual = await actualTotals();
  expect(actual.activity).toEqual(sorted(expected.activity));
  expect(actual.teamDays).toEqual(sorted(expected.teamDays));
  expect(actual.placed).toEqual(sorted(expected.placed));
}

let roundSeq = 0;
/** Bets written in one statement: [member index, days ago, stake, win, settled]. */
async function placeBets(rows: [number, number, number, number, boolean][]): Promise<void> {
  await db().execute(sql`insert into bets (merchant_code, member_id, game_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
    values ${sql.join(
      rows.map(([who, days, stake, win, settled]) => {
        const at = dayAt(days, 60 + ((roundSeq * 37) % 1200));
        return sql`('DEMO', ${m[who]!.id}, ${gameId}, ${vendorCode}, ${`rollup-${++roundSeq}`}, ${stake}, ${settled ? win : 0},
          ${settled ? 'settled' : 'open'}, ${at.toISOString()}::timestamptz, ${settled ? at.toISOString() : null}::timestamptz)`;
      }),
      sql`, `,
    )}`);
}

async function session(who: number, at: Date): Promise<void> {
  await db().execute(sql`insert into sessions (member_id, token_hash, kind, client_ip, created_at, last_seen_at, expires_at)
    values (${m[who]!.id}, ${`rollup-${++roundSeq}`}, 'web', '192.0.2.1', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
            ${new Date(at.getTime() + 3_600_000).toISOString()}::timestamptz)`);
}

const openBetIds = async (who?: number) =>
  (await allBets()).filter((b) => b.status === 'open' && (who === undefined || b.member_id === m[who]!.id)).map((b) => b.id);

beforeAll(async () => {
  t = await createTestDatabase();
  const [game] = rowsOf<{ id: number; vassalage: string }>(await db().execute(sql`select id, vassalage from games where merchant_code = 'DEMO' limit 1`));
  gameId = Number(game!.id);
  vendorCode = String(game!.vassalage);
  const member = (username: string, type: number, parent: MemberRow | null) =>
    insertMember(db(), { merchantCode: 'DEMO', username, passwordHash: 'x', type, parentId: parent?.id ?? null });
  agent = await member('rollup_agent', 1, null);
  other = await member('rollup_other', 1, null);
  sub = await member('rollup_sub', 2, agent);
  for (let i = 0; i < 4; i++) m.push(await member(`rollup_m${i}`, 0, sub));
  m.push(await member('rollup_m4', 0, agent));
  m.push(await member('rollup_m5', 0, other));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('running totals of bets and sessions', () => {
  it('hold each member, day, month and ancestor exactly as the bets and sessions add up, through every kind of change', async () => {
    // Several rows in one statement over three months, settled and open, and a member of another agent.
    await placeBets(
      Array.from({ length: 60 }, (_, i) => [i % 6, (i * 7) % 75, 100 + i * 10, i % 3 === 0 ? 300 + i : 0, i % 4 !== 0] as [number, number, number, number, boolean]),
    );
    await expectTotalsMatch();
    // Settled later in one statement, some on the day after they were placed.
    const open = await openBetIds();
    expect(open.length).toBeGreaterThan(5);
    await db().execute(sql`update bets set status = 'settled', win = stake * 2,
        settled_at = least(now(), created_at + case when id % 2 = 0 then interval '1 day' else interval '1 minute' end)
      where id in (${sql.join(
        open.slice(0, -3).map((id) => sql`${id}`),
        sql`, `,
      )})`);
    await expectTotalsMatch();
    const settled = (await allBets()).filter((b) => b.status === 'settled');
    // A correction of a settled bet's amounts, one moved to another day, one rolled back, and a change of nothing counted.
    await db().execute(sql`update bets set stake = stake + 55, win = 0 where id = ${settled[0]!.id}`);
    await db().execute(sql`update bets set settled_at = settled_at - interval '40 days' where id = ${settled[1]!.id}`);
    await db().execute(sql`update bets set status = 'rolled_back', win = 0 where id = ${settled[2]!.id}`);
    await db().execute(sql`update bets set round_id = round_id || '-x' where id = ${settled[3]!.id}`);
    await expectTotalsMatch();
    // Every bet of one member's day taken away: that day's bettors go down.
    const lonely = settled[4]!;
    const sameDay = settled.filter((b) => b.member_id === lonely.member_id && isoDay(new Date(b.settled_at!)) === isoDay(new Date(lonely.settled_at!)));
    await db().execute(sql`update bets set status = 'rolled_back' where id in (${sql.join(
      sameDay.map((b) => sql`${b.id}`),
      sql`, `,
    )})`);
    await expectTotalsMatch();
    // A bulk statement of more rows than the totals take at a time (bet_rollups_chunk, 200): applied in chunks.
    await placeBets(Array.from({ length: 450 }, (_, i) => [i % 6, i % 40, 10 + i, i % 2 ? 25 : 0, i % 5 !== 0] as [number, number, number, number, boolean]));
    await expectTotalsMatch();
    await db().execute(sql`update bets set status = 'settled', win = 1, settled_at = created_at where status = 'open' and round_id like 'rollup-%'`);
    await expectTotalsMatch();
    // Logins on several days.
    for (const [who, days] of [
      [0, 0],
      [0, 0],
      [1, 3],
      [4, 33],
      [5, 1],
    ] as const)
      await session(who, dayAt(days));
    await expectTotalsMatch();
  });

  it('count every bet once when the same team settles in many transactions at the same time', async () => {
    await placeBets(Array.from({ length: 40 }, (_, i) => [i % 5, i % 3, 200 + i, 0, false] as [number, number, number, number, boolean]));
    const byMember = await Promise.all([0, 1, 2, 3, 4].map((who) => openBetIds(who)));
    // Each transaction settles bets of several members (so of shared ancestors), in its own order, and holds its locks a moment.
    const batches = Array.from({ length: 8 }, (_, k) => byMember.flatMap((ids) => ids.filter((_, j) => j % 8 === k)).reverse());
    await Promise.all(
      batches.map((ids, k) =>
        db().transaction(async (trx) => {
          if (!ids.length) return;
          await trx.execute(sql`update bets set status = 'settled', win = stake + ${k}, settled_at = now()
            where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`);
          await trx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    expect(await openBetIds()).toEqual((await allBets()).filter((b) => b.status === 'open' && !batches.flat().includes(b.id)).map((b) => b.id));
    await expectTotalsMatch();
  });
});

describe('a range read as whole months and other days (activityWithin)', () => {
  /** The agent's team's sums per member over the range, from the activity rows the range names. */
  async function fromActivity(range: Range) {
    const rows = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select ${memberActivity.memberId} as member_id, sum(${memberActivity.logins}) as logins,
          sum(${memberActivity.betCount}) as bet_count, sum(${memberActivity.stake}) as stake, sum(${memberActivity.win}) as win
        from ${memberTree} join ${memberActivity} on ${memberActivity.memberId} = ${memberTree.memberId}
       where ${memberTree.ancestorId} = ${agent.id} and ${memberTree.depth} > 0 and ${activityWithin(range, now)}
       group by 1`),
    );
    return keyed(rows, (r) => String(r.member_id), ['logins', 'bet_count', 'stake', 'win']);
  }
  /** The same sums from the bets and sessions themselves. */
  async function fromSources(range: Range) {
    const inRange = (at: Date) => (!range.from || at >= range.from) && (!range.to || at < range.to);
    const team = new Set(m.slice(0, 5).map((x) => x.id));
    const sums = new Map<string, number[]>();
    for (const b of await allBets()) {
      const at = new Date(b.settled_at ?? b.created_at);
      if (b.status === 'settled' && team.has(b.member_id) && inRange(at)) add(sums, String(b.member_id), [0, 1, b.stake, b.win]);
    }
    for (const s of await allSessions()) if (team.has(s.member_id) && inRange(new Date(s.created_at))) add(sums, String(s.member_id), [1, 0, 0, 0]);
    return sorted(sums);
  }
  const day = (daysAgo: number) => new Date(startOfToday - daysAgo * dayMs);
  const firstOfMonth = (monthsAgo: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  const tomorrow = day(-1);
  const ranges: [string, Range][] = [
    ['today', { from: day(0), to: tomorrow }],
    ['yesterday', { from: day(1), to: day(0) }],
    ['the last 7 days', { from: day(6), to: tomorrow }],
    ['this month', { from: firstOfMonth(0), to: tomorrow }],
    ['the last 30 days', { from: day(29), to: tomorrow }],
    ['the last 75 days', { from: day(74), to: tomorrow }],
    ['last month, whole', { from: firstOfMonth(1), to: firstOfMonth(0) }],
    ['two months ago to last month, whole', { from: firstOfMonth(2), to: firstOfMonth(0) }],
    ['from the middle of a month to the middle of the next', { from: day(50), to: day(20) }],
    ['ending yesterday', { from: day(40), to: day(0) }],
    ['from a day on', { from: day(45) }],
    ['up to a day', { to: day(10) }],
    ['everything', {}],
  ];
  it.each(ranges)('%s', async (_name, range) => {
    expect(await fromActivity(range)).toEqual(await fromSources(range));
  });
  it('has bets and logins on both sides of each month boundary it reads', async () => {
    const all = await fromSources({});
    expect(all.size).toBe(5);
    const partial = await fromSources({ from: day(50), to: day(20) });
    expect(partial.size).toBeGreaterThan(0);
    expect([...partial.values()].map((v) => v[1])).not.toEqual([...all.values()].map((v) => v[1]));
  });
});
