/**
 * Responsible gambling (docs/responsible-gaming.md): what a member sets for
 * itself and the server enforces.
 *
 * **Limits.** Deposit, loss and wager limits per calendar period (UTC day,
 * ISO week from Monday, calendar month), in minor units. Lowering a limit,
 * or setting one where there was none, takes effect at once; raising or
 * removing one takes effect after `coolingOffMs` (24 hours), and until then
 * the old limit holds and the change shows as `next`. The server checks them
 * in the transaction of the deposit order or the bet:
 * - deposit: the orders of the period (pending or completed) plus this one;
 * - wager: the stakes of the bets placed in the period (not rolled back)
 *   plus this one;
 * - loss: stake − win of the bets placed in the period (an open bet counts
 *   its whole stake) plus this stake.
 *
 * **Sessions.** A session limit ends every web session that long after its
 * login (the server's session expires); a reality check reminds the member
 * every N minutes of the time played and the session's net result.
 *
 * **Time-out and self-exclusion.** The member cannot launch a game, bet or
 * deposit until it ends; it cannot be shortened or lifted by the member
 * (only lengthened); logging in, withdrawing the balance and this page stay
 * open.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';

export const limitKinds = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof limitKinds)[number];

export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** A raised or removed limit waits this long before it takes effect. */
export const coolingOffMs = 24 * 60 * 60 * 1000;

/** The largest limit (minor units). */
export const maxLimitAmount = 1_000_000_000_00;

export const timeOutDurations = ['24h', '1w', '1m'] as const;
export const selfExclusionDurations = ['6m', '1y', '5y', 'permanent'] as const;
export const exclusionKinds = ['timeOut', 'selfExclusion'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];
export type ExclusionDuration = (typeof timeOutDurations)[number] | (typeof selfExclusionDurations)[number];

/** When an exclusion of `duration` taken at `from` ends (null: permanent). Calendar months and years, UTC. */
export function exclusionEnd(duration: ExclusionDuration, from: Date): Date | null {
  const end = new Date(from.getTime());
  switch (duration) {
    case '24h':
      return new Date(from.getTime() + 24 * 60 * 60 * 1000);
    case '1w':
      return new Date(from.getTime() + 7 * 24 * 60 * 60 * 1000);
    case '1m':
      end.setUTCMonth(end.getUTCMonth() + 1);
      return end;
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
    case 'permanent':
      return null;
  }
}

/** Session limit choices in minutes (0: none). */
export const sessionLimitChoices = [0, 30, 60, 120, 240, 480] as const;
/** Reality check intervals in minutes (0: off). */
export const realityCheckChoices = [0, 15, 30, 60, 120] as const;

const minutesOf = (choices: readonly number[]) => z.number().check(z.refine((n) => choices.includes(n)));

export const limitSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** The limit in force (minor units), null when none. */
  amount: z.nullable(z.number()),
  /** A raise or removal waiting out the cooling-off: the amount (null: removed) and when it takes effect (ISO). */
  next: z.nullable(z.object({ amount: z.nullable(z.number()), from: z.string() })),
  /** What the current period has used against this limit (minor units). */
  used: z.number(),
});
export type Limit = z.infer<typeof limitSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(exclusionKinds),
  /** ISO; null for a permanent self-exclusion. */
  until: z.nullable(z.string()),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const protectionSchema = z.object({
  /** Every kind × period, in limitKinds × limitPeriods order. */
  limits: z.array(limitSchema),
  sessionLimitMinutes: z.number(),
  realityCheckMinutes: z.number(),
  /** The time-out or self-exclusion in force, null when none. */
  exclusion: z.nullable(exclusionSchema),
});
export type Protection = z.infer<typeof protectionSchema>;

export const protectionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/rg/settings',
  tag: 'responsible-gaming',
  summary: "The member's limits (in force, waiting, used this period), session limit, reality check and exclusion",
  value: protectionSchema,
  auth: true,
});

export const limitChangeSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** Minor units; null removes the limit (after the cooling-off). */
  amount: z.nullable(z.number().check(z.int(), z.positive(), z.maximum(maxLimitAmount))),
});
export type LimitChange = z.infer<typeof limitChangeSchema>;

export const setLimitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/rg/limits',
  tag: 'responsible-gaming',
  summary: 'Sets or removes one limit: lower or new at once, higher or removed after the 24-hour cooling-off',
  body: limitChangeSchema,
  value: protectionSchema,
  auth: true,
});

export const sessionSettingsSchema = z.object({
  sessionLimitMinutes: minutesOf(sessionLimitChoices),
  realityCheckMinutes: minutesOf(realityCheckChoices),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

export const setSessionSettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/rg/session',
  tag: 'responsible-gaming',
  summary: 'Sets the session limit (applied to the open sessions too) and the reality check interval',
  body: sessionSettingsSchema,
  value: protectionSchema,
  auth: true,
});

export const exclusionRequestSchema = z.union([
  z.object({ kind: z.literal('timeOut'), duration: z.enum(timeOutDurations) }),
  z.object({ kind: z.literal('selfExclusion'), duration: z.enum(selfExclusionDurations) }),
]);
export type ExclusionRequest = z.infer<typeof exclusionRequestSchema>;

export const excludeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/rg/exclusion',
  tag: 'responsible-gaming',
  summary: 'Takes a time-out or self-excludes; one in force can be lengthened, never shortened (rg.exclusion.shorter)',
  body: exclusionRequestSchema,
  value: protectionSchema,
  auth: true,
});

export const realitySchema = z.object({
  /** When the session's login was (ISO). */
  since: z.string(),
  /** Stakes and wins of the bets placed since then (minor units); net = win − stake. */
  stake: z.number(),
  win: z.number(),
  /** When the session limit ends the session (ISO), null without one. */
  endsAt: z.nullable(z.string()),
});
export type Reality = z.infer<typeof realitySchema>;

export const realityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/rg/reality',
  tag: 'responsible-gaming',
  summary: "The reality check: the session's start, its bets' stake and win, and when the session limit ends it",
  value: realitySchema,
  auth: true,
});

export const statementMonthSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  stake: z.number(),
  win: z.number(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;

export const statementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/rg/statement',
  tag: 'responsible-gaming',
  summary: 'The activity statement: deposits, withdrawals, stakes and wins per month, newest first (the last 12 months)',
  value: z.array(statementMonthSchema),
  auth: true,
});
