/**
 * The mixed load of `npm run bench:api`: `members` members (1,000 by default)
 * of the demo merchant, each with its own password-checked login, visit the
 * server once each, `concurrency` at a time: log in (sealed, argon2 on the
 * server), list the RNG games, launch a game, bet (a signed seamless debit
 * and the credit of its round, as the vendor's server sends them) and read
 * the wallet. Every answer must be a success. Reports the requests per
 * second of the whole load, the p50/p99 of all its requests and of each step;
 * afterwards (bench-api.ts) the money invariants of the whole ledger are
 * checked on the database the server used.
 *
 * The members are written before the server starts (`prepareMixedMembers`),
 * with one password hash for all and their opening balances in one `adjust`
 * transaction from the house.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createSealer } from '../../contract/sealed.ts';
import { loginEndpoint } from '../../contract/session.ts';
import type { Database } from '../../server/db/connect.ts';
import { members } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/modules/member/passwords.ts';
import { signedHeaders } from '../../server/modules/seamless/signature.ts';
import { postTransaction } from '../../server/modules/wallet/ledger.ts';
import { createApiClient } from '../../src/api/client.ts';
import { percentile } from './support.ts';

export const mixedPassword = 'Mixed#2026';
const openingBalance = 1_000_00;
const steps = ['login', 'game list', 'launch', 'debit', 'credit', 'wallet'] as const;
type Step = (typeof steps)[number];

export interface MixedMember {
  id: number;
  username: string;
}

/** Writes `count` members of the demo merchant (usernames mixed1..) with `mixedPassword` and their opening balances. */
export async function prepareMixedMembers(db: Database, count: number): Promise<MixedMember[]> {
  const passwordHash = await hashPassword(mixedPassword);
  const rows = await db
    .insert(members)
    .values(Array.from({ length: count }, (_, i) => ({ merchantCode: 'DEMO', username: `mixed${i + 1}`, passwordHash, type: 0 })))
    .returning({ id: members.id, username: members.username });
  await postTransaction(db, {
    merchantId: 'DEMO',
    idempotencyKey: 'bench:mixed:opening',
    kind: 'adjust',
    postings: [
      { account: { kind: 'house' }, amount: -openingBalance * rows.length },
      ...rows.map((m) => ({ account: { kind: 'member' as const, memberId: m.id }, amount: openingBalance })),
    ],
  });
  // The planner sees the new rows (PGlite has no autovacuum; the server's maintenance would get there in 30 s).
  await db.execute(sql`analyze`);
  return rows;
}

export interface MixedLoadOptions {
  origin: string;
  headers: Record<string, string>;
  members: MixedMember[];
  concurrency: number;
  /** The game the members launch, and the vendor game they bet on (its vendor signs the seamless calls). */
  launchGameId: number;
  vendor: string;
  vendorGameCode: string;
  vendorSecret: string;
}

export interface MixedLoadResult {
  members: number;
  concurrency: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  visitsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  steps: { step: Step; requests: number; p50Ms: number; p99Ms: number }[];
  failures: number;
  firstFailure: string | null;
}

export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const { origin, headers } = options;
  const anonymous = createApiClient({ baseURL: origin, headers: () => ({ merchant: headers.merchant ?? 'DEMO', language: 'EN', token: null }) });
  const sealer = createSealer(anonymous);
  const timings = new Map<Step, number[]>(steps.map((s) => [s, []]));
  let failures = 0;
  let firstFailure: string | null = null;

  const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timings.get(step)!.push(performance.now() - started);
    return result;
  };
  const send = async (step: Step, path: string, init: RequestInit & { headers?: Record<string, string> }) =>
    timed(step, async () => {
      const res = await fetch(`${origin}${path}`, { ...init, headers: { ...headers, ...init.headers } });
      const text = await res.text();
      const answer = JSON.parse(text) as { success?: boolean; value?: unknown };
      if (!res.ok || answer.success !== true) throw new Error(`${step}: ${res.status} ${text.slice(0, 200)}`);
      return answer;
    });
  const vendorCall = (step: Step, path: string, body: object) => {
    const json = JSON.stringify(body);
    return send(step, path, {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json', ...signedHeaders(options.vendor, options.vendorSecret, json) },
    });
  };

  const visit = async (member: MixedMember) => {
    const { token } = await timed('login', () =>
      sealer.call(loginEndpoint, { type: 'username', username: member.username, password: mixedPassword }),
    );
    const auth = { authorization: token };
    await send('game list', '/wps/game/list?gameType=RNG&pageNo=1&pageSize=25&platform=html5&clientType=2', { headers: auth });
    await send('launch', '/wps/game/launchGame', {
      method: 'POST',
      body: JSON.stringify({ gameId: options.launchGameId }),
      headers: { ...auth, 'content-type': 'application/json' },
    });
    const round = randomUUID();
    const playerId = String(member.id);
    await vendorCall('debit', '/lgw/wallet/debit', { transactionId: `${round}:bet`, playerId, gameCode: options.vendorGameCode, roundId: round, amount: 1_00 });
    await vendorCall('credit', '/lgw/wallet/credit', { transactionId: `${round}:win`, playerId, roundId: round, amount: 2_00 });
    await send('wallet', '/wps/wallets/gcs', { headers: auth });
  };

  const queue = [...options.members];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, queue.length) }, async () => {
      for (let member = queue.shift(); member; member = queue.shift()) {
        try {
          await visit(member);
        } catch (error) {
          failures++;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = [...timings.values()].flat().sort((a, b) => a - b);
  return {
    members: options.members.length,
    concurrency: options.concurrency,
    seconds,
    requests: all.length,
    requestsPerSecond: all.length / seconds,
    visitsPerSecond: (options.members.length - failures) / seconds,
    latencyP50Ms: percentile(all, 50),
    latencyP99Ms: percentile(all, 99),
    steps: steps.map((step) => {
      const times = timings.get(step)!;
      return { step, requests: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
    }),
    failures,
    firstFailure,
  };
}
