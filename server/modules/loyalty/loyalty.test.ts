/**
 * The VIP room and the reward center over HTTP, as members see them: the VIP
 * level from real settled bets (posted through the ledger with their `bets`
 * rows, as the game modules write them; rolled-back and open bets do not
 * count), the member card's VIP label following it, points earned, spent and
 * available, redemptions paid through the ledger exactly once (the same key
 * again pays nothing; ten at once with points for three: three paid), one
 * member never reaching another's points, the switches and trial accounts
 * refused, and hostile bodies answered 4xx with an errorCode. The ledger's
 * invariants and the bets' agreement with it are checked at the end.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mallStatusEndpoint, redeemEndpoint, vipStatusEndpoint } from '../../../contract/loyalty.ts';
import { memberInfoEndpoint } from '../../../contract/member.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import type { SwitchKey } from '../../../contract/system.ts';
import { transactionRecordsEndpoint, walletEndpoint } from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { changeBusOf } from '../../db/change-bus.ts';
import { type MemberRow, members, merchants } from '../../db/schema.ts';
import { mallItems, mallRedemptions, vipLevels } from '../../db/schema-loyalty.ts';
import { bets, ledgerTransactions } from '../../db/schema-wallet.ts';
import { demoMallItems, demoPointsSpent, demoTurnover, demoTurnoverPerPoint, demoVipLevels } from '../../seed/seed-loyalty.ts';
import { demoAccounts } from '../../seed/seed-members.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createMember, intactLedger, ledgerInvariants, signInTrial, testPassword } from '../../test/wallet-harness.ts';
import { betMismatches } from '../../test/wallet-model.ts';
import { balanceOf, postTransaction } from '../wallet/ledger.ts';
import { redemptionKeyOf } from './mall.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

let seq = 0;
interface Member {
  row: MemberRow;
  c: TestClient;
}

/** A new member (type 0) of the demo merchant, logged in from its own address. */
async function signedIn(): Promise<Member> {
  const username = `loyal${++seq}`;
  const row = await createMember(h.testDb.db, username);
  const c = h.client({ ip: `198.51.100.${10 + seq}`, deviceId: `device-${username}` });
  c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password: testPassword })).token;
  return { row, c };
}

const db = () => h.testDb.db;
const balance = (memberId: number) => balanceOf(db(), 'DEMO', { kind: 'member', memberId });

let roundSeq = 0;
/**
 * One game round of a member as the game modules write it: the stake posted
 * member → vendor with its `bets` row, then settled (the win posted vendor →
 * member, none when 0), rolled back (the stake returned) or left open. The
 * member gets the stake from the house first, so every round can be played.
 */
async function playRound(memberId: number, stake: number, outcome: { settled: number } | 'rolled_back' | 'open') {
  const roundId = `L${++roundSeq}`;
  const member = { kind: 'member', memberId } as const;
  const vendor = { kind: 'vendor', vendorCode: 'BGS' } as const;
  const post = (key: string, kind: string, from: typeof member | typeof vendor | { kind: 'house' }, to: typeof member | typeof vendor, amount: number) =>
    postTransaction(db(), {
      merchantId: 'DEMO',
      idempotencyKey: `loyalty-test:${roundId}:${key}`,
      kind,
      postings: [
        { account: from, amount: -amount },
        { account: to, amount },
      ],
      meta: { roundId },
    });
  await post('fund', 'adjust', { kind: 'house' }, member, stake);
  const bet = await post('bet', 'bet', member, vendor, stake);
  const [row] = await db()
    .insert(bets)
    .values({ merchantCode: 'DEMO', memberId, vendorCode: 'BGS', roundId, stake, status: 'open', betTxId: bet.transactionId })
    .returning();
  if (outcome === 'open') return row;
  if (outcome === 'rolled_back') {
    const refund = await post('rollback', 'rollback', vendor, member, stake);
    await db().update(bets).set({ status: 'rolled_back', settleTxId: refund.transactionId, settledAt: new Date() }).where(eq(bets.id, row!.id));
    return row;
  }
  const win = outcome.settled ? (await post('win', 'win', vendor, member, outcome.settled)).transactionId : null;
  await db().update(bets).set({ status: 'settled', win: outcome.settled, settleTxId: win, settledAt: new Date() }).where(eq(bets.id, row!.id));
  return row;
}

