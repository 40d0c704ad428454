/**
 * `npm run bench:api` — HTTP throughput and latency of the API.
 *
 * Starts the real server as a child process (`node --import tsx server/main.ts`,
 * NODE_ENV=production) on 127.0.0.1 with a fresh temporary PGlite DATA_DIR (or
 * DATABASE_URL when set) and a rate limit high enough never to answer 429,
 * waits until it answers, then runs autocannon against each target in turn
 * (127.0.0.1 only, bounded duration, fixed connection count, Merchant header).
 * The first target is the BASELINE: every other target is also reported as a
 * ratio of its requests/s to the baseline's, measured in slices alternating
 * with that target's (BENCH_SLICE seconds, 1; the median of the slices'
 * ratios), which is what to compare across machines. Latencies (p50, p99)
 * are those of answers on open connections; the first answer of each
 * connection, whose time includes opening it, is reported apart (`Sample`).
 * Requests offer compression as a browser's do
 * (BENCH_IDENTITY=1: they do not). Writes bench-results/api.json; exits non-zero when
 * any target had errors, timeouts or non-2xx answers. The server is stopped at
 * the end, also on failure or Ctrl-C.
 *
 * Then the mixed load (tests/bench/mixed-load.ts): BENCH_MIXED_MEMBERS
 * members (1,000), written before the server started, each log in, list,
 * launch, bet and read the wallet, BENCH_CONNECTIONS at a time; its
 * throughput and p99 are reported, and after it the server is stopped and the
 * money invariants of the whole ledger are checked on its database (sum of
 * postings 0, every transaction balanced, no negative member or hold
 * balance, every balance and running balance equal to its postings, every bet
 * matching its ledger transactions). With DATABASE_URL the server gets a
 * fresh database created through that URL (dropped at the end).
 *
 * Then, in-process on a database of its own, ledger transfers per second
 * through postTransaction and bets per second through the seamless-wallet
 * service (debit + credit) against a raw two-row UPDATE transfer baseline
 * measured in the same run (tests/bench/ledger-transfers.ts).
 *
 * Env: BENCH_DURATION (s per target, default 10), BENCH_CONNECTIONS (50),
 * BENCH_LEDGER_SECONDS (10), BENCH_LEDGER_CONCURRENCY (8),
 * BENCH_WARMUP (s per target, default 1; 0 to skip), BENCH_MERCHANT (DEMO),
 * BENCH_MIXED_MEMBERS (1000; 0 to skip the mixed load), BENCH_ONLY (a regular
 * expression of target names), BENCH_IDENTITY (1: no Accept-Encoding),
 * DATABASE_URL (PostgreSQL instead of a fresh PGlite).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createApiClient } from '../../src/api/client.ts';
import { medianSliceRatio, percentile, signIn } from './support.ts';
import { gameListEndpoint } from '../../contract/games.ts';
import { memberInfoEndpoint } from '../../contract/member.ts';
import { derivedVendorSecret, signedHeaders } from '../../server/modules/seamless/signature.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { intactLedger, type LedgerInvariants, ledgerInvariants } from '../../server/test/wallet-harness.ts';
import { betMismatches } from '../../server/test/wallet-model.ts';
import { benchLedgerTransfers } from './ledger-transfers.ts';
import { type BenchDatabase, createBenchDatabase, type RunningServer, startServer, stopServer, waitUntilReady } from './bench-server.ts';
import { type MixedLoadResult, type MixedMember, prepareMixedMembers, runMixedLoad } from './mixed-load.ts';

interface Target {
  name: string;
  /** Path and query on the server; GET with the platform headers unless `method` says otherwise. */
  path: string;
  method?: 'GET' | 'POST';
  /** JSON body; `{{gameId}}` / `{{nodeId}}` are replaced by a launchable slot game of the catalogue. */
  body?: string;
  /** Sent as the demo member (player1), logged in once before the targets run. */
  member?: boolean;
  /** Bets through the signed seamless wallet: each connection alternates a debit and the credit of its round. */
  seamless?: boolean;
  /** The least ratio to the baseline this target must reach (issue 11): member reads 0.3, cached reads 0.8. */
  goal?: number;
}

