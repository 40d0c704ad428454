/**
 * The profit record and the bonus details over HTTP, as members see them:
 * bets written by the signed seamless wallet (the vendors' path) on two days
 * of the harness clock, settled, lost, settled the next day, rolled back or
 * left open; bonuses paid as the app pays them (a promotion claim, a reward of
 * the points mall, a deposit with a deposit promotion) and one posted by hand
 * (other). Exact day rows, totals, sources, titles in the reader's language,
 * paging and date ranges; another member, a trial account and the seeded
 * player1; bad queries answered 400 with an errorCode.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redeemEndpoint } from '../../../contract/loyalty.ts';
import { type BonusRecord, bonusRecordsEndpoint, type ProfitDay, profitRecordEndpoint } from '../../../contract/member-records.ts';
import { applyEndpoint, claimEndpoint } from '../../../contract/promotions.ts';
import {
  createDepositEndpoint,
  depositOptionsEndpoint,
  depositStatusEndpoint,
  transactionRecordsEndpoint,
} from '../../../contract/wallet.ts';
import type { MemberRow } from '../../db/schema.ts';
import { games } from '../../db/schema-catalogue.ts';
import { mallItems } from '../../db/schema-loyalty.ts';
import { demoMallBonusPaid, demoRounds, demoTurnover } from '../../seed/seed-loyalty.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { demoPromotionBonusesPaid, demoReceiptPng } from '../../seed/seed-promotions.ts';
import { createHarness, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, intactLedger, ledgerInvariants, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { createPromotion, reviewApplication } from '../promotions/service.ts';
import { signedHeaders, vendorSecret } from '../seamless/signature.ts';
import { postTransaction } from './ledger.ts';

const dayMs = 86_400_000;
let h: Harness;
let vendor: string;
let gameCode: string;
let secret: string;
let a: MemberRow;
let b: MemberRow;
let clientA: TestClient;
let clientB: TestClient;
/** The UTC days of the clock: the day before and the day of the test. */
let day1: string;
let day2: string;
let seq = 0;

