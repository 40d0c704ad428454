/**
 * Crash recovery: the real server (`node --import tsx server/main.ts`) as a
 * child process under a load of deposits (created and paid on the gateway's
 * hosted page), withdrawals and game rounds (`POST /play/<token>/round`: a
 * bet and a settlement through the signed seamless wallet), killed with
 * SIGKILL in the middle of it (the moment a round's settlement arrives, so
 * a round is left open), restarted on the same database, and
 * checked: every deposit, withdrawal and round the server acknowledged is
 * there, every deposit is credited at most once (re-sending the gateway
 * notification completes the interrupted ones exactly once), the recovery
 * sweep rolls back the rounds the kill left open (exactly once), no bet stays
 * open, every bet matches its ledger transactions and the ledger invariants
 * hold. It never skips: with DATABASE_URL it runs on a fresh PostgreSQL
 * database, without it on a PGlite data directory, the same way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../../contract/sealed.ts';
import { gameListEndpoint } from '../../../contract/games.ts';
import { launchGameEndpoint } from '../../../contract/member-games.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import {
  addBankCardEndpoint,
  betRecordsEndpoint,
  createDepositEndpoint,
  createWithdrawalEndpoint,
  setWithdrawalPasswordEndpoint,
  walletEndpoint,
} from '../../../contract/wallet.ts';
import { createContractClient } from '../../test/contract-client.ts';
import { members } from '../../db/schema.ts';
import { bets, deposits, ledgerTransactions, withdrawals } from '../../db/schema-wallet.ts';
import { playRounds } from '../../db/schema-play.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createProcessDatabase } from '../../test/test-db.ts';
import { intactLedger, ledgerInvariants } from '../../test/wallet-harness.ts';
import { betMismatches } from '../../test/wallet-model.ts';
import { balanceOf } from './ledger.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Calls `onLine` with every JSON log line of the server. */
function startServer(env: NodeJS.ProcessEnv, onLine?: (line: Record<string, unknown>) => void): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  let partial = '';
  if (onLine) {
    child.stdout?.on('data', (d) => {
      const lines = (partial + String(d)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        try {
          onLine(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a JSON log line
        }
      }
    });
  }
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

/**
 * Something the test waits for: `until` resolves once `condition` holds
 * (checked again at every `changed()`), or with false at the deadline.
 */
function progress() {
  const waiters = new Set<() => void>();
  return {
    changed() {
      for (const wake of waiters) wake();
    },
    async until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return true;
    },
  };
}

function exitOf(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.signalCode ?? child.exitCode));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(signal ?? code))));
}

