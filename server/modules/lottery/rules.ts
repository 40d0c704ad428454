/**
 * The lottery's rules, pure (contract/lottery.ts, docs/lottery.md): what a
 * catalogue game is as a lottery (family, numbers, schedule), its issues'
 * times and numbers, the bet types with their odds, the picks each accepts,
 * the draw from an issue's seed, and what a pick wins.
 *
 * Odds are fixed from the exact probability of each bet: `floor(rtp × 100 /
 * p)` hundredths, rtp 97 % (digits, keno) — so no bet returns more than its
 * rtp — and for `lotto` a share of 90 % spread over 3 to 6 matched.
 */
import type { BetType, BetTypeInfo, LotteryFamily } from '../../../contract/lottery.ts';
import { messageStream, type RandomSource, uniformInt } from '../play/fair-random.ts';

export interface LotteryConfig {
  family: LotteryFamily;
  /** Numbers drawn. */
  balls: number;
  minNumber: number;
  maxNumber: number;
  intervalSeconds: number;
  cutoffSeconds: number;
}

export const daySeconds = 86_400;
/** A daily draw's time of day (UTC seconds): 13:00. */
export const dailyDrawSecond = 13 * 3600;
/** The return of digits and keno bets. */
export const quickRtp = 0.97;
/** Lotto's return, in shares of 3, 4, 5 and 6 matched. */
export const lottoShares = [0.4, 0.25, 0.15, 0.1] as const;
export const kenoDrawn = 20;
export const kenoMax = 80;
export const kenoMaxPicks = 5;
export const lottoPicks = 6;

/** The catalogue fields a lottery is made of. */
export interface LotteryGameFields {
  gameType: string;
  gameName: string;
  gameClassify: string | null;
}

function cutoffFor(intervalSeconds: number): number {
  if (intervalSeconds >= daySeconds) return 600;
  return intervalSeconds <= 60 ? 10 : 30;
}

/**
 * A catalogue game as a lottery: KENO class → keno (20 of 80); LOTTO → 6 of
 * the name's "6/N" (45 when it has none), drawn daily; anything else →
 * digits (the name's "3D"/"Pick 4" balls, 5 when it has none). Quick draws:
 * the name's "N-Minute"/"N Min", else keno 3 minutes, LOTT keno and ELOTT 5
 * minutes; LOTT digits and lotto draw daily.
 */
export function lotteryConfigOf(game: LotteryGameFields): LotteryConfig {
  const name = game.gameName;
  const family: LotteryFamily = game.gameClassify === 'KENO' ? 'keno' : game.gameClassify === 'LOTTO' ? 'lotto' : 'digits';
  const minutes = /(\d+)[- ]Min/i.exec(name);
  let intervalSeconds: number;
  if (minutes) intervalSeconds = Number(minutes[1]) * 60;
  else if (game.gameType === 'LOTT' && family !== 'keno') intervalSeconds = daySeconds;
  else if (game.gameType === 'ELOTT' && family === 'keno') intervalSeconds = 180;
  else intervalSeconds = 300;
  if (daySeconds % intervalSeconds !== 0) intervalSeconds = 300;
  const cutoffSeconds = cutoffFor(intervalSeconds);
  switch (family) {
    case 'keno':
      return { family, balls: kenoDrawn, minNumber: 1, maxNumber: kenoMax, intervalSeconds, cutoffSeconds };
    case 'lotto': {
      const n = /6\/(\d{2})/.exec(name);
      return { family, balls: lottoPicks, minNumber: 1, maxNumber: n ? Number(n[1]) : 45, intervalSeconds, cutoffSeconds };
    }
    default: {
      const d = /(\d)D\b/.exec(name) ?? /Pick (\d)/.exec(name);
      return { family, balls: d ? Number(d[1]) : 5, minNumber: 0, maxNumber: 9, intervalSeconds, cutoffSeconds };
    }
  }
}

// ------------------------------------------------------------------ issues

export interface IssueTimes {
  issueNo: string;
  drawAt: Date;
  cutoffAt: Date;
}

