import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameListEndpoint, hotGamesEndpoint } from '../../contract/games.ts';
import { favouriteGamesEndpoint, recentGamesEndpoint } from '../../contract/member-games.ts';
import { lobbyServer } from '../test/lobby-fakes.ts';
import { loadGames } from './game-list-actors.ts';
import { loadBlock, menuCategoriesOf } from './lobby-actors.ts';
import { findCategoryGame } from './lobby-play.ts';
import { gameListQueryOf, type GameListRequest } from '../../contract/lobby-calls.ts';

const request = (over: Partial<GameListRequest>): GameListRequest => ({
  mode: 'all',
  category: 'ALL',
  vassalage: null,
  classify: null,
  minBet: null,
  pageNo: 1,
  pageSize: 25,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gameListQueryOf (spec section 4)', () => {
  it('sends INHOUSE as RNG + BGS', () => {
    expect(gameListQueryOf(request({ category: 'INHOUSE' }))).toEqual({ gameType: 'RNG', vassalage: 'BGS' });
  });
  it('sends NEW as isNew=1 with an empty classify, ALL as no classify at all', () => {
    expect(gameListQueryOf(request({ category: 'RNG', classify: 'NEW' }))).toEqual({ gameType: 'RNG', isNew: '1' });
    expect(gameListQueryOf(request({ category: 'RNG', classify: null }))).toEqual({ gameType: 'RNG' });
    expect(gameListQueryOf(request({ category: 'LIVE', classify: 'BACCARAT', vassalage: 'EVL', minBet: 50 }))).toEqual({
      gameType: 'LIVE',
      vassalage: 'EVL',
      gameClassify: 'BACCARAT',
      minBet: 50,
    });
  });
  it('sends no gameType for ALL; a vendor filter keeps its category', () => {
    expect(gameListQueryOf(request({}))).toEqual({});
    expect(gameListQueryOf(request({ category: 'SPORTS', vassalage: 'IMES' }))).toEqual({ gameType: 'SPORTS', vassalage: 'IMES' });
  });
});

describe('loadGames', () => {
  it('asks the game list with the page size of the request, html5 and client type 2', async () => {
    const server = lobbyServer();
    await loadGames(request({ category: 'INHOUSE', classify: 'NEW', pageNo: 2, pageSize: 25 }));
    const sent = Object.fromEntries(server.to(gameListEndpoint.path)[0]!.query);
    expect(sent).toMatchObject({ gameType: 'RNG', vassalage: 'BGS', isNew: '1', pageNo: '2', pageSize: '25', platform: 'html5', clientType: '2' });
    expect(sent).not.toHaveProperty('gameClassify');
  });

  it('home blocks ask for 9 games, picks for 6', async () => {
    const server = lobbyServer();
    await loadBlock({ category: 'RNG', vassalage: null, pageSize: 9 });
    await loadBlock({ category: 'FISH', vassalage: 'OCN', pageSize: 6 });
    expect(server.to(gameListEndpoint.path).map((r) => [r.query.get('gameType'), r.query.get('vassalage'), r.query.get('pageSize')])).toEqual([
      ['RNG', null, '9'],
      ['FISH', 'OCN', '6'],
    ]);
  });

  it('favourites and recent games keep INHOUSE (in-house games only) and their page size; ALL sends no gameType', async () => {
    const server = lobbyServer();
    await loadGames(request({ mode: 'fav', category: 'INHOUSE', pageSize: 30 }));
    await loadGames(request({ mode: 'recent', category: 'INHOUSE', pageSize: 25 }));
    await loadGames(request({ mode: 'recent', category: 'ALL' }));
    expect(Object.fromEntries(server.to(favouriteGamesEndpoint.path)[0]!.query)).toMatchObject({ gameType: 'INHOUSE', pageSize: '30' });
    expect(Object.fromEntries(server.to(recentGamesEndpoint.path)[0]!.query)).toMatchObject({ gameType: 'INHOUSE', pageSize: '25', clientType: '2' });
    expect(server.to(recentGamesEndpoint.path)[1]!.query.has('gameType')).toBe(false);
  });

  it('a catalogue search asks the game list with gameName, the category and the filters', async () => {
    const server = lobbyServer();
    const page = await loadGames(request({ mode: 'filter', category: 'RNG', vassalage: 'LUX', gameName: 'luxon 2' }));
    expect(Object.fromEntries(server.to(gameListEndpoint.path)[0]!.query)).toMatchObject({ gameName: 'luxon 2', gameType: 'RNG', vassalage: 'LUX', pageSize: '25' });
    expect(page.games.map((g) => g.gameName)).toEqual(['Luxon 2']);
    await loadGames(request({ category: 'RNG' }));
    expect(server.to(gameListEndpoint.path)[1]!.query.has('gameName')).toBe(false);
  });

  it('a request the list stopped waiting for is aborted', async () => {
    lobbyServer();
    const stop = new AbortController();
    stop.abort();
    await expect(loadGames(request({ gameName: 'luxon' }), stop.signal)).rejects.toMatchObject({ errorCode: 'client.network' });
  });

  it('hot mode asks the hot list (one page), with the category as gameType', async () => {
    const server = lobbyServer();
    const page = await loadGames(request({ mode: 'hot', category: 'FISH' }));
    expect(Object.fromEntries(server.to(hotGamesEndpoint.path)[0]!.query)).toMatchObject({ isPlatform: '2', gameType: 'FISH' });
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(page.games.every((g) => g.gameCategory === 'FISH')).toBe(true);
  });

  it('findCategoryGame: the first game of a lottery category, or game.not.found', async () => {
    lobbyServer();
    expect(await findCategoryGame('ELOTT')).toMatchObject({ vassalage: 'TCG_LOTTO_VN', lottoMode: 'ENTERTAINMENT' });
    lobbyServer({ vendors: [] });
    await expect(findCategoryGame('LOTT')).rejects.toEqual({ errorCode: 'game.not.found' });
  });
});

describe('menuCategoriesOf', () => {
  it('orders the categories as spec section 2 (INHOUSE after RNG, others last) and links each to its list', () => {
    const display = ['ELOTT', 'ESPORTS', 'INHOUSE', 'LIVESTREAM', 'RNG', 'COCKFIGHT', 'SPORTS', 'PVP', 'LIVE', 'FISH', 'LOTT'].map((gameCategory) => ({
      gameCategory,
      displayName: gameCategory,
      gameCount: 1,
    }));
    expect(menuCategoriesOf(display).map((c) => c.category)).toEqual([
      'RNG',
      'INHOUSE',
      'FISH',
      'LIVE',
      'PVP',
      'COCKFIGHT',
      'SPORTS',
      'ESPORTS',
      'ELOTT',
      'LIVESTREAM',
      'LOTT',
    ]);
    expect(menuCategoriesOf(display).find((c) => c.category === 'COCKFIGHT')).toEqual({
      category: 'COCKFIGHT',
      link: { to: '/m/gameCenter', search: { gameCategory: 'COCKFIGHT' } },
    });
    expect(menuCategoriesOf(display).find((c) => c.category === 'RNG')?.link).toEqual({ to: '/m/slot-games' });
  });
});