/** Turns one of the demo merchant's switches on or off (the harness caches no merchant row). */
async function setSwitch(key: SwitchKey, on: boolean) {
  await executeAdminCommand(db(), { kind: 'switch.set', merchant: 'DEMO', key, on });
}

const errorOf = async (promise: Promise<unknown>) => {
  const { status, errorCode } = await failureOf(promise);
  return { status, errorCode };
};

const redeem = (c: TestClient, itemId: number, idempotencyKey: string) => c.call(redeemEndpoint, { body: { itemId, idempotencyKey } });

/** The seeded rewards' ids by name. */
async function itemIds(): Promise<Record<string, number>> {
  const rows = await db().select().from(mallItems).where(eq(mallItems.merchantCode, 'DEMO'));
  return Object.fromEntries(rows.map((r) => [r.nameKey, r.id]));
}

const ledgerCountOfKey = async (key: string) =>
  (await db().select({ n: count() }).from(ledgerTransactions).where(and(eq(ledgerTransactions.merchantCode, 'DEMO'), eq(ledgerTransactions.idempotencyKey, key))))[0]!.n;

describe('VIP room', () => {
  it('answers every level with its benefits and level 0 for a member who never played', async () => {
    const { c } = await signedIn();
    const status = await c.call(vipStatusEndpoint);
    expect(status).toEqual({
      currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
      turnover: 0,
      level: 0,
      levels: demoVipLevels,
    });
    expect(status.levels.map((l) => l.turnover)).toEqual([0, 1_000_000, 5_000_000, 20_000_000, 100_000_000]);
    expect(status.levels.at(-1)?.benefits).toContainEqual({ kind: 'dedicatedService', value: 0 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 0' } });
  });

  it('counts the stakes of settled bets only: rolled-back and open bets do not reach a level', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 600_000, { settled: 0 });
    await playRound(row.id, 399_999, { settled: 1_000_000 });
    await playRound(row.id, 9_000_000, 'rolled_back');
    await playRound(row.id, 9_000_000, 'open');
    await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 999_999, level: 0 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 0' } });

    // One more minor unit of settled stake reaches VIP 1 exactly at its threshold; the card follows at once.
    await playRound(row.id, 1, { settled: 0 });
    await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 1_000_000, level: 1 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 1' } });

    await playRound(row.id, 199_000_000, { settled: 0 });
    await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 200_000_000, level: 4 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 4' } });
    expect(await betMismatches(db(), row.id)).toBe(0);
  });

  it("shows the seeded player1 at VIP 1, on the card as in the VIP room, and the points of that play", async () => {
    const c = h.client({ ip: '198.51.100.250' });
    c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username: demoAccounts.player.username, password: demoAccounts.player.password })).token;
    await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: demoTurnover, level: 1 });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 1' } });
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: demoTurnover / demoTurnoverPerPoint, spent: demoPointsSpent, available: 1_250 - demoPointsSpent });
  });

  it('without the VIP flag: 403 request.forbidden, and the card shows the label stored on the member', async () => {
    const { row, c } = await signedIn();
    await db().update(members).set({ vipLabel: 'Gold club' }).where(eq(members.id, row.id));
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 0' } });
    await setSwitch('VIPROOM3', false);
    try {
      expect(await errorOf(c.call(vipStatusEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'Gold club' } });
      // The reward center has its own switch.
      await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 0 });
    } finally {
      await setSwitch('VIPROOM3', true);
    }
    await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ level: 0 });
  });

  it('follows the operator: a merchant without levels answers level -1 and the stored card label', async () => {
    const { row, c } = await signedIn();
    await db().update(members).set({ vipLabel: 'Stored' }).where(eq(members.id, row.id));
    const saved = await db().select().from(vipLevels).where(eq(vipLevels.merchantCode, 'DEMO'));
    await db().delete(vipLevels).where(eq(vipLevels.merchantCode, 'DEMO'));
    await changeBusOf(db()).publish('merchant', 'DEMO');
    try {
      await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 0, level: -1, levels: [] });
      await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'Stored' } });
    } finally {
      await db().insert(vipLevels).values(saved);
      await changeBusOf(db()).publish('merchant', 'DEMO');
    }
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: { labelName: 'VIP 0' } });
  });

  it('refuses benefits the contract does not know (the database holds the levels to it)', async () => {
    const bad = [
      [{ kind: 'freeCar', value: 1 }],
      [{ kind: 'rebate', value: '50' }],
      [{ kind: 'rebate' }],
      [{ value: 5 }],
      [{ kind: 5, value: 5 }],
      [{ kind: 'rebate', value: -1 }],
      ['rebate'],
      { kind: 'rebate', value: 5 },
    ];
    for (const benefits of bad) {
      await expect(
        db().insert(vipLevels).values({ merchantCode: 'DEMO', level: 9, name: 'VIP 9', turnover: 1, benefits: benefits as never }),
        JSON.stringify(benefits),
      ).rejects.toThrow();
    }
    await db().insert(vipLevels).values({ merchantCode: 'DEMO', level: 9, name: 'VIP 9', turnover: 9e12, benefits: [{ kind: 'rebate', value: 150 }] });
    await db().delete(vipLevels).where(and(eq(vipLevels.merchantCode, 'DEMO'), eq(vipLevels.level, 9)));
  });
});

