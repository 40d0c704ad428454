import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type LotteryFilter, type LotteryLobbyData, type LotteryLobbyKind, lotteryLobbyMachine } from './lottery-lobby.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { barData, filterData, lotteryLobbyModel, menu } from './test/models/lottery-lobby.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('lottery lobby machine', lotteryLobbyModel, { delays: {}, invokes: { loadLobby: 'loadLobby' } });

describe('lottery lobby machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(lotteryLobbyMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'lobby.retry')) }));
    expect(coverageOf(lotteryLobbyMachine, without).missingTransitions).toEqual(['lotteryLobby.failed --lobby.retry--> lotteryLobby.loading']);
  });
});

describe('lottery lobby machine', () => {
  it('asks for the menu once; a filter reads the list again and keeps the menu', async () => {
    const load = deferred<LotteryLobbyData, { kind: LotteryLobbyKind; filter: LotteryFilter; menu: boolean }>();
    const actor = createActor(lotteryLobbyMachine.provide({ actors: { loadLobby: load.logic } }), { input: { kind: 'filter' } });
    actor.start();
    load.resolve(filterData);
    await flush();
    actor.send({ type: 'lobby.filter', filter: { gameType: 'ELOTT', family: 'keno' } });
    load.resolve({ ...filterData, menu: [], games: [] });
    await flush();
    expect(load.inputs).toEqual([
      { kind: 'filter', filter: {}, menu: true },
      { kind: 'filter', filter: { gameType: 'ELOTT', family: 'keno' }, menu: false },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ menu, games: [], filter: { gameType: 'ELOTT', family: 'keno' } });
  });

  it('a bar shows the popular lotteries and the recent results', async () => {
    const load = deferred<LotteryLobbyData, { kind: LotteryLobbyKind; filter: LotteryFilter; menu: boolean }>();
    const actor = createActor(lotteryLobbyMachine.provide({ actors: { loadLobby: load.logic } }), { input: { kind: 'ELOTT' } });
    actor.start();
    load.resolve(barData);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ popular: barData.popular, recent: barData.recent });
  });
});
