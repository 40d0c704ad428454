/**
 * Agent contracts over HTTP, as agents and members see them
 * (contract/agent-contracts.ts): an agent proposes a salary, hourly or
 * dividend contract to a member of its direct downline only (by account, any
 * case; anyone else is agent.member.not.found), with valid tiers, one pending
 * proposal per member and kind also under concurrent requests; the member
 * sees it in its requests (the spec's field names), accepts (ending its
 * previous contract of the kind) or rejects it, the agent withdraws it or
 * ends an active one; the wrong party or a state already moved is
 * contract.state.changed, anyone else's contract contract.not.found; the
 * overview lists what each side sees; the payouts of a settled period show
 * to the member (received) and the agent (paid) only; the dividend summary
 * reads the agent's team's net loss this month and its contract's estimate.
 * Refused calls change nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Contract,
  type ContractDecision,
  type ContractKind,
  type ContractTier,
  contractOverviewEndpoint,
  contractPayoutsEndpoint,
  contractRequestsEndpoint,
  decideContractEndpoint,
  dividendSummaryEndpoint,
  proposeContractEndpoint,
} from '../../../contract/agent-contracts.ts';
import { members } from '../../db/schema.ts';
import { agentContracts, contractPayouts } from '../../db/schema-contracts.ts';
import { agentAccounts } from '../../test/agent-harness.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { intactLedger, ledgerInvariants, signInTrial, } from '../../test/wallet-harness.ts';
import { balanceOf, } from '../wallet/ledger.ts';
import { settleContracts } from './settlement.ts';

let h: Harness;
let gameId: number;
let vendorCode: string;
beforeAll(async () => {
  h = await createHarness();
  const [game] = rowsOf<{ id: number; vassalage: string }>(await db().execute(sql`select id, vassalage from games where merchant_code = 'DEMO' limit 1`));
  gameId = Number(game!.id);
  vendorCode = String(game!.vassalage);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.testDb.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const agentFunds = 5_000_00;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

let seq = 0;
const accounts = agentAccounts(() => h, 'ct');
const { opened } = accounts;
/** A new agent (type 1 unless given) of the demo merchant with `funds` in its wallet, logged in. */
const fundedAgent = (type = 1, funds = agentFunds) => accounts.agent(type, funds);

const tiers: ContractTier[] = [
  { threshold: 100_00, reward: 5_00 },
  { threshold: 1_000_00, reward: 20_00 },
];

const propose = (c: TestClient, account: string, kind: ContractKind = 'salary', t: ContractTier[] = tiers) =>
  c.call(proposeContractEndpoint, { body: { kind, account, tiers: t } });
const decide = (c: TestClient, contractId: number, decision: ContractDecision) => c.call(decideContractEndpoint, { body: { contractId, decision } });
const overview = (c: TestClient, kind: ContractKind = 'salary') => c.call(contractOverviewEndpoint, { query: { kind } });
const requests = (c: TestClient) => c.call(contractRequestsEndpoint);
const payouts = (c: TestClient, kind: ContractKind = 'salary', page: { pageNo?: number; pageSize?: number } = {}) =>
  c.call(contractPayoutsEndpoint, { query: { kind, ...page } });

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

/** Every contract row where one of `ids` is a party, by id (what a refused call must leave as it was). */
const contractRows = (ids: number[]) =>
  db()
    .select()
    .from(agentContracts)
    .where(or(inArray(agentContracts.agentId, ids), inArray(agentContracts.memberId, ids)))
    .orderBy(agentContracts.id);

const statusOf = async (id: number) => (await db().select({ status: agentContracts.status }).from(agentContracts).where(eq(agentContracts.id, id)))[0]?.status;