/** The first entry is the baseline. Adding a target is one line. `goal`: the ratio to the baseline it must reach. */
const targets: Target[] = [
  { name: 'system status (baseline)', path: '/wps/system/status' },
  { name: 'whitelabel', path: '/wps/system/whitelabel', goal: 0.8 },
  { name: 'consolidated settings', path: '/wps/system/settings/consolidated', goal: 0.8 },
  { name: 'game list (RNG, 25)', path: '/wps/game/list?gameType=RNG&pageNo=1&pageSize=25&platform=html5&clientType=2', goal: 0.8 },
  { name: 'hot games', path: '/wps/game/hot?isPlatform=2&platform=html5', goal: 0.8 },
  { name: 'favourite ids (member)', path: '/wps/game/favourites/ids?pageNo=1&pageSize=100', member: true, goal: 0.3 },
  { name: 'favourite games (member)', path: '/wps/game/favourites?pageNo=1&pageSize=25', member: true, goal: 0.3 },
  { name: 'recent games (member)', path: '/wps/game/recent?pageNo=1&pageSize=25', member: true, goal: 0.3 },
  { name: 'wallet (member)', path: '/wps/wallets/gcs', member: true, goal: 0.3 },
  { name: 'member info (member)', path: '/wps/member/info', member: true, goal: 0.3 },
  {
    name: 'add favourite (member, idempotent)',
    path: '/wps/game/favourites',
    method: 'POST',
    body: '{"nodeId":"{{nodeId}}"}',
    member: true,
  },
  { name: 'launch game (member)', path: '/wps/game/launchGame', method: 'POST', body: '{"gameId":{{gameId}}}', member: true, goal: 0.3 },
  { name: 'bets via seamless wallet (debit + credit, 2 req per bet)', path: '/lgw/wallet/debit', seamless: true, member: true },
];

const _HOST = '127.0.0.1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
}

const duration = envNumber('BENCH_DURATION', 10, 1);
const warmup = envNumber('BENCH_WARMUP', 1, 0);
/** Length of the slices a target and the baseline alternate in (benchInterleaved). */
const sliceSeconds = envNumber('BENCH_SLICE', 1, 1);
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 50, 1));
const ledgerSeconds = envNumber('BENCH_LEDGER_SECONDS', 10, 1);
const ledgerConcurrency = Math.round(envNumber('BENCH_LEDGER_CONCURRENCY', 8, 1));
const merchant = process.env.BENCH_MERCHANT?.trim() || 'DEMO';
/** BENCH_ONLY: a regular expression; only targets whose name matches run (the baseline always runs). */
const only = process.env.BENCH_ONLY?.trim() ? new RegExp(process.env.BENCH_ONLY.trim(), 'i') : null;
/** BENCH_PROFILE: a folder; the server runs with `node --cpu-prof` and writes its profile there on exit. */
const profileDir = process.env.BENCH_PROFILE?.trim() ? path.resolve(process.env.BENCH_PROFILE.trim()) : null;
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const mixedMembers = Math.round(envNumber('BENCH_MIXED_MEMBERS', 1000, 0));
/** Seamless debit + credit p99 at BENCH_CONNECTIONS connections must stay under this (issue 11). */
const seamlessP99GoalMs = databaseUrl ? 50 : 150;
/** Bets through the ledger against the raw transfer (issue 11). */
const betRatioGoal = 0.6;
/**
 * What the site's calls send from a phone's browser. Browsers always offer compression, so the
 * answers measured are the bytes a player receives (a cached catalogue page goes compressed,
 * server/http/content-encoding.ts); BENCH_IDENTITY=1 measures uncompressed answers instead.
 */
const headers = {
  merchant,
  language: 'EN',
  accept: 'application/json',
  ...(process.env.BENCH_IDENTITY === '1' ? {} : { 'accept-encoding': 'gzip, deflate, br, zstd' }),
};
/** The bench server's VENDOR_WALLET_SECRET, so the bench can sign as a vendor. */
const vendorWalletSecret = randomBytes(32).toString('hex');

/** The bench server's settings: the vendors' signing secret the bench signs with, and the CPU profile when asked. */
const serverOptions = () => ({ env: { VENDOR_WALLET_SECRET: vendorWalletSecret }, profileDir });

