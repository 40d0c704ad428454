import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engineChoices, kenoRules, minesRules, plinkoRisks, plinkoRowChoices, towerRules } from '../../../contract/play.ts';
import {
  baccaratChances,
  baccaratTheoreticalRtp,
  bankerDraws,
  crashPointOf,
  crashTheoreticalRtp,
  dealBaccarat,
  diamondsChances,
  diamondsHandOf,
  diamondsTheoreticalRtp,
  diceMultiplierBp,
  diceTheoreticalRtp,
  choiceTheoreticalRtp,
  engineOfGame,
  engineParams,
  ladderEndOf,
  ladderTheoreticalRtp,
  playCryptos,
  playLadder,
  playPenalty,
  playTwist,
  kenoPaytable,
  kenoTheoreticalRtp,
  minesMaxPicks,
  minesMultiplierBp,
  minesTheoreticalRtp,
  payout,
  playCoinflip,
  playCrash,
  playDiamonds,
  playDice,
  playDouble,
  playEngine,
  playKeno,
  playMines,
  playPlinko,
  playRoulette,
  playSlot,
  playTower,
  plinkoTables,
  plinkoTheoreticalRtp,
  playWheel,
  slotEvaluate,
  slotReels,
  slotTheoreticalRtp,
  rouletteTheoreticalRtp,
  towerMultiplierBp,
  towerTheoreticalRtp,
  wheelTheoreticalRtp,
} from './engines.ts';
import { fairStream, floorDiv, hashServerSeed, type RandomSource, roundBlock, uniformInt } from './fair-random.ts';

const fixed = (...values: number[]): RandomSource & { used: number } => {
  const source = {
    used: 0,
    nextUint32() {
      const v = values[source.used++];
      if (v === undefined) throw new Error('source exhausted');
      return v;
    },
  };
  return source;
};

describe('provably fair randomness', () => {
  const serverSeed = 'a'.repeat(64);

  it('commits with sha-256 of the seed text and derives HMAC-SHA256(serverSeed, clientSeed:nonce)', () => {
    expect(hashServerSeed(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    expect(roundBlock(serverSeed, 'lucky', 7).toString('hex')).toBe(createHmac('sha256', serverSeed).update('lucky:7').digest('hex'));
    expect(roundBlock(serverSeed, 'lucky', 7, 2).toString('hex')).toBe(createHmac('sha256', serverSeed).update('lucky:7:2').digest('hex'));
  });

  it('reads the blocks as big-endian 32-bit integers, then the next block', () => {
    const stream = fairStream(serverSeed, 'c', 1);
    const first = roundBlock(serverSeed, 'c', 1);
    const second = roundBlock(serverSeed, 'c', 1, 1);
    const values = Array.from({ length: 9 }, () => stream.nextUint32());
    expect(values.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => first.readUInt32BE(i * 4)));
    expect(values[8]).toBe(second.readUInt32BE(0));
  });

  it('draws integers without modulo bias: values above the last full multiple are skipped', () => {
    const n = 10;
    const limit = 4_294_967_296 - (4_294_967_296 % n); // 4294967290
    const source = fixed(limit, limit + 5, 4_294_967_295, 1234567);
    expect(uniformInt(source, n)).toBe(7);
    expect(source.used).toBe(4);
    expect(uniformInt(fixed(limit - 1), n)).toBe(9);
    expect(() => uniformInt(fixed(0), 0)).toThrow(RangeError);
  });

  it('floorDiv is exact', () => {
    expect(floorDiv(97 * 4_294_967_296, 4_294_967_296)).toBe(97);
    expect(floorDiv(10, 3)).toBe(3);
    expect(floorDiv(9, 3)).toBe(3);
  });

  it('the same seeds give the same round, another nonce another one', () => {
    const a = playEngine('slot', fairStream(serverSeed, 'x', 1), {});
    const b = playEngine('slot', fairStream(serverSeed, 'x', 1), {});
    expect(a).toEqual(b);
    const others = Array.from({ length: 20 }, (_, i) => playEngine('slot', fairStream(serverSeed, 'x', i + 2), {}).outcome);
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a.outcome))).toBe(true);
  });
});

