import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAnswers } from '../../contract/first-answers.ts';
import { agentPaths, homeAliasPaths, memberPaths, openPaths } from '../../contract/route-paths.ts';
import { systemStatusEndpoint } from '../../contract/system.ts';
import type { FirstLoadManifest } from '../../contract/first-load-manifest.ts';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { jsonForScript, withBrand } from './document.ts';

let testDb: TestDatabase;
let dist: string;

const manifest: FirstLoadManifest = {
  routes: {
    '/m/home': { js: ['assets/home-abc.js', 'assets/lobby-def.js'], css: ['assets/home-abc.css'], parts: [] },
    '/m/login': { js: ['assets/login-123.js'], css: [], parts: ['identity'] },
  },
  catalogs: {
    EN: { core: 'assets/en.core-xyz.js', identity: 'assets/en.identity-xyz.js', money: 'assets/en.money-xyz.js' },
    CN: { core: 'assets/cn.core-xyz.js', identity: 'assets/cn.identity-xyz.js', money: 'assets/cn.money-xyz.js' },
  },
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  dist = mkdtempSync(path.join(tmpdir(), 'document-dist-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>M Casino</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, '.vite', 'first-load.json'), JSON.stringify(manifest));
});

afterAll(async () => {
  await testDb.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The first answers a page carries. */
function answersOf(html: string) {
  const match = /<script type="application\/json" id="mc-first-answers">([\s\S]*?)<\/script>/.exec(html);
  return match ? firstAnswers.parse(JSON.parse(match[1]!)) : [];
}

describe('pages of client routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: testDb.db, staticDir: dist });
  });
  afterAll(() => app.close());

  it("ask for the route's chunks, its CSS and the default catalog's parts in the document", async () => {
    const res = await app.inject({ method: 'GET', url: '/m/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-abc.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/lobby-def.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-abc.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/en.core-xyz.js">');
    // The home shows no identity or money screen: their parts stay out.
    expect(head).not.toMatch(/en\.(identity|money)-xyz/);
    expect(head).not.toContain('login-123');
    // The login screen's page asks for the identity part too, in the default language only.
    const login = (await app.inject({ method: 'GET', url: '/m/login' })).body;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/en.core-xyz.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/en.identity-xyz.js">');
    expect(login).not.toMatch(/en\.money-xyz|cn\./);
    // The home aliases are the home screen.
    expect((await app.inject({ method: 'GET', url: '/m/index.html' })).body).toContain('/assets/home-abc.js');
    // A route without entries still gets the page and the catalog.
    const other = await app.inject({ method: 'GET', url: '/m/help?i=2' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('/assets/en.core-xyz.js');
    expect(other.body).not.toContain('home-abc');
  });

  it('carry the answers of the first calls, equal to what the API answers the visitor', async () => {
    const page = await app.inject({ method: 'GET', url: '/m/home', remoteAddress: '198.51.100.9' });
    const answers = answersOf(page.body);
    const status = answers.find((a) => a.key === 'GET /wps/system/status');
    expect(status).toMatchObject({ merchant: 'DEMO', language: 'EN' });
    const direct = await app.inject({ method: 'GET', url: systemStatusEndpoint.path, headers: { merchant: 'DEMO' }, remoteAddress: '198.51.100.9' });
    expect(status?.value).toEqual(direct.json().value);
    expect(status?.value).toMatchObject({ location: { ip: '198.51.100.9' } });
  });

  it("of the login screen carry its switches, banners and download links, and preload its first banner", async () => {
    const page = await app.inject({ method: 'GET', url: '/m/login' });
    const answers = answersOf(page.body);
    expect(answers.map((a) => a.key)).toEqual([
      'GET /wps/system/status',
      'GET /wps/system/settings/consolidated',
      'GET /wps/system/whitelabel',
      'GET /wps/content/banners?groupName=m_login&platform=M',
      'GET /wps/content/download-links',
    ]);
    const banners = answers[3]!.value as { list: { url: string }[] };
    expect(banners.list.length).toBeGreaterThan(0);
    expect(page.body).toContain(`<link rel="preload" as="image" href="${banners.list[0]!.url}" fetchpriority="high">`);
  });

  it('are compressed for browsers that accept it', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('/assets/login-123.js');
    expect(answersOf(html).length).toBeGreaterThan(0);
  });

  it("are titled with the merchant's name, which they hand the client as the application name", async () => {
    for (const url of ['/m/home', '/m/login', '/m/help']) {
      const head = (await app.inject({ method: 'GET', url })).body.split('</head>')[0]!;
      expect(head).toContain('<title>Lucky Bay</title>');
      expect(head).toContain('<meta name="application-name" content="Lucky Bay">');
      expect(head).not.toContain('M Casino');
    }
  });

  it('answer a direct visit to every path of the route table with the site, whoever visits', async () => {
    for (const url of [...homeAliasPaths, ...openPaths, ...memberPaths, ...agentPaths]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<script type="module" src="/assets/index-1.js">');
    }
  });

  it('answer HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/m/home' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('the rate limit', () => {
  it("leaves the page's own first calls out of the visitor's allowance", async () => {
    const limited = await buildApp({ db: testDb.db, staticDir: dist, rateLimitPerMinute: 3 });
    try {
      const ip = '192.0.2.44';
      const page = await limited.inject({ method: 'GET', url: '/m/home', remoteAddress: ip });
      expect(page.statusCode).toBe(200);
      expect(answersOf(page.body).length).toBeGreaterThan(0);
      const call = () => limited.inject({ method: 'GET', url: systemStatusEndpoint.path, headers: { merchant: 'DEMO' }, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the home and the game list centre', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: testDb.db, staticDir: dist });
  });
  afterAll(() => app.close());

  it('carry the home blocks the vendor mapping names, and preload the first banner', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const keys = answersOf(page.body).map((a) => a.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /wps/content/banners?groupName=m_home&platform=M',
        'GET /wps/game/types?platform=html5&typeId=1',
        'GET /wps/game/hot?isPlatform=2&platform=html5',
        'GET /wps/game/winner-board?gameCategory=ALL&limitNum=20',
        // RNG's block (9 tiles) and an in-house block, and the first RNG pick (6).
        'GET /wps/game/list?clientType=2&gameType=RNG&pageNo=1&pageSize=9&platform=html5',
        'GET /wps/game/list?clientType=2&gameType=RNG&pageNo=1&pageSize=9&platform=html5&vassalage=BGS',
        expect.stringMatching(/^GET \/wps\/game\/list\?clientType=2&gameType=RNG&pageNo=1&pageSize=6&platform=html5&vassalage=\w+$/),
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    const banners = answersOf(page.body).find((a) => a.key.includes('m_home'))!.value as { list: { url: string }[] };
    expect(page.body).toContain(`<link rel="preload" as="image" href="${banners.list[0]!.url}" fetchpriority="high">`);
  });

  it("carry the list's first page for its game type and vendor, and preload the first row of icons", async () => {
    const page = await app.inject({ method: 'GET', url: '/m/gameList?gameType=FISH&vassalage=JLX' });
    const list = answersOf(page.body).find((a) => a.key.startsWith('GET /wps/game/list'));
    expect(list?.key).toBe('GET /wps/game/list?clientType=2&gameType=FISH&pageNo=1&pageSize=25&platform=html5&vassalage=JLX');
    const games = (list!.value as { games: { iconUrl: string; vassalage: string }[] }).games;
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g) => g.vassalage === 'JLX')).toBe(true);
    for (const game of games.slice(0, 3)) expect(page.body).toContain(`<link rel="preload" as="image" href="${game.iconUrl}"`);
    // An unknown game type lists every game; the favourites list is a member's and never in a page.
    const all = await app.inject({ method: 'GET', url: '/m/gameList?gameType=NOPE' });
    expect(answersOf(all.body).map((a) => a.key)).toContain('GET /wps/game/list?clientType=2&pageNo=1&pageSize=25&platform=html5');
    const fav = await app.inject({ method: 'GET', url: '/m/gameList?type=fav' });
    expect(answersOf(fav.body).some((a) => a.key.includes('/wps/game/list') || a.key.includes('favourites'))).toBe(false);
  });
});

describe('withBrand', () => {
  const page = '<html><head><title>M Casino</title></head><body></body></html>';
  it('writes the name as text, never as markup', () => {
    const html = withBrand(page, '"><script>alert(1)</script> & Co');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</title>');
    expect(html).toContain('<meta name="application-name" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co">');
    expect(html).not.toContain('<script>');
  });
  it("keeps the template's title when the settings could not be read", () => {
    expect(withBrand(page, null)).toBe(page);
  });
});

describe('jsonForScript', () => {
  it('cannot end the script element or open a comment', () => {
    const text = jsonForScript([{ title: '</script><script>alert(1)</script><!-- & \u2028' }]);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual([{ title: '</script><script>alert(1)</script><!-- & \u2028' }]);
  });
});