/** Migrates and seeds the bench database and writes the mixed load's members, before the server opens it. */
async function prepareDatabase(database: BenchDatabase): Promise<MixedMember[]> {
  const handle = await database.open();
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
    return mixedMembers > 0 && (!only || only.test('mixed')) ? await prepareMixedMembers(handle.db, mixedMembers) : [];
  } finally {
    await handle.close();
  }
}

interface TargetResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  /** The first answer of each connection, its connect included (Sample). */
  firstAnswerP50Ms: number;
  firstAnswerMaxMs: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Bytes received per answer, headers included (what a player's connection carries). */
  bytesPerAnswer: number;
  /** The baseline's requests/s measured just before and just after this target (the ratio's denominator). */
  adjacentBaselinePerSecond: number;
  ratioToBaseline: number;
}

/** What member targets need: the demo member's token and a launchable game. */
interface MemberFixture {
  token: string;
  gameId: number;
  nodeId: string;
}

async function memberFixture(origin: string): Promise<MemberFixture> {
  const session = await signIn(origin, merchant, 'player1', 'Player#2026');
  const call = createApiClient({ baseURL: origin, headers: () => ({ merchant, language: 'EN', token: session.token }) });
  const { games } = await call(gameListEndpoint, { query: { gameType: 'RNG', pageNo: 1, pageSize: 25 } });
  const game = games.find((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE');
  if (!game?.nodeId) throw new Error('no launchable game in the catalogue');
  return { token: session.token, gameId: game.gameId, nodeId: game.nodeId };
}

/** The vendor's view of the demo member and a game of the vendor, for signed seamless-wallet requests. */
interface SeamlessFixture {
  playerId: string;
  vendor: string;
  gameCode: string;
  secret: string;
}

let seamlessFixture: Promise<SeamlessFixture> | null = null;

async function loadSeamlessFixture(origin: string, member: MemberFixture): Promise<SeamlessFixture> {
  const call = createApiClient({ baseURL: origin, headers: () => ({ merchant, language: 'EN', token: member.token }) });
  const { id } = await call(memberInfoEndpoint);
  const { games } = await call(gameListEndpoint, { query: { gameType: 'RNG', pageNo: 1, pageSize: 25 } });
  const game = games.find((g) => g.gameId === member.gameId) ?? games[0]!;
  return { playerId: String(id), vendor: game.vassalage, gameCode: game.gameCode, secret: derivedVendorSecret(vendorWalletSecret, game.vassalage) };
}

/**
 * One autocannon run and the latencies of its answers, split in two: the first answer of each
 * connection, whose time includes opening the connection (autocannon starts the clock when it
 * writes the request, before the socket has connected), and the answers on open connections. The
 * latency goals are about the second: a vendor's game server keeps its connections to the wallet
 * open, and the bench's 1 s slices open 50 new connections each, which put every slice's 50
 * connection openings (5 % of a slow target's answers) into its p99. The first answers are
 * reported beside them.
 */
interface Sample {
  result: autocannon.Result;
  /** Answers on connections that had answered before (ms). */
  open: number[];
  /** The first answer of each connection, its connect included (ms). */
  first: number[];
}

function measured(options: autocannon.Options): Promise<Sample> {
  const open: number[] = [];
  const first: number[] = [];
  const answered = new WeakSet<autocannon.Client>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve({ result, open, first })));
    instance.on('response', (client, _status, _bytes, ms) => {
      if (answered.has(client)) open.push(ms);
      else {
        answered.add(client);
        first.push(ms);
      }
    });
  });
}

/** What every run shares: one host, a fixed connection count, a timeout, no aggregate (the samples are summed here). */
const common = (url: string, seconds: number) => ({ url, connections, duration: seconds, timeout: 10, skipAggregateResult: true });

