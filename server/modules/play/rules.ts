/**
 * The rules of each engine as the game page's "How to play" states them:
 * message ids (`play.rules.*`) with their figures, every figure taken from
 * the engines' own constants (engines.ts) and the contract's target ranges,
 * so the page can never promise other odds than the engines pay. The slot's
 * return to player is computed from its reels and paytable once, when this
 * module loads.
 */
import {
  crashTargetRange,
  diceTargetRange,
  type EngineName,
  kenoRules,
  minesRules,
  plinkoRisks,
  plinkoRowChoices,
  baccaratRules,
  type DiamondsHand,
  diamondsRules,
  rouletteRules,
  towerRules,
  ladderRules,
  penaltyRules,
  cryptosRules,
  twistRules,
} from '../../../contract/play.ts';
import {
  choiceTheoreticalRtp,
  coinflipMultiplier,
  crashMaxPoint,
  crashRtpBp,
  crashTheoreticalRtp,
  diceMultiplierBp,
  diceRtpBp,
  doubleColourOf,
  doublePays,
  doubleTiles,
  kenoPaytable,
  kenoTheoreticalRtp,
  minesMaxPicks,
  minesMultiplierBp,
  minesTheoreticalRtp,
  baccaratTheoreticalRtp,
  diamondsChances,
  diamondsTheoreticalRtp,
  rouletteTheoreticalRtp,
  towerMultiplierBp,
  towerTheoreticalRtp,
  plinkoTables,
  plinkoTheoreticalRtp,
  slotLines,
  slotPaytable,
  slotReels,
  type SlotSymbol,
  slotSymbols,
  slotTheoreticalRtp,
  wheelSegments,
  wheelTheoreticalRtp,
  ladderTheoreticalRtp,
  penaltyTheoreticalRtp,
  cryptosTheoreticalRtp,
  twistTheoreticalRtp,
} from './engines.ts';
import { blackjackBestPlayRtp, blackjackRules, hiloRules, hiloTheoreticalRtp, videoPokerBestPlayRtp, videoPokerPays } from './stepped.ts';

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

/** A table of figures: its column headers (message ids) and its rows, the first cell of each a row header. */
export interface FigureTable {
  head: string[];
  /** A cell is a figure as it shows, or a message. */
  rows: { cells: (string | RuleText)[] }[];
}

export interface EngineRules {
  /** The rules, in reading order (the return to player comes after them and any table). */
  lines: RuleText[];
  /** Slot only: the paytable, biggest win first. */
  paytable?: PaytableLine[];
  /** Wheel only: the segments by multiplier, biggest first. */
  wheel?: WheelLine[];
  /** Plinko and keno: their pay tables. */
  figures?: FigureTable;
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

/** The lowest and highest of a set of returns to player, as one figure or a range ("98.91–99.12"). */
function rtpRange(rtps: number[]): string {
  const low = percentOf(Math.min(...rtps));
  const high = percentOf(Math.max(...rtps));
  return low === high ? low : `${low}–${high}`;
}

function plinkoRules(): EngineRules {
  const rows = plinkoRowChoices.flatMap((count) =>
    plinkoRisks.map((risk) => {
      const table = plinkoTables[count][risk];
      // Symmetric: the edge to the centre says it all.
      const half = table.slice(0, count / 2 + 1).map((m) => `${multiplierOf(m)}x`);
      return {
        rtp: plinkoTheoreticalRtp(count, risk),
        cells: [String(count), { id: `play.risk.${risk}`, values: {} }, half.join(' · '), `${percentOf(plinkoTheoreticalRtp(count, risk))}%`],
      };
    }),
  );
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.plinko.rows', 'play.rules.plinko.risk', 'play.rules.plinko.pays', 'play.rules.rtpHead'], rows },
    lines: [
      { id: 'play.rules.plinko.drop', values: { rows: plinkoRowChoices.join(', ') } },
      { id: 'play.rules.plinko.riskLine', values: {} },
    ],
  };
}

