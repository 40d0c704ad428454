/**
 * The rules of each engine as the game page's "How to play" states them:
 * message ids (`play.rules.*`) with their figures, every figure taken from
 * the engines' own constants (engines.ts) and the contract's target ranges,
 * so the page can never promise other odds than the engines pay. The slot's
 * return to player is computed from its reels and paytable once, when this
 * module loads.
 */
import { crashTargetRange, diceTargetRange, type EngineName } from '../../../contract/play.ts';
import {
  crashMaxPoint,
  crashRtpBp,
  crashTheoreticalRtp,
  diceMultiplierBp,
  diceRtpBp,
  slotLines,
  slotPaytable,
  slotReels,
  type SlotSymbol,
  slotSymbols,
  slotTheoreticalRtp,
  wheelSegments,
  wheelTheoreticalRtp,
} from './engines.ts';

/** A sentence of the rules: a message id and the values of its arguments. */
export interface RuleText {
  id: string;
  values: Record<string, string>;
}

/** One line of the slot's paytable: three of `symbol` on a line pays `multiplier` times the stake. */
export interface PaytableLine {
  symbol: SlotSymbol;
  multiplier: string;
}

/** One line of the wheel's table: `count` segments pay `multiplier` times the stake. */
export interface WheelLine {
  multiplier: string;
  count: number;
}

export interface EngineRules {
  /** The rules, in reading order (the return to player comes after them and any table). */
  lines: RuleText[];
  /** Slot only: the paytable, biggest win first. */
  paytable?: PaytableLine[];
  /** Wheel only: the segments by multiplier, biggest first. */
  wheel?: WheelLine[];
  /** The return to player, as the rules show it (percent). */
  rtp: string;
}

/** A figure with at most 2 decimals and no trailing zeros (1000, 1.5, 1.01, 95.98). */
const plain = (value: number) => String(Number(value.toFixed(2)));

/** A percentage of a fraction: at most 2 decimals, none when whole (0.97 -> "97", 0.95978 -> "95.98"). */
export const percentOf = (fraction: number): string => plain(fraction * 100);

/** Hundredths as a decimal with 2 places (4950 -> "49.50"): the targets as the page's inputs and rules show them. */
export const hundredths = (value: number) => (value / 100).toFixed(2);

/** A multiplier in hundredths, without trailing zeros (100000 -> "1000", 150 -> "1.5", 101 -> "1.01"). */
const multiplierOf = (value: number) => plain(value / 100);

/** Exact return to player of the slot, by enumerating every combination of stops (once). */
export const slotRtp = slotTheoreticalRtp();

function diceRules(): EngineRules {
  const rtp = percentOf(diceRtpBp / 10_000);
  return {
    rtp,
    lines: [
      { id: 'play.rules.dice.pick', values: { min: hundredths(diceTargetRange.min), max: hundredths(diceTargetRange.max) } },
      { id: 'play.rules.dice.roll', values: {} },
      {
        id: 'play.rules.dice.pays',
        values: { rtp, target: hundredths(diceTargetRange.initial), multiplier: (diceMultiplierBp(diceTargetRange.initial) / 10_000).toFixed(4) },
      },
    ],
  };
}

function crashRules(): EngineRules {
  const rtp = percentOf(crashRtpBp / 10_000);
  // The chance of reaching the example cash-out (the one the page starts with): the RTP at that target over its payout.
  const chance = percentOf(crashTheoreticalRtp(crashTargetRange.initial) / (crashTargetRange.initial / 100));
  return {
    rtp,
    lines: [
      { id: 'play.rules.crash.pick', values: { min: multiplierOf(crashTargetRange.min), max: multiplierOf(crashTargetRange.max) } },
      { id: 'play.rules.crash.climb', values: { cap: multiplierOf(crashMaxPoint) } },
      { id: 'play.rules.crash.chance', values: { rtp, target: multiplierOf(crashTargetRange.initial), chance } },
    ],
  };
}

function slotRules(): EngineRules {
  const rtp = percentOf(slotRtp);
  const paytable = [...slotSymbols]
    .sort((a, b) => slotPaytable[b] - slotPaytable[a])
    // A line's win is its line bet (stake / lines) times the paytable figure.
    .map((symbol) => ({ symbol, multiplier: plain(slotPaytable[symbol] / slotLines.length) }));
  return {
    rtp,
    paytable,
    lines: [
      { id: 'play.rules.slot.reels', values: { reels: String(slotReels.length), rows: String(Math.max(...slotLines.flat()) + 1) } },
      { id: 'play.rules.slot.lines', values: { lines: String(slotLines.length) } },
      { id: 'play.rules.slot.win', values: {} },
    ],
  };
}

function wheelRules(): EngineRules {
  const rtp = percentOf(wheelTheoreticalRtp());
  const counts = new Map<number, number>();
  for (const m of wheelSegments) counts.set(m, (counts.get(m) ?? 0) + 1);
  const wheel = [...counts.entries()].sort(([a], [b]) => b - a).map(([m, count]) => ({ multiplier: multiplierOf(m), count }));
  return {
    rtp,
    wheel,
    lines: [
      { id: 'play.rules.wheel.spin', values: { segments: String(wheelSegments.length) } },
    ],
  };
}

/** The rules of every engine, built once. */
export const engineRules: Record<EngineName, EngineRules> = {
  dice: diceRules(),
  crash: crashRules(),
  slot: slotRules(),
  wheel: wheelRules(),
};