async function signIn(baseUrl: string) {
  let token: string | null = null;
  const call = createContractClient({ baseURL: baseUrl, headers: () => ({ merchant: 'DEMO', token, language: 'EN' }) });
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
    // Rounds pending for 2 s are taken as interrupted; the sweep runs every 0.5 s.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      STATIC_DIR: path.join(root, 'no-static-dir'),
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      PLAY_RECOVERY_AFTER_MS: '2000',
      PLAY_RECOVERY_EVERY_MS: '500',
    };
    delete env.NODE_OPTIONS;
    const database = await createProcessDatabase('wallet-crash-', env);
    const open = database.open;

    try {
      // 1. Load: deposits paid on the hosted page, withdrawals and game rounds, in parallel, then SIGKILL.
      // The kill comes, once enough else was acknowledged, the moment the settlement (credit) of a round
      // arrives at the server: its bet is placed and the round not yet settled. The server may still finish
      // that settlement before this process has read the log line and killed it (a busy machine); the kill
      // then left no round open, so the server starts again on the same database, under the same load, and is
      // killed again, up to `kills` times. Everything every run acknowledged must survive every kill.
      const kills = 5;
      const ackedDeposits = new Map<string, { payUrl: string; paidAck: boolean }>();
      const ackedWithdrawals = new Set<string>();
      const ackedRounds = new Map<string, { stake: number; win: number }>();
      const paidCount = () => [...ackedDeposits.values()].filter((d) => d.paidAck).length;
      let opening = 0;
      let cardId = 0;
      let n = 0;
      let pendingAtKill: string[] = [];
      for (let kill = 1; kill <= kills && pendingAtKill.length === 0; kill++) {
        let armed = false;
        let killedAtCredit = false;
        const load = progress();
        const server = await startServer(env, (line) => {
          const req = line.req as { url?: string } | undefined;
          if (armed && !killedAtCredit && line.msg === 'incoming request' && req?.url === '/lgw/wallet/credit') {
            killedAtCredit = true;
            server.child.kill('SIGKILL');
            load.changed();
          }
        });
        const call = await signIn(server.baseUrl);
        if (kill === 1) {
          opening = (await call(walletEndpoint, {})).sumBalance;
          cardId = (await call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Player One', accountNumber: '11112222' } })).id;
          await call(setWithdrawalPasswordEndpoint, { body: { newPassword: '246810', confirmPassword: '246810' } });
        }

        let stop = false;
        const depositLoop = async () => {
          while (!stop) {
            const order = await call(createDepositEndpoint, { body: { channelCode: 'EWALLET', amount: 100_00, idempotencyKey: `crash-dep-${n++}` } });
            ackedDeposits.set(order.orderNo, { payUrl: order.payUrl ?? '', paidAck: false });
            const paid = await payOnPage(server.baseUrl, order.payUrl ?? '', 'confirm');
            ackedDeposits.set(order.orderNo, { payUrl: order.payUrl ?? '', paidAck: paid });
            load.changed();
          }
        };
        const withdrawLoop = async () => {
          while (!stop) {
            const w = await call(createWithdrawalEndpoint, {
              body: { bankCardId: cardId, amount: 100_00, withdrawalPassword: '246810', idempotencyKey: `crash-wd-${n++}` },
            });
            ackedWithdrawals.add(w.orderNo);
            load.changed();
          }
        };
        // Game rounds on an in-house game and a vendor sandbox game, each with its round key.
        const games = (await call(gameListEndpoint, { query: { gameType: 'RNG', pageNo: 1, pageSize: 100 } as never })).games.filter((g) => g.nodeId);
        // Diamonds: an in-house game played with the stake alone.
        const slot = (await call(gameListEndpoint, { query: { gameType: 'RNG', gameName: 'Diamonds', pageNo: 1, pageSize: 10 } as never })).games.find(
          (g) => g.vassalage === 'BGS' && g.gameName === 'Diamonds',
        )!;
        const sandbox = games.find((g) => g.vassalage !== 'BGS')!;
        const roundLoop = async (gameId: number, stake: number) => {
          const { url } = await call(launchGameEndpoint, { body: { gameId } });
          // Opening the page exchanges the launch URL for the page's session cookie, which the rounds need.
          const page = await fetch(`${server.baseUrl}${url}`);
          const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
          while (!stop) {
            const res = await fetch(`${server.baseUrl}${url}/round`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ stake, roundKey: randomUUID() }),
            });
            const json = (await res.json()) as { success: boolean; value?: { round: { roundId: string; stake: number; win: number } } };
            if (json.success && json.value) ackedRounds.set(json.value.round.roundId, { stake: json.value.round.stake, win: json.value.round.win });
            load.changed();
          }
        };
        const loops = [
          depositLoop(),
          depositLoop(),
          withdrawLoop(),
          roundLoop(slot.gameId, Math.max(slot.minBet, 100)),
          roundLoop(sandbox.gameId, Math.max(sandbox.minBet, 100)),
          roundLoop(slot.gameId, Math.max(slot.minBet, 200)),
        ].map((p) => p.catch(() => undefined));
        // Kill in the middle of the load: once this run acknowledged some of each (however slow the machine), as a settlement arrives.
        const before = { paid: paidCount(), withdrawals: ackedWithdrawals.size, rounds: ackedRounds.size };
        await load.until(
          () => paidCount() >= before.paid + 5 && ackedWithdrawals.size >= before.withdrawals + 3 && ackedRounds.size >= before.rounds + 5,
          60_000,
        );
        armed = true;
        if (!(await load.until(() => killedAtCredit, 10_000))) server.child.kill('SIGKILL');
        expect(await exitOf(server.child)).toBe('SIGKILL');
        stop = true;
        await Promise.all(loops);
        expect(paidCount()).toBeGreaterThanOrEqual(before.paid + 5);
        expect(ackedWithdrawals.size).toBeGreaterThanOrEqual(before.withdrawals + 3);
        expect(ackedRounds.size).toBeGreaterThanOrEqual(before.rounds + 5);

        // What the kill left: rounds pending (their bet possibly open), and a ledger that balances.
        const killed = await open();
        try {
          pendingAtKill = (await killed.db.select({ id: playRounds.id }).from(playRounds).where(eq(playRounds.status, 'pending'))).map((r) => r.id);
          const openAtKill = (await killed.db.select({ id: bets.id }).from(bets).where(eq(bets.status, 'open'))).length;
          expect(await ledgerInvariants(killed.db)).toEqual(intactLedger);
          console.info(
            `crash-recovery: kill ${kill}: ${ackedRounds.size} rounds acknowledged in all; the kill left ${pendingAtKill.length} pending, ${openAtKill} bets open`,
          );
        } finally {
          await killed.close();
        }
      }
      // A kill came as a settlement arrived: that round at least had not finished.
      expect(pendingAtKill.length).toBeGreaterThan(0);

      // 2. Restart on the same database; finish the interrupted payments by re-sending their notifications;
      // the recovery sweep settles the rounds the kill left (wait until the server's log reports each recovered).
      const sweep = progress();
      let recovered = 0;
      const second = await startServer(env, (line) => {
        if (line.msg === 'open game rounds recovered') {
          recovered += Number(line.rolledBack) + Number(line.settled);
          sweep.changed();
        }
      });
      const again = await signIn(second.baseUrl);
      for (const [, d] of ackedDeposits) {
        if (d.payUrl) await payOnPage(second.baseUrl, d.payUrl, 'notify');
      }
      const openBets = async () => {
        const page = await again(betRecordsEndpoint, { query: { pageNo: 1, pageSize: 100 } as never });
        return page.list.filter((b) => b.status === 'open').length;
      };
      expect(await sweep.until(() => recovered >= pendingAtKill.length, 30_000), `${recovered} of ${pendingAtKill.length} rounds recovered`).toBe(true);
      expect(recovered).toBe(pendingAtKill.length);
      expect(await openBets()).toBe(0);
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

        // Game rounds: every acknowledged one settled as answered; the ones the kill left were recovered, each once.
        const playerBets = await db.select().from(bets).where(eq(bets.memberId, player.id));
        const betByRound = new Map(playerBets.map((b) => [b.roundId, b]));
        for (const [roundId, r] of ackedRounds) {
          expect(betByRound.get(roundId), roundId).toMatchObject({ status: 'settled', stake: r.stake, win: r.win });
        }
        expect(playerBets.filter((b) => b.status === 'open')).toEqual([]);
        expect(await db.select().from(playRounds).where(eq(playRounds.status, 'pending'))).toEqual([]);
        for (const id of pendingAtKill) {
          const [round] = await db.select().from(playRounds).where(eq(playRounds.id, id));
          expect(['void', 'settled'], id).toContain(round?.status);
          const bet = betByRound.get(id);
          if (round?.status === 'void') expect(bet === undefined || bet.status === 'rolled_back', id).toBe(true);
        }
        const rollbackKeys = await db
          .select({ key: ledgerTransactions.idempotencyKey })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.kind, 'rollback')));
        expect(rollbackKeys.length).toBe(playerBets.filter((b) => b.status === 'rolled_back').length);
        expect(await betMismatches(db)).toBe(0);
        const played = playerBets.reduce((s, b) => s + (b.status === 'settled' ? b.win - b.stake : 0), 0);

        const depositedIn = rows.filter((r) => r.status === 'completed').reduce((s, r) => s + r.amount + r.bonus, 0);
        const heldOut = ws.reduce((s, w) => s + w.amount, 0);
        const balance = await balanceOf(db, 'DEMO', { kind: 'member', memberId: player.id });
        expect(balance).toBe(opening + depositedIn - heldOut + played);
        expect(await balanceOf(db, 'DEMO', { kind: 'hold', memberId: player.id })).toBe(heldOut);
        expect(wallet.sumBalance).toBe(balance);
      } finally {
        await handle.close();
      }
    } finally {
      await database.close();
    }
  }, 180_000);
});