function kenoRulesOf(): EngineRules {
  const rows = Object.keys(kenoPaytable).map((key) => {
    const count = Number(key);
    const pays = (kenoPaytable[count] ?? []).flatMap((m, hits) => (m > 0 ? [`${hits}: ${multiplierOf(m)}x`] : []));
    return { rtp: kenoTheoreticalRtp(count), cells: [key, pays.join(' · '), `${percentOf(kenoTheoreticalRtp(count))}%`] };
  });
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.keno.picked', 'play.rules.keno.pays', 'play.rules.rtpHead'], rows },
    lines: [
      { id: 'play.rules.keno.pick', values: { min: String(kenoRules.minPicks), max: String(kenoRules.maxPicks), numbers: String(kenoRules.numbers) } },
      { id: 'play.rules.keno.draw', values: { drawn: String(kenoRules.drawn) } },
    ],
  };
}

/** The mine counts the rules' table shows, and how many tiles opened each row lists. */
const minesShown = [1, 3, 5, 10, 20, 24];
const minesOpenedShown = 5;

function minesRulesOf(): EngineRules {
  const rows = minesShown.map((mines) => {
    const opened = Array.from({ length: Math.min(minesOpenedShown, minesMaxPicks(mines)) }, (_, i) => i + 1);
    const pays = opened.map((k) => `${k}: ${multiplierOf(Math.floor(minesMultiplierBp(mines, k) / 100))}x`);
    const rtps = opened.map((k) => minesTheoreticalRtp(mines, k));
    return { rtp: Math.min(...rtps), cells: [String(mines), pays.join(' · '), `${rtpRange(rtps)}%`] };
  });
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.mines.mines', 'play.rules.mines.pays', 'play.rules.rtpHead'], rows },
    lines: [
      { id: 'play.rules.mines.pick', values: { tiles: String(minesRules.tiles), min: String(minesRules.minMines), max: String(minesRules.maxMines) } },
      { id: 'play.rules.mines.open', values: { cap: multiplierOf(minesRules.maxMultiplierBp / 100) } },
    ],
  };
}

function towerRulesOf(): EngineRules {
  const rows = plinkoRisks.map((risk) => {
    const floors = Array.from({ length: towerRules.floors }, (_, i) => i + 1);
    const rtps = floors.map((n) => towerTheoreticalRtp(risk, n));
    const pays = floors.map((n) => `${n}: ${multiplierOf(Math.floor(towerMultiplierBp(risk, n) / 100))}x`);
    return { rtp: Math.min(...rtps), cells: [{ id: `play.risk.${risk}`, values: {} }, pays.join(' · '), `${rtpRange(rtps)}%`] };
  });
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.plinko.risk', 'play.rules.tower.pays', 'play.rules.rtpHead'], rows },
    lines: [
      {
        id: 'play.rules.tower.floors',
        values: { floors: String(towerRules.floors), low: String(towerRules.tiles.low), medium: String(towerRules.tiles.medium), high: String(towerRules.tiles.high) },
      },
      { id: 'play.rules.tower.climb', values: {} },
    ],
  };
}

function rouletteRulesOf(): EngineRules {
  const black = Array.from({ length: rouletteRules.pockets - 1 }, (_, i) => i + 1).filter((n) => !(rouletteRules.red as readonly number[]).includes(n));
  const rtp = percentOf(rouletteTheoreticalRtp('red'));
  return {
    rtp,
    lines: [
      { id: 'play.rules.roulette.pockets', values: { pockets: String(rouletteRules.pockets), red: rouletteRules.red.join(' '), black: black.join(' ') } },
      { id: 'play.rules.roulette.pays', values: { number: multiplierOf(rouletteRules.numberPays), even: multiplierOf(rouletteRules.evenPays) } },
    ],
  };
}

