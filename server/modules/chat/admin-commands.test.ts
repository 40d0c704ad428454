/**
 * `npm run admin -- staff ...` and `cs ...`: the operator creates a staff
 * account that can then log in to the staff console, disables it (its
 * sessions end), and edits the customer service entries the site shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLoginEndpoint, staffQueueEndpoint } from '../../../contract/chat.ts';
import { customerServiceEndpoint } from '../../../contract/content.ts';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { type AdminCommand, executeAdminCommand } from '../../admin/commands.ts';
import { createHarness, failureOf, type Harness } from '../../test/identity-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const run = (command: AdminCommand) => executeAdminCommand(h.testDb.db, command);
const commandOf = (argv: string[]) => {
  const parsed = parseAdminArgs(argv);
  if (!('command' in parsed)) throw new Error(JSON.stringify(parsed));
  return parsed.command;
};

async function cliError(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const err: string[] = [];
  const code = await runAdminCli(argv, { env: { DATA_DIR: '/nonexistent/never-opened', ...env }, out: () => {}, err: (t) => err.push(t) });
  return { code, err: err.join('\n') };
}

describe('staff accounts', () => {
  it('an account the operator adds logs in; disabled, its session ends and it cannot log in', async () => {
    await run({ ...commandOf(['staff', 'add', 'Carol', '--name', 'Carol C']), password: 'Support#2026' } as AdminCommand);
    const c = h.client();
    const { token, staff } = await c.call(staffLoginEndpoint, { body: { username: 'carol', password: 'Support#2026' } });
    expect(staff.name).toBe('Carol C');
    c.token = token;
    expect(await c.call(staffQueueEndpoint)).toEqual({ list: expect.any(Array) });

    const view = await run(commandOf(['staff', 'disable', 'carol']));
    expect(view).toEqual({ chatAdmin: { staff: expect.arrayContaining([expect.objectContaining({ username: 'carol', disabled: true })]) } });
    expect((await failureOf(c.call(staffQueueEndpoint))).errorCode).toBe('chat.auth.invalid');
    expect((await failureOf(h.client().call(staffLoginEndpoint, { body: { username: 'carol', password: 'Support#2026' } }))).errorCode).toBe(
      'chat.staff.login.failed',
    );
  });

  it('reads the password from STAFF_PASSWORD only, and refuses bad names', async () => {
    expect((await cliError(['staff', 'add', 'dave'])).err).toContain('STAFF_PASSWORD');
    expect((await cliError(['staff', 'add', 'dave'], { STAFF_PASSWORD: 'short' })).code).toBe(2);
    expect((await cliError(['staff', 'add', 'x'])).err).toContain('account name');
    expect((await cliError(['staff', 'add', 'dave', '--password', 'Secret#2026'])).err).toContain('Unknown option --password');
    expect((await cliError(['staff', 'list', '--title', 'x'])).err).toContain('--title does not apply to "staff list"');
  });
});

describe('customer service entries', () => {
  it('sets, replaces and removes an entry the site shows', async () => {
    await run(commandOf(['cs', 'set', 'whatsapp', '--title', 'WhatsApp', '--path', 'https://wa.me/639170000000', '--sequence', '7']));
    await run(commandOf(['cs', 'set', 'LIVECHAT', '--title', 'Live chat', '--path', '/m/chat']));
    const site = await h.client().call(customerServiceEndpoint, { query: {} });
    expect(site.list).toContainEqual({ csType: 'WHATSAPP', title: 'WhatsApp', path: 'https://wa.me/639170000000' });
    expect(site.list.filter((l) => l.csType === 'LIVECHAT')).toEqual([{ csType: 'LIVECHAT', title: 'Live chat', path: '/m/chat' }]);

    await run(commandOf(['cs', 'remove', 'WHATSAPP']));
    expect((await h.client().call(customerServiceEndpoint, { query: {} })).list.map((l) => l.csType)).not.toContain('WHATSAPP');
    expect((await cliError(['cs', 'set', 'FAX', '--title', 'x', '--path', '/m/chat'])).err).toContain('needs a type');
    expect((await cliError(['cs', 'set', 'TELEGRAM', '--title', 'x', '--path', 'javascript:alert(1)'])).err).toContain('Invalid --path');
  });
});
