/**
 * The in-house game engines (vendor BGS) and the sandbox wheel of the local
 * vendor simulator. Engines are pure: a random source and the round's
 * parameters in, the outcome and the payout multiplier out. Money is not
 * touched here; a round pays floor(stake * multiplierBp / 10000).
 *
 * RTPs (exact values from theoreticalRtp, checked by the statistical tests):
 * slot 95.98 % (paytable), dice 97 %, crash 97 % (configured), wheel 95 %.
 */
import { type CrashParams, crashTargetRange, type DiceParams, diceTargetRange, type EngineName } from '../../../contract/play.ts';
import { floorDiv, type RandomSource, uniformInt } from './fair-random.ts';

export interface EngineResult<O> {
  outcome: O;
  /** Payout multiplier in basis points (10000 = the stake back). */
  multiplierBp: number;
}

/** Win in minor units: floor(stake * multiplierBp / 10000), exact for any stake. */
export function payout(stake: number, multiplierBp: number): number {
  return Number((BigInt(stake) * BigInt(multiplierBp)) / 10_000n);
}

// ------------------------------------------------------------------- slot

export const slotSymbols = ['cherry', 'lemon', 'plum', 'bell', 'bar', 'seven'] as const;
export type SlotSymbol = (typeof slotSymbols)[number];

/** Three-of-a-kind on a line pays this many line bets (a line bet is stake / 5). */
export const slotPaytable: Record<SlotSymbol, number> = { cherry: 11, lemon: 15, plum: 25, bell: 50, bar: 160, seven: 500 };

const C = 'cherry', L = 'lemon', P = 'plum', B = 'bell', R = 'bar', S = 'seven';
/** Reel strips: 24 stops each, 7 cherries, 6 lemons, 5 plums, 3 bells, 2 bars, 1 seven. */
export const slotReels: readonly (readonly SlotSymbol[])[] = [
  [C, L, P, C, B, L, C, P, R, L, C, P, S, C, L, B, P, C, L, R, C, P, L, B],
  [L, C, P, B, C, L, R, C, P, L, C, B, P, L, C, S, L, P, C, R, L, C, B, P],
  [P, C, L, C, B, P, L, C, R, C, L, P, B, C, L, P, S, C, L, B, C, P, R, L],
] as const satisfies readonly (readonly SlotSymbol[])[];

/** Paylines as the row on reel 0, 1, 2: three rows and two diagonals. */
export const slotLines: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

export interface SlotOutcome {
  /** Stop of each reel (index of its top visible symbol). */
  stops: number[];
  /** Visible symbols, grid[row][reel]. */
  grid: SlotSymbol[][];
  /** Winning lines. */
  lines: { line: number; symbol: SlotSymbol; pays: number }[];
}

/** The visible grid and winning lines of a set of reel stops. */
export function slotEvaluate(stops: readonly number[]): EngineResult<SlotOutcome> {
  const grid = [0, 1, 2].map((row) => slotReels.map((reel, r) => reel[(stops[r]! + row) % reel.length]!));
  const lines: SlotOutcome['lines'] = [];
  slotLines.forEach((rows, line) => {
    const [a, b, c] = rows.map((row, reel) => grid[row]![reel]!);
    if (a === b && b === c && a) lines.push({ line, symbol: a, pays: slotPaytable[a] });
  });
  const units = lines.reduce((sum, l) => sum + l.pays, 0);
  return { outcome: { stops: [...stops], grid, lines }, multiplierBp: (units * 10_000) / slotLines.length };
}

export function playSlot(source: RandomSource): EngineResult<SlotOutcome> {
  return slotEvaluate(slotReels.map((reel) => uniformInt(source, reel.length)));
}

/** Exact RTP of the slot: every combination of stops. */
export function slotTheoreticalRtp(): number {
  let total = 0;
  let count = 0;
  const [r0, r1, r2] = slotReels;
  for (let a = 0; a < r0!.length; a++)
    for (let b = 0; b < r1!.length; b++)
      for (let c = 0; c < r2!.length; c++) {
        total += slotEvaluate([a, b, c]).multiplierBp;
        count++;
      }
  return total / count / 10_000;
}

// ------------------------------------------------------------------- dice

