/**
 * The agency centre's tools over HTTP, as agents see them: the agent menu
 * (agents only; a revoked key disappears and its tool answers 403
 * agent.menu.denied; the dividend entry follows DIVIDEND3), the affiliate
 * code (drawn once, kept) and the direct downline count, open account
 * (members and sub-agents land in the agent's tree, a sub-agent's own members
 * at level 2; registration's checks answer their error codes and change
 * nothing), and the red envelope rain (one balanced ledger transaction, all
 * or nothing, idempotent by requestId also under concurrent requests; an
 * outsider, another agent's member, a duplicate id or a short wallet moves
 * nothing). Plain members and trial accounts get 403 agent.only everywhere.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affiliateEndpoint,
  agentMenuEndpoint,
  agentMenuKeys,
  type OpenAccountKind,
  openAccountEndpoint,
  redRainEndpoint,
} from '../../../contract/agent.ts';
import { affiliateCheckEndpoint } from '../../../contract/member.ts';
import { transactionRecordsEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { members } from '../../db/schema.ts';
import { memberTree } from '../../db/schema-agent.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { type AgentAccount, agentAccounts, openedMemberPassword } from '../../test/agent-harness.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { intactLedger, ledgerInvariants, signInTrial, } from '../../test/wallet-harness.ts';
import { balanceOf, findTransaction, } from '../wallet/ledger.ts';
import { redRainKeyOf } from './red-rain.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.db;
const memberPassword = openedMemberPassword;
const agentFunds = 5_000_00;

let seq = 0;
type Account = AgentAccount;

const accounts = agentAccounts(() => h, 'at');
const { logIn } = accounts;
/** A new agent (type 1 unless given) of the demo merchant with `agentFunds` in its wallet, logged in. */
const fundedAgent = (type = 1) => accounts.agent(type, agentFunds);

const openAccount = (c: TestClient, kind: OpenAccountKind, username: string, extra: Record<string, string> = {}) =>
  c.sealed.call(openAccountEndpoint, { kind, username, password: memberPassword, confirmPassword: memberPassword, ...extra });

/** Opens a member (or sub-agent) through the endpoint and answers its id. */
async function opened(agent: Account, kind: OpenAccountKind = 'member'): Promise<number> {
  return (await openAccount(agent.c, kind, `team${++seq}m`)).id;
}

const rain = (c: TestClient, memberIds: number[], amount: number, requestId: string = randomUUID()) =>
  c.call(redRainEndpoint, { body: { requestId, memberIds, amount } });

const balance = (memberId: number) => balanceOf(db(), 'DEMO', { kind: 'member', memberId });
const balances = (ids: number[]) => Promise.all(ids.map(balance));

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

const memberCount = async () => (await db().select({ n: count() }).from(members))[0]?.n ?? 0;

/** The member's rows of the tree: its ancestors with their depth (itself at 0). */
const ancestorsOf = async (memberId: number) =>
  (await db().select({ ancestorId: memberTree.ancestorId, depth: memberTree.depth }).from(memberTree).where(eq(memberTree.memberId, memberId))).sort(
    (a, b) => a.depth - b.depth,
  );

const menu = (key: (typeof agentMenuKeys)[number], grant: boolean) =>
  executeAdminCommand(db(), { kind: grant ? 'agent.menu.grant' : 'agent.menu.revoke', merchant: 'DEMO', key });

const player = () => logIn(demoAccounts.player.username, demoAccounts.player.password);

