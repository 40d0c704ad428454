import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { winnerBoardEndpoint } from '../../../contract/games.ts';
import { gameSessionTtlMs, launchGameEndpoint } from '../../../contract/member-games.ts';
import { freePlayBalance, type PlayRound, type PlayState, type RoundResult } from '../../../contract/play.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import { games } from '../../db/schema-catalogue.ts';
import { playRounds } from '../../db/schema-play.ts';
import { bets, ledgerTransactions } from '../../db/schema-wallet.ts';
import { buildApp } from '../../app.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { seamlessErrorCodes } from '../../../contract/seamless.ts';
import { launchGame } from '../games/game-sessions.ts';
import { defaultRecoverAfterMs, finishOpenRounds, recoverOpenRounds } from './service.ts';
import { createVendorClient } from './vendor-client.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { createHarness, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, createMember, testPassword } from '../../test/wallet-harness.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { verifyRound } from './verify.ts';
import cn from '../../../contract/messages/cn.json' with { type: 'json' };
import en from '../../../contract/messages/en.json' with { type: 'json' };
import {
  crashMaxPoint,
  crashRtpBp,
  diceMultiplierBp,
  diceRtpBp,
  slotLines,
  slotPaytable,
  slotSymbols,
  slotTheoreticalRtp,
  wheelTheoreticalRtp,
} from './engines.ts';
import { escapeHtml } from './page.ts';

const catalogs: Record<'EN' | 'CN', Record<string, string>> = { EN: en, CN: cn };
/** What the page shows: its HTML without the JSON data block the script reads. */
const shown = (html: string) => html.replace(/<script type="application\/json" id="play-data">[\s\S]*?<\/script>/, '');

let h: Harness;
let player: TestClient;
let agent: TestClient;
let playerId: number;
let playerName: string;

interface GameRef {
  id: number;
  name: string;
  vendor: string;
  minBet: number;
  supportPlay: number;
}
const pick: Record<
  | 'slot'
  | 'dice'
  | 'crash'
  | 'plinko'
  | 'keno'
  | 'wheel'
  | 'coinflip'
  | 'double'
  | 'mines'
  | 'tower'
  | 'roulette'
  | 'baccarat'
  | 'diamonds'
  | 'ladder'
  | 'penalty'
  | 'cryptos'
  | 'twist'
  | 'hilo'
  | 'videopoker'
  | 'blackjack'
  | 'vendor'
  | 'vendorFree',
  GameRef
> = {} as never;

async function signIn(username: string, password: string): Promise<TestClient> {
  const c = h.client();
  const { token } = await c.sealed.call(loginEndpoint, { type: 'username', username, password });
  c.token = token;
  return c;
}

/** The page cookie each opened game page got (launch token -> `mc_play=<secret>`), as its browser keeps it. */
const cookies = new Map<string, string>();
const cookieHeader = (token: string): Record<string, string> => (cookies.has(token) ? { cookie: cookies.get(token)! } : {});

/** Opens (or reloads, with its cookie) the game page of a launch token, keeping the cookie it sets. */
async function openPage(token: string, query = '') {
  const res = await h.app.inject({ method: 'GET', url: `/play/${token}${query}`, headers: cookieHeader(token) });
  const set = res.headers['set-cookie'];
  if (typeof set === 'string') cookies.set(token, set.split(';')[0]!);
  return res;
}

/** Launches a game and opens its page, as the browser does. */
async function launch(client: TestClient, gameId: number, free = false): Promise<string> {
  const { url } = await client.call(launchGameEndpoint, { body: { gameId, ...(free ? { free: true } : {}) } });
  expect(url).toMatch(/^\/play\/[A-Za-z0-9_-]{95,136}$/);
  const token = url.slice('/play/'.length);
  await openPage(token);
  return token;
}

async function state(token: string, headers: Record<string, string> = {}) {
  const res = await h.app.inject({ method: 'GET', url: `/play/${token}/state`, headers: { ...cookieHeader(token), ...headers } });
  return { status: res.statusCode, body: res.json() as { success: boolean; value: PlayState; errorCode?: string } };
}

