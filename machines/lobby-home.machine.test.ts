import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { HomeListRequest } from '../contract/lobby-calls.ts';
import { type HomeInput, type HomeTypes, homeListsOf, lobbyHomeMachine } from './lobby-home.machine.ts';
import type { LobbyGame } from './lobby-types.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { game, lobbyHomeModel, smallTypes, vendor } from './test/models/lobby-home.model.ts';
import { replayPath } from './test/replay.ts';

/** RNG (2 vendors), FISH, SPORTS (a vendor list) and LOTT (no block). */
const types: HomeTypes = {
  mapping: {
    RNG: { vendors: [vendor('PXG', 'RNG'), vendor('LUX', 'RNG')] },
    FISH: { vendors: [vendor('OCN', 'FISH')] },
    SPORTS: { vendors: [vendor('SBX', 'SPORTS'), vendor('IMES', 'ESPORTS')] },
    LOTT: { vendors: [vendor('TCG_SEA', 'LOTT')] },
  },
  sorting: [{ gameCategory: 'RNG' }, { gameCategory: 'FISH' }, { gameCategory: 'SPORTS' }, { gameCategory: 'LOTT' }],
};

const delays = { languageReload: 250, requestSpacing: 400 };
const invokes = {
  loadTypes: 'loadTypes',
  reloadTypes: 'loadTypes',
  loadLists: 'loadLists',
  loadList: 'loadList',
  loadHot: 'loadHot',
  loadWinners: 'loadWinners',
};

const pathSets = modelPathSets(lobbyHomeModel);

describe('lobbyHome machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(lobbyHomeMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check fails when paths leave something out', () => {
    expect(coverageOf(lobbyHomeMachine, pathSets.slice(1)).missingStates).toContain('lobbyHome.games.spacing');
  });
});

