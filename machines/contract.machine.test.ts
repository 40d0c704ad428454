import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import type { Contract, ContractDecisionBody, ContractKind, ContractOverview, ContractProposal } from '../contract/agent-contracts.ts';
import { contractMachine, contractMessages, contractPayoutsId, mayDecide, offerProblem } from './contract.machine.ts';
import { type RecordPage, type RecordsRequest, recordsMachine } from './records.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { agentOverview, contract, contractModel, goodTiers, memberOverview } from './test/models/contract.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('contract machine', contractModel, {
  delays: {},
  invokes: { loadOverview: 'loadOverview', decideContract: 'decideContract', proposeContract: 'proposeContract' },
});

describe('contract machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(contractMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'decision.cancel')) }));
    expect(coverageOf(contractMachine, without).missingTransitions).toEqual(['contract.ready.confirming --decision.cancel--> contract.ready.idle']);
  });
});

describe('offerProblem', () => {
  const rows = [4, 7, 9];
  it('asks for an account first', () => {
    expect(offerProblem('salary', [0], '  ', goodTiers)).toEqual({ field: 'account', messageId: contractMessages.accountRequired });
  });

  it('names the row and field of an amount that is not one (text, negative, fractional, too large, a zero reward)', () => {
    const tiers = (threshold: number, reward: number) => [{ threshold: 100, reward: 10 }, { threshold, reward }, { threshold: 900, reward: 90 }];
    expect(offerProblem('salary', rows, 'rico', tiers(Number.NaN, 20))).toEqual({ field: 'threshold-7', messageId: contractMessages.thresholdInvalid });
    expect(offerProblem('salary', rows, 'rico', tiers(-1, 20))).toEqual({ field: 'threshold-7', messageId: contractMessages.thresholdInvalid });
    expect(offerProblem('salary', rows, 'rico', tiers(2_000_000_000_000, 20))).toEqual({ field: 'threshold-7', messageId: contractMessages.thresholdInvalid });
    expect(offerProblem('salary', rows, 'rico', tiers(200, 0))).toEqual({ field: 'reward-7', messageId: contractMessages.rewardInvalid });
    expect(offerProblem('hourly', rows, 'rico', tiers(200, 2.5))).toEqual({ field: 'reward-7', messageId: contractMessages.rewardInvalid });
    expect(offerProblem('dividend', rows, 'rico', tiers(200, Number.NaN))).toEqual({ field: 'reward-7', messageId: contractMessages.rateInvalid });
  });

  it("applies the contract's rule: thresholds and rewards both rising, a dividend's rate at most 100 %", () => {
    expect(offerProblem('salary', rows, 'rico', [{ threshold: 100, reward: 10 }, { threshold: 100, reward: 20 }, { threshold: 300, reward: 30 }])).toEqual({
      field: 'threshold-7',
      messageId: contractMessages.order,
    });
    expect(offerProblem('salary', rows, 'rico', [{ threshold: 100, reward: 10 }, { threshold: 200, reward: 20 }, { threshold: 300, reward: 20 }])).toEqual({
      field: 'reward-9',
      messageId: contractMessages.order,
    });
    expect(offerProblem('dividend', rows, 'rico', [{ threshold: 100, reward: 1000 }, { threshold: 200, reward: 10001 }, { threshold: 300, reward: 10002 }])).toEqual({
      field: 'reward-7',
      messageId: contractMessages.rateInvalid,
    });
    // 100 % is a rate; a salary's reward is an amount, which may be above 10,000 minor units.
    expect(offerProblem('dividend', [0], 'rico', [{ threshold: 0, reward: 10000 }])).toBeNull();
    expect(offerProblem('salary', [0], 'rico', [{ threshold: 0, reward: 50000 }])).toBeNull();
  });

  it('refuses no tier or more than ten', () => {
    expect(offerProblem('salary', [], 'rico', [])).toEqual({ field: 'tiers', messageId: contractMessages.count });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ threshold: i * 10, reward: i + 1 }));
    expect(offerProblem('salary', eleven.map((_, i) => i), 'rico', eleven)).toEqual({ field: 'tiers', messageId: contractMessages.count });
  });
});

describe('mayDecide', () => {
  it('lets the member accept or reject its pending proposal, and the agent withdraw a pending one or end an active one', () => {
    expect(mayDecide(memberOverview, 3, 'accept')?.id).toBe(3);
    expect(mayDecide(memberOverview, 3, 'reject')?.id).toBe(3);
    expect(mayDecide(memberOverview, 2, 'accept')).toBeNull();
    expect(mayDecide(memberOverview, 3, 'withdraw')).toBeNull();
    expect(mayDecide(agentOverview, 11, 'withdraw')?.id).toBe(11);
    expect(mayDecide(agentOverview, 11, 'end')).toBeNull();
    expect(mayDecide(agentOverview, 10, 'end')?.id).toBe(10);
    expect(mayDecide(agentOverview, 10, 'accept')).toBeNull();
    expect(mayDecide(null, 10, 'end')).toBeNull();
  });
});

function harness(kind: 'salary' | 'hourly' | 'dividend' = 'salary') {
  const load = deferred<ContractOverview, { kind: ContractKind }>();
  const decide = deferred<Contract, ContractDecisionBody>();
  const propose = deferred<Contract, ContractProposal>();
  const loadPayouts = deferred<RecordPage, RecordsRequest>();
  const payouts = recordsMachine.provide({ actors: { loadRecords: loadPayouts.logic } });
  const actor = createActor(
    contractMachine.provide({ actors: { loadOverview: load.logic, decideContract: decide.logic, proposeContract: propose.logic, payouts } }),
    { input: { kind } },
  );
  actor.start();
  const child = () => actor.getSnapshot().children[contractPayoutsId] as ActorRefFrom<typeof recordsMachine>;
  return { actor, load, decide, propose, loadPayouts, child };
}

