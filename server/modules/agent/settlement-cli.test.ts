/**
 * `npm run admin -- contracts ...` and `rebates ...`: parsing (what each
 * command takes and refuses, and that the commands survive the trip to a
 * running server's admin listener as JSON), and the commands on a PGlite
 * data directory: set and show a member's rebate rates (a lower rate
 * lowers its team's), settle the demo's daily salary and a day's rebates
 * (each payout once: the second run finds nothing left), list the payouts,
 * and refuse a period that has not ended, with clear errors and exit codes.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { adminCommandSchema } from '../../admin/commands.ts';
import { createTestDataDir } from '../../test/test-db.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('parsing', () => {
  it('reads the contracts and rebates commands', () => {
    expect(parseAdminArgs(['contracts', 'settle', 'salary', '2026-11-19'])).toEqual({
      command: { kind: 'contracts.settle', merchant: 'DEMO', contractKind: 'salary', period: '2026-11-19' },
    });
    expect(parseAdminArgs(['contracts', 'payouts', 'dividend'])).toEqual({ command: { kind: 'contracts.payouts', merchant: 'DEMO', contractKind: 'dividend' } });
    expect(parseAdminArgs(['contracts', 'payouts', 'hourly', '2026-11-19T08', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'contracts.payouts', merchant: 'ACME', contractKind: 'hourly', period: '2026-11-19T08' },
    });
    expect(parseAdminArgs(['rebates', 'settle', '2026-11-19'])).toEqual({ command: { kind: 'rebates.settle', merchant: 'DEMO', day: '2026-11-19' } });
    expect(parseAdminArgs(['rebates', 'set', 'agent1', 'live', '1.25'])).toEqual({
      command: { kind: 'rebates.set', merchant: 'DEMO', username: 'agent1', gameType: 'LIVE', rateBps: 125 },
    });
    expect(parseAdminArgs(['rebates', 'rates', 'agent1'])).toEqual({ command: { kind: 'rebates.rates', merchant: 'DEMO', username: 'agent1' } });
  });

  it('refuses bad arguments with a reason', () => {
    const refused: [string[], string][] = [
      [['contracts'], 'contracts needs a command (settle, payouts)'],
      [['contracts', 'pay', 'salary'], 'Unknown command "contracts pay"'],
      [['contracts', 'settle', 'weekly', '2026-11'], 'contracts settle needs a contract kind (salary|hourly|dividend)'],
      [['contracts', 'settle', 'salary'], 'contracts settle needs a period'],
      [['contracts', 'settle', 'salary', '2026-11-19', 'x'], 'Unexpected argument x'],
      [['contracts', 'settle', 'salary', '2026-11-19', '--status', 'paid'], 'Unknown option for "contracts"'],
      [['rebates'], 'rebates needs a command (settle, payouts, rates, set)'],
      [['rebates', 'settle'], 'rebates settle needs a day'],
      [['rebates', 'set', 'agent1', 'SLOTS', '1'], 'rebates set needs a game type'],
      [['rebates', 'set', 'agent1', 'RNG', '10.01'], 'rebates set needs a rate in percent, 0 to 10'],
      [['rebates', 'set', 'agent1', 'RNG', '1.255'], 'rebates set needs a rate in percent'],
      [['rebates', 'set', 'agent1', 'RNG', '-1'], 'Unknown option -1'],
      [['rebates', 'rates', 'x!'], "rebates rates needs a member's username"],
    ];
    for (const [argv, error] of refused) {
      const parsed = parseAdminArgs(argv);
      expect(parsed, argv.join(' ')).toHaveProperty('error');
      expect((parsed as { error: string }).error, argv.join(' ')).toContain(error);
    }
  });

  it('sends commands a running server accepts (the admin listener reads them as JSON)', () => {
    for (const argv of [
      ['contracts', 'settle', 'hourly', '2026-11-19T23'],
      ['contracts', 'payouts', 'salary'],
      ['rebates', 'payouts', '2026-11-19'],
      ['rebates', 'set', 'agent1', 'RNG', '0'],
    ]) {
      const parsed = parseAdminArgs(argv) as { command: unknown };
      expect(adminCommandSchema.safeParse(JSON.parse(JSON.stringify(parsed.command))).success, argv.join(' ')).toBe(true);
    }
    expect(adminCommandSchema.safeParse({ kind: 'rebates.set', merchant: 'DEMO', username: 'agent1', gameType: 'RNG', rateBps: 1001 }).success).toBe(false);
    expect(adminCommandSchema.safeParse({ kind: 'contracts.settle', merchant: 'DEMO', contractKind: 'weekly', period: '2026-11' }).success).toBe(false);
  });
});

describe('on the database', () => {
  it("sets rates, settles the demo's salary and rebates once each, and lists the payouts", async () => {
    const dataDir = await createTestDataDir('settlement-cli-');
    dirs.push(dataDir);
    const run = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdminCli(argv, { env: { DATA_DIR: dataDir }, out: (t) => out.push(t), err: (t) => err.push(t) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const lines = (text: string) => text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());

    // team_lead_a is seeded at RNG 1.20 %, coach_nico (its sub-agent) at 0.60 %: lowering team_lead_a to 0.50 % lowers coach_nico too.
    const set = await run(['rebates', 'set', 'team_lead_a', 'RNG', '0.5']);
    expect(set.code, set.err).toBe(0);
    expect(lines(set.out).slice(0, 3)).toEqual(['OK: rebates.set', 'team_lead_a:', 'RNG 0.50 %']);
    expect(lines((await run(['rebates', 'rates', 'coach_nico'])).out)).toContain('RNG 0.50 %');

    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const settled = await run(['contracts', 'settle', 'salary', yesterday]);
    expect(settled.code, settled.err).toBe(0);
    // The seed's one active daily salary contract: agent1 → team_lead_a, paid or nothing by the team's turnover.
    expect(lines(settled.out)[0]).toMatch(new RegExp(`^${yesterday} agent1 → team_lead_a turnover [\\d.]+ amount [\\d.]+ (paid|nothing)$`));
    expect(lines(settled.out).at(-1)).toMatch(/^1 payout\(s\), [\d.]+ paid$/);
    expect((await run(['contracts', 'settle', 'salary', yesterday])).out).toBe('salary: no payouts');
    const listed = await run(['contracts', 'payouts', 'salary', yesterday]);
    expect(lines(listed.out)[0]).toBe(lines(settled.out)[0]);

    const rebates = await run(['rebates', 'settle', yesterday]);
    expect(rebates.code, rebates.err).toBe(0);
    expect(lines(rebates.out).at(-1)).toMatch(/^\d+ payout\(s\), [\d.]+ paid$/);
    expect(lines(rebates.out)).toContainEqual(expect.stringMatching(new RegExp(`^${yesterday} agent1 turnover [\\d.]+ rebate [\\d.]+ paid$`)));
    expect((await run(['rebates', 'settle', yesterday])).out).toBe(`rebates ${yesterday}: nothing to pay`);
    expect(lines((await run(['rebates', 'payouts', yesterday])).out).sort()).toEqual(lines(rebates.out).sort());

    const todayLabel = today.toISOString().slice(0, 10);
    const early = await run(['contracts', 'settle', 'salary', todayLabel]);
    expect([early.code, early.err]).toEqual([2, `The period ${todayLabel} has not ended yet. (request.invalid)`]);
    const wrong = await run(['contracts', 'settle', 'dividend', todayLabel]);
    expect([wrong.code, wrong.err]).toEqual([2, `"${todayLabel}" is not a dividend period (YYYY-MM, UTC). (request.invalid)`]);
    const nobody = await run(['rebates', 'rates', 'nobody_here']);
    expect([nobody.code, nobody.err]).toEqual([1, 'No member "nobody_here". (member.not.found)']);
  });
});