/** Plays a round; a new idempotency key unless the body brings one (`roundKey: undefined` sends none). */
async function round(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/play/${token}/round`,
    payload: { roundKey: randomUUID(), ...body },
    headers: { ...cookieHeader(token), ...headers },
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; value: RoundResult; errorCode?: string } };
}

const wallet = () => balanceOf(h.app.db, 'DEMO', { kind: 'member', memberId: playerId });

beforeAll(async () => {
  h = await createHarness();
  const rows = await h.app.db
    .select({ id: games.id, name: games.gameName, vendor: games.vassalage, minBet: games.minBet, supportPlay: games.supportPlay, classify: games.gameClassify })
    .from(games)
    .where(and(eq(games.merchantCode, 'DEMO'), isNotNull(games.nodeId)));
  const bgs = rows.filter((g) => g.vendor === 'BGS');
  // An in-house title without an engine of its own plays the slot: an operator's new title, added here.
  const [hilo] = await h.app.db.select().from(games).where(and(eq(games.merchantCode, 'DEMO'), eq(games.vassalage, 'BGS'), eq(games.gameName, 'HiLo')));
  const { id: _id, ...copy } = hilo!;
  const [reels] = await h.app.db
    .insert(games)
    .values({ ...copy, gameName: 'Fruit Reels', gameCode: `${copy.gameCode}-reels`, nodeId: `${copy.nodeId}-reels` })
    .returning();
  pick.slot = { id: reels!.id, name: 'Fruit Reels', vendor: 'BGS', minBet: reels!.minBet, supportPlay: reels!.supportPlay };
  pick.hilo = bgs.find((g) => g.name === 'HiLo')!;
  pick.videopoker = bgs.find((g) => g.name === 'Video Poker')!;
  pick.blackjack = bgs.find((g) => g.name === 'Blackjack 21')!;
  pick.ladder = bgs.find((g) => g.name === 'Ladder')!;
  pick.penalty = bgs.find((g) => g.name === 'Penalty Goal')!;
  pick.cryptos = bgs.find((g) => g.name === 'Cryptos')!;
  pick.twist = bgs.find((g) => g.name === 'Twist')!;
  pick.mines = bgs.find((g) => g.name === 'Mines')!;
  pick.tower = bgs.find((g) => g.name === 'Tower')!;
  pick.roulette = bgs.find((g) => g.name === 'Mini Roulette')!;
  pick.baccarat = bgs.find((g) => g.name === 'Mini Baccarat')!;
  pick.diamonds = bgs.find((g) => g.name === 'Diamonds')!;
  pick.dice = bgs.find((g) => g.name === 'Dice')!;
  pick.crash = bgs.find((g) => g.classify === 'CRASH')!;
  pick.plinko = bgs.find((g) => g.name === 'Plinko')!;
  pick.keno = bgs.find((g) => g.name === 'Keno')!;
  pick.wheel = bgs.find((g) => g.name === 'Wheel')!;
  pick.coinflip = bgs.find((g) => g.name === 'Coin Flip')!;
  pick.double = bgs.find((g) => g.name === 'Double')!;
  const others = rows.filter((g) => g.vendor !== 'BGS');
  pick.vendor = others.find((g) => g.supportPlay === 1)!;
  pick.vendorFree = others.find((g) => g.supportPlay === 0)!;
});
afterAll(async () => {
  await h?.close();
});
// Each test's own player (with the seeded players' opening balance) and agent (an empty wallet).
let memberCount = 0;
beforeEach(async () => {
  memberCount++;
  const member = await createFundedMember(h.app.db, `playplayer${memberCount}`);
  playerId = member.id;
  playerName = member.username;
  await createMember(h.app.db, `playagent${memberCount}`, 1);
  player = await signIn(`playplayer${memberCount}`, testPassword);
  agent = await signIn(`playagent${memberCount}`, testPassword);
});

describe('GET /play/<token>', () => {
  it('serves a standalone page under the strict CSP, with external script and stylesheet only', async () => {
    const token = await launch(player, pick.slot.id);
    const res = await openPage(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    const html = res.body;
    expect(html).toContain('<script type="module" src="/play-static/play.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/play-static/play.css">');
    // The only other script element is a JSON data block (not executed).
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/play-static/play.js">', '<script type="application/json" id="play-data">']);
    expect(html).not.toMatch(/<style\b/);
    expect(html).toContain('Fruit Reels');
    expect(html).toContain('href="/m/home"');
    const script = await h.app.inject({ method: 'GET', url: '/play-static/play.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect((await h.app.inject({ method: 'GET', url: '/play-static/nope.js' })).statusCode).toBe(404);
  });

  it('answers an unknown or malformed token with a page that says so and links back to the lobby', async () => {
    for (const token of ['x'.repeat(43), 'short', '%3Cscript%3E']) {
      const res = await h.app.inject({ method: 'GET', url: `/play/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('This game session is not valid or has expired.');
      expect(res.body).toContain('href="/m/home"');
      expect(res.body).not.toContain('<script');
    }
  });

  it('shows CN copy when asked', async () => {
    const token = await launch(player, pick.slot.id);
    const res = await openPage(token, '?lang=CN');
    expect(res.body).toContain('返回大厅');
  });

  it("shows the player the game's rules, balance and a closed fairness proof; no developer wording", async () => {
    // The figures the rules must state, from the engines themselves.
    const percent = (fraction: number) => String(Number((fraction * 100).toFixed(2)));
    const slotRtp = percent(slotTheoreticalRtp());
    const diceExample = (diceMultiplierBp(4_950) / 10_000).toFixed(4);
    const crashChance = percent(crashRtpBp / 10_000 / 2);
    expect([slotRtp, percent(diceRtpBp / 10_000), percent(crashRtpBp / 10_000), diceExample, crashChance]).toEqual(['95.98', '97', '97', '1.9595', '48.5']);
    const figures = {
      slot: [
        ['play.rules.slot.lines', { lines: String(slotLines.length) }],
        ['play.rules.rtp', { rtp: slotRtp }],
        ...slotSymbols.map((s) => ['play.rules.payout', { multiplier: String(slotPaytable[s] / slotLines.length) }] as const),
      ],
      dice: [
        ['play.rules.dice.pick', { min: '1.00', max: '98.00' }],
        ['play.rules.dice.pays', { rtp: '97', target: '49.50', multiplier: diceExample }],
        ['play.rules.rtp', { rtp: '97' }],
      ],
      crash: [
        ['play.rules.crash.pick', { min: '1.01', max: '1000' }],
        ['play.rules.crash.climb', { cap: String(crashMaxPoint / 100) }],
        ['play.rules.crash.chance', { rtp: '97', target: '2', chance: crashChance }],
        ['play.rules.rtp', { rtp: '97' }],
      ],
      wheel: [['play.rules.rtp', { rtp: percent(wheelTheoreticalRtp()) }]],
    } satisfies Record<string, (readonly [string, Record<string, string>])[]>;
    const developerWords = { EN: /seed|nonce|hash|sandbox|seamless|wallet|vendor api|hmac|sha-?256/i, CN: /种子|随机数|哈希|沙盒|无缝|钱包|seed|nonce|hash|sandbox/i };

    for (const language of ['EN', 'CN'] as const) {
      const catalog = catalogs[language];
      const say = (id: string, values: Record<string, string> = {}) => escapeHtml(catalog[id]!.replace(/\{(\w+)\}/g, (_, k: string) => values[k]!));
      for (const game of [pick.slot, pick.dice, pick.crash, pick.vendor]) {
        const engine = game === pick.vendor ? 'wheel' : game === pick.slot ? 'slot' : game === pick.dice ? 'dice' : 'crash';
        const token = await launch(player, game.id);
        const html = (await openPage(token, `?lang=${language}`)).body;
        const what = `${language} ${engine}`;
        const onPage = shown(html);
        // The game first: its name, the balance, the bet controls.
        const balance = await wallet();
        expect(onPage.indexOf(`<h1>${escapeHtml(game.name)}</h1>`), what).toBeGreaterThan(0);
        expect(onPage, what).toContain(`${say('play.balance')} <output id="balance" data-amount="${balance}">₱${(balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}</output>`);
        expect(onPage.indexOf('id="round-form"'), what).toBeGreaterThan(onPage.indexOf('id="balance"'));
        // How to play, below the game, with the engine's figures.
        const rules = onPage.slice(onPage.indexOf('<section class="rules"'));
        expect(onPage.indexOf('<section class="rules"'), what).toBeGreaterThan(onPage.indexOf('id="round-form"'));
        expect(rules, what).toContain(`<h2 id="rules-title">${say('play.rules.title')}</h2>`);
        for (const [id, values] of figures[engine]) expect(rules, `${what} ${id}`).toContain(say(id, values));
        if (engine === 'slot') for (const s of slotSymbols) expect(rules, `${what} ${s}`).toContain(say(`play.symbol.${s}`));
        // The fairness proof of in-house games behind a closed "Verify fairness"; none for a vendor's game.
        expect(html, what).not.toMatch(/<details\b[^>]*\sopen\b/);
        const fair = /<details class="fair" id="fair">\s*<summary>([^<]*)<\/summary>([\s\S]*?)<\/details>/.exec(onPage);
        if (engine === 'wheel') {
          expect(fair, what).toBeNull();
        } else {
          expect(fair?.[1], what).toBe(say('play.fair.title'));
          const commitment = (await state(token)).body.value.commitment!;
          expect(fair![2], what).toContain(`<dd id="commitment" class="mono">${commitment.serverSeedHash}</dd>`);
          expect(fair![2], what).toContain(`<dd id="nonce">${commitment.nonce}</dd>`);
          expect(fair![2], what).toContain(say('play.fair.nonce.help'));
          expect(fair![2], what).toMatch(/<input id="client-seed" name="clientSeed"/);
        }
        // Outside the disclosures the player reads no seeds, hashes or wallet wording.
        const outside = onPage.replace(/<details\b[\s\S]*?<\/details>/g, '').replace(/<[^>]*>/g, ' ');
        expect(outside, what).not.toMatch(developerWords[language]);
        expect(html, what).not.toMatch(/play\.sandbox|sandbox|seamless/i);
      }
    }
  });
});