describe('lobbyHome machine: every generated path replayed on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(lobbyHomeMachine, input, path, { delays, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

function harness(input: HomeInput = {}) {
  const loadTypes = deferred<HomeTypes, unknown>();
  const loadLists = deferred<LobbyGame[][], HomeListRequest[]>();
  const loadList = deferred<LobbyGame[], HomeListRequest>();
  const loadHot = deferred<LobbyGame[], unknown>();
  const loadWinners = deferred<unknown[], unknown>();
  const scrollToTop = vi.fn();
  const launchCategory = vi.fn();
  const actor = createActor(
    lobbyHomeMachine.provide({
      actors: {
        loadTypes: loadTypes.logic,
        loadLists: loadLists.logic,
        loadList: loadList.logic,
        loadHot: loadHot.logic,
        loadWinners: loadWinners.logic,
      },
      actions: { scrollToTop, launchCategory: (_, params) => launchCategory(params) },
    }),
    { input },
  );
  actor.start();
  const view = () => {
    const { context } = actor.getSnapshot();
    return {
      category: context.category,
      lists: context.lists.map((l) => `${l.key}=${l.games.map((g) => g.gameName).join('+')}`),
      hot: context.hot.map((g) => g.gameName),
      winners: context.winners,
    };
  };
  return { actor, loadTypes, loadLists, loadList, loadHot, loadWinners, scrollToTop, launchCategory, view };
}

/** First load finished: types, lists, hot games and winners. */
async function loaded(h: ReturnType<typeof harness>) {
  h.loadTypes.resolve(types);
  await flush();
  h.loadLists.resolve([[game(1, 'Golden Dragon')], [game(2, 'Ocean King', 'OCN', 'FISH')], [game(3, 'Pixel Gold')], [game(4, 'Lux Star', 'LUX')], [game(5, 'Ocean Two', 'OCN', 'FISH')]]);
  h.loadHot.resolve([game(6, 'Hot Dragon')]);
  h.loadWinners.resolve([{ winAmount: 900 }]);
  await flush();
}

describe('lobbyHome machine: what the user sees', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('first load: every call at once; 9 tiles per category block, 6 per pick; vendor lists and lotteries ask for nothing', async () => {
    const h = harness();
    expect([h.loadTypes.inputs.length, h.loadHot.inputs.length, h.loadWinners.inputs.length]).toEqual([1, 1, 1]);
    await loaded(h);
    expect(h.loadLists.inputs).toEqual([
      [
        { category: 'RNG', vassalage: null, pageSize: 9 },
        { category: 'FISH', vassalage: null, pageSize: 9 },
        { category: 'RNG', vassalage: 'PXG', pageSize: 6 },
        { category: 'RNG', vassalage: 'LUX', pageSize: 6 },
        { category: 'FISH', vassalage: 'OCN', pageSize: 6 },
      ],
    ]);
    expect(h.view()).toEqual({
      category: 'HOME',
      lists: [
        'block:RNG=Golden Dragon',
        'block:FISH=Ocean King',
        'block:SPORTS=',
        'pick:RNG:PXG=Pixel Gold',
        'pick:RNG:LUX=Lux Star',
        'pick:FISH:OCN=Ocean Two',
      ],
      hot: ['Hot Dragon'],
      winners: [{ winAmount: 900 }],
    });
  });

  it('a language change reloads 250 ms after the last change: the mapping, then each list one after another 400 ms apart, plus hot games and winners', async () => {
    const h = harness();
    await loaded(h);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(200);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(249);
    expect([h.loadTypes.inputs.length, h.loadHot.inputs.length, h.loadWinners.inputs.length]).toEqual([1, 1, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect([h.loadTypes.inputs.length, h.loadHot.inputs.length, h.loadWinners.inputs.length]).toEqual([2, 2, 2]);
    h.loadHot.resolve([game(7, 'Hot Tiger')]);
    h.loadWinners.resolve([{ winAmount: 1200 }]);
    h.loadTypes.resolve(types);
    await flush();
    expect(h.view().hot).toEqual(['Hot Tiger']);
    expect(h.view().winners).toEqual([{ winAmount: 1200 }]);
    // One request at a time, each 400 ms after the previous answer; what was shown stays until its answer.
    const answers = ['Dragon 2', 'Ocean 2', 'Pixel 2', 'Lux 2', 'Ocean pick 2'];
    for (const [i, name] of answers.entries()) {
      await vi.advanceTimersByTimeAsync(399);
      expect(h.loadList.inputs).toHaveLength(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.loadList.inputs).toHaveLength(i + 1);
      expect(h.loadList.pendingCount).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(h.loadList.inputs).toHaveLength(i + 1);
      h.loadList.resolve([game(10 + i, name)]);
      await flush();
    }
    expect(h.loadList.inputs.map((r) => `${r.category}:${r.vassalage}:${r.pageSize}`)).toEqual([
      'RNG:null:9',
      'FISH:null:9',
      'RNG:PXG:6',
      'RNG:LUX:6',
      'FISH:OCN:6',
    ]);
    expect(h.view().lists).toEqual([
      'block:RNG=Dragon 2',
      'block:FISH=Ocean 2',
      'block:SPORTS=',
      'pick:RNG:PXG=Pixel 2',
      'pick:RNG:LUX=Lux 2',
      'pick:FISH:OCN=Ocean pick 2',
    ]);
    expect(h.actor.getSnapshot().matches({ games: 'ready' })).toBe(true);
    expect(h.loadLists.inputs).toHaveLength(1);
  });

  it('a language change during a reload starts over; a failed list keeps its games', async () => {
    const h = harness();
    await loaded(h);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(250);
    h.loadTypes.resolve(types);
    await flush();
    await vi.advanceTimersByTimeAsync(400);
    h.loadList.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.view().lists[0]).toBe('block:RNG=Golden Dragon');
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(250);
    expect(h.loadTypes.inputs).toHaveLength(3);
    h.loadTypes.resolve(smallTypes);
    await flush();
    // The new mapping decides the blocks; a block it keeps keeps its games until reloaded.
    expect(h.view().lists).toEqual(['block:FISH=Ocean King', 'pick:FISH:OCN=Ocean Two']);
  });

  it('a failed mapping shows the retry; the retry loads again', async () => {
    const h = harness();
    h.loadTypes.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.actor.getSnapshot().matches({ games: 'failed' })).toBe(true);
    h.actor.send({ type: 'home.retry' });
    expect(h.loadTypes.inputs).toHaveLength(2);
  });

  it('the hub: a category scrolls to the top and shows; LOTT and ELOTT launch their game instead', () => {
    const h = harness({ category: 'HOT' });
    expect(h.view().category).toBe('HOT');
    h.actor.send({ type: 'hub.choose', category: 'RNG' });
    expect(h.view().category).toBe('RNG');
    expect(h.scrollToTop).toHaveBeenCalledTimes(1);
    h.actor.send({ type: 'hub.choose', category: 'ELOTT' });
    h.actor.send({ type: 'hub.choose', category: 'LOTT' });
    expect(h.launchCategory.mock.calls).toEqual([[{ category: 'ELOTT' }], [{ category: 'LOTT' }]]);
    expect(h.view().category).toBe('RNG');
    expect(h.scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('homeListsOf: blocks in sorting order without lotteries, picks of the first vendors of their own category', () => {
    const lists = homeListsOf({
      mapping: { RNG: { vendors: ['A', 'B', 'C', 'D'].map((v) => vendor(v, 'RNG')) }, LIVE: { vendors: [vendor('E', 'LIVE'), vendor('F', 'LIVE')] } },
      sorting: [{ gameCategory: 'ELOTT' }, { gameCategory: 'COCKFIGHT' }, { gameCategory: 'RNG' }],
    });
    expect(lists.map((l) => `${l.kind}:${l.category}:${l.vassalage}:${l.pageSize}`)).toEqual([
      'vendors:COCKFIGHT:null:9',
      'block:RNG:null:9',
      'pick:RNG:A:6',
      'pick:RNG:B:6',
      'pick:RNG:C:6',
      'pick:LIVE:E:6',
    ]);
  });
});