describe('slot', () => {
  it('shows three consecutive stops of every reel, wrapping around the strip', () => {
    const { outcome } = slotEvaluate([23, 0, 22]);
    expect(outcome.grid.map((row) => row[0])).toEqual([slotReels[0]![23], slotReels[0]![0], slotReels[0]![1]]);
    expect(outcome.grid.map((row) => row[2])).toEqual([slotReels[2]![22], slotReels[2]![23], slotReels[2]![0]]);
  });

  it('pays three of a kind on a line in line bets (stake / 5)', () => {
    // The seven of each reel: reel 0 at 12, reel 1 at 15, reel 2 at 16; put all three on the middle row.
    const { outcome, multiplierBp } = slotEvaluate([11, 14, 15]);
    expect(outcome.grid[1]).toEqual(['seven', 'seven', 'seven']);
    expect(outcome.lines).toContainEqual({ line: 1, symbol: 'seven', pays: 500 });
    expect(multiplierBp).toBe(outcome.lines.reduce((s, l) => s + l.pays, 0) * 2000);
    expect(payout(500, 1_000_000)).toBe(50_000);
    expect(payout(99_999_999, 100_000_000)).toBe(999_999_990_000);
  });

  it('has 7 cherries, 6 lemons, 5 plums, 3 bells, 2 bars and 1 seven on every reel', () => {
    for (const reel of slotReels) {
      const counts = Object.fromEntries(['cherry', 'lemon', 'plum', 'bell', 'bar', 'seven'].map((s) => [s, reel.filter((x) => x === s).length]));
      expect(counts).toEqual({ cherry: 7, lemon: 6, plum: 5, bell: 3, bar: 2, seven: 1 });
    }
  });

  it('pays nothing without a line', () => {
    const losing = Array.from({ length: 24 * 24 }, (_, i) => slotEvaluate([i % 24, Math.floor(i / 24), 0])).find((r) => r.outcome.lines.length === 0);
    expect(losing?.multiplierBp).toBe(0);
  });

  it('draws one stop per reel from the random source', () => {
    const source = fixed(5, 30, 47);
    expect(playSlot(source).outcome.stops).toEqual([5, 6, 23]);
  });

  it('returns 95.98 % by its paytable', () => {
    expect(slotTheoreticalRtp()).toBeCloseTo(13_268 / 13_824, 12);
  });
});

describe('dice', () => {
  it('wins under the target and pays RTP / chance', () => {
    expect(playDice(fixed(4949), { target: 4950 })).toEqual({ outcome: { roll: 4949, target: 4950, won: true }, multiplierBp: 19_595 });
    expect(playDice(fixed(4950), { target: 4950 }).multiplierBp).toBe(0);
    expect(diceMultiplierBp(100)).toBe(970_000);
    expect(diceTheoreticalRtp(4950)).toBeCloseTo(0.9699525, 9);
    expect(diceTheoreticalRtp(5000)).toBe(0.97);
  });
});

describe('crash', () => {
  it('maps u to RTP * 2^32 / (2^32 - u), in hundredths', () => {
    expect(crashPointOf(0)).toBe(97);
    expect(crashPointOf(2_147_483_648)).toBe(194);
    expect(crashPointOf(4_294_967_295)).toBe(1_000_000);
    expect(playCrash(fixed(2_147_483_648), { target: 194 }).outcome.won).toBe(true);
    expect(playCrash(fixed(2_147_483_648), { target: 195 })).toEqual({ outcome: { crashPoint: 194, target: 195, won: false }, multiplierBp: 0 });
    expect(crashTheoreticalRtp(200)).toBeCloseTo(0.97, 8);
  });
});

describe('wheel (vendor sandbox)', () => {
  it('lands on a segment and returns 95 %', () => {
    expect(playWheel(fixed(9)).outcome).toEqual({ segment: 9, multiplier: 800 });
    expect(wheelTheoreticalRtp()).toBe(0.95);
  });
});