describe('in-house rounds (real money, provably fair)', () => {
  it('commits to a seed, plays a bet and a settlement on the ledger, reveals the seed and commits the next', async () => {
    const token = await launch(player, pick.slot.id);
    const before = await wallet();
    expect(before).toBe(demoOpeningBalance);
    const { body: s } = await state(token);
    expect(s.value).toMatchObject({ mode: 'real', balance: before, game: { engine: 'slot', vendor: 'BGS' }, lastRound: null });
    const commitment = s.value.commitment!;
    expect(commitment.nonce).toBe(0);

    const { status, body } = await round(token, { stake: 200, clientSeed: 'my-lucky-seed' });
    expect(status).toBe(200);
    const { round: r, balance, commitment: next } = body.value;
    expect(r.fairness).toMatchObject({ serverSeedHash: commitment.serverSeedHash, clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(createHash('sha256').update(r.fairness!.serverSeed).digest('hex')).toBe(commitment.serverSeedHash);
    expect(next).not.toEqual(commitment);
    expect(next!.nonce).toBe(1);
    expect(balance).toBe(before - 200 + r.win);
    expect(await wallet()).toBe(balance);

    const verified = verifyRound({ engine: 'slot', serverSeed: r.fairness!.serverSeed, serverSeedHash: commitment.serverSeedHash, clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(verified.hashMatches).toBe(true);
    expect(verified.outcome).toEqual(r.outcome);
    expect(Math.floor((200 * verified.multiplierBp) / 10_000)).toBe(r.win);

    const [bet] = await h.app.db.select().from(bets).where(eq(bets.roundId, r.roundId));
    expect(bet).toMatchObject({ vendorCode: 'BGS', gameId: pick.slot.id, memberId: playerId, stake: 200, win: r.win, status: 'settled' });

    const again = await state(token);
    expect(again.body.value.lastRound).toEqual(r);
    expect(again.body.value.recentRounds).toEqual([r]);
    const { body: later } = await round(token, { stake: 100, clientSeed: 'my-lucky-seed' });
    expect((await state(token)).body.value.recentRounds.map((x) => x.roundId)).toEqual([later.value.round.roundId, r.roundId]);
    expect(again.body.value.commitment).toEqual(next);
  });

  it('the verify link recomputes the round, as a page and as JSON', async () => {
    const token = await launch(player, pick.dice.id);
    const { body } = await round(token, { stake: 100, target: 5_000, clientSeed: 'abc' });
    const r = body.value.round;
    expect(r.outcome).toMatchObject({ target: 5_000 });
    const page = await h.app.inject({ method: 'GET', url: r.verifyUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="hash-verdict"');
    expect(page.body).toContain('The server seed matches the hash committed before the round.');
    expect(page.body).toContain(`Roll ${((r.outcome.roll as number) / 100).toFixed(2)}`);
    const json = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
    expect(json.json()).toMatchObject({ success: true, value: { hashMatches: true, outcome: r.outcome } });
    const wrong = await h.app.inject({ method: 'GET', url: `/play/verify.json?engine=dice&serverSeed=${'0'.repeat(64)}&serverSeedHash=${r.fairness!.serverSeedHash}&clientSeed=abc&nonce=0` });
    expect(wrong.json()).toMatchObject({ value: { hashMatches: false } });
    expect((await h.app.inject({ method: 'GET', url: '/play/verify.json?engine=dice' })).statusCode).toBe(400);
    const bad = await h.app.inject({ method: 'GET', url: '/play/verify?engine=dice&serverSeed=x&clientSeed=a&nonce=-1' });
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).not.toContain('id="hash-verdict"');
  });

  it('dice and crash take a target within range (400 play.params.invalid otherwise); stakes below the min bet are 400', async () => {
    const dice = await launch(player, pick.dice.id);
    expect(await round(dice, { stake: 100, target: 9_900 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    const crash = await launch(player, pick.crash.id);
    expect(await round(crash, { stake: 100, target: 100 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    const ok = await round(crash, { stake: 100, target: 150 });
    expect(ok.status).toBe(200);
    expect(ok.body.value.round.engine).toBe('crash');
    expect(ok.body.value.round.win).toBe((ok.body.value.round.outcome.crashPoint as number) >= 150 ? 150 : 0);
    if (pick.slot.minBet > 1) {
      const slot = await launch(player, pick.slot.id);
      expect(await round(slot, { stake: pick.slot.minBet - 1 })).toMatchObject({ status: 400, body: { errorCode: 'play.stake.invalid' } });
    }
    expect(await round(dice, { stake: 0 })).toMatchObject({ status: 400, body: { errorCode: 'request.invalid' } });
    expect(await round(dice, { stake: 1.5 })).toMatchObject({ status: 400 });
  });

  it('Plinko drops through the chosen rows at the chosen risk, Keno draws against the picks; both verify', async () => {
    const plinko = await launch(player, pick.plinko.id);
    const page = await openPage(plinko);
    expect(page.body).toContain('data-engine="plinko"');
    expect(page.body).toContain('<select id="risk" name="risk">');
    const dropped = await round(plinko, { stake: 1_000, rows: 12, risk: 'high', clientSeed: 'pl' });
    expect(dropped.status).toBe(200);
    const p = dropped.body.value.round;
    expect(p.engine).toBe('plinko');
    expect(p.outcome).toMatchObject({ rows: 12, risk: 'high' });
    expect((p.outcome.path as number[]).reduce((a, b) => a + b, 0)).toBe(p.outcome.slot);
    expect(p.win).toBe(Math.floor((1_000 * (p.outcome.multiplier as number)) / 100));
    expect(p.verifyUrl).toContain('rows=12');
    const verified = await h.app.inject({ method: 'GET', url: p.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
    expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: p.outcome } });
    expect(await round(plinko, { stake: 100, rows: 10 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });

    const keno = await launch(player, pick.keno.id);
    expect((await openPage(keno)).body).toContain('id="keno-picks"');
    const drawn = await round(keno, { stake: 1_000, picks: [3, 17, 22, 40], clientSeed: 'ke' });
    const k = drawn.body.value.round;
    expect(k.engine).toBe('keno');
    expect(new Set(k.outcome.drawn as number[]).size).toBe(10);
    expect(k.outcome.hits).toEqual([3, 17, 22, 40].filter((n) => (k.outcome.drawn as number[]).includes(n)));
    expect(k.verifyUrl).toContain(`picks=${encodeURIComponent('3,17,22,40')}`);
    const kv = await h.app.inject({ method: 'GET', url: k.verifyUrl! });
    expect(kv.body).toContain('id="hash-verdict"');
    for (const picks of [[], [41], [5, 5], Array.from({ length: 11 }, (_, i) => i + 1)]) {
      expect(await round(keno, { stake: 100, picks })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    }
  });

  it('Mines opens the picked tiles among the chosen mines: all safe pays the multiplier, a mine loses; it verifies', async () => {
    const mines = await launch(player, pick.mines.id);
    const page = (await openPage(mines)).body;
    expect(page).toContain('data-engine="mines"');
    expect(page).toContain('id="mines-picks"');
    expect(page).toContain('<select id="mines" name="mines">');
    let won = 0;
    let lost = 0;
    for (let i = 0; i < 12; i++) {
      const picks = [i, (i + 5) % 25, (i + 11) % 25];
      const r = (await round(mines, { stake: 1_000, mines: 5, picks, clientSeed: `mi${i}` })).body.value.round;
      expect(r.engine).toBe('mines');
      const positions = r.outcome.minePositions as number[];
      expect(new Set(positions).size).toBe(5);
      const hit = picks.find((tile) => positions.includes(tile)) ?? null;
      expect(r.outcome).toMatchObject({ mines: 5, picks, hit, won: hit === null });
      // 3 safe of 25 with 5 mines: 97 % over C(20,3)/C(25,3) = 1140/2300.
      expect(r.win).toBe(hit === null ? Math.floor((1_000 * Math.floor((2300 * 9700) / 1140)) / 10_000) : 0);
      if (hit === null) won++;
      else lost++;
      if (i === 0) {
        expect(r.verifyUrl).toContain('mines=5');
        const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
        expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome } });
      }
    }
    expect(won + lost).toBe(12);
    for (const bad of [{ mines: 5, picks: [] }, { mines: 0, picks: [1] }, { mines: 25, picks: [1] }, { mines: 3, picks: [25] }, { mines: 3, picks: [2, 2] }, { mines: 20, picks: [0, 1, 2, 3, 4] }]) {
      expect(await round(mines, { stake: 100, ...bad })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    }
  });

  it('Tower climbs the floors picked at the chosen risk: every trap missed pays the multiplier, a trap loses; it verifies', async () => {
    const tower = await launch(player, pick.tower.id);
    const page = (await openPage(tower)).body;
    expect(page).toContain('data-engine="tower"');
    expect(page).toContain('id="tower-picks"');
    for (let i = 0; i < 8; i++) {
      const picks = [i % 2, (i + 1) % 2, 0];
      const r = (await round(tower, { stake: 1_000, risk: 'high', picks, clientSeed: `tw${i}` })).body.value.round;
      expect(r.engine).toBe('tower');
      const traps = r.outcome.traps as number[];
      expect(traps).toHaveLength(8);
      const fell = picks.findIndex((tile, floor) => traps[floor] === tile);
      expect(r.outcome).toMatchObject({ risk: 'high', picks, reached: fell === -1 ? 3 : fell, won: fell === -1 });
      expect(r.win).toBe(fell === -1 ? Math.floor((1_000 * 9_700 * 8) / 10_000) : 0);
      if (i === 0) {
        expect(r.verifyUrl).toContain('risk=high');
        const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
        expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome } });
      }
    }
    for (const bad of [{ risk: 'high' as const, picks: [2] }, { picks: [] }, { picks: Array.from({ length: 9 }, () => 0) }]) {
      expect(await round(tower, { stake: 100, ...bad })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    }
  });

  it('Mini Roulette plays a number or an even-money call; it verifies', async () => {
    const roulette = await launch(player, pick.roulette.id);
    expect((await openPage(roulette)).body).toContain('name="choice" value="number"');
    for (let i = 0; i < 6; i++) {
      const r = (await round(roulette, { stake: 1_000, choice: 'number', target: 7, clientSeed: `ro${i}` })).body.value.round;
      expect(r.engine).toBe('roulette');
      expect(r.outcome).toMatchObject({ choice: 'number', number: 7 });
      expect(r.win).toBe(r.outcome.pocket === 7 ? 12_000 : 0);
    }
    const red = (await round(roulette, { stake: 1_000, choice: 'red', clientSeed: 'red' })).body.value.round;
    expect(red.win).toBe([1, 4, 5, 8, 9, 12].includes(red.outcome.pocket as number) ? 2_000 : 0);
    const verified = await h.app.inject({ method: 'GET', url: red.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
    expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: red.outcome } });
    expect(await round(roulette, { stake: 100, choice: 'number', target: 13 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
    expect(await round(roulette, { stake: 100, choice: 'heads' })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
  });

  it('Mini Baccarat deals a coup and pays the bet on its winner; a tie returns a Player or Banker stake; it verifies', async () => {
    const baccarat = await launch(player, pick.baccarat.id);
    expect((await openPage(baccarat)).body).toContain('name="choice" value="banker"');
    for (let i = 0; i < 6; i++) {
      const r = (await round(baccarat, { stake: 1_000, choice: 'banker', clientSeed: `ba${i}` })).body.value.round;
      expect(r.engine).toBe('baccarat');
      const o = r.outcome as { winner: string; player: number[]; banker: number[] };
      expect(o.player.length).toBeGreaterThanOrEqual(2);
      expect(r.win).toBe(o.winner === 'banker' ? 1_950 : o.winner === 'tie' ? 1_000 : 0);
      if (i === 0) {
        const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
        expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome } });
      }
    }
    expect(await round(baccarat, { stake: 100, choice: 'red' })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });
  });

  it('Diamonds draws 5 gems and pays the hand; it verifies', async () => {
    const diamonds = await launch(player, pick.diamonds.id);
    expect((await openPage(diamonds)).body).toContain('data-engine="diamonds"');
    const pays = { five: 5_000, four: 500, fullHouse: 400, three: 300, twoPair: 200, pair: 10, none: 0 } as Record<string, number>;
    for (let i = 0; i < 5; i++) {
      const r = (await round(diamonds, { stake: 1_000, clientSeed: `di${i}` })).body.value.round;
      expect(r.engine).toBe('diamonds');
      expect(r.outcome.gems as number[]).toHaveLength(5);
      expect(r.win).toBe(Math.floor((1_000 * pays[r.outcome.hand as string]!) / 100));
      if (i === 0) {
        const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
        expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome } });
      }
    }
  });

  it('Ladder, Penalty Goal, Cryptos and Twist play as named, each with its own controls, and verify', async () => {
    const verifies = async (r: PlayRound) => {
      const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
      expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome } });
    };
    const ladder = await launch(player, pick.ladder.id);
    expect((await openPage(ladder)).body).toContain('name="choice" value="four"');
    const climbed = (await round(ladder, { stake: 1_000, choice: 'odd', clientSeed: 'la' })).body.value.round;
    expect(climbed.engine).toBe('ladder');
    expect(climbed.win).toBe(climbed.outcome.end === 'odd' ? 1_940 : 0);
    await verifies(climbed);

    const penalty = await launch(player, pick.penalty.id);
    expect((await openPage(penalty)).body).toContain('name="zone" value="5"');
    const shot = (await round(penalty, { stake: 1_000, target: 4, risk: 'high', clientSeed: 'pg' })).body.value.round;
    expect(shot.outcome).toMatchObject({ zone: 4, risk: 'high' });
    expect(shot.outcome.saves as number[]).toHaveLength(4);
    expect(shot.win).toBe((shot.outcome.saves as number[]).includes(4) ? 0 : 2_910);
    await verifies(shot);
    expect(await round(penalty, { stake: 100, target: 6 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });

    const cryptos = await launch(player, pick.cryptos.id);
    const called = (await round(cryptos, { stake: 1_000, choice: 'down', clientSeed: 'cr' })).body.value.round;
    expect(called.outcome.prices as number[]).toHaveLength(15);
    expect(called.win).toBe(called.outcome.direction === 'down' ? 1_940 : 0);
    await verifies(called);

    const twist = await launch(player, pick.twist.id);
    const twisted = (await round(twist, { stake: 1_000, risk: 'medium', clientSeed: 'tw' })).body.value.round;
    expect(twisted.outcome).toMatchObject({ risk: 'medium' });
    expect(twisted.win).toBe((1_000 * (twisted.outcome.multiplier as number)) / 100);
    await verifies(twisted);
  });

  describe('stepped rounds: HiLo, Video Poker, Blackjack', () => {
    async function act(token: string, roundId: string, body: Record<string, unknown>) {
      const res = await h.app.inject({ method: 'POST', url: `/play/${token}/round/${roundId}/action`, payload: body, headers: cookieHeader(token) });
      return { status: res.statusCode, body: res.json() as { success: boolean; value: RoundResult; errorCode?: string } };
    }

    it('a Video Poker hand: the stake is taken at the deal, the draw keeps the held cards and pays the hand; the seed shows only then', async () => {
      const token = await launch(player, pick.videopoker.id);
      expect((await openPage(token)).body).toContain('data-action="draw"');
      const before = await wallet();
      const dealt = (await round(token, { stake: 1_000, clientSeed: 'vp' })).body.value;
      expect(dealt.round.open).toEqual({ allowed: ['draw'], step: 0 });
      expect(dealt.round.fairness).toBeNull();
      expect(dealt.round.verifyUrl).toBeNull();
      expect(dealt.round.outcome.cards as number[]).toHaveLength(5);
      expect(dealt.balance).toBe(before - 1_000);
      expect(await wallet()).toBe(before - 1_000);
      // The page shows the hand in play after a reload, and no other deal is taken meanwhile.
      expect((await state(token)).body.value.openRound).toMatchObject({ roundId: dealt.round.roundId, open: { step: 0 } });
      expect(await round(token, { stake: 1_000 })).toMatchObject({ status: 409, body: { errorCode: 'play.round.open' } });
      expect(await act(token, dealt.round.roundId, { action: 'hit', step: 0 })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });

      const cards = dealt.round.outcome.cards as number[];
      const drawn = await act(token, dealt.round.roundId, { action: 'draw', holds: [0, 2], step: 0 });
      expect(drawn.status).toBe(200);
      const r = drawn.body.value.round;
      expect(r.open).toBeUndefined();
      const final = r.outcome.cards as number[];
      expect([final[0], final[2]]).toEqual([cards[0], cards[2]]);
      expect(new Set([...cards, ...final]).size).toBe(8);
      const pays = { royalFlush: 800, straightFlush: 50, fourOfAKind: 25, fullHouse: 8, flush: 5, straight: 4, threeOfAKind: 3, twoPair: 2, jacksOrBetter: 1, nothing: 0 };
      expect(r.win).toBe(1_000 * pays[r.outcome.hand as keyof typeof pays]);
      expect(drawn.body.value.balance).toBe(before - 1_000 + r.win);
      expect(await wallet()).toBe(before - 1_000 + r.win);
      expect(r.fairness).toMatchObject({ clientSeed: 'vp', nonce: 0 });
      expect(r.verifyUrl).toContain('actions=draw%3A0-2');
      const verified = await h.app.inject({ method: 'GET', url: r.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
      expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: r.outcome, multiplierBp: pays[r.outcome.hand as keyof typeof pays] * 10_000 } });
      // A retry of the draw answers the same round; another action at that step is a conflict; the round takes no more.
      expect((await act(token, r.roundId, { action: 'draw', holds: [2, 0], step: 0 })).body.value.round).toMatchObject({ roundId: r.roundId, win: r.win });
      expect(await act(token, r.roundId, { action: 'draw', holds: [1], step: 0 })).toMatchObject({ status: 409, body: { errorCode: 'play.round.conflict' } });
      expect(await act(token, r.roundId, { action: 'draw', holds: [], step: 1 })).toMatchObject({ status: 409, body: { errorCode: 'play.round.closed' } });
      expect(await wallet()).toBe(before - 1_000 + r.win);
      expect((await state(token)).body.value).toMatchObject({ openRound: null, lastRound: { roundId: r.roundId } });
    });

    it('Blackjack hits and stands, HiLo calls and cashes out; another session or a bad id finds no round', async () => {
      const bj = await launch(player, pick.blackjack.id);
      let hand = (await round(bj, { stake: 1_000, clientSeed: 'bj-3' })).body.value.round;
      let steps = 0;
      while (hand.open) {
        const total = hand.outcome.playerTotal as number;
        hand = (await act(bj, hand.roundId, { action: total < 15 ? 'hit' : 'stand', step: hand.open.step })).body.value.round;
        steps++;
      }
      const o = hand.outcome as { outcome: string; player: number[]; dealer: number[] };
      const pays = { blackjack: 2_500, win: 2_000, push: 1_000, lose: 0, bust: 0 };
      expect(hand.win).toBe(pays[o.outcome as keyof typeof pays]);
      expect(steps).toBe((hand.outcome.actions as unknown[]).length);
      const verified = await h.app.inject({ method: 'GET', url: hand.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
      expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: hand.outcome } });

      const hilo = await launch(player, pick.hilo.id);
      const before = await wallet();
      const dealt = (await round(hilo, { stake: 1_000, clientSeed: 'hl' })).body.value.round;
      expect(dealt.open?.allowed).toContain('cashout');
      expect(dealt.outcome).not.toHaveProperty('next');
      // Another member's page and a malformed id find nothing.
      const other = await launch(agent, pick.hilo.id);
      expect(await act(other, dealt.roundId, { action: 'skip', step: 0 })).toMatchObject({ status: 404, body: { errorCode: 'play.round.notFound' } });
      expect(await act(hilo, 'not-a-round', { action: 'skip', step: 0 })).toMatchObject({ status: 404, body: { errorCode: 'play.round.notFound' } });
      const chances = dealt.outcome.chances as { higher: number; lower: number };
      const call = chances.higher >= chances.lower ? 'higher' : 'lower';
      const called = (await act(hilo, dealt.roundId, { action: call, step: 0 })).body.value.round;
      if (called.open) {
        expect(called.outcome.calls).toBe(1);
        const cashed = (await act(hilo, dealt.roundId, { action: 'cashout', step: 1 })).body.value;
        expect(cashed.round.win).toBe(Math.floor((1_000 * (called.outcome.multiplierBp as number)) / 10_000));
        expect(cashed.round.win).toBeGreaterThan(1_000 * 0.97);
        expect(await wallet()).toBe(before - 1_000 + cashed.round.win);
      } else {
        expect(called.win).toBe(0);
        expect(await wallet()).toBe(before - 1_000);
      }
    });

    it('two decisions sent at once for one step: one lands and is paid once, the other is refused', async () => {
      const token = await launch(player, pick.videopoker.id);
      const before = await wallet();
      const dealt = (await round(token, { stake: 1_000, clientSeed: 'race' })).body.value.round;
      const answers = await Promise.all([
        act(token, dealt.roundId, { action: 'draw', holds: [0], step: 0 }),
        act(token, dealt.roundId, { action: 'draw', holds: [1, 2], step: 0 }),
        act(token, dealt.roundId, { action: 'draw', holds: [3], step: 0 }),
      ]);
      const landed = answers.filter((a) => a.status === 200);
      expect(landed).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) expect(['play.round.busy', 'play.round.conflict']).toContain(refused.body.errorCode);
      const r = landed[0]!.body.value.round;
      expect(await wallet()).toBe(before - 1_000 + r.win);
      const [row] = await h.app.db.select().from(playRounds).where(eq(playRounds.id, r.roundId));
      expect(row).toMatchObject({ status: 'settled', win: r.win });
      expect(await h.app.db.select().from(bets).where(and(eq(bets.roundId, r.roundId), eq(bets.vendorCode, 'BGS')))).toHaveLength(1);
    });

    it('a hand left open is finished by the sweep with the closing action and paid once; free play keeps play money', async () => {
      const token = await launch(player, pick.blackjack.id);
      const before = await wallet();
      let dealt = (await round(token, { stake: 1_000, clientSeed: 'left-0' })).body.value.round;
      for (let i = 1; !dealt.open; i++) dealt = (await round(token, { stake: 1_000, clientSeed: `left-${i}` })).body.value.round;
      const spent = before - (await wallet());
      h.clock.advance(11 * 60_000);
      const report = await finishOpenRounds(h.app, { now: h.clock.now });
      expect(report, JSON.stringify(report)).toMatchObject({ failed: 0 });
      expect(report.finished).toBeGreaterThanOrEqual(1);
      const { body } = await state(token);
      expect(body.value.openRound).toBeNull();
      const ended = body.value.recentRounds.find((r) => r.roundId === dealt.roundId)!;
      expect((ended.outcome.actions as { action: string }[]).map((a) => a.action)).toEqual(['stand']);
      expect(await wallet()).toBe(before - spent + ended.win);
      expect((await finishOpenRounds(h.app, { now: h.clock.now })).finished).toBe(0);
      expect(await wallet()).toBe(before - spent + ended.win);

      const free = await launch(player, pick.videopoker.id, true);
      const start = (await state(free)).body.value.balance;
      const hand = (await round(free, { stake: 500, clientSeed: 'free-vp' })).body.value;
      expect(hand.balance).toBe(start - 500);
      const drawn = (await act(free, hand.round.roundId, { action: 'draw', holds: [0, 1, 2, 3, 4], step: 0 })).body.value;
      expect(drawn.round.outcome.cards).toEqual(hand.round.outcome.cards);
      expect(drawn.balance).toBe(start - 500 + drawn.round.win);
      expect(await wallet()).toBe(before - spent + ended.win);
    });
  });

  it('Coin Flip and Double play the call the player made; a call of another game is 400', async () => {
    const coin = await launch(player, pick.coinflip.id);
    expect((await openPage(coin)).body).toContain('name="choice" value="tails"');
    const flipped = (await round(coin, { stake: 1_000, choice: 'tails', clientSeed: 'cf' })).body.value.round;
    expect(flipped.engine).toBe('coinflip');
    expect(flipped.outcome).toMatchObject({ choice: 'tails' });
    expect(flipped.win).toBe(flipped.outcome.side === 'tails' ? 1_940 : 0);
    expect(flipped.verifyUrl).toContain('choice=tails');
    const verified = await h.app.inject({ method: 'GET', url: flipped.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
    expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: flipped.outcome } });
    expect(await round(coin, { stake: 100, choice: 'green' })).toMatchObject({ status: 400, body: { errorCode: 'play.params.invalid' } });

    const double = await launch(player, pick.double.id);
    const drawn = (await round(double, { stake: 1_000, choice: 'green' })).body.value.round;
    expect(drawn.engine).toBe('double');
    expect(drawn.win).toBe(drawn.outcome.tile === 0 ? 14_000 : 0);
  });

  it('the in-house Wheel spins the wheel, provably fair', async () => {
    const wheel = await launch(player, pick.wheel.id);
    const spun = (await round(wheel, { stake: 1_000, clientSeed: 'wh' })).body.value.round;
    expect(spun.engine).toBe('wheel');
    expect(spun.fairness?.clientSeed).toBe('wh');
    const verified = await h.app.inject({ method: 'GET', url: spun.verifyUrl!.replace('/play/verify?', '/play/verify.json?') });
    expect(verified.json()).toMatchObject({ value: { hashMatches: true, outcome: spun.outcome } });
  });

  it('refuses a stake above the balance and changes nothing', async () => {
    const token = await launch(player, pick.slot.id);
    const before = await wallet();
    const commitment = (await state(token)).body.value.commitment;
    const res = await round(token, { stake: before + 100 });
    expect(res).toMatchObject({ status: 409, body: { success: false, errorCode: 'wallet.balance.insufficient' } });
    expect(await wallet()).toBe(before);
    // The commitment shown before the refused round still holds for the next one.
    expect((await state(token)).body.value.commitment).toEqual(commitment);
    const next = await round(token, { stake: 100 });
    expect(next.body.value.round.fairness?.serverSeedHash).toBe(commitment!.serverSeedHash);
  });

  it('plays nothing while the merchant is under maintenance (503 system.maintenance), and plays again after', async () => {
    const token = await launch(player, pick.slot.id);
    const before = await wallet();
    await executeAdminCommand(h.testDb.db, { kind: 'maintenance.on', merchant: 'DEMO' });
    try {
      expect(await round(token, { stake: 100 })).toMatchObject({ status: 503, body: { success: false, errorCode: 'system.maintenance' } });
      expect((await state(token)).status).toBe(503);
      expect(await wallet()).toBe(before);
    } finally {
      await executeAdminCommand(h.testDb.db, { kind: 'maintenance.off', merchant: 'DEMO' });
    }
    expect((await round(token, { stake: 100 })).status).toBe(200);
  });
});

