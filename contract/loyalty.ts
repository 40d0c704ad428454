/**
 * Loyalty (spec sections 2 and 6): the VIP room (/m/member/benefits, shown
 * with the VIP flag) and the reward center (/m/mall/mallHome, the points
 * mall, shown with the points switch). Both are read from the member's real
 * turnover: the stakes of settled bets in the ledger's bet book. VIP levels
 * rise with lifetime turnover; points are earned on it at the merchant's rate
 * and spent on rewards, each redemption paid through the ledger exactly once.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { currencySchema } from './system.ts';
import { idempotencyKeySchema } from './wallet.ts';

/** What a VIP level gives, each a message id (`loyalty.benefit.<kind>`) with its figure. */
export const vipBenefitKinds = ['upgradeBonus', 'dailyWithdrawals', 'rebate', 'birthdayBonus', 'dedicatedService'] as const;
export type VipBenefitKind = (typeof vipBenefitKinds)[number];

export const vipBenefitSchema = z.object({
  kind: z.enum(vipBenefitKinds),
  /** Minor units (bonuses), a count (withdrawals a day), basis points (rebate: 50 = 0.5 %), or 0 (a service). */
  value: z.number(),
});
export type VipBenefit = z.infer<typeof vipBenefitSchema>;

export const vipLevelSchema = z.object({
  level: z.number(),
  /** The label the member card shows (clubLabel.labelName). */
  name: z.string(),
  /** Lifetime turnover that reaches the level (minor units). */
  turnover: z.number(),
  benefits: z.array(vipBenefitSchema),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipStatusSchema = z.object({
  /** The merchant's currency, which the turnover and bonuses are in. */
  currency: currencySchema,
  /** Lifetime turnover: the stakes of the member's settled bets (minor units). */
  turnover: z.number(),
  /** The member's level (the highest whose turnover is reached). */
  level: z.number(),
  levels: z.array(vipLevelSchema),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const vipStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/vip',
  tag: 'loyalty',
  summary: "The member's VIP level from lifetime turnover, and every level with its benefits (403 request.forbidden without the VIP flag)",
  value: vipStatusSchema,
  auth: true,
});

/** The rewards' names, each a message id (`loyalty.item.<nameKey>`), so every language names them. */
export const mallItemNameKeys = ['bronzeBonus', 'silverBonus', 'goldBonus', 'diamondBonus'] as const;
export type MallItemNameKey = (typeof mallItemNameKeys)[number];

export const mallItemSchema = z.object({
  id: z.number(),
  nameKey: z.enum(mallItemNameKeys),
  /** Points it costs. */
  points: z.number(),
  /** The cash bonus it pays into the wallet (minor units). */
  reward: z.number(),
});
export type MallItem = z.infer<typeof mallItemSchema>;

export const mallStatusSchema = z.object({
  /** The merchant's currency, which the rewards are paid in. */
  currency: currencySchema,
  /** Points earned on all turnover so far. */
  earned: z.number(),
  /** Points spent on redemptions. */
  spent: z.number(),
  /** Points left to spend (earned − spent). */
  available: z.number(),
  /** Turnover (minor units) that earns one point. */
  turnoverPerPoint: z.number(),
  items: z.array(mallItemSchema),
});
export type MallStatus = z.infer<typeof mallStatusSchema>;

export const mallStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/mall/status',
  tag: 'loyalty',
  summary: "The member's points (earned on turnover, spent, available) and the rewards to redeem (403 request.forbidden without the points switch)",
  value: mallStatusSchema,
  auth: true,
});

export const redeemBodySchema = z.object({
  itemId: z.number().check(z.int(), z.positive()),
  idempotencyKey: idempotencyKeySchema,
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

export const redemptionSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  points: z.number(),
  reward: z.number(),
  /** Points left after it. */
  available: z.number(),
  createdAt: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/mall/redeem',
  tag: 'loyalty',
  summary:
    'Redeems a reward: its points are spent and its bonus paid into the wallet in one ledger transaction; the same idempotency key answers the same redemption (mall.points.insufficient, mall.item.not.found)',
  body: redeemBodySchema,
  value: redemptionSchema,
  auth: true,
});
