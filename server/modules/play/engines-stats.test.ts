/**
 * Statistical checks over 10^6 simulated rounds per engine, through the real
 * provably fair derivation (HMAC-SHA256 of fixed seeds, nonces 0..n-1), so
 * the result is deterministic and cannot flake. RTP: the sample mean of the
 * multiplier is within 5 standard errors (from the sample variance) of the
 * theoretical RTP. Uniformity: chi-square of the underlying numbers (reel
 * stops, dice rolls, crash buckets) below the 10^-6 upper quantile.
 */
import { describe, expect, it } from 'vitest';
import { engineChoices, kenoRules, penaltyRules, plinkoRisks, plinkoRowChoices, towerRules, twistRules } from '../../../contract/play.ts';
import {
  cryptosTheoreticalRtp,
  ladderTheoreticalRtp,
  penaltyTheoreticalRtp,
  playCryptos,
  playLadder,
  playPenalty,
  playTwist,
  twistTheoreticalRtp,
  diamondsTheoreticalRtp,
  playDiamonds,
  baccaratChances,
  baccaratTheoreticalRtp,
  playBaccarat,
  choiceTheoreticalRtp,
  crashPointOf,
  crashTheoreticalRtp,
  diceTheoreticalRtp,
  kenoTheoreticalRtp,
  minesTheoreticalRtp,
  towerTheoreticalRtp,
  playCoinflip,
  playCrash,
  playDice,
  playDouble,
  playKeno,
  playMines,
  playRoulette,
  playTower,
  playPlinko,
  playSlot,
  playWheel,
  plinkoTheoreticalRtp,
  slotReels,
  slotTheoreticalRtp,
  wheelSegments,
  wheelTheoreticalRtp,
} from './engines.ts';
import { fairStream, type RandomSource } from './fair-random.ts';

const rounds = 1_000_000;
const serverSeed = '5f0c1a7d9e3b2c4a6d8f0e1b3a5c7d9f1e2b4c6a8d0f2e4b6c8a0d2f4e6b8c0a';
const clientSeed = 'statistics';

