/**
 * The profit record and the bonus details (spec section 2, named screens;
 * /m/transaction/profit and /m/transaction/bonus): a member's daily result
 * and the bonuses paid to the member, both read from the ledger.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { pageOf, pagingQuery } from './wallet.ts';

export const profitDaySchema = z.object({
  /** The calendar day (UTC), `YYYY-MM-DD`. */
  day: z.string(),
  /** Stakes of the bets settled that day (minor units). */
  stake: z.number(),
  /** What those bets paid (minor units). */
  win: z.number(),
  /** win − stake. */
  profit: z.number(),
  /** Bonuses paid that day (minor units). */
  bonus: z.number(),
  /** profit + bonus: the day's net result. */
  net: z.number(),
});
export type ProfitDay = z.infer<typeof profitDaySchema>;

export const profitRecordSchema = z.object({
  ...pageOf(profitDaySchema).shape,
  /** Totals over the whole range (not only the page). */
  summary: z.object({ stake: z.number(), win: z.number(), profit: z.number(), bonus: z.number(), net: z.number() }),
});
export type ProfitRecord = z.infer<typeof profitRecordSchema>;

export const profitRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/profitRecord',
  tag: 'wallet',
  summary: "The member's result per day (settled bets' stake and win, bonuses, net), newest day first, days with activity only, by date range, paged",
  query: z.object({ ...pagingQuery }),
  value: profitRecordSchema,
  auth: true,
});

/** Where a bonus came from: a promotion, a deposit's promotion, the reward center, or an operator's adjustment. */
export const bonusSources = ['promotion', 'deposit', 'mall', 'other'] as const;
export type BonusSource = (typeof bonusSources)[number];

export const bonusRecordSchema = z.object({
  /** Ledger posting id. */
  id: z.number(),
  source: z.enum(bonusSources),
  /** The promotion's title in the member's language, or the reward's message id (`loyalty.item.<key>`) for the reward center; null otherwise. */
  title: z.nullable(z.string()),
  /** Minor units, positive. */
  amount: z.number(),
  /** The ledger reference (promotion application, deposit order, `MALL-<id>`). */
  reference: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BonusRecord = z.infer<typeof bonusRecordSchema>;

export const bonusRecordsSchema = z.object({
  ...pageOf(bonusRecordSchema).shape,
  /** The sum of the bonuses over the whole range (minor units). */
  summary: z.object({ total: z.number() }),
});
export type BonusRecords = z.infer<typeof bonusRecordsSchema>;

export const bonusRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/bonusRecord',
  tag: 'wallet',
  summary: 'The bonuses paid to the member (source, title, amount), newest first, by date range, paged, with their total',
  query: z.object({ ...pagingQuery }),
  value: bonusRecordsSchema,
  auth: true,
});
