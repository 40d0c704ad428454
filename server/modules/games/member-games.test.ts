import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Game, gameListEndpoint } from '../../../contract/games.ts';
import { addFavouriteEndpoint, favouriteGamesEndpoint, favouriteIdsEndpoint, gameSessionTtlMs, launchGameEndpoint, launchTokenTtlMs, recentGamesEndpoint, removeFavouriteEndpoint } from '../../../contract/member-games.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import { members } from '../../db/schema.ts';
import { gameSessions } from '../../db/schema-lobby.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, testPassword } from '../../test/wallet-harness.ts';
import { hashToken } from '../session/tokens.ts';
import { openGameSession, resolveGameSession } from './game-sessions.ts';

let h: Harness;
let guest: TestClient;
let player: TestClient;
let other: TestClient;
let slots: Game[];

async function signIn(username: string, password: string): Promise<TestClient> {
  const c = h.client();
  const { token } = await c.sealed.call(loginEndpoint, { type: 'username', username, password });
  c.token = token;
  return c;
}

const find = async (query: Record<string, string | number>) =>
  (await guest.call(gameListEndpoint, { query: { pageNo: 1, pageSize: 25, ...query } as never })).games;
/** Paging of the member lists: page 1 with the endpoint's default size unless given. */
const paged = (query: Record<string, unknown> = {}) => ({ query: { pageNo: 1, pageSize: 25, ...query } as never });

beforeAll(async () => {
  h = await createHarness();
  guest = h.client();
  slots = await find({ gameType: 'RNG', pageSize: 10 });
});
// Favourites and recent games are the member's: each test has its own member and another (an agent).
let memberCount = 0;
beforeEach(async () => {
  memberCount++;
  await createMember(h.testDb.db, `mgplayer${memberCount}`);
  await createMember(h.testDb.db, `mgagent${memberCount}`, 1);
  player = await signIn(`mgplayer${memberCount}`, testPassword);
  other = await signIn(`mgagent${memberCount}`, testPassword);
});
afterAll(async () => {
  await h?.close();
});

