import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type LaunchInput, type LaunchRequest, launchMachine, launchRequestOf } from './launch.machine.ts';
import { prizeModeOf } from './prize-mode.ts';
import type { LobbyGame } from './lobby-types.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { launchModel, sea, sgw, slot, vendorLobby, vn } from './test/models/launch.model.ts';
import { replayPath } from './test/replay.ts';

const pathSets = modelPathSets(launchModel);

describe('launch machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(launchMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
  it('the coverage check fails when paths leave something out', () => {
    const guests = pathSets.filter((s) => !s.input.loggedIn).map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !p.steps.some((s) => s.event.type === 'session.change')),
    }));
    expect(coverageOf(launchMachine, guests).missingStates).toEqual(['launch.idle.toast', 'launch.finding', 'launch.sheet', 'launch.launching']);
  });
});

describe('launch machine: every generated path replayed on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    const invokes = { launchGame: 'launchGame', findCategoryGame: 'findCategoryGame' };
    await replayPath(launchMachine, input, path, { delays: { toast: 1500 }, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

function harness(input: LaunchInput) {
  const launch = deferred<{ url: string }, LaunchRequest>();
  const find = deferred<LobbyGame, { category: string }>();
  const goToLogin = vi.fn();
  const openVendorList = vi.fn();
  const openGame = vi.fn();
  const actor = createActor(
    launchMachine.provide({
      actors: { launchGame: launch.logic, findCategoryGame: find.logic },
      actions: {
        goToLogin,
        openVendorList: (_, params) => openVendorList(params),
        openGame: (_, params) => openGame(params),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, launch, find, goToLogin, openVendorList, openGame };
}

describe('launch machine: what the user sees', () => {
  it('a guest goes to login and nothing is launched', () => {
    const h = harness({ loggedIn: false });
    h.actor.send({ type: 'game.open', game: slot });
    h.actor.send({ type: 'game.play', game: vn });
    expect(h.goToLogin).toHaveBeenCalledTimes(2);
    expect(h.launch.inputs).toEqual([]);
  });

  it('a vendor lobby tile opens the vendor game list', () => {
    const h = harness({ loggedIn: true });
    h.actor.send({ type: 'game.open', game: vendorLobby });
    expect(h.openVendorList).toHaveBeenCalledWith({ gameType: 'RNG', vassalage: 'PXG' });
    expect(h.actor.getSnapshot().value).toEqual({ idle: 'quiet' });
  });

  it('a game with a node opens the action sheet; play launches it and opens the returned URL', async () => {
    const h = harness({ loggedIn: true });
    h.actor.send({ type: 'game.open', game: slot });
    expect(h.actor.getSnapshot().context.sheetGame).toEqual(slot);
    h.actor.send({ type: 'sheet.close' });
    expect(h.actor.getSnapshot().value).toEqual({ idle: 'quiet' });
    h.actor.send({ type: 'game.open', game: slot });
    h.actor.send({ type: 'sheet.play', free: true });
    expect(h.launch.inputs).toEqual([
      { gameCategory: 'RNG', vendor: 'PXG', gameId: 7, nodeId: 'N7', gameCode: 'PXG-7', supportFreePlay: true, free: true },
    ]);
    h.launch.resolve({ url: '/play/tok' });
    await flush();
    expect(h.openGame).toHaveBeenCalledWith({ url: '/play/tok' });
  });

  it('lotteries launch directly with the prize mode and play type of section 4', async () => {
    const h = harness({ loggedIn: true, prizeMode: 'ELOTT' });
    h.actor.send({ type: 'game.open', game: sea });
    expect(h.launch.inputs[0]).toMatchObject({ vendor: 'TCG_SEA', gameCode: 'SEA-1', prizeMode: 'SEA', playType: 'trad' });
    h.launch.reject({ errorCode: 'game.lottery.mode.invalid' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('game.lottery.mode.invalid');
    h.actor.send({ type: 'game.open', game: vn });
    expect(h.launch.inputs[1]).toMatchObject({ vendor: 'TCG_LOTTO_VN', prizeMode: 'ELOTT', playType: 'ent' });
  });

  it('LOTT and ELOTT chosen in the hub launch their game directly with the prize mode; a guest goes to login', async () => {
    const guest = harness({ loggedIn: false });
    guest.actor.send({ type: 'category.play', category: 'ELOTT' });
    expect(guest.goToLogin).toHaveBeenCalledTimes(1);
    expect(guest.find.inputs).toEqual([]);

    const h = harness({ loggedIn: true, prizeMode: 'LOTT' });
    h.actor.send({ type: 'category.play', category: 'ELOTT' });
    expect(h.find.inputs).toEqual([{ category: 'ELOTT' }]);
    h.find.resolve(vn);
    await flush();
    expect(h.launch.inputs[0]).toMatchObject({ gameCategory: 'ELOTT', vendor: 'TCG_LOTTO_VN', prizeMode: 'LOTT', playType: 'ent', free: false });
    h.launch.resolve({ url: '/play/vn' });
    await flush();
    expect(h.openGame).toHaveBeenCalledWith({ url: '/play/vn' });

    h.actor.send({ type: 'category.play', category: 'LOTT' });
    h.find.resolve(sgw);
    await flush();
    expect(h.launch.inputs[1]).toMatchObject({ vendor: 'SGW', prizeMode: 'LOTT', playType: 'trad' });
  });

  it('a failed launch shows its toast for 1.5 s (spec section 9)', async () => {
    vi.useFakeTimers();
    try {
      const h = harness({ loggedIn: true });
      h.actor.send({ type: 'category.play', category: 'LOTT' });
      h.find.reject({ errorCode: 'game.not.found' });
      await flush();
      expect(h.actor.getSnapshot().context.errorCode).toBe('game.not.found');
      await vi.advanceTimersByTimeAsync(1499);
      expect(h.actor.getSnapshot().context.errorCode).toBe('game.not.found');
      await vi.advanceTimersByTimeAsync(1);
      expect(h.actor.getSnapshot().context.errorCode).toBeNull();
      h.actor.send({ type: 'game.open', game: sea });
      h.launch.reject({ errorCode: 'game.lottery.mode.invalid' });
      await flush();
      expect(h.actor.getSnapshot().value).toEqual({ idle: 'toast' });
      // Another tap while the toast shows works as in idle.
      h.actor.send({ type: 'game.open', game: slot });
      expect(h.actor.getSnapshot().value).toBe('sheet');
      expect(h.actor.getSnapshot().context.errorCode).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('prize mode: ELOTT when the ELOTT mapping has TCG_LOTTO_VN or LOTT, else LOTT; free play only where supportPlay is 0', () => {
    expect(prizeModeOf({ ELOTT: { vendors: [{ vassalage: 'VRL' }, { vassalage: 'TCG_LOTTO_VN' }] } })).toBe('ELOTT');
    expect(prizeModeOf({ ELOTT: { vendors: [{ vassalage: 'VRL' }] } })).toBe('LOTT');
    expect(prizeModeOf({ RNG: { vendors: [] } })).toBe('LOTT');
    expect(prizeModeOf(null)).toBe('ELOTT');
    expect(launchRequestOf({ ...slot, supportPlay: 1 }, true, 'ELOTT').free).toBe(false);
  });
});
