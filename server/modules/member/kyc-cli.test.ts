/**
 * `npm run admin -- kyc ...`: parsing (what each command takes and refuses,
 * and that the commands survive the trip to a running server's admin
 * listener as JSON, the images of `kyc export` too), and the commands on a
 * PGlite data directory (the CLI opens it directly when no server runs):
 * list the checks, approve and reject only a pending one, export the images
 * into a directory, with clear errors and exit codes.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { adminCommandPath, adminSecretHeader, buildAdminListener } from '../../admin/admin-listener.ts';
import { adminCommandSchema } from '../../admin/commands.ts';
import { openDatabase } from '../../db/connect.ts';
import { memberKyc, merchants } from '../../db/schema.ts';
import { demoKycBack, demoKycFront } from '../../seed/seed-kyc.ts';
import { createTestDatabase, createTestDataDir } from '../../test/test-db.ts';
import { createMember } from '../../test/wallet-harness.ts';
import { type KycAdminView, writeKycExport } from './kyc-admin-commands.ts';
import { submitKyc } from './kyc.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

/** The start of a JPEG (SOI, APP0 JFIF) and a few bytes. */
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.from([0x00, 0x01, 0x02]), Buffer.from('ffd9', 'hex')]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** When the pending checks were sent: 10 days and 9 days 23:55 before now (before the seeded check of player1, 3 days before). */
const firstSent = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 86_400_000);
const secondSent = new Date(firstSent.getTime() + 5 * 60_000);
/** A time as the CLI prints it. */
const shown = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

describe('parsing', () => {
  it('reads the kyc commands', () => {
    expect(parseAdminArgs(['kyc', 'list'])).toEqual({ command: { kind: 'kyc.list', merchant: 'DEMO' } });
    expect(parseAdminArgs(['kyc', 'list', '--status', 'pending', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'kyc.list', merchant: 'ACME', status: 'pending' },
    });
    expect(parseAdminArgs(['kyc', 'approve', 'player1'])).toEqual({ command: { kind: 'kyc.approve', merchant: 'DEMO', username: 'player1' } });
    expect(parseAdminArgs(['kyc', 'reject', 'player1', '  The photo is blurred  '])).toEqual({
      command: { kind: 'kyc.reject', merchant: 'DEMO', username: 'player1', reason: 'The photo is blurred' },
    });
    // An unquoted reason: its words.
    expect(parseAdminArgs(['kyc', 'reject', 'player1', 'Wrong', 'document'])).toEqual({
      command: { kind: 'kyc.reject', merchant: 'DEMO', username: 'player1', reason: 'Wrong document' },
    });
    expect(parseAdminArgs(['kyc', 'export', 'player1', './ids'])).toEqual({ command: { kind: 'kyc.export', merchant: 'DEMO', username: 'player1', dir: './ids' } });
  });

  it('refuses bad arguments with a reason', () => {
    const refused: [string[], string][] = [
      [['kyc'], 'kyc needs a command (list, approve, reject, export)'],
      [['kyc', 'delete', 'player1'], 'Unknown command "kyc delete"'],
      [['kyc', 'list', 'extra'], 'Unexpected argument extra'],
      [['kyc', 'list', '--status', 'all'], 'Invalid status "all" (pending, approved, rejected)'],
      [['kyc', 'approve', 'player1', '--status', 'pending'], '--status applies to "kyc list" only'],
      [['kyc', 'list', '--to', 'x'], 'Unknown option for "kyc"'],
      [['kyc', 'list', '--title', 'x'], 'Unknown option for "kyc"'],
      [['kyc', 'approve'], "kyc approve needs a member's username"],
      [['kyc', 'approve', '1bad'], "kyc approve needs a member's username"],
      [['kyc', 'approve', 'player1', 'player2'], 'Unexpected argument player2'],
      [['kyc', 'reject', 'player1'], "kyc reject needs a member's username and the reason"],
      [['kyc', 'reject', 'player1', '   '], "kyc reject needs a member's username and the reason"],
      [['kyc', 'reject', 'player1', 'x'.repeat(201)], 'The reason must be plain text of 1 to 200 characters'],
      [['kyc', 'reject', 'player1', '<b>Blurred</b>'], 'The reason must be plain text of 1 to 200 characters'],
      [['kyc', 'reject', 'player1', 'line\u0007bell'], 'The reason must be plain text of 1 to 200 characters'],
      [['kyc', 'export', 'player1'], "kyc export needs a member's username and a directory"],
      [['kyc', 'export', 'player1', './a', './b'], 'Unexpected argument ./b'],
    ];
    for (const [argv, error] of refused) {
      const parsed = parseAdminArgs(argv);
      expect(parsed, argv.join(' ')).toHaveProperty('error');
      expect((parsed as { error: string }).error, argv.join(' ')).toContain(error);
    }
    expect(parseAdminArgs(['kyc', 'reject', 'player1', 'x'.repeat(200)])).toHaveProperty('command');
  });

  it('refuses bad input with exit code 2 and the usage', async () => {
    for (const argv of [['kyc'], ['kyc', 'approve'], ['kyc', 'reject', 'player1']]) {
      const c = capture({ DATA_DIR: '/nonexistent/never-opened' });
      expect(await runAdminCli(argv, c.io), argv.join(' ')).toBe(2);
      expect(c.err.join('\n')).toContain('kyc reject <username> "<reason>"');
    }
  });

  it('sends commands a running server accepts (the admin listener reads them as JSON)', () => {
    for (const argv of [
      ['kyc', 'list'],
      ['kyc', 'list', '--status', 'rejected'],
      ['kyc', 'approve', 'player1'],
      ['kyc', 'reject', 'player1', 'Blurred photo'],
      ['kyc', 'export', 'player1', '/tmp/ids'],
    ]) {
      const parsed = parseAdminArgs(argv) as { command: unknown };
      expect(adminCommandSchema.safeParse(JSON.parse(JSON.stringify(parsed.command))).success, argv.join(' ')).toBe(true);
    }
    expect(adminCommandSchema.safeParse({ kind: 'kyc.reject', merchant: 'DEMO', username: 'player1', reason: '' }).success).toBe(false);
    expect(adminCommandSchema.safeParse({ kind: 'kyc.reject', merchant: 'DEMO', username: 'player1', reason: '<script>' }).success).toBe(false);
    expect(adminCommandSchema.safeParse({ kind: 'kyc.list', merchant: 'DEMO', status: 'none' }).success).toBe(false);
  });
});

