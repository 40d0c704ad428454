/**
 * `npm run admin -- members agent <username>`: the operator makes a member an
 * agent; the member then logs in as an agent and new members can register
 * under the invitation code it was given. `members payee <username> <name>`:
 * the operator changes the payee name a member set (and cannot change again).
 * `members answer-check <username> <questionId> <answer>`: customer service
 * learns whether a caller's answer is the member's, never the answer itself.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCheckEndpoint, memberInfoEndpoint, payeeNameEndpoint, registerEndpoint } from '../../../contract/member.ts';
import { loginEndpoint, trialLoginEndpoint } from '../../../contract/session.ts';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createTestDataDir } from '../../test/test-db.ts';
import { formatMembers } from './admin-commands.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const password = 'Leader#2026';
async function register(c: TestClient, username: string, affiliateCode?: string) {
  return c.sealed.call(registerEndpoint, {
    ...(await h.solvedCaptcha()),
    username,
    password,
    confirmPassword: password,
    ...(affiliateCode ? { affiliateCode } : {}),
    type: 0,
  });
}
const login = (c: TestClient, username: string) => c.sealed.call(loginEndpoint, { type: 'username', username, password });

describe('members agent', () => {
  it('parses one username, and refuses anything else with the usage', async () => {
    expect(parseAdminArgs(['members', 'agent', 'leader1'])).toEqual({ command: { kind: 'members.agent', merchant: 'DEMO', username: 'leader1' } });
    for (const argv of [['members', 'agent'], ['members', 'agent', '1bad'], ['members', 'agent', 'a', 'b'], ['members', 'agent', 'x'.repeat(17)]]) {
      const err: string[] = [];
      const code = await runAdminCli(argv, { env: { DATA_DIR: '/nonexistent/never-opened' }, out: () => {}, err: (t) => err.push(t) });
      expect(code, argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('members agent <username>');
    }
  });

  it('makes a member an agent with a new invitation code, which new members register under', async () => {
    const c = h.client({ ip: '198.51.100.61' });
    await register(c, 'leader1');
    expect((await login(c, 'leader1')).type).toBe(0);

    const view = await executeAdminCommand(h.testDb.db, { kind: 'members.agent', merchant: 'DEMO', username: 'LEADER1' });
    if (!('members' in view)) throw new Error('not a members view');
    const [agent] = view.members;
    expect(agent).toMatchObject({ username: 'leader1', type: 1 });
    expect(agent!.affiliateCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(formatMembers(view)).toBe(`leader1  agent (type 1)  invitation code ${agent!.affiliateCode}`);

    expect((await login(c, 'leader1')).type).toBe(1);
    await expect(c.call(affiliateCheckEndpoint, { query: { code: agent!.affiliateCode! } })).resolves.toEqual({ valid: true });
    await register(h.client({ ip: '198.51.100.62' }), 'downline1', agent!.affiliateCode!);

    // Again: nothing changes, the same code.
    const again = await executeAdminCommand(h.testDb.db, { kind: 'members.agent', merchant: 'DEMO', username: 'leader1' });
    expect(again).toEqual(view);
  });

  it('answers member.not.found for an unknown member, and refuses a trial account', async () => {
    await expect(executeAdminCommand(h.testDb.db, { kind: 'members.agent', merchant: 'DEMO', username: 'nobody99' })).rejects.toMatchObject({
      statusCode: 404,
      errorCode: 'member.not.found',
    });
    const { userName } = await h.client({ ip: '198.51.100.63' }).call(trialLoginEndpoint);
    await expect(executeAdminCommand(h.testDb.db, { kind: 'members.agent', merchant: 'DEMO', username: userName })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('members payee', () => {
  it('parses a username and the payee name (quoted or as several words), and refuses anything else with the usage', async () => {
    const command = { kind: 'members.payee', merchant: 'DEMO', username: 'payee1', payeeName: 'Patricia Santos' };
    expect(parseAdminArgs(['members', 'payee', 'payee1', 'Patricia Santos'])).toEqual({ command });
    expect(parseAdminArgs(['members', 'payee', 'payee1', 'Patricia', 'Santos'])).toEqual({ command });
    for (const argv of [['members', 'payee'], ['members', 'payee', 'payee1'], ['members', 'payee', 'payee1', '  '], ['members', 'payee', '1bad', 'Pat Santos']]) {
      const err: string[] = [];
      const code = await runAdminCli(argv, { env: { DATA_DIR: '/nonexistent/never-opened' }, out: () => {}, err: (t) => err.push(t) });
      expect(code, argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('members payee <username> <payee name>');
    }
  });

  it("changes the payee name a member set and cannot change, checked by the merchant's rule", async () => {
    const c = h.client({ ip: '198.51.100.64' });
    await register(c, 'payee1');
    c.token = (await login(c, 'payee1')).token;
    await c.call(payeeNameEndpoint, { body: { payeeName: 'Patricia Santo' } });
    expect(await failureOf(c.call(payeeNameEndpoint, { body: { payeeName: 'Patricia Santos' } }))).toMatchObject({ errorCode: 'member.payee.locked' });

    await expect(
      executeAdminCommand(h.testDb.db, { kind: 'members.payee', merchant: 'DEMO', username: 'payee1', payeeName: 'Patricia 5antos' }),
    ).rejects.toMatchObject({ statusCode: 400, errorCode: 'register.name.invalid' });
    const view = await executeAdminCommand(h.testDb.db, { kind: 'members.payee', merchant: 'DEMO', username: 'PAYEE1', payeeName: ' Patricia Santos ' });
    if (!('members' in view)) throw new Error('not a members view');
    expect(formatMembers(view)).toBe('payee1  payee name "Patricia Santos" (was "Patricia Santo")');

    // The server's session cache keeps a member row at most sessionCacheMs (2 s).
    h.clock.advance(3_000);
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ payeeName: 'Patricia Santos' });
    // Still locked for the member.
    expect(await failureOf(c.call(payeeNameEndpoint, { body: { payeeName: 'Someone Else' } }))).toMatchObject({ errorCode: 'member.payee.locked' });
  });

  it('answers member.not.found for an unknown member, and refuses a trial account', async () => {
    await expect(
      executeAdminCommand(h.testDb.db, { kind: 'members.payee', merchant: 'DEMO', username: 'nobody99', payeeName: 'Pat Santos' }),
    ).rejects.toMatchObject({ statusCode: 404, errorCode: 'member.not.found' });
    const { userName } = await h.client({ ip: '198.51.100.65' }).call(trialLoginEndpoint);
    await expect(
      executeAdminCommand(h.testDb.db, { kind: 'members.payee', merchant: 'DEMO', username: userName, payeeName: 'Pat Santos' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('members answer-check', () => {
  const check = (username: string, questionId: 'firstPet' | 'birthCity' | 'firstCar', answer: string) =>
    executeAdminCommand(h.testDb.db, { kind: 'members.answer-check', merchant: 'DEMO', username, questionId, answer });

  it('parses a username, a question id and the answer (quoted or as several words), and refuses anything else', async () => {
    const command = { kind: 'members.answer-check', merchant: 'DEMO', username: 'player1', questionId: 'birthCity', answer: 'Cebu City' };
    expect(parseAdminArgs(['members', 'answer-check', 'player1', 'birthCity', 'Cebu City'])).toEqual({ command });
    expect(parseAdminArgs(['members', 'answer-check', 'player1', 'birthCity', 'Cebu', 'City'])).toEqual({ command });
    const refused: [string[], string][] = [
      [['members', 'answer-check'], 'members answer-check <username> <questionId> <answer>'],
      [['members', 'answer-check', 'player1', 'firstPet'], 'members answer-check <username> <questionId> <answer>'],
      [['members', 'answer-check', 'player1', 'firstPet', '   '], 'members answer-check <username> <questionId> <answer>'],
      [['members', 'answer-check', '1bad', 'firstPet', 'Rex'], 'members answer-check <username> <questionId> <answer>'],
      [['members', 'answer-check', 'player1', 'firstPet', 'x'.repeat(257)], 'members answer-check <username> <questionId> <answer>'],
      [['members', 'answer-check', 'player1', 'favouriteColour', 'Blue'], 'Unknown question "favouriteColour" (firstPet, birthCity,'],
    ];
    for (const [argv, message] of refused) {
      const err: string[] = [];
      const code = await runAdminCli(argv, { env: { DATA_DIR: '/nonexistent/never-opened' }, out: () => {}, err: (t) => err.push(t) });
      expect(code, argv.join(' ').slice(0, 60)).toBe(2);
      expect(err.join('\n')).toContain(message);
    }
  });

  it("tells whether the answer is the member's, compared as it was stored (spaces and case do not matter)", async () => {
    const [pet, city] = demoAccounts.player.securityAnswers;
    for (const answer of [pet.answer, '  REX ', 'rex']) {
      const view = await check('PLAYER1', 'firstPet', answer);
      if (!('members' in view)) throw new Error('not a members view');
      expect(view.answerCheck).toEqual({ questionId: 'firstPet', matches: true });
      expect(formatMembers(view)).toBe("player1  firstPet: the answer MATCHES the member's answer");
    }
    await expect(check('player1', 'birthCity', 'cebu   city')).resolves.toMatchObject({ answerCheck: { matches: true } });
    expect(city.answer).toBe('Cebu City');
    for (const answer of ['Max', 'Rexy', 'Cebu City']) {
      const view = await check('player1', 'firstPet', answer);
      if (!('members' in view)) throw new Error('not a members view');
      expect(view.answerCheck).toEqual({ questionId: 'firstPet', matches: false });
      expect(formatMembers(view)).toBe("player1  firstPet: the answer does NOT match the member's answer");
    }
  });

  it('answers member.not.found for an unknown member, and names the answered questions for one the member did not answer', async () => {
    await expect(check('nobody99', 'firstPet', 'Rex')).rejects.toMatchObject({ statusCode: 404, errorCode: 'member.not.found' });
    await expect(check('player1', 'firstCar', 'Beetle')).rejects.toMatchObject({
      statusCode: 404,
      errorCode: 'security.question.invalid',
      message: 'player1 has not answered firstCar (answered: firstPet, birthCity).',
    });
    await expect(check('agent1', 'firstPet', 'Rex')).rejects.toMatchObject({ message: 'agent1 has not answered firstPet (answered: none).' });
  });

  it('runs from the command line: exit 0 with the verdict, 1 with the reason for an unknown member or question', async () => {
    const dataDir = await createTestDataDir('answer-check-');
    try {
      const run = async (...argv: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runAdminCli(['members', 'answer-check', ...argv], { env: { DATA_DIR: dataDir }, out: (t) => out.push(t), err: (t) => err.push(t) });
        return { code, out: out.join('\n'), err: err.join('\n') };
      };
      await expect(run('player1', 'firstPet', 'Rex')).resolves.toEqual({
        code: 0,
        out: "OK: members.answer-check\nplayer1  firstPet: the answer MATCHES the member's answer",
        err: '',
      });
      await expect(run('player1', 'firstPet', 'Fido')).resolves.toMatchObject({ code: 0, out: expect.stringContaining('does NOT match') });
      await expect(run('nobody99', 'firstPet', 'Rex')).resolves.toMatchObject({ code: 1, err: 'No member "nobody99". (member.not.found)' });
      await expect(run('player1', 'firstCar', 'Beetle')).resolves.toMatchObject({ code: 1, err: expect.stringContaining('has not answered firstCar') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