describe('engine of a BGS game', () => {
  it('plays dice for dice games, crash for the CRASH classify, the slot otherwise', () => {
    expect(engineOfGame({ name: 'Hash Dice', classify: 'ORIGINALS' })).toBe('dice');
    expect(engineOfGame({ name: 'Rocket Rush', classify: 'CRASH' })).toBe('crash');
    expect(engineOfGame({ name: 'Plinko', classify: 'ORIGINALS' })).toBe('plinko');
    expect(engineOfGame({ name: 'Keno', classify: 'ORIGINALS' })).toBe('keno');
    expect(engineOfGame({ name: 'Wheel', classify: 'ORIGINALS' })).toBe('wheel');
    expect(engineOfGame({ name: 'Ring of Fortune', classify: 'ORIGINALS' })).toBe('wheel');
    expect(engineOfGame({ name: 'Golden Wheel Riches', classify: 'SLOT' })).toBe('slot');
    expect(engineOfGame({ name: 'Coin Flip', classify: 'ORIGINALS' })).toBe('coinflip');
    expect(engineOfGame({ name: 'Double', classify: 'ORIGINALS' })).toBe('double');
    expect(engineOfGame({ name: 'Double Diamond Deluxe', classify: 'SLOT' })).toBe('slot');
    expect(engineOfGame({ name: 'Mines', classify: 'ORIGINALS' })).toBe('mines');
    expect(engineOfGame({ name: 'Cave Raid', classify: 'ORIGINALS' })).toBe('mines');
    expect(engineOfGame({ name: 'Tower Legend', classify: 'ORIGINALS' })).toBe('tower');
    expect(engineOfGame({ name: 'Stairs', classify: 'ORIGINALS' })).toBe('tower');
    expect(engineOfGame({ name: 'Ladder', classify: 'ORIGINALS' })).toBe('ladder');
    expect(engineOfGame({ name: 'Penalty Goal', classify: 'ORIGINALS' })).toBe('penalty');
    expect(engineOfGame({ name: 'Cryptos', classify: 'ORIGINALS' })).toBe('cryptos');
    expect(engineOfGame({ name: 'Twist', classify: 'ORIGINALS' })).toBe('twist');
  });
});

describe('plinko', () => {
  it('drops left on even values and right on odd ones; the slot is the count of rights and pays its table entry', () => {
    // 8 rows: R L R R L L R R -> 5 rights.
    const { outcome, multiplierBp } = playPlinko(fixed(1, 0, 3, 5, 2, 4, 7, 9), { rows: 8, risk: 'medium' });
    expect(outcome).toEqual({ rows: 8, risk: 'medium', path: [1, 0, 1, 1, 0, 0, 1, 1], slot: 5, multiplier: 70 });
    expect(multiplierBp).toBe(7_000);
    expect(playPlinko(fixed(...new Array(16).fill(1)), { rows: 16, risk: 'high' }).outcome.multiplier).toBe(100_000);
  });

  it('has symmetric tables of rows + 1 slots, each with an RTP of 98.9 % to 99.2 %', () => {
    for (const rows of plinkoRowChoices) {
      for (const risk of plinkoRisks) {
        const table = plinkoTables[rows][risk];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        const rtp = plinkoTheoreticalRtp(rows, risk);
        expect(rtp).toBeGreaterThan(0.989);
        expect(rtp).toBeLessThan(0.992);
      }
    }
    // 8 rows, low risk: (2 * 5.6 + 16 * 2.1 + 56 * 1.1 + 112 * 1 + 70 * 0.5) / 256.
    expect(plinkoTheoreticalRtp(8, 'low')).toBeCloseTo((2 * 5.6 + 16 * 2.1 + 56 * 1.1 + 112 * 1 + 70 * 0.5) / 256, 12);
  });
});

