/**
 * Three server processes on one PostgreSQL (docs/scale-out.md): the rules
 * hold in total, not per process. Each process is `server/main.ts` started as
 * in production, on a port of its own; the calls of each test are spread
 * over the three. Uses DATABASE_URL's server when set, else a throw-away
 * PostgreSQL from Debian's packages (server/db/local-postgres.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointCall } from '../../contract/endpoint.ts';
import { memberInfoEndpoint } from '../../contract/member.ts';
import { staffLoginEndpoint, staffQueueEndpoint } from '../../contract/chat.ts';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint, logoutEndpoint } from '../../contract/session.ts';
import { systemStatusEndpoint as statusEndpoint } from '../../contract/system.ts';
import { addBankCardEndpoint, createWithdrawalEndpoint, setWithdrawalPasswordEndpoint, walletEndpoint } from '../../contract/wallet.ts';
import { changeBusOf, createChangeBus } from '../db/change-bus.ts';
import { type LocalPostgres, startLocalPostgres } from '../db/local-postgres.ts';
import { games } from '../db/schema-catalogue.ts';
import { bets, ledgerTransactions } from '../db/schema-wallet.ts';
import { signedHeaders, vendorSecret } from '../modules/seamless/signature.ts';
import { type CallError, createContractClient } from '../test/contract-client.ts';
import { failureOf } from '../test/identity-harness.ts';
import { chatSocketUrl, isFrame, isMessage, openChatSocket } from '../test/chat-socket-client.ts';
import { saveStaff } from '../modules/chat/staff.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { createFundedMember, intactLedger, ledgerInvariants, testPassword } from '../test/wallet-harness.ts';

interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The JSON log lines it wrote so far. */
  log: Record<string, unknown>[];
}

/** The API's per-minute limit per client address in this suite (each test calls from addresses of its own). */
const ratePerMinute = 150;
const recoveryEveryMs = 1_000;

let local: LocalPostgres | null = null;
let testDb: TestDatabase;
let servers: ServerProcess[] = [];

function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(ratePerMinute),
      PLAY_RECOVERY_EVERY_MS: String(recoveryEveryMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { child, url: '', log: [] };
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${errors}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      server.log.push(entry);
      if (entry.msg === 'server ready') {
        server.url = String(entry.url);
        resolve(server);
      }
    });
  });
}

async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** A client of one process, calling from `ip` (the processes trust 127.0.0.1 as their proxy). */
function clientOf(server: ServerProcess, ip: string, token: { value: string | null } = { value: null }) {
  const send: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': ip } });
  const call: EndpointCall = createContractClient({
    baseURL: server.url,
    headers: () => ({ merchant: 'DEMO', token: token.value, language: 'EN' }),
    fetch: send,
  });
  return { call, sealed: createSealer(call), token };
}

/** One member's clients on every process, sharing the member's token. */
function everywhere(ip: string) {
  const token = { value: null as string | null };
  return servers.map((server) => clientOf(server, ip, token));
}

let ipCount = 0;
const nextIp = () => `198.51.100.${++ipCount}`;

beforeAll(async () => {
  let baseUrl = process.env.DATABASE_URL?.trim();
  if (!baseUrl) {
    local = await startLocalPostgres();
    baseUrl = local.url;
  }
  testDb = await createTestDatabase({ databaseUrl: baseUrl });
  const databaseUrl = testDb.databaseUrl;
  if (!databaseUrl) throw new Error('the cluster suite needs PostgreSQL');
  servers = await Promise.all([0, 1, 2].map(() => startServer(databaseUrl)));
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await testDb?.close();
  local?.stop();
});