/** Debit then credit (the stake back: the balance never runs out) of a new round, per connection. */
async function runSeamless(origin: string, seconds: number, member: MemberFixture): Promise<Sample> {
  seamlessFixture ??= loadSeamlessFixture(origin, member);
  const f = await seamlessFixture;
  const signed = (body: string) => ({ ...headers, 'content-type': 'application/json', ...signedHeaders(f.vendor, f.secret, body) });
  type Context = { round?: string };
  return measured({
      ...common(origin, seconds),
      requests: [
        {
          method: 'POST',
          path: '/lgw/wallet/debit',
          setupRequest: (request, context: Context) => {
            context.round = randomUUID();
            const body = JSON.stringify({ transactionId: `${context.round}:bet`, playerId: f.playerId, gameCode: f.gameCode, roundId: context.round, amount: 1 });
            return { ...request, body, headers: signed(body) };
          },
        },
        {
          method: 'POST',
          path: '/lgw/wallet/credit',
          setupRequest: (request, context: Context) => {
            const body = JSON.stringify({ transactionId: `${context.round}:win`, playerId: f.playerId, roundId: context.round, amount: 1 });
            return { ...request, body, headers: signed(body) };
          },
        },
      ],
  });
}

function run(url: string, seconds: number, target: Target, member: MemberFixture | null): Promise<Sample> {
  if (target.seamless && member) return runSeamless(new URL(url).origin, seconds, member);
  const body = target.body && member ? target.body.replace('{{gameId}}', String(member.gameId)).replace('{{nodeId}}', member.nodeId) : target.body;
  return measured({
      ...common(url, seconds),
      method: target.method ?? 'GET',
      headers: {
        ...headers,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(target.member && member ? { authorization: member.token } : {}),
      },
      body,
  });
}

/** A total over runs made with skipAggregateResult (their raw results carry these counts). */
function sumOf(samples: Sample[], key: 'totalCompletedRequests' | 'totalBytes' | 'duration' | 'non2xx' | 'errors' | 'timeouts'): number {
  return samples.reduce((sum, sample) => sum + Number((sample.result as unknown as Record<string, number>)[key] ?? 0), 0);
}

const perSecond = (samples: Sample[]) => sumOf(samples, 'totalCompletedRequests') / sumOf(samples, 'duration');

function summary(target: Target, samples: Sample[]): Omit<TargetResult, 'ratioToBaseline' | 'adjacentBaselinePerSecond'> {
  const open = samples.flatMap((sample) => sample.open);
  const first = samples.flatMap((sample) => sample.first);
  const totalRequests = sumOf(samples, 'totalCompletedRequests');
  return {
    name: target.name,
    path: target.path,
    requestsPerSecond: perSecond(samples),
    latencyP50Ms: percentile(open, 50),
    latencyP99Ms: percentile(open, 99),
    latencyAvgMs: open.length > 0 ? open.reduce((sum, ms) => sum + ms, 0) / open.length : 0,
    firstAnswerP50Ms: percentile(first, 50),
    firstAnswerMaxMs: percentile(first, 100),
    totalRequests,
    bytesPerAnswer: totalRequests > 0 ? sumOf(samples, 'totalBytes') / totalRequests : 0,
    non2xx: sumOf(samples, 'non2xx'),
    errors: sumOf(samples, 'errors'),
    timeouts: sumOf(samples, 'timeouts'),
  };
}

async function benchTarget(origin: string, target: Target, member: MemberFixture | null): Promise<Omit<TargetResult, 'ratioToBaseline' | 'adjacentBaselinePerSecond'>> {
  const url = `${origin}${target.path}`;
  if (warmup > 0) await run(url, warmup, target, member);
  return summary(target, [await run(url, duration, target, member)]);
}

/**
 * A target in slices of BENCH_SLICE seconds, each between two slices of the baseline
 * (B T B T ... T B), its ratio the median of the slices' ratios: each compares throughputs
 * measured within a second of each other, so a neighbour who takes the CPU for a while moves
 * both sides of it instead of one, and a pause that hits one slice moves one ratio, not the
 * median (the machine is shared; one baseline at the start of the run had moved the ratios by
 * a factor of two). The target's latencies are those of all its slices together.
 */