/** Configured RTP of dice and crash, basis points. */
export const diceRtpBp = 9_700;
export const crashRtpBp = 9_700;

export interface DiceOutcome {
  /** 0..9999, shown as 0.00..99.99. */
  roll: number;
  /** The player wins when roll < target. */
  target: number;
  won: boolean;
}

/** The payout multiplier (bp) of a win under `target`: floor(RTP / chance). */
export function diceMultiplierBp(target: number): number {
  return floorDiv(diceRtpBp * 10_000, target);
}

export function playDice(source: RandomSource, params: DiceParams): EngineResult<DiceOutcome> {
  const roll = uniformInt(source, 10_000);
  const won = roll < params.target;
  return { outcome: { roll, target: params.target, won }, multiplierBp: won ? diceMultiplierBp(params.target) : 0 };
}

export function diceTheoreticalRtp(target: number): number {
  return (target * diceMultiplierBp(target)) / 1e8;
}

// ------------------------------------------------------------------ crash

const two32 = 4_294_967_296;
/** Highest crash point, hundredths (10000x). */
export const crashMaxPoint = 1_000_000;

export interface CrashOutcome {
  /** The multiplier the round reached, hundredths (97 = 0.97x). */
  crashPoint: number;
  /** The player's cash-out multiplier, hundredths; wins when crashPoint >= target. */
  target: number;
  won: boolean;
}

/** crashPoint = floor(RTP * 2^32 / (2^32 - u)) in hundredths, u uniform in [0, 2^32). */
export function crashPointOf(u: number): number {
  return Math.min(crashMaxPoint, floorDiv((crashRtpBp / 100) * two32, two32 - u));
}

export function playCrash(source: RandomSource, params: CrashParams): EngineResult<CrashOutcome> {
  const crashPoint = crashPointOf(source.nextUint32());
  const won = crashPoint >= params.target;
  return { outcome: { crashPoint, target: params.target, won }, multiplierBp: won ? params.target * 100 : 0 };
}

/** P(crashPoint >= t) = floor(97 * 2^32 / t) / 2^32 exactly, times the payout t / 100. */
export function crashTheoreticalRtp(target: number): number {
  return (floorDiv((crashRtpBp / 100) * two32, target) / two32) * (target / 100);
}

// ------------------------------------------------------------------ wheel

/** The sandbox vendor's wheel: 20 segments, multipliers in hundredths (RTP 95 %). */
export const wheelSegments = [0, 50, 100, 0, 150, 0, 50, 100, 0, 800, 0, 50, 100, 0, 200, 0, 50, 100, 0, 150] as const;

export interface WheelOutcome {
  segment: number;
  /** Hundredths. */
  multiplier: number;
}

export function playWheel(source: RandomSource): EngineResult<WheelOutcome> {
  const segment = uniformInt(source, wheelSegments.length);
  const multiplier = wheelSegments[segment]!;
  return { outcome: { segment, multiplier }, multiplierBp: multiplier * 100 };
}

export function wheelTheoreticalRtp(): number {
  return wheelSegments.reduce<number>((sum, m) => sum + m, 0) / wheelSegments.length / 100;
}

// --------------------------------------------------------------- dispatch

export type EngineOutcome = SlotOutcome | DiceOutcome | CrashOutcome | WheelOutcome;

export interface RoundParams {
  target?: number | undefined;
}

/** Runs an engine; parameters are already validated (contract/play.ts). */
export function playEngine(engine: EngineName, source: RandomSource, params: RoundParams): EngineResult<EngineOutcome> {
  switch (engine) {
    case 'slot':
      return playSlot(source);
    case 'dice':
      return playDice(source, { target: params.target ?? diceTargetRange.initial });
    case 'crash':
      return playCrash(source, { target: params.target ?? crashTargetRange.initial });
    case 'wheel':
      return playWheel(source);
  }
}

/**
 * The engine of a BGS game: dice games play dice, crash games (classify CRASH)
 * play crash, every other in-house title plays the slot.
 */
export function engineOfGame(game: { name: string; classify?: string | null }): Exclude<EngineName, 'wheel'> {
  if (/dice/i.test(game.name)) return 'dice';
  if (game.classify === 'CRASH') return 'crash';
  return 'slot';
}
