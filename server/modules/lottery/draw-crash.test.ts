/**
 * A draw killed half-way: the real server (`node --import tsx
 * server/main.ts`) runs its draw job on a database holding an issue with
 * 60 members' orders (600 sub-orders, one winner per member), and is killed
 * with SIGKILL the moment it has locked the issue for its draw. What the
 * kill left is all or nothing (never some winners paid and others not);
 * restarted on the same database, the server draws the issue and pays each
 * winner exactly once, every balance is what the orders and the draw say,
 * and the ledger and the bets agree. It never skips: with DATABASE_URL it
 * runs on a fresh PostgreSQL database, without it on a PGlite data
 * directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema-catalogue.ts';
import { lotteryIssues, lotterySubOrders } from '../../db/schema-lottery.ts';
import { ledgerTransactions } from '../../db/schema-wallet.ts';
import { createProcessDatabase } from '../../test/test-db.ts';
import { createFundedMember, intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { betMismatches } from '../../test/wallet-model.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { placeOrder } from './orders.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the server; `onLine` sees every JSON log line. */
function startServer(env: NodeJS.ProcessEnv, onLine: (line: Record<string, unknown>, child: ChildProcess) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let partial = '';
  child.stdout?.on('data', (d) => {
    const lines = (partial + String(d)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        onLine(JSON.parse(line) as Record<string, unknown>, child);
      } catch {
        // not a JSON log line
      }
    }
  });
  return child;
}

function exitOf(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.signalCode ?? child.exitCode));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(signal ?? code))));
}

const members = 60;
/** The orders' time: long past, so the issue is due as soon as the server looks. */
const placedAt = new Date('2026-03-01T10:00:05Z');

describe('a draw killed half-way', () => {
  it('leaves all or nothing, and the restarted server pays each winner once', { timeout: 240_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      STATIC_DIR: path.join(root, 'no-static-dir'),
      LOG_LEVEL: 'debug',
      LOTTERY_DRAW_EVERY_MS: '300',
      SETTLEMENT_EVERY_MS: '0',
      PLAY_RECOVERY_EVERY_MS: '0',
    };
    delete env.NODE_OPTIONS;
    const database = await createProcessDatabase('lottery-crash-', env);
    try {
      // 1. The orders: each member bets 1.00 on every digit of ball 1 (exactly one wins 9.70).
      let handle = await database.open();
      const [game] = await handle.db
        .select({ gameCode: games.gameCode })
        .from(games)
        .where(and(eq(games.merchantCode, 'DEMO'), eq(games.displayName, '1-Minute Lotto')));
      const gameCode = game!.gameCode;
      const ids: number[] = [];
      let issueNo = '';
      for (let i = 0; i < members; i++) {
        const member = await createFundedMember(handle.db, `crashlotto${i}`);
        ids.push(member.id);
        const bets = Array.from({ length: 10 }, (_, d) => ({ betType: 'position' as const, pick: `1:${d}`, stake: 1_00 }));
        const { order } = await placeOrder(
          handle.db,
          member,
          { gameCode, issueNo: '20260301-0601', prizeMode: 'ELOTT', playType: 'ent', bets },
          placedAt,
        );
        issueNo = order.issueNo;
      }
      const afterOrders = await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: ids[0]! });
      await handle.close();

      // 2. The server locks the issue for its draw: killed at once.
      let killedAtLock = false;
      const first = startServer(env, (line, child) => {
        if (!killedAtLock && line.msg === 'lottery issue locked for its draw' && line.gameCode === gameCode && line.issueNo === issueNo) {
          killedAtLock = true;
          child.kill('SIGKILL');
        }
      });
      expect(await exitOf(first)).toBe('SIGKILL');
      expect(killedAtLock).toBe(true);

      handle = await database.open();
      const stateOf = async () => {
        const [issue] = await handle.db
          .select()
          .from(lotteryIssues)
          .where(and(eq(lotteryIssues.gameCode, gameCode), eq(lotteryIssues.issueNo, issueNo)));
        const subs = await handle.db.select({ status: lotterySubOrders.status, n: sql<number>`count(*)::int` }).from(lotterySubOrders).where(eq(lotterySubOrders.issueId, issue!.id)).groupBy(lotterySubOrders.status);
        const [wins] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, 'lottery.win:%'));
        return { status: issue!.status, subs: Object.fromEntries(subs.map((s) => [s.status, s.n])), wins: wins!.n };
      };
      const afterKill = await stateOf();
      // All or nothing.
      expect([
        JSON.stringify({ status: 'open', subs: { open: members * 10 }, wins: 0 }),
        JSON.stringify({ status: 'drawn', subs: { lost: members * 9, won: members }, wins: members }),
      ]).toContain(JSON.stringify({ ...afterKill, subs: Object.fromEntries(Object.entries(afterKill.subs).sort()) }));
      expect(await ledgerInvariants(handle.db)).toEqual(intactLedger);
      console.info(`draw-crash: the kill left the issue ${afterKill.status}`);
      await handle.close();

      // 3. Restarted, the server draws it once.
      let drawn = afterKill.status === 'drawn';
      const second = startServer(env, (line, child) => {
        if (line.msg === 'lottery issue drawn' && line.gameCode === gameCode && line.issueNo === issueNo) {
          drawn = true;
          child.kill('SIGTERM');
        }
      });
      if (drawn) second.kill('SIGTERM');
      await exitOf(second);
      expect(drawn).toBe(true);

      handle = await database.open();
      try {
        expect(await stateOf()).toEqual({ status: 'drawn', subs: { lost: members * 9, won: members }, wins: members });
        for (const id of ids) expect(await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: id })).toBe(afterOrders + 9_70);
        expect(await ledgerInvariants(handle.db)).toEqual(intactLedger);
        expect(await betMismatches(handle.db)).toBe(0);
      } finally {
        await handle.close();
      }
    } finally {
      await database.close();
    }
  });
});
