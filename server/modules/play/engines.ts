/**
 * The in-house game engines (vendor BGS) and the sandbox wheel of the local
 * vendor simulator. Engines are pure: a random source and the round's
 * parameters in, the outcome and the payout multiplier out. Money is not
 * touched here; a round pays floor(stake * multiplierBp / 10000).
 *
 * RTPs (exact values from theoreticalRtp, checked by the statistical tests):
 * slot 95.98 % (paytable), dice 97 %, crash 97 % (configured), plinko
 * 98.91 to 99.12 % (by rows and risk), keno 94.04 to 95.96 % (by the count
 * of numbers picked), coin flip 97 %, double 93.33 %, wheel 95 %, ladder 97 %,
 * penalty 96.67 to 97 % (by risk), cryptos 97 %, twist 97 %.
 */
import {
  type ChoiceName,
  type CrashParams,
  engineChoices,
  crashTargetRange,
  type DiceParams,
  diceTargetRange,
  type EngineName,
  kenoRules,
  minesRules,
  towerRules,
  rouletteRules,
  baccaratRules,
  type DiamondsHand,
  diamondsRules,
  ladderRules,
  penaltyRules,
  cryptosRules,
  twistRules,
  type PlinkoRisk,
  plinkoDefaults,
  plinkoRowChoices,
} from '../../../contract/play.ts';
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

// ----------------------------------------------------------------- plinko

/**
 * Plinko's pay tables (hundredths), one per rows and risk, the slot a ball
 * lands in from left (0) to right (rows): symmetric, the edges paying most.
 */
export const plinkoTables: Record<(typeof plinkoRowChoices)[number], Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [560, 210, 110, 100, 50, 100, 110, 210, 560],
    medium: [1300, 300, 130, 70, 40, 70, 130, 300, 1300],
    high: [2900, 400, 150, 30, 20, 30, 150, 400, 2900],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50, 100, 110, 140, 160, 300, 1000],
    medium: [3300, 1100, 400, 200, 110, 60, 30, 60, 110, 200, 400, 1100, 3300],
    high: [17000, 2400, 810, 200, 70, 20, 20, 20, 70, 200, 810, 2400, 17000],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 900, 1600],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30, 50, 100, 150, 300, 500, 1000, 4100, 11000],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20, 20, 20, 200, 400, 900, 2600, 13000, 100000],
  },
};

export interface PlinkoParams {
  rows: (typeof plinkoRowChoices)[number];
  risk: PlinkoRisk;
}

export interface PlinkoOutcome {
  rows: number;
  risk: PlinkoRisk;
  /** At each row of pins: 0 left, 1 right. */
  path: number[];
  /** The slot the ball landed in: how many times it went right (0..rows). */
  slot: number;
  /** Hundredths. */
  multiplier: number;
}

