/**
 * `npm run bench:agent` — the agency centre's team reports on a big team.
 *
 * A fresh database (PGlite by default; DATABASE_URL: a throw-away PostgreSQL
 * database, tests/bench/bench-server.ts), migrated and seeded with the demo
 * merchant, gets an agent `bench_agent` with a team of BENCH_TEAM members
 * (10,000) in a 4-level tree (5 sub-agents, 25 below them, 250 below those,
 * and the plain members at level 4), their opening balances (one `adjust`
 * from the house through the ledger), 30 days of settled bets (BENCH_BETS,
 * 300,000: each day 1,500 of the members bet, about 6.7 bets each on two
 * vendors), completed deposits and sessions (a month of logins, some today,
 * some online). The bets and deposits are written in bulk with SQL
 * (`insert ... select generate_series`) straight into `bets` and `deposits`:
 * the `bets` triggers fill the running totals (`member_activity`,
 * `team_bet_days`, `team_placed_bets`) as they do for real bets, but
 * there are no ledger postings for those bets and deposits (a benchmark
 * database, never a ledger to balance). The server's table maintenance
 * (server/db/maintenance.ts, which analyses the tables as autovacuum would)
 * runs once before the server starts.
 *
 * Then the real server (NODE_ENV=production, 127.0.0.1 only) answers, one
 * request at a time on an open connection, BENCH_REQUESTS requests (200, after
 * BENCH_WARMUP, 10) of each page, for at most BENCH_SECONDS (20) each: the
 * system status (the BASELINE), the team KPI today and over the month, the
 * team's profit and loss per member and per day over the month, team betting
 * today and over the month, and team management's member list. It prints
 * each page's p50 and p99 and the ratio of its p99 to the baseline's, writes
 * bench-results/agent.json, and exits non-zero when a page's p99 is over
 * `pageP99GoalMs` (100 ms, the issue's goal) or a request failed, naming the
 * page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/connect.ts';
import { checkpointIfDue, maintainTables } from '../../server/db/maintenance.ts';
import { members } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/modules/member/passwords.ts';
import { postTransaction } from '../../server/modules/wallet/ledger.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { createBenchDatabase, startServer, stopServer, waitUntilReady } from './bench-server.ts';
import { percentile, root, signIn, table } from './support.ts';

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
}

const teamSize = Math.round(envNumber('BENCH_TEAM', 10_000, 1_000));
const betCount = Math.round(envNumber('BENCH_BETS', 300_000, 0));
const requests = Math.round(envNumber('BENCH_REQUESTS', 200, 10));
const warmupRequests = Math.round(envNumber('BENCH_WARMUP', 10, 0));
const maxSeconds = envNumber('BENCH_SECONDS', 20, 1);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
/** A team page's p99 must stay under this (the issue's goal). */
const pageP99GoalMs = 100;

const merchant = 'DEMO';
const agentUsername = 'bench_agent';
const agentPassword = 'Bench#2026';
const days = 30;
/** Members who bet on a given day, and the vendors of the bets. */
const bettorsPerDay = 1_500;
const vendors = ['PXG', 'JLX', 'EVL', 'BGS'];
const headers = { merchant, language: 'EN', accept: 'application/json' };

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const monthAgo = isoDay(Date.now() - (days - 1) * dayMs);
const month = `startDate=${monthAgo}&endDate=${today}`;

interface Page {
  name: string;
  path: string;
  /** Sent as the bench agent. */
  agent?: boolean;
}

/** The first entry is the baseline. */
const pages: Page[] = [
  { name: 'system status (baseline)', path: '/wps/system/status' },
  { name: 'team KPI (today)', path: '/wps/agent/team/kpi', agent: true },
  { name: 'team KPI (a month)', path: `/wps/agent/team/kpi?${month}`, agent: true },
  { name: 'team P&L per member (a month)', path: `/wps/agent/team/pnl/members?${month}`, agent: true },
  { name: 'team P&L per day (a month)', path: `/wps/agent/team/pnl/days?${month}`, agent: true },
  { name: 'team betting (today)', path: '/wps/agent/team/bets', agent: true },
  { name: 'team betting (a month)', path: `/wps/agent/team/bets?${month}`, agent: true },
  { name: 'team members', path: '/wps/agent/team/members', agent: true },
];