function baccaratRulesOf(): EngineRules {
  const bets = ['player', 'banker', 'tie'] as const;
  const rtps = bets.map((bet) => baccaratTheoreticalRtp(bet));
  return {
    rtp: rtpRange(rtps),
    figures: {
      head: ['play.rules.baccarat.bet', 'play.rules.baccarat.pays', 'play.rules.rtpHead'],
      rows: bets.map((bet, i) => ({ cells: [{ id: `play.choice.${bet}`, values: {} }, `${multiplierOf(baccaratRules.pays[bet])}x`, `${percentOf(rtps[i]!)}%`] })),
    },
    lines: [{ id: 'play.rules.baccarat.deal', values: {} }, { id: 'play.rules.baccarat.tie', values: {} }],
  };
}

function diamondsRulesOf(): EngineRules {
  const chances = diamondsChances();
  const hands = (Object.keys(diamondsRules.pays) as DiamondsHand[]).filter((hand) => diamondsRules.pays[hand] > 0);
  return {
    rtp: percentOf(diamondsTheoreticalRtp()),
    figures: {
      head: ['play.rules.diamonds.hand', 'play.rules.diamonds.pays', 'play.rules.diamonds.chance'],
      rows: hands.map((hand) => ({
        cells: [{ id: `play.diamonds.hand.${hand}`, values: {} }, `${multiplierOf(diamondsRules.pays[hand])}x`, `${percentOf(chances[hand])}%`],
      })),
    },
    lines: [{ id: 'play.rules.diamonds.draw', values: { gems: String(diamondsRules.gems), colours: String(diamondsRules.colours) } }],
  };
}

function coinflipRules(): EngineRules {
  const rtp = percentOf(choiceTheoreticalRtp('coinflip', 'heads'));
  return { rtp, lines: [{ id: 'play.rules.coinflip.call', values: { multiplier: multiplierOf(coinflipMultiplier) } }] };
}

function doubleRules(): EngineRules {
  const count = (colour: string) => String(Array.from({ length: doubleTiles }, (_, t) => doubleColourOf(t)).filter((c) => c === colour).length);
  const rtp = percentOf(choiceTheoreticalRtp('double', 'red'));
  return {
    rtp,
    lines: [
      {
        id: 'play.rules.double.tiles',
        values: {
          tiles: String(doubleTiles),
          red: count('red'),
          black: count('black'),
          green: count('green'),
          pays: multiplierOf(doublePays.red),
          greenPays: multiplierOf(doublePays.green),
        },
      },
    ],
  };
}

function ladderRulesOf(): EngineRules {
  return {
    rtp: percentOf(ladderTheoreticalRtp('left')),
    lines: [
      { id: 'play.rules.ladder.start', values: {} },
      { id: 'play.rules.ladder.end', values: {} },
      { id: 'play.rules.ladder.pays', values: { multiplier: multiplierOf(ladderRules.pays) } },
    ],
  };
}

function penaltyRulesOf(): EngineRules {
  const rows = plinkoRisks.map((risk) => ({
    rtp: penaltyTheoreticalRtp(risk),
    cells: [
      { id: `play.risk.${risk}`, values: {} },
      String(penaltyRules.keeper[risk]),
      `${multiplierOf(penaltyRules.pays[risk])}x`,
      `${percentOf(penaltyTheoreticalRtp(risk))}%`,
    ],
  }));
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.plinko.risk', 'play.rules.penalty.keeper', 'play.rules.penalty.pays', 'play.rules.rtpHead'], rows },
    lines: [{ id: 'play.rules.penalty.shoot', values: { zones: String(penaltyRules.zones) } }],
  };
}

function cryptosRulesOf(): EngineRules {
  return {
    rtp: percentOf(cryptosTheoreticalRtp()),
    lines: [{ id: 'play.rules.cryptos.call', values: { ticks: String(cryptosRules.ticks), multiplier: multiplierOf(cryptosRules.pays) } }],
  };
}

