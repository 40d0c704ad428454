/**
 * `npm run admin -- promotions ...`: parsing, and the commands on a PGlite
 * data directory (the CLI opens it directly when no server runs): create,
 * list, categories, applications, approve, reject and issue, with the money
 * checked after, and clear errors for unknown ids and decided applications.
 */
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { openDatabase } from '../../db/connect.ts';
import { promotionApplications } from '../../db/schema-promotions.ts';
import { demoReceiptPng } from '../../seed/seed-promotions.ts';
import { createTestDataDir } from '../../test/test-db.ts';
import { createMember } from '../../test/wallet-harness.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { applyForPromotion, joinPromotion } from './service.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

describe('promotions commands', () => {
  it('parses every command and refuses bad arguments', () => {
    expect(
      parseAdminArgs(['promotions', 'create', '--title', 'Reload', '--title-cn', '充值', '--content', '<p>x</p>', '--mode', 'apply', '--bonus', '88.00', '--category', '2', '--start', '2026-01-01', '--end', '2026-02-01']),
    ).toEqual({
      command: {
        kind: 'promotions.create',
        merchant: 'DEMO',
        title: 'Reload',
        titleCn: '充值',
        content: '<p>x</p>',
        mode: 'apply',
        bonus: '88.00',
        categoryId: 2,
        start: '2026-01-01',
        end: '2026-02-01',
      },
    });
    expect(parseAdminArgs(['promotions', 'list'])).toEqual({ command: { kind: 'promotions.list', merchant: 'DEMO' } });
    expect(parseAdminArgs(['promotions', 'categories'])).toEqual({ command: { kind: 'promotions.categories', merchant: 'DEMO' } });
    expect(parseAdminArgs(['promotions', 'applications', '--status', 'all'])).toEqual({
      command: { kind: 'promotions.applications', merchant: 'DEMO', status: 'all' },
    });
    expect(parseAdminArgs(['promotions', 'approve', '12'])).toEqual({ command: { kind: 'promotions.approve', merchant: 'DEMO', id: 12 } });
    expect(parseAdminArgs(['promotions', 'reject', '12', '--reason', 'Blurry'])).toEqual({
      command: { kind: 'promotions.reject', merchant: 'DEMO', id: 12, reason: 'Blurry' },
    });
    expect(parseAdminArgs(['promotions', 'issue', '3', '--merchant', 'ACME'])).toEqual({ command: { kind: 'promotions.issue', merchant: 'ACME', id: 3 } });
    for (const argv of [
      ['promotions'],
      ['promotions', 'nope'],
      ['promotions', 'create', '--title', 'x', '--content', 'y', '--mode', 'maybe', '--bonus', '1'],
      ['promotions', 'create', '--title', 'x', '--content', 'y', '--mode', 'join', '--bonus', '1,00'],
      ['promotions', 'create', '--title', 'x', '--content', 'y', '--mode', 'join', '--bonus', '1', '--end', '01/02/2026'],
      ['promotions', 'create', '--content', 'y', '--mode', 'join', '--bonus', '1'],
      ['promotions', 'approve'],
      ['promotions', 'approve', 'abc'],
      ['promotions', 'approve', '1', '2'],
      ['promotions', 'approve', '1', '--reason', 'x'],
      ['promotions', 'reject', '1'],
      ['promotions', 'issue', '0'],
      ['promotions', 'applications', '--status', 'approved'],
      ['promotions', 'list', '--title', 'x'],
      ['status', '--reason', 'x'],
    ]) {
      expect(parseAdminArgs(argv), argv.join(' ')).toHaveProperty('error');
    }
  });

  it('creates, lists, approves, rejects and issues on the database, paying through the ledger', async () => {
    const dataDir = await createTestDataDir('promotions-cli-');
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    const run = async (argv: string[]) => {
      const c = capture(env);
      const code = await runAdminCli(argv, c.io);
      return { code, out: c.out.join('\n'), err: c.err.join('\n') };
    };

    const categories = await run(['promotions', 'categories']);
    expect(categories.code).toBe(0);
    expect(categories.out).toContain('EN: Casino  CN: 娱乐场');
    const categoryId = Number(/#(\d+)/.exec(categories.out)?.[1]);

    const applyMode = await run(['promotions', 'create', '--title', 'CLI apply', '--title-cn', '命令行申请', '--content', '<p>Rules</p><script>x()</script>', '--mode', 'apply', '--bonus', '88.00', '--category', String(categoryId), '--start', '2026-01-01']);
    expect(applyMode.code, applyMode.err).toBe(0);
    expect(applyMode.out).toMatch(/OK: promotions.create\n#\d+ {2}apply {2}\s+88\.00 {2}2026-01-01 – no expiry {2}CLI apply/);
    const applyId = Number(/#(\d+)/.exec(applyMode.out)?.[1]);
    const joinMode = await run(['promotions', 'create', '--title', 'CLI join', '--content', '<p>Join</p>', '--mode', 'join', '--bonus', '25', '--start', '2026-01-01']);
    const joinId = Number(/#(\d+)/.exec(joinMode.out)?.[1]);
    expect((await run(['promotions', 'list'])).out).toContain('CLI join');
    expect(await run(['promotions', 'create', '--title', 'x', '--content', 'y', '--mode', 'join', '--bonus', '1', '--category', '999999'])).toMatchObject({ code: 1 });
    expect(await run(['promotions', 'create', '--title', 'x', '--content', 'y', '--mode', 'join', '--bonus', '1', '--start', '2026-02-30'])).toMatchObject({ code: 2 });

    // Two members apply, three join (the CLI has the data directory to itself between commands).
    const now = new Date();
    let handle = await openDatabase({ dataDir });
    const names = ['cliapplyone', 'cliapplytwo', 'clijoinone'];
    const made = [];
    for (const name of names) made.push(await createMember(handle.db, name));
    const [one, two, joiner] = made;
    if (!one || !two || !joiner) throw new Error('members');
    const actor = (member: typeof one) => ({ merchantCode: 'DEMO', languages: ['EN'], member });
    const image = { name: 'receipt.png', type: 'image/png' as const, data: demoReceiptPng };
    const first = (await applyForPromotion(handle.db, actor(one), { promotionId: applyId, comment: 'Mine', images: [image] }, now)).applicationId ?? 0;
    const second = (await applyForPromotion(handle.db, actor(two), { promotionId: applyId, comment: '', images: [] }, now)).applicationId ?? 0;
    await joinPromotion(handle.db, actor(joiner), { promotionId: joinId }, now);
    await handle.close();

    const pending = await run(['promotions', 'applications']);
    expect(pending.out).toContain(`#${first}  promotion #${applyId}  pending   cliapplyone`);
    expect(pending.out).toContain('comment: Mine');
    expect(pending.out).toMatch(new RegExp(`image 1: receipt.png \\(image/png, \\d+ bytes, sha256 [0-9a-f]{64}\\) /wps/promotions/applications/${first}/images/1`));
    expect(pending.out).not.toContain('clijoinone');

    expect(await run(['promotions', 'approve', String(first)])).toMatchObject({ code: 0, out: expect.stringContaining(`#${first}  promotion #${applyId}  approved`) });
    const rejected = await run(['promotions', 'reject', String(second), '--reason', 'No receipt']);
    expect(rejected.out).toContain('reason: No receipt');
    const decided = await run(['promotions', 'approve', String(second)]);
    expect(decided.code).toBe(1);
    expect(decided.err).toContain('already decided');
    expect((await run(['promotions', 'reject', '999999', '--reason', 'x'])).err).toContain('promotion.application.not.found');
    expect((await run(['promotions', 'issue', '999999'])).err).toContain('promotion.not.found');
    expect((await run(['promotions', 'issue', String(applyId)])).err).toContain('promotion.mode.invalid');
    // Only the seed's demo application of player1 is still pending.
    expect((await run(['promotions', 'applications'])).out).not.toContain('cliapply');
    expect((await run(['promotions', 'applications', '--status', 'all'])).out).toContain('joined');

    expect((await run(['promotions', 'issue', String(joinId)])).out).toBe('OK: promotions.issue\nIssued 1 bonus (25.00 in all); 0 issued before.');
    expect((await run(['promotions', 'issue', String(joinId)])).out).toBe('OK: promotions.issue\nIssued 0 bonuses (0.00 in all); 1 issued before.');

    handle = await openDatabase({ dataDir });
    try {
      expect(await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: joiner.id })).toBe(25_00);
      expect(await balanceOf(handle.db, 'DEMO', { kind: 'member', memberId: one.id })).toBe(0);
      const [approved] = await handle.db
        .select()
        .from(promotionApplications)
        .where(and(eq(promotionApplications.id, first), eq(promotionApplications.status, 'approved')));
      expect(approved?.reviewedAt).toBeInstanceOf(Date);
    } finally {
      await handle.close();
    }
  });
});
