import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, failureEnvelope, successEnvelope, type ValueOf } from '../../../contract/endpoint.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  catalogueCategories,
  cockfightVendors,
  defaultGameIconUrl,
  esportsVendors,
  type Game,
  gameListEndpoint,
  hotGamesEndpoint,
  vendorGameTypesEndpoint,
  winnerBoardEndpoint,
} from '../../../contract/games.ts';
import { buildApp } from '../../app.ts';
import { merchants } from '../../db/schema.ts';
import { demoMerchant } from '../../seed/seed.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { initialsOf, vendorLogoUrl } from './icons.ts';
import { maskName, mergeWinners } from './service.ts';

// jsdom ships no types; its DOMParser checks that the SVG is well-formed XML.
const jsdomModule = 'jsdom';
const { JSDOM } = (await import(jsdomModule)) as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.insert(merchants).values({ ...demoMerchant, code: 'EMPTY', name: 'No games' });
  app = await buildApp({ db: testDb.db, merchantCacheTtlMs: 0 });
});
afterAll(async () => {
  await app.close();
  await testDb.close();
});

async function call<E extends Endpoint>(endpoint: E, query = '', merchant = 'DEMO'): Promise<ValueOf<E>> {
  const res = await app.inject({ method: 'GET', url: `${endpoint.path}${query ? `?${query}` : ''}`, headers: { merchant } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return successEnvelope(endpoint.value).parse(res.json()).value as ValueOf<E>;
}

const list = (query: string, merchant?: string) => call(gameListEndpoint, query, merchant);

/** Every game of a query, page by page. */
async function allPages(query: string, pageSize: number) {
  const first = await list(`${query}&pageSize=${pageSize}&pageNo=1`);
  const games: Game[] = [...first.games];
  for (let page = 2; page <= first.totalPages; page++) {
    const next = await list(`${query}&pageSize=${pageSize}&pageNo=${page}`);
    expect(next.pageNum).toBe(page);
    expect(next.total).toBe(first.total);
    if (page < first.totalPages) expect(next.games).toHaveLength(pageSize);
    games.push(...next.games);
  }
  return { first, games };
}

describe('catalogue', () => {
  it('holds at least 600 games and every category is non-empty', async () => {
    const all = await list('pageSize=1');
    expect(all.total).toBeGreaterThanOrEqual(600);
    const perCategory: Record<string, number> = {};
    for (const category of catalogueCategories) {
      const page = await list(`gameType=${category}&pageSize=100`);
      perCategory[category] = page.total;
      expect(page.total, category).toBeGreaterThan(0);
      for (const game of page.games) expect(game.gameCategory === category || category === 'SPORTS' || category === 'RNG').toBe(true);
    }
    console.log('games per category', perCategory, 'total', all.total);
  });

  it('is empty for a merchant without a catalogue', async () => {
    expect(await list('', 'EMPTY')).toEqual({ games: [], pageNum: 1, pageSize: 25, totalPages: 0, total: 0 });
    expect((await call(hotGamesEndpoint, '', 'EMPTY')).list).toEqual([]);
    expect(await call(vendorGameTypesEndpoint, '', 'EMPTY')).toEqual({ mapping: {}, sorting: [], display: [] });
  });
});

describe('GET /wps/game/types', () => {
  it('maps every category, lists esports and cockfight vendors under SPORTS and in their own entries', async () => {
    const types = await call(vendorGameTypesEndpoint, 'typeId=1&merchant_code=DEMO');
    expect(Object.keys(types.mapping).sort()).toEqual([...catalogueCategories].sort());
    const codes = (c: string) => types.mapping[c]!.vendors.map((v) => v.vassalage);
    expect(codes('ESPORTS').sort()).toEqual([...esportsVendors].sort());
    expect(codes('COCKFIGHT').sort()).toEqual([...cockfightVendors].sort());
    expect(codes('SPORTS')).toEqual(expect.arrayContaining([...esportsVendors, ...cockfightVendors]));
    expect(types.mapping.SPORTS!.vendors.find((v) => v.vassalage === 'IMES')?.gameCategory).toBe('ESPORTS');
    expect(codes('INHOUSE')).toEqual(['BGS']);
    expect(codes('RNG')).not.toContain('BGS');
    expect(codes('RNG').length).toBeGreaterThanOrEqual(5);
    expect(codes('FISH').length).toBeGreaterThanOrEqual(3);
    expect(codes('LIVE').length).toBeGreaterThanOrEqual(3);
    expect(types.mapping.RNG!.gameClassify.slice(0, 2)).toEqual(['ALL', 'NEW']);
    expect(types.mapping.RNG!.gameClassify).toEqual(expect.arrayContaining(['CLASSIC', 'JACKPOT', 'MEGAWAYS']));
    // Side-menu order: INHOUSE right after RNG, COCKFIGHT before SPORTS before ESPORTS.
    expect(types.display.map((d) => d.gameCategory)).toEqual([...catalogueCategories]);
    expect(types.sorting.map((s) => s.gameCategory)).toEqual(expect.arrayContaining([...catalogueCategories]));
    expect(types.sorting.find((s) => s.gameCategory === 'RNG')!.vendorNames[0]).toEqual({ vassalage: 'PXG', accountTypeName: 'Pixelgold' });
    const total = (await list('pageSize=1')).total;
    expect(types.display.reduce((sum, d) => sum + d.gameCount, 0)).toBe(total);
  });

  it('names categories in Chinese for CN', async () => {
    const res = await app.inject({ url: vendorGameTypesEndpoint.path, headers: { merchant: 'DEMO', language: 'CN' } });
    expect(res.json().value.mapping.RNG.displayName).toBe('电子');
  });
});

describe('GET /wps/game/list', () => {
  it.each([6, 9, 25])('pages RNG games by %i: totalPages, last page, every game once, beyond the end empty', async (size) => {
    const { first, games } = await allPages('gameType=RNG', size);
    expect(first.pageSize).toBe(size);
    expect(first.totalPages).toBe(Math.ceil(first.total / size));
    expect(games).toHaveLength(first.total);
    expect(new Set(games.map((g) => g.gameId)).size).toBe(first.total);
    const last = await list(`gameType=RNG&pageSize=${size}&pageNo=${first.totalPages}`);
    expect(last.games).toHaveLength(first.total - (first.totalPages - 1) * size);
    const beyond = await list(`gameType=RNG&pageSize=${size}&pageNo=${first.totalPages + 1}`);
    expect(beyond).toMatchObject({ games: [], pageNum: first.totalPages + 1, total: first.total, totalPages: first.totalPages });
  });

  it('defaults to page 1 of 25 and treats blank values as absent', async () => {
    const page = await list('gameName=&gameType=&vassalage=&gameClassify=&isNew=&minBet=&pageNo=&pageSize=');
    expect(page.pageNum).toBe(1);
    expect(page.games).toHaveLength(25);
    expect(page.total).toBe((await list('')).total);
  });

  it('queries INHOUSE as RNG with vassalage BGS', async () => {
    const inhouse = await allPages('gameType=INHOUSE', 25);
    const byVendor = await allPages('gameType=RNG&vassalage=BGS', 25);
    expect(inhouse.games.map((g) => g.gameId)).toEqual(byVendor.games.map((g) => g.gameId));
    expect(inhouse.first.total).toBeGreaterThanOrEqual(20);
    for (const g of inhouse.games) expect(g).toMatchObject({ gameType: 'RNG', vassalage: 'BGS', gameCategory: 'INHOUSE' });
  });

  it('lists ESPORTS and COCKFIGHT under SPORTS and each on its own', async () => {
    const sports = await allPages('gameType=SPORTS', 25);
    const esports = await allPages('gameType=ESPORTS', 25);
    const cockfight = await allPages('gameType=COCKFIGHT', 25);
    for (const g of esports.games) expect(esportsVendors).toContain(g.vassalage);
    for (const g of cockfight.games) expect(cockfightVendors).toContain(g.vassalage);
    const sportsIds = sports.games.map((g) => g.gameId);
    expect(sportsIds).toEqual(expect.arrayContaining([...esports.games, ...cockfight.games].map((g) => g.gameId)));
    expect(new Set(esports.games.map((g) => g.vassalage))).toEqual(new Set(esportsVendors));
    expect(new Set(cockfight.games.map((g) => g.vassalage))).toEqual(new Set(cockfightVendors));
  });

  it('filters by vendor (any case), classify, isNew and minBet; NEW and ALL classify', async () => {
    const pxg = await allPages('gameType=RNG&vassalage=pxg', 25);
    expect(pxg.first.total).toBeGreaterThan(0);
    for (const g of pxg.games) expect(g.vassalage).toBe('PXG');
    expect(pxg.games.some((g) => g.isGameH5 === 'VASSALAGE' && g.nodeId === null)).toBe(true);

    const megaways = await allPages('gameType=RNG&gameClassify=MEGAWAYS', 25);
    expect(megaways.first.total).toBeGreaterThan(0);
    for (const g of megaways.games) expect(g.gameClassify).toBe('MEGAWAYS');

    const all = await list('gameType=RNG');
    const fresh = await allPages('gameType=RNG&isNew=1', 25);
    expect(fresh.first.total).toBeGreaterThan(0);
    expect(fresh.first.total).toBeLessThan(all.total);
    for (const g of fresh.games) expect(g.isNew).toBe(1);
    expect((await list('gameType=RNG&gameClassify=NEW')).total).toBe(fresh.first.total);
    expect((await list('gameType=RNG&gameClassify=ALL')).total).toBe(all.total);
    expect((await list('gameType=RNG&isNew=0')).total).toBe(all.total);

    const cheap = await allPages('minBet=5', 25);
    expect(cheap.first.total).toBeGreaterThan(0);
    for (const g of cheap.games) expect(g.minBet).toBe(5);
    const combined = await allPages('gameType=FISH&minBet=10&isNew=0', 25);
    for (const g of combined.games) expect(g).toMatchObject({ gameType: 'FISH', minBet: 10 });
    expect((await list('minBet=7')).total).toBe(0);
    expect((await list('gameType=ALL')).total).toBe((await list('')).total);
  });

  it('searches names case-insensitively, literally', async () => {
    const lower = await allPages('gameName=dragon', 25);
    const upper = await allPages('gameName=DRAGON', 25);
    expect(lower.first.total).toBeGreaterThan(3);
    expect(upper.games.map((g) => g.gameId)).toEqual(lower.games.map((g) => g.gameId));
    for (const g of lower.games) expect(g.gameName.toLowerCase()).toContain('dragon');
    const within = await list('gameName=%20Dragon%20&gameType=FISH');
    for (const g of within.games) expect(g.gameType).toBe('FISH');
    expect((await list('gameName=%25')).total).toBe(0);
    expect((await list('gameName=_')).total).toBe(0);
    expect((await list(`gameName=${encodeURIComponent("hold'em")}`)).total).toBeGreaterThan(0);
  });

  it.each([
    'pageSize=0',
    'pageSize=101',
    'pageSize=-6',
    'pageSize=abc',
    'pageSize=2.5',
    'pageNo=0',
    'pageNo=1&pageNo=2',
    'gameType=HOT',
    'gameType=FAV',
    'gameType=rng2',
    'minBet=abc',
    'minBet=-1',
    'isNew=2',
    'isNew=yes',
    `gameName=${'x'.repeat(51)}`,
    'vassalage=a&vassalage=b',
  ])('answers 400 request.invalid to %s', async (query) => {
    const res = await app.inject({ url: `${gameListEndpoint.path}?${query}`, headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(400);
    expect(failureEnvelope.parse(res.json()).errorCode).toBe('request.invalid');
  });
});

describe('GET /wps/game/hot', () => {
  it('lists hot games in hot order, optionally of one category', async () => {
    const hot = (await call(hotGamesEndpoint, 'isPlatform=2&platform=html5&language=EN')).list;
    expect(hot.length).toBeGreaterThanOrEqual(20);
    const orders = hot.map((g) => g.hotOrder!);
    expect(orders.every((o) => typeof o === 'number')).toBe(true);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const fish = (await call(hotGamesEndpoint, 'gameType=FISH')).list;
    expect(fish.length).toBeGreaterThan(0);
    for (const g of fish) expect(g.gameType).toBe('FISH');
    expect(fish.map((g) => g.gameId)).toEqual(hot.filter((g) => g.gameType === 'FISH').map((g) => g.gameId));
  });

  it('answers a repeated call from the cache with the same JSON, headers and security headers', async () => {
    const url = `${hotGamesEndpoint.path}?gameType=SPORTS`;
    const first = await app.inject({ url, headers: { merchant: 'DEMO' } });
    const again = await app.inject({ url, headers: { merchant: 'DEMO' } });
    expect(again.body).toBe(first.body);
    for (const res of [first, again]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(successEnvelope(hotGamesEndpoint.value).parse(again.json()).value.list.length).toBeGreaterThan(0);
  });

  it('answers the same URL, or its parameters in another order, alike, and refuses a bad URL every time', async () => {
    const get = (query: string) => app.inject({ url: `${gameListEndpoint.path}?${query}`, headers: { merchant: 'DEMO' } });
    const first = await get('gameType=RNG&pageSize=5');
    expect(first.statusCode).toBe(200);
    expect((await get('gameType=RNG&pageSize=5')).body).toBe(first.body);
    expect((await get('pageSize=5&gameType=RNG')).body).toBe(first.body);
    for (let i = 0; i < 2; i++) {
      const refused = await get('gameType=RNG&pageSize=0');
      expect(refused.statusCode).toBe(400);
      expect(failureEnvelope.parse(refused.json()).errorCode).toBe(errorCodes.invalidRequest);
    }
  });

  it('goes compressed to a caller that accepts it, in the encoding it prefers, and as it is to one that does not', async () => {
    const url = hotGamesEndpoint.path;
    const plain = await app.inject({ url, headers: { merchant: 'DEMO' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0', undefined, (b) => b],
      ['identity', undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await app.inject({ url, headers: { merchant: 'DEMO', 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(res.rawPayload).toString('utf8'), accept).toBe(plain.body);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    // A small answer is not worth compressing.
    const small = await app.inject({ url: `${hotGamesEndpoint.path}?gameType=NOPE`, headers: { merchant: 'DEMO', 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('rejects an unknown gameType', async () => {
    const res = await app.inject({ url: `${hotGamesEndpoint.path}?gameType=NOPE`, headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /wps/game/winner-board', () => {
  it('gives 20 winners by default, winAmount descending, masked names, launchable games', async () => {
    const { list: winners } = await call(winnerBoardEndpoint, 'gameCategory=ALL&language=EN&limitNum=20');
    expect(winners).toHaveLength(20);
    const amounts = winners.map((w) => w.winAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const w of winners) {
      expect(Number.isInteger(w.winAmount)).toBe(true);
      expect(w.customerName).toContain('***');
      expect(w.iconUrl).toBe(w.game.iconUrl);
      expect(w.gameName).toBe(w.game.gameName);
      expect(w.game.nodeId).not.toBeNull();
    }
    expect((await call(winnerBoardEndpoint, '')).list).toHaveLength(20);
    const five = (await call(winnerBoardEndpoint, 'limitNum=5')).list;
    expect(five).toEqual(winners.slice(0, 5));
    const live = (await call(winnerBoardEndpoint, 'gameCategory=LIVE&limitNum=50')).list;
    for (const w of live) expect(w.game.gameCategory).toBe('LIVE');
  });

  it.each(['limitNum=0', 'limitNum=51', 'gameCategory=FAV'])('answers 400 to %s', async (query) => {
    const res = await app.inject({ url: `${winnerBoardEndpoint.path}?${query}`, headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(400);
  });

  it('merges real wins and seeded entries by winAmount descending before cutting to the limit', () => {
    const real = [{ winAmount: 900, id: 'r1' }, { winAmount: 40, id: 'r2' }];
    const seeded = [{ winAmount: 5000, id: 's1' }, { winAmount: 900, id: 's2' }, { winAmount: 100, id: 's3' }];
    expect(mergeWinners(real, seeded, 4).map((w) => w.id)).toEqual(['s1', 'r1', 's2', 's3']);
    expect(mergeWinners(real, seeded, 10).map((w) => w.id)).toEqual(['s1', 'r1', 's2', 's3', 'r2']);
    expect(mergeWinners([], seeded, 2).map((w) => w.id)).toEqual(['s1', 's2']);
  });

  it('masks names', () => {
    expect(maskName('maria88')).toBe('ma***88');
    expect(maskName('abcd')).toBe('a***d');
    expect(maskName('ab')).toBe('a***');
  });
});

describe('generated images', () => {
  const parseSvg = (text: string) => {
    const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    return doc.documentElement;
  };

  it('serves a valid, cacheable SVG icon for every game of a page, without a Merchant header', async () => {
    const page = await list('gameName=hold');
    expect(page.games.length).toBeGreaterThan(0);
    for (const game of page.games) {
      const res = await app.inject({ url: game.iconUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const svg = parseSvg(res.body);
      expect(svg.tagName).toBe('svg');
      expect(svg.getAttribute('aria-label')).toBe(game.gameName);
      const again = await app.inject({ url: game.iconUrl, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('serves the default icon and a white logo per vendor', async () => {
    const fallback = await app.inject({ url: defaultGameIconUrl });
    expect(fallback.statusCode).toBe(200);
    parseSvg(fallback.body);
    const types = await call(vendorGameTypesEndpoint);
    const logos = new Set(Object.values(types.mapping).flatMap((m) => m.vendors.map((v) => v.logoUrl)));
    for (const url of logos) {
      expect(url).toMatch(/^\/static\/vendor-logos\/[A-Z0-9_]+-WHITE\.svg$/);
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(parseSvg(res.body).getAttribute('viewBox')).toBe('0 0 240 80');
    }
  });

  it('gives BTI and the TCG-prefixed vendors one shared logo (spec section 9)', async () => {
    const types = await call(vendorGameTypesEndpoint);
    const logoOf = (code: string) => Object.values(types.mapping).flatMap((m) => m.vendors).find((v) => v.vassalage === code)?.logoUrl;
    expect(logoOf('TCG_SEA')).toBe('/static/vendor-logos/TCG-WHITE.svg');
    expect(logoOf('TCG_LOTTO_VN')).toBe('/static/vendor-logos/TCG-WHITE.svg');
    expect(vendorLogoUrl('BTI')).toBe('/static/vendor-logos/TCG-WHITE.svg');
    expect(logoOf('SGW')).toBe('/static/vendor-logos/SGW-WHITE.svg');
    const shared = await app.inject({ url: '/static/vendor-logos/TCG-WHITE.svg' });
    expect(shared.statusCode).toBe(200);
    expect(parseSvg(shared.body).getAttribute('aria-label')).toBe('TCG');
    expect((await app.inject({ url: '/static/vendor-logos/TCG_SEA-WHITE.svg' })).statusCode).toBe(404);
  });

  it.each([
    '/static/game-icons/999999.svg',
    '/static/game-icons/abc.svg',
    '/static/game-icons/1.png',
    '/static/game-icons/01.svg',
    '/static/game-icons/99999999999.svg',
    '/static/vendor-logos/NOPE-WHITE.svg',
    '/static/vendor-logos/PXG.svg',
    '/static/banners/999999.svg',
  ])('answers a 404 envelope for %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(failureEnvelope.parse(res.json()).errorCode).toBe('request.not.found');
  });

  it('takes initials from the first two words', () => {
    expect(initialsOf('Golden Dragon Megaways')).toBe('GD');
    expect(initialsOf("Texas Hold'em")).toBe('TH');
    expect(initialsOf('3D Lotto')).toBe('3L');
    expect(initialsOf('Hold & Win')).toBe('HW');
  });
});
