/**
 * `npm run admin -- withdrawals list|approve|reject`: parsing, and the whole
 * command on a PGlite data directory (the CLI opens it directly when no
 * server runs), with the money checked before and after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { openDatabase } from '../../db/connect.ts';
import { bankCards, members } from '../../db/schema.ts';
import { seedIfEmpty } from '../../db/seed.ts';
import { demoOpeningBalance } from '../../db/seed-wallet.ts';
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-cli-'));
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await seedIfEmpty(handle.db);
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
      expect(await balanceOf(reopened.db, 'DEMO', { kind: 'member', memberId: player.id })).toBe(demoOpeningBalance - 1_000_00);
      expect(await balanceOf(reopened.db, 'DEMO', { kind: 'hold', memberId: player.id })).toBe(0);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
