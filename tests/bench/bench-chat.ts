/**
 * `npm run bench:chat` — the live chat (contract/chat.ts) under load: many
 * members' sockets held open on ONE server process, sending messages first in
 * a closed loop (throughput), then at a fixed rate in an open loop (delivery
 * latency below saturation), a staff socket replying in a sample of their
 * conversations, against the HTTP baseline (`/wps/system/status`) measured in
 * the same run.
 *
 * 1. A bench database (a fresh PGlite data directory, or with DATABASE_URL a
 *    throw-away database on that server, dropped at the end): migrated,
 *    seeded, BENCH_CHAT_MEMBERS members (2,000) each with a live web session
 *    written directly (a random token whose SHA-256 is stored, as the session
 *    module stores it: logging 2,000 members in would be minutes of argon2),
 *    and one staff account (saveStaff).
 * 2. The real server (`node --import tsx server/main.ts`, NODE_ENV=production)
 *    on 127.0.0.1 and a free port; the staff member logs in through the staff
 *    login endpoint; autocannon on the baseline for BENCH_DURATION seconds,
 *    BENCH_CONNECTIONS (50) connections, after a BENCH_WARMUP (1 s) warm-up.
 * 3. The staff socket, then every member's socket, BENCH_CHAT_CONNECT_BATCH
 *    (100) at a time, each authenticated through the real path; they stay
 *    open to the end. The server's resident memory (Linux /proc) before and
 *    after.
 * 4. The closed loop for BENCH_DURATION seconds (tests/bench/chat-load.ts):
 *    each member sends, waits for its echo, and sends again no sooner than
 *    BENCH_CHAT_PACE_MS (1,050) after its last send (under the limit of one a
 *    second, so nothing is refused); the staff socket watches
 *    BENCH_CHAT_STAFF_SAMPLE (20) conversations (opened by a first message of
 *    their members just before the load) and replies in them in turn, one
 *    reply a second (its own limit). Then the sends stop and the echoes on
 *    their way are awaited. 2,000 members offer about 1,900 messages a second:
 *    this saturates the server, so it measures throughput (messages/s), and
 *    its latencies are the queue's.
 * 5. The open loop for BENCH_DURATION seconds: BENCH_CHAT_RATE (50) member
 *    messages a second in total on a timer, each from the next member in turn
 *    (each member sends once every members / rate seconds), never waiting for
 *    an echo; the staff socket replies as before. Then the drain. This
 *    measures delivery latency below saturation; when the server answers well
 *    under the offered rate (under 90 %), the output says it is saturated.
 * 6. Sockets closed, server stopped, and on its database, over both phases:
 *    every message sent is there exactly once, in the order its sender sent
 *    it, each phase's rows are its sends, each conversation's seqs are 1..n,
 *    and every socket received exactly its conversation's seqs, in order.
 *
 * Prints the figures of each phase, `chat messages/s ... ratio N.NN` (the
 * closed loop's messages written per second over the baseline's requests per
 * second) and `chat delivery at N msg/s: p50 X ms, p99 Y ms` (the open loop's
 * member echo), writes bench-results/chat.json, exits non-zero on any
 * refusal, error frame, lost, duplicated or out-of-order message, failed
 * connection or database check (a saturated open loop is reported, not a
 * failure).
 * BENCH_CHAT_DRAIN (s, 180) bounds the wait for the last echoes after each
 * phase, BENCH_CHAT_TIMEOUT (s, 900) the whole run; the sockets are closed and
 * the server stopped at the end, also on failure, timeout or Ctrl-C.
 * BENCH_PROFILE (a folder) runs the server with `node --cpu-prof`, as bench:api does.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { staffLoginEndpoint } from '../../contract/chat.ts';
import { members, sessions } from '../../server/db/schema.ts';
import { saveStaff } from '../../server/modules/chat/staff.ts';
import { hashPassword } from '../../server/modules/member/passwords.ts';
import { defaultIdentityLimits } from '../../server/modules/session/config.ts';
import { hashToken, newToken } from '../../server/modules/session/tokens.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { chatSocketUrl } from '../../server/test/chat-socket-client.ts';
import { createApiClient } from '../../src/api/client.ts';
import {
  type BenchDatabase,
  createBenchDatabase,
  cpuSeconds,
  type RunningServer,
  residentMiB,
  startServer,
  stopServer,
  waitUntilReady,
} from './bench-server.ts';
import { type BenchMember, type ChatLoad, createChatLoad, type LoadResult } from './chat-load.ts';
import { root } from './support.ts';

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
}

const duration = envNumber('BENCH_DURATION', 8, 1);
const warmup = envNumber('BENCH_WARMUP', 1, 0);
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 50, 1));
const memberCount = Math.round(envNumber('BENCH_CHAT_MEMBERS', 2000, 1));
const connectBatch = Math.round(envNumber('BENCH_CHAT_CONNECT_BATCH', 100, 1));
const paceMs = envNumber('BENCH_CHAT_PACE_MS', 1050, 1000);
/** At most 25: the staff socket sends a `watch` for each at once, and the server closes a socket that sends over 40 frames in 10 s. */
const staffSample = Math.round(envNumber('BENCH_CHAT_STAFF_SAMPLE', 20, 1));
if (staffSample > 25) throw new Error('BENCH_CHAT_STAFF_SAMPLE is at most 25 (the socket flood limit: 40 frames in 10 s)');
/** The open loop's member messages per second, in total (round-robin over the members: each sends once every members / rate seconds). */
const openRate = envNumber('BENCH_CHAT_RATE', 50, 1);
/** Under this share of the offered rate, the open loop says the server (or the load generator) did not keep up. */
const saturationShare = 0.9;
if (openRate > (memberCount * 1000) / paceMs) {
  throw new Error(`BENCH_CHAT_RATE ${openRate} would have each of the ${memberCount} members send more often than once every ${paceMs} ms (the limit is one a second)`);
}
const timeoutSeconds = envNumber('BENCH_CHAT_TIMEOUT', 900, 10);
const merchant = process.env.BENCH_MERCHANT?.trim() || 'DEMO';
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
/** BENCH_PROFILE: a folder; the server runs with `node --cpu-prof` and writes its profile there on exit (tests/bench/cpu-profile-summary.ts reads it). */
const profileDir = process.env.BENCH_PROFILE?.trim() ? path.resolve(process.env.BENCH_PROFILE.trim()) : null;
const headers = { merchant, language: 'EN', accept: 'application/json' };
const baselinePath = '/wps/system/status';
/** Waits after the load, at most: for the echoes on their way (a saturated server holds one message of each member), then for a quiet moment. */
const drainMs = envNumber('BENCH_CHAT_DRAIN', 180, 1) * 1000;
const quietMs = 1_000;
const staffUsername = 'benchstaff';
const staffPassword = `Bench#${randomBytes(9).toString('base64url')}`;