const nowIso = () => h.clock.now().toISOString();
const startOfToday = () => Math.floor(h.clock.now().getTime() / dayMs) * dayMs;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A bet of `memberId` placed at `at` (written into bets directly, as rollups.test.ts does). */
async function placeBet(memberId: number, at: Date, stake: number, win = 0, status: 'settled' | 'open' | 'rolled_back' = 'settled'): Promise<void> {
  await db().execute(sql`insert into bets (merchant_code, member_id, game_id, vendor_code, round_id, stake, win, status, created_at, settled_at)
    values ('DEMO', ${memberId}, ${gameId}, ${vendorCode}, ${`contract-${randomUUID()}`}, ${stake}, ${win}, ${status},
      ${at.toISOString()}::timestamptz, ${status === 'open' ? null : at.toISOString()}::timestamptz)`);
}

/**
 * A contract pays a period only if accepted before the period's end, and the harness's clock (now) is after every
 * period settled here: accepted over HTTP, the contract is moved into the past with a direct UPDATE.
 */
const acceptedAt = (contractId: number, at: Date) =>
  db().update(agentContracts).set({ decidedAt: at, createdAt: at }).where(eq(agentContracts.id, contractId));

describe('propose', () => {
  it('an agent proposes to its direct downline member by account, in any case: a pending contract with the tiers', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent, 'member', `Case_Member${++seq}`);
    const contract = await propose(agent.c, member.username.toUpperCase(), 'hourly');
    expect(contract).toEqual({
      id: expect.any(Number),
      kind: 'hourly',
      status: 'pending',
      agentAccount: agent.username,
      memberAccount: member.username,
      tiers,
      createdAt: nowIso(),
      decidedAt: null,
      endedAt: null,
    });
    const [row] = await contractRows([member.id]);
    expect(row).toMatchObject({ id: contract.id, merchantCode: 'DEMO', agentId: agent.id, memberId: member.id, kind: 'hourly', status: 'pending', tiers });
    // A sub-agent of the direct downline may be offered one too, and a dividend's rate may be 100 %.
    const sub = await opened(agent, 'agent');
    await expect(propose(agent.c, sub.username, 'dividend', [{ threshold: 0, reward: 10_000 }])).resolves.toMatchObject({
      kind: 'dividend',
      status: 'pending',
      memberAccount: sub.username,
      tiers: [{ threshold: 0, reward: 10_000 }],
    });
  });

  it("answers 404 agent.member.not.found for a level-2 member, another agent's member, an unknown account, a disabled member, itself and its own agent", async () => {
    const a = await fundedAgent();
    const b = await fundedAgent();
    const sub = await opened(a, 'agent');
    const deep = await opened(sub);
    const bMember = await opened(b);
    const disabled = await opened(a);
    await db().update(members).set({ status: 'disabled' }).where(eq(members.id, disabled.id));
    const cases: [TestClient, string][] = [
      [a.c, deep.username],
      [a.c, disabled.username],
      [a.c, bMember.username],
      [a.c, `nobody${++seq}x`],
      [a.c, a.username],
      [a.c, 'ctteam%'],
      [sub.c, a.username],
      [b.c, sub.username],
    ];
    for (const [c, account] of cases) {
      expect({ account, ...(await errorOf(propose(c, account))) }).toEqual({ account, status: 404, errorCode: 'agent.member.not.found' });
    }
    expect(await contractRows([a.id, b.id, sub.id, deep.id, bMember.id, disabled.id])).toEqual([]);
  });

  it('answers 403 agent.only to a plain member and a trial account, storing nothing', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const other = await opened(agent);
    for (const c of [member.c, await signInTrial(h)]) {
      expect(await errorOf(propose(c, other.username))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
    expect(await contractRows([agent.id, member.id, other.id])).toEqual([]);
  });

  it('answers 400 contract.tiers.invalid for tiers not rising or a dividend rate above 100 %, and 400 request.invalid for bad shapes', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const invalid: [ContractKind, ContractTier[]][] = [
      ['salary', [{ threshold: 100, reward: 10 }, { threshold: 100, reward: 20 }]],
      ['salary', [{ threshold: 200, reward: 10 }, { threshold: 100, reward: 20 }]],
      ['hourly', [{ threshold: 100, reward: 20 }, { threshold: 200, reward: 20 }]],
      ['hourly', [{ threshold: 100, reward: 20 }, { threshold: 200, reward: 10 }]],
      ['dividend', [{ threshold: 100, reward: 10_001 }]],
      ['dividend', [{ threshold: 100, reward: 5_000 }, { threshold: 200, reward: 10_001 }]],
    ];
    for (const [kind, t] of invalid) {
      const error = await failureOf(propose(agent.c, member.username, kind, t));
      expect({ t, status: error.status, errorCode: error.errorCode, value: error.value }).toEqual({
        t,
        status: 400,
        errorCode: 'contract.tiers.invalid',
        value: { field: 'tiers' },
      });
    }
    const tier = { threshold: 100, reward: 10 };
    const rising = (n: number) => Array.from({ length: n }, (_, i) => ({ threshold: (i + 1) * 100, reward: (i + 1) * 10 }));
    for (const body of [
      { kind: 'salary', account: member.username, tiers: [] },
      // More than 10 tiers: the contract's schema (maxLength) refuses them before the rules do.
      { kind: 'salary', account: member.username, tiers: rising(11) },
      { kind: 'salary', account: member.username, tiers: [{ threshold: -1, reward: 10 }] },
      { kind: 'salary', account: member.username, tiers: [{ threshold: 100, reward: 0 }] },
      { kind: 'salary', account: member.username, tiers: [{ threshold: 100, reward: 1.5 }] },
      { kind: 'salary', account: member.username, tiers: [{ threshold: 1_000_000_000_001, reward: 10 }] },
      { kind: 'salary', account: member.username, tiers: [{ threshold: '100', reward: 10 }] },
      { kind: 'salary', account: member.username, tiers: 'x' },
      { kind: 'salary', account: member.username },
      { kind: 'weekly', account: member.username, tiers: [tier] },
      { kind: 'salary', account: '', tiers: [tier] },
      { kind: 'salary', account: 'a'.repeat(65), tiers: [tier] },
    ]) {
      const res = await rawCall(h.app, proposeContractEndpoint, { headers: { authorization: agent.c.token ?? '' }, payload: body });
      expect({ body, status: res.status, errorCode: res.errorCode }).toEqual({ body, status: 400, errorCode: 'request.invalid' });
    }
    expect(await contractRows([agent.id, member.id])).toEqual([]);
    // Ten rising tiers are fine.
    await expect(propose(agent.c, member.username, 'salary', rising(10))).resolves.toMatchObject({ status: 'pending', tiers: rising(10) });
  });

  it('answers 409 contract.pending.exists to a second pending proposal of the same kind; another kind is fine, and so is a new one once decided', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const first = await propose(agent.c, member.username, 'salary');
    const error = await failureOf(propose(agent.c, member.username, 'salary', [{ threshold: 1, reward: 1 }]));
    expect([error.status, error.errorCode, error.value]).toEqual([409, 'contract.pending.exists', { field: 'account' }]);
    expect((await contractRows([member.id])).map((r) => [r.id, r.kind, r.status, r.tiers])).toEqual([[first.id, 'salary', 'pending', tiers]]);

    const hourly = await propose(agent.c, member.username, 'hourly');
    const dividend = await propose(agent.c, member.username, 'dividend', [{ threshold: 100, reward: 1_000 }]);
    expect([hourly.status, dividend.status]).toEqual(['pending', 'pending']);

    await decide(agent.c, first.id, 'withdraw');
    await expect(propose(agent.c, member.username, 'salary')).resolves.toMatchObject({ status: 'pending' });
  });

  it('lands exactly one of several proposals of the same kind sent at once', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => propose(agent.c, member.username, 'salary', [{ threshold: 100, reward: i + 1 }])));
    const landed = results.filter((r) => r.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect([r.reason.status, r.reason.errorCode]).toEqual([409, 'contract.pending.exists']);
    }
    const rows = await contractRows([member.id]);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[(landed[0] as PromiseFulfilledResult<Contract>).value.id, 'pending']]);
  });
});