function twistRulesOf(): EngineRules {
  const rows = plinkoRisks.map((risk) => {
    const counts = new Map<number, number>();
    for (const m of twistRules[risk]) counts.set(m, (counts.get(m) ?? 0) + 1);
    const segments = [...counts.entries()].sort(([a], [b]) => b - a).map(([m, count]) => `${multiplierOf(m)}x × ${count}`);
    return { rtp: twistTheoreticalRtp(risk), cells: [{ id: `play.risk.${risk}`, values: {} }, segments.join(' · '), `${percentOf(twistTheoreticalRtp(risk))}%`] };
  });
  return {
    rtp: rtpRange(rows.map((r) => r.rtp)),
    figures: { head: ['play.rules.plinko.risk', 'play.rules.twist.segments', 'play.rules.rtpHead'], rows },
    lines: [{ id: 'play.rules.twist.spin', values: { segments: String(twistRules.low.length) } }],
  };
}

const cardRanks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function hiloRulesOf(): EngineRules {
  // What a right call multiplies the cash-out by, from each card: 13 over the count of winning ranks.
  const factor = (count: number) => (count === 0 ? '–' : `${plain(13 / count)}x`);
  return {
    rtp: percentOf(hiloTheoreticalRtp()),
    figures: {
      head: ['play.rules.hilo.card', 'play.action.higher', 'play.action.lower'],
      rows: cardRanks.map((rank, r) => ({ cells: [rank, factor(12 - r), factor(r)] })),
    },
    lines: [
      { id: 'play.rules.hilo.call', values: {} },
      { id: 'play.rules.hilo.cashout', values: { rtp: percentOf(hiloRules.rtpBp / 10_000), cap: multiplierOf(hiloRules.maxMultiplierBp / 100) } },
    ],
  };
}

function videoPokerRulesOf(): EngineRules {
  const hands = (Object.keys(videoPokerPays) as (keyof typeof videoPokerPays)[]).filter((hand) => videoPokerPays[hand] > 0);
  return {
    rtp: percentOf(videoPokerBestPlayRtp),
    figures: {
      head: ['play.rules.videopoker.hand', 'play.rules.pays'],
      rows: hands.map((hand) => ({ cells: [{ id: `play.videopoker.hand.${hand}`, values: {} }, `${videoPokerPays[hand]}x`] })),
    },
    lines: [{ id: 'play.rules.videopoker.deal', values: {} }, { id: 'play.rules.best', values: {} }],
  };
}

function blackjackRulesOf(): EngineRules {
  return {
    rtp: percentOf(blackjackBestPlayRtp()),
    lines: [
      { id: 'play.rules.blackjack.deal', values: {} },
      { id: 'play.rules.blackjack.dealer', values: { stands: String(blackjackRules.dealerStandsOn) } },
      {
        id: 'play.rules.blackjack.pays',
        values: { win: multiplierOf(blackjackRules.winPays / 100), blackjack: multiplierOf(blackjackRules.blackjackPays / 100) },
      },
      { id: 'play.rules.best', values: {} },
    ],
  };
}

/** The rules of every engine, built once. */
export const engineRules: Record<EngineName, EngineRules> = {
  dice: diceRules(),
  crash: crashRules(),
  slot: slotRules(),
  plinko: plinkoRules(),
  keno: kenoRulesOf(),
  coinflip: coinflipRules(),
  double: doubleRules(),
  wheel: wheelRules(),
  mines: minesRulesOf(),
  tower: towerRulesOf(),
  roulette: rouletteRulesOf(),
  baccarat: baccaratRulesOf(),
  diamonds: diamondsRulesOf(),
  ladder: ladderRulesOf(),
  penalty: penaltyRulesOf(),
  cryptos: cryptosRulesOf(),
  twist: twistRulesOf(),
  hilo: hiloRulesOf(),
  videopoker: videoPokerRulesOf(),
  blackjack: blackjackRulesOf(),
};