/** What has to be let go at the end, whatever happens. */
const held: { database: BenchDatabase | null; server: RunningServer | null; load: ChatLoad | null } = { database: null, server: null, load: null };
let cleaning: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await held.load?.closeAll().catch(() => {});
    if (held.server) await stopServer(held.server).catch(() => {});
    await held.database?.remove().catch((error: unknown) => console.error('could not remove the bench database:', error));
  })();
  return cleaning;
}

/** Migrates and seeds the bench database, writes the members with their sessions and the staff account. */
async function prepareDatabase(database: BenchDatabase): Promise<BenchMember[]> {
  const handle = await database.open();
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
    const db = handle.db;
    const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
    const list: BenchMember[] = [];
    const now = new Date();
    for (let first = 0; first < memberCount; first += 500) {
      const count = Math.min(500, memberCount - first);
      const rows = await db
        .insert(members)
        .values(Array.from({ length: count }, (_, i) => ({ merchantCode: merchant, username: `chatbench${first + i + 1}`, passwordHash, type: 0 })))
        .returning({ id: members.id });
      const tokens = rows.map(() => newToken());
      // As the session module writes a web session (session-service.ts insertSession): only the token's SHA-256.
      await db.insert(sessions).values(
        rows.map((row, i) => ({
          memberId: row.id,
          tokenHash: hashToken(tokens[i]!),
          kind: 'web' as const,
          deviceId: null,
          clientIp: '127.0.0.1',
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + defaultIdentityLimits.sessionAbsoluteMs),
        })),
      );
      rows.forEach((row, i) => {
        list.push({ id: row.id, index: first + i, token: tokens[i]! });
      });
    }
    await saveStaff(db, merchant, staffUsername, 'Bench Staff', staffPassword);
    // The planner sees the new rows (PGlite has no autovacuum).
    await db.execute(sql`analyze`);
    return list;
  } finally {
    await handle.close();
  }
}

async function staffLogin(origin: string): Promise<string> {
  const call = createApiClient({ baseURL: origin, headers: () => ({ merchant, language: 'EN', token: null }) });
  const { token } = await call(staffLoginEndpoint, { body: { username: staffUsername, password: staffPassword } });
  return token;
}