describe('requests', () => {
  it("shows the member each kind's pending proposal id as text ('' otherwise), in the spec's field names", async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const none = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };
    await expect(requests(member.c)).resolves.toEqual(none);

    const salary = await propose(agent.c, member.username, 'salary');
    const hourly = await propose(agent.c, member.username, 'hourly');
    await expect(requests(member.c)).resolves.toEqual({ dailysalreqtype: String(salary.id), divtypecompperiodreq: '', contracthoursalreq: String(hourly.id) });
    const dividend = await propose(agent.c, member.username, 'dividend', [{ threshold: 100, reward: 1_000 }]);
    await expect(requests(member.c)).resolves.toEqual({
      dailysalreqtype: String(salary.id),
      divtypecompperiodreq: String(dividend.id),
      contracthoursalreq: String(hourly.id),
    });
    // The agent that offered them awaits nothing; another member of the agent neither.
    await expect(requests(agent.c)).resolves.toEqual(none);
    await expect(requests((await opened(agent)).c)).resolves.toEqual(none);

    // Decided proposals leave the requests.
    await decide(member.c, salary.id, 'accept');
    await decide(member.c, dividend.id, 'reject');
    await decide(agent.c, hourly.id, 'withdraw');
    await expect(requests(member.c)).resolves.toEqual(none);
  });

  it("answers '' for every kind to a trial account", async () => {
    await expect(requests(await signInTrial(h))).resolves.toEqual({ dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' });
  });
});