describe('agent menu', () => {
  it('answers every granted key and the dividend switch to an agent; 403 agent.only to a member and a trial account', async () => {
    const agent = await fundedAgent(2);
    await expect(agent.c.call(agentMenuEndpoint)).resolves.toEqual({ keys: [...agentMenuKeys], dividendEnabled: false });
    await executeAdminCommand(db(), { kind: 'switch.set', merchant: 'DEMO', key: 'DIVIDEND3', on: true });
    try {
      await expect(agent.c.call(agentMenuEndpoint)).resolves.toEqual({ keys: [...agentMenuKeys], dividendEnabled: true });
    } finally {
      await executeAdminCommand(db(), { kind: 'switch.set', merchant: 'DEMO', key: 'DIVIDEND3', on: false });
    }
    const seeded = await logIn(demoAccounts.agent.username, demoAccounts.agent.password);
    await expect(seeded.call(agentMenuEndpoint)).resolves.toEqual({ keys: [...agentMenuKeys], dividendEnabled: false });

    for (const c of [await player(), await signInTrial(h)]) {
      expect(await errorOf(c.call(agentMenuEndpoint))).toEqual({ status: 403, errorCode: 'agent.only' });
      expect(await errorOf(c.call(affiliateEndpoint))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
    for (const endpoint of [agentMenuEndpoint, affiliateEndpoint, redRainEndpoint, openAccountEndpoint]) {
      const res = await rawCall(h.app, endpoint, endpoint.method === 'POST' ? { payload: {} } : {});
      expect([endpoint.path, res.status, res.errorCode]).toEqual([endpoint.path, 401, 'user.or.token.invalid']);
    }
  });

  it('hides a revoked key, and its tool (the red envelope rain) answers 403 agent.menu.denied and moves nothing', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    await menu('AGENTRANSMULTDOWN3', false);
    try {
      expect((await agent.c.call(agentMenuEndpoint)).keys).toEqual(agentMenuKeys.filter((k) => k !== 'AGENTRANSMULTDOWN3'));
      expect(await errorOf(rain(agent.c, [member], 1_00))).toEqual({ status: 403, errorCode: 'agent.menu.denied' });
      expect(await balances([agent.id, member])).toEqual([agentFunds, 0]);
      // Open account and the affiliate link need no key.
      await expect(agent.c.call(affiliateEndpoint)).resolves.toMatchObject({ registered: 1 });
    } finally {
      await menu('AGENTRANSMULTDOWN3', true);
    }
    expect((await agent.c.call(agentMenuEndpoint)).keys).toEqual([...agentMenuKeys]);
    await expect(rain(agent.c, [member], 1_00)).resolves.toMatchObject({ members: 1, total: 1_00 });
  });
});

describe('affiliate link', () => {
  it("draws the agent's code once (A and 7 base32 characters) and counts the direct downline only", async () => {
    const agent = await fundedAgent();
    const first = await agent.c.call(affiliateEndpoint);
    expect(first).toEqual({ code: expect.stringMatching(/^A[A-Z2-7]{7}$/), registered: 0 });
    await expect(agent.c.call(affiliateEndpoint)).resolves.toEqual(first);
    const [stored] = await db().select({ code: members.affiliateCode }).from(members).where(eq(members.id, agent.id));
    expect(stored?.code).toBe(first.code);
    // Registration accepts it as an invitation code.
    await expect(h.client().call(affiliateCheckEndpoint, { query: { code: first.code } })).resolves.toEqual({ valid: true });

    await opened(agent);
    const sub = await openAccount(agent.c, 'agent', `sub${++seq}a`);
    const subClient = await logIn(sub.account, memberPassword);
    await openAccount(subClient, 'member', `deep${++seq}m`);
    // Level 2 is the sub-agent's, not the agent's direct downline.
    await expect(agent.c.call(affiliateEndpoint)).resolves.toEqual({ code: first.code, registered: 2 });
    await expect(subClient.call(affiliateEndpoint)).resolves.toEqual({ code: sub.affiliateCode, registered: 1 });
  });

  it("keeps the seeded agent1's code", async () => {
    const agent1 = await logIn(demoAccounts.agent.username, demoAccounts.agent.password);
    expect((await agent1.call(affiliateEndpoint)).code).toBe(demoAccounts.agent.affiliateCode);
  });
});

describe('open account', () => {
  it("opens a member and a sub-agent in the agent's tree; the sub-agent's own member lands at level 2", async () => {
    const agent = await fundedAgent();
    const member = await openAccount(agent.c, 'member', 'Rosa_Member1', { nickname: '  Rosa  ' });
    expect(member).toEqual({ id: expect.any(Number), account: 'Rosa_Member1', type: 0, affiliateCode: null });
    const sub = await openAccount(agent.c, 'agent', 'Sub_Agent1');
    expect(sub).toEqual({ id: expect.any(Number), account: 'Sub_Agent1', type: 2, affiliateCode: expect.stringMatching(/^A[A-Z2-7]{7}$/) });

    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ merchantCode: 'DEMO', parentId: agent.id, type: 0, nickname: 'Rosa', status: 'active' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await ancestorsOf(member.id)).toEqual([
      { ancestorId: member.id, depth: 0 },
      { ancestorId: agent.id, depth: 1 },
    ]);

    // Both log in with the password the agent chose; the sub-agent is an agent with the full menu.
    await logIn('rosa_member1', memberPassword);
    const subClient = await logIn('Sub_Agent1', memberPassword);
    await expect(subClient.call(agentMenuEndpoint)).resolves.toMatchObject({ keys: [...agentMenuKeys] });

    const deep = await openAccount(subClient, 'member', 'Deep_Member1');
    expect(await ancestorsOf(deep.id)).toEqual([
      { ancestorId: deep.id, depth: 0 },
      { ancestorId: sub.id, depth: 1 },
      { ancestorId: agent.id, depth: 2 },
    ]);
    const [levelTwo] = await db()
      .select({ depth: memberTree.depth })
      .from(memberTree)
      .where(and(eq(memberTree.ancestorId, agent.id), eq(memberTree.memberId, deep.id)));
    expect(levelTwo).toEqual({ depth: 2 });
  });

  it("answers registration's error codes (with the field) and opens nothing", async () => {
    const agent = await fundedAgent();
    await openAccount(agent.c, 'member', 'Taken_Name1');
    const before = await memberCount();
    const cases: [string, () => Promise<unknown>, number, string, string][] = [
      ['too short', () => openAccount(agent.c, 'member', 'ab'), 400, 'register.username.invalid', 'username'],
      ['starts with a digit', () => openAccount(agent.c, 'agent', '9lives'), 400, 'register.username.invalid', 'username'],
      ['symbols', () => openAccount(agent.c, 'member', 'bad name!'), 400, 'register.username.invalid', 'username'],
      ['blank', () => openAccount(agent.c, 'member', '   '), 400, 'register.field.required', 'username'],
      [
        'mismatch',
        () => agent.c.sealed.call(openAccountEndpoint, { kind: 'member', username: 'fresh_one1', password: memberPassword, confirmPassword: 'Other#2026x' }),
        400,
        'password.confirm.mismatch',
        'confirmPassword',
      ],
      [
        'weak password',
        () => agent.c.sealed.call(openAccountEndpoint, { kind: 'member', username: 'fresh_one2', password: 'short', confirmPassword: 'short' }),
        400,
        'password.invalid',
        'password',
      ],
      ['nickname', () => openAccount(agent.c, 'member', 'fresh_one3', { nickname: '<b>x</b>' }), 400, 'register.name.invalid', 'nickname'],
      ['taken, other case', () => openAccount(agent.c, 'member', 'TAKEN_name1'), 409, 'member.username.exists', 'username'],
      ['taken by the seed', () => openAccount(agent.c, 'agent', 'PLAYER1'), 409, 'member.username.exists', 'username'],
    ];
    for (const [what, call, status, errorCode, field] of cases) {
      const error = await failureOf(call());
      expect({ what, status: error.status, errorCode: error.errorCode, value: error.value }).toEqual({ what, status, errorCode, value: { field } });
    }
    expect(await memberCount()).toBe(before);
  });

  it('refuses a member and a trial account (403 agent.only), and an unencrypted body', async () => {
    const refused = [await player(), await signInTrial(h)];
    const agent = await fundedAgent();
    const before = await memberCount();
    for (const c of refused) {
      expect(await errorOf(openAccount(c, 'member', `nobody${++seq}x`))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
    const plain = await rawCall(h.app, openAccountEndpoint, {
      headers: { authorization: agent.c.token ?? '' },
      payload: { value: JSON.stringify({ kind: 'member', username: 'plain_one1', password: memberPassword, confirmPassword: memberPassword }) },
    });
    expect([plain.status, plain.errorCode]).toEqual([400, 'crypto.required']);
    const badKind = await failureOf(openAccount(agent.c, 'boss' as OpenAccountKind, 'plain_one2'));
    expect([badKind.status, badKind.errorCode]).toEqual([400, 'request.invalid']);
    expect(await memberCount()).toBe(before);
  });
});

describe('red envelope rain', () => {
  it('moves the amount from the agent to each member in one balanced transaction, shown in both records and wallets', async () => {
    const agent = await fundedAgent();
    const team = [await opened(agent), await opened(agent), await opened(agent)];
    const memberClient = await logIn((await db().select().from(members).where(eq(members.id, team[0]!)))[0]!.username, memberPassword);
    // Read (and cache) both wallets first: the rain must show at once.
    expect((await agent.c.call(walletEndpoint)).sumBalance).toBe(agentFunds);
    expect((await memberClient.call(walletEndpoint)).sumBalance).toBe(0);

    const requestId = randomUUID();
    const result = await rain(agent.c, team, 25_00, requestId);
    expect(result).toEqual({ transactionId: expect.any(String), members: 3, total: 75_00, balance: agentFunds - 75_00 });
    expect(await balances([agent.id, ...team])).toEqual([agentFunds - 75_00, 25_00, 25_00, 25_00]);
    expect((await agent.c.call(walletEndpoint)).sumBalance).toBe(agentFunds - 75_00);
    expect((await memberClient.call(walletEndpoint)).sumBalance).toBe(25_00);

    const tx = await findTransaction(db(), 'DEMO', redRainKeyOf(agent.id, requestId));
    expect(tx).toMatchObject({ id: result.transactionId, kind: 'agent.transfer', meta: { agentId: agent.id, requestId, memberCount: 3 } });
    expect(tx?.postings.map((p) => [p.account, p.amount])).toEqual([
      [`member:${agent.id}`, -75_00],
      ...team.map((id) => [`member:${id}`, 25_00]),
    ]);
    expect(tx?.postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);

    const record = { transactionId: result.transactionId, type: 'O', kind: 'agent.transfer', account: 'wallet', reference: null };
    expect((await memberClient.call(transactionRecordsEndpoint, { query: {} })).list).toEqual([
      expect.objectContaining({ ...record, amount: 25_00, balanceAfter: 25_00 }),
    ]);
    expect((await agent.c.call(transactionRecordsEndpoint, { query: { types: 'O' } })).list[0]).toEqual(
      expect.objectContaining({ ...record, amount: -75_00, balanceAfter: agentFunds - 75_00 }),
    );
  });

  it('answers a replay with the first result and moves once, also for requests at the same time; another body with the same requestId is a conflict', async () => {
    const agent = await fundedAgent();
    const team = [await opened(agent), await opened(agent)];
    const requestId = randomUUID();
    const first = await rain(agent.c, team, 10_00, requestId);
    // The agent spends meanwhile: the replay still answers the balance right after the first rain.
    await rain(agent.c, [team[0]!], 1_00);
    await expect(rain(agent.c, [...team].reverse(), 10_00, requestId)).resolves.toEqual(first);
    expect(await balances([agent.id, ...team])).toEqual([agentFunds - 21_00, 11_00, 10_00]);
    for (const [memberIds, amount] of [
      [team, 11_00],
      [[team[0]!], 10_00],
    ] as const) {
      expect(await errorOf(rain(agent.c, [...memberIds], amount, requestId))).toEqual({ status: 409, errorCode: 'request.idempotency.conflict' });
    }

    const concurrentId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => rain(agent.c, team, 5_00, concurrentId)));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(answers.every((a) => a.balance === agentFunds - 31_00)).toBe(true);
    expect(await balances([agent.id, ...team])).toEqual([agentFunds - 31_00, 16_00, 15_00]);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it("pays only the agent's own subtree: another team's member, the agent itself, its own agent or an unknown id answer 404 and move nothing", async () => {
    const a = await fundedAgent();
    const b = await fundedAgent();
    const aTeam = [await opened(a), await opened(a)];
    const bMember = await opened(b);
    const sub = await openAccount(a.c, 'agent', `suba${++seq}x`);
    const subClient = await logIn(sub.account, memberPassword);
    const deep = (await openAccount(subClient, 'member', `deepa${++seq}x`)).id;
    const everyone = [a.id, b.id, ...aTeam, bMember, sub.id, deep];
    const before = await balances(everyone);

    const refused: [TestClient, number[]][] = [
      [a.c, [aTeam[0]!, bMember]],
      [a.c, [bMember]],
      [a.c, [a.id]],
      [a.c, [aTeam[0]!, 987_654_321]],
      [b.c, [aTeam[0]!]],
      [b.c, [deep]],
      [b.c, [a.id]],
      [subClient, [aTeam[0]!]],
      [subClient, [a.id]],
    ];
    for (const [c, memberIds] of refused) {
      expect({ memberIds, ...(await errorOf(rain(c, memberIds, 1_00))) }).toEqual({ memberIds, status: 404, errorCode: 'agent.member.not.found' });
    }
    expect(await balances(everyone)).toEqual(before);

    // Level 2 is the agent's team too, and the sub-agent's own.
    await expect(rain(a.c, [deep, sub.id], 2_00)).resolves.toMatchObject({ members: 2, total: 4_00 });
    await expect(rain(subClient, [deep], 1_00)).resolves.toMatchObject({ members: 1, total: 1_00, balance: 1_00 });
    expect(await balance(deep)).toBe(3_00);
  });

  it('refuses a total above the balance (409 wallet.balance.insufficient), duplicate ids and bad bodies (400), members and trial accounts (403), moving nothing', async () => {
    const agent = await fundedAgent();
    const team = [await opened(agent), await opened(agent)];
    const everyone = [agent.id, ...team];
    expect(await errorOf(rain(agent.c, team, agentFunds / 2 + 1))).toEqual({ status: 409, errorCode: 'wallet.balance.insufficient' });
    expect(await errorOf(rain(agent.c, [team[0]!, team[1]!, team[0]!], 1_00))).toEqual({ status: 400, errorCode: 'request.invalid' });
    for (const body of [
      { requestId: randomUUID(), memberIds: [], amount: 1_00 },
      { requestId: randomUUID(), memberIds: team, amount: 0 },
      { requestId: randomUUID(), memberIds: team, amount: -5 },
      { requestId: randomUUID(), memberIds: team, amount: 1.5 },
      { requestId: 'short', memberIds: team, amount: 1_00 },
      { requestId: randomUUID(), memberIds: ['x'], amount: 1_00 },
      { requestId: randomUUID(), memberIds: Array.from({ length: 201 }, (_, i) => i + 1), amount: 1_00 },
    ]) {
      const res = await rawCall(h.app, redRainEndpoint, { headers: { authorization: agent.c.token ?? '' }, payload: body });
      expect({ body, status: res.status, errorCode: res.errorCode }).toEqual({ body, status: 400, errorCode: 'request.invalid' });
    }
    for (const c of [await player(), await signInTrial(h)]) {
      expect(await errorOf(rain(c, team, 1_00))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
    expect(await balances(everyone)).toEqual([agentFunds, 0, 0]);
    // Exactly the whole balance is fine.
    await expect(rain(agent.c, team, agentFunds / 2)).resolves.toMatchObject({ total: agentFunds, balance: 0 });
    expect(await balances(everyone)).toEqual([0, agentFunds / 2, agentFunds / 2]);
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });
});