describe('concurrent rounds of one session', () => {
  it('use each committed seed once: the others are 409 play.round.busy, and the wallet adds up', async () => {
    const token = await launch(player, pick.dice.id);
    const before = await wallet();
    const answers = await Promise.all(Array.from({ length: 6 }, () => round(token, { stake: 100, target: 5_000 })));
    const played = answers.filter((a) => a.status === 200).map((a) => a.body.value.round);
    expect(played.length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { errorCode: 'play.round.busy' } });
    expect(new Set(played.map((r) => r.fairness!.nonce)).size).toBe(played.length);
    expect(new Set(played.map((r) => r.fairness!.serverSeed)).size).toBe(played.length);
    expect(await wallet()).toBe(before + played.reduce((sum, r) => sum + r.win - r.stake, 0));
  });
});

describe('vendor sandbox rounds', () => {
  it('play through the signed seamless wallet as the vendor: bet record under the vendor, balance moves', async () => {
    const token = await launch(player, pick.vendor.id);
    const { body: s } = await state(token);
    expect(s.value).toMatchObject({ mode: 'real', commitment: null, game: { engine: 'wheel', vendor: pick.vendor.vendor } });
    const before = await wallet();
    const stake = Math.max(pick.vendor.minBet, 100);
    const { status, body } = await round(token, { stake });
    expect(status).toBe(200);
    const r = body.value.round;
    expect(r).toMatchObject({ engine: 'wheel', fairness: null, verifyUrl: null, stake });
    expect(r.win).toBe(Math.floor((stake * (r.outcome.multiplier as number)) / 100));
    expect(body.value.balance).toBe(before - stake + r.win);
    const [bet] = await h.app.db.select().from(bets).where(eq(bets.roundId, r.roundId));
    expect(bet).toMatchObject({ vendorCode: pick.vendor.vendor, gameId: pick.vendor.id, stake, win: r.win, status: 'settled' });
  });
});