const launchablePlayer = () => slots.filter((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE');

describe('member game calls need a session', () => {
  it.each([favouriteIdsEndpoint.path, favouriteGamesEndpoint.path, recentGamesEndpoint.path])('GET %s answers 401 to a guest', async (path) => {
    const res = await rawCall(h.app, { method: 'GET', path });
    expect(res).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
  });

  it('add, remove and launch answer 401 without or with a wrong token', async () => {
    expect(await rawCall(h.app, addFavouriteEndpoint, { payload: { nodeId: 'x' } })).toMatchObject({ status: 401 });
    expect(await rawCall(h.app, removeFavouriteEndpoint, { url: `${removeFavouriteEndpoint.path}?nodeId=x` })).toMatchObject({ status: 401 });
    const res = await rawCall(h.app, launchGameEndpoint, { payload: { gameId: 1 }, headers: { authorization: 'not-a-token' } });
    expect(res).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
  });
});

describe('favourites', () => {
  it('adds idempotently, lists newest first as ids and games, removes idempotently', async () => {
    const [a, b] = launchablePlayer();
    expect(await player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId!, vendor: a!.vassalage } })).toEqual({
      nodeId: a!.nodeId,
      favourite: true,
    });
    h.clock.advance(1000);
    await player.call(addFavouriteEndpoint, { body: { nodeId: b!.nodeId! } });
    await player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId! } });
    const ids = await player.call(favouriteIdsEndpoint, paged({ pageSize: 100 }));
    expect(ids).toEqual({ list: [b!.nodeId, a!.nodeId], pageNum: 1, totalPages: 1, total: 2 });
    const page = await player.call(favouriteGamesEndpoint, paged({ pageSize: 30 }));
    expect(page.games.map((g) => g.gameId)).toEqual([b!.gameId, a!.gameId]);
    expect(page).toMatchObject({ pageNum: 1, pageSize: 30, totalPages: 1, total: 2 });
    // Filtered by category.
    expect((await player.call(favouriteGamesEndpoint, paged({ gameType: 'LIVE' }))).total).toBe(0);

    expect(await player.call(removeFavouriteEndpoint, { query: { nodeId: a!.nodeId! } })).toEqual({ nodeId: a!.nodeId, favourite: false });
    expect(await player.call(removeFavouriteEndpoint, { query: { nodeId: a!.nodeId! } })).toEqual({ nodeId: a!.nodeId, favourite: false });
    expect((await player.call(favouriteIdsEndpoint, paged({ pageSize: 100 }))).list).toEqual([b!.nodeId]);
  });

  it('adds at once by two members, one game three times, each answered and kept once', async () => {
    const [a, b] = launchablePlayer();
    const adds = await Promise.all([
      player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId! } }),
      player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId! } }),
      player.call(addFavouriteEndpoint, { body: { nodeId: b!.nodeId! } }),
      player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId! } }),
      other.call(addFavouriteEndpoint, { body: { nodeId: b!.nodeId! } }),
    ]);
    expect(adds.every((answer) => answer.favourite)).toBe(true);
    expect((await player.call(favouriteIdsEndpoint, paged({ pageSize: 100 }))).list.sort()).toEqual([a!.nodeId, b!.nodeId].sort());
    expect((await other.call(favouriteIdsEndpoint, paged({ pageSize: 100 }))).list).toEqual([b!.nodeId]);
  });

  it("are each member's own", async () => {
    const [, b] = launchablePlayer();
    await player.call(addFavouriteEndpoint, { body: { nodeId: b!.nodeId! } });
    expect((await other.call(favouriteIdsEndpoint, paged({ pageSize: 100 }))).list).toEqual([]);
    // Removing a game another member favours changes only the caller's list.
    await other.call(removeFavouriteEndpoint, { query: { nodeId: b!.nodeId! } });
    expect((await player.call(favouriteIdsEndpoint, paged({ pageSize: 100 }))).list).toEqual([b!.nodeId]);
  });

  it('refuses unknown games, a wrong vendor and bad input', async () => {
    const [a] = launchablePlayer();
    expect((await failureOf(player.call(addFavouriteEndpoint, { body: { nodeId: 'NOPE-1' } }))).errorCode).toBe('game.not.found');
    const wrongVendor = await failureOf(player.call(addFavouriteEndpoint, { body: { nodeId: a!.nodeId!, vendor: 'EVL' } }));
    expect(wrongVendor).toMatchObject({ errorCode: 'game.not.found', status: 404 });
    const blank = await rawCall(h.app, addFavouriteEndpoint, { payload: { nodeId: '' }, headers: { authorization: player.token! } });
    expect(blank).toMatchObject({ status: 400, errorCode: 'request.invalid' });
    const noId = await rawCall(h.app, removeFavouriteEndpoint, { headers: { authorization: player.token! } });
    expect(noId).toMatchObject({ status: 400, errorCode: 'request.invalid' });
  });
});