describe('reward center', () => {
  it('answers earned (floor of turnover / rate), spent, available, the rate and the enabled rewards in order', async () => {
    const { row, c } = await signedIn();
    await expect(c.call(mallStatusEndpoint)).resolves.toEqual({
      currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
      earned: 0,
      spent: 0,
      available: 0,
      turnoverPerPoint: 1_000,
      items: demoMallItems.map(({ nameKey, points, reward }) => ({ id: expect.any(Number), nameKey, points, reward })),
    });
    await playRound(row.id, 250_999, { settled: 0 });
    await playRound(row.id, 999_999, 'rolled_back');
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 250, spent: 0, available: 250 });
    const ids = await itemIds();
    await redeem(c, ids.bronzeBonus!, 'status-key-1');
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 250, spent: 100, available: 150 });

    // A disabled reward is not listed and cannot be redeemed; enabled again, it is.
    await executeAdminCommand(db(), { kind: 'mall.item', merchant: 'DEMO', id: ids.silverBonus!, enabled: false });
    try {
      expect((await c.call(mallStatusEndpoint)).items.map((i) => i.nameKey)).toEqual(['bronzeBonus', 'goldBonus', 'diamondBonus']);
      expect(await errorOf(redeem(c, ids.silverBonus!, 'status-key-2'))).toEqual({ status: 404, errorCode: 'mall.item.not.found' });
    } finally {
      await executeAdminCommand(db(), { kind: 'mall.item', merchant: 'DEMO', id: ids.silverBonus!, enabled: true });
    }
    expect((await c.call(mallStatusEndpoint)).items).toHaveLength(4);

    // The operator's rate: a point per ₱5 doubles the points; a higher one never shows fewer than 0 available.
    await executeAdminCommand(db(), { kind: 'mall.rate', merchant: 'DEMO', turnoverPerPoint: '5.00' });
    try {
      await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 501, spent: 100, available: 401, turnoverPerPoint: 500 });
      await executeAdminCommand(db(), { kind: 'mall.rate', merchant: 'DEMO', turnoverPerPoint: '5000' });
      await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 0, spent: 100, available: 0 });
      expect(await errorOf(redeem(c, ids.bronzeBonus!, 'status-key-3'))).toEqual({ status: 409, errorCode: 'mall.points.insufficient' });
    } finally {
      await executeAdminCommand(db(), { kind: 'mall.rate', merchant: 'DEMO', turnoverPerPoint: '10.00' });
    }
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 250, available: 150, turnoverPerPoint: 1_000 });
  });

  it('pays a redemption exactly once: the same key again answers the same redemption and pays nothing more', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 600_000, { settled: 0 });
    const before = await balance(row.id);
    const ids = await itemIds();
    const first = await redeem(c, ids.silverBonus!, 'once-key-0001');
    expect(first).toEqual({ id: expect.any(Number), itemId: ids.silverBonus, points: 500, reward: 6_000, available: 100, createdAt: '2026-03-01T10:00:00.000Z' });
    expect(await balance(row.id)).toBe(before + 6_000);
    await expect(c.call(walletEndpoint)).resolves.toMatchObject({ sumBalance: before + 6_000 });

    await expect(redeem(c, ids.silverBonus!, 'once-key-0001')).resolves.toEqual(first);
    expect(await balance(row.id)).toBe(before + 6_000);
    expect(await ledgerCountOfKey(redemptionKeyOf(first.id))).toBe(1);
    expect(await db().select({ n: count() }).from(mallRedemptions).where(eq(mallRedemptions.memberId, row.id))).toEqual([{ n: 1 }]);

    // The same key for another reward is a conflict, and changes nothing.
    expect(await errorOf(redeem(c, ids.bronzeBonus!, 'once-key-0001'))).toEqual({ status: 409, errorCode: 'request.idempotency.conflict' });
    expect(await balance(row.id)).toBe(before + 6_000);

    // Short of points: refused with what is available, nothing paid or spent.
    const short = await failureOf(redeem(c, ids.silverBonus!, 'once-key-0002'));
    expect([short.status, short.errorCode, short.value]).toEqual([409, 'mall.points.insufficient', { available: 100, points: 500 }]);
    expect(await errorOf(redeem(c, 999_999, 'once-key-0003'))).toEqual({ status: 404, errorCode: 'mall.item.not.found' });
    expect(await balance(row.id)).toBe(before + 6_000);
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 600, spent: 500, available: 100 });

    // The member's transaction record shows the reward as a bonus (type O) with the redemption as its reference.
    const records = await c.call(transactionRecordsEndpoint, { query: { types: 'O' } });
    expect(records.list[0]).toMatchObject({ type: 'O', kind: 'bonus', account: 'wallet', amount: 6_000, balanceAfter: before + 6_000, reference: `MALL-${first.id}` });
    const [tx] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, redemptionKeyOf(first.id)));
    expect(tx?.meta).toEqual({ source: 'mall', redemptionId: first.id, itemId: ids.silverBonus, nameKey: 'silverBonus', points: 500 });
  });

  it('moves points and money together or not at all: a redemption that cannot be stored pays nothing', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 600_000, { settled: 0 });
    const before = await balance(row.id);
    const ids = await itemIds();
    const [{ n: ledgerBefore }] = (await db().select({ n: count() }).from(ledgerTransactions)) as [{ n: number }];
    // Fault injection: the database refuses the redemption row after the ledger posted its payment.
    await db().execute(sql`alter table mall_redemptions add constraint mall_redemptions_test_fault_ck check (points < 500) not valid`);
    try {
      const res = await rawCall(h.app, redeemEndpoint, { headers: { authorization: c.token! }, payload: { itemId: ids.silverBonus, idempotencyKey: 'fault-key-01' } });
      expect(res.status).toBe(500);
    } finally {
      await db().execute(sql`alter table mall_redemptions drop constraint mall_redemptions_test_fault_ck`);
    }
    expect(await balance(row.id)).toBe(before);
    expect((await db().select({ n: count() }).from(ledgerTransactions))[0]!.n).toBe(ledgerBefore);
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 600, spent: 0, available: 600 });
    // The same key then redeems once, as if the failed attempt never was.
    await expect(redeem(c, ids.silverBonus!, 'fault-key-01')).resolves.toMatchObject({ points: 500, available: 100 });
    expect(await balance(row.id)).toBe(before + 6_000);
  });

  it('lets exactly three of ten simultaneous redemptions through when the points cover three', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 350_000, { settled: 0 });
    const before = await balance(row.id);
    const ids = await itemIds();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => redeem(c, ids.bronzeBonus!, `race-key-${String(i).padStart(4, '0')}`)));
    const paid = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = await Promise.all(results.flatMap((r) => (r.status === 'rejected' ? [errorOf(Promise.reject(r.reason))] : [])));
    expect(paid).toHaveLength(3);
    expect(refused).toEqual(Array.from({ length: 7 }, () => ({ status: 409, errorCode: 'mall.points.insufficient' })));
    expect(paid.map((p) => p.available).sort((x, y) => x - y)).toEqual([50, 150, 250]);
    expect(await balance(row.id)).toBe(before + 3 * 1_000);
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 350, spent: 300, available: 50 });

    // Ten at once with one key: one redemption, paid once.
    const { row: other, c: oc } = await signedIn();
    await playRound(other.id, 100_000, { settled: 0 });
    const otherBefore = await balance(other.id);
    const same = await Promise.all(Array.from({ length: 10 }, () => redeem(oc, ids.bronzeBonus!, 'same-key-0001')));
    expect(new Set(same.map((r) => r.id)).size).toBe(1);
    expect(await balance(other.id)).toBe(otherBefore + 1_000);
    expect(await ledgerCountOfKey(redemptionKeyOf(same[0]!.id))).toBe(1);
  });

  it("keeps members apart: B sees only B's points, and A's key gets B nothing of A's", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await playRound(a.row.id, 500_000, { settled: 0 });
    const ids = await itemIds();
    const aRedemption = await redeem(a.c, ids.bronzeBonus!, 'shared-key-01');
    await expect(b.c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 0, spent: 0, available: 0 });
    await expect(b.c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 0 });
    const bBefore = await balance(b.row.id);
    expect(await errorOf(redeem(b.c, ids.bronzeBonus!, 'shared-key-01'))).toEqual({ status: 409, errorCode: 'mall.points.insufficient' });
    expect(await balance(b.row.id)).toBe(bBefore);

    // With points of its own, B's use of the key is B's own redemption; A's stays as it was.
    await playRound(b.row.id, 100_000, { settled: 0 });
    const bRedemption = await redeem(b.c, ids.bronzeBonus!, 'shared-key-01');
    expect(bRedemption.id).not.toBe(aRedemption.id);
    expect(await balance(b.row.id)).toBe(bBefore + 1_000);
    await expect(a.c.call(mallStatusEndpoint)).resolves.toMatchObject({ earned: 500, spent: 100, available: 400 });
    await expect(redeem(a.c, ids.bronzeBonus!, 'shared-key-01')).resolves.toEqual({ ...aRedemption, available: 400 });
  });

  it('without the points switch: 403 request.forbidden for the status and a redemption, nothing paid', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 100_000, { settled: 0 });
    const before = await balance(row.id);
    const ids = await itemIds();
    await setSwitch('POINTSMALL3', false);
    try {
      expect(await errorOf(c.call(mallStatusEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      expect(await errorOf(redeem(c, ids.bronzeBonus!, 'switch-key-01'))).toEqual({ status: 403, errorCode: 'request.forbidden' });
      await expect(c.call(vipStatusEndpoint)).resolves.toMatchObject({ turnover: 100_000 });
    } finally {
      await setSwitch('POINTSMALL3', true);
    }
    expect(await balance(row.id)).toBe(before);
    await expect(redeem(c, ids.bronzeBonus!, 'switch-key-01')).resolves.toMatchObject({ points: 100 });
  });
});