const timed = async (what: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  process.stdout.write(`  ${what} ...`);
  await work();
  console.log(` ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

/** The agent and its 4-level team: 5 sub-agents, 5 below each, 10 below each of those, and the members spread over the last. */
async function seedTeam(db: Database): Promise<void> {
  const passwordHash = await hashPassword(agentPassword);
  const [agent] = await db
    .insert(members)
    .values({ merchantCode: merchant, username: agentUsername, passwordHash, type: 1, affiliateCode: 'BENCHAGENT' })
    .returning({ id: members.id });
  if (!agent) throw new Error('bench agent not created');
  const level3 = 250;
  const plain = teamSize - 5 - 25 - level3;
  // Registered over the last 90 days, a few of them today.
  const registered = (n: string) => sql.raw(`now() - ((${n} * 7919) % 90) * interval '1 day' - ((${n} * 104729) % 36000) * interval '1 second'`);
  await db.execute(sql`
    insert into members (merchant_code, username, password_hash, type, parent_id, created_at, updated_at)
    select ${merchant}, 'bench_l1_' || g, ${passwordHash}, 2, ${agent.id}, now() - interval '120 days', now() from generate_series(1, 5) g`);
  await db.execute(sql`
    insert into members (merchant_code, username, password_hash, type, parent_id, created_at, updated_at)
    select ${merchant}, 'bench_l2_' || p.id || '_' || g, ${passwordHash}, 2, p.id, now() - interval '100 days', now()
      from members p cross join generate_series(1, 5) g where p.username like 'bench\\_l1\\_%'`);
  await db.execute(sql`
    insert into members (merchant_code, username, password_hash, type, parent_id, created_at, updated_at)
    select ${merchant}, 'bench_l3_' || p.id || '_' || g, ${passwordHash}, 2, p.id, now() - interval '95 days', now()
      from members p cross join generate_series(1, 10) g where p.username like 'bench\\_l2\\_%'`);
  await db.execute(sql`
    insert into members (merchant_code, username, password_hash, type, parent_id, created_at, updated_at)
    select ${merchant}, 'bench_m' || n, ${passwordHash}, 0, parents.id, ${registered('n')}, now()
      from generate_series(0, ${sql.raw(String(plain - 1))}) n
      join (select id, row_number() over (order by id) - 1 as idx from members where username like 'bench\\_l3\\_%') parents
        on parents.idx = n % ${sql.raw(String(level3))}`);
  // Opening balances: one adjust from the house, as the mixed load's members get theirs.
  const plainMembers = await db.execute(sql`select id from members where username like 'bench\\_m%' order by id`);
  const ids = (plainMembers as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  await postTransaction(db, {
    merchantId: merchant,
    idempotencyKey: 'bench:agent:opening',
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -1_000_00 * ids.length },
      ...ids.map((memberId) => ({ account: { kind: 'member' as const, memberId }, amount: 1_000_00 })),
    ],
  });
}

/**
 * A month of settled bets: bet i falls on day i mod 30 (0 today), by one of
 * that day's 1,500 bettors (a window over the plain members that moves each
 * day), on one of two vendors of that member's, with a game of the vendor.
 */
async function seedBets(db: Database): Promise<void> {
  const chunk = 50_000;
  for (let from = 0; from < betCount; from += chunk) {
    const to = Math.min(betCount, from + chunk) - 1;
    await db.execute(sql`
      with plain as (select id, row_number() over (order by id) - 1 as idx from members where username like 'bench\\_m%'),
      vendor_games as (
        select v.n, v.code, (select min(g.id) from games g where g.merchant_code = ${merchant} and g.vassalage = v.code) as game_id
          from unnest(${sql.raw(`array[${vendors.map((v) => `'${v}'`).join(',')}]`)}::text[]) with ordinality as v(code, n)),
      drawn as (
        select i, i % ${sql.raw(String(days))} as d, i / ${sql.raw(String(days))} as k, (100 + (i * 7) % 50 * 100)::bigint as stake from generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) i)
      insert into bets (merchant_code, member_id, game_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
      select ${merchant}, plain.id, vg.game_id, vg.code, 'bench-' || drawn.i, drawn.stake,
             case when drawn.i % 3 = 0 then drawn.stake * 2 when drawn.i % 5 = 0 then drawn.stake / 2 else 0 end,
             'settled', t.at, t.at + interval '30 seconds'
        from drawn
        join plain on plain.idx = (drawn.d * 331 + drawn.k % ${sql.raw(String(bettorsPerDay))}) % (select count(*) from plain)
        join vendor_games vg on vg.n = 1 + (plain.idx + (drawn.k / ${sql.raw(String(bettorsPerDay))}) % 2) % ${sql.raw(String(vendors.length))}
        cross join lateral (select greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - drawn.d * interval '1 day',
                                    now() - drawn.d * interval '1 day' - (drawn.k * 37 % 86000) * interval '1 second') as at) t`);
    process.stdout.write(` ${to + 1}`);
  }
}

/** Completed deposits (a month, 5,000) and sessions: 2,000 members logged in this month, 300 of them today, 100 seen now. */
async function seedDepositsAndSessions(db: Database): Promise<void> {
  await db.execute(sql`
    with plain as (select id, row_number() over (order by id) - 1 as idx from members where username like 'bench\\_m%')
    insert into deposits (order_no, merchant_code, member_id, channel_code, provider, amount, status, idempotency_key, request_hash, created_at, completed_at)
    select 'DBENCH' || i, ${merchant}, plain.id, 'LOCALPAY', 'local', (100 + i % 20 * 50) * 100, 'completed', 'bench-' || i, md5(i::text) || md5(i::text),
           now() - (i % ${sql.raw(String(days))}) * interval '1 day' - interval '1 hour', now() - (i % ${sql.raw(String(days))}) * interval '1 day'
      from generate_series(0, 4999) i join plain on plain.idx = (i * 13) % (select count(*) from plain)`);
  await db.execute(sql`
    with plain as (select id, row_number() over (order by id) - 1 as idx from members where username like 'bench\\_m%')
    insert into sessions (member_id, token_hash, kind, client_ip, created_at, last_seen_at, expires_at)
    select plain.id, md5(random()::text) || md5(random()::text), 'web', '192.0.2.1', s.at,
           case when i < 100 then now() else s.at + interval '10 minutes' end, s.at + interval '12 hours'
      from generate_series(0, 1999) i join plain on plain.idx = (i * 17) % (select count(*) from plain)
      cross join lateral (select case when i < 300 then greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', now() - i * interval '1 minute')
                                      else now() - (1 + i % 29) * interval '1 day' end as at) s`);
}

interface PageResult {
  name: string;
  path: string;
  requests: number;
  failures: number;
  firstFailure: string | null;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytes: number;
}

/** `requests` requests one after another (after the warm-up), for at most `maxSeconds`. */
async function measure(origin: string, page: Page, token: string): Promise<PageResult> {
  const init = { headers: { ...headers, ...(page.agent ? { authorization: token } : {}) } };
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let bytes = 0;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${origin}${page.path}`, init);
    const text = await res.text();
    const ms = performance.now() - started;
    if (!res.ok || !text.startsWith('{"success":true')) {
      failures++;
      firstFailure ??= `${res.status} ${text.slice(0, 200)}`;
    }
    bytes = text.length;
    return ms;
  };
  for (let i = 0; i < warmupRequests; i++) await once();
  const deadline = performance.now() + maxSeconds * 1000;
  while (times.length < requests && performance.now() < deadline) times.push(await once());
  return {
    name: page.name,
    path: page.path,
    requests: times.length,
    failures,
    firstFailure,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: percentile(times, 100),
    bytes,
  };
}

