/**
 * Settlement exactly once under a crash and under concurrency: 150 daily
 * salary contracts of one agent are settled by a process of its own
 * (server/test/settle-process.ts) killed with SIGKILL in the middle of the
 * run; what it left is whole (each payout row with its ledger transaction,
 * or neither). Then the operator's command (`npm run admin -- contracts
 * settle`) runs twice at once on PostgreSQL (one after the other on PGlite,
 * whose data directory one process holds at a time), and finishes the
 * period: every contract paid exactly once, the agent's wallet down by the
 * sum, the ledger balanced. It never skips: with DATABASE_URL on a fresh
 * PostgreSQL database, without it on a PGlite data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payoutFor } from '../../../contract/agent-contracts.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { agentContracts, contractPayouts } from '../../db/schema-contracts.ts';
import { ledgerTransactions } from '../../db/schema-wallet.ts';
import { createProcessDatabase } from '../../test/test-db.ts';
import { intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { balanceOf, postTransaction } from '../wallet/ledger.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const contractsCount = 150;
const tiers = [
  { threshold: 10_00, reward: 3_00 },
  { threshold: 100_00, reward: 7_00 },
];
const agentFunds = 10_000_00;

/** Runs `args` as a Node process in the repository; `onLine` sees each line of its output and may kill it. */
function run(args: string[], env: NodeJS.ProcessEnv, onLine?: (line: string, child: ChildProcess) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  let partial = '';
  child.stdout?.on('data', (d) => {
    out += d;
    const lines = (partial + String(d)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine?.(line, child);
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, out, err }));
  });
}

describe('contract settlement killed mid-run', () => {
  it('pays every contract of the period exactly once after a SIGKILL, a rerun and concurrent runs', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_OPTIONS;
    const database = await createProcessDatabase('settle-crash-', env);
    const open = database.open;

    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const period = new Date(today - 86_400_000).toISOString().slice(0, 10);
    const placedAt = new Date(today - 86_400_000 + 10 * 3_600_000).toISOString();

    // 1. An agent with 150 members, each with an active daily salary contract and bets yesterday.
    let handle = await open();
    let agentId: number;
    const expected = new Map<number, number>();
    try {
      const db = handle.db;
      const [agent] = await db.insert(members).values({ merchantCode: 'DEMO', username: 'crash_agent', passwordHash: 'x', type: 1 }).returning();
      agentId = agent!.id;
      await postTransaction(db, {
        merchantId: 'DEMO',
        idempotencyKey: 'crash-agent-funds',
        kind: 'adjust',
        postings: [
          { account: { kind: 'house' }, amount: -agentFunds },
          { account: { kind: 'member', memberId: agentId }, amount: agentFunds },
        ],
      });
      const team = await db
        .insert(members)
        .values(Array.from({ length: contractsCount }, (_, i) => ({ merchantCode: 'DEMO', username: `crash_m${i}`, passwordHash: 'x', type: 0, parentId: agentId })))
        .returning({ id: members.id });
      const decidedAt = new Date(today - 5 * 86_400_000);
      const contracts = await db
        .insert(agentContracts)
        .values(team.map((m) => ({ merchantCode: 'DEMO', agentId, memberId: m.id, kind: 'salary' as const, status: 'active' as const, tiers, decidedAt })))
        .returning({ id: agentContracts.id });
      for (const [i, m] of team.entries()) {
        const stake = i % 3 === 0 ? 5_00 : i % 3 === 1 ? 50_00 : 500_00;
        await db.execute(sql`insert into bets (merchant_code, member_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
          values ('DEMO', ${m.id}, 'BGS', ${`crash-${i}`}, ${stake}, 0, 'settled', ${placedAt}::timestamptz, ${placedAt}::timestamptz)`);
        expected.set(contracts[i]!.id, payoutFor('salary', tiers, stake));
      }
    } finally {
      if (!env.DATABASE_URL) await handle.close();
    }

    const state = async (db: DatabaseHandle['db']) => {
      const payouts = await db
        .select({ contractId: contractPayouts.contractId, status: contractPayouts.status, amount: contractPayouts.amount, txId: contractPayouts.txId })
        .from(contractPayouts)
        .innerJoin(agentContracts, eq(agentContracts.id, contractPayouts.contractId))
        .where(and(eq(agentContracts.agentId, agentId), eq(contractPayouts.period, period)));
      const keys = (
        await db
          .select({ key: ledgerTransactions.idempotencyKey, id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(like(ledgerTransactions.idempotencyKey, `contract:%:${period}`))
      ).filter((k) => expected.has(Number(k.key.split(':')[1])));
      return { payouts, keys };
    };

    try {
      // 2. A settlement process, killed once it has settled 20 of this agent's payouts (the seed's contracts come first).
      let settledLines = 0;
      const killed = await run(['server/test/settle-process.ts', 'salary', period], env, (line, child) => {
        if (line.startsWith('{') && (JSON.parse(line) as { agentId: number }).agentId === agentId && ++settledLines === 20) child.kill('SIGKILL');
      });
      expect(killed.signal, killed.err).toBe('SIGKILL');

      if (!env.DATABASE_URL) handle = await open();
      const afterKill = await state(handle.db);
      // It was stopped mid-run: the 20 payouts it reported and maybe a few more, not all; each paid payout is one
      // row with its one transaction.
      expect(afterKill.payouts.length).toBeGreaterThanOrEqual(20);
      expect(afterKill.payouts.length).toBeLessThan(contractsCount);
      const nonZero = afterKill.payouts.filter((p) => p.status === 'paid');
      expect(new Set(afterKill.keys.map((k) => k.id))).toEqual(new Set(nonZero.map((p) => p.txId)));
      for (const p of afterKill.payouts) expect(p.status === 'nothing' ? 0 : p.amount).toBe(expected.get(p.contractId));
      if (!env.DATABASE_URL) await handle.close();

      // 3. The operator's command finishes the period: twice at once on PostgreSQL, one after the other on PGlite.
      const command = ['server/admin.ts', 'contracts', 'settle', 'salary', period];
      const runs = env.DATABASE_URL ? await Promise.all([run(command, env), run(command, env)]) : [await run(command, env), await run(command, env)];
      for (const r of runs) expect(r.code, r.err).toBe(0);
      expect(runs.map((r) => r.out).join('\n')).toMatch(/payout\(s\)/);

      if (!env.DATABASE_URL) handle = await open();
      const final = await state(handle.db);
      expect(final.payouts).toHaveLength(contractsCount);
      for (const p of final.payouts) {
        const amount = expected.get(p.contractId)!;
        expect(p).toMatchObject({ status: amount > 0 ? 'paid' : 'nothing', amount });
      }
      const paidTotal = [...expected.values()].reduce((sum, a) => sum + a, 0);
      expect(final.keys).toHaveLength([...expected.values()].filter((a) => a > 0).length);
      expect(await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: agentId })).toBe(agentFunds - paidTotal);
      expect(await ledgerInvariants(handle.db)).toEqual(intactLedger);
    } finally {
      await handle.close().catch(() => undefined);
      await database.close();
    }
  });
});