describe('who may use loyalty', () => {
  const calls: [Pick<typeof redeemEndpoint, 'method' | 'path'> | Pick<typeof vipStatusEndpoint, 'method' | 'path'>, unknown][] = [
    [vipStatusEndpoint, undefined],
    [mallStatusEndpoint, undefined],
    [redeemEndpoint, { itemId: 1, idempotencyKey: 'who-key-0001' }],
  ];

  it('answers 401 with an errorCode without a session', async () => {
    for (const [endpoint, payload] of calls) {
      for (const headers of [{}, { authorization: 'not-a-token' }] as Record<string, string>[]) {
        const res = await rawCall(h.app, endpoint, { headers, payload });
        expect(res, `${endpoint.method} ${endpoint.path}`).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
      }
    }
  });

  it('refuses a trial account with trial.forbidden, and a switched-off feature first with request.forbidden', async () => {
    const c = await signInTrial(h);
    expect(await errorOf(c.call(vipStatusEndpoint))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(c.call(mallStatusEndpoint))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    expect(await errorOf(redeem(c, 1, 'trial-key-001'))).toEqual({ status: 403, errorCode: 'trial.forbidden' });
    await expect(c.call(memberInfoEndpoint)).resolves.toMatchObject({ clubLabel: null });
    await setSwitch('VIPROOM3', false);
    try {
      expect(await errorOf(c.call(vipStatusEndpoint))).toEqual({ status: 403, errorCode: 'request.forbidden' });
    } finally {
      await setSwitch('VIPROOM3', true);
    }
  });

  it('answers hostile bodies 4xx with an errorCode, never a 5xx, paying nothing', async () => {
    const { row, c } = await signedIn();
    await playRound(row.id, 10_000_000, { settled: 0 });
    const before = await balance(row.id);
    const key = 'hostile-key-01';
    const bodies: unknown[] = [
      { itemId: 0, idempotencyKey: key },
      { itemId: -1, idempotencyKey: key },
      { itemId: 1e20, idempotencyKey: key },
      { itemId: 1.5, idempotencyKey: key },
      { itemId: 'x', idempotencyKey: key },
      { itemId: '1', idempotencyKey: key },
      { itemId: null, idempotencyKey: key },
      { itemId: [1], idempotencyKey: key },
      { itemId: { $gt: 0 }, idempotencyKey: key },
      { itemId: Number.MAX_SAFE_INTEGER + 1, idempotencyKey: key },
      { idempotencyKey: key },
      { itemId: 1 },
      { itemId: 1, idempotencyKey: 'short' },
      { itemId: 1, idempotencyKey: 'k'.repeat(65) },
      { itemId: 1, idempotencyKey: 'k'.repeat(100_000) },
      { itemId: 1, idempotencyKey: 'nul-key-\u0000-01' },
      { itemId: 1, idempotencyKey: 'quote\'; drop table bets;--' },
      { itemId: 1, idempotencyKey: 12345678 },
      '{"itemId": {"__proto__": {"admin": true}}, "idempotencyKey": "hostile-key-01"}',
      [],
      'itemId=1',
      null,
      '{"itemId": 1, "idempotencyKey": "hostile-key-01"',
      '{"itemId": 1, "idempotencyKey": "bad-\\u0000-key-01"}',
    ];
    for (const payload of bodies) {
      const res = await rawCall(h.app, redeemEndpoint, {
        headers: { authorization: c.token!, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect([res.status >= 400 && res.status < 500, typeof res.errorCode], JSON.stringify(payload)?.slice(0, 80)).toEqual([true, 'string']);
    }
    // Ids the schema lets through but no reward has (beyond a database integer too) are a missing reward.
    for (const itemId of [2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      expect(await errorOf(redeem(c, itemId, `hostile-id-${itemId}`.slice(0, 64))), String(itemId)).toEqual({ status: 404, errorCode: 'mall.item.not.found' });
    }
    expect(await balance(row.id)).toBe(before);
    await expect(c.call(mallStatusEndpoint)).resolves.toMatchObject({ spent: 0 });
  });
});

describe('the money afterwards', () => {
  it('leaves the ledger intact and every bet in agreement with it', async () => {
    expect(await ledgerInvariants(db())).toEqual(intactLedger);
    expect(await betMismatches(db())).toBe(0);
    // Every redemption was paid by its own ledger transaction, of its reward, into its member's wallet.
    const rows = await db().select().from(mallRedemptions);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const [tx] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, r.ledgerTxId));
      expect(tx).toMatchObject({ kind: 'bonus', idempotencyKey: redemptionKeyOf(r.id), meta: { redemptionId: r.id, points: r.points } });
    }
    const [merchant] = await db().select({ rate: merchants.mallTurnoverPerPoint }).from(merchants).where(eq(merchants.code, 'DEMO'));
    expect(merchant?.rate).toBe(demoTurnoverPerPoint);
  });
});