describe('three processes on one PostgreSQL', () => {
  it('serve the same site', async () => {
    const answers = await Promise.all(everywhere(nextIp()).map((client) => client.call(statusEndpoint, {})));
    expect(new Set(servers.map((s) => s.url)).size).toBe(3);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('let exactly the affordable withdrawals of twenty concurrent ones pass, whichever process takes them', async () => {
    const member = await createFundedMember(testDb.db, `cluster${randomUUID().slice(0, 8)}`);
    const [first, ...others] = everywhere(nextIp());
    const { token } = await first!.sealed.call(loginEndpoint, { type: 'username', username: member.username, password: testPassword });
    first!.token.value = token;
    const card = await first!.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Cluster Member', accountNumber: '1234 5678 9012' } });
    await first!.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } });
    const balance = (await first!.call(walletEndpoint, {})).member.balance;
    const amount = Math.floor(balance / 7);
    const clients = [first!, ...others];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % 3]!.call(createWithdrawalEndpoint, {
          body: { bankCardId: card.id, amount, withdrawalPassword: '123456', idempotencyKey: randomUUID() },
        }),
      ),
    );
    const passed = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as CallError).errorCode] : []));
    expect(passed).toBe(7);
    expect(new Set(refused)).toEqual(new Set(['wallet.balance.insufficient']));
    const after = await clients[2]!.call(walletEndpoint, {});
    expect(after.member.balance).toBe(balance - 7 * amount);
    expect(await ledgerInvariants(testDb.db)).toEqual(intactLedger);
  });

  it('answer a debit replayed on every process at once with one bet and one ledger transaction', async () => {
    const member = await createFundedMember(testDb.db, `cluster${randomUUID().slice(0, 8)}`);
    const [game] = await testDb.db
      .select({ code: games.gameCode, vendor: games.vassalage })
      .from(games)
      .where(and(eq(games.merchantCode, 'DEMO'), ne(games.vassalage, 'BGS')))
      .limit(1);
    const secret = (await vendorSecret(testDb.db, game!.vendor))!;
    const roundId = `cluster-${randomUUID()}`;
    const raw = JSON.stringify({ transactionId: `${roundId}:bet`, playerId: String(member.id), gameCode: game!.code, roundId, amount: 500 });
    const ledgerBefore = (await testDb.db.select({ n: count() }).from(ledgerTransactions))[0]!.n;
    const answers = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const res = await fetch(`${servers[i % 3]!.url}/lgw/wallet/debit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', merchant: 'DEMO', 'x-forwarded-for': nextIp(), ...signedHeaders(game!.vendor, secret, raw) },
          body: raw,
        });
        return { status: res.status, body: (await res.json()) as { value?: { betId: number; balance: number } } };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(new Set(answers.map((a) => a.body.value?.betId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.value?.balance)).size).toBe(1);
    expect(await testDb.db.select({ id: bets.id }).from(bets).where(eq(bets.roundId, roundId))).toHaveLength(1);
    expect((await testDb.db.select({ n: count() }).from(ledgerTransactions))[0]!.n).toBe(ledgerBefore + 1);
  });

  it('ask for the captcha after three failed logins in total, one on each process', async () => {
    const member = await createFundedMember(testDb.db, `cluster${randomUUID().slice(0, 8)}`);
    const clients = everywhere(nextIp());
    for (const client of clients) {
      const refused = await failureOf(client.sealed.call(loginEndpoint, { type: 'username', username: member.username, password: 'Wrong#2026' }));
      expect(refused.errorCode).toBe('login.failed');
    }
    for (const client of clients) {
      const refused = await failureOf(client.sealed.call(loginEndpoint, { type: 'username', username: member.username, password: testPassword }));
      expect([refused.errorCode, refused.value]).toEqual(['captcha.required', { captchaRequired: true }]);
    }
  });

  it('end a session on every process as soon as it logs out on one', async () => {
    const member = await createFundedMember(testDb.db, `cluster${randomUUID().slice(0, 8)}`);
    const clients = everywhere(nextIp());
    const { token } = await clients[0]!.sealed.call(loginEndpoint, { type: 'username', username: member.username, password: testPassword });
    clients[0]!.token.value = token;
    for (const client of clients) expect((await client.call(memberInfoEndpoint, {})).account).toBe(member.username);
    await clients[1]!.call(logoutEndpoint, { body: {} });
    for (const client of clients) {
      expect((await failureOf(client.call(memberInfoEndpoint, {}))).status).toBe(401);
      expect((await failureOf(client.call(walletEndpoint, {}))).status).toBe(401);
    }
  });

  it('carry a live chat both ways between a member on one process and staff on another, and catch up a reconnection on a third', async () => {
    const member = await createFundedMember(testDb.db, `cluster${randomUUID().slice(0, 8)}`);
    const staffName = `staff${randomUUID().slice(0, 8)}`;
    await saveStaff(testDb.db, 'DEMO', staffName, 'Cluster staff', 'Support#2026');
    const ip = nextIp();
    const [memberClient] = everywhere(ip);
    const { token } = await memberClient!.sealed.call(loginEndpoint, { type: 'username', username: member.username, password: testPassword });
    const staffClient = clientOf(servers[1]!, ip);
    const login = await staffClient.call(staffLoginEndpoint, { body: { username: staffName, password: 'Support#2026' } });
    staffClient.token.value = login.token;

    const memberSocket = await openChatSocket(chatSocketUrl(servers[0]!.url));
    const staffSocket = await openChatSocket(chatSocketUrl(servers[1]!.url));
    try {
      memberSocket.send({ t: 'auth', as: 'member', token });
      staffSocket.send({ t: 'auth', as: 'staff', token: login.token });
      await memberSocket.next(isFrame('ready'));
      await staffSocket.next(isFrame('ready'));

      memberSocket.send({ t: 'send', clientId: 'cluster-member-1', body: 'Hello from process one' });
      const line = await staffSocket.next((f) => f.t === 'conversation' && f.conversation.visitor === member.username);
      const conversationId = line.t === 'conversation' ? line.conversation.id : 0;
      expect((await staffClient.call(staffQueueEndpoint, {})).list.map((c) => c.id)).toContain(conversationId);
      staffSocket.send({ t: 'watch', conversationId, after: 0 });
      await staffSocket.next(isMessage((m) => m.body === 'Hello from process one'));

      staffSocket.send({ t: 'send', conversationId, clientId: 'cluster-staff-1', body: 'Hello from process two' });
      const reply = await memberSocket.next(isMessage((m) => m.body === 'Hello from process two'));
      expect(reply.message).toMatchObject({ author: 'staff', staffName: 'Cluster staff' });
      memberSocket.send({ t: 'typing' });
      await staffSocket.next((f) => f.t === 'typing' && f.from === 'visitor');

      // The member's tab reconnects to a third process after missing two answers.
      const held = Math.max(...memberSocket.messages().map((m) => m.seq));
      memberSocket.close();
      staffSocket.send({ t: 'send', conversationId, clientId: 'cluster-staff-2', body: 'missed one' });
      staffSocket.send({ t: 'send', conversationId, clientId: 'cluster-staff-3', body: 'missed two' });
      await staffSocket.next(isMessage((m) => m.body === 'missed two'));
      const again = await openChatSocket(chatSocketUrl(servers[2]!.url));
      try {
        again.send({ t: 'auth', as: 'member', token, conversationId, after: held });
        await again.next(isMessage((m) => m.body === 'missed two'));
        expect(again.messages().map((m) => [m.seq, m.body])).toEqual([
          [held + 1, 'missed one'],
          [held + 2, 'missed two'],
        ]);
      } finally {
        again.close();
      }
      expect(staffSocket.messages().map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      memberSocket.close();
      staffSocket.close();
    }
  });

  it('count one rate limit per client address in total, not one per process', async () => {
    const clients = everywhere(nextIp());
    const answers = await Promise.all(
      Array.from({ length: ratePerMinute + 6 }, (_, i) =>
        clients[i % 3]!.call(statusEndpoint, {}).then(
          () => 'ok',
          (error: CallError) => error.errorCode,
        ),
      ),
    );
    expect(answers.filter((a) => a === 'ok')).toHaveLength(ratePerMinute);
    expect(answers.filter((a) => a !== 'ok')).toEqual(Array(6).fill('request.rate.limited'));
  });

  it('run each slot of a scheduled job once across the processes', async () => {
    const slotsOf = () =>
      servers.flatMap((server) => server.log.filter((e) => e.msg === 'scheduled job runs' && e.job === 'play.recover-open-rounds').map((e) => Number(e.slot)));
    const firstSlot = Math.floor(Date.now() / recoveryEveryMs);
    await expect.poll(() => slotsOf().filter((slot) => slot > firstSlot + 2).length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    // Each of the three processes looked several times in each slot; one of them ran it.
    const slots = slotsOf();
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.length).toBe(new Set(slots).size);
    const rows = await testDb.db.execute(sql`select max(attempts)::int as attempts from scheduled_job_runs where job = 'play.recover-open-rounds'`);
    expect((rows as unknown as { rows: { attempts: number }[] }).rows[0]!.attempts).toBe(1);
  });

  it('hand a change published by one process to the others (wallet answers, game lists, merchant rows)', async () => {
    const heard = createChangeBus({ db: testDb.db, databaseUrl: testDb.databaseUrl });
    try {
      const received = new Promise<string | null>((resolve) => {
        heard.subscribe('merchant', (payload) => {
          if (payload === 'DEMO') resolve(payload);
        });
      });
      // Published from another bus of the same database, as another process would.
      await expect.poll(async () => {
        await changeBusOf(testDb.db).publish('merchant', 'DEMO');
        return Promise.race([received, new Promise((resolve) => setTimeout(() => resolve('not yet'), 100))]);
      }, { timeout: 10_000 }).toBe('DEMO');
    } finally {
      await heard.close();
    }
  });
});
