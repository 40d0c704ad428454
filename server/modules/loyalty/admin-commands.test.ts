/**
 * `npm run admin -- mall ...` and `merchant switch`: parsing (what each
 * command takes and refuses, and that the commands survive the trip to a
 * running server's admin listener as JSON), and the commands on a PGlite data
 * directory (the CLI opens it directly when no server runs): list the
 * rewards, change one, set the rate, turn the loyalty switches off and on,
 * with clear errors and exit codes.
 */
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { adminCommandSchema } from '../../admin/commands.ts';
import { openDatabase } from '../../db/connect.ts';
import { merchants } from '../../db/schema.ts';
import { mallItems } from '../../db/schema-loyalty.ts';
import { createTestDataDir } from '../../test/test-db.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

describe('parsing', () => {
  it('reads the mall commands and merchant switch', () => {
    expect(parseAdminArgs(['mall', 'items'])).toEqual({ command: { kind: 'mall.items', merchant: 'DEMO' } });
    expect(parseAdminArgs(['mall', 'item', '3', '--points', '120', '--reward', '12.50', '--enabled', 'off', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'mall.item', merchant: 'ACME', id: 3, points: 120, reward: '12.50', enabled: false },
    });
    expect(parseAdminArgs(['mall', 'item', '3', '--enabled=on'])).toEqual({ command: { kind: 'mall.item', merchant: 'DEMO', id: 3, enabled: true } });
    expect(parseAdminArgs(['mall', 'rate', '10.00'])).toEqual({ command: { kind: 'mall.rate', merchant: 'DEMO', turnoverPerPoint: '10.00' } });
    expect(parseAdminArgs(['merchant', 'switch', 'POINTSMALL3', 'off'])).toEqual({
      command: { kind: 'switch.set', merchant: 'DEMO', key: 'POINTSMALL3', on: false },
    });
    expect(parseAdminArgs(['merchant', 'switch', 'viproom3', 'on'])).toEqual({ command: { kind: 'switch.set', merchant: 'DEMO', key: 'VIPROOM3', on: true } });
  });

  it('refuses bad arguments with a reason', () => {
    const refused: [string[], string][] = [
      [['mall'], 'mall needs a command (items, item, rate)'],
      [['mall', 'shop'], 'Unknown command "mall shop"'],
      [['mall', 'items', 'extra'], 'Unexpected argument extra'],
      [['mall', 'items', '--points', '3'], '--points does not apply to "mall items"'],
      [['mall', 'item'], 'mall item needs a reward id (see mall items)'],
      [['mall', 'item', '0', '--points', '1'], 'mall item needs a reward id (see mall items)'],
      [['mall', 'item', '2147483648', '--points', '1'], 'mall item needs a reward id (see mall items)'],
      [['mall', 'item', 'x', '--points', '1'], 'mall item needs a reward id (see mall items)'],
      [['mall', 'item', '1'], 'mall item needs --points N, --reward AMOUNT or --enabled on|off'],
      [['mall', 'item', '1', '--points', '0'], 'Invalid --points "0" (a whole number from 1)'],
      [['mall', 'item', '1', '--points', '1.5'], 'Invalid --points "1.5" (a whole number from 1)'],
      [['mall', 'item', '1', '--reward', '0.00'], 'Invalid --reward "0.00" (an amount such as 10.00)'],
      [['mall', 'item', '1', '--reward', '-5'], 'Invalid --reward "-5" (an amount such as 10.00)'],
      [['mall', 'item', '1', '--enabled', 'yes'], 'Invalid --enabled "yes" (on or off)'],
      [['mall', 'item', '1', '--points', '5', '--title', 'x'], '--title does not apply to "mall item"'],
      [['mall', 'item', '1', '2', '--points', '5'], 'Unexpected argument 2'],
      [['mall', 'rate'], 'mall rate needs the turnover that earns one point, an amount such as 10.00'],
      [['mall', 'rate', '0'], 'mall rate needs the turnover that earns one point, an amount such as 10.00'],
      [['mall', 'rate', '1,000'], 'mall rate needs the turnover that earns one point, an amount such as 10.00'],
      [['mall', 'items', '--to', 'x'], 'Unknown option for "mall"'],
      [['merchant', 'switch'], 'merchant switch needs a switch key'],
      [['merchant', 'switch', 'NOPE3', 'on'], 'merchant switch needs a switch key'],
      [['merchant', 'switch', 'VIPROOM3'], 'merchant switch needs on or off after the key'],
      [['merchant', 'switch', 'VIPROOM3', 'true'], 'merchant switch needs on or off after the key'],
      [['merchant', 'switch', 'VIPROOM3', 'on', 'now'], 'Unexpected argument now'],
    ];
    for (const [argv, error] of refused) {
      const parsed = parseAdminArgs(argv);
      expect(parsed, argv.join(' ')).toHaveProperty('error');
      expect((parsed as { error: string }).error, argv.join(' ')).toContain(error);
    }
  });

  it('sends commands a running server accepts (the admin listener reads them as JSON)', () => {
    for (const argv of [
      ['mall', 'items'],
      ['mall', 'item', '3', '--points', '120', '--reward', '12.50', '--enabled', 'off'],
      ['mall', 'rate', '10'],
      ['merchant', 'switch', 'VIPROOM3', 'off'],
    ]) {
      const parsed = parseAdminArgs(argv) as { command: unknown };
      expect(adminCommandSchema.safeParse(JSON.parse(JSON.stringify(parsed.command))).success, argv.join(' ')).toBe(true);
    }
    expect(adminCommandSchema.safeParse({ kind: 'mall.item', merchant: 'DEMO', id: 1e20, points: 1 }).success).toBe(false);
    expect(adminCommandSchema.safeParse({ kind: 'switch.set', merchant: 'DEMO', key: 'NOPE', on: true }).success).toBe(false);
  });
});