describe('decide', () => {
  it("accepting makes a proposal active and ends the member's previous active contract of the kind", async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const first = await propose(agent.c, member.username, 'salary');
    const accepted = await decide(member.c, first.id, 'accept');
    expect(accepted).toEqual({ ...first, status: 'active', decidedAt: nowIso(), endedAt: null });

    h.clock.advance(60_000);
    const better = [{ threshold: 50_00, reward: 10_00 }];
    const second = await propose(agent.c, member.username, 'salary', better);
    const hourly = await decide(member.c, (await propose(agent.c, member.username, 'hourly')).id, 'accept');
    await expect(decide(member.c, second.id, 'accept')).resolves.toEqual({ ...second, status: 'active', decidedAt: nowIso(), endedAt: null });

    const received = (await overview(member.c)).received;
    expect(received).toEqual([
      { ...second, status: 'active', decidedAt: nowIso(), endedAt: null },
      { ...accepted, status: 'ended', endedAt: nowIso() },
    ]);
    // Another kind's active contract stays.
    expect((await overview(member.c, 'hourly')).received).toEqual([hourly]);
    expect(await statusOf(hourly.id)).toBe('active');
  });

  it('rejecting (the member), withdrawing a proposal and ending an active contract (the agent) move it and stamp the time', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const rejected = await propose(agent.c, member.username, 'salary');
    await expect(decide(member.c, rejected.id, 'reject')).resolves.toEqual({ ...rejected, status: 'rejected', decidedAt: nowIso() });
    const withdrawn = await propose(agent.c, member.username, 'salary');
    await expect(decide(agent.c, withdrawn.id, 'withdraw')).resolves.toEqual({ ...withdrawn, status: 'withdrawn', decidedAt: nowIso() });
    const active = await decide(member.c, (await propose(agent.c, member.username, 'salary')).id, 'accept');
    h.clock.advance(60_000);
    await expect(decide(agent.c, active.id, 'end')).resolves.toEqual({ ...active, status: 'ended', endedAt: nowIso() });
    expect((await overview(member.c)).received.map((c) => c.status)).toEqual(['ended', 'withdrawn', 'rejected']);
  });

  it('answers 409 contract.state.changed to the wrong party and to a state already moved, changing nothing', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const pending = await propose(agent.c, member.username, 'salary');
    const active = await decide(member.c, (await propose(agent.c, member.username, 'hourly')).id, 'accept');
    const rejected = await decide(member.c, (await propose(agent.c, member.username, 'dividend', [{ threshold: 1, reward: 1 }])).id, 'reject');
    const before = await contractRows([member.id]);
    const cases: [string, TestClient, number, ContractDecision][] = [
      ['the agent accepts', agent.c, pending.id, 'accept'],
      ['the agent rejects', agent.c, pending.id, 'reject'],
      ['the member withdraws', member.c, pending.id, 'withdraw'],
      ['the member ends', member.c, active.id, 'end'],
      ['the agent ends a proposal', agent.c, pending.id, 'end'],
      ['the agent withdraws an active one', agent.c, active.id, 'withdraw'],
      ['the member accepts an active one', member.c, active.id, 'accept'],
      ['the member rejects an active one', member.c, active.id, 'reject'],
      ['the member accepts a rejected one', member.c, rejected.id, 'accept'],
      ['the agent withdraws a rejected one', agent.c, rejected.id, 'withdraw'],
      ['the agent ends a rejected one', agent.c, rejected.id, 'end'],
    ];
    for (const [what, c, id, decision] of cases) {
      expect({ what, ...(await errorOf(decide(c, id, decision))) }).toEqual({ what, status: 409, errorCode: 'contract.state.changed' });
    }
    expect(await contractRows([member.id])).toEqual(before);

    // Ended and withdrawn are final.
    await decide(agent.c, active.id, 'end');
    await decide(agent.c, pending.id, 'withdraw');
    for (const [id, decision] of [
      [active.id, 'end'],
      [pending.id, 'withdraw'],
    ] as const) {
      expect(await errorOf(decide(agent.c, id, decision))).toEqual({ status: 409, errorCode: 'contract.state.changed' });
    }
    expect(await errorOf(decide(member.c, pending.id, 'accept'))).toEqual({ status: 409, errorCode: 'contract.state.changed' });
  });

  it("answers 404 contract.not.found for someone else's contract and an unknown id, 403 trial.forbidden to a trial account, 400 for bad bodies", async () => {
    const a = await fundedAgent();
    const b = await fundedAgent();
    const member = await opened(a);
    const sibling = await opened(a);
    const bMember = await opened(b);
    const contract = await propose(a.c, member.username, 'salary');
    const before = await contractRows([member.id]);
    for (const [c, decision] of [
      [b.c, 'withdraw'],
      [b.c, 'accept'],
      [sibling.c, 'accept'],
      [sibling.c, 'withdraw'],
      [bMember.c, 'reject'],
    ] as const) {
      expect(await errorOf(decide(c, contract.id, decision))).toEqual({ status: 404, errorCode: 'contract.not.found' });
    }
    expect(await errorOf(decide(member.c, 987_654_321, 'accept'))).toEqual({ status: 404, errorCode: 'contract.not.found' });
    expect(await errorOf(decide(await signInTrial(h), contract.id, 'accept'))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    for (const body of [
      { contractId: contract.id, decision: 'cancel' },
      { contractId: 0, decision: 'accept' },
      { contractId: -1, decision: 'accept' },
      { contractId: String(contract.id), decision: 'accept' },
      { decision: 'accept' },
    ]) {
      const res = await rawCall(h.app, decideContractEndpoint, { headers: { authorization: member.c.token ?? '' }, payload: body });
      expect({ body, status: res.status, errorCode: res.errorCode }).toEqual({ body, status: 400, errorCode: 'request.invalid' });
    }
    expect(await contractRows([member.id])).toEqual(before);
    await expect(decide(member.c, contract.id, 'accept')).resolves.toMatchObject({ status: 'active' });
  });

  it('lets one of two accepts at once through (the other 409), and one of an accept and a withdrawal at once', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    const contract = await propose(agent.c, member.username, 'salary');
    const results = await Promise.allSettled([decide(member.c, contract.id, 'accept'), decide(member.c, contract.id, 'accept')]);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<Contract>).value.status)).toEqual(['active']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([refused.reason.status, refused.reason.errorCode]).toEqual([409, 'contract.state.changed']);
    expect((await contractRows([member.id])).map((r) => r.status)).toEqual(['active']);

    const next = await propose(agent.c, member.username, 'salary', [{ threshold: 1, reward: 1 }]);
    const race = await Promise.allSettled([decide(member.c, next.id, 'accept'), decide(agent.c, next.id, 'withdraw')]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await contractRows([member.id]);
    const won = (race.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Contract>).value;
    // Accepted: the first contract ended; withdrawn: it stays active.
    expect(rows.map((r) => r.status)).toEqual(won.status === 'active' ? ['ended', 'active'] : ['active', 'withdrawn']);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
  });
});