const dayOf = (ms: number) => Math.floor(ms / 1000 / daySeconds) * daySeconds * 1000;
const yyyymmdd = (dayMs: number) => new Date(dayMs).toISOString().slice(0, 10).replaceAll('-', '');

function timesOf(config: LotteryConfig, dayMs: number, n: number): IssueTimes {
  const daily = config.intervalSeconds >= daySeconds;
  const drawAt = new Date(dayMs + (daily ? dailyDrawSecond : n * config.intervalSeconds) * 1000);
  return {
    issueNo: daily ? yyyymmdd(dayMs) : `${yyyymmdd(dayMs)}-${String(n).padStart(4, '0')}`,
    drawAt,
    cutoffAt: new Date(drawAt.getTime() - config.cutoffSeconds * 1000),
  };
}

/** The issue taking bets at `now`: the first whose cutoff is after it. */
export function currentIssue(config: LotteryConfig, now: Date): IssueTimes {
  const t = now.getTime();
  const day = dayOf(t);
  if (config.intervalSeconds >= daySeconds) {
    const today = timesOf(config, day, 1);
    return today.cutoffAt.getTime() > t ? today : timesOf(config, day + daySeconds * 1000, 1);
  }
  const perDay = daySeconds / config.intervalSeconds;
  let n = Math.floor((t - day) / 1000 / config.intervalSeconds) + 1;
  let issue = timesOf(config, day, n);
  while (issue.cutoffAt.getTime() <= t) {
    n += 1;
    issue = n > perDay ? timesOf(config, day + daySeconds * 1000, n - perDay) : timesOf(config, day, n);
  }
  return issue;
}

/** The issue after `issue`. */
export function nextIssue(config: LotteryConfig, issue: IssueTimes): IssueTimes {
  return currentIssue(config, issue.cutoffAt.getTime() < issue.drawAt.getTime() ? issue.drawAt : new Date(issue.drawAt.getTime() + 1));
}

/** The times of an issue by its number; null when the number is not one of this lottery's. */
export function issueByNo(config: LotteryConfig, issueNo: string): IssueTimes | null {
  const daily = config.intervalSeconds >= daySeconds;
  const match = (daily ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})(\d{2})(\d{2})-(\d{4})$/).exec(issueNo);
  if (!match) return null;
  const dayMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (!Number.isFinite(dayMs) || yyyymmdd(dayMs) !== issueNo.slice(0, 8)) return null;
  const n = daily ? 1 : Number(match[4]);
  if (n < 1 || n > daySeconds / config.intervalSeconds) return null;
  return timesOf(config, dayMs, n);
}

// ------------------------------------------------------------------ draws

/** The numbers of an issue from its seed: HMAC-SHA256(seed, "<gameCode>:<issueNo>") read as fair-random.ts does. */
export function issueNumbers(config: LotteryConfig, seed: string, gameCode: string, issueNo: string): number[] {
  return drawNumbers(config, messageStream(seed, `${gameCode}:${issueNo}`));
}