describe('on the database', () => {
  it('lists the rewards, changes one, sets the rate and turns the loyalty switches off and on', async () => {
    const dataDir = await createTestDataDir('loyalty-cli-');
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    const run = async (argv: string[]) => {
      const c = capture(env);
      const code = await runAdminCli(argv, c.io);
      return { code, out: c.out.join('\n'), err: c.err.join('\n') };
    };

    const items = await run(['mall', 'items']);
    expect(items.code, items.err).toBe(0);
    const lines = items.out.split('\n');
    expect(lines[0]).toBe('1 point per ₱10.00 of turnover (1000 minor units)');
    expect(lines.slice(1).map((l) => l.replace(/#\d+/, '#N').replace(/\s+/g, ' ').trim())).toEqual([
      '#N bronzeBonus 100 points ₱10.00 on',
      '#N silverBonus 500 points ₱60.00 on',
      '#N goldBonus 2,000 points ₱260.00 on',
      '#N diamondBonus 10,000 points ₱1,400.00 on',
    ]);
    const goldId = Number(/#(\d+)\s+goldBonus/.exec(items.out)?.[1]);

    const changed = await run(['mall', 'item', String(goldId), '--points', '1800', '--reward', '240.50', '--enabled', 'off']);
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toContain('OK: mall.item');
    expect(changed.out).toMatch(new RegExp(`\\*#${goldId}\\s+goldBonus\\s+1,800 points\\s+₱240\\.50\\s+off`));
    const missing = await run(['mall', 'item', '999999', '--enabled', 'on']);
    expect([missing.code, missing.err]).toEqual([1, 'No reward #999999 (see mall items). (mall.item.not.found)']);
    const tooFine = await run(['mall', 'item', String(goldId), '--reward', '1.005']);
    expect(tooFine.code).toBe(2);
    expect(tooFine.err).toContain('at most 2 decimals');

    const rate = await run(['mall', 'rate', '5']);
    expect(rate.code, rate.err).toBe(0);
    expect(rate.out.split('\n').slice(0, 2)).toEqual(['OK: mall.rate', '1 point per ₱5.00 of turnover (500 minor units)']);
    expect((await run(['mall', 'rate', '0.001'])).code).toBe(2);
    expect((await run(['mall', 'rate', '0.00'])).code).toBe(2);
    const unknown = await run(['mall', 'items', '--merchant', 'NOPE']);
    expect([unknown.code, unknown.err]).toEqual([1, 'Unknown merchant NOPE. (merchant.unknown)']);

    const off = await run(['merchant', 'switch', 'POINTSMALL3', 'off']);
    expect(off.code, off.err).toBe(0);
    expect(off.out).toContain('OK: switch.set');
    expect(off.out).toMatch(/POINTSMALL3=off VIPROOM3=on/);
    expect((await run(['merchant', 'switch', 'VIPROOM3', 'off'])).out).toMatch(/POINTSMALL3=off VIPROOM3=off/);
    expect((await run(['merchant', 'switch', 'POINTSMALL3', 'on'])).out).toMatch(/POINTSMALL3=on VIPROOM3=off/);
    expect((await run(['status'])).out).toMatch(/USERNAMEREG3=on .*POINTSMALL3=on VIPROOM3=off/);

    const handle = await openDatabase({ dataDir });
    try {
      const [merchant] = await handle.db.select().from(merchants).where(eq(merchants.code, 'DEMO'));
      expect(merchant?.mallTurnoverPerPoint).toBe(500);
      expect(merchant?.switches).toMatchObject({ POINTSMALL3: true, VIPROOM3: false, USERNAMEREG3: true, CBS3: true });
      const [gold] = await handle.db.select().from(mallItems).where(and(eq(mallItems.merchantCode, 'DEMO'), eq(mallItems.id, goldId)));
      expect(gold).toMatchObject({ nameKey: 'goldBonus', points: 1_800, reward: 24_050, enabled: false });
    } finally {
      await handle.close();
    }
  });
});