async function baseline(origin: string): Promise<autocannon.Result> {
  const run = (seconds: number) =>
    autocannon({ url: `${origin}${baselinePath}`, connections, duration: seconds, headers, timeout: 10 });
  if (warmup > 0) await run(warmup);
  return run(duration);
}

/** Label and value, one a line. */
function printRows(rows: [string, string][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

const fixed = (n: number | null, digits = 0) => (n === null ? 'n/a' : n.toFixed(digits));

/** A load phase with the server's CPU (Linux /proc) and the load generator's over it, and the server's memory after it. */
interface Measured<T> {
  result: T;
  /** Seconds from the phase's start to the end of its drain. */
  elapsed: number;
  serverCores: number | null;
  benchCores: number;
  memoryAfter: number | null;
}

async function measured<T>(pid: number | undefined, phase: () => Promise<T>): Promise<Measured<T>> {
  const cpuBefore = cpuSeconds(pid);
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await phase();
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(pid);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  return {
    result,
    elapsed,
    serverCores: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / elapsed : null,
    benchCores: (benchCpu.user + benchCpu.system) / 1e6 / elapsed,
    memoryAfter: residentMiB(pid),
  };
}

async function main(): Promise<number> {
  console.log(
    `bench:chat — ${memberCount} members, ${duration} s of closed loop (pace ${paceMs} ms) and ${duration} s of open loop (${openRate} msg/s), staff sample ${staffSample}, ` +
      `${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'fresh PGlite'}, Node ${process.version}, ${cpus().length} CPUs, ` +
      `load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const database = await createBenchDatabase('bench-chat', databaseUrl);
  held.database = database;
  process.stdout.write(`  preparing ${memberCount} members and their sessions ...`);
  const benchMembers = await prepareDatabase(database);
  console.log(' done');

  const server = await startServer(database, { profileDir });
  held.server = server;
  await waitUntilReady(server, baselinePath, headers);
  const pid = server.child.pid;
  const staffToken = await staffLogin(server.origin);

  process.stdout.write(`  HTTP baseline ${baselinePath} (${duration} s, ${connections} connections) ...`);
  const http = await baseline(server.origin);
  const baselineRps = http.requests.average;
  console.log(` ${baselineRps.toFixed(0)} req/s, p99 ${http.latency.p99} ms`);
  const httpFailed = http.non2xx + http.errors + http.timeouts;

  const memoryBefore = residentMiB(pid);
  const load = createChatLoad({
    socketUrl: chatSocketUrl(server.origin, merchant),
    members: benchMembers,
    staffToken,
    paceMs,
    staffSample,
    readyTimeoutMs: 30_000,
  });
  held.load = load;
  process.stdout.write(`  connecting the staff socket and ${memberCount} member sockets, ${connectBatch} at a time ...`);
  const connect = await load.connect(connectBatch);
  console.log(` ${connect.connected} in ${connect.seconds.toFixed(1)} s`);
  const memoryConnected = residentMiB(pid);
  const watched = await load.openStaffSample();
  console.log(`  the staff socket watches ${watched} conversations (their members' first message written)`);

  console.log(`  closed loop: ${connect.connected} members for ${duration} s ...`);
  const closed = await measured(pid, () => load.run(duration, drainMs, quietMs));
  const result = closed.result;
  console.log(`    ${result.messagesPerSecond.toFixed(0)} messages/s; drained ${(closed.elapsed - duration).toFixed(1)} s after it`);

  console.log(`  open loop: ${openRate} messages/s from the members in turn, for ${duration} s ...`);
  const opened = await measured(pid, () => load.runOpen(duration, openRate, drainMs, quietMs));
  const open = opened.result;
  console.log(
    `    sent ${open.sentPerSecond.toFixed(1)}/s, achieved ${open.achievedPerSecond.toFixed(1)}/s; drained ${(opened.elapsed - duration).toFixed(1)} s after it`,
  );
  /** The server did not keep up with the offered rate: the open loop's latencies are queueing again. */
  const saturated = open.achievedPerSecond < saturationShare * openRate;
  /** The load generator itself did not send at the rate (its own CPU): the rate was not offered. */
  const generatorBehind = open.sentPerSecond < saturationShare * openRate;

  await load.closeAll();
  held.load = null;
  await stopServer(server);
  held.server = null;
  const handle = await database.open();
  const check = await (async () => {
    try {
      return await load.checkDatabase(handle.db);
    } finally {
      await handle.close();
    }
  })();

  const ratio = baselineRps > 0 ? result.messagesPerSecond / baselineRps : 0;
  const openRatio = baselineRps > 0 ? open.achievedPerSecond / baselineRps : 0;
  const phaseRows = (r: LoadResult, m: Measured<LoadResult>): [string, string][] => [
    ['deliveries (message frames)', `${r.deliveriesPerSecond.toFixed(0)}/s, and ${(r.conversationFramesToStaff / m.elapsed).toFixed(0)} queue updates/s to the staff socket`],
    ['member echo latency', `p50 ${r.echoP50Ms.toFixed(0)} / p99 ${r.echoP99Ms.toFixed(0)} / max ${r.echoMaxMs.toFixed(0)} ms (${r.memberMessagesEchoed} echoes)`],
    [
      'staff -> member latency',
      `p50 ${r.staffToMemberP50Ms.toFixed(0)} / p99 ${r.staffToMemberP99Ms.toFixed(0)} ms (${r.staffToMemberSamples} of ${r.staffRepliesSent} replies, in ${r.staffConversations} conversations)`,
    ],
    ['unechoed when the load ended', `${r.backlogAtEnd} member messages`],
    ['refused (chat.rate.limited)', String(r.refused)],
    ['other error frames', JSON.stringify(r.errorFrames)],
    ['closed by the server', String(r.unexpectedCloses)],
    ['seq gaps / duplicates / foreign', `${r.seqGaps} / ${r.seqDuplicates} / ${r.foreignMessages}`],
    ['undelivered (no echo)', String(r.undelivered)],
    ['CPU (load and drain)', `server ${fixed(m.serverCores, 2)} cores, load generator ${m.benchCores.toFixed(2)} cores`],
  ];
  const dbPhase = (name: 'closed' | 'open') => {
    const p = check.byPhase[name];
    return `${name}: ${p.memberRows} of ${p.memberSent} member, ${p.staffRows} of ${p.staffSent} staff`;
  };
  console.log('');
  printRows([
    ['HTTP baseline (status)', `${baselineRps.toFixed(0)} req/s, p50 ${http.latency.p50} / p99 ${http.latency.p99} ms`],
    ['member sockets connected', `${connect.connected} of ${memberCount} (+1 staff) in ${connect.seconds.toFixed(1)} s, ${connect.socketsPerSecond.toFixed(0)}/s`],
    ['socket open to ready', `p50 ${connect.readyP50Ms.toFixed(0)} / p99 ${connect.readyP99Ms.toFixed(0)} ms`],
    [
      'server memory (RSS)',
      `${fixed(memoryBefore)} MiB before the sockets, ${fixed(memoryConnected)} MiB with them, ${fixed(closed.memoryAfter)} MiB after the closed loop, ${fixed(opened.memoryAfter)} MiB after the open loop` +
        (memoryBefore !== null && memoryConnected !== null ? ` (${(((memoryConnected - memoryBefore) * 1024) / Math.max(1, connect.connected)).toFixed(0)} KiB a socket)` : ''),
    ],
    [
      'database after',
      `${check.rows} messages (${check.memberRows} member, ${check.staffRows} staff, ${check.assignedRows} assigned; ${dbPhase('closed')}; ${dbPhase('open')}): ` +
        (check.failures.length ? 'MISMATCH' : 'all sent exactly once, in the order sent, every socket in order'),
    ],
  ]);
  console.log(`\n  closed loop (throughput: each member sends again after its echo, ${paceMs} ms apart at least)`);
  printRows([
    ['messages written', `${result.messagesPerSecond.toFixed(0)}/s (member ${result.memberMessagesSent}, staff ${result.staffRepliesSent} sent)`],
    ...phaseRows(result, closed),
  ]);
  console.log(`\n  open loop (delivery: ${openRate} messages/s on a timer, one member in turn, every ${open.memberIntervalSeconds.toFixed(0)} s each)`);
  printRows([
    [
      'member messages',
      `offered ${openRate}/s, sent ${open.sentPerSecond.toFixed(1)}/s (${open.memberMessagesSent} by ${open.membersSending} members), achieved ${open.achievedPerSecond.toFixed(1)}/s (echoes after the first ${open.settleSeconds} s)`,
    ],
    ['timer lateness', `p50 ${open.sendLagP50Ms.toFixed(1)} / p99 ${open.sendLagP99Ms.toFixed(1)} / max ${open.sendLagMaxMs.toFixed(1)} ms`],
    ['messages written (with staff)', `${open.messagesPerSecond.toFixed(0)}/s (staff ${open.staffRepliesSent} sent)`],
    ...phaseRows(open, opened),
  ]);
  console.log(
    `\nchat messages/s ${result.messagesPerSecond.toFixed(0)} vs HTTP status ${baselineRps.toFixed(0)} req/s (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ratio ${ratio.toFixed(2)}`,
  );
  console.log(
    `chat delivery at ${openRate} msg/s: p50 ${open.echoP50Ms.toFixed(0)} ms, p99 ${open.echoP99Ms.toFixed(0)} ms` +
      (saturated ? ` (SATURATED: achieved ${open.achievedPerSecond.toFixed(1)} msg/s)` : ''),
  );
  if (generatorBehind) {
    console.log(
      `WARNING: the load generator sent ${open.sentPerSecond.toFixed(1)} of the ${openRate} messages/s offered (timer p99 ${open.sendLagP99Ms.toFixed(0)} ms late): the rate was not offered`,
    );
  }
  if (saturated) {
    console.log(
      `WARNING: SATURATED at ${openRate} msg/s: the server achieved ${open.achievedPerSecond.toFixed(1)} msg/s ` +
        `(${((100 * open.achievedPerSecond) / openRate).toFixed(0)} % of the offered rate, ${open.backlogAtEnd} messages unechoed when the load ended); ` +
        'these latencies are queueing time, not delivery time: lower BENCH_CHAT_RATE',
    );
  }

  const phaseFailures = (label: string, r: LoadResult) => [
    ...(r.refused > 0 ? [`${label}: ${r.refused} messages refused`] : []),
    ...(Object.keys(r.errorFrames).length > 0 ? [`${label}: error frames ${JSON.stringify(r.errorFrames)}`] : []),
    ...(r.unexpectedCloses > 0 ? [`${label}: ${r.unexpectedCloses} sockets closed by the server`] : []),
    ...(r.seqGaps + r.seqDuplicates + r.foreignMessages > 0 ? [`${label}: message frames out of order, twice or in the wrong socket`] : []),
    ...(r.undelivered > 0 ? [`${label}: ${r.undelivered} sends without an echo`] : []),
    ...(r.memberMessagesSent === 0 ? [`${label}: no message was sent`] : []),
  ];
  const failures = [
    ...(httpFailed > 0 ? [`HTTP baseline: ${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`] : []),
    ...(connect.failed > 0 ? [`${connect.failed} sockets did not connect (first: ${connect.firstFailure})`] : []),
    ...phaseFailures('closed loop', result),
    ...phaseFailures('open loop', open),
    ...check.failures,
  ];
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverage: loadavg(),
    database: databaseUrl ? 'postgres' : 'pglite',
    settings: { members: memberCount, durationSeconds: duration, warmupSeconds: warmup, connections, connectBatch, paceMs, staffSample, openRate },
    baseline: {
      path: baselinePath,
      requestsPerSecond: baselineRps,
      latencyP50Ms: http.latency.p50,
      latencyP99Ms: http.latency.p99,
      non2xx: http.non2xx,
      errors: http.errors,
      timeouts: http.timeouts,
    },
    connect,
    serverMemoryMiB: { beforeSockets: memoryBefore, withSockets: memoryConnected, afterClosedLoop: closed.memoryAfter, afterOpenLoop: opened.memoryAfter },
    closedLoop: {
      ...result,
      ratioToBaseline: ratio,
      drainSeconds: closed.elapsed - duration,
      cpuCores: { server: closed.serverCores, loadGenerator: closed.benchCores },
    },
    openLoop: {
      ...open,
      achievedRatioToBaseline: openRatio,
      saturated,
      generatorBehind,
      drainSeconds: opened.elapsed - duration,
      cpuCores: { server: opened.serverCores, loadGenerator: opened.benchCores },
    },
    databaseCheck: check,
    failures,
    ok: failures.length === 0,
  };
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'chat.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`report: ${path.relative(process.cwd(), path.join(outDir, 'chat.json'))}`);
  if (failures.length > 0) {
    console.error(`FAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

const overall = setTimeout(() => {
  console.error(`\nFAILED: bench:chat did not finish in ${timeoutSeconds} s`);
  if (held.server) console.error(held.server.output());
  void cleanUp().finally(() => process.exit(1));
}, timeoutSeconds * 1000);
const interrupted = () => void cleanUp().finally(() => process.exit(130));
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    if (held.server) console.error(held.server.output());
    return 1;
  })
  .then(async (code) => {
    clearTimeout(overall);
    await cleanUp();
    process.exit(code);
  });