describe('on the database', () => {
  let dataDir: string;
  const run = async (...argv: string[]) => {
    const c = capture({ DATA_DIR: dataDir });
    const code = await runAdminCli(argv, c.io);
    return { code, out: c.out.join('\n'), err: c.err.join('\n') };
  };

  /** Two members with a pending check each (pend1: jpeg front and png back), sent 5 minutes apart. */
  beforeAll(async () => {
    dataDir = await createTestDataDir('kyc-cli-');
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir });
    try {
      const [merchant] = await handle.db.select().from(merchants).where(eq(merchants.code, 'DEMO'));
      const first = await createMember(handle.db, 'pend1');
      const second = await createMember(handle.db, 'pend2');
      await createMember(handle.db, 'nocheck1');
      await submitKyc(handle.db, first, merchant!, { front: dataUrl('image/jpeg', jpeg), back: dataUrl('image/png', demoKycBack) }, firstSent);
      await submitKyc(handle.db, second, merchant!, { front: dataUrl('image/png', demoKycFront), back: dataUrl('image/png', demoKycFront) }, secondSent);
    } finally {
      await handle.close();
    }
  });

  it('lists the checks, oldest sent first, all or of one status', async () => {
    const all = await run('kyc', 'list');
    expect(all.code, all.err).toBe(0);
    const lines = all.out.split('\n').map((line) => line.replace(/\s+/g, ' '));
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2)).toEqual([`pend1 pending submitted ${shown(firstSent)} reviewed -`, `pend2 pending submitted ${shown(secondSent)} reviewed -`]);
    expect(lines[2]).toMatch(/^player1 approved submitted \d{4}-\d\d-\d\d \d\d:\d\d UTC reviewed \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const pending = await run('kyc', 'list', '--status', 'pending');
    expect(pending.out.split('\n').map((line) => line.split(/\s+/)[0])).toEqual(['pend1', 'pend2']);
    expect((await run('kyc', 'list', '--status', 'rejected')).out).toBe('(no identity checks)');
    const unknown = await run('kyc', 'list', '--merchant', 'NOPE');
    expect([unknown.code, unknown.err]).toEqual([1, 'Unknown merchant NOPE. (merchant.unknown)']);
  });

  it('approves and rejects a pending check only, with clear errors', async () => {
    const approved = await run('kyc', 'approve', 'PEND1');
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toMatch(new RegExp(`^OK: kyc\\.approve\\npend1\\s+approved\\s+submitted ${shown(firstSent)}\\s+reviewed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`));
    const again = await run('kyc', 'approve', 'pend1');
    expect([again.code, again.err]).toEqual([
      1,
      'The identity check of pend1 is approved, not pending: only a pending check can be approved or rejected. (request.invalid)',
    ]);
    expect((await run('kyc', 'reject', 'pend1', 'Too late')).code).toBe(1);

    const rejected = await run('kyc', 'reject', 'pend2', 'The photo is blurred, please send a sharper one.');
    expect(rejected.code, rejected.err).toBe(0);
    expect(rejected.out).toMatch(/pend2\s+rejected\s+.*reason: The photo is blurred, please send a sharper one\.$/);
    expect((await run('kyc', 'approve', 'pend2')).code).toBe(1);

    const noCheck = await run('kyc', 'approve', 'nocheck1');
    expect([noCheck.code, noCheck.err]).toEqual([1, 'nocheck1 has not sent an identity check. (request.not.found)']);
    const nobody = await run('kyc', 'reject', 'nobody99', 'x');
    expect([nobody.code, nobody.err]).toEqual([1, 'No member "nobody99". (member.not.found)']);

    expect((await run('kyc', 'list', '--status', 'rejected')).out).toMatch(/^pend2\s+rejected/);
    const handle = await openDatabase({ dataDir });
    try {
      const rows = await handle.db.select({ status: memberKyc.status, reason: memberKyc.reason }).from(memberKyc);
      expect(rows.map((r) => r.status).sort()).toEqual(['approved', 'approved', 'rejected']);
      expect(rows.find((r) => r.status === 'rejected')?.reason).toBe('The photo is blurred, please send a sharper one.');
    } finally {
      await handle.close();
    }
  });

  it('exports the images into a directory (made when missing), named by username, side and type', async () => {
    const target = path.join(tempDir('kyc-export-'), 'ids');
    const exported = await run('kyc', 'export', 'player1', target);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toContain(`wrote ${path.join(target, 'player1-front.png')}`);
    expect(readFileSync(path.join(target, 'player1-front.png')).equals(demoKycFront)).toBe(true);
    expect(readFileSync(path.join(target, 'player1-back.png')).equals(demoKycBack)).toBe(true);

    expect((await run('kyc', 'export', 'pend1', target)).code).toBe(0);
    expect(readFileSync(path.join(target, 'pend1-front.jpg')).equals(jpeg)).toBe(true);
    expect(readFileSync(path.join(target, 'pend1-back.png')).equals(demoKycBack)).toBe(true);
    expect(readdirSync(target).sort()).toEqual(['pend1-back.png', 'pend1-front.jpg', 'player1-back.png', 'player1-front.png']);

    const none = await run('kyc', 'export', 'nocheck1', path.join(target, 'none'));
    expect([none.code, none.err]).toEqual([1, 'nocheck1 has not sent an identity check. (request.not.found)']);
    expect(existsSync(path.join(target, 'none'))).toBe(false);
  });
});

