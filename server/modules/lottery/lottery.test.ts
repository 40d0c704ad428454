/**
 * The lottery over HTTP (`/lgw/*`): the lists and the game detail, orders
 * placed on the issue taking bets (paid from the wallet, each sub-order a
 * bet), refused orders that write nothing, cancelling before the cutoff
 * (the stake back) and not after, the draw paying every winner once even
 * when two runs race, the results with a seed anyone can check, the rank
 * list, popular lotteries, limits and exclusion, and the launch of a
 * lottery opening the site's game screen. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bet,
  cancelSubOrderEndpoint,
  lotteryGameEndpoint,
  lotteryGamesEndpoint,
  lotteryMenuEndpoint,
  numeroEndpoint,
  orderDetailEndpoint,
  ordersEndpoint,
  placeOrderEndpoint,
  popularEndpoint,
  rankListEndpoint,
  recentVnEndpoint,
  vnMenusEndpoint,
  vnNumeroEndpoint,
} from '../../../contract/lottery.ts';
import { launchGameEndpoint, recentGamesEndpoint } from '../../../contract/member-games.ts';
import { excludeEndpoint, setLimitEndpoint } from '../../../contract/responsible-gaming.ts';
import { walletEndpoint } from '../../../contract/wallet.ts';
import type { MemberRow } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { lotteryOrders } from '../../db/schema-lottery.ts';
import { bets } from '../../db/schema-wallet.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, intactLedger, ledgerInvariants, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { betMismatches } from '../../test/wallet-model.ts';
import { parseAdminArgs } from '../../admin/cli.ts';
import { executeLotteryCommand, formatLottery } from './admin-commands.ts';
import { lotteryGames } from './games.ts';
import { issueNumbers } from './rules.ts';
import { drawDueIssues, drawIssue, runDrawJob } from './settlement.ts';

let h: Harness;
let member: MemberRow;
let client: TestClient;
let quick: { gameCode: string; gameId: number };
let n = 0;

beforeAll(async () => {
  h = await createHarness();
  const [row] = await h.app.db
    .select({ gameCode: games.gameCode, gameId: games.id })
    .from(games)
    .where(and(eq(games.merchantCode, 'DEMO'), eq(games.displayName, '1-Minute Lotto')))
    .limit(1);
  quick = row!;
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  member = await createFundedMember(h.app.db, `lotto${++n}`);
  client = await signIn(h, member.username);
});

const detail = () => client.call(lotteryGameEndpoint, { query: { gameCode: quick.gameCode } });
const balance = async (c = client) => (await c.call(walletEndpoint)).member.balance;
const place = async (bets: Bet[], c = client, issueNo?: string) => {
  const d = await detail();
  return c.call(placeOrderEndpoint, {
    body: { gameCode: quick.gameCode, issueNo: issueNo ?? d.game.current.issueNo, prizeMode: 'ELOTT', playType: 'ent', bets },
  });
};
const betCount = async (memberId = member.id) => (await h.app.db.select({ n: count() }).from(bets).where(eq(bets.memberId, memberId)))[0]!.n;
/** Moves the clock past the current issue's draw. */
async function pastDraw() {
  const d = await detail();
  const ms = Date.parse(d.game.current.drawAt) - h.clock.now().getTime() + 1_000;
  h.clock.advance(ms);
  return d.game.current.issueNo;
}