describe('keno', () => {
  it('draws 10 different numbers of 1..40 and pays by the count of picks that were drawn', () => {
    // Fisher-Yates over 1..40: value v at step i swaps position i with i + v mod (40 - i).
    const { outcome, multiplierBp } = playKeno(fixed(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), { picks: [1, 2, 3, 40] });
    expect(outcome.drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(outcome.hits).toEqual([1, 2, 3]);
    expect(outcome.multiplier).toBe(kenoPaytable[4]![3]);
    expect(multiplierBp).toBe(kenoPaytable[4]![3]! * 100);
    const swapped = playKeno(fixed(39, 0, 0, 0, 0, 0, 0, 0, 0, 0), { picks: [40] }).outcome;
    expect(swapped.drawn[0]).toBe(40);
    expect(swapped.multiplier).toBe(kenoPaytable[1]![1]);
  });

  it('has an RTP of 94 % to 96 % for every count of picks, and a top prize of 1000x', () => {
    for (let count = kenoRules.minPicks; count <= kenoRules.maxPicks; count++) {
      expect(kenoPaytable[count]).toHaveLength(count + 1);
      const rtp = kenoTheoreticalRtp(count);
      expect(rtp).toBeGreaterThan(0.94);
      expect(rtp).toBeLessThan(0.96);
      expect(Math.max(...kenoPaytable[count]!)).toBeLessThanOrEqual(100_000);
    }
    // One pick: 10 of 40 are drawn, a hit pays 3.8x.
    expect(kenoTheoreticalRtp(1)).toBeCloseTo(0.25 * 3.8, 12);
  });
});

describe('coin flip and double', () => {
  it('a coin lands heads on an even value, tails on an odd one; a right call pays 1.94x', () => {
    expect(playCoinflip(fixed(4), { choice: 'heads' })).toEqual({ outcome: { choice: 'heads', side: 'heads', won: true, multiplier: 194 }, multiplierBp: 19_400 });
    expect(playCoinflip(fixed(5), { choice: 'heads' })).toEqual({ outcome: { choice: 'heads', side: 'tails', won: false, multiplier: 0 }, multiplierBp: 0 });
    expect(choiceTheoreticalRtp('coinflip', 'tails')).toBeCloseTo(0.97, 12);
  });

  it('double draws a tile of 15: 0 green (14x), 1..7 red and 8..14 black (2x)', () => {
    expect(playDouble(fixed(0), { choice: 'green' }).outcome).toEqual({ choice: 'green', tile: 0, colour: 'green', won: true, multiplier: 1_400 });
    expect(playDouble(fixed(7), { choice: 'red' }).outcome).toMatchObject({ tile: 7, colour: 'red', won: true, multiplier: 200 });
    expect(playDouble(fixed(8), { choice: 'red' }).outcome).toMatchObject({ tile: 8, colour: 'black', won: false, multiplier: 0 });
    for (const choice of ['red', 'black', 'green'] as const) expect(choiceTheoreticalRtp('double', choice)).toBeCloseTo(14 / 15, 12);
  });

  it('takes the first call by default and refuses a call of the other game', () => {
    expect(engineParams('coinflip', {})).toEqual({ choice: 'heads' });
    expect(engineParams('double', { choice: 'green' })).toEqual({ choice: 'green' });
    expect(engineParams('coinflip', { choice: 'red' })).toHaveProperty('invalid');
    expect(engineParams('double', { choice: 'tails' })).toHaveProperty('invalid');
  });
});

describe('round parameters', () => {
  it('takes defaults and refuses what no round may have', () => {
    expect(engineParams('plinko', {})).toEqual({ rows: 8, risk: 'low' });
    expect(engineParams('plinko', { rows: 12, risk: 'high' })).toEqual({ rows: 12, risk: 'high' });
    expect(engineParams('plinko', { rows: 10 })).toHaveProperty('invalid');
    expect(engineParams('keno', { picks: [5, 9] })).toEqual({ picks: [5, 9] });
    for (const picks of [[], [0], [41], [3, 3], Array.from({ length: 11 }, (_, i) => i + 1), [1.5]]) {
      expect(engineParams('keno', { picks })).toHaveProperty('invalid');
    }
    expect(engineParams('dice', {})).toEqual({ target: 4_950 });
    expect(engineParams('dice', { target: 9_900 })).toHaveProperty('invalid');
    expect(engineParams('crash', { target: 100 })).toHaveProperty('invalid');
    expect(engineParams('slot', { target: 5 })).toEqual({});
  });
});

describe('mines', () => {
  it('places the mines by a partial shuffle of the 25 tiles and pays 97 % over the chance of every picked tile being safe', () => {
    // Fisher-Yates over 0..24: value v at step i swaps position i with i + v mod (25 - i).
    const safe = playMines(fixed(0, 0, 0), { mines: 3, picks: [5, 9] });
    expect(safe.outcome).toMatchObject({ minePositions: [0, 1, 2], hit: null, won: true });
    // C(25,2)/C(22,2) = 300/231.
    expect(safe.multiplierBp).toBe(Math.floor((300 * 9_700) / 231));
    const hit = playMines(fixed(24, 0, 0), { mines: 3, picks: [7, 24, 1] });
    expect(hit.outcome.minePositions).toEqual([1, 2, 24]);
    expect(hit.outcome).toMatchObject({ hit: 24, won: false });
    expect(hit.multiplierBp).toBe(0);
  });

  it('returns 97 % for every allowed count, and refuses more tiles than keep the multiplier within 10,000x', () => {
    for (let mines = minesRules.minMines; mines <= minesRules.maxMines; mines++) {
      const max = minesMaxPicks(mines);
      expect(max).toBeGreaterThanOrEqual(1);
      for (let picks = 1; picks <= max; picks++) {
        expect(minesMultiplierBp(mines, picks)).toBeLessThanOrEqual(minesRules.maxMultiplierBp);
        expect(minesTheoreticalRtp(mines, picks)).toBeGreaterThan(0.9699);
        expect(minesTheoreticalRtp(mines, picks)).toBeLessThanOrEqual(0.97);
      }
      if (max < minesRules.tiles - mines) expect(minesMultiplierBp(mines, max + 1)).toBeGreaterThan(minesRules.maxMultiplierBp);
    }
    expect(minesMaxPicks(1)).toBe(24);
    expect(engineParams('mines', { mines: 3, picks: [0, 24] })).toEqual({ mines: 3, picks: [0, 24] });
    expect(engineParams('mines', { picks: [4] })).toEqual({ mines: minesRules.defaultMines, picks: [4] });
    expect(engineParams('mines', { mines: 24, picks: [0, 1] })).toHaveProperty('invalid');
    expect(engineOfGame({ name: 'Mines', classify: 'ORIGINALS' })).toBe('mines');
  });
});

describe('tower', () => {
  it('hides one trap per floor and pays 97 % over the chance of missing every trap of the floors climbed', () => {
    // Values 0..: the trap of each floor is the value mod the tiles.
    const safe = playTower(fixed(0, 0, 0, 0, 0, 0, 0, 0), { risk: 'medium', picks: [1, 2, 1] });
    expect(safe.outcome).toMatchObject({ tiles: 3, traps: [0, 0, 0, 0, 0, 0, 0, 0], reached: 3, won: true });
    expect(safe.multiplierBp).toBe(Math.floor((9_700 * 27) / 8));
    const fell = playTower(fixed(0, 1, 0, 0, 0, 0, 0, 0), { risk: 'high', picks: [1, 1, 0] });
    expect(fell.outcome).toMatchObject({ reached: 1, won: false });
    expect(fell.multiplierBp).toBe(0);
    for (const risk of plinkoRisks) {
      for (let floors = 1; floors <= towerRules.floors; floors++) {
        expect(towerTheoreticalRtp(risk, floors)).toBeGreaterThan(0.9699);
        expect(towerTheoreticalRtp(risk, floors)).toBeLessThanOrEqual(0.97);
      }
    }
    expect(towerMultiplierBp('high', 8)).toBe(9_700 * 256);
    expect(engineParams('tower', { risk: 'high', picks: [0, 1, 1] })).toEqual({ risk: 'high', picks: [0, 1, 1] });
    expect(engineParams('tower', { risk: 'high', picks: [2] })).toHaveProperty('invalid');
    expect(engineParams('tower', { picks: [] })).toHaveProperty('invalid');
    expect(engineParams('tower', { picks: Array.from({ length: 9 }, () => 0) })).toHaveProperty('invalid');
    expect(engineOfGame({ name: 'Tower', classify: 'ORIGINALS' })).toBe('tower');
    expect(engineOfGame({ name: 'Tower Legend', classify: 'ORIGINALS' })).toBe('tower');
  });
});

describe('mini roulette', () => {
  it('spins one of 13 pockets and pays a number 12x and the even-money calls 2x, 0 losing them', () => {
    expect(playRoulette(fixed(5), { choice: 'red', number: 0 }).outcome).toMatchObject({ pocket: 5, colour: 'red', won: true, multiplier: 200 });
    expect(playRoulette(fixed(5), { choice: 'odd', number: 0 }).outcome.won).toBe(true);
    expect(playRoulette(fixed(5), { choice: 'high', number: 0 }).outcome.won).toBe(false);
    expect(playRoulette(fixed(0), { choice: 'even', number: 0 }).outcome).toMatchObject({ pocket: 0, colour: 'green', won: false });
    expect(playRoulette(fixed(0), { choice: 'number', number: 0 }).outcome).toMatchObject({ won: true, multiplier: 1_200, number: 0 });
    expect(playRoulette(fixed(7), { choice: 'number', number: 3 }).multiplierBp).toBe(0);
    for (const choice of engineChoices.roulette) expect(rouletteTheoreticalRtp(choice, 4)).toBeCloseTo(12 / 13, 10);
    expect(engineParams('roulette', { choice: 'number', target: 12 })).toEqual({ choice: 'number', target: 12 });
    expect(engineParams('roulette', { choice: 'number', target: 13 })).toHaveProperty('invalid');
    expect(engineParams('roulette', { choice: 'heads' })).toHaveProperty('invalid');
    expect(engineOfGame({ name: 'Mini Roulette', classify: 'TABLE' })).toBe('roulette');
  });
});

describe('mini baccarat', () => {
  it('deals punto banco from the shuffled deck and pays Player 2x, Banker 1.95x, Tie 9x, a tie returning the other stakes', () => {
    // Cards: rank = card mod 13 (0 ace .. 12 king). Player 9 + 9 (natural 8), Banker 2 + 3 (5): Player wins.
    expect(dealBaccarat([8, 1, 8, 2, 0, 0])).toMatchObject({ playerTotal: 8, bankerTotal: 5, winner: 'player', player: [8, 8], banker: [1, 2] });
    // Player 2 + 3 = 5 draws (a 4), Banker 4 + 2 = 6 draws only on a 6 or 7: 9 against 6.
    expect(dealBaccarat([1, 3, 2, 1, 3, 0])).toMatchObject({ player: [1, 2, 3], banker: [3, 1], winner: 'player', playerTotal: 9, bankerTotal: 6 });
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(6, 7)).toBe(true);
    expect(bankerDraws(5, null)).toBe(true);
    const odds = baccaratChances();
    expect(odds.player + odds.banker + odds.tie).toBeCloseTo(1, 12);
    // One deck: about 44.6 % player, 45.9 % banker, 9.5 % tie.
    expect(odds.player).toBeCloseTo(0.446, 2);
    expect(odds.banker).toBeCloseTo(0.458, 2);
    expect(odds.tie).toBeCloseTo(0.095, 2);
    expect(baccaratTheoreticalRtp('banker')).toBeGreaterThan(0.98);
    expect(baccaratTheoreticalRtp('player')).toBeGreaterThan(0.98);
    expect(baccaratTheoreticalRtp('tie')).toBeLessThan(0.9);
    expect(engineOfGame({ name: 'Mini Baccarat', classify: 'TABLE' })).toBe('baccarat');
  });
});

