/**
 * `npm run admin -- withdrawals list|approve|reject` and `bets recover`:
 * parsing, and the whole command on a PGlite data directory (the CLI opens it
 * directly when no server runs), with the money checked before and after.
 */
import { rmSync } from 'node:fs';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { openDatabase } from '../../db/connect.ts';
import { buildApp } from '../../app.ts';
import { members } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { bankCards, bets } from '../../db/schema-wallet.ts';
import { playRounds } from '../../db/schema-play.ts';
import { launchGame } from '../games/game-sessions.ts';
import { demoMallBonusPaid } from '../../seed/seed-loyalty.ts';
import { demoPromotionBonusesPaid } from '../../seed/seed-promotions.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { createTestDataDir } from '../../test/test-db.ts';
import { createWalletKit } from '../../test/wallet-model.ts';
import { balanceOf } from './ledger.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

describe('withdrawals commands', () => {
  it('parses list, approve and reject', () => {
    expect(parseAdminArgs(['withdrawals', 'list'])).toEqual({ command: { kind: 'withdrawals.list', merchant: 'DEMO', status: 'pending' } });
    expect(parseAdminArgs(['withdrawals', 'list', '--status', 'all'])).toEqual({
      command: { kind: 'withdrawals.list', merchant: 'DEMO', status: 'all' },
    });
    expect(parseAdminArgs(['withdrawals', 'approve', 'W20260101ABC'])).toEqual({
      command: { kind: 'withdrawals.approve', merchant: 'DEMO', id: 'W20260101ABC' },
    });
    expect(parseAdminArgs(['withdrawals', 'reject', '12', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'withdrawals.reject', merchant: 'ACME', id: '12' },
    });
    for (const argv of [
      ['withdrawals'],
      ['withdrawals', 'approve'],
      ['withdrawals', 'approve', 'a;b'],
      ['withdrawals', 'approve', '1', '2'],
      ['withdrawals', 'list', '--status', 'maybe'],
      ['status', '--status', 'all'],
    ]) {
      expect(parseAdminArgs(argv), argv.join(' ')).toHaveProperty('error');
    }
  });

  it('lists, approves and rejects withdrawals on the database', async () => {
    const dataDir = await createTestDataDir('wallet-cli-');
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir });
    const [player] = await handle.db.select().from(members).where(eq(members.username, 'player1'));
    if (!player) throw new Error('no player1');
    const kit = createWalletKit(handle.db);
    const { ctx } = await kit.newMember('clipayee');
    const playerCtx = { ...ctx, member: player };
    const [card] = await handle.db
      .insert(bankCards)
      .values({ merchantCode: 'DEMO', memberId: player.id, bankName: 'BPI', accountName: 'Player One', accountNumber: '87654321', createdAt: new Date() })
      .returning();
    const cardId = card?.id ?? 0;
    const first = await kit.service.createWithdrawal(playerCtx, { bankCardId: cardId, amount: 1_000_00, withdrawalPassword: 'x', idempotencyKey: 'cli-first' });
    const second = await kit.service.createWithdrawal(playerCtx, { bankCardId: cardId, amount: 2_000_00, withdrawalPassword: 'x', idempotencyKey: 'cli-second' });
    await handle.close();

    const env = { DATA_DIR: dataDir };
    const list = capture(env);
    expect(await runAdminCli(['withdrawals', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toContain(first.orderNo);
    expect(list.out.join('\n')).toContain('player1');
    expect(list.out.join('\n')).toContain('1,000.00');

    const approve = capture(env);
    expect(await runAdminCli(['withdrawals', 'approve', first.orderNo], approve.io)).toBe(0);
    expect(approve.out.join('\n')).toMatch(/approved/);
    const reject = capture(env);
    expect(await runAdminCli(['withdrawals', 'reject', second.orderNo], reject.io)).toBe(0);
    const again = capture(env);
    expect(await runAdminCli(['withdrawals', 'approve', second.orderNo], again.io)).toBe(1);
    expect(again.err.join('\n')).toContain('withdraw.decided');
    const missing = capture(env);
    expect(await runAdminCli(['withdrawals', 'approve', 'W0'], missing.io)).toBe(1);
    expect(missing.err.join('\n')).toContain('withdraw.not.found');
    const pending = capture(env);
    expect(await runAdminCli(['withdrawals', 'list'], pending.io)).toBe(0);
    expect(pending.out.join('\n')).toBe('(no withdrawals)');

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await balanceOf(reopened.db, 'DEMO', { kind: 'member', memberId: player.id })).toBe(demoOpeningBalance + demoPromotionBonusesPaid + demoMallBonusPaid - 1_000_00);
      expect(await balanceOf(reopened.db, 'DEMO', { kind: 'hold', memberId: player.id })).toBe(0);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});

describe('bets recover', () => {
  it('parses', () => {
    expect(parseAdminArgs(['bets', 'recover'])).toEqual({ command: { kind: 'bets.recover', merchant: 'DEMO' } });
    expect(parseAdminArgs(['bets', 'recover', '--older-than', '0', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'bets.recover', merchant: 'ACME', olderThanMs: 0 },
    });
    for (const argv of [['bets'], ['bets', 'recover', 'x'], ['bets', 'recover', '--older-than', '-1'], ['bets', 'recover', '--older-than', '1.5'], ['status', '--older-than', '5']]) {
      expect(parseAdminArgs(argv), argv.join(' ')).toHaveProperty('error');
    }
  });

  it('rolls back a game round left open (stake taken, never settled), once', async () => {
    const dataDir = await createTestDataDir('bets-cli-');
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir });
    let roundId = '';
    let before = 0;
    let playerId = 0;
    try {
      const [player] = await handle.db.select().from(members).where(eq(members.username, 'player1'));
      playerId = player!.id;
      before = await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: playerId });
      const [game] = await handle.db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.merchantCode, 'DEMO'), eq(games.vassalage, 'BGS'), eq(games.gameName, 'Diamonds'), isNotNull(games.nodeId)));
      // A server whose settlement and rollback fail: the round keeps the stake and stays open.
      const app = await buildApp({ db: handle.db, rateLimitPerMinute: 100_000, play: { recoverEveryMs: 0 } });
      app.addHook('onRequest', async (request, reply) => {
        if (request.url === '/lgw/wallet/credit' || request.url === '/lgw/wallet/rollback') {
          return reply.code(500).send({ success: false, errorCode: 'system.error', message: 'injected fault' });
        }
      });
      try {
        const { url } = await launchGame(handle.db, { memberId: playerId, merchantCode: 'DEMO' }, { gameId: game!.id }, new Date());
        // The page's first open gives the cookie its rounds need.
        const cookie = String((await app.inject({ method: 'GET', url })).headers['set-cookie']).split(';')[0]!;
        const res = await app.inject({ method: 'POST', url: `${url}/round`, payload: { stake: 500, roundKey: 'admin-recover-1' }, headers: { cookie } });
        expect(res.statusCode).toBe(503);
      } finally {
        await app.close();
      }
      const [open] = await handle.db.select().from(playRounds).where(eq(playRounds.status, 'pending'));
      roundId = open!.id;
      expect(await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: playerId })).toBe(before - 500);
    } finally {
      await handle.close();
    }

    const env = { DATA_DIR: dataDir };
    const recover = capture(env);
    expect(await runAdminCli(['bets', 'recover', '--older-than', '0'], recover.io)).toBe(0);
    expect(recover.out.join('\n')).toMatch(/older than 0 s: 1\n\s+rolled back \(stake returned, or no bet was placed\): 1/);
    const again = capture(env);
    expect(await runAdminCli(['bets', 'recover', '--older-than', '0'], again.io)).toBe(0);
    expect(again.out.join('\n')).toContain('older than 0 s: 0');

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await balanceOf(reopened.db, 'DEMO', { kind: 'member', memberId: playerId })).toBe(before);
      expect(await reopened.db.select({ status: bets.status }).from(bets).where(eq(bets.roundId, roundId))).toEqual([{ status: 'rolled_back' }]);
      expect(await reopened.db.select({ status: playRounds.status }).from(playRounds).where(eq(playRounds.id, roundId))).toEqual([{ status: 'void' }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