describe('lists', () => {
  it('lists every lottery with the issue taking bets, its hash committed, and filters by type, vendor and family', async () => {
    const all = await client.call(lotteryGamesEndpoint, { query: {} });
    expect(all.list.length).toBe(48);
    const game = all.list.find((g) => g.gameCode === quick.gameCode)!;
    expect(game).toMatchObject({ gameType: 'ELOTT', family: 'digits', intervalSeconds: 60, cutoffSeconds: 10, balls: 5, prizeMode: 'ELOTT', playType: 'ent' });
    expect(game.current).toMatchObject({ status: 'open', numbers: [], seed: null });
    expect(game.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const sea = await client.call(lotteryGamesEndpoint, { query: { vendor: 'TCG_SEA' } });
    expect(sea.list.length).toBe(12);
    expect(sea.list.every((g) => g.prizeMode === 'SEA' && g.playType === 'trad')).toBe(true);
    const keno = await client.call(lotteryGamesEndpoint, { query: { family: 'keno', gameType: 'ELOTT' } });
    expect(keno.list.length).toBeGreaterThan(0);
    expect(keno.list.every((g) => g.family === 'keno' && g.gameType === 'ELOTT' && g.maxNumber === 80)).toBe(true);
  });

  it('answers the menu, VN menus, the game detail with odds, and 404 for an unknown lottery', async () => {
    const menu = await client.call(lotteryMenuEndpoint);
    expect(menu.list.reduce((a, m) => a + m.count, 0)).toBe(48);
    const vn = await client.call(vnMenusEndpoint);
    expect(vn.list.flatMap((f) => f.games).every((g) => g.vendor === 'TCG_LOTTO_VN')).toBe(true);
    const d = await detail();
    expect(d.betTypes.map((t) => t.betType)).toEqual(['position', 'bigSmall', 'oddEven']);
    expect(d.betTypes[0]?.odds).toEqual([970]);
    const missing = await failureOf(client.call(lotteryGameEndpoint, { query: { gameCode: 'NOPE' } }));
    expect([missing.status, missing.errorCode]).toEqual([404, 'lottery.game.not.found']);
  });
});

describe('orders', () => {
  it('pays every sub-order from the wallet, writes each as a bet and lists the order', async () => {
    const before = await balance();
    const { order, balance: after } = await place([
      { betType: 'bigSmall', pick: 'big', stake: 10_00 },
      { betType: 'position', pick: '2:7', stake: 5_00 },
    ]);
    expect(after).toBe(before - 15_00);
    expect(await balance()).toBe(after);
    expect(order).toMatchObject({ gameCode: quick.gameCode, stake: 15_00, payout: 0, status: 'open', prizeMode: 'ELOTT', playType: 'ent' });
    expect(order.subOrders.map((s) => [s.betType, s.pick, s.odds, s.status, s.cancellable])).toEqual([
      ['bigSmall', 'big', 194, 'open', true],
      ['position', '2:7', 970, 'open', true],
    ]);
    expect(await betCount()).toBe(2);
    const page = await client.call(ordersEndpoint, { query: { status: 'open', pageNo: 1, pageSize: 20 } });
    expect(page.list.map((o) => o.orderId)).toEqual([order.orderId]);
    const one = await client.call(orderDetailEndpoint, { query: { orderId: order.orderId } });
    expect(one.issue.status).toBe('open');
  });

  it('refuses a bad pick, another issue, a closed issue, a wrong prize mode, no money and a trial account, writing nothing', async () => {
    const before = await balance();
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => place([{ betType: 'position', pick: '6:1', stake: 1_00 }]), 400, 'lottery.bet.invalid'],
      [() => place([{ betType: 'keno', pick: '1', stake: 1_00 }]), 400, 'lottery.bet.invalid'],
      [() => place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }], client, '20260301-0001'), 409, 'lottery.issue.closed'],
      [() => place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }], client, 'garbage'), 409, 'lottery.issue.closed'],
      [() => place(Array.from({ length: 2 }, () => ({ betType: 'bigSmall' as const, pick: 'big', stake: 3_000_00 }))), 409, 'wallet.balance.insufficient'],
      [() => place([{ betType: 'bigSmall', pick: 'big', stake: 0 }]), 400, 'request.invalid'],
    ];
    for (const [call, status, code] of cases) expect(await failureOf(call()), code).toMatchObject({ status, errorCode: code });
    const d = await detail();
    const sea = await failureOf(
      client.call(placeOrderEndpoint, {
        body: { gameCode: quick.gameCode, issueNo: d.game.current.issueNo, prizeMode: 'SEA', playType: 'ent', bets: [{ betType: 'bigSmall', pick: 'big', stake: 1_00 }] },
      }),
    );
    expect(sea).toMatchObject({ status: 400, errorCode: 'game.lottery.mode.invalid' });
    const trial = await signInTrial(h);
    expect(await failureOf(place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }], trial))).toMatchObject({ status: 403, errorCode: 'trial.forbidden' });
    expect(await balance()).toBe(before);
    expect(await betCount()).toBe(0);
  });

  it('refuses an order once the cutoff has passed', async () => {
    const d = await detail();
    h.clock.advance(Date.parse(d.game.current.cutoffAt) - h.clock.now().getTime());
    const refused = await failureOf(place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }], client, d.game.current.issueNo));
    expect(refused).toMatchObject({ status: 409, errorCode: 'lottery.issue.closed' });
    h.clock.advance(60_000);
  });

  it('cancels a sub-order before the cutoff with its stake back, and not after, nor another member’s', async () => {
    const before = await balance();
    const { order } = await place([
      { betType: 'oddEven', pick: 'odd', stake: 20_00 },
      { betType: 'oddEven', pick: 'even', stake: 30_00 },
    ]);
    const [first, second] = order.subOrders;
    const other = await signIn(h, (await createFundedMember(h.app.db, `lottoother${n}`)).username);
    expect(await failureOf(other.call(cancelSubOrderEndpoint, { body: { subOrderId: first!.id } }))).toMatchObject({
      status: 404,
      errorCode: 'lottery.order.not.found',
    });
    const cancelled = await client.call(cancelSubOrderEndpoint, { body: { subOrderId: first!.id } });
    expect(cancelled.balance).toBe(before - 30_00);
    expect(cancelled.order).toMatchObject({ stake: 30_00, status: 'open' });
    expect(cancelled.order.subOrders[0]).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await failureOf(client.call(cancelSubOrderEndpoint, { body: { subOrderId: first!.id } }))).toMatchObject({
      status: 409,
      errorCode: 'lottery.suborder.not.cancellable',
    });
    const d = await detail();
    h.clock.advance(Date.parse(d.game.current.cutoffAt) - h.clock.now().getTime() + 1);
    expect(await failureOf(client.call(cancelSubOrderEndpoint, { body: { subOrderId: second!.id } }))).toMatchObject({
      status: 409,
      errorCode: 'lottery.suborder.not.cancellable',
    });
    expect((await client.call(ordersEndpoint, { query: { status: 'cancelled', pageNo: 1, pageSize: 20 } })).list).toEqual([]);
    h.clock.advance(60_000);
    expect(await betMismatches(h.app.db, member.id)).toBe(0);
  });

  it('counts lottery stakes against a wager limit and refuses orders during a time-out', async () => {
    await client.call(setLimitEndpoint, { body: { kind: 'wager', period: 'day', amount: 30_00 } });
    await place([{ betType: 'bigSmall', pick: 'big', stake: 20_00 }]);
    expect(await failureOf(place([{ betType: 'bigSmall', pick: 'small', stake: 20_00 }]))).toMatchObject({ status: 409, errorCode: 'rg.bet.wager.limit' });
    await client.call(excludeEndpoint, { body: { kind: 'timeOut', duration: '24h' } });
    expect(await failureOf(place([{ betType: 'bigSmall', pick: 'small', stake: 1_00 }]))).toMatchObject({ status: 403, errorCode: 'rg.play.excluded' });
    expect(await betCount()).toBe(1);
  });
});

