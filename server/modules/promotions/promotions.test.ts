/**
 * Promotions over the API: every status a member and a guest can see, the
 * apply rules (comment, image count, size, the bytes' real type), trial
 * accounts refused, one application per member, the bonus paid once under
 * concurrency and on replay, and another member's application answered as
 * a missing one.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApplicationImage,
  applyEndpoint,
  claimEndpoint,
  joinEndpoint,
  type Promotion,
  promotionCategoriesEndpoint,
  promotionsEndpoint,
} from '../../../contract/promotions.ts';
import type { MemberRow } from '../../db/schema.ts';
import { promotionApplicationImages } from '../../db/schema-promotions.ts';
import { ledgerTransactions } from '../../db/schema-wallet.ts';
import { demoPromotionBonusesPaid, demoPromotions, demoReceiptPng } from '../../seed/seed-promotions.ts';
import { demoMallBonusPaid } from '../../seed/seed-loyalty.ts';
import { members } from '../../db/schema.ts';
import { demoOpeningBalance } from '../../seed/seed-wallet.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, intactLedger, ledgerInvariants, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { bonusKeyOf, createCategory, createPromotion, issueBonuses, promotionList, reviewApplication } from './service.ts';
import { maxBase64Length } from './uploads.ts';

let h: Harness;
let count = 0;
let member: MemberRow;
let client: TestClient;
let categoryId: number;

const today = () => h.clock.now().toISOString().slice(0, 10);
const day = (offset: number) => new Date(h.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

async function promotion(mode: 'apply' | 'join', dates: { start?: number; end?: number | null } = {}, bonusAmount = 88_00) {
  const row = await createPromotion(h.testDb.db, {
    merchantCode: 'DEMO',
    titles: { EN: `Test promotion ${++count}`, CN: `测试活动 ${count}` },
    contents: { EN: '<p>Rules</p><script>alert(1)</script>', CN: '<p>规则</p>' },
    mode,
    bonusAmount,
    startDate: day(dates.start ?? -1),
    endDate: dates.end === null ? null : day(dates.end ?? 10),
    categoryIds: [categoryId],
  });
  return row.id;
}

async function listed(c: TestClient, id: number): Promise<Promotion> {
  const { list } = await c.call(promotionsEndpoint, { query: { categoryId } });
  const found = list.find((p) => p.id === id);
  if (!found) throw new Error(`promotion ${id} not listed`);
  return found;
}

const png = (): ApplicationImage => ({ name: 'receipt.png', type: 'image/png', data: demoReceiptPng });
const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);
const jpeg = (): ApplicationImage => ({ name: 'photo.jpg', type: 'image/jpeg', data: jpegBytes.toString('base64') });

const apply = (c: TestClient, promotionId: number, images: ApplicationImage[] = [png()], comment = 'My receipt') =>
  c.call(applyEndpoint, { body: { promotionId, comment, images } });

beforeAll(async () => {
  h = await createHarness();
  categoryId = (await createCategory(h.testDb.db, { merchantCode: 'DEMO', titles: { EN: 'Tests', CN: '测试' }, sequence: 99 })).id;
});

beforeEach(async () => {
  member = await createMember(h.testDb.db, `promo${++count}`);
  client = await signIn(h, member.username);
});

afterAll(async () => {
  await h?.close();
});

describe('categories and the list', () => {
  it('lists categories and promotions in the reader’s language, contents without scripts', async () => {
    const id = await promotion('apply');
    const { list } = await h.client().call(promotionCategoriesEndpoint);
    expect(list).toContainEqual({ id: categoryId, title: 'Tests', iconImageUrl: `/static/promotion-categories/${categoryId}.svg` });
    const en = await listed(h.client(), id);
    expect(en).toMatchObject({ title: expect.stringContaining('Test promotion'), content: '<p>Rules</p>', mode: 'apply', bonusAmount: 88_00 });
    expect(en.announcementImages).toHaveLength(1);
    expect(en.promoAnnouncementCategoryIds).toEqual([categoryId]);

    const cn = await rawCall(h.app, promotionsEndpoint, { headers: { language: 'CN' }, url: `${promotionsEndpoint.path}?categoryId=${categoryId}` });
    const cnList = (cn.json as { value: { list: Promotion[] } }).value.list;
    expect(cnList.find((p) => p.id === id)).toMatchObject({ title: expect.stringContaining('测试活动'), content: '<p>规则</p>' });
    const cats = await rawCall(h.app, promotionCategoriesEndpoint, { headers: { language: 'CN' } });
    expect((cats.json as { value: { list: { id: number; title: string }[] } }).value.list.find((c) => c.id === categoryId)?.title).toBe('测试');

    // The generated image is served.
    const image = await h.app.inject({ method: 'GET', url: en.announcementImages[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it('shows guests join, comingSoon and close; the filter and bad queries', async () => {
    const open = await promotion('apply');
    const coming = await promotion('apply', { start: 5, end: 20 });
    const ended = await promotion('join', { start: -20, end: -2 });
    const longTerm = await promotion('join', { start: -1, end: null });
    const guest = h.client();
    expect((await listed(guest, open)).status).toBe('join');
    expect((await listed(guest, coming)).status).toBe('comingSoon');
    expect((await listed(guest, ended)).status).toBe('close');
    expect(await listed(guest, longTerm)).toMatchObject({ status: 'join', noExpiry: 1, endDate: null });
    // A stale token reads as a guest.
    expect((await listed(h.client({ token: 'not-a-session' }), open)).status).toBe('join');
    expect((await guest.call(promotionsEndpoint, { query: { categoryId: 2_000_000 } })).list).toEqual([]);
    for (const url of ['?categoryId=abc', '?categoryId=0', '?categoryId=-1', '?categoryId=99999999999']) {
      const res = await rawCall(h.app, promotionsEndpoint, { url: `${promotionsEndpoint.path}${url}` });
      expect(res.status, url).toBe(400);
      expect(res.errorCode).toBe('request.invalid');
    }
    expect(today()).toBe('2026-03-01');
  });
});

describe('statuses of a member', () => {
  it('apply mode: join → applying → rejected (with the reason), and join → applying → claim → claimed', async () => {
    const rejectedId = await promotion('apply');
    expect((await listed(client, rejectedId)).status).toBe('join');
    const applied = await apply(client, rejectedId);
    expect(applied).toMatchObject({ id: rejectedId, status: 'applying', rejectReason: null });
    expect(applied.applicationId).toEqual(expect.any(Number));
    await reviewApplication(h.testDb.db, 'DEMO', applied.applicationId ?? 0, { approve: false, reason: 'Receipt unreadable' }, h.clock.now());
    expect(await listed(client, rejectedId)).toMatchObject({ status: 'rejected', rejectReason: 'Receipt unreadable' });

    const claimId = await promotion('apply', {}, 123_45);
    const application = await apply(client, claimId, [png(), jpeg()]);
    await reviewApplication(h.testDb.db, 'DEMO', application.applicationId ?? 0, { approve: true }, h.clock.now());
    expect((await listed(client, claimId)).status).toBe('claim');
    const before = await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id });
    const claimed = await client.call(claimEndpoint, { body: { applicationId: application.applicationId ?? 0 } });
    expect(claimed).toMatchObject({ amount: 123_45, promotion: { status: 'claimed', applicationId: application.applicationId } });
    expect(await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id })).toBe(before + 123_45);
    expect((await listed(client, claimId)).status).toBe('claimed');
    // The guest's view of the same promotion is still join.
    expect((await listed(h.client(), claimId)).status).toBe('join');
  });

  it('join mode: join → joined (idempotent) → issued by the operator, paid once', async () => {
    const id = await promotion('join', {}, 50_00);
    expect((await listed(client, id)).status).toBe('join');
    const first = await client.call(joinEndpoint, { body: { promotionId: id } });
    const again = await client.call(joinEndpoint, { body: { promotionId: id } });
    expect(first).toMatchObject({ status: 'joined' });
    expect(again).toEqual(first);
    const before = await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id });
    const issued = await issueBonuses(h.testDb.db, 'DEMO', id, h.clock.now());
    expect(issued.issued.map((a) => a.memberId)).toEqual([member.id]);
    expect((await issueBonuses(h.testDb.db, 'DEMO', id, h.clock.now())).issued).toEqual([]);
    expect(await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id })).toBe(before + 50_00);
    expect((await listed(client, id)).status).toBe('issued');
    // A join after the issue changes nothing.
    expect(await client.call(joinEndpoint, { body: { promotionId: id } })).toMatchObject({ status: 'issued' });
  });

  it('refuses what does not fit: the other mode, not open, unknown, no session, trial accounts', async () => {
    const applyId = await promotion('apply');
    const joinId = await promotion('join');
    const coming = await promotion('apply', { start: 3, end: 9 });
    const ended = await promotion('join', { start: -9, end: -1 });
    expect((await failureOf(client.call(joinEndpoint, { body: { promotionId: applyId } }))).errorCode).toBe('promotion.mode.invalid');
    expect((await failureOf(apply(client, joinId))).errorCode).toBe('promotion.mode.invalid');
    expect((await failureOf(apply(client, coming))).errorCode).toBe('promotion.not.open');
    expect((await failureOf(client.call(joinEndpoint, { body: { promotionId: ended } }))).errorCode).toBe('promotion.not.open');
    expect((await failureOf(apply(client, 2_000_000_000))).errorCode).toBe('promotion.not.found');
    expect((await failureOf(apply(h.client(), applyId))).status).toBe(401);
    expect((await failureOf(h.client().call(joinEndpoint, { body: { promotionId: joinId } }))).status).toBe(401);
    const trial = await signInTrial(h);
    const failures = await Promise.all(
      [apply(trial, applyId), trial.call(joinEndpoint, { body: { promotionId: joinId } }), trial.call(claimEndpoint, { body: { applicationId: 1 } })].map(failureOf),
    );
    for (const failure of failures) {
      expect(failure.status).toBe(403);
      expect(failure.errorCode).toBe('trial.forbidden');
    }
  });
});

describe('applications', () => {
  it('one application per member and promotion, even when sent at once', async () => {
    const id = await promotion('apply');
    const results = await Promise.allSettled([apply(client, id), apply(client, id), apply(client, id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ errorCode: 'promotion.already.applied', status: 409 });
    expect((await failureOf(apply(client, id))).errorCode).toBe('promotion.already.applied');
  });

  it('stores the images with type, size and SHA-256, readable by their owner only', async () => {
    const id = await promotion('apply');
    const applied = await apply(client, id, [png(), jpeg()], '  up to 140 characters  ');
    const applicationId = applied.applicationId ?? 0;
    const rows = await h.testDb.db
      .select()
      .from(promotionApplicationImages)
      .where(eq(promotionApplicationImages.applicationId, applicationId));
    expect(rows.map((r) => [r.sequence, r.contentType, r.byteSize])).toEqual([
      [1, 'image/png', Buffer.from(demoReceiptPng, 'base64').length],
      [2, 'image/jpeg', jpegBytes.length],
    ]);
    expect(rows[1]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const url = `/wps/promotions/applications/${applicationId}/images/2`;
    const own = await h.app.inject({ method: 'GET', url, headers: { merchant: 'DEMO', authorization: client.token ?? '' } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(jpegBytes)).toBe(true);
    const other = await signIn(h, (await createMember(h.testDb.db, `promoother${count}`)).username);
    for (const [path, token] of [
      [url, other.token],
      [`/wps/promotions/applications/${applicationId}/images/3`, client.token],
      ['/wps/promotions/applications/999999999/images/1', client.token],
      ['/wps/promotions/applications/abc/images/1', client.token],
    ] as const) {
      const res = await h.app.inject({ method: 'GET', url: path, headers: { merchant: 'DEMO', authorization: token ?? '' } });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'promotion.application.not.found' });
    }
    const guest = await h.app.inject({ method: 'GET', url, headers: { merchant: 'DEMO' } });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a long comment, too many images, oversized ones and bytes that are not the declared png or jpg', async () => {
    const id = await promotion('apply');
    const code = async (payload: unknown) => {
      const res = await rawCall(h.app, applyEndpoint, { headers: { authorization: client.token ?? '' }, payload });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.json)).toBeLessThan(500);
      return res.errorCode;
    };
    const body = (images: unknown[], comment = 'ok') => ({ promotionId: id, comment, images });
    expect(await code(body([], 'x'.repeat(141)))).toBe('request.invalid');
    expect(await code(body([png(), png(), png(), png()]))).toBe('upload.too.many');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(await code(body([{ name: 'a.gif', type: 'image/gif', data: gif.toString('base64') }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'a.png', type: 'image/png', data: gif.toString('base64') }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'notes.png', type: 'image/png', data: Buffer.from('just some text, renamed').toString('base64') }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'photo.png', type: 'image/png', data: jpeg().data }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'x.png', type: 'image/png', data: 'not base64!' }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'x.png', type: 'image/png', data: '' }]))).toBe('upload.type.invalid');
    expect(await code(body([{ name: 'x.png', type: 'image/png', data: 'A'.repeat(maxBase64Length + 4) }]))).toBe('upload.too.large');
    // 5 MB and one byte of a real PNG: within the base64 length the contract allows, too large decoded.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(demoReceiptPng, 'base64').copy(big);
    expect(await code(body([{ name: 'big.png', type: 'image/png', data: big.toString('base64') }]))).toBe('upload.too.large');
    // Nothing was stored: the member may still apply.
    expect(await apply(client, id, [png()], 'x'.repeat(140))).toMatchObject({ status: 'applying' });
  });

  it('accepts three images of nearly 5 MB each (the route’s body limit)', async () => {
    const id = await promotion('apply');
    const big = Buffer.alloc(5 * 1024 * 1024);
    Buffer.from(demoReceiptPng, 'base64').copy(big);
    const image = { name: 'big.png', type: 'image/png' as const, data: big.toString('base64') };
    expect(await apply(client, id, [image, image, image])).toMatchObject({ status: 'applying' });
  });
});

describe('claims', () => {
  async function approved(bonus: number) {
    const id = await promotion('apply', {}, bonus);
    const applied = await apply(client, id);
    const applicationId = applied.applicationId ?? 0;
    await reviewApplication(h.testDb.db, 'DEMO', applicationId, { approve: true }, h.clock.now());
    return applicationId;
  }

  it('pays once when claimed several times at once and again later, all answering the same', async () => {
    const applicationId = await approved(77_00);
    const before = await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id });
    const claims = await Promise.all(Array.from({ length: 5 }, () => client.call(claimEndpoint, { body: { applicationId } })));
    const second = await signIn(h, member.username);
    claims.push(await client.call(claimEndpoint, { body: { applicationId } }).catch(() => second.call(claimEndpoint, { body: { applicationId } })));
    for (const c of claims) expect(c).toEqual(claims[0]);
    expect(claims[0]).toMatchObject({ amount: 77_00, promotion: { status: 'claimed' } });
    expect(await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: member.id })).toBe(before + 77_00);
    const transactions = await h.testDb.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.idempotencyKey, bonusKeyOf(applicationId))));
    expect(transactions.map((t) => t.kind)).toEqual(['bonus']);
    expect(await ledgerInvariants(h.testDb.db)).toEqual(intactLedger);
  });

  it('refuses another member’s application exactly as a missing one, and an application not approved', async () => {
    const applicationId = await approved(10_00);
    const other = await signIn(h, (await createMember(h.testDb.db, `promothief${count}`)).username);
    const stolen = await failureOf(other.call(claimEndpoint, { body: { applicationId } }));
    const missing = await failureOf(other.call(claimEndpoint, { body: { applicationId: 2_000_000_000 } }));
    expect([stolen.status, stolen.errorCode, stolen.message]).toEqual([missing.status, missing.errorCode, missing.message]);
    expect(stolen.errorCode).toBe('promotion.application.not.found');
    const pendingId = (await apply(client, await promotion('apply'))).applicationId ?? 0;
    expect((await failureOf(client.call(claimEndpoint, { body: { applicationId: pendingId } }))).errorCode).toBe('promotion.application.not.claimable');
    const joined = (await client.call(joinEndpoint, { body: { promotionId: await promotion('join') } })).applicationId ?? 0;
    expect((await failureOf(client.call(claimEndpoint, { body: { applicationId: joined } }))).errorCode).toBe('promotion.application.not.claimable');
    for (const payload of [{}, { applicationId: 'x' }, { applicationId: -1 }, { applicationId: 1.5 }, []]) {
      const res = await rawCall(h.app, claimEndpoint, { headers: { authorization: client.token ?? '' }, payload });
      expect(res.status).toBe(400);
      expect(res.errorCode).toBe('request.invalid');
    }
  });
});

describe('the demo seed', () => {
  it('shows player1 every status, the claimed and issued bonuses paid by the ledger', async () => {
    const [player1] = await h.testDb.db.select().from(members).where(eq(members.username, 'player1'));
    if (!player1) throw new Error('no player1');
    // Read as of today: the seed dates its promotions from the day it ran.
    const { list } = await promotionList(h.testDb.db, { merchantCode: 'DEMO', languages: ['CN', 'EN'], member: player1 }, {}, new Date());
    const expected: Record<string, string> = { joinApply: 'join', joinJoin: 'join' };
    for (const demo of demoPromotions) {
      const shown = list.find((p) => p.title === demo.cn[0]);
      expect(shown, demo.state).toMatchObject({ status: expected[demo.state] ?? demo.state, mode: demo.mode, content: demo.cn[1] });
    }
    expect(list.find((p) => p.status === 'rejected')?.rejectReason).toMatch(/not readable/);
    expect(await balanceOf(h.testDb.db, 'DEMO', { kind: 'member', memberId: player1.id })).toBe(demoOpeningBalance + demoPromotionBonusesPaid + demoMallBonusPaid);
    const paid = list.filter((p) => p.status === 'claimed' || p.status === 'issued');
    for (const p of paid) {
      const [tx] = await h.testDb.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.idempotencyKey, bonusKeyOf(p.applicationId ?? 0))));
      expect(tx?.kind).toBe('bonus');
    }
    expect(paid).toHaveLength(2);
  });
});
