/**
 * Crash recovery: the real server (`node --import tsx server/main.ts`) as a
 * child process under a load of deposits (created and paid on the gateway's
 * hosted page) and withdrawals, killed with SIGKILL in the middle of it,
 * restarted on the same database, and checked: every deposit and withdrawal
 * the server acknowledged is there, every deposit is credited at most once
 * (re-sending the gateway notification completes the interrupted ones exactly
 * once), and the ledger invariants hold. It never skips: with DATABASE_URL
 * it runs on a fresh PostgreSQL database, without it on a PGlite data
 * directory, the same way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { createSealer } from '../../../src/api/crypto.ts';
import { loginEndpoint } from '../../../src/api/session.ts';
import {
  addBankCardEndpoint,
  createDepositEndpoint,
  createWithdrawalEndpoint,
  setWithdrawalPasswordEndpoint,
  walletEndpoint,
} from '../../../src/api/wallet.ts';
import { openDatabase } from '../../db/connect.ts';
import { deposits, ledgerTransactions, members, withdrawals } from '../../db/schema.ts';
import { demoAccounts } from '../../db/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { balanceOf } from './ledger.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
    child.stderr?.on('data', (d) => {
      log += d;
    });
    child.stdout?.on('data', (d) => {
      log += d;
      const ready = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"server ready"/.exec(log);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, baseUrl: ready[1] as string });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${log}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.signalCode ?? child.exitCode));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(signal ?? code))));
}

async function signIn(baseUrl: string) {
  let token: string | null = null;
  const call = createApiClient({ baseURL: baseUrl, headers: () => ({ merchant: 'DEMO', token, language: 'EN' }), isOnline: () => true });
  const sealed = createSealer(call);
  const session = await sealed.call(loginEndpoint, {
    type: 'username',
    username: demoAccounts.player.username,
    password: demoAccounts.player.password,
  });
  token = session.token;
  return call;
}

/** Submits the hosted page's form; true when the page reports the platform acknowledged the callback. */
async function payOnPage(baseUrl: string, payUrl: string, verb: 'confirm' | 'notify'): Promise<boolean> {
  const url = new URL(payUrl, baseUrl);
  const res = await fetch(`${baseUrl}${url.pathname}/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `t=${encodeURIComponent(url.searchParams.get('t') ?? '')}`,
    redirect: 'manual',
  });
  return res.status === 303 && (res.headers.get('location') ?? '').includes('n=1');
}

describe('SIGKILL under load', () => {
  it('restarts with every acknowledged operation and every invariant intact', async () => {
    let testDb: TestDatabase | null = null;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', STATIC_DIR: path.join(root, 'no-static-dir'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000' };
    delete env.NODE_OPTIONS;
    if (process.env.DATABASE_URL) {
      testDb = await createTestDatabase();
      env.DATABASE_URL = testDb.databaseUrl;
    } else {
      delete env.DATABASE_URL;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-crash-'));
      dirs.push(dataDir);
      env.DATA_DIR = dataDir;
    }
    const open = () => (env.DATABASE_URL ? openDatabase({ databaseUrl: env.DATABASE_URL }) : openDatabase({ dataDir: env.DATA_DIR as string }));

    try {
      // 1. Load: deposits paid on the hosted page and withdrawals, in parallel, then SIGKILL.
      const first = await startServer(env);
      const call = await signIn(first.baseUrl);
      const opening = (await call(walletEndpoint, {})).sumBalance;
      const card = await call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '11112222' } });
      await call(setWithdrawalPasswordEndpoint, { body: { newPassword: '246810', confirmPassword: '246810' } });

      const ackedDeposits = new Map<string, { payUrl: string; paidAck: boolean }>();
      const ackedWithdrawals = new Set<string>();
      let stop = false;
      let n = 0;
      const depositLoop = async () => {
        while (!stop) {
          const order = await call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 100_00, idempotencyKey: `crash-dep-${n++}` } });
          ackedDeposits.set(order.orderNo, { payUrl: order.payUrl ?? '', paidAck: false });
          const paid = await payOnPage(first.baseUrl, order.payUrl ?? '', 'confirm');
          ackedDeposits.set(order.orderNo, { payUrl: order.payUrl ?? '', paidAck: paid });
        }
      };
      const withdrawLoop = async () => {
        while (!stop) {
          const w = await call(createWithdrawalEndpoint, {
            body: { bankCardId: card.id, amount: 100_00, withdrawalPassword: '246810', idempotencyKey: `crash-wd-${n++}` },
          });
          ackedWithdrawals.add(w.orderNo);
        }
      };
      const loops = [depositLoop(), depositLoop(), depositLoop(), withdrawLoop()].map((p) => p.catch(() => undefined));
      // Kill in the middle of the load: once some of each were acknowledged (however slow the machine), plus a moment.
      const paidCount = () => [...ackedDeposits.values()].filter((d) => d.paidAck).length;
      const loadDeadline = Date.now() + 60_000;
      while ((paidCount() < 5 || ackedWithdrawals.size < 3) && Date.now() < loadDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      first.child.kill('SIGKILL');
      expect(await exitOf(first.child)).toBe('SIGKILL');
      stop = true;
      await Promise.all(loops);
      expect(paidCount()).toBeGreaterThanOrEqual(5);
      expect(ackedWithdrawals.size).toBeGreaterThanOrEqual(3);

      // 2. Restart on the same database; finish the interrupted payments by re-sending their notifications.
      const second = await startServer(env);
      const again = await signIn(second.baseUrl);
      for (const [, d] of ackedDeposits) {
        if (d.payUrl) await payOnPage(second.baseUrl, d.payUrl, 'notify');
      }
      const wallet = await again(walletEndpoint, {});
      second.child.kill('SIGTERM');
      expect(await exitOf(second.child)).toBe('0');

      // 3. Invariants, read from the database itself.
      const handle = await open();
      try {
        const db = handle.db;
        expect(await ledgerInvariants(db)).toEqual(intactLedger);
        const [player] = await db.select().from(members).where(eq(members.username, demoAccounts.player.username));
        if (!player) throw new Error('no player1');
        const rows = await db.select().from(deposits).where(eq(deposits.memberId, player.id));
        const byNo = new Map(rows.map((r) => [r.orderNo, r]));
        for (const [orderNo, d] of ackedDeposits) {
          const row = byNo.get(orderNo);
          expect(row, orderNo).toBeDefined();
          if (d.paidAck) expect(row?.status, orderNo).toBe('completed');
        }
        // Each completed deposit has exactly one credit; no other deposit has any.
        const credits = await db
          .select({ key: ledgerTransactions.idempotencyKey })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.kind, 'deposit')));
        const credited = new Set(credits.map((c) => c.key));
        expect(credited.size).toBe(credits.length);
        for (const row of rows) expect(credited.has(`deposit:${row.orderNo}`), row.orderNo).toBe(row.status === 'completed');
        const ws = await db.select().from(withdrawals).where(eq(withdrawals.memberId, player.id));
        for (const orderNo of ackedWithdrawals) expect(ws.some((w) => w.orderNo === orderNo), orderNo).toBe(true);
        const [holds] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.kind, 'withdraw.hold')));
        expect(holds?.n).toBe(ws.length);

        const depositedIn = rows.filter((r) => r.status === 'completed').reduce((s, r) => s + r.amount + r.bonus, 0);
        const heldOut = ws.reduce((s, w) => s + w.amount, 0);
        const balance = await balanceOf(db, 'DEMO', { kind: 'member', memberId: player.id });
        expect(balance).toBe(opening + depositedIn - heldOut);
        expect(await balanceOf(db, 'DEMO', { kind: 'hold', memberId: player.id })).toBe(heldOut);
        expect(wallet.sumBalance).toBe(balance);
      } finally {
        await handle.close();
      }
    } finally {
      await testDb?.close();
    }
  }, 180_000);
});