export function playPlinko(source: RandomSource, params: PlinkoParams): EngineResult<PlinkoOutcome> {
  const path = Array.from({ length: params.rows }, () => uniformInt(source, 2));
  const slot = path.reduce((sum, step) => sum + step, 0);
  const multiplier = plinkoTables[params.rows][params.risk][slot]!;
  return { outcome: { rows: params.rows, risk: params.risk, path, slot, multiplier }, multiplierBp: multiplier * 100 };
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** Exact RTP: each slot's chance C(rows, slot) / 2^rows times its multiplier. */
export function plinkoTheoreticalRtp(rows: PlinkoParams['rows'], risk: PlinkoRisk): number {
  const table = plinkoTables[rows][risk];
  return table.reduce((sum, m, slot) => sum + (binomial(rows, slot) * m) / 100, 0) / 2 ** rows;
}

// ------------------------------------------------------------------- keno

/**
 * Keno's pay table (hundredths): by how many numbers were picked (1..10), the
 * multiplier of each count of hits (0..picks). The top prize is 1000x.
 */
export const kenoPaytable: Record<number, readonly number[]> = {
  1: [0, 380],
  2: [0, 120, 830],
  3: [0, 0, 350, 3_900],
  4: [0, 0, 150, 830, 13_000],
  5: [0, 0, 0, 410, 3_300, 83_000],
  6: [0, 0, 0, 250, 1_200, 15_000, 100_000],
  7: [0, 0, 0, 0, 690, 5_400, 94_000, 100_000],
  8: [0, 0, 0, 0, 410, 2_300, 25_000, 100_000, 100_000],
  9: [0, 0, 0, 0, 0, 1_500, 12_000, 100_000, 100_000, 100_000],
  10: [0, 0, 0, 0, 0, 740, 4_600, 54_000, 100_000, 100_000, 100_000],
};

export interface KenoParams {
  /** 1..10 different numbers of 1..40, as the player picked them. */
  picks: number[];
}

export interface KenoOutcome {
  picks: number[];
  /** The 10 numbers drawn, in draw order. */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  /** Hundredths. */
  multiplier: number;
}

export function playKeno(source: RandomSource, params: KenoParams): EngineResult<KenoOutcome> {
  // A partial Fisher-Yates shuffle of 1..40: the first 10 are the draw.
  const pool = Array.from({ length: kenoRules.numbers }, (_, i) => i + 1);
  for (let i = 0; i < kenoRules.drawn; i++) {
    const j = i + uniformInt(source, pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const drawn = pool.slice(0, kenoRules.drawn);
  const drawnSet = new Set(drawn);
  const picks = [...params.picks];
  const hits = picks.filter((n) => drawnSet.has(n)).sort((a, b) => a - b);
  const multiplier = kenoPaytable[picks.length]![hits.length]!;
  return { outcome: { picks, drawn, hits, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of picking `count` numbers: the hypergeometric chance of each count of hits times its multiplier. */
export function kenoTheoreticalRtp(count: number): number {
  const { numbers, drawn } = kenoRules;
  const all = binomial(numbers, drawn);
  return (kenoPaytable[count] ?? []).reduce(
    (sum, m, hits) => sum + (binomial(count, hits) * binomial(numbers - count, drawn - hits) * m) / 100 / all,
    0,
  );
}

// ------------------------------------------------------- coin flip, double

/** Coin Flip: a right call pays 1.94x (RTP 97 %). */
export const coinflipMultiplier = 194;

export interface CoinflipOutcome {
  choice: 'heads' | 'tails';
  side: 'heads' | 'tails';
  won: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playCoinflip(source: RandomSource, params: { choice: 'heads' | 'tails' }): EngineResult<CoinflipOutcome> {
  const side = engineChoices.coinflip[uniformInt(source, 2)]!;
  const won = side === params.choice;
  const multiplier = won ? coinflipMultiplier : 0;
  return { outcome: { choice: params.choice, side, won, multiplier }, multiplierBp: multiplier * 100 };
}

/** Double: 15 tiles, 0 green, 1..7 red, 8..14 black; red and black pay 2x, green 14x (RTP 93.33 % each). */
export const doubleTiles = 15;
export const doublePays = { red: 200, black: 200, green: 1_400 } as const;

export function doubleColourOf(tile: number): 'red' | 'black' | 'green' {
  return tile === 0 ? 'green' : tile <= 7 ? 'red' : 'black';
}

export interface DoubleOutcome {
  choice: 'red' | 'black' | 'green';
  tile: number;
  colour: 'red' | 'black' | 'green';
  won: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playDouble(source: RandomSource, params: { choice: 'red' | 'black' | 'green' }): EngineResult<DoubleOutcome> {
  const tile = uniformInt(source, doubleTiles);
  const colour = doubleColourOf(tile);
  const won = colour === params.choice;
  const multiplier = won ? doublePays[colour] : 0;
  return { outcome: { choice: params.choice, tile, colour, won, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of a call: the chance of its colour (or side) times its pay. */
export function choiceTheoreticalRtp(engine: 'coinflip' | 'double', choice: ChoiceName): number {
  if (engine === 'coinflip') return coinflipMultiplier / 100 / 2;
  const tiles = Array.from({ length: doubleTiles }, (_, t) => doubleColourOf(t)).filter((c) => c === choice).length;
  return ((tiles / doubleTiles) * doublePays[choice as keyof typeof doublePays]) / 100;
}

// ------------------------------------------------------------------ mines

/** C(n, k) as a float (exact for the 25 tiles' counts). */
function combinations(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The chance that `picks` tiles opened among 25 holding `mines` mines are all safe. */
export function minesSafeChance(mines: number, picks: number): number {
  return combinations(minesRules.tiles - mines, picks) / combinations(minesRules.tiles, picks);
}

/** The multiplier (basis points) of `picks` safe tiles with `mines` mines: 97 % over the chance. */
export function minesMultiplierBp(mines: number, picks: number): number {
  return Math.floor((combinations(minesRules.tiles, picks) * 9_700) / combinations(minesRules.tiles - mines, picks) + 1e-6);
}

/** The most tiles a round with `mines` mines may open: all the safe ones, as long as the multiplier stays within 10,000x. */
export function minesMaxPicks(mines: number): number {
  let picks = 1;
  while (picks < minesRules.tiles - mines && minesMultiplierBp(mines, picks + 1) <= minesRules.maxMultiplierBp) picks++;
  return picks;
}

export interface MinesOutcome {
  mines: number;
  /** Where the mines are (tiles 0..24, ascending). */
  minePositions: number[];
  /** The tiles the player opened, in the order picked. */
  picks: number[];
  /** The first picked tile that is a mine, or null. */
  hit: number | null;
  won: boolean;
  /** Basis points. */
  multiplierBp: number;
}

export function playMines(source: RandomSource, params: { mines: number; picks: number[] }): EngineResult<MinesOutcome> {
  const pool = Array.from({ length: minesRules.tiles }, (_, i) => i);
  for (let i = 0; i < params.mines; i++) {
    const j = i + uniformInt(source, minesRules.tiles - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const minePositions = pool.slice(0, params.mines).sort((a, b) => a - b);
  const hit = params.picks.find((tile) => minePositions.includes(tile)) ?? null;
  const multiplierBp = hit === null ? minesMultiplierBp(params.mines, params.picks.length) : 0;
  return { outcome: { mines: params.mines, minePositions, picks: params.picks, hit, won: hit === null, multiplierBp }, multiplierBp };
}

/** Exact RTP of opening `picks` tiles with `mines` mines. */
export function minesTheoreticalRtp(mines: number, picks: number): number {
  return (minesSafeChance(mines, picks) * minesMultiplierBp(mines, picks)) / 10_000;
}

// ------------------------------------------------------------------ tower

/** The multiplier (basis points) of climbing `floors` floors at `risk`: 97 % over the chance of missing every trap. */
export function towerMultiplierBp(risk: PlinkoRisk, floors: number): number {
  const tiles = towerRules.tiles[risk];
  return Math.floor((9_700 * tiles ** floors) / (tiles - 1) ** floors + 1e-6);
}

export interface TowerOutcome {
  risk: PlinkoRisk;
  tiles: number;
  /** The trap's tile on each of the 8 floors, from the bottom. */
  traps: number[];
  /** The tile picked on each floor climbed, from the bottom. */
  picks: number[];
  /** Floors climbed safely. */
  reached: number;
  won: boolean;
  /** Basis points. */
  multiplierBp: number;
}

export function playTower(source: RandomSource, params: { risk: PlinkoRisk; picks: number[] }): EngineResult<TowerOutcome> {
  const tiles = towerRules.tiles[params.risk];
  const traps = Array.from({ length: towerRules.floors }, () => uniformInt(source, tiles));
  const fell = params.picks.findIndex((tile, floor) => traps[floor] === tile);
  const reached = fell === -1 ? params.picks.length : fell;
  const won = fell === -1;
  const multiplierBp = won ? towerMultiplierBp(params.risk, params.picks.length) : 0;
  return { outcome: { risk: params.risk, tiles, traps, picks: params.picks, reached, won, multiplierBp }, multiplierBp };
}

/** Exact RTP of climbing `floors` floors at `risk`. */
export function towerTheoreticalRtp(risk: PlinkoRisk, floors: number): number {
  const tiles = towerRules.tiles[risk];
  return (((tiles - 1) / tiles) ** floors * towerMultiplierBp(risk, floors)) / 10_000;
}

// ------------------------------------------------------------------ mini roulette

export type RouletteColour = 'red' | 'black' | 'green';

export function rouletteColourOf(pocket: number): RouletteColour {
  if (pocket === 0) return 'green';
  return (rouletteRules.red as readonly number[]).includes(pocket) ? 'red' : 'black';
}

/** Whether a call wins on a pocket (a number bet: `pocket === number`). */
export function rouletteWins(choice: ChoiceName, number: number, pocket: number): boolean {
  if (choice === 'number') return pocket === number;
  if (pocket === 0) return false;
  switch (choice) {
    case 'red':
    case 'black':
      return rouletteColourOf(pocket) === choice;
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 6;
    case 'high':
      return pocket >= 7;
    default:
      return false;
  }
}

export interface RouletteOutcome {
  choice: ChoiceName;
  /** The number bet on (a number call), else null. */
  number: number | null;
  pocket: number;
  colour: RouletteColour;
  won: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playRoulette(source: RandomSource, params: { choice: ChoiceName; number: number }): EngineResult<RouletteOutcome> {
  const pocket = uniformInt(source, rouletteRules.pockets);
  const won = rouletteWins(params.choice, params.number, pocket);
  const multiplier = won ? (params.choice === 'number' ? rouletteRules.numberPays : rouletteRules.evenPays) : 0;
  return {
    outcome: { choice: params.choice, number: params.choice === 'number' ? params.number : null, pocket, colour: rouletteColourOf(pocket), won, multiplier },
    multiplierBp: multiplier * 100,
  };
}

/** Exact RTP of a call: its winning pockets over 13 times its pay. */
export function rouletteTheoreticalRtp(choice: ChoiceName, number = 0): number {
  const pockets = Array.from({ length: rouletteRules.pockets }, (_, p) => p).filter((p) => rouletteWins(choice, number, p)).length;
  return ((pockets / rouletteRules.pockets) * (choice === 'number' ? rouletteRules.numberPays : rouletteRules.evenPays)) / 100;
}

// ------------------------------------------------------------------ mini baccarat

/** A card 0..51: rank (card mod 13) 0 = ace .. 12 = king, suit card / 13. */
export const baccaratValueOf = (card: number) => Math.min(10, (card % 13) + 1) % 10;
const handTotal = (cards: readonly number[]) => cards.reduce((sum, c) => sum + baccaratValueOf(c), 0) % 10;

/** Whether the banker draws a third card, by its total and the player's third card's value (punto banco). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface BaccaratOutcome {
  choice: ChoiceName;
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  /** Hundredths (100 when a tie returns the stake). */
  multiplier: number;
}

/** Deals a punto banco coup from the round's first six cards of a shuffled deck. */
export function dealBaccarat(deck: readonly number[]): Pick<BaccaratOutcome, 'player' | 'banker' | 'playerTotal' | 'bankerTotal' | 'winner'> {
  const player = [deck[0]!, deck[2]!];
  const banker = [deck[1]!, deck[3]!];
  let next = 4;
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (handTotal(player) <= 5) {
      const card = deck[next++]!;
      player.push(card);
      playerThird = baccaratValueOf(card);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(deck[next++]!);
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

export function playBaccarat(source: RandomSource, params: { choice: ChoiceName }): EngineResult<BaccaratOutcome> {
  // The first six cards of a Fisher–Yates shuffle of one deck (no more are ever dealt).
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < 6; i++) {
    const j = i + uniformInt(source, 52 - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const coup = dealBaccarat(deck);
  const pays = baccaratRules.pays;
  const multiplier =
    coup.winner === params.choice ? pays[params.choice as keyof typeof pays] : coup.winner === 'tie' && params.choice !== 'tie' ? 100 : 0;
  return { outcome: { choice: params.choice, ...coup, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact chances of player, banker and tie over every ordered six cards of one deck (computed once, by enumeration). */
let baccaratOdds: { player: number; banker: number; tie: number } | null = null;
export function baccaratChances(): { player: number; banker: number; tie: number } {
  if (baccaratOdds) return baccaratOdds;
  // Only the values matter: 4 cards each of 1..9 and 16 of 0; enumerate six values with their multiplicities.
  const counts = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4];
  const tally = { player: 0, banker: 0, tie: 0 };
  let total = 0;
  const values: number[] = [];
  const walk = (depth: number, weight: number) => {
    if (depth === 6) {
      // Cards of these values: any card of the value stands for it (baccaratValueOf(v) === v for v in 0..9 when card = v - 1, v > 0; 9 = a ten for 0).
      const cards = values.map((v) => (v === 0 ? 9 : v - 1));
      const { winner } = dealBaccarat(cards);
      tally[winner] += weight;
      total += weight;
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (counts[v]! === 0) continue;
      const w = counts[v]!;
      counts[v]! -= 1;
      values.push(v);
      walk(depth + 1, weight * w);
      values.pop();
      counts[v]! += 1;
    }
  };
  walk(0, 1);
  baccaratOdds = { player: tally.player / total, banker: tally.banker / total, tie: tally.tie / total };
  return baccaratOdds;
}

/** Exact RTP of a bet (a tie returning Player and Banker stakes). */
export function baccaratTheoreticalRtp(choice: 'player' | 'banker' | 'tie'): number {
  const odds = baccaratChances();
  const pays = baccaratRules.pays;
  if (choice === 'tie') return (odds.tie * pays.tie) / 100;
  return (odds[choice] * pays[choice]) / 100 + odds.tie;
}

// ------------------------------------------------------------------ diamonds

/** The kind of a hand of gems: five, four, a full house, three, two pairs, a pair or none alike. */
export function diamondsHandOf(gems: readonly number[]): DiamondsHand {
  const counts = new Map<number, number>();
  for (const gem of gems) counts.set(gem, (counts.get(gem) ?? 0) + 1);
  const [first = 0, second = 0] = [...counts.values()].sort((a, b) => b - a);
  if (first === 5) return 'five';
  if (first === 4) return 'four';
  if (first === 3) return second === 2 ? 'fullHouse' : 'three';
  if (first === 2) return second === 2 ? 'twoPair' : 'pair';
  return 'none';
}

export interface DiamondsOutcome {
  /** Colours 0..6 of the 5 gems, left to right. */
  gems: number[];
  hand: DiamondsHand;
  /** Hundredths. */
  multiplier: number;
}

export function playDiamonds(source: RandomSource): EngineResult<DiamondsOutcome> {
  const gems = Array.from({ length: diamondsRules.gems }, () => uniformInt(source, diamondsRules.colours));
  const hand = diamondsHandOf(gems);
  const multiplier = diamondsRules.pays[hand];
  return { outcome: { gems, hand, multiplier }, multiplierBp: multiplier * 100 };
}

/** The chance of each hand, exact (every one of the 7^5 draws once). */
export function diamondsChances(): Record<DiamondsHand, number> {
  const chances: Record<DiamondsHand, number> = { five: 0, four: 0, fullHouse: 0, three: 0, twoPair: 0, pair: 0, none: 0 };
  const total = diamondsRules.colours ** diamondsRules.gems;
  for (let n = 0; n < total; n++) {
    const gems = Array.from({ length: diamondsRules.gems }, (_, i) => Math.floor(n / diamondsRules.colours ** i) % diamondsRules.colours);
    chances[diamondsHandOf(gems)] += 1 / total;
  }
  return chances;
}

export function diamondsTheoreticalRtp(): number {
  const chances = diamondsChances();
  return (Object.keys(chances) as DiamondsHand[]).reduce((sum, hand) => sum + (chances[hand] * diamondsRules.pays[hand]) / 100, 0);
}

// ------------------------------------------------------------------ ladder

export type LadderSide = 'left' | 'right';

/** Where a ladder ends: an odd count of rungs crosses to the other side (left with 3 rungs ends even, on the right). */
export function ladderEndOf(start: LadderSide, rungs: 3 | 4): 'odd' | 'even' {
  return (start === 'left') === (rungs === 3) ? 'even' : 'odd';
}

/** Whether a call wins on a ladder. */
export function ladderWins(choice: ChoiceName, start: LadderSide, rungs: 3 | 4): boolean {
  switch (choice) {
    case 'left':
    case 'right':
      return choice === start;
    case 'three':
      return rungs === 3;
    case 'four':
      return rungs === 4;
    default:
      return choice === ladderEndOf(start, rungs);
  }
}

export interface LadderOutcome {
  choice: ChoiceName;
  start: LadderSide;
  rungs: 3 | 4;
  end: 'odd' | 'even';
  won: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playLadder(source: RandomSource, params: { choice: ChoiceName }): EngineResult<LadderOutcome> {
  const start: LadderSide = uniformInt(source, 2) === 0 ? 'left' : 'right';
  const rungs = uniformInt(source, 2) === 0 ? 3 : 4;
  const won = ladderWins(params.choice, start, rungs);
  const multiplier = won ? ladderRules.pays : 0;
  return { outcome: { choice: params.choice, start, rungs, end: ladderEndOf(start, rungs), won, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of a ladder call: its share of the four ladders times its pay. */
export function ladderTheoreticalRtp(choice: ChoiceName): number {
  const ladders = (['left', 'right'] as const).flatMap((start) => ([3, 4] as const).map((rungs) => ladderWins(choice, start, rungs)));
  return ((ladders.filter(Boolean).length / ladders.length) * ladderRules.pays) / 100;
}

// ------------------------------------------------------------------ penalty goal

export interface PenaltyOutcome {
  risk: PlinkoRisk;
  /** The zone shot at (0..5). */
  zone: number;
  /** The zones the keeper covered, ascending. */
  saves: number[];
  goal: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playPenalty(source: RandomSource, params: { risk: PlinkoRisk; zone: number }): EngineResult<PenaltyOutcome> {
  const zones = Array.from({ length: penaltyRules.zones }, (_, i) => i);
  const covered = penaltyRules.keeper[params.risk];
  for (let i = 0; i < covered; i++) {
    const j = i + uniformInt(source, penaltyRules.zones - i);
    [zones[i], zones[j]] = [zones[j]!, zones[i]!];
  }
  const saves = zones.slice(0, covered).sort((a, b) => a - b);
  const goal = !saves.includes(params.zone);
  const multiplier = goal ? penaltyRules.pays[params.risk] : 0;
  return { outcome: { risk: params.risk, zone: params.zone, saves, goal, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of a shot at `risk`: the open zones' share times the pay. */
export function penaltyTheoreticalRtp(risk: PlinkoRisk): number {
  return (((penaltyRules.zones - penaltyRules.keeper[risk]) / penaltyRules.zones) * penaltyRules.pays[risk]) / 100;
}

// ------------------------------------------------------------------ cryptos

export interface CryptosOutcome {
  choice: 'up' | 'down';
  /** The price after each tick, from the opening price 0 (one step up or down a tick). */
  prices: number[];
  direction: 'up' | 'down';
  won: boolean;
  /** Hundredths. */
  multiplier: number;
}

export function playCryptos(source: RandomSource, params: { choice: 'up' | 'down' }): EngineResult<CryptosOutcome> {
  const prices: number[] = [];
  let price = 0;
  for (let tick = 0; tick < cryptosRules.ticks; tick++) {
    price += uniformInt(source, 2) === 0 ? -1 : 1;
    prices.push(price);
  }
  // An odd number of ticks never ends where it opened.
  const direction = price > 0 ? 'up' : 'down';
  const won = direction === params.choice;
  const multiplier = won ? cryptosRules.pays : 0;
  return { outcome: { choice: params.choice, prices, direction, won, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of a call: up and down are equally likely (15 ticks never end level). */
export function cryptosTheoreticalRtp(): number {
  return cryptosRules.pays / 100 / 2;
}

// ------------------------------------------------------------------ twist

export interface TwistOutcome {
  risk: PlinkoRisk;
  segment: number;
  /** Hundredths. */
  multiplier: number;
}

export function playTwist(source: RandomSource, params: { risk: PlinkoRisk }): EngineResult<TwistOutcome> {
  const wheel = twistRules[params.risk];
  const segment = uniformInt(source, wheel.length);
  const multiplier = wheel[segment]!;
  return { outcome: { risk: params.risk, segment, multiplier }, multiplierBp: multiplier * 100 };
}

/** Exact RTP of a wheel: the mean of its segments. */
export function twistTheoreticalRtp(risk: PlinkoRisk): number {
  const wheel: readonly number[] = twistRules[risk];
  return wheel.reduce((sum, m) => sum + m, 0) / wheel.length / 100;
}

// --------------------------------------------------------------- dispatch

export type EngineOutcome =
  | SlotOutcome
  | DiceOutcome
  | CrashOutcome
  | PlinkoOutcome
  | KenoOutcome
  | CoinflipOutcome
  | DoubleOutcome
  | WheelOutcome
  | MinesOutcome
  | TowerOutcome
  | RouletteOutcome
  | BaccaratOutcome
  | DiamondsOutcome
  | LadderOutcome
  | PenaltyOutcome
  | CryptosOutcome
  | TwistOutcome;

export interface RoundParams {
  target?: number | undefined;
  rows?: PlinkoParams['rows'] | undefined;
  risk?: PlinkoRisk | undefined;
  picks?: number[] | undefined;
  choice?: ChoiceName | undefined;
  mines?: number | undefined;
}

/**
 * The parameters of a round of `engine` as a player may send them, checked
 * (defaults where left out), or the reason they are refused: what the round
 * call and the verification both accept.
 */
export function engineParams(
  engine: EngineName,
  raw: {
    target?: number | undefined;
    rows?: number | undefined;
    risk?: PlinkoRisk | undefined;
    picks?: number[] | undefined;
    choice?: ChoiceName | undefined;
    mines?: number | undefined;
  },
): RoundParams | { invalid: string } {
  switch (engine) {
    case 'dice': {
      const target = raw.target ?? diceTargetRange.initial;
      return target < diceTargetRange.min || target > diceTargetRange.max ? { invalid: 'The target must be 100 to 9800.' } : { target };
    }
    case 'crash': {
      const target = raw.target ?? crashTargetRange.initial;
      return target < crashTargetRange.min || target > crashTargetRange.max ? { invalid: 'The target must be 101 to 100000.' } : { target };
    }
    case 'plinko': {
      const rows = raw.rows ?? plinkoDefaults.rows;
      if (!(plinkoRowChoices as readonly number[]).includes(rows)) return { invalid: 'The rows must be 8, 12 or 16.' };
      return { rows: rows as PlinkoParams['rows'], risk: raw.risk ?? plinkoDefaults.risk };
    }
    case 'keno': {
      const picks = raw.picks ?? [];
      const valid =
        picks.length >= kenoRules.minPicks &&
        picks.length <= kenoRules.maxPicks &&
        new Set(picks).size === picks.length &&
        picks.every((n) => Number.isInteger(n) && n >= 1 && n <= kenoRules.numbers);
      return valid ? { picks } : { invalid: 'Pick 1 to 10 different numbers of 1 to 40.' };
    }
    case 'mines': {
      const mines = raw.mines ?? minesRules.defaultMines;
      if (!Number.isInteger(mines) || mines < minesRules.minMines || mines > minesRules.maxMines) {
        return { invalid: `The mines must be ${minesRules.minMines} to ${minesRules.maxMines}.` };
      }
      const picks = raw.picks ?? [];
      const valid =
        picks.length >= 1 &&
        picks.length <= minesMaxPicks(mines) &&
        new Set(picks).size === picks.length &&
        picks.every((n) => Number.isInteger(n) && n >= 0 && n < minesRules.tiles);
      return valid ? { mines, picks } : { invalid: `Pick 1 to ${minesMaxPicks(mines)} different tiles of 0 to ${minesRules.tiles - 1}.` };
    }
    case 'tower': {
      const risk = raw.risk ?? 'low';
      const picks = raw.picks ?? [];
      const valid =
        picks.length >= 1 && picks.length <= towerRules.floors && picks.every((n) => Number.isInteger(n) && n >= 0 && n < towerRules.tiles[risk]);
      return valid ? { risk, picks } : { invalid: `Pick a tile of 0 to ${towerRules.tiles[risk] - 1} on each of 1 to ${towerRules.floors} floors.` };
    }
    case 'roulette': {
      const choices: readonly ChoiceName[] = engineChoices.roulette;
      const choice = raw.choice ?? 'red';
      if (!choices.includes(choice)) return { invalid: `The call must be one of ${choices.join(', ')}.` };
      if (choice !== 'number') return { choice };
      const target = raw.target ?? 0;
      return Number.isInteger(target) && target >= 0 && target < rouletteRules.pockets ? { choice, target } : { invalid: 'The number must be 0 to 12.' };
    }
    case 'penalty': {
      const zone = raw.target ?? 0;
      if (!Number.isInteger(zone) || zone < 0 || zone >= penaltyRules.zones) return { invalid: `The zone must be 0 to ${penaltyRules.zones - 1}.` };
      return { risk: raw.risk ?? 'low', target: zone };
    }
    case 'twist':
      return { risk: raw.risk ?? 'low' };
    case 'baccarat':
    case 'ladder':
    case 'cryptos':
    case 'coinflip':
    case 'double': {
      const choices: readonly ChoiceName[] = engineChoices[engine];
      const choice = raw.choice ?? choices[0]!;
      return choices.includes(choice) ? { choice } : { invalid: `The call must be one of ${choices.join(', ')}.` };
    }
    default:
      return {};
  }
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
    case 'plinko':
      return playPlinko(source, { rows: params.rows ?? plinkoDefaults.rows, risk: params.risk ?? plinkoDefaults.risk });
    case 'keno':
      return playKeno(source, { picks: params.picks ?? [] });
    case 'coinflip':
      return playCoinflip(source, { choice: (params.choice ?? 'heads') as 'heads' | 'tails' });
    case 'double':
      return playDouble(source, { choice: (params.choice ?? 'red') as 'red' | 'black' | 'green' });
    case 'wheel':
      return playWheel(source);
    case 'mines':
      return playMines(source, { mines: params.mines ?? minesRules.defaultMines, picks: params.picks ?? [] });
    case 'tower':
      return playTower(source, { risk: params.risk ?? 'low', picks: params.picks ?? [] });
    case 'roulette':
      return playRoulette(source, { choice: params.choice ?? 'red', number: params.target ?? 0 });
    case 'baccarat':
      return playBaccarat(source, { choice: params.choice ?? 'player' });
    case 'diamonds':
      return playDiamonds(source);
    case 'ladder':
      return playLadder(source, { choice: params.choice ?? 'left' });
    case 'penalty':
      return playPenalty(source, { risk: params.risk ?? 'low', zone: params.target ?? 0 });
    case 'cryptos':
      return playCryptos(source, { choice: (params.choice ?? 'up') as 'up' | 'down' });
    case 'twist':
      return playTwist(source, { risk: params.risk ?? 'low' });
    case 'hilo':
    case 'videopoker':
    case 'blackjack':
      // Stepped rounds are replayed with their actions (stepped.ts).
      throw new RangeError(`${engine} plays stepped rounds`);
  }
}

/**
 * The engine of a BGS game: dice games play dice, Wheel and Ring of Fortune
 * spin the wheel (provably fair, like every in-house round), Coin Flip
 * flips a coin, Double draws a tile of 15, Mines and Cave Raid hide mines among 25
 * tiles, Tower, Tower Legend and Stairs hide a trap on each of 8 floors, Mini
 * Roulette spins 13 pockets, Mini Baccarat deals punto banco, Diamonds draws 5
 * gems, Ladder climbs a ladder, Penalty Goal shoots past a keeper, Cryptos
 * moves a price, Twist twists a wheel at a risk, HiLo and Hilo Cards call the
 * next card, Video Poker deals Jacks or Better, Blackjack 21 deals blackjack
 * (the last three stepped, stepped.ts), Plinko plays
 * plinko, Keno plays keno, crash games (classify CRASH) play crash, every
 * other in-house title plays the slot.
 */
export function engineOfGame(game: { name: string; classify?: string | null }): EngineName {
  if (/dice/i.test(game.name)) return 'dice';
  if (/^wheel$|ring of fortune/i.test(game.name)) return 'wheel';
  if (/coin flip/i.test(game.name)) return 'coinflip';
  if (/^double$/i.test(game.name)) return 'double';
  if (/^mines$|^cave raid$/i.test(game.name)) return 'mines';
  if (/^tower$|^tower legend$|^stairs$/i.test(game.name)) return 'tower';
  if (/^ladder$/i.test(game.name)) return 'ladder';
  if (/^penalty goal$/i.test(game.name)) return 'penalty';
  if (/^cryptos$/i.test(game.name)) return 'cryptos';
  if (/^twist$/i.test(game.name)) return 'twist';
  if (/^hilo$|^hilo cards$/i.test(game.name)) return 'hilo';
  if (/^video poker$/i.test(game.name)) return 'videopoker';
  if (/^blackjack 21$/i.test(game.name)) return 'blackjack';
  if (/^mini roulette$/i.test(game.name)) return 'roulette';
  if (/^mini baccarat$/i.test(game.name)) return 'baccarat';
  if (/^diamonds$/i.test(game.name)) return 'diamonds';
  if (/plinko/i.test(game.name)) return 'plinko';
  if (/keno/i.test(game.name)) return 'keno';
  if (game.classify === 'CRASH') return 'crash';
  return 'slot';
}