describe('overview', () => {
  it('shows a member what it received (newest first, with the history) and an agent what it offered that is pending or active', async () => {
    const agent = await fundedAgent();
    const sub = await opened(agent, 'agent');
    const member = await opened(agent);
    const deep = await opened(sub);

    const rejected = await decide(member.c, (await propose(agent.c, member.username)).id, 'reject');
    const active = await decide(member.c, (await propose(agent.c, member.username)).id, 'accept');
    const pending = await propose(agent.c, member.username);
    const subPending = await propose(agent.c, sub.username);
    const withdrawn = await decide(agent.c, (await propose(agent.c, sub.username, 'hourly')).id, 'withdraw');
    const deepActive = await decide(deep.c, (await propose(sub.c, deep.username)).id, 'accept');

    await expect(overview(member.c)).resolves.toEqual({ received: [pending, active, rejected], offered: [], canOffer: false });
    await expect(overview(member.c, 'hourly')).resolves.toEqual({ received: [], offered: [], canOffer: false });
    await expect(overview(agent.c)).resolves.toEqual({ received: [], offered: [subPending, pending, active], canOffer: true });
    await expect(overview(agent.c, 'hourly')).resolves.toEqual({ received: [], offered: [], canOffer: true });
    // A sub-agent both received and offered; its own offers are not its agent's.
    await expect(overview(sub.c)).resolves.toEqual({ received: [subPending], offered: [deepActive], canOffer: true });
    await expect(overview(sub.c, 'hourly')).resolves.toEqual({ received: [withdrawn], offered: [], canOffer: true });
    await expect(overview(deep.c)).resolves.toEqual({ received: [deepActive], offered: [], canOffer: false });
    // Another agent sees none of them.
    await expect(overview((await fundedAgent()).c)).resolves.toEqual({ received: [], offered: [], canOffer: true });
  });

  it('answers 403 trial.forbidden to a trial account, and 400 for an unknown kind', async () => {
    const trial = await signInTrial(h);
    expect(await errorOf(overview(trial))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(payouts(trial))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    const agent = await fundedAgent();
    const res = await rawCall(h.app, contractOverviewEndpoint, { headers: { authorization: agent.c.token ?? '' }, url: `${contractOverviewEndpoint.path}?kind=weekly` });
    expect([res.status, res.errorCode]).toEqual([400, 'request.invalid']);
  });
});

describe('payouts', () => {
  it("shows a settled period's payout to the member (received) and the agent (paid), newest period first, paged; nobody else sees it", async () => {
    const agent = await fundedAgent();
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    const small = await opened(agent);
    const outsider = await fundedAgent();
    const today = startOfToday();
    const yesterday = isoDay(today - dayMs);
    const dayBefore = isoDay(today - 2 * dayMs);

    const subContract = await decide(sub.c, (await propose(agent.c, sub.username)).id, 'accept');
    const smallContract = await decide(small.c, (await propose(agent.c, small.username)).id, 'accept');
    await acceptedAt(subContract.id, new Date(today - 3 * dayMs));
    await acceptedAt(smallContract.id, new Date(today - 3 * dayMs));

    // The sub-agent's team (itself and its member): 1,100.00 yesterday (a rolled-back bet left out, an open one counted), 200.00 the day before.
    await placeBet(sub.id, new Date(today - dayMs + hourMs), 600_00, 900_00);
    await placeBet(deep.id, new Date(today - dayMs + 5 * hourMs), 400_00, 0, 'open');
    await placeBet(deep.id, new Date(today - dayMs + 6 * hourMs), 100_00);
    await placeBet(deep.id, new Date(today - dayMs + 7 * hourMs), 5_000_00, 0, 'rolled_back');
    await placeBet(deep.id, new Date(today - 2 * dayMs + hourMs), 200_00);
    // Today's bets belong to a period not settled yet.
    await placeBet(sub.id, new Date(today + hourMs), 10_000_00);
    await placeBet(small.id, new Date(today - dayMs + hourMs), 50_00);

    const now = h.clock.now();
    await settleContracts(db(), 'salary', dayBefore, { now });
    await settleContracts(db(), 'salary', yesterday, { now });
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: agent.id })).toBe(agentFunds - 25_00);
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: sub.id })).toBe(25_00);

    const line = (contract: Contract, period: string, base: number, amount: number, status: string, role: 'received' | 'paid') => ({
      id: expect.any(Number),
      contractId: contract.id,
      kind: 'salary',
      role,
      period,
      agentAccount: agent.username,
      memberAccount: contract.memberAccount,
      base,
      amount,
      status,
      settledAt: expect.any(String),
    });
    await expect(payouts(sub.c)).resolves.toEqual({
      list: [line(subContract, yesterday, 1_100_00, 20_00, 'paid', 'received'), line(subContract, dayBefore, 200_00, 5_00, 'paid', 'received')],
      pageNum: 1,
      totalPages: 1,
      total: 2,
    });
    // Newest period first; within a period, the latest settled first.
    const paid = [
      line(smallContract, yesterday, 50_00, 0, 'nothing', 'paid'),
      line(subContract, yesterday, 1_100_00, 20_00, 'paid', 'paid'),
      line(smallContract, dayBefore, 0, 0, 'nothing', 'paid'),
      line(subContract, dayBefore, 200_00, 5_00, 'paid', 'paid'),
    ];
    const all = await payouts(agent.c);
    expect(all).toEqual({ list: paid, pageNum: 1, totalPages: 1, total: 4 });
    const [page1, page2, page3] = await Promise.all([1, 2, 3].map((pageNo) => payouts(agent.c, 'salary', { pageNo, pageSize: 3 })));
    expect(page1).toEqual({ list: all.list.slice(0, 3), pageNum: 1, totalPages: 2, total: 4 });
    expect(page2).toEqual({ list: all.list.slice(3), pageNum: 2, totalPages: 2, total: 4 });
    expect(page3).toEqual({ list: [], pageNum: 3, totalPages: 2, total: 4 });

    // Nobody else: the sub-agent's own member, another agent, another kind.
    const empty = { list: [], pageNum: 1, totalPages: 1, total: 0 };
    await expect(payouts(deep.c)).resolves.toEqual(empty);
    await expect(payouts(outsider.c)).resolves.toEqual(empty);
    await expect(payouts(agent.c, 'hourly')).resolves.toEqual(empty);
    await expect(payouts(small.c)).resolves.toEqual({ ...empty, list: [paid[0]!, paid[2]!].map((p) => ({ ...p, role: 'received' })), total: 2 });
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
  });

  it("keeps a payout the agent's wallet cannot cover as unpaid, shown to both sides, and moves nothing", async () => {
    const agent = await fundedAgent(1, 10_00);
    const member = await opened(agent);
    const contract = await decide(member.c, (await propose(agent.c, member.username, 'salary', [{ threshold: 1_00, reward: 50_00 }])).id, 'accept');
    const today = startOfToday();
    await acceptedAt(contract.id, new Date(today - 2 * dayMs));
    await placeBet(member.id, new Date(today - dayMs + hourMs), 2_00);
    await settleContracts(db(), 'salary', isoDay(today - dayMs), { now: h.clock.now() });

    const expected = { contractId: contract.id, period: isoDay(today - dayMs), base: 2_00, amount: 50_00, status: 'unpaid' };
    expect((await payouts(member.c)).list).toEqual([expect.objectContaining({ ...expected, role: 'received' })]);
    expect((await payouts(agent.c)).list).toEqual([expect.objectContaining({ ...expected, role: 'paid' })]);
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: agent.id })).toBe(10_00);
    expect(await balanceOf(db(), 'DEMO', { kind: 'member', memberId: member.id })).toBe(0);
    expect((await db().select().from(contractPayouts).where(eq(contractPayouts.contractId, contract.id))).map((p) => p.txId)).toEqual([null]);
  });
});