/** The numbers of a draw from its random stream: digits with repetition, keno and lotto without, in draw order. */
export function drawNumbers(config: LotteryConfig, source: RandomSource): number[] {
  if (config.family === 'digits') return Array.from({ length: config.balls }, () => uniformInt(source, 10));
  const pool = Array.from({ length: config.maxNumber - config.minNumber + 1 }, (_, i) => config.minNumber + i);
  const drawn: number[] = [];
  for (let i = 0; i < config.balls; i++) {
    const j = i + uniformInt(source, pool.length - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    drawn.push(pool[i] as number);
  }
  return drawn;
}

// ------------------------------------------------------------------ probabilities and odds

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** P(sum of `balls` digits = s), s = 0..9·balls. */
function digitSumDistribution(balls: number): number[] {
  let dist = [1];
  for (let b = 0; b < balls; b++) {
    const next = new Array<number>(dist.length + 9).fill(0);
    for (const [s, p] of dist.entries()) for (let d = 0; d < 10; d++) next[s + d] = (next[s + d] as number) + p / 10;
    dist = next;
  }
  return dist;
}

/** P(sum of the keno draw = s): 20 distinct of 1..80, by dynamic programming over the numbers. */
let kenoSums: number[] | null = null;
function kenoSumDistribution(): number[] {
  if (kenoSums) return kenoSums;
  const maxSum = ((kenoMax + kenoMax - kenoDrawn + 1) * kenoDrawn) / 2;
  // ways[k][s]: subsets of the numbers seen so far with k members summing to s, as a share of C(80, 20) (scaled as we go).
  const ways = Array.from({ length: kenoDrawn + 1 }, () => new Float64Array(maxSum + 1));
  (ways[0] as Float64Array)[0] = 1;
  for (let x = 1; x <= kenoMax; x++) {
    for (let k = Math.min(kenoDrawn, x); k >= 1; k--) {
      const to = ways[k] as Float64Array;
      const from = ways[k - 1] as Float64Array;
      for (let s = maxSum; s >= x; s--) to[s] = (to[s] as number) + (from[s - x] as number);
    }
  }
  const total = choose(kenoMax, kenoDrawn);
  kenoSums = Array.from(ways[kenoDrawn] as Float64Array, (w) => w / total);
  return kenoSums;
}

function sumDistribution(config: LotteryConfig): { dist: number[]; middle: number } {
  if (config.family === 'keno') return { dist: kenoSumDistribution(), middle: ((1 + kenoMax) * kenoDrawn) / 2 };
  return { dist: digitSumDistribution(config.balls), middle: (9 * config.balls) / 2 };
}

/** The probability of each pick of a bet type winning (lotto: of each number matched, 3..6). */
export function winProbabilities(config: LotteryConfig, betType: BetType): number[] {
  switch (betType) {
    case 'position':
      return [0.1];
    case 'bigSmall': {
      const { dist, middle } = sumDistribution(config);
      const big = dist.reduce((acc, p, s) => (s > middle ? acc + p : acc), 0);
      return [big];
    }
    case 'oddEven': {
      const { dist } = sumDistribution(config);
      return [dist.reduce((acc, p, s) => (s % 2 === 1 ? acc + p : acc), 0), dist.reduce((acc, p, s) => (s % 2 === 0 ? acc + p : acc), 0)];
    }
    case 'keno':
      return Array.from({ length: kenoMaxPicks }, (_, i) => choose(kenoDrawn, i + 1) / choose(kenoMax, i + 1));
    case 'lotto': {
      const n = config.maxNumber - config.minNumber + 1;
      return [3, 4, 5, 6].map((m) => (choose(lottoPicks, m) * choose(n - lottoPicks, lottoPicks - m)) / choose(n, lottoPicks));
    }
  }
}

/** Odds for return `rtp` at probability `p` (a hair of tolerance for the floating sums of the exact probabilities). */
const oddsFor = (rtp: number, p: number) => Math.floor((rtp * 100) / p + 1e-9);

const betTypeCache = new Map<string, BetTypeInfo[]>();

/** The bet types of a family, each with its choices, pick bounds and odds. */
export function betTypesOf(config: LotteryConfig): BetTypeInfo[] {
  const key = `${config.family}:${config.balls}:${config.minNumber}:${config.maxNumber}`;
  let types = betTypeCache.get(key);
  if (!types) {
    types = computeBetTypes(config);
    betTypeCache.set(key, types);
  }
  return types;
}

function computeBetTypes(config: LotteryConfig): BetTypeInfo[] {
  const info = (betType: BetType, choices: string[], picks: [number, number], odds: number[]): BetTypeInfo => ({ betType, choices, picks, odds });
  const numbers = Array.from({ length: config.maxNumber - config.minNumber + 1 }, (_, i) => String(config.minNumber + i));
  const bigSmall = info('bigSmall', ['big', 'small'], [1, 1], [oddsFor(quickRtp, winProbabilities(config, 'bigSmall')[0] as number)]);
  const [pOdd, pEven] = winProbabilities(config, 'oddEven') as [number, number];
  // One price for odd and even: the lower, from the likelier side.
  const oddEven = info('oddEven', ['odd', 'even'], [1, 1], [oddsFor(quickRtp, Math.max(pOdd, pEven))]);
  switch (config.family) {
    case 'digits': {
      const choices = Array.from({ length: config.balls }, (_, b) => Array.from({ length: 10 }, (_, d) => `${b + 1}:${d}`)).flat();
      return [info('position', choices, [1, 1], [oddsFor(quickRtp, 0.1)]), bigSmall, oddEven];
    }
    case 'keno':
      return [info('keno', numbers, [1, kenoMaxPicks], winProbabilities(config, 'keno').map((p) => oddsFor(quickRtp, p))), bigSmall, oddEven];
    case 'lotto':
      return [
        info('lotto', numbers, [lottoPicks, lottoPicks], winProbabilities(config, 'lotto').map((p, i) => oddsFor(lottoShares[i] as number, p))),
      ];
  }
}

// ------------------------------------------------------------------ picks and wins

/** A pick in its canonical form (numbers ascending), or null when the bet type does not take it. */
export function canonicalPick(config: LotteryConfig, betType: BetType, pick: string): string | null {
  const types = betTypesOf(config);
  const type = types.find((t) => t.betType === betType);
  if (!type) return null;
  if (betType === 'keno' || betType === 'lotto') {
    if (!/^\d{1,2}(,\d{1,2})*$/.test(pick)) return null;
    const numbers = pick.split(',').map(Number);
    const unique = [...new Set(numbers)].sort((a, b) => a - b);
    if (unique.length !== numbers.length || unique.length < (type.picks[0] as number) || unique.length > (type.picks[1] as number)) return null;
    if (unique.some((n) => n < config.minNumber || n > config.maxNumber)) return null;
    return unique.join(',');
  }
  return type.choices.includes(pick) ? pick : null;
}

/** The odds a pick is placed at (hundredths): keno by the number picked, lotto at 6 matched. */
export function placedOdds(config: LotteryConfig, betType: BetType, pick: string): number {
  const type = betTypesOf(config).find((t) => t.betType === betType);
  if (!type) throw new RangeError(`No bet type ${betType}`);
  if (betType === 'keno') return type.odds[pick.split(',').length - 1] as number;
  if (betType === 'lotto') return type.odds[3] as number;
  return type.odds[0] as number;
}

/** The odds a pick won at (hundredths), 0 when it lost. */
export function wonOdds(config: LotteryConfig, betType: BetType, pick: string, numbers: readonly number[]): number {
  const type = betTypesOf(config).find((t) => t.betType === betType);
  if (!type) return 0;
  const sum = numbers.reduce((a, b) => a + b, 0);
  switch (betType) {
    case 'position': {
      const [ball, digit] = pick.split(':').map(Number) as [number, number];
      return numbers[ball - 1] === digit ? (type.odds[0] as number) : 0;
    }
    case 'bigSmall': {
      const { middle } = sumDistribution(config);
      const won = pick === 'big' ? sum > middle : sum < middle;
      return won ? (type.odds[0] as number) : 0;
    }
    case 'oddEven':
      return (sum % 2 === 1) === (pick === 'odd') ? (type.odds[0] as number) : 0;
    case 'keno': {
      const picked = pick.split(',').map(Number);
      return picked.every((n) => numbers.includes(n)) ? (type.odds[picked.length - 1] as number) : 0;
    }
    case 'lotto': {
      const matched = pick
        .split(',')
        .map(Number)
        .filter((n) => numbers.includes(n)).length;
      return matched >= 3 ? (type.odds[matched - 3] as number) : 0;
    }
  }
}

/** stake × odds / 100, rounded down (minor units). */
export function payoutOf(stake: number, odds: number): number {
  return Math.floor((stake * odds) / 100);
}
