/**
 * Demo money: the deposit channels and promotions of the merchant (seeded
 * when it has no channel), an opening balance of ₱5,000.00 for `player1`
 * and `mobile1`, paid from the house account through a real ledger
 * transaction (idempotent by its key, so running the seed again changes
 * nothing), and two bank cards of `player1` (seeded when player1 never had
 * one, so a card removed later stays removed).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { members } from '../db/schema.ts';
import { bankCards, depositChannels, depositPromotions } from '../db/schema-wallet.ts';
import { postTransaction } from '../modules/wallet/ledger.ts';
import { demoAccounts } from './seed-members.ts';

export const demoOpeningBalance = 5_000_00;

/** player1's bank cards (the payee name as the account name). */
export const demoBankCards = [
  { bankName: 'BDO Unibank', accountName: demoAccounts.player.payeeName, accountNumber: '004512345678' },
  { bankName: 'GCash', accountName: demoAccounts.player.payeeName, accountNumber: '09175550123' },
] as const;

export const demoDepositChannels = [
  {
    code: 'LOCALPAY',
    provider: 'local',
    names: { EN: 'Online banking', CN: '网银支付' },
    minAmount: 100_00,
    maxAmount: 50_000_00,
    presetAmounts: [100_00, 300_00, 500_00, 1_000_00, 5_000_00, 10_000_00],
    sortOrder: 1,
  },
  {
    code: 'EWALLET',
    provider: 'local',
    names: { EN: 'E-wallet', CN: '电子钱包' },
    minAmount: 50_00,
    maxAmount: 20_000_00,
    presetAmounts: [50_00, 100_00, 200_00, 500_00, 1_000_00],
    sortOrder: 2,
  },
] as const;

export const demoDepositPromotions = [
  {
    code: 'FIRST258',
    titles: { EN: 'First deposit bonus up to ₱258', CN: '首存奖金最高 ₱258' },
    descriptions: {
      EN: '100% of your first deposit of ₱100 or more, up to ₱258.',
      CN: '首次存款 ₱100 或以上即送 100% 奖金，最高 ₱258。',
    },
    bonusRateBps: 10_000,
    maxBonus: 258_00,
    minDeposit: 100_00,
    firstDepositOnly: true,
    badgeAmount: 258_00,
    sortOrder: 1,
  },
  {
    code: 'DAILY5',
    titles: { EN: 'Daily 5% reload', CN: '每日 5% 充值奖金' },
    descriptions: { EN: '5% of every deposit of ₱500 or more, up to ₱500.', CN: '每笔 ₱500 或以上的存款送 5%，最高 ₱500。' },
    bonusRateBps: 500,
    maxBonus: 500_00,
    minDeposit: 500_00,
    firstDepositOnly: false,
    badgeAmount: null,
    sortOrder: 2,
  },
] as const;

/** Returns whether it seeded channels. */
export async function seedWalletIfEmpty(db: Database, merchantCode: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(depositChannels)
    .where(eq(depositChannels.merchantCode, merchantCode));
  const seeded = (row?.n ?? 0) === 0;
  if (seeded) {
    await db
      .insert(depositChannels)
      .values(demoDepositChannels.map((c) => ({ ...c, merchantCode, presetAmounts: [...c.presetAmounts] })))
      .onConflictDoNothing();
    await db
      .insert(depositPromotions)
      .values(demoDepositPromotions.map((p) => ({ ...p, merchantCode })))
      .onConflictDoNothing();
  }
  const players = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchantCode),
        inArray(members.username, [demoAccounts.player.username, demoAccounts.mobile.username]),
      ),
    );
  const player1 = players.find((p) => p.username === demoAccounts.player.username);
  if (player1) {
    const [had] = await db.select({ id: bankCards.id }).from(bankCards).where(eq(bankCards.memberId, player1.id)).limit(1);
    if (!had) {
      const createdAt = new Date();
      await db
        .insert(bankCards)
        .values(demoBankCards.map((card) => ({ ...card, merchantCode, memberId: player1.id, createdAt })))
        .onConflictDoNothing();
    }
  }
  for (const player of players) {
    await postTransaction(db, {
      merchantId: merchantCode,
      idempotencyKey: `seed:opening:${player.username}`,
      kind: 'adjust',
      postings: [
        { account: { kind: 'house' }, amount: -demoOpeningBalance },
        { account: { kind: 'member', memberId: player.id }, amount: demoOpeningBalance },
      ],
      meta: { reason: 'demo opening balance' },
    });
  }
  return seeded;
}
