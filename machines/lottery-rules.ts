/**
 * The lottery's bet slip rules the site applies before it asks the server
 * (contract/lottery.ts): what makes a pick complete, its text as the server
 * reads it, the odds it is placed at and what a slip can pay. Pure functions,
 * shared by the game machine and its view.
 */
import type { Bet, BetType, BetTypeInfo } from '../contract/lottery.ts';

/** Bet types whose pick is a set of numbers (the others take one choice). */
export const isNumberBet = (betType: BetType) => betType === 'keno' || betType === 'lotto';

/** The pick as the server reads it: numbers ascending, comma-separated; one choice as it is. */
export function pickText(betType: BetType, pick: readonly string[]): string {
  if (!isNumberBet(betType)) return pick[0] ?? '';
  return [...pick]
    .map(Number)
    .sort((a, b) => a - b)
    .join(',');
}

/** A pick the bet type takes: one of its choices, or within its count of numbers. */
export function isPickComplete(info: BetTypeInfo, pick: readonly string[]): boolean {
  if (!isNumberBet(info.betType)) return pick.length === 1 && info.choices.includes(pick[0]!);
  return pick.length >= info.picks[0]! && pick.length <= info.picks[1]!;
}

/** The odds (hundredths) a pick of `count` numbers is placed at: keno by the count, lotto at 6 matched, the others their one price. */
export function placedOddsOf(info: BetTypeInfo, count: number): number {
  if (info.betType === 'keno') return info.odds[count - 1] ?? 0;
  if (info.betType === 'lotto') return info.odds.at(-1) ?? 0;
  return info.odds[0] ?? 0;
}

/** What a bet pays when it wins (minor units, stake included), rounded down as the server pays it. */
export function betPayout(bet: Bet, betTypes: readonly BetTypeInfo[]): number {
  const info = betTypes.find((t) => t.betType === bet.betType);
  if (!info) return 0;
  const count = isNumberBet(bet.betType) ? bet.pick.split(',').length : 1;
  return Math.floor((bet.stake * placedOddsOf(info, count)) / 100);
}

/** What the slip pays if every bet on it wins. */
export const slipPayout = (slip: readonly Bet[], betTypes: readonly BetTypeInfo[]) => slip.reduce((sum, bet) => sum + betPayout(bet, betTypes), 0);

/** Odds in hundredths as the decimal people read (975 -> "9.75"). */
export const oddsText = (odds: number) => (odds / 100).toFixed(2);

/** Milliseconds from the server's now (the local clock corrected by `offset`) until `iso`, never below 0. */
export const msUntil = (iso: string, offset: number, now: number) => Math.max(0, Date.parse(iso) - (now + offset));