describe('diamonds', () => {
  it('draws 5 gems of 7 colours and pays the hand by how many share a colour, returning 98.29 %', () => {
    expect(playDiamonds(fixed(3, 3, 3, 3, 3)).outcome).toEqual({ gems: [3, 3, 3, 3, 3], hand: 'five', multiplier: 5_000 });
    expect(diamondsHandOf([1, 1, 2, 2, 2])).toBe('fullHouse');
    expect(diamondsHandOf([1, 1, 2, 2, 6])).toBe('twoPair');
    expect(diamondsHandOf([0, 1, 2, 3, 4])).toBe('none');
    expect(diamondsHandOf([5, 1, 5, 5, 5])).toBe('four');
    const chances = diamondsChances();
    // 7^5 = 16807 draws: 7 five alike, 210 four, 420 full houses, 2100 three, 3150 two pairs, 8400 one pair, 2520 none.
    expect(Math.round(chances.five * 16_807)).toBe(7);
    expect(Math.round(chances.pair * 16_807)).toBe(8_400);
    expect(Math.round(chances.none * 16_807)).toBe(2_520);
    expect(diamondsTheoreticalRtp()).toBeCloseTo(16_520 / 16_807, 10);
    expect(engineOfGame({ name: 'Diamonds', classify: 'ORIGINALS' })).toBe('diamonds');
  });
});