describe('free play', () => {
  it('uses play money of the session and never touches the ledger', async () => {
    const token = await launch(player, pick.vendorFree.id, true);
    const before = await wallet();
    const { body: s } = await state(token);
    expect(s.value).toMatchObject({ mode: 'free', balance: freePlayBalance });
    const stake = Math.max(pick.vendorFree.minBet, 100);
    const { body } = await round(token, { stake });
    expect(body.value.balance).toBe(freePlayBalance - stake + body.value.round.win);
    expect(await wallet()).toBe(before);
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, body.value.round.roundId))).toEqual([]);
    expect(await round(token, { stake: freePlayBalance * 10 })).toMatchObject({ status: 409, body: { errorCode: 'play.balance.insufficient' } });

    const slot = await launch(player, pick.slot.id, true);
    const fair = await round(slot, { stake: 100 });
    expect(fair.body.value.round.fairness).not.toBeNull();
    expect(await wallet()).toBe(before);
  });
});

describe('authorisation', () => {
  it('refuses an unknown token and an expired session with 401 play.session.invalid', async () => {
    expect(await round('x'.repeat(43), { stake: 100 })).toMatchObject({ status: 401, body: { errorCode: 'play.session.invalid' } });
    const token = await launch(player, pick.slot.id);
    h.clock.advance(gameSessionTtlMs + 1);
    const before = await wallet();
    expect(await round(token, { stake: 100 })).toMatchObject({ status: 401, body: { errorCode: 'play.session.invalid' } });
    expect(await state(token)).toMatchObject({ status: 401 });
    expect((await openPage(token)).body).toContain('This game session is not valid or has expired.');
    expect(await wallet()).toBe(before);
  });

  it("another member's session cannot use a member's game session", async () => {
    const token = await launch(player, pick.slot.id);
    const before = await wallet();
    expect(await round(token, { stake: 100 }, { authorization: agent.token! })).toMatchObject({ status: 403, body: { errorCode: 'request.forbidden' } });
    expect(await state(token, { authorization: agent.token! })).toMatchObject({ status: 403 });
    expect(await round(token, { stake: 100 }, { authorization: 'garbage' })).toMatchObject({ status: 403 });
    expect(await wallet()).toBe(before);
    expect(await round(token, { stake: 100 }, { authorization: player.token! })).toMatchObject({ status: 200 });
    // The agent's own launch plays on the agent's wallet (empty), never the player's.
    const agentToken = await launch(agent, pick.slot.id);
    expect(await round(agentToken, { stake: 100 })).toMatchObject({ status: 409, body: { errorCode: 'wallet.balance.insufficient' } });
  });
});