describe('launch and recent games', () => {
  it('creates a game session whose URL resolves to the game, and recent games list it newest first once', async () => {
    const [a, b] = launchablePlayer();
    const first = await player.call(launchGameEndpoint, { body: { gameCategory: 'RNG', vendor: a!.vassalage, gameId: a!.gameId, nodeId: a!.nodeId! } });
    expect(first.url).toMatch(/^\/play\/[A-Za-z0-9_-]{95,136}$/);
    const token = first.url.slice('/play/'.length);
    // Nothing without the page secret, which the first open of the URL gets, once.
    expect(await resolveGameSession(h.testDb.db, token, null, h.clock.now())).toBeNull();
    const opened = await openGameSession(h.testDb.db, token, h.clock.now());
    expect(opened?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await openGameSession(h.testDb.db, token, h.clock.now())).toBeNull();
    const resolved = await resolveGameSession(h.testDb.db, token, opened!.secret, h.clock.now());
    expect(resolved).toMatchObject({
      gameId: a!.gameId,
      merchantCode: 'DEMO',
      freePlay: false,
      game: { id: a!.gameId, code: a!.gameCode, vendor: a!.vassalage, name: a!.gameName, type: 'RNG' },
    });
    // Only the hash is stored.
    const rows = await h.testDb.db.select().from(gameSessions).where(eq(gameSessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(opened!.secret);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(gameSessionTtlMs);
    expect(rows[0]!.launchExpiresAt!.getTime() - rows[0]!.createdAt.getTime()).toBe(launchTokenTtlMs);

    // Recent games are the games whose page opened: a launch alone writes nothing.
    h.clock.advance(1000);
    const launchOf = async (body: Record<string, unknown>) =>
      (await player.call(launchGameEndpoint, { body: body as never })).url.slice('/play/'.length);
    const unopened = await launchOf({ gameId: b!.gameId });
    expect((await player.call(recentGamesEndpoint, paged())).games.map((g) => g.gameId)).toEqual([a!.gameId]);
    expect(await h.testDb.db.select().from(gameSessions).where(eq(gameSessions.tokenHash, hashToken(unopened)))).toEqual([]);
    // Opened as a browser does (the page forgets the member's cached lists).
    const openPage = async (token: string) => expect((await h.app.inject({ url: `/play/${token}` })).headers['set-cookie']).toBeDefined();
    await openPage(await launchOf({ nodeId: b!.nodeId! }));
    h.clock.advance(1000);
    await openPage(await launchOf({ gameId: a!.gameId }));
    const recent = await player.call(recentGamesEndpoint, paged());
    expect(recent.games.map((g) => g.gameId)).toEqual([a!.gameId, b!.gameId]);
    expect(recent).toMatchObject({ total: 2, totalPages: 1, pageNum: 1, pageSize: 25 });
    expect((await player.call(recentGamesEndpoint, paged({ gameType: 'FISH' }))).total).toBe(0);
    expect((await other.call(recentGamesEndpoint, paged({ pageSize: 100 }))).total).toBe(0);
  });

  it('launches at once by two members, one game twice, each with its own session; recent games once per game', async () => {
    const [a, b] = launchablePlayer();
    const launches = await Promise.all([
      player.call(launchGameEndpoint, { body: { gameId: a!.gameId } }),
      player.call(launchGameEndpoint, { body: { gameId: a!.gameId } }),
      player.call(launchGameEndpoint, { body: { gameId: b!.gameId } }),
      other.call(launchGameEndpoint, { body: { gameId: a!.gameId } }),
    ]);
    const tokens = launches.map((l) => l.url.slice('/play/'.length));
    expect(new Set(tokens).size).toBe(4);
    for (const token of tokens) expect(await openGameSession(h.testDb.db, token, h.clock.now())).not.toBeNull();
    const recent = await player.call(recentGamesEndpoint, paged());
    expect(recent.games.map((g) => g.gameId).sort()).toEqual([a!.gameId, b!.gameId].sort());
    expect((await other.call(recentGamesEndpoint, paged())).games.map((g) => g.gameId)).toEqual([a!.gameId]);
  });

  it('opens no token that was changed, and none after the member is gone', async () => {
    const [a] = launchablePlayer();
    const token = (await player.call(launchGameEndpoint, { body: { gameId: a!.gameId } })).url.slice('/play/'.length);
    // Another member id, game, time or merchant in the token breaks its signature.
    for (let i = 0; i < token.length; i += 7) {
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(await openGameSession(h.testDb.db, changed, h.clock.now())).toBeNull();
    }
    expect(await openGameSession(h.testDb.db, token.slice(0, -1), h.clock.now())).toBeNull();
    await createMember(h.testDb.db, `mggone${memberCount}`);
    const gone = await signIn(`mggone${memberCount}`, testPassword);
    const goneToken = (await gone.call(launchGameEndpoint, { body: { gameId: a!.gameId } })).url.slice('/play/'.length);
    await h.testDb.db.delete(members).where(eq(members.username, `mggone${memberCount}`));
    expect(await openGameSession(h.testDb.db, goneToken, h.clock.now())).toBeNull();
    expect(await openGameSession(h.testDb.db, token, h.clock.now())).not.toBeNull();
  });

  it('does not resolve unknown, malformed or expired tokens, nor another page secret; a launch URL opens only while fresh', async () => {
    const [a] = launchablePlayer();
    const { url } = await player.call(launchGameEndpoint, { body: { gameId: a!.gameId } });
    const token = url.slice('/play/'.length);
    const { secret } = (await openGameSession(h.testDb.db, token, h.clock.now()))!;
    expect(await resolveGameSession(h.testDb.db, 'x'.repeat(43), secret, h.clock.now())).toBeNull();
    expect(await resolveGameSession(h.testDb.db, `${token}'`, secret, h.clock.now())).toBeNull();
    expect(await resolveGameSession(h.testDb.db, token, 'y'.repeat(43), h.clock.now())).toBeNull();
    expect(await resolveGameSession(h.testDb.db, token, secret, new Date(h.clock.now().getTime() + gameSessionTtlMs))).toBeNull();
    const late = (await player.call(launchGameEndpoint, { body: { gameId: a!.gameId } })).url.slice('/play/'.length);
    expect(await openGameSession(h.testDb.db, late, new Date(h.clock.now().getTime() + launchTokenTtlMs))).toBeNull();
    expect(await openGameSession(h.testDb.db, late, new Date(h.clock.now().getTime() + launchTokenTtlMs - 1))).not.toBeNull();
  });

  it('allows free play only where supportPlay is 0', async () => {
    const free = slots.find((g) => g.supportPlay === 0 && g.nodeId)!;
    const { url } = await player.call(launchGameEndpoint, { body: { gameId: free.gameId, free: true, supportFreePlay: true } });
    const opened = await openGameSession(h.testDb.db, url.slice(6), h.clock.now());
    expect((await resolveGameSession(h.testDb.db, url.slice(6), opened?.secret ?? null, h.clock.now()))?.freePlay).toBe(true);
    const live = await find({ gameType: 'LIVE', pageSize: 1 });
    expect(live[0]!.supportPlay).toBe(1);
    const refused = await failureOf(player.call(launchGameEndpoint, { body: { gameId: live[0]!.gameId, free: true } }));
    expect(refused).toMatchObject({ status: 400, errorCode: 'game.freeplay.unavailable' });
  });

  it('launches lotteries by vendor and gameCode with their prize mode and play type', async () => {
    const [lott] = await find({ gameType: 'LOTT', vassalage: 'TCG_SEA', pageSize: 1 });
    const [elott] = await find({ gameType: 'ELOTT', vassalage: 'TCG_LOTTO_VN', pageSize: 1 });
    const ok = await player.call(launchGameEndpoint, { body: { vendor: 'TCG_SEA', gameCode: lott!.gameCode, prizeMode: 'SEA', playType: 'trad' } });
    // A lottery opens the site's lottery game screen in the launch's prize mode and play type (docs/lottery.md).
    expect(ok.url).toBe(`/m/lotto/${lott!.gameCode}?prizeMode=SEA&playType=trad`);
    const vn = await player.call(launchGameEndpoint, { body: { vendor: 'TCG_LOTTO_VN', gameCode: elott!.gameCode, prizeMode: 'ELOTT', playType: 'ent' } });
    expect(vn.url).toBe(`/m/lotto/${elott!.gameCode}?prizeMode=ELOTT&playType=ent`);
    const wrongMode = await failureOf(
      player.call(launchGameEndpoint, { body: { vendor: 'TCG_SEA', gameCode: lott!.gameCode, prizeMode: 'ELOTT', playType: 'trad' } }),
    );
    expect(wrongMode.errorCode).toBe('game.lottery.mode.invalid');
    const wrongPlay = await failureOf(
      player.call(launchGameEndpoint, { body: { vendor: 'TCG_LOTTO_VN', gameCode: elott!.gameCode, prizeMode: 'ELOTT', playType: 'trad' } }),
    );
    expect(wrongPlay.errorCode).toBe('game.lottery.mode.invalid');
    const bad = await rawCall(h.app, launchGameEndpoint, {
      payload: { vendor: 'TCG_SEA', gameCode: lott!.gameCode, prizeMode: 'MOON' },
      headers: { authorization: player.token! },
    });
    expect(bad).toMatchObject({ status: 400, errorCode: 'request.invalid' });
  });

  it('refuses vendor lobby tiles, unknown games, a wrong vendor and a body naming no game', async () => {
    const lobby = (await find({ gameType: 'RNG', pageSize: 100 })).find((g) => g.isGameH5 === 'VASSALAGE')!;
    expect((await failureOf(player.call(launchGameEndpoint, { body: { gameId: lobby.gameId } }))).errorCode).toBe('game.launch.unavailable');
    expect(await failureOf(player.call(launchGameEndpoint, { body: { gameId: 999_999 } }))).toMatchObject({ status: 404, errorCode: 'game.not.found' });
    const [a] = launchablePlayer();
    expect((await failureOf(player.call(launchGameEndpoint, { body: { gameId: a!.gameId, vendor: 'EVL' } }))).errorCode).toBe('game.not.found');
    expect(await failureOf(player.call(launchGameEndpoint, { body: { free: true } }))).toMatchObject({ status: 400, errorCode: 'request.invalid' });
  });
});