describe('dividend summary', () => {
  it("reads the agent's team's net loss this month and the estimate from its active dividend contract", async () => {
    const agent = await fundedAgent();
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    const today = startOfToday();
    const period = nowIso().slice(0, 7);
    const empty = { period, netLoss: 0, contract: null, estimate: 0, receivedTotal: 0, paidTotal: 0 };
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual(empty);

    const dividendTiers = [
      { threshold: 100_00, reward: 1_000 },
      { threshold: 1_000_00, reward: 2_000 },
    ];
    const proposal = await propose(agent.c, sub.username, 'dividend', dividendTiers);
    // A proposal is not a contract yet.
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual(empty);
    const contract = await decide(sub.c, proposal.id, 'accept');

    // This month: stake 800.00 won 100.00, stake 300.00 lost; an open and a rolled-back bet do not count; last month's neither.
    await placeBet(deep.id, new Date(today + hourMs), 800_00, 100_00);
    await placeBet(sub.id, new Date(today + 2 * hourMs), 300_00);
    await placeBet(deep.id, new Date(today + 3 * hourMs), 50_00, 0, 'open');
    await placeBet(deep.id, new Date(today + 4 * hourMs), 900_00, 0, 'rolled_back');
    await placeBet(deep.id, new Date(today - dayMs), 700_00);
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...empty, netLoss: 1_000_00, contract, estimate: 200_00 });
    // The top agent's team holds the same bets; it has no contract of its own.
    await expect(agent.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...empty, netLoss: 1_000_00 });

    // Below the first tier, and a winning team: nothing.
    await placeBet(deep.id, new Date(today + 5 * hourMs), 100_00, 1_050_00);
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...empty, netLoss: 50_00, contract, estimate: 0 });
    await placeBet(sub.id, new Date(today + 6 * hourMs), 100_00, 200_00);
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...empty, netLoss: -50_00, contract, estimate: 0 });

    // An ended contract no longer estimates.
    await decide(agent.c, contract.id, 'end');
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...empty, netLoss: -50_00 });
  });

  it("adds up the dividends received and paid (paid payouts only) after last month's settlement", async () => {
    const agent = await fundedAgent();
    const sub = await opened(agent, 'agent');
    const deep = await opened(sub);
    const now = h.clock.now();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const lastMonth = new Date(monthStart - dayMs).toISOString().slice(0, 7);
    const contract = await decide(sub.c, (await propose(agent.c, sub.username, 'dividend', [{ threshold: 100_00, reward: 1_500 }])).id, 'accept');
    await acceptedAt(contract.id, new Date(monthStart - 20 * dayMs));
    const inForce = { ...contract, createdAt: new Date(monthStart - 20 * dayMs).toISOString(), decidedAt: new Date(monthStart - 20 * dayMs).toISOString() };
    await placeBet(deep.id, new Date(monthStart - 10 * dayMs), 1_000_00, 200_00);
    await settleContracts(db(), 'dividend', lastMonth, { now });

    // 15 % of 800.00.
    const summary = { period: nowIso().slice(0, 7), netLoss: 0, contract: inForce, estimate: 0 };
    await expect(sub.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...summary, receivedTotal: 120_00, paidTotal: 0 });
    await expect(agent.c.call(dividendSummaryEndpoint)).resolves.toEqual({ ...summary, contract: null, receivedTotal: 0, paidTotal: 120_00 });
    expect((await payouts(sub.c, 'dividend')).list).toEqual([expect.objectContaining({ period: lastMonth, base: 800_00, amount: 120_00, status: 'paid' })]);
  });

  it('answers 403 agent.only to a plain member and a trial account', async () => {
    const agent = await fundedAgent();
    const member = await opened(agent);
    for (const c of [member.c, await signInTrial(h)]) {
      expect(await errorOf(c.call(dividendSummaryEndpoint))).toEqual({ status: 403, errorCode: 'agent.only' });
    }
  });
});