describe('winner board', () => {
  it('merges real wins with seeded entries, biggest first', async () => {
    const token = await launch(player, pick.vendor.id);
    let won: RoundResult['round'] | undefined;
    // A stake big enough that the win outranks the other tests' real wins on the board.
    for (let i = 0; i < 60 && !won; i++) {
      const { body } = await round(token, { stake: Math.max(pick.vendor.minBet, 20_000) });
      if (body.value.round.win > 0) won = body.value.round;
    }
    expect(won).toBeDefined();
    const board = async (limit: number) => {
      const res = await h.app.inject({ method: 'GET', url: `${winnerBoardEndpoint.path}?limitNum=${limit}`, headers: { merchant: 'DEMO' } });
      return (res.json() as { value: { list: { customerName: string; winAmount: number; game: { gameId: number } }[] } }).value.list;
    };
    const descending = (amounts: number[]) => expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // The board's masking of the name (`maria88` -> `ma***88`).
    const shown = `${playerName.slice(0, 2)}***${playerName.slice(-2)}`;
    const top = await board(20);
    expect(top).toHaveLength(20);
    descending(top.map((w) => w.winAmount));
    // With room for every entry the real wins are on the board, in winAmount order among the seeded ones.
    const list = await board(50);
    descending(list.map((w) => w.winAmount));
    expect(list.some((w) => w.game.gameId === pick.vendor.id && w.customerName === shown)).toBe(true);
    const realWins = await h.app.db
      .select({ win: bets.win })
      .from(bets)
      .where(and(eq(bets.memberId, playerId), eq(bets.status, 'settled'), ne(bets.win, 0)));
    expect(list.find((w) => w.customerName === shown)!.winAmount).toBe(Math.max(...realWins.map((b) => b.win)));
  });
});

