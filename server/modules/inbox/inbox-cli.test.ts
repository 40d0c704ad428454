/** The operator CLI's inbox commands: `inbox send --to|--all`, `inbox list --to`. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { createTestDataDir } from '../../test/test-db.ts';

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('inbox commands: argument parsing', () => {
  it('accepts send to one member or to all, with CN optional, and list', () => {
    expect(parseAdminArgs(['inbox', 'send', '--to', 'player1', '--title', 'Hi', '--body', 'Hello'])).toEqual({
      command: { kind: 'inbox.send', merchant: 'DEMO', to: 'player1', texts: { EN: { title: 'Hi', body: 'Hello' } } },
    });
    expect(parseAdminArgs(['inbox', 'send', '--all', '--title=Hi', '--body=Hello', '--title-cn', '你好', '--body-cn', '正文'])).toEqual({
      command: { kind: 'inbox.send', merchant: 'DEMO', to: null, texts: { EN: { title: 'Hi', body: 'Hello' }, CN: { title: '你好', body: '正文' } } },
    });
    expect(parseAdminArgs(['inbox', 'list', '--to', 'player1'])).toEqual({ command: { kind: 'inbox.list', merchant: 'DEMO', to: 'player1' } });
  });

  it('rejects bad input with exit code 2 and the usage', async () => {
    for (const argv of [
      ['inbox', 'send', '--title', 'T', '--body', 'B'],
      ['inbox', 'send', '--to', 'player1', '--all', '--title', 'T', '--body', 'B'],
      ['inbox', 'send', '--to', 'player1', '--title', 'T'],
      ['inbox', 'send', '--to', 'player1', '--title', ' ', '--body', 'B'],
      ['inbox', 'send', '--to', 'player1', '--title', 'T', '--body', 'B', '--title-cn', '标题'],
      ['inbox', 'send', '--to', 'no such', '--title', 'T', '--body', 'B'],
      ['inbox', 'list'],
      ['status', '--all'],
      ['status', '--title', 'T'],
    ]) {
      const c = capture({ DATA_DIR: '/nonexistent/never-opened' });
      expect(await runAdminCli(argv, c.io), argv.join(' ')).toBe(2);
      expect(c.err.join('\n')).toContain('Usage: npm run admin');
    }
  });
});

describe('inbox commands against the database', () => {
  it('send a message to player1 and list it; an unknown member fails', async () => {
    const dir = await createTestDataDir('inbox-cli-');
    dirs.push(dir);
    const env = { DATA_DIR: dir };
    const sent = capture(env);
    expect(await runAdminCli(['inbox', 'send', '--to', 'player1', '--title', 'CLI note', '--body', 'From the CLI'], sent.io)).toBe(0);
    expect(sent.out.join('\n')).toMatch(/^OK: inbox\.send\n#\d+ {2}\S+ {2}unread {2}CLI note$/);
    const listed = capture(env);
    expect(await runAdminCli(['inbox', 'list', '--to', 'player1'], listed.io)).toBe(0);
    const lines = listed.out.join('\n').split('\n');
    expect(lines[0]).toMatch(/unread {2}CLI note$/);
    expect(lines.some((line) => line.includes('[all] Scheduled maintenance on Sunday'))).toBe(true);
    const unknown = capture(env);
    expect(await runAdminCli(['inbox', 'send', '--to', 'nobody_here', '--title', 'T', '--body', 'B'], unknown.io)).toBe(1);
    expect(unknown.err.join('\n')).toContain('member.not.found');
  });
});
