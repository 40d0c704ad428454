import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type FavouriteTarget, favouritesMachine } from './favourites.machine.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { a, favouritesModel } from './test/models/favourites.model.ts';
import { replayPath } from './test/replay.ts';

const b = { nodeId: 'N2', vendor: 'EVL' };
const pathSets = modelPathSets(favouritesModel);
const delays = { loginNotice: 2000, toast: 1500 };
const invokes = { loadFavouriteIds: 'loadFavouriteIds', addFavourite: 'addFavourite', removeFavourite: 'removeFavourite' };

describe('favourites machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(favouritesMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const guestOnly = pathSets.filter((s) => !s.input.loggedIn).map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !p.steps.some((s) => s.event.type === 'session.change')),
    }));
    expect(coverageOf(favouritesMachine, guestOnly).missingStates).toContain('favourites.removing');
  });
});

describe('favourites machine: every generated path replayed on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(favouritesMachine, input, path, { delays, invokes }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

function harness(loggedIn: boolean) {
  const load = deferred<string[], unknown>();
  const add = deferred<void, FavouriteTarget>();
  const remove = deferred<void, FavouriteTarget>();
  const toLogin = vi.fn();
  const actor = createActor(
    favouritesMachine.provide({
      actors: { loadFavouriteIds: load.logic, addFavourite: add.logic, removeFavourite: remove.logic },
      actions: { goToLogin: toLogin },
    }),
    { input: { loggedIn } },
  );
  const changed = vi.fn();
  actor.on('favourites.changed', changed);
  actor.start();
  const stars = () => actor.getSnapshot().context.ids;
  return { actor, load, add, remove, changed, stars, toLogin };
}

describe('favourites machine: what the user sees', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a guest tapping a star goes to login, the star stays off, and nothing is sent', async () => {
    const h = harness(false);
    for (const type of ['fav.toggle', 'fav.add', 'fav.remove'] as const) h.actor.send({ type, ...a });
    expect(h.toLogin).toHaveBeenCalledTimes(3);
    expect(h.stars()).toEqual([]);
    expect(h.actor.getSnapshot().context.info).toBeNull();
    // Also while the favourites list's notice shows.
    h.actor.send({ type: 'fav.notice' });
    h.actor.send({ type: 'fav.toggle', ...a });
    expect(h.toLogin).toHaveBeenCalledTimes(4);
    expect([h.load.inputs, h.add.inputs, h.remove.inputs]).toEqual([[], [], []]);
  });

  it('a member tapping a star never goes to login', async () => {
    const h = harness(true);
    h.load.resolve([]);
    await flush();
    h.actor.send({ type: 'fav.toggle', ...a });
    expect(h.toLogin).not.toHaveBeenCalled();
    expect(h.add.inputs).toHaveLength(1);
  });

  it('a guest opening favourites or recent games (fav.notice) sees the same notice; a member does not', async () => {
    const guest = harness(false);
    guest.actor.send({ type: 'fav.notice' });
    expect(guest.actor.getSnapshot().context.info).toBe('in_logged_login');
    await vi.advanceTimersByTimeAsync(1500);
    guest.actor.send({ type: 'fav.notice' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(guest.actor.getSnapshot().context.info).toBe('in_logged_login');
    await vi.advanceTimersByTimeAsync(1);
    expect(guest.actor.getSnapshot().context.info).toBeNull();
    const member = harness(true);
    member.actor.send({ type: 'fav.notice' });
    expect(member.actor.getSnapshot().context.info).toBeNull();
    expect(guest.load.inputs).toEqual([]);
  });

  it('a failure shows its toast for 1.5 s (spec section 9), then it goes', async () => {
    const h = harness(true);
    h.load.resolve(['N2']);
    await flush();
    h.actor.send({ type: 'fav.add', ...a });
    h.add.reject({ errorCode: 'game.not.found' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('game.not.found');
    await vi.advanceTimersByTimeAsync(1499);
    expect(h.actor.getSnapshot().context.errorCode).toBe('game.not.found');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().context.errorCode).toBeNull();
    // Taps still work while the toast shows.
    h.actor.send({ type: 'fav.add', ...a });
    h.add.reject({ errorCode: 'client.offline' });
    await flush();
    h.actor.send({ type: 'fav.add', ...a });
    expect(h.add.inputs).toHaveLength(3);
    expect(h.actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('adds, then reloads the list; adding a favourite again is skipped', async () => {
    const h = harness(true);
    h.load.resolve(['N2']);
    await flush();
    h.actor.send({ type: 'fav.add', ...a });
    expect(h.add.inputs).toEqual([a]);
    h.add.resolve();
    await flush();
    expect(h.changed).toHaveBeenCalledTimes(1);
    expect(h.load.inputs).toHaveLength(2);
    h.load.resolve(['N1', 'N2']);
    await flush();
    h.actor.send({ type: 'fav.add', ...a });
    h.actor.send({ type: 'fav.add', ...b });
    expect(h.add.inputs).toEqual([a]);
    expect(h.stars()).toEqual(['N1', 'N2']);
  });

  it('removal shows at once, is sent, and is rolled back when it fails', async () => {
    const h = harness(true);
    h.load.resolve(['N1', 'N2']);
    await flush();
    h.actor.send({ type: 'fav.toggle', ...a });
    expect(h.stars()).toEqual(['N2']);
    expect(h.remove.inputs).toEqual([a]);
    h.remove.reject({ errorCode: 'client.offline' });
    await flush();
    expect(h.stars()).toEqual(['N1', 'N2']);
    expect(h.actor.getSnapshot().context.errorCode).toBe('client.offline');
    h.actor.send({ type: 'fav.remove', ...a });
    h.remove.resolve();
    await flush();
    expect(h.stars()).toEqual(['N2']);
    expect(h.changed).toHaveBeenCalledTimes(1);
    expect(h.load.inputs).toHaveLength(2);
  });

  it('logging out clears the stars', async () => {
    const h = harness(true);
    h.load.resolve(['N1']);
    await flush();
    h.actor.send({ type: 'session.change', loggedIn: false });
    expect(h.stars()).toEqual([]);
    expect(h.actor.getSnapshot().value).toBe('guest');
  });
});