describe('round keys (the page retrying a round)', () => {
  it('answer the first round to a retry with the same key: one bet, one charge', async () => {
    const token = await launch(player, pick.dice.id);
    const before = await wallet();
    const body = { stake: 150, target: 5_000, clientSeed: 'retry-seed', roundKey: randomUUID() };
    const first = await round(token, body);
    expect(first.status).toBe(200);
    const bet = await round(token, body);
    expect(bet.status).toBe(200);
    expect(bet.body.value.round).toEqual(first.body.value.round);
    expect(bet.body.value.balance).toBe(first.body.value.balance);
    const r = first.body.value.round;
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, r.roundId))).toHaveLength(1);
    expect(await wallet()).toBe(before - 150 + r.win);
    // A later round moves the balance; the retry still answers the first round's balance.
    await round(token, { stake: 100, target: 5_000 });
    expect((await round(token, body)).body.value.balance).toBe(first.body.value.balance);
  });

  it('refuse the same key with other parameters (409 play.round.conflict) and play nothing', async () => {
    const token = await launch(player, pick.dice.id);
    const roundKey = randomUUID();
    expect((await round(token, { stake: 100, target: 5_000, clientSeed: 'k', roundKey })).status).toBe(200);
    const before = await wallet();
    for (const other of [{ stake: 101, target: 5_000, clientSeed: 'k' }, { stake: 100, target: 4_000, clientSeed: 'k' }, { stake: 100, target: 5_000 }]) {
      expect(await round(token, { ...other, roundKey })).toMatchObject({ status: 409, body: { errorCode: 'play.round.conflict' } });
    }
    expect(await wallet()).toBe(before);
    expect(await round(token, { stake: 100, roundKey: 'bad key!' })).toMatchObject({ status: 400, body: { errorCode: 'request.invalid' } });
    // A round without its key is refused and plays nothing.
    const beforeKeyless = await wallet();
    expect(await round(token, { stake: 100, roundKey: undefined })).toMatchObject({ status: 400, body: { errorCode: 'request.invalid' } });
    expect(await wallet()).toBe(beforeKeyless);
  });

  it('place one bet for concurrent requests with one key', async () => {
    const token = await launch(player, pick.vendor.id);
    const before = await wallet();
    const stake = Math.max(pick.vendor.minBet, 100);
    const body = { stake, roundKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => round(token, body)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { errorCode: 'play.round.busy' } });
    expect(new Set(ok.map((a) => a.body.value.round.roundId)).size).toBe(1);
    const r = ok[0]!.body.value.round;
    expect(await wallet()).toBe(before - stake + r.win);
    // Once done, a retry answers it too.
    expect((await round(token, body)).body.value.round).toEqual(r);
  });
});

