/**
 * The leaderboard (spec section 2, named screens; /m/leaderboard): the top
 * winners and the top turnover of the merchant's members by day, week and
 * month, read from the settled bets, with the signed-in member's own rank.
 * Ranking rules and periods: docs/member.md "Leaderboard".
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { defaultedQuery } from './query.ts';
import { currencySchema } from './system.ts';

/** `winners`: net win (win − stake) over the period, positive only; `turnover`: the stakes. */
export const leaderboardBoards = ['winners', 'turnover'] as const;
export type LeaderboardBoard = (typeof leaderboardBoards)[number];

/** UTC periods: the calendar day, the week from Monday 00:00, the calendar month. */
export const leaderboardPeriods = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

/** How many entries a board lists. */
export const leaderboardSize = 20;

export const leaderboardEntrySchema = z.object({
  /** 1 first; ties are broken by member id (the earlier account first), so ranks are unique. */
  rank: z.number(),
  /** Masked like the winner board's names (`ma***88`). */
  name: z.string(),
  /** Minor units: the net win or the turnover over the period. */
  amount: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  board: z.enum(leaderboardBoards),
  period: z.enum(leaderboardPeriods),
  /** The period's first instant (ISO, UTC) and the first instant after it. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The merchant's currency, which the amounts are in. */
  currency: currencySchema,
  /** The top entries, rank ascending (at most `leaderboardSize`). */
  list: z.array(leaderboardEntrySchema),
  /** The signed-in member's place, or null when the member is not on the board in the period (no settled bets, or no net win on `winners`). */
  mine: z.nullable(z.object({ rank: z.number(), amount: z.number() })),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const leaderboardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/leaderboard',
  tag: 'loyalty',
  summary: "Top 20 members of the merchant by net win or by turnover over the day, week or month (UTC), from the settled bets, with the member's own rank",
  query: z.object({
    board: defaultedQuery(z.enum(leaderboardBoards), 'winners'),
    period: defaultedQuery(z.enum(leaderboardPeriods), 'day'),
  }),
  value: leaderboardSchema,
  auth: true,
});