describe('ladder, penalty goal, cryptos, twist', () => {
  it('a ladder ends where its start and rungs take it, and a call wins on its start, rungs or end', () => {
    expect([ladderEndOf('left', 3), ladderEndOf('left', 4), ladderEndOf('right', 3), ladderEndOf('right', 4)]).toEqual(['even', 'odd', 'odd', 'even']);
    // 0 -> left, 1 -> 4 rungs: ends odd.
    const { outcome, multiplierBp } = playLadder(fixed(0, 1), { choice: 'odd' });
    expect(outcome).toEqual({ choice: 'odd', start: 'left', rungs: 4, end: 'odd', won: true, multiplier: 194 });
    expect(multiplierBp).toBe(19_400);
    expect(playLadder(fixed(0, 1), { choice: 'three' }).multiplierBp).toBe(0);
    expect(ladderTheoreticalRtp('left')).toBeCloseTo(0.97, 10);
  });

  it('the keeper covers 2, 3 or 4 different zones by risk; a shot past them scores', () => {
    const low = playPenalty(fixed(0, 0), { risk: 'low', zone: 5 });
    expect(low.outcome.saves).toHaveLength(2);
    expect(new Set(low.outcome.saves).size).toBe(2);
    expect(low.outcome.goal).toBe(!low.outcome.saves.includes(5));
    expect(low.multiplierBp).toBe(low.outcome.goal ? 14_500 : 0);
    const high = playPenalty(fixed(0, 0, 0, 0), { risk: 'high', zone: low.outcome.saves[0]! });
    expect(high.outcome.saves).toHaveLength(4);
    expect(engineParams('penalty', { target: 6 })).toEqual({ invalid: 'The zone must be 0 to 5.' });
    expect(engineParams('penalty', { target: 2, risk: 'medium' })).toEqual({ target: 2, risk: 'medium' });
  });

  it('the price walks 15 ticks of one step and the call wins on the side it ends', () => {
    const { outcome, multiplierBp } = playCryptos(fixed(...new Array(15).fill(1)), { choice: 'up' });
    expect(outcome.prices).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(outcome.direction).toBe('up');
    expect(multiplierBp).toBe(19_400);
    expect(playCryptos(fixed(...new Array(15).fill(0)), { choice: 'up' }).multiplierBp).toBe(0);
    expect(engineParams('cryptos', { choice: 'red' })).toEqual({ invalid: 'The call must be one of up, down.' });
  });

  it('twist pays the segment of the wheel the risk chooses', () => {
    expect(playTwist(fixed(9), { risk: 'high' })).toEqual({ outcome: { risk: 'high', segment: 9, multiplier: 1_940 }, multiplierBp: 194_000 });
    expect(playTwist(fixed(0), { risk: 'low' }).outcome.multiplier).toBe(150);
  });
});
