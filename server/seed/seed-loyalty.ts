/**
 * Demo loyalty (docs/loyalty.md): five VIP levels with rising benefits
 * (seeded when the merchant has none), the four rewards of the points mall
 * (seeded when it has none; the rate, ₱10 of turnover a point, is the
 * merchant row's), and a little play of `player1` so that the VIP room, the
 * reward center and the member card show something real: five settled rounds
 * of ₱2,500 (₱12,500 of turnover: VIP 1 and 1,250 points) whose wins add up
 * to the stakes, so the balance ends where it began. The rounds go through
 * the ledger like real ones (a `bet` member → vendor, a `win` vendor →
 * member, idempotent keys) with their `bets` rows, no game (so they stay off
 * the winner board); they are seeded with the levels, and only when player1
 * never played and has a stake's worth of balance. Their bets are settled
 * over four days (three days ago to the day of seeding), so the profit record
 * shows several days; the ledger postings carry the time of seeding. Then
 * player1 redeems a bronze reward through the mall (100 points, ₱10 paid by
 * the ledger as a `bonus`), so the bonus details show a reward beside the
 * promotions' bonuses.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MallItemNameKey, VipBenefit } from '../../contract/loyalty.ts';
import type { Database } from '../db/connect.ts';
import { members, merchants } from '../db/schema.ts';
import { mallItems, vipLevels } from '../db/schema-loyalty.ts';
import { bets } from '../db/schema-wallet.ts';
import { AppError } from '../http/app-error.ts';
import { redeem } from '../modules/loyalty/mall.ts';
import { balanceOf, postTransaction } from '../modules/wallet/ledger.ts';
import { demoAccounts } from './seed-members.ts';

/** The demo merchant's points rate: ₱10.00 of turnover earns a point. */
export const demoTurnoverPerPoint = 1_000;

export const demoVipLevels: { level: number; name: string; turnover: number; benefits: VipBenefit[] }[] = [
  {
    level: 0,
    name: 'VIP 0',
    turnover: 0,
    benefits: [
      { kind: 'dailyWithdrawals', value: 3 },
      { kind: 'rebate', value: 10 },
    ],
  },
  {
    level: 1,
    name: 'VIP 1',
    turnover: 10_000_00,
    benefits: [
      { kind: 'upgradeBonus', value: 88_00 },
      { kind: 'dailyWithdrawals', value: 5 },
      { kind: 'rebate', value: 30 },
      { kind: 'birthdayBonus', value: 88_00 },
    ],
  },
  {
    level: 2,
    name: 'VIP 2',
    turnover: 50_000_00,
    benefits: [
      { kind: 'upgradeBonus', value: 388_00 },
      { kind: 'dailyWithdrawals', value: 8 },
      { kind: 'rebate', value: 50 },
      { kind: 'birthdayBonus', value: 288_00 },
    ],
  },
  {
    level: 3,
    name: 'VIP 3',
    turnover: 200_000_00,
    benefits: [
      { kind: 'upgradeBonus', value: 1_288_00 },
      { kind: 'dailyWithdrawals', value: 10 },
      { kind: 'rebate', value: 80 },
      { kind: 'birthdayBonus', value: 888_00 },
    ],
  },
  {
    level: 4,
    name: 'VIP 4',
    turnover: 1_000_000_00,
    benefits: [
      { kind: 'upgradeBonus', value: 5_888_00 },
      { kind: 'dailyWithdrawals', value: 20 },
      { kind: 'rebate', value: 100 },
      { kind: 'birthdayBonus', value: 2_888_00 },
      { kind: 'dedicatedService', value: 0 },
    ],
  },
];

export const demoMallItems: { nameKey: MallItemNameKey; points: number; reward: number; sortOrder: number }[] = [
  { nameKey: 'bronzeBonus', points: 100, reward: 10_00, sortOrder: 1 },
  { nameKey: 'silverBonus', points: 500, reward: 60_00, sortOrder: 2 },
  { nameKey: 'goldBonus', points: 2_000, reward: 260_00, sortOrder: 3 },
  { nameKey: 'diamondBonus', points: 10_000, reward: 1_400_00, sortOrder: 4 },
];

/** player1's demo rounds (vendor BGS): stake and win, minor units, and the day settled (days before seeding); the wins add up to the stakes. */
export const demoRounds = [
  { stake: 2_500_00, win: 3_000_00, daysAgo: 3 },
  { stake: 2_500_00, win: 2_000_00, daysAgo: 2 },
  { stake: 2_500_00, win: 2_500_00, daysAgo: 1 },
  { stake: 2_500_00, win: 4_000_00, daysAgo: 1 },
  { stake: 2_500_00, win: 1_000_00, daysAgo: 0 },
] as const;
export const demoTurnover = demoRounds.reduce((sum, r) => sum + r.stake, 0);