/** A signed call of the seamless wallet, as the vendor sends it, at the harness clock's time. */
async function vendorCall(path: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) {
  const raw = JSON.stringify({ transactionId: `records-tx-${++seq}`, ...body });
  const res = await h.app.inject({
    method: 'POST',
    url: `/lgw/wallet/${path}`,
    headers: { 'content-type': 'application/json', merchant: 'DEMO', ...signedHeaders(vendor, secret, raw, h.clock.now().getTime()) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const bet = (member: MemberRow, roundId: string, amount: number) => vendorCall('debit', { playerId: String(member.id), gameCode, roundId, amount });
const settle = (member: MemberRow, roundId: string, amount: number) => vendorCall('credit', { playerId: String(member.id), roundId, amount });

const dayOf = (time: string) => time.slice(0, 10);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** A bonus posted by hand (an operator's, say): house → member, meta without a source. */
const otherBonus = (member: MemberRow, amount: number) =>
  postTransaction(h.testDb.db, {
    merchantId: 'DEMO',
    idempotencyKey: `records-other-bonus:${member.id}`,
    kind: 'bonus',
    postings: [
      { account: { kind: 'house' }, amount: -amount },
      { account: { kind: 'member', memberId: member.id }, amount },
    ],
  });

/** The member's rows as the API answers them with a language header (the typed client always sends EN). */
async function inLanguage<T>(client: TestClient, path: string, language: string): Promise<T> {
  const res = await rawCall(h.app, { method: 'GET', path }, { headers: { authorization: client.token ?? '', language } });
  expect(res.status).toBe(200);
  return (res.json as { value: T }).value;
}

let applicationId: number;
let redemptionId: number;
let depositOrderNo: string;
let promotionTitles: { EN: string; CN: string };

beforeAll(async () => {
  h = await createHarness();
  // The clock starts the day before now, so the bets of the second day fall on the ledger's day (the database's time).
  h.clock.advance(Date.now() - dayMs - h.clock.now().getTime());
  const [game] = await h.app.db
    .select({ code: games.gameCode, vendor: games.vassalage })
    .from(games)
    .where(and(eq(games.merchantCode, 'DEMO'), ne(games.vassalage, 'BGS'), isNotNull(games.nodeId)))
    .limit(1);
  if (!game) throw new Error('no vendor game');
  vendor = game.vendor;
  gameCode = game.code;
  secret = (await vendorSecret(h.app.db, vendor)) ?? '';
  a = await createFundedMember(h.testDb.db, 'profitmembera');
  b = await createFundedMember(h.testDb.db, 'profitmemberb');

  // Day 1: a win, a loss, a rolled-back round and a round left open until day 2.
  day1 = utcDay(h.clock.now());
  await bet(a, 'records-a1', 60_000);
  await settle(a, 'records-a1', 150_000);
  await bet(a, 'records-a2', 40_000);
  await settle(a, 'records-a2', 0);
  await bet(a, 'records-a3', 10_000);
  await vendorCall('rollback', { playerId: String(a.id), roundId: 'records-a3' });
  await bet(a, 'records-a4', 20_000);

  // Day 2: the round of day 1 settles, another round, one left open; member B plays once.
  h.clock.advance(dayMs);
  day2 = utcDay(h.clock.now());
  await settle(a, 'records-a4', 5_000);
  await bet(a, 'records-a5', 7_000);
  await settle(a, 'records-a5', 7_000);
  await bet(a, 'records-a6', 4_000);
  await bet(b, 'records-b1', 1_000);
  await settle(b, 'records-b1', 0);

  clientA = await signIn(h, a.username);
  clientB = await signIn(h, b.username);

  // Bonuses of A: a promotion claim, a reward of the mall (127 points from ₱1,270 settled), a first deposit with FIRST258, one by hand.
  promotionTitles = { EN: 'Records test promotion', CN: '记录测试活动' };
  const promotion = await createPromotion(h.testDb.db, {
    merchantCode: 'DEMO',
    titles: promotionTitles,
    contents: { EN: '<p>Rules</p>', CN: '<p>规则</p>' },
    mode: 'apply',
    bonusAmount: 12_345,
    startDate: day1,
    endDate: null,
    categoryIds: [],
  });
  const applied = await clientA.call(applyEndpoint, {
    body: { promotionId: promotion.id, comment: 'Receipt', images: [{ name: 'receipt.png', type: 'image/png', data: demoReceiptPng }] },
  });
  applicationId = applied.applicationId ?? 0;
  await reviewApplication(h.testDb.db, 'DEMO', applicationId, { approve: true }, h.clock.now());
  expect(await clientA.call(claimEndpoint, { body: { applicationId } })).toMatchObject({ amount: 12_345 });

  const [bronze] = await h.testDb.db
    .select({ id: mallItems.id })
    .from(mallItems)
    .where(and(eq(mallItems.merchantCode, 'DEMO'), eq(mallItems.nameKey, 'bronzeBonus')));
  const redemption = await clientA.call(redeemEndpoint, { body: { itemId: bronze?.id ?? 0, idempotencyKey: 'records-redeem-1' } });
  expect(redemption).toMatchObject({ reward: 1_000 });
  redemptionId = redemption.id;

  const first258 = (await clientA.call(depositOptionsEndpoint, {})).promotions.find((p) => p.code === 'FIRST258');
  const order = await clientA.call(createDepositEndpoint, {
    body: { channelCode: 'LOCALPAY', amount: 20_000, promotionId: first258?.id ?? null, idempotencyKey: 'records-deposit-1' },
  });
  const page = new URL(order.payUrl ?? '', 'http://localhost');
  const confirmed = await h.app.inject({
    method: 'POST',
    url: `${page.pathname}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `t=${encodeURIComponent(page.searchParams.get('t') ?? '')}`,
  });
  expect(confirmed.statusCode).toBe(303);
  expect(await clientA.call(depositStatusEndpoint, { query: { orderNo: order.orderNo } })).toMatchObject({ status: 'completed', bonus: 20_000 });
  depositOrderNo = order.orderNo;

  await otherBonus(a, 500);
  await otherBonus(b, 300);
});

afterAll(async () => {
  await h?.close();
});

/** The day rows expected from the bets' days and the bonuses' own days (the ledger's time), newest first. */
function expectedDays(played: Record<string, { stake: number; win: number }>, bonuses: BonusRecord[]): ProfitDay[] {
  const days = new Map<string, { stake: number; win: number; bonus: number }>();
  for (const [day, p] of Object.entries(played)) days.set(day, { ...p, bonus: 0 });
  for (const bonus of bonuses) {
    const day = dayOf(bonus.createdAt);
    const row = days.get(day) ?? { stake: 0, win: 0, bonus: 0 };
    days.set(day, { ...row, bonus: row.bonus + bonus.amount });
  }
  return [...days]
    .sort(([x], [y]) => (x < y ? 1 : -1))
    .map(([day, r]) => ({ day, stake: r.stake, win: r.win, profit: r.win - r.stake, bonus: r.bonus, net: r.win - r.stake + r.bonus }));
}

describe('bonus details', () => {
  it('lists every bonus of the member, newest first, with its source, title, amount and reference, and their total', async () => {
    const records = await clientA.call(bonusRecordsEndpoint, { query: {} });
    expect(records.list.map(({ source, title, amount, reference }) => ({ source, title, amount, reference }))).toEqual([
      { source: 'other', title: null, amount: 500, reference: null },
      { source: 'deposit', title: 'First deposit bonus up to ₱258', amount: 20_000, reference: depositOrderNo },
      { source: 'mall', title: 'loyalty.item.bronzeBonus', amount: 1_000, reference: `MALL-${redemptionId}` },
      { source: 'promotion', title: promotionTitles.EN, amount: 12_345, reference: `APP-${applicationId}` },
    ]);
    expect(records).toMatchObject({ pageNum: 1, totalPages: 1, total: 4, summary: { total: 33_845 } });
    // The ids are the ledger postings the transaction record shows as bonuses.
    const ledger = await clientA.call(transactionRecordsEndpoint, { query: { types: 'O' } });
    expect(ledger.list.filter((r) => r.kind === 'bonus').map((r) => r.id)).toEqual(records.list.map((r) => r.id));
  });

  it("titles promotions in the reader's language; a reward stays a message id", async () => {
    const cn = await inLanguage<{ list: BonusRecord[] }>(clientA, bonusRecordsEndpoint.path, 'CN');
    expect(cn.list.map((r) => r.title)).toEqual([null, '首存奖金最高 ₱258', 'loyalty.item.bronzeBonus', promotionTitles.CN]);
    // A language without a title falls back like the promotions list: the merchant's default (EN).
    const th = await inLanguage<{ list: BonusRecord[] }>(clientA, bonusRecordsEndpoint.path, 'TH');
    expect(th.list.map((r) => r.title)).toEqual([null, 'First deposit bonus up to ₱258', 'loyalty.item.bronzeBonus', promotionTitles.EN]);
  });

  it('pages with the total over the whole range, and filters by day', async () => {
    const all = await clientA.call(bonusRecordsEndpoint, { query: {} });
    const page2 = await clientA.call(bonusRecordsEndpoint, { query: { pageNo: 2, pageSize: 3 } });
    expect(page2).toMatchObject({ pageNum: 2, totalPages: 2, total: 4, summary: { total: 33_845 } });
    expect(page2.list.map((r) => r.id)).toEqual([all.list[3]?.id]);
    const beyond = await clientA.call(bonusRecordsEndpoint, { query: { pageNo: 3, pageSize: 3 } });
    expect(beyond).toMatchObject({ list: [], total: 4, summary: { total: 33_845 } });

    const paidOn = dayOf(all.list[0]?.createdAt ?? '');
    const sameDay = all.list.filter((r) => dayOf(r.createdAt) === paidOn);
    const onThatDay = await clientA.call(bonusRecordsEndpoint, { query: { startDate: paidOn, endDate: paidOn } });
    expect(onThatDay.list.map((r) => r.id)).toEqual(sameDay.map((r) => r.id));
    expect(onThatDay.summary.total).toBe(sameDay.reduce((sum, r) => sum + r.amount, 0));
    const after = utcDay(new Date(Date.parse(paidOn) + dayMs));
    expect(await clientA.call(bonusRecordsEndpoint, { query: { startDate: after } })).toMatchObject({ list: [], total: 0, summary: { total: 0 } });
    const before = utcDay(new Date(Date.parse(all.list.at(-1)?.createdAt ?? '') - dayMs));
    expect(await clientA.call(bonusRecordsEndpoint, { query: { endDate: before } })).toMatchObject({ list: [], total: 0, summary: { total: 0 } });
  });

  it("shows another member only their own bonus, never A's", async () => {
    const records = await clientB.call(bonusRecordsEndpoint, { query: {} });
    expect(records.list.map(({ source, amount }) => ({ source, amount }))).toEqual([{ source: 'other', amount: 300 }]);
    expect(records.summary.total).toBe(300);
    const ofA = new Set((await clientA.call(bonusRecordsEndpoint, { query: {} })).list.map((r) => r.id));
    expect(records.list.some((r) => ofA.has(r.id))).toBe(false);
  });
});

describe('profit record', () => {
  const playedByA = () => ({
    // Day 1: the win and the loss; the rolled-back round counts nothing, the open one settled on day 2.
    [day1]: { stake: 100_000, win: 150_000 },
    // Day 2: the round of day 1 (settled then) and the round of day 2; the open round counts nothing.
    [day2]: { stake: 27_000, win: 12_000 },
  });

  it('answers one row per day with settled bets or bonuses, newest first, with the totals', async () => {
    const bonuses = (await clientA.call(bonusRecordsEndpoint, { query: {} })).list;
    const expected = expectedDays(playedByA(), bonuses);
    const record = await clientA.call(profitRecordEndpoint, { query: {} });
    expect(record.list).toEqual(expected);
    expect(record).toMatchObject({ pageNum: 1, totalPages: 1, total: expected.length });
    expect(record.summary).toEqual({ stake: 127_000, win: 162_000, profit: 35_000, bonus: 33_845, net: 68_845 });
    // Normally the bonuses fall on day 2 with its bets: two rows.
    if (bonuses.every((r) => dayOf(r.createdAt) === day2)) {
      expect(record.list).toEqual([
        { day: day2, stake: 27_000, win: 12_000, profit: -15_000, bonus: 33_845, net: 18_845 },
        { day: day1, stake: 100_000, win: 150_000, profit: 50_000, bonus: 0, net: 50_000 },
      ]);
    }
  });

  it('filters by day (inclusive) with the totals of the range, and pages', async () => {
    const only1 = await clientA.call(profitRecordEndpoint, { query: { startDate: day1, endDate: day1 } });
    expect(only1).toMatchObject({
      list: [{ day: day1, stake: 100_000, win: 150_000, profit: 50_000, bonus: 0, net: 50_000 }],
      total: 1,
      summary: { stake: 100_000, win: 150_000, profit: 50_000, bonus: 0, net: 50_000 },
    });
    const fromDay2 = await clientA.call(profitRecordEndpoint, { query: { startDate: day2 } });
    expect(fromDay2.list.map((r) => r.day)).not.toContain(day1);
    expect(fromDay2.summary).toMatchObject({ stake: 27_000, win: 12_000, profit: -15_000 });
    const before = utcDay(new Date(Date.parse(day1) - dayMs));
    expect(await clientA.call(profitRecordEndpoint, { query: { endDate: before } })).toEqual({
      list: [],
      pageNum: 1,
      totalPages: 1,
      total: 0,
      summary: { stake: 0, win: 0, profit: 0, bonus: 0, net: 0 },
    });

    const all = await clientA.call(profitRecordEndpoint, { query: {} });
    const last = await clientA.call(profitRecordEndpoint, { query: { pageNo: all.total, pageSize: 1 } });
    expect(last).toMatchObject({ pageNum: all.total, totalPages: all.total, total: all.total, summary: all.summary });
    expect(last.list).toEqual([all.list.at(-1)]);
    expect(last.list[0]?.day).toBe(day1);
  });

  it("shows another member only their own days, never A's", async () => {
    const record = await clientB.call(profitRecordEndpoint, { query: {} });
    expect(record.summary).toEqual({ stake: 1_000, win: 0, profit: -1_000, bonus: 300, net: -700 });
    expect(record.list.map((r) => r.day)).not.toContain(day1);
  });

  it('answers a trial account as the transaction record does: its own, empty', async () => {
    const trial = await signInTrial(h);
    expect((await trial.call(transactionRecordsEndpoint, { query: {} })).total).toBe(0);
    expect(await trial.call(profitRecordEndpoint, { query: {} })).toEqual({
      list: [],
      pageNum: 1,
      totalPages: 1,
      total: 0,
      summary: { stake: 0, win: 0, profit: 0, bonus: 0, net: 0 },
    });
    expect(await trial.call(bonusRecordsEndpoint, { query: {} })).toEqual({ list: [], pageNum: 1, totalPages: 1, total: 0, summary: { total: 0 } });
  });

  it('needs a session and refuses bad queries with 400 request.invalid', async () => {
    for (const endpoint of [profitRecordEndpoint, bonusRecordsEndpoint]) {
      const anonymous = await rawCall(h.app, endpoint);
      expect([anonymous.status, anonymous.errorCode]).toEqual([401, 'user.or.token.invalid']);
      const bad: Record<string, string>[] = [
        { startDate: '2026-02-31' },
        { startDate: 'yesterday' },
        { startDate: day2, endDate: day1 },
        { pageSize: '1000' },
        { pageSize: '0' },
        { pageNo: '0' },
        { pageNo: 'x' },
      ];
      for (const query of bad) {
        const res = await rawCall(h.app, endpoint, {
          headers: { authorization: clientA.token ?? '' },
          url: `${endpoint.path}?${new URLSearchParams(query)}`,
        });
        expect([endpoint.path, query, res.status, res.errorCode]).toEqual([endpoint.path, query, 400, 'request.invalid']);
      }
    }
    expect(await ledgerInvariants(h.testDb.db)).toEqual(intactLedger);
  });
});

describe("the seeded player1's records", () => {
  it('show the demo rounds over four days and the bonuses of the promotions and the reward', async () => {
    const player1 = await signIn(h, demoAccounts.player.username, demoAccounts.player.password);
    const bonuses = await player1.call(bonusRecordsEndpoint, { query: {} });
    expect(bonuses.summary.total).toBe(demoPromotionBonusesPaid + demoMallBonusPaid);
    expect(bonuses.list.map(({ source, title, amount }) => ({ source, title, amount }))).toEqual(
      expect.arrayContaining([
        { source: 'promotion', title: 'Loyalty Cashback', amount: 120_00 },
        { source: 'promotion', title: 'Sports Opening Day', amount: 25_00 },
        { source: 'mall', title: 'loyalty.item.bronzeBonus', amount: demoMallBonusPaid },
      ]),
    );
    expect(bonuses.total).toBe(3);

    // The seed settled the rounds 3, 2, 1 and 0 days before the day it ran, the day of its bonuses.
    const seeded = Date.parse(bonuses.list[0]?.createdAt ?? '');
    const played: Record<string, { stake: number; win: number }> = {};
    for (const round of demoRounds) {
      const day = utcDay(new Date(seeded - round.daysAgo * dayMs));
      const p = played[day] ?? { stake: 0, win: 0 };
      played[day] = { stake: p.stake + round.stake, win: p.win + round.win };
    }
    const record = await player1.call(profitRecordEndpoint, { query: {} });
    expect(record.list).toEqual(expectedDays(played, bonuses.list));
    expect(record.total).toBeGreaterThanOrEqual(4);
    expect(record.summary).toEqual({
      stake: demoTurnover,
      win: demoTurnover,
      profit: 0,
      bonus: demoPromotionBonusesPaid + demoMallBonusPaid,
      net: demoPromotionBonusesPaid + demoMallBonusPaid,
    });
  });
});
