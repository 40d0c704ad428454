/**
 * `npm run admin -- agent ...`: parsing (what each command takes and refuses,
 * and that the commands survive the trip to a running server's admin
 * listener as JSON), and the commands on a PGlite data directory (the CLI
 * opens it directly when no server runs): list the agent menu, revoke and
 * grant a key (stored in the merchant's agent menu, in the menu's order), and
 * an agent's team per level with its sub-agents, with clear errors and exit
 * codes.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { agentMenuKeys } from '../../../contract/agent.ts';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { adminCommandSchema } from '../../admin/commands.ts';
import { openDatabase } from '../../db/connect.ts';
import { members, merchants } from '../../db/schema.ts';
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
  it('reads the agent commands', () => {
    expect(parseAdminArgs(['agent', 'menu'])).toEqual({ command: { kind: 'agent.menu', merchant: 'DEMO' } });
    expect(parseAdminArgs(['agent', 'menu', 'grant', 'AGEPAG', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'agent.menu.grant', merchant: 'ACME', key: 'AGEPAG' },
    });
    expect(parseAdminArgs(['agent', 'menu', 'revoke', 'agentransmultdown3'])).toEqual({
      command: { kind: 'agent.menu.revoke', merchant: 'DEMO', key: 'AGENTRANSMULTDOWN3' },
    });
    expect(parseAdminArgs(['agent', 'team', 'agent1'])).toEqual({ command: { kind: 'agent.team', merchant: 'DEMO', username: 'agent1' } });
  });

  it('refuses bad arguments with a reason', () => {
    const refused: [string[], string][] = [
      [['agent'], 'agent needs a command (menu, team)'],
      [['agent', 'teams'], 'Unknown command "agent teams"'],
      [['agent', 'menu', 'show'], 'Unknown command "agent menu show"'],
      [['agent', 'menu', 'grant'], `agent menu grant needs a menu key (${agentMenuKeys.join(', ')})`],
      [['agent', 'menu', 'revoke', 'NOPE'], 'agent menu revoke needs a menu key, not "NOPE"'],
      [['agent', 'menu', 'grant', 'AGEPAG', 'DOWNMAN'], 'Unexpected argument DOWNMAN'],
      [['agent', 'menu', 'extra', 'x'], 'Unknown command "agent menu extra"'],
      [['agent', 'team'], "agent team needs an agent's username"],
      [['agent', 'team', 'x!'], "agent team needs an agent's username"],
      [['agent', 'team', 'agent1', 'player1'], 'Unexpected argument player1'],
      [['agent', 'menu', '--status', 'all'], 'Unknown option for "agent"'],
      [['agent', 'menu', '--title', 'x'], 'Unknown option for "agent"'],
      [['agent', 'menu', '--info', 'x'], '--info applies to "maintenance on" only'],
    ];
    for (const [argv, error] of refused) {
      const parsed = parseAdminArgs(argv);
      expect(parsed, argv.join(' ')).toHaveProperty('error');
      expect((parsed as { error: string }).error, argv.join(' ')).toContain(error);
    }
  });

  it('sends commands a running server accepts (the admin listener reads them as JSON)', () => {
    for (const argv of [
      ['agent', 'menu'],
      ['agent', 'menu', 'grant', 'MAILCEN'],
      ['agent', 'menu', 'revoke', 'secpriv'],
      ['agent', 'team', 'agent1'],
    ]) {
      const parsed = parseAdminArgs(argv) as { command: unknown };
      expect(adminCommandSchema.safeParse(JSON.parse(JSON.stringify(parsed.command))).success, argv.join(' ')).toBe(true);
    }
    expect(adminCommandSchema.safeParse({ kind: 'agent.menu.grant', merchant: 'DEMO', key: 'NOPE' }).success).toBe(false);
    expect(adminCommandSchema.safeParse({ kind: 'agent.team', merchant: 'DEMO', username: "x'; drop" }).success).toBe(false);
  });
});

describe('on the database', () => {
  it("lists, revokes and grants the agent menu's keys, and shows an agent's team per level with its sub-agents", async () => {
    const dataDir = await createTestDataDir('agent-cli-');
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    const run = async (argv: string[]) => {
      const c = capture(env);
      const code = await runAdminCli(argv, c.io);
      return { code, out: c.out.join('\n'), err: c.err.join('\n') };
    };
    const all = agentMenuKeys.join(' ');

    const listed = await run(['agent', 'menu']);
    expect(listed, listed.err).toEqual({ code: 0, out: `granted:  ${all}\nwithheld: (none)`, err: '' });

    const revoked = await run(['agent', 'menu', 'revoke', 'AGENTRANSMULTDOWN3']);
    expect(revoked.code, revoked.err).toBe(0);
    const withoutRain = agentMenuKeys.filter((k) => k !== 'AGENTRANSMULTDOWN3');
    expect(revoked.out).toBe(`OK: agent.menu.revoke\ngranted:  ${withoutRain.join(' ')}\nwithheld: *AGENTRANSMULTDOWN3`);
    expect((await run(['agent', 'menu', 'revoke', 'teambetting3'])).out).toContain('withheld: AGENTRANSMULTDOWN3 *TEAMBETTING3');
    // Revoking again changes nothing more.
    expect((await run(['agent', 'menu', 'revoke', 'TEAMBETTING3'])).out).toContain('withheld: AGENTRANSMULTDOWN3 *TEAMBETTING3');
    const granted = await run(['agent', 'menu', 'grant', 'AGENTRANSMULTDOWN3']);
    expect(granted.out).toBe(`OK: agent.menu.grant\ngranted:  ${agentMenuKeys.filter((k) => k !== 'TEAMBETTING3').map((k) => (k === 'AGENTRANSMULTDOWN3' ? `*${k}` : k)).join(' ')}\nwithheld: TEAMBETTING3`);

    const unknownKey = await run(['agent', 'menu', 'grant', 'NOPE']);
    expect(unknownKey.code).toBe(2);
    expect(unknownKey.err).toContain('agent menu grant needs a menu key, not "NOPE"');
    const unknownMerchant = await run(['agent', 'menu', '--merchant', 'NOPE']);
    expect([unknownMerchant.code, unknownMerchant.err]).toEqual([1, 'Unknown merchant NOPE. (merchant.unknown)']);

    // A team three levels deep: boss → (m1, m2, sub); sub → (d1, sub2); sub2 → d2.
    const handle = await openDatabase({ dataDir });
    try {
      const [merchant] = await handle.db.select().from(merchants).where(eq(merchants.code, 'DEMO'));
      expect(merchant?.agentMenu).toEqual(agentMenuKeys.filter((k) => k !== 'TEAMBETTING3'));
      const add = async (username: string, type: number, parentId: number | null) => {
        const [row] = await handle.db.insert(members).values({ merchantCode: 'DEMO', username, type, parentId }).returning();
        return row!.id;
      };
      const boss = await add('boss_agent', 1, null);
      await add('team_m1', 0, boss);
      await add('team_m2', 0, boss);
      const sub = await add('team_sub', 2, boss);
      await add('team_d1', 0, sub);
      const sub2 = await add('team_sub2', 41, sub);
      await add('team_d2', 0, sub2);
    } finally {
      await handle.close();
    }

    const team = await run(['agent', 'team', 'BOSS_AGENT']);
    expect(team.code, team.err).toBe(0);
    expect(team.out.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'boss_agent (agent, type 1, affiliate code -): team of 6',
      'level 1: 3',
      'level 2: 2',
      'level 3: 1',
      'sub-agents: 2',
      'level 1 team_sub type 2 team of 3',
      'level 2 team_sub2 type 41 team of 1',
    ]);
    const empty = await run(['agent', 'team', 'team_sub2']);
    expect(empty.out.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'team_sub2 (agent, type 41, affiliate code -): team of 1',
      'level 1: 1',
      'sub-agents: 0',
    ]);
    const seeded = await run(['agent', 'team', 'agent1']);
    expect(seeded.code, seeded.err).toBe(0);
    expect(seeded.out.split('\n')[0]).toMatch(/^agent1 \(agent, type 1, affiliate code AGENT1\): team of \d+$/);

    const notAgent = await run(['agent', 'team', 'team_m1']);
    expect([notAgent.code, notAgent.err]).toEqual([2, 'team_m1 is not an agent (type 0). (agent.only)']);
    const nobody = await run(['agent', 'team', 'nobody_here']);
    expect([nobody.code, nobody.err]).toEqual([1, 'No member "nobody_here". (member.not.found)']);
  });
});