describe('the draw', () => {
  it('draws the due issue from its seed, pays every winner once and marks the rest lost', async () => {
    // A fresh issue, with only this test's orders.
    await pastDraw();
    await drawDueIssues(h.app.db, h.clock.now());
    const players = await Promise.all([0, 1, 2].map(async (i) => createFundedMember(h.app.db, `lottodraw${n}x${i}`)));
    const clients = await Promise.all(players.map((p) => signIn(h, p.username)));
    const picks = ['big', 'small'];
    for (const [i, c] of clients.entries()) {
      await place(
        [
          { betType: 'bigSmall', pick: picks[i % 2] as string, stake: 10_00 },
          ...Array.from({ length: 10 }, (_, d) => ({ betType: 'position' as const, pick: `1:${d}`, stake: 1_00 })),
        ],
        c,
      );
    }
    const balances = await Promise.all(clients.map((c) => balance(c)));
    const issueNo = await pastDraw();
    const draws = await drawDueIssues(h.app.db, h.clock.now());
    const draw = draws.find((d) => d.gameCode === quick.gameCode && d.issueNo === issueNo)!;
    expect(draw.subOrders).toBe(33);
    // Exactly one digit wins on ball 1 for every player.
    expect(draw.winners).toBeGreaterThanOrEqual(3);
    // A second run, and a run of one issue, find nothing more to do.
    expect((await drawDueIssues(h.app.db, h.clock.now())).some((d) => d.gameCode === quick.gameCode)).toBe(false);

    const numbers = await client.call(numeroEndpoint, { query: { gameCode: quick.gameCode, pageNo: 1, pageSize: 20 } });
    const issue = numbers.list.find((i) => i.issueNo === issueNo)!;
    expect(issue.status).toBe('drawn');
    expect(createHash('sha256').update(issue.seed!).digest('hex')).toBe(issue.seedHash);
    const config = (await lotteryGames(h.app.db, 'DEMO')).find((g) => g.gameCode === quick.gameCode)!.config;
    expect(issue.numbers).toEqual(issueNumbers(config, issue.seed!, quick.gameCode, issueNo));
    const sum = issue.numbers.reduce((a, b) => a + b, 0);
    for (const [i, c] of clients.entries()) {
      const [order] = (await c.call(ordersEndpoint, { query: { status: 'all', pageNo: 1, pageSize: 20 } })).list;
      expect(order?.status).toBe('settled');
      const sideWon = picks[i % 2] === 'big' ? sum > 22.5 : sum < 22.5;
      const expected = (sideWon ? 19_40 : 0) + 9_70;
      expect(order?.payout).toBe(expected);
      expect(order?.subOrders.filter((s) => s.status === 'won').length).toBe(sideWon ? 2 : 1);
      expect(await balance(c)).toBe((balances[i] as number) + expected);
    }
    const rank = await client.call(rankListEndpoint);
    expect(rank.list.filter((e) => e.issueNo === issueNo).map((e) => e.account)).toEqual(expect.arrayContaining([expect.stringMatching(/^lo\*\*\*\d$/)]));
    expect(rank.list.map((e) => e.payout)).toEqual([...rank.list.map((e) => e.payout)].sort((a, b) => b - a));
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
    for (const p of players) expect(await betMismatches(h.app.db, p.id)).toBe(0);
  });

  it('two draw runs racing pay each win exactly once', async () => {
    const c2 = await signIn(h, (await createFundedMember(h.app.db, `lottorace${n}`)).username);
    await place(Array.from({ length: 10 }, (_, d) => ({ betType: 'position' as const, pick: `3:${d}`, stake: 2_00 })));
    await place(Array.from({ length: 10 }, (_, d) => ({ betType: 'position' as const, pick: `4:${d}`, stake: 2_00 })), c2);
    const before = [await balance(), await balance(c2)];
    await pastDraw();
    const runs = await Promise.all([runDrawJob(h.app.db, h.clock.now()), runDrawJob(h.app.db, h.clock.now()), drawDueIssues(h.app.db, h.clock.now())]);
    const quickDraws = runs.flat().filter((d) => d.gameCode === quick.gameCode);
    expect(quickDraws.length).toBe(1);
    expect(await balance()).toBe((before[0] as number) + 19_40);
    expect(await balance(c2)).toBe((before[1] as number) + 19_40);
    expect(await ledgerInvariants(h.app.db)).toEqual(intactLedger);
  });
});