async function main(): Promise<number> {
  console.log(
    `bench:agent — a team of ${teamSize} members in 4 levels, ${betCount} bets over ${days} days, ${requests} requests a page ` +
      `(+${warmupRequests} warm-up, at most ${maxSeconds} s), ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'fresh PGlite'}, Node ${process.version}, ${cpus().length} CPUs`,
  );
  const database = await createBenchDatabase('bench-agent', databaseUrl);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const stop = () => {
    void (server ? stopServer(server) : Promise.resolve()).then(() => database.remove()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const handle = await database.open();
    try {
      await timed('migrate and seed the demo merchant', async () => {
        await handle.migrate();
        await seedIfEmpty(handle.db);
      });
      await timed(`${teamSize} team members in 4 levels`, () => seedTeam(handle.db));
      await timed(`${betCount} settled bets`, () => seedBets(handle.db));
      await timed('deposits and sessions', () => seedDepositsAndSessions(handle.db));
      await timed('table maintenance (analyse) and a checkpoint', async () => {
        await maintainTables(handle.db);
        await checkpointIfDue(handle.db, 0);
      });
      const [counts] = (
        (await handle.db.execute(sql`select
            (select count(*) from member_tree t join members a on a.id = t.ancestor_id where a.username = ${agentUsername} and t.depth > 0)::int as team,
            (select max(t.depth) from member_tree t join members a on a.id = t.ancestor_id where a.username = ${agentUsername})::int as levels,
            (select count(*) from bets)::int as bets, (select count(*) from member_activity)::int as activity_rows`)) as unknown as {
          rows: { team: number; levels: number; bets: number; activity_rows: number }[];
        }
      ).rows;
      console.log(`  team ${counts?.team}, levels ${counts?.levels}, bets ${counts?.bets}, member_activity rows ${counts?.activity_rows}`);
    } finally {
      await handle.close();
    }

    const running = await startServer(database);
    server = running;
    await waitUntilReady(running, pages[0]!.path, headers);
    const session = await signIn(running.origin, merchant, agentUsername, agentPassword);
    const results: PageResult[] = [];
    for (const page of pages) {
      process.stdout.write(`  ${page.name} ...`);
      const result = await measure(running.origin, page, session.token);
      console.log(` p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms (${result.requests} requests)`);
      results.push(result);
    }
    const baseline = results[0]!;
    console.log('');
    console.log(
      table([
        ['page', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'bytes', 'failures', 'p99 / baseline p99'],
        ...results.map((r) => [
          r.name,
          String(r.requests),
          r.p50Ms.toFixed(1),
          r.p99Ms.toFixed(1),
          r.maxMs.toFixed(1),
          String(r.bytes),
          String(r.failures),
          (r.p99Ms / baseline.p99Ms).toFixed(1),
        ]),
      ]),
    );
    const slow = results.slice(1).filter((r) => r.p99Ms > pageP99GoalMs);
    const failed = results.filter((r) => r.failures > 0);
    console.log(`\ngoal (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): every team page's p99 <= ${pageP99GoalMs} ms`);
    for (const r of results.slice(1)) console.log(`  ${r.p99Ms <= pageP99GoalMs ? 'met    ' : 'NOT MET'}  ${r.name}: p99 ${r.p99Ms.toFixed(1)} ms`);

    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      database: databaseUrl ? 'postgres' : 'pglite',
      teamSize,
      bets: betCount,
      pageP99GoalMs,
      results: results.map((r) => ({ ...r, p99RatioToBaseline: r.p99Ms / baseline.p99Ms })),
      ok: slow.length === 0 && failed.length === 0,
    };
    writeFileSync(path.join(outDir, 'agent.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport: ${path.relative(process.cwd(), path.join(outDir, 'agent.json'))}`);
    if (failed.length) {
      console.error(`FAILED: failed requests on ${failed.map((r) => `${r.name} (${r.firstFailure})`).join(', ')}`);
      return 1;
    }
    if (slow.length) {
      console.error(`FAILED: p99 over ${pageP99GoalMs} ms on ${slow.map((r) => `${r.name} (${r.p99Ms.toFixed(1)} ms)`).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    if (server) await stopServer(server);
    await database.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