/** Upper 1e-6 quantile of chi-square with df degrees (Wilson-Hilferty, z = 4.753). */
function chiSquareLimit(df: number): number {
  const z = 4.753;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chiSquare(counts: number[], expected: number[]): number {
  return counts.reduce((sum, c, i) => sum + (c - expected[i]!) ** 2 / expected[i]!, 0);
}

/** Mean and standard error of multipliers (as fractions of the stake). */
function summarise(sum: number, sumSquares: number, n: number) {
  const mean = sum / n;
  const variance = sumSquares / n - mean * mean;
  return { mean, standardError: Math.sqrt(variance / n) };
}

/** A source that records the raw 32-bit values of a round. */
function recording(source: RandomSource, seen: number[]): RandomSource {
  return {
    nextUint32() {
      const v = source.nextUint32();
      seen.push(v);
      return v;
    },
  };
}

describe(`engines over ${rounds.toLocaleString('en')} provably fair rounds`, () => {
  it('slot: RTP within 5 standard errors of 95.98 %, reel stops uniform', () => {
    const stops = slotReels.map((reel) => new Array<number>(reel.length).fill(0));
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { outcome, multiplierBp } = playSlot(fairStream(serverSeed, clientSeed, nonce));
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      outcome.stops.forEach((stop, reel) => {
        stops[reel]![stop]! += 1;
      });
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    const rtp = slotTheoreticalRtp();
    expect(Math.abs(mean - rtp)).toBeLessThan(5 * standardError);
    expect(standardError).toBeLessThan(0.01);
    for (const counts of stops) {
      const expected = counts.map(() => rounds / counts.length);
      expect(chiSquare(counts, expected)).toBeLessThan(chiSquareLimit(counts.length - 1));
    }
  });

  it('dice: RTP within 5 standard errors of 97 %, rolls uniform over 0..9999', () => {
    const rolls = new Array<number>(10_000).fill(0);
    const targets = [100, 2_500, 4_950, 9_000];
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const target = targets[nonce % targets.length]!;
      const { outcome, multiplierBp } = playDice(fairStream(serverSeed, clientSeed, nonce), { target });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += diceTheoreticalRtp(target);
      rolls[outcome.roll]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    expect(chiSquare(rolls, rolls.map(() => rounds / rolls.length))).toBeLessThan(chiSquareLimit(rolls.length - 1));
  });

  it('crash: RTP within 5 standard errors of 97 %, crash points distributed as RTP / x', () => {
    const target = 200;
    // Buckets of the raw value u: 64 equal ranges of [0, 2^32).
    const buckets = new Array<number>(64).fill(0);
    let sum = 0;
    let sumSquares = 0;
    let reached3x = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const raw: number[] = [];
      const { outcome, multiplierBp } = playCrash(recording(fairStream(serverSeed, clientSeed, nonce), raw), { target });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      buckets[Math.floor(raw[0]! / 67_108_864)]! += 1;
      if (outcome.crashPoint >= 300) reached3x += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - crashTheoreticalRtp(target))).toBeLessThan(5 * standardError);
    expect(chiSquare(buckets, buckets.map(() => rounds / 64))).toBeLessThan(chiSquareLimit(63));
    // P(crash >= 3x) = 0.97 / 3: binomial, 5 standard errors.
    const p = 0.97 / 3;
    expect(Math.abs(reached3x / rounds - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / rounds));
    expect(crashPointOf(0)).toBe(97);
  });

  it('plinko: RTP within 5 standard errors over every rows and risk, slots binomial', () => {
    const combos = plinkoRowChoices.flatMap((rows) => plinkoRisks.map((risk) => ({ rows, risk })));
    const slots8 = new Array<number>(9).fill(0);
    let rounds8 = 0;
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const params = combos[nonce % combos.length]!;
      const { outcome, multiplierBp } = playPlinko(fairStream(serverSeed, clientSeed, nonce), params);
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += plinkoTheoreticalRtp(params.rows, params.risk);
      if (params.rows === 8) {
        slots8[outcome.slot]! += 1;
        rounds8++;
      }
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    // C(8, k) / 256 of the 8-row drops land in slot k.
    const binomial8 = [1, 8, 28, 56, 70, 56, 28, 8, 1];
    expect(chiSquare(slots8, binomial8.map((c) => (rounds8 * c) / 256))).toBeLessThan(chiSquareLimit(8));
  });

  it('keno: RTP within 5 standard errors for every count of picks, every number drawn a quarter of the time', () => {
    const drawnCounts = new Array<number>(kenoRules.numbers).fill(0);
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const count = (nonce % kenoRules.maxPicks) + 1;
      // Picks move with the nonce so that every number is picked.
      const picks = Array.from({ length: count }, (_, i) => ((nonce + i * 7) % kenoRules.numbers) + 1);
      const { outcome, multiplierBp } = playKeno(fairStream(serverSeed, clientSeed, nonce), { picks });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += kenoTheoreticalRtp(count);
      for (const n of outcome.drawn) drawnCounts[n - 1]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    const expected = (rounds * kenoRules.drawn) / kenoRules.numbers;
    expect(chiSquare(drawnCounts, drawnCounts.map(() => expected))).toBeLessThan(chiSquareLimit(kenoRules.numbers - 1));
  });

  it('mines: RTP within 5 standard errors of 97 % for several mine and tile counts, every tile a mine as often', () => {
    const mineCounts = new Array<number>(25).fill(0);
    const shapes = [
      [1, 5],
      [3, 3],
      [5, 2],
      [10, 1],
      [24, 1],
    ] as const;
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    let minesPlaced = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const [mines, count] = shapes[nonce % shapes.length]!;
      const picks = Array.from({ length: count }, (_, i) => (nonce + i * 7) % 25);
      const { outcome, multiplierBp } = playMines(fairStream(serverSeed, clientSeed, nonce), { mines, picks });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += minesTheoreticalRtp(mines, count);
      minesPlaced += mines;
      for (const tile of outcome.minePositions) mineCounts[tile]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    expect(chiSquare(mineCounts, mineCounts.map(() => minesPlaced / 25))).toBeLessThan(chiSquareLimit(24));
  });

  it('tower: RTP within 5 standard errors of 97 % at every risk and height, traps uniform', () => {
    const trapCounts = new Array<number>(4).fill(0);
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    let lowFloors = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const risk = plinkoRisks[nonce % 3]!;
      const floors = (Math.floor(nonce / 3) % 8) + 1;
      const picks = Array.from({ length: floors }, (_, i) => (nonce + i) % towerRules.tiles[risk]);
      const { outcome, multiplierBp } = playTower(fairStream(serverSeed, clientSeed, nonce), { risk, picks });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += towerTheoreticalRtp(risk, floors);
      if (risk === 'low') {
        for (const trap of outcome.traps) trapCounts[trap]! += 1;
        lowFloors += outcome.traps.length;
      }
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    expect(chiSquare(trapCounts, trapCounts.map(() => lowFloors / 4))).toBeLessThan(chiSquareLimit(3));
  });

  it('mini roulette: RTP within 5 standard errors of 12/13 on every call, pockets uniform', () => {
    const pockets = new Array<number>(13).fill(0);
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const choice = engineChoices.roulette[nonce % engineChoices.roulette.length]!;
      const { outcome, multiplierBp } = playRoulette(fairStream(serverSeed, clientSeed, nonce), { choice, number: nonce % 13 });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      pockets[outcome.pocket]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - 12 / 13)).toBeLessThan(5 * standardError);
    expect(chiSquare(pockets, pockets.map(() => rounds / 13))).toBeLessThan(chiSquareLimit(12));
  });

  it('mini baccarat: RTP within 5 standard errors on every bet, the winners as often as the exact chances say', () => {
    const bets = ['player', 'banker', 'tie'] as const;
    const winners = { player: 0, banker: 0, tie: 0 };
    let sum = 0;
    let sumSquares = 0;
    let expectedRtp = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const choice = bets[nonce % 3]!;
      const { outcome, multiplierBp } = playBaccarat(fairStream(serverSeed, clientSeed, nonce), { choice });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expectedRtp += baccaratTheoreticalRtp(choice);
      winners[outcome.winner] += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expectedRtp / rounds)).toBeLessThan(5 * standardError);
    const odds = baccaratChances();
    expect(chiSquare(Object.values(winners), bets.map((b) => odds[b] * rounds))).toBeLessThan(chiSquareLimit(2));
  });

  it('diamonds: RTP within 5 standard errors of 98.29 %, colours uniform', () => {
    const colours = new Array<number>(7).fill(0);
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { outcome, multiplierBp } = playDiamonds(fairStream(serverSeed, clientSeed, nonce));
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      for (const gem of outcome.gems) colours[gem]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - diamondsTheoreticalRtp())).toBeLessThan(5 * standardError);
    expect(chiSquare(colours, colours.map(() => (rounds * 5) / 7))).toBeLessThan(chiSquareLimit(6));
  });

  it('wheel: RTP within 5 standard errors of 95 %, segments uniform', () => {
    const segments = new Array<number>(wheelSegments.length).fill(0);
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { outcome, multiplierBp } = playWheel(fairStream(serverSeed, clientSeed, nonce));
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      segments[outcome.segment]! += 1;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - wheelTheoreticalRtp())).toBeLessThan(5 * standardError);
    expect(chiSquare(segments, segments.map(() => rounds / segments.length))).toBeLessThan(chiSquareLimit(segments.length - 1));
  });

  it('coin flip and double: RTP within 5 standard errors of 97 % and 93.33 %, sides and tiles uniform', () => {
    const sides = [0, 0];
    const tiles = new Array<number>(15).fill(0);
    const calls = ['red', 'black', 'green'] as const;
    let coinSum = 0;
    let coinSquares = 0;
    let doubleSum = 0;
    let doubleSquares = 0;
    const half = rounds / 2;
    for (let nonce = 0; nonce < half; nonce++) {
      const coin = playCoinflip(fairStream(serverSeed, clientSeed, nonce), { choice: nonce % 2 ? 'tails' : 'heads' });
      coinSum += coin.multiplierBp / 10_000;
      coinSquares += (coin.multiplierBp / 10_000) ** 2;
      sides[coin.outcome.side === 'heads' ? 0 : 1]! += 1;
      const double = playDouble(fairStream(serverSeed, 'double', nonce), { choice: calls[nonce % 3]! });
      doubleSum += double.multiplierBp / 10_000;
      doubleSquares += (double.multiplierBp / 10_000) ** 2;
      tiles[double.outcome.tile]! += 1;
    }
    const coin = summarise(coinSum, coinSquares, half);
    expect(Math.abs(coin.mean - choiceTheoreticalRtp('coinflip', 'heads'))).toBeLessThan(5 * coin.standardError);
    const double = summarise(doubleSum, doubleSquares, half);
    expect(Math.abs(double.mean - choiceTheoreticalRtp('double', 'red'))).toBeLessThan(5 * double.standardError);
    expect(chiSquare(sides, [half / 2, half / 2])).toBeLessThan(chiSquareLimit(1));
    expect(chiSquare(tiles, tiles.map(() => half / 15))).toBeLessThan(chiSquareLimit(14));
  });

  it('ladder: RTP within 5 standard errors of 97 % on every call, the four ladders equally likely', () => {
    const calls = engineChoices.ladder;
    const ladders = new Map<string, number>();
    let sum = 0;
    let sumSquares = 0;
    let expected = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const choice = calls[nonce % calls.length]!;
      const { outcome, multiplierBp } = playLadder(fairStream(serverSeed, 'ladder', nonce), { choice });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      expected += ladderTheoreticalRtp(choice);
      const key = `${outcome.start}${outcome.rungs}`;
      ladders.set(key, (ladders.get(key) ?? 0) + 1);
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - expected / rounds)).toBeLessThan(5 * standardError);
    expect(ladders.size).toBe(4);
    expect(chiSquare([...ladders.values()], [0, 1, 2, 3].map(() => rounds / 4))).toBeLessThan(chiSquareLimit(3));
  });

  it('penalty goal: RTP within 5 standard errors at every risk, every zone covered as often', () => {
    for (const risk of plinkoRisks) {
      const n = rounds / 4;
      const covered = new Array<number>(penaltyRules.zones).fill(0);
      let sum = 0;
      let sumSquares = 0;
      for (let nonce = 0; nonce < n; nonce++) {
        const { outcome, multiplierBp } = playPenalty(fairStream(serverSeed, `penalty-${risk}`, nonce), { risk, zone: nonce % penaltyRules.zones });
        const m = multiplierBp / 10_000;
        sum += m;
        sumSquares += m * m;
        for (const zone of outcome.saves) covered[zone]! += 1;
      }
      // Every round's keeper covered that many zones.
      expect(covered.reduce((a, b) => a + b, 0)).toBe(n * penaltyRules.keeper[risk]);
      const { mean, standardError } = summarise(sum, sumSquares, n);
      expect(Math.abs(mean - penaltyTheoreticalRtp(risk))).toBeLessThan(5 * standardError);
      const each = (n * penaltyRules.keeper[risk]) / penaltyRules.zones;
      expect(chiSquare(covered, covered.map(() => each))).toBeLessThan(chiSquareLimit(penaltyRules.zones - 1) * 2);
    }
  });

  it('cryptos: RTP within 5 standard errors of 97 %, up as often as down', () => {
    const n = rounds / 4;
    let sum = 0;
    let sumSquares = 0;
    let ups = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const { outcome, multiplierBp } = playCryptos(fairStream(serverSeed, 'cryptos', nonce), { choice: nonce % 2 ? 'down' : 'up' });
      const m = multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
      if (outcome.direction === 'up') ups++;
    }
    const { mean, standardError } = summarise(sum, sumSquares, n);
    expect(Math.abs(mean - cryptosTheoreticalRtp())).toBeLessThan(5 * standardError);
    expect(chiSquare([ups, n - ups], [n / 2, n / 2])).toBeLessThan(chiSquareLimit(1));
  });

  it('twist: RTP within 5 standard errors of 97 % on every wheel, segments uniform', () => {
    for (const risk of plinkoRisks) {
      const n = rounds / 4;
      const segments = new Array<number>(twistRules[risk].length).fill(0);
      let sum = 0;
      let sumSquares = 0;
      for (let nonce = 0; nonce < n; nonce++) {
        const { outcome, multiplierBp } = playTwist(fairStream(serverSeed, `twist-${risk}`, nonce), { risk });
        const m = multiplierBp / 10_000;
        sum += m;
        sumSquares += m * m;
        segments[outcome.segment]! += 1;
      }
      const { mean, standardError } = summarise(sum, sumSquares, n);
      expect(twistTheoreticalRtp(risk)).toBeCloseTo(0.97, 10);
      expect(Math.abs(mean - twistTheoreticalRtp(risk))).toBeLessThan(5 * standardError);
      expect(chiSquare(segments, segments.map(() => n / segments.length))).toBeLessThan(chiSquareLimit(segments.length - 1));
    }
  });
});