describe('results, popular and launch', () => {
  it('numero pages the draws newest first; VN numero refuses a lottery of another vendor; recent VN lists VN draws', async () => {
    await pastDraw();
    await runDrawJob(h.app.db, h.clock.now());
    await pastDraw();
    await runDrawJob(h.app.db, h.clock.now());
    const page = await client.call(numeroEndpoint, { query: { gameCode: quick.gameCode, pageNo: 1, pageSize: 1 } });
    expect(page.list.length).toBe(1);
    expect(page.totalPages).toBeGreaterThanOrEqual(2);
    const second = await client.call(numeroEndpoint, { query: { gameCode: quick.gameCode, pageSize: 1, pageNo: 2 } });
    expect(Date.parse(second.list[0]!.drawAt)).toBeLessThan(Date.parse(page.list[0]!.drawAt));
    const vnGame = (await client.call(lotteryGamesEndpoint, { query: { vendor: 'TCG_LOTTO_VN' } })).list[0]!;
    const other = (await client.call(lotteryGamesEndpoint, { query: { vendor: 'TCG_SEA' } })).list[0]!;
    expect((await client.call(vnNumeroEndpoint, { query: { gameCode: vnGame.gameCode, pageNo: 1, pageSize: 20 } })).list.every((i) => i.status === 'drawn')).toBe(true);
    expect(await failureOf(client.call(vnNumeroEndpoint, { query: { gameCode: other.gameCode, pageNo: 1, pageSize: 20 } }))).toMatchObject({ status: 404 });
    const recent = await client.call(recentVnEndpoint);
    expect(recent.list.every((r) => r.issue.status === 'drawn' && r.issue.seed !== null)).toBe(true);
  });

  it('popular puts the most ordered lottery first', async () => {
    await place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }]);
    const popular = await client.call(popularEndpoint);
    expect(popular.list[0]?.gameCode).toBe(quick.gameCode);
    expect(popular.list.length).toBe(8);
    const orders = await h.app.db.select({ n: count() }).from(lotteryOrders).where(eq(lotteryOrders.gameCode, quick.gameCode));
    expect(orders[0]!.n).toBeGreaterThan(0);
  });

  it('launching a lottery opens the site’s game screen in its prize mode and play type', async () => {
    const [game] = await h.app.db
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, 'DEMO'), eq(games.gameCode, quick.gameCode)));
    const { url } = await client.call(launchGameEndpoint, {
      body: { vendor: game!.vassalage, gameCode: quick.gameCode, prizeMode: 'ELOTT', playType: 'ent' },
    });
    expect(url).toBe(`/m/lotto/${quick.gameCode}?prizeMode=ELOTT&playType=ent`);
    const recent = await client.call(recentGamesEndpoint, { query: { pageNo: 1, pageSize: 25 } as never });
    expect(recent.games.map((g) => g.gameCode)).toContain(quick.gameCode);
  });
});

