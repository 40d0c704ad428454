/**
 * `npm run bench:chat` — the live chat (contract/chat.ts) under load: many
 * members' sockets held open on ONE server process, each sending messages in
 * a closed loop, a staff socket replying in a sample of their conversations,
 * against the HTTP baseline (`/wps/system/status`) measured in the same run.
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
 * 4. The load for BENCH_DURATION seconds (tests/bench/chat-load.ts): each
 *    member sends, waits for its echo, and sends again no sooner than
 *    BENCH_CHAT_PACE_MS (1,050) after its last send (under the limit of one a
 *    second, so nothing is refused); the staff socket watches
 *    BENCH_CHAT_STAFF_SAMPLE (20) conversations (opened by a first message of
 *    their members just before the load) and replies in them in turn, one
 *    reply a second (its own limit). Then the sends stop and the echoes on
 *    their way are awaited.
 * 5. Sockets closed, server stopped, and on its database: every message sent
 *    is there exactly once, each conversation's seqs are 1..n, and every
 *    socket received exactly its conversation's seqs, in order.
 *
 * Prints the figures and `chat messages/s ... ratio N.NN` (messages written
 * per second over the baseline's requests per second), writes
 * bench-results/chat.json, exits non-zero on any refusal, error frame, lost,
 * duplicated or out-of-order message, failed connection or database check.
 * BENCH_CHAT_DRAIN (s, 180) bounds the wait for the last echoes after the
 * load, BENCH_CHAT_TIMEOUT (s, 900) the whole run; the sockets are closed and
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
import { type BenchMember, type ChatLoad, createChatLoad } from './chat-load.ts';
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

async function main(): Promise<number> {
  console.log(
    `bench:chat — ${memberCount} members, ${duration} s of load (pace ${paceMs} ms), staff sample ${staffSample}, ` +
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

  process.stdout.write(`  load: ${connect.connected} members for ${duration} s ...`);
  const cpuBefore = cpuSeconds(pid);
  const benchCpuBefore = process.cpuUsage();
  const loadStarted = performance.now();
  const result = await load.run(duration, drainMs, quietMs);
  const elapsed = (performance.now() - loadStarted) / 1000;
  const cpuAfter = cpuSeconds(pid);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const memoryAfter = residentMiB(pid);
  console.log(` ${result.messagesPerSecond.toFixed(0)} messages/s; drained ${(elapsed - duration).toFixed(1)} s after it`);
  const serverCores = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / elapsed : null;
  const benchCores = (benchCpu.user + benchCpu.system) / 1e6 / elapsed;

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
  console.log('');
  printRows([
    ['HTTP baseline (status)', `${baselineRps.toFixed(0)} req/s, p50 ${http.latency.p50} / p99 ${http.latency.p99} ms`],
    ['member sockets connected', `${connect.connected} of ${memberCount} (+1 staff) in ${connect.seconds.toFixed(1)} s, ${connect.socketsPerSecond.toFixed(0)}/s`],
    ['socket open to ready', `p50 ${connect.readyP50Ms.toFixed(0)} / p99 ${connect.readyP99Ms.toFixed(0)} ms`],
    [
      'server memory (RSS)',
      `${fixed(memoryBefore)} MiB before the sockets, ${fixed(memoryConnected)} MiB with them, ${fixed(memoryAfter)} MiB after the load` +
        (memoryBefore !== null && memoryConnected !== null ? ` (${(((memoryConnected - memoryBefore) * 1024) / Math.max(1, connect.connected)).toFixed(0)} KiB a socket)` : ''),
    ],
    ['messages written', `${result.messagesPerSecond.toFixed(0)}/s (member ${result.memberMessagesSent}, staff ${result.staffRepliesSent} sent in all)`],
    ['deliveries (message frames)', `${result.deliveriesPerSecond.toFixed(0)}/s, and ${(result.conversationFramesToStaff / elapsed).toFixed(0)} queue updates/s to the staff socket`],
    ['member echo latency', `p50 ${result.echoP50Ms.toFixed(0)} / p99 ${result.echoP99Ms.toFixed(0)} / max ${result.echoMaxMs.toFixed(0)} ms`],
    [
      'staff -> member latency',
      `p50 ${result.staffToMemberP50Ms.toFixed(0)} / p99 ${result.staffToMemberP99Ms.toFixed(0)} ms (${result.staffToMemberSamples} of ${result.staffRepliesSent} replies, in ${result.staffConversations} conversations)`,
    ],
    ['refused (chat.rate.limited)', String(result.refused)],
    ['other error frames', JSON.stringify(result.errorFrames)],
    ['closed by the server', String(result.unexpectedCloses)],
    ['seq gaps / duplicates / foreign', `${result.seqGaps} / ${result.seqDuplicates} / ${result.foreignMessages}`],
    ['undelivered (no echo)', String(result.undelivered)],
    ['CPU during the load', `server ${fixed(serverCores, 2)} cores, load generator ${benchCores.toFixed(2)} cores`],
    ['database after', `${check.rows} messages (${check.memberRows} member, ${check.staffRows} staff, ${check.assignedRows} assigned): ${check.failures.length ? 'MISMATCH' : 'all sent exactly once, every socket in order'}`],
  ]);
  console.log(
    `\nchat messages/s ${result.messagesPerSecond.toFixed(0)} vs HTTP status ${baselineRps.toFixed(0)} req/s (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ratio ${ratio.toFixed(2)}`,
  );

  const failures = [
    ...(httpFailed > 0 ? [`HTTP baseline: ${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`] : []),
    ...(connect.failed > 0 ? [`${connect.failed} sockets did not connect (first: ${connect.firstFailure})`] : []),
    ...(result.refused > 0 ? [`${result.refused} messages refused`] : []),
    ...(Object.keys(result.errorFrames).length > 0 ? [`error frames ${JSON.stringify(result.errorFrames)}`] : []),
    ...(result.unexpectedCloses > 0 ? [`${result.unexpectedCloses} sockets closed by the server`] : []),
    ...(result.seqGaps + result.seqDuplicates + result.foreignMessages > 0 ? ['message frames out of order, twice or in the wrong socket'] : []),
    ...(result.undelivered > 0 ? [`${result.undelivered} sends without an echo`] : []),
    ...(result.memberMessagesSent === 0 ? ['no message was sent'] : []),
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
    settings: { members: memberCount, durationSeconds: duration, warmupSeconds: warmup, connections, connectBatch, paceMs, staffSample },
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
    serverMemoryMiB: { beforeSockets: memoryBefore, withSockets: memoryConnected, afterLoad: memoryAfter },
    cpuCores: { server: serverCores, loadGenerator: benchCores },
    load: result,
    ratioToBaseline: ratio,
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