async function benchInterleaved(origin: string, target: Target, member: MemberFixture | null) {
  const baseline = targets[0]!;
  const baselineUrl = `${origin}${baseline.path}`;
  const url = `${origin}${target.path}`;
  const slices = Math.max(1, Math.round(duration / sliceSeconds));
  const seconds = duration / slices;
  if (warmup > 0) await run(url, warmup, target, member);
  const baselineParts = [await run(baselineUrl, seconds, baseline, member)];
  const targetParts: Sample[] = [];
  for (let i = 0; i < slices; i++) {
    targetParts.push(await run(url, seconds, target, member));
    baselineParts.push(await run(baselineUrl, seconds, baseline, member));
  }
  const rates = (parts: Sample[]) => parts.map((part) => perSecond([part]));
  return {
    result: summary(target, targetParts),
    adjacentBaseline: perSecond(baselineParts),
    ratio: medianSliceRatio(rates(targetParts), rates(baselineParts)),
  };
}

function printTable(results: TargetResult[]): void {
  const rows = [
    ['target', 'path', 'req/s', 'p50 ms', 'p99 ms', 'first answer p50/max ms', 'bytes', 'non-2xx', 'errors', 'baseline around it', 'vs baseline'],
    ...results.map((r) => [
      r.name,
      r.path,
      r.requestsPerSecond.toFixed(0),
      r.latencyP50Ms.toFixed(1),
      r.latencyP99Ms.toFixed(1),
      `${r.firstAnswerP50Ms.toFixed(0)}/${r.firstAnswerMaxMs.toFixed(0)}`,
      r.bytesPerAnswer.toFixed(0),
      String(r.non2xx),
      String(r.errors + r.timeouts),
      r.adjacentBaselinePerSecond.toFixed(0),
      r.ratioToBaseline.toFixed(2),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

interface Goal {
  what: string;
  measured: string;
  met: boolean;
}

/** Runs the mixed load, stops the server and checks the money invariants on its database. */
async function mixedLoad(server: RunningServer, database: BenchDatabase, members: MixedMember[], member: MemberFixture) {
  seamlessFixture ??= loadSeamlessFixture(server.origin, member);
  const f = await seamlessFixture;
  process.stdout.write(`\n  mixed load (${members.length} members: log in, list, launch, bet, wallet; ${connections} at a time) ...`);
  const load = await runMixedLoad({
    origin: server.origin,
    headers,
    members,
    concurrency: connections,
    launchGameId: member.gameId,
    vendor: f.vendor,
    vendorGameCode: f.gameCode,
    vendorSecret: f.secret,
  });
  console.log(` ${load.requestsPerSecond.toFixed(0)} req/s`);
  await stopServer(server);
  const handle = await database.open();
  try {
    const invariants = await ledgerInvariants(handle.db);
    const mismatchedBets = await betMismatches(handle.db);
    return { load, invariants, mismatchedBets };
  } finally {
    await handle.close();
  }
}

function printMixedLoad(load: MixedLoadResult, invariants: LedgerInvariants, mismatchedBets: number): void {
  console.log(
    `  mixed load: ${load.members} members in ${load.seconds.toFixed(1)} s, ${load.requests} requests, ` +
      `${load.requestsPerSecond.toFixed(0)} req/s (${load.visitsPerSecond.toFixed(1)} visits/s), ` +
      `p50 ${load.latencyP50Ms.toFixed(1)} ms, p99 ${load.latencyP99Ms.toFixed(1)} ms, failures ${load.failures}` +
      (load.firstFailure ? ` (first: ${load.firstFailure})` : ''),
  );
  console.log(`    ${load.steps.map((s) => `${s.step} p50 ${s.p50Ms.toFixed(1)} / p99 ${s.p99Ms.toFixed(1)} ms`).join('; ')}`);
  const broken = Object.entries(invariants).filter(([key, value]) => value !== intactLedger[key as keyof LedgerInvariants]);
  console.log(
    `    money invariants after it: ${broken.length === 0 && mismatchedBets === 0 ? 'intact' : 'BROKEN'} ` +
      `(${Object.entries(invariants)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ')}, mismatchedBets ${mismatchedBets})`,
  );
}

async function main(): Promise<number> {
  console.log(
    `bench:api — ${targets.length} targets, ${duration} s each (+${warmup} s warm-up), ${connections} connections, ` +
      `${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'fresh PGlite'}, Node ${process.version}, ${cpus().length} CPUs`,
  );
  const database = await createBenchDatabase('bench-api', databaseUrl);
  let server: RunningServer | null = null;
  const stop = () => {
    void (server ? stopServer(server) : Promise.resolve())
      .then(() => database.remove())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const members = await prepareDatabase(database);
    const running = await startServer(database, serverOptions());
    server = running;
    await waitUntilReady(running, targets[0]!.path, headers);
    const member = targets.some((t) => t.member) || members.length > 0 ? await memberFixture(running.origin) : null;
    const results: TargetResult[] = [];
    const baselineTarget = targets[0]!;
    process.stdout.write(`  ${baselineTarget.name} ...`);
    const baseline = await benchTarget(running.origin, baselineTarget, member);
    process.stdout.write(` ${baseline.requestsPerSecond.toFixed(0)} req/s\n`);
    results.push({ ...baseline, adjacentBaselinePerSecond: baseline.requestsPerSecond, ratioToBaseline: 1 });
    for (const target of targets.filter((t, i) => i > 0 && (!only || only.test(t.name)))) {
      process.stdout.write(`  ${target.name} ...`);
      const { result, adjacentBaseline, ratio } = await benchInterleaved(running.origin, target, member);
      process.stdout.write(` ${result.requestsPerSecond.toFixed(0)} req/s (baseline around it ${adjacentBaseline.toFixed(0)} req/s)\n`);
      results.push({ ...result, adjacentBaselinePerSecond: adjacentBaseline, ratioToBaseline: ratio });
    }
    console.log('');
    printTable(results);

    const goals: Goal[] = [];
    for (const r of results) {
      const target = targets.find((t) => t.name === r.name);
      if (target?.goal !== undefined) {
        goals.push({ what: `${r.name} >= ${target.goal} of the baseline`, measured: r.ratioToBaseline.toFixed(2), met: r.ratioToBaseline >= target.goal });
      }
      if (target?.seamless) {
        goals.push({
          what: `seamless debit + credit p99 <= ${seamlessP99GoalMs} ms on ${connections} open connections`,
          measured: `${r.latencyP99Ms.toFixed(0)} ms`,
          met: r.latencyP99Ms <= seamlessP99GoalMs,
        });
      }
    }

    const mixed = members.length > 0 && member ? await mixedLoad(running, database, members, member) : null;
    const mixedOk = !mixed || (mixed.load.failures === 0 && mixed.mismatchedBets === 0 && Object.entries(mixed.invariants).every(([key, value]) => value === intactLedger[key as keyof LedgerInvariants]));
    if (mixed) {
      printMixedLoad(mixed.load, mixed.invariants, mixed.mismatchedBets);
      goals.push({
        what: `mixed load of ${mixed.load.members} members without a failure, money invariants intact after it`,
        measured: `${mixed.load.failures} failures, p99 ${mixed.load.latencyP99Ms.toFixed(0)} ms, ${mixedOk ? 'intact' : 'broken'}`,
        met: mixedOk,
      });
    }

    let ledger: Awaited<ReturnType<typeof benchLedgerTransfers>> | null = null;
    if (!only || only.test('ledger') || only.test('bets')) {
      process.stdout.write(`\n  ledger transfers (${ledgerSeconds} s each, ${ledgerConcurrency} workers) ...`);
      ledger = await benchLedgerTransfers({ seconds: ledgerSeconds, concurrency: ledgerConcurrency });
      console.log(
        ` raw two-row UPDATE transfer (baseline) ${ledger.baselineTransfersPerSecond.toFixed(0)}/s, ` +
          `ledger postTransaction ${ledger.ledgerTransfersPerSecond.toFixed(0)}/s, ratio ${ledger.ratioToBaseline.toFixed(2)}`,
      );
      console.log(
        `  bets through the ledger (seamless debit + credit, in process) ${ledger.seamlessBetsPerSecond.toFixed(0)}/s ` +
          `vs the raw transfer ${ledger.baselineTransfersPerSecond.toFixed(0)}/s, ratio ${ledger.betRatioToBaseline.toFixed(2)}`,
      );
      goals.push({
        what: `bets through the ledger >= ${betRatioGoal} of the raw transfer`,
        measured: ledger.betRatioToBaseline.toFixed(2),
        met: ledger.betRatioToBaseline >= betRatioGoal,
      });
    }

    console.log(`\ngoals (${databaseUrl ? 'PostgreSQL' : 'PGlite'}):`);
    for (const g of goals) console.log(`  ${g.met ? 'met    ' : 'NOT MET'}  ${g.what}: ${g.measured}`);

    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      database: databaseUrl ? 'postgres' : 'pglite',
      durationSeconds: duration,
      warmupSeconds: warmup,
      connections,
      baseline: targets[0]!.path,
      results,
      mixed,
      ledger,
      goals,
      ok: failed.length === 0 && (ledger?.errors ?? 0) === 0 && mixedOk,
    };
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'api.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport: ${path.relative(process.cwd(), path.join(outDir, 'api.json'))}`);
    if (failed.length) {
      console.error(`FAILED: errors or non-2xx answers on ${failed.map((r) => r.path).join(', ')}`);
      return 1;
    }
    if (ledger && ledger.errors > 0) {
      console.error(`FAILED: ${ledger.errors} failed ledger transfers or bets`);
      return 1;
    }
    if (!mixedOk) {
      console.error('FAILED: the mixed load had failures or left the money invariants broken');
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

/**
 * `npm run bench:api -- --processes 1,2` (PostgreSQL): the same targets at each number of API processes
 * behind one port, and each target's throughput at the last number over the first (docs/scale-out.md).
 * BENCH_ONLY chooses the targets as above; by default the baseline, two cached reads, two member reads
 * and the seamless bets.
 */
async function processesMain(counts: number[]): Promise<number> {
  if (!databaseUrl) {
    console.error('bench:api --processes needs PostgreSQL: set DATABASE_URL (processes cannot share a PGlite directory)');
    return 2;
  }
  const chosen = only ?? /settings|game list|wallet|member info|bets via/i;
  const runTargets = targets.filter((t, i) => i === 0 || chosen.test(t.name));
  console.log(`bench:api --processes ${counts.join(',')} — ${runTargets.length} targets, ${duration} s each, ${connections} connections, ${cpus().length} CPUs`);
  const database = await createBenchDatabase('bench-api', databaseUrl);
  const byCount: { processes: number; results: Omit<TargetResult, 'ratioToBaseline' | 'adjacentBaselinePerSecond'>[] }[] = [];
  try {
    await prepareDatabase(database);
    for (const processes of counts) {
      const server = await startServer(database, { ...serverOptions(), processes });
      try {
        await waitUntilReady(server, targets[0]!.path, headers);
        const member = await memberFixture(server.origin);
        const results: Omit<TargetResult, 'ratioToBaseline' | 'adjacentBaselinePerSecond'>[] = [];
        console.log(`\n${processes} process${processes === 1 ? '' : 'es'}:`);
        for (const target of runTargets) {
          process.stdout.write(`  ${target.name} ...`);
          const result = await benchTarget(server.origin, target, member);
          process.stdout.write(` ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.latencyP99Ms.toFixed(0)} ms\n`);
          results.push(result);
        }
        byCount.push({ processes, results });
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    await database.remove();
  }
  const first = byCount[0]!;
  const last = byCount.at(-1)!;
  console.log(`\nthroughput at ${last.processes} processes over ${first.processes}:`);
  for (const [i, target] of runTargets.entries()) {
    const a = first.results[i]!;
    const b = last.results[i]!;
    console.log(
      `  ${target.name}: ${a.requestsPerSecond.toFixed(0)} -> ${b.requestsPerSecond.toFixed(0)} req/s, ratio ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2)}; ` +
        `p99 ${a.latencyP99Ms.toFixed(0)} -> ${b.latencyP99Ms.toFixed(0)} ms`,
    );
  }
  const failed = byCount.flatMap((c) => c.results).filter((r) => r.errors + r.timeouts > 0 || (r.non2xx > 0 && !r.path.startsWith('/lgw')));
  if (failed.length > 0) {
    console.error(`FAILED: ${failed.map((r) => r.name).join(', ')} had errors`);
    return 1;
  }
  return 0;
}

const processesFlag = process.argv.indexOf('--processes');
const processCounts =
  processesFlag >= 0 ? (process.argv[processesFlag + 1] ?? '').split(',').map((n) => Number(n.trim())) : null;
if (processCounts?.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) {
  console.error('bench:api --processes takes a list such as 1,2');
  process.exit(2);
}

(processCounts ? processesMain(processCounts) : main()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