/** The reward player1 redeemed in the seed (its points are spent, its reward paid). */
export const demoRedemption = { nameKey: 'bronzeBonus', idempotencyKey: 'seed-demo-redemption-1' } as const;
const demoRedeemed = demoMallItems.find((item) => item.nameKey === demoRedemption.nameKey);
/** The points player1 spent in the seed and the bonus it was paid for them (minor units). */
export const demoPointsSpent = demoRedeemed?.points ?? 0;
export const demoMallBonusPaid = demoRedeemed?.reward ?? 0;

const count = async (db: Database, table: typeof vipLevels | typeof mallItems, merchantCode: string) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.merchantCode, merchantCode));
  return row?.n ?? 0;
};

async function seedPlayerRounds(db: Database, merchantCode: string, now: Date): Promise<void> {
  const [player] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.player.username)))
    .limit(1);
  if (!player) return;
  const [played] = await db.select({ id: bets.id }).from(bets).where(eq(bets.memberId, player.id)).limit(1);
  if (played) return;
  const maxStake = Math.max(...demoRounds.map((r) => r.stake));
  if ((await balanceOf(db, merchantCode, { kind: 'member', memberId: player.id })) < maxStake) return;
  const vendor = { kind: 'vendor', vendorCode: 'BGS' } as const;
  const member = { kind: 'member', memberId: player.id } as const;
  for (const [i, round] of demoRounds.entries()) {
    const roundId = `seed-loyalty-${i + 1}`;
    const settledAt = new Date(now.getTime() - round.daysAgo * 86_400_000);
    const key = `seed:round:${demoAccounts.player.username}:${i + 1}`;
    const bet = await postTransaction(db, {
      merchantId: merchantCode,
      idempotencyKey: `${key}:bet`,
      kind: 'bet',
      postings: [
        { account: member, amount: -round.stake },
        { account: vendor, amount: round.stake },
      ],
      meta: { roundId },
    });
    const win = await postTransaction(db, {
      merchantId: merchantCode,
      idempotencyKey: `${key}:win`,
      kind: 'win',
      postings: [
        { account: vendor, amount: -round.win },
        { account: member, amount: round.win },
      ],
      meta: { roundId },
    });
    await db
      .insert(bets)
      .values({
        merchantCode,
        memberId: player.id,
        gameId: null,
        vendorCode: vendor.vendorCode,
        roundId,
        stake: round.stake,
        win: round.win,
        status: 'settled',
        betTxId: bet.transactionId,
        settleTxId: win.transactionId,
        createdAt: new Date(settledAt.getTime() - 60_000),
        settledAt,
      })
      .onConflictDoNothing();
  }
}

/** player1 redeems the demo reward as a member does (the same key again pays nothing); skipped without the points. */
async function seedPlayerRedemption(db: Database, merchantCode: string, now: Date): Promise<void> {
  const [player] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.username, demoAccounts.player.username)))
    .limit(1);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode)).limit(1);
  const [item] = await db
    .select({ id: mallItems.id })
    .from(mallItems)
    .where(and(eq(mallItems.merchantCode, merchantCode), eq(mallItems.nameKey, demoRedemption.nameKey)))
    .limit(1);
  if (!player || !merchant || !item) return;
  try {
    await redeem(db, player, merchant, { itemId: item.id, idempotencyKey: demoRedemption.idempotencyKey }, now);
  } catch (error) {
    // Not enough points (player1 did not play) or the mall switched off: no demo redemption.
    if (!(error instanceof AppError)) throw error;
  }
}

/** Returns whether it seeded the levels. */
export async function seedLoyaltyIfEmpty(db: Database, merchantCode: string, now = new Date()): Promise<boolean> {
  const seeded = (await count(db, vipLevels, merchantCode)) === 0;
  if (seeded) {
    await db
      .insert(vipLevels)
      .values(demoVipLevels.map((l) => ({ ...l, merchantCode })))
      .onConflictDoNothing();
    await seedPlayerRounds(db, merchantCode, now);
  }
  if ((await count(db, mallItems, merchantCode)) === 0) {
    await db.insert(mallItems).values(demoMallItems.map((item) => ({ ...item, merchantCode })));
  }
  if (seeded) await seedPlayerRedemption(db, merchantCode, now);
  return seeded;
}