describe('recovery of interrupted rounds', () => {
  const faults = { debit: false, credit: false, rollback: false };
  let faulty: FastifyInstance;

  beforeAll(async () => {
    // The same database behind an app whose wallet calls can be made to fail (as a dying process or a broken wallet would).
    faulty = await buildApp({ db: h.app.db, rateLimitPerMinute: 100_000, identity: { now: h.clock.now }, play: { recoverEveryMs: 0 } });
    faulty.addHook('onRequest', async (request, reply) => {
      const what = /^\/lgw\/wallet\/(debit|credit|rollback)$/.exec(request.url)?.[1] as keyof typeof faults | undefined;
      if (what && faults[what]) return reply.code(500).send({ success: false, errorCode: 'system.error', message: 'injected fault' });
    });
  });
  afterAll(async () => {
    await faulty?.close();
  });

  const launchFor = async (gameId: number) => {
    const token = (await launchGame(h.app.db, { memberId: playerId, merchantCode: 'DEMO' }, { gameId }, h.clock.now())).url.slice('/play/'.length);
    await openPage(token);
    return token;
  };
  const faultyRound = async (token: string, body: Record<string, unknown>) => {
    const res = await faulty.inject({
      method: 'POST',
      url: `/play/${token}/round`,
      payload: { roundKey: randomUUID(), ...body },
      headers: cookieHeader(token),
    });
    return { status: res.statusCode, body: res.json() as { success: boolean; value: RoundResult; errorCode?: string } };
  };
  const recover = () => recoverOpenRounds(h.app, { now: h.clock.now });
  const roundRow = async (id: string) => (await h.app.db.select().from(playRounds).where(eq(playRounds.id, id)))[0];
  const rollbacks = async (roundId: string) =>
    (await h.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'rollback'))).filter((t) => t.meta.roundId === roundId);

  it('rolls back, exactly once, a round whose settlement and rollback both failed', async () => {
    await recover();
    const token = await launchFor(pick.slot.id);
    const before = await wallet();
    faults.credit = true;
    faults.rollback = true;
    const roundKey = randomUUID();
    const failed = await faultyRound(token, { stake: 300, roundKey });
    expect(failed).toMatchObject({ status: 503, body: { errorCode: 'play.wallet.unavailable' } });
    // The stake is taken and the bet open: the state a dead process leaves too.
    expect(await wallet()).toBe(before - 300);
    const [pending] = await h.app.db.select().from(playRounds).where(eq(playRounds.roundKey, roundKey));
    expect(pending).toMatchObject({ status: 'pending', mode: 'real', stake: 300 });
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, pending!.id))).toMatchObject([{ status: 'open', stake: 300 }]);
    // A retry of the page meanwhile places no second bet.
    expect(await round(token, { stake: 300, roundKey })).toMatchObject({ status: 409, body: { errorCode: 'play.round.busy' } });

    // Not before the timeout; after it, not while the wallet still fails.
    expect(await recover()).toMatchObject({ found: 0 });
    h.clock.advance(defaultRecoverAfterMs + 1_000);
    expect(await recoverOpenRounds(faulty, { now: h.clock.now })).toMatchObject({ found: 1, rolledBack: 0, failed: 1 });
    expect(await wallet()).toBe(before - 300);

    faults.credit = false;
    faults.rollback = false;
    // Two sweeps at once (two servers on one database) and one after: the stake comes back once.
    const reports = await Promise.all([recover(), recover()]);
    expect(reports.reduce((n, r) => n + r.rolledBack, 0)).toBeGreaterThanOrEqual(1);
    expect(await recover()).toMatchObject({ found: 0 });
    expect(await wallet()).toBe(before);
    expect(await rollbacks(pending!.id)).toHaveLength(1);
    expect(await h.app.db.select().from(bets).where(eq(bets.roundId, pending!.id))).toMatchObject([{ status: 'rolled_back' }]);
    expect(await roundRow(pending!.id)).toMatchObject({ status: 'void' });
    // The page's retry now learns the round was voided; the round is not shown as played.
    expect(await round(token, { stake: 300, roundKey })).toMatchObject({ status: 409, body: { errorCode: 'play.round.voided' } });
    expect((await state(token)).body.value.lastRound).toBeNull();
  });

  it('voids a round whose bet never arrived, so a late bet of it is refused', async () => {
    const token = await launchFor(pick.vendor.id);
    const before = await wallet();
    faults.debit = true;
    const stake = Math.max(pick.vendor.minBet, 100);
    expect(await faultyRound(token, { stake })).toMatchObject({ status: 503 });
    faults.debit = false;
    const [pending] = await h.app.db.select().from(playRounds).where(and(eq(playRounds.sessionId, (await roundSession(token))!), eq(playRounds.status, 'pending')));
    expect(pending).toBeDefined();
    h.clock.advance(defaultRecoverAfterMs + 1_000);
    expect(await recover()).toMatchObject({ found: 1, rolledBack: 1 });
    expect(await roundRow(pending!.id)).toMatchObject({ status: 'void' });
    // The vendor's late debit of that round is refused: the player is never charged for it.
    const vendor = createVendorClient(h.app, 'DEMO', pick.vendor.vendor, h.clock.now);
    const late = vendor.debit({ transactionId: `${pending!.id}:bet`, playerId: String(playerId), gameCode: (await gameCode(pick.vendor.id))!, roundId: pending!.id, amount: stake });
    await expect(late).rejects.toMatchObject({ statusCode: 409, errorCode: seamlessErrorCodes.roundVoided });
    expect(await wallet()).toBe(before);
  });

  it('marks settled a round whose settlement went through before the process died', async () => {
    const token = await launchFor(pick.dice.id);
    const done = await round(token, { stake: 120, target: 5_000 });
    const r = done.body.value.round;
    const balance = await wallet();
    // As if the process died between the settlement and the round row's update.
    await h.app.db.update(playRounds).set({ status: 'pending' }).where(eq(playRounds.id, r.roundId));
    h.clock.advance(defaultRecoverAfterMs + 1_000);
    expect(await recover()).toMatchObject({ found: 1, settled: 1, rolledBack: 0 });
    expect(await roundRow(r.roundId)).toMatchObject({ status: 'settled', win: r.win });
    expect(await wallet()).toBe(balance);
    expect(await rollbacks(r.roundId)).toHaveLength(0);
  });

  it('runs when the server is ready', async () => {
    const token = await launchFor(pick.slot.id);
    const before = await wallet();
    faults.credit = true;
    faults.rollback = true;
    expect(await faultyRound(token, { stake: 100 })).toMatchObject({ status: 503 });
    faults.credit = false;
    faults.rollback = false;
    h.clock.advance(defaultRecoverAfterMs + 1_000);
    // The sweep's report, as the server logs it.
    let reported: (entry: Record<string, unknown>) => void = () => {};
    const report = new Promise<Record<string, unknown>>((resolve) => {
      reported = resolve;
    });
    const stream = {
      write(line: string) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === 'open game rounds recovered' || entry.msg === 'recovery sweep of open rounds failed') reported(entry);
      },
    };
    const app = await buildApp({
      db: h.app.db,
      rateLimitPerMinute: 100_000,
      identity: { now: h.clock.now },
      play: { recoverEveryMs: 60_000 },
      logger: { level: 'info', stream },
    });
    try {
      await app.ready();
      expect(await report).toMatchObject({ msg: 'open game rounds recovered', failed: 0 });
    } finally {
      await app.close();
    }
    expect(await wallet()).toBe(before);
  });
});

async function roundSession(token: string) {
  expect((await state(token)).status).toBe(200);
  const { resolveGameSession } = await import('../games/game-sessions.ts');
  return (await resolveGameSession(h.app.db, token, cookies.get(token)?.split('=')[1] ?? null, h.clock.now()))?.id;
}

async function gameCode(gameId: number) {
  return (await h.app.db.select({ code: games.gameCode }).from(games).where(eq(games.id, gameId)))[0]?.code;
}