describe('through the admin listener', () => {
  it('carries the images of kyc export as JSON, which the CLI writes out', async () => {
    const testDb = await createTestDatabase();
    const listener = buildAdminListener({ db: testDb.db, secret: 's3cret' });
    try {
      const res = await listener.inject({
        method: 'POST',
        url: adminCommandPath,
        headers: { [adminSecretHeader]: 's3cret' },
        payload: { kind: 'kyc.export', merchant: 'DEMO', username: 'player1', dir: 'unused' },
      });
      expect(res.statusCode).toBe(200);
      const view = res.json().value as KycAdminView;
      expect(view.kycAdmin.checks).toEqual([expect.objectContaining({ username: 'player1', status: 'approved' })]);
      const target = tempDir('kyc-listener-');
      expect(writeKycExport(view, target)).toEqual([path.join(target, 'player1-front.png'), path.join(target, 'player1-back.png')]);
      expect(readFileSync(path.join(target, 'player1-back.png')).equals(demoKycBack)).toBe(true);

      const refused = await listener.inject({
        method: 'POST',
        url: adminCommandPath,
        headers: { [adminSecretHeader]: 's3cret' },
        payload: { kind: 'kyc.reject', merchant: 'DEMO', username: 'player1', reason: 'x'.repeat(201) },
      });
      expect([refused.statusCode, refused.json().errorCode]).toEqual([400, 'request.invalid']);
    } finally {
      await listener.close();
      await testDb.close();
    }
  });
});