describe('contract machine', () => {
  it("reads the kind's contracts and, beside them, the first page of its payouts", async () => {
    const h = harness('hourly');
    expect(h.load.inputs).toEqual([{ kind: 'hourly' }]);
    expect(h.loadPayouts.inputs).toEqual([{ filter: { types: 'hourly', startDate: null, endDate: null }, pageNo: 1 }]);
    h.load.resolve(memberOverview);
    h.loadPayouts.resolve({ list: [{ id: 1 }], pageNum: 1, totalPages: 2, total: 2, summary: null });
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    h.child().send({ type: 'records.more' });
    expect(h.loadPayouts.inputs.at(-1)).toMatchObject({ pageNo: 2 });
  });

  it('a decision is sent only once confirmed; then the overview is read again and says what happened', async () => {
    const h = harness();
    h.load.resolve(memberOverview);
    await flush();
    h.actor.send({ type: 'contract.decide', contractId: 3, decision: 'accept' });
    expect(h.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(h.decide.inputs).toEqual([]);
    h.actor.send({ type: 'decision.cancel' });
    expect(h.actor.getSnapshot().context.pending).toBeNull();
    h.actor.send({ type: 'contract.decide', contractId: 3, decision: 'accept' });
    h.actor.send({ type: 'decision.confirm' });
    expect(h.decide.inputs).toEqual([{ contractId: 3, decision: 'accept' }]);
    h.decide.resolve(contract(3, 'active'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loading');
    // The last overview stays on screen while it is read again.
    expect(h.actor.getSnapshot().context).toMatchObject({ overview: memberOverview, notice: 'agent.contract.notice.accept', pending: null });
    expect(h.load.inputs).toHaveLength(2);
  });

  it('a decision nobody may take asks for nothing', async () => {
    const h = harness();
    h.load.resolve(memberOverview);
    await flush();
    h.actor.send({ type: 'contract.decide', contractId: 2, decision: 'accept' });
    h.actor.send({ type: 'contract.decide', contractId: 3, decision: 'end' });
    h.actor.send({ type: 'contract.decide', contractId: 99, decision: 'reject' });
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a refused decision says why and reads the overview again', async () => {
    const h = harness();
    h.load.resolve(memberOverview);
    await flush();
    h.actor.send({ type: 'contract.decide', contractId: 3, decision: 'reject' });
    h.actor.send({ type: 'decision.confirm' });
    h.decide.reject({ errorCode: 'contract.state.changed' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.actor.getSnapshot().context.decisionError).toBe('contract.state.changed');
  });

  it('a member cannot send an offer', async () => {
    const h = harness();
    h.load.resolve(memberOverview);
    await flush();
    h.actor.send({ type: 'offer.submit', account: 'rico', tiers: goodTiers });
    expect(h.propose.inputs).toEqual([]);
  });

  it("an agent's offer: rows up to ten, the one left kept, a problem on its field, then sent and the form emptied", async () => {
    const h = harness('dividend');
    h.load.resolve(agentOverview);
    await flush();
    for (let i = 0; i < 12; i++) h.actor.send({ type: 'offer.addRow' });
    expect(h.actor.getSnapshot().context.rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const row of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) h.actor.send({ type: 'offer.removeRow', row });
    expect(h.actor.getSnapshot().context.rows).toEqual([9]);
    h.actor.send({ type: 'offer.addRow' });
    h.actor.send({ type: 'offer.submit', account: 'rico', tiers: [{ threshold: 0, reward: 500 }, { threshold: 1000, reward: 20000 }] });
    expect(h.actor.getSnapshot().context.offerError).toEqual({ field: 'reward-10', messageId: contractMessages.rateInvalid });
    // Removing the row the error is about takes the error away.
    h.actor.send({ type: 'offer.removeRow', row: 10 });
    expect(h.actor.getSnapshot().context.offerError).toBeNull();
    h.actor.send({ type: 'offer.submit', account: ' rico ', tiers: [{ threshold: 0, reward: 500 }] });
    expect(h.propose.inputs).toEqual([{ kind: 'dividend', account: 'rico', tiers: [{ threshold: 0, reward: 500 }] }]);
    h.propose.resolve(contract(12, 'pending', { kind: 'dividend' }));
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ rows: [0], nextRow: 1, notice: 'agent.contract.notice.offered', offerError: null });
  });

  it("the server's refusals of an offer land on their field", async () => {
    const h = harness();
    h.load.resolve(agentOverview);
    await flush();
    const refused = async (errorCode: string) => {
      h.actor.send({ type: 'offer.submit', account: 'rico', tiers: goodTiers });
      h.propose.reject({ errorCode });
      await flush();
      return h.actor.getSnapshot().context.offerError;
    };
    expect(await refused('agent.member.not.found')).toEqual({ field: 'account', messageId: 'agent.member.not.found' });
    expect(await refused('contract.pending.exists')).toEqual({ field: 'account', messageId: 'contract.pending.exists' });
    expect(await refused('contract.tiers.invalid')).toEqual({ field: 'tiers', messageId: 'contract.tiers.invalid' });
    expect(await refused('client.offline')).toEqual({ field: 'form', messageId: 'client.offline' });
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a failed read says why, and the retry reads again', async () => {
    const h = harness();
    h.load.reject({ errorCode: 'trial.forbidden' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.loadError).toBe('trial.forbidden');
    h.actor.send({ type: 'contract.retry' });
    h.load.resolve(memberOverview);
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ loadError: null, overview: memberOverview });
  });
});