describe('drawIssue', () => {
  it('answers null for an issue that does not exist', async () => {
    expect(await drawIssue(h.app.db, 999_999_999, h.clock.now())).toBeNull();
  });
});

describe('operator commands', () => {
  it('lottery draw runs the draw job; lottery draws lists the issues with their seed once drawn', async () => {
    await place([{ betType: 'bigSmall', pick: 'big', stake: 1_00 }]);
    const issueNo = await pastDraw();
    const parsed = parseAdminArgs(['lottery', 'draw']);
    expect(parsed).toEqual({ command: { kind: 'lottery.draw', merchant: 'DEMO' } });
    const drawn = await executeLotteryCommand(h.app.db, { kind: 'lottery.draw', merchant: 'DEMO' }, h.clock.now());
    expect(formatLottery(drawn)).toContain(`${quick.gameCode} ${issueNo}: `);
    expect(parseAdminArgs(['lottery', 'draws'])).toMatchObject({ error: expect.stringContaining('game code') });
    const view = await executeLotteryCommand(h.app.db, { kind: 'lottery.draws', merchant: 'DEMO', gameCode: quick.gameCode }, h.clock.now());
    expect('lotteryIssues' in view && view.lotteryIssues.find((i) => i.issueNo === issueNo)).toMatchObject({ status: 'drawn', openSubOrders: 0, seed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(formatLottery(view)).toContain('seed hash');
  });
});
