/**
 * The lottery's rules: every catalogue lottery has a schedule that tiles the
 * day, issue numbers and times go both ways, the draw is the HMAC of the
 * seed recomputed independently, digits and numbers come out uniform, every
 * bet type's exact return is within its documented rate, and a simulation of
 * many draws pays what the exact figures say.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BetType } from '../../../contract/lottery.ts';
import { messageStream } from '../play/fair-random.ts';
import {
  betTypesOf,
  canonicalPick,
  currentIssue,
  daySeconds,
  drawNumbers,
  issueByNo,
  issueNumbers,
  type LotteryConfig,
  lotteryConfigOf,
  lottoShares,
  nextIssue,
  quickRtp,
  winProbabilities,
  wonOdds,
} from './rules.ts';

const quick1: LotteryConfig = lotteryConfigOf({ gameType: 'ELOTT', gameName: '1-Minute Lotto', gameClassify: 'FAST' });
const keno: LotteryConfig = lotteryConfigOf({ gameType: 'ELOTT', gameName: 'Speed Keno', gameClassify: 'KENO' });
const lotto45: LotteryConfig = lotteryConfigOf({ gameType: 'LOTT', gameName: 'Mega Lotto 6/45', gameClassify: 'LOTTO' });
const pick4: LotteryConfig = lotteryConfigOf({ gameType: 'LOTT', gameName: 'Pick 4', gameClassify: 'DIGIT' });

describe('games and schedules', () => {
  it('reads the family, numbers and schedule from the catalogue', () => {
    expect(quick1).toMatchObject({ family: 'digits', balls: 5, intervalSeconds: 60, cutoffSeconds: 10 });
    expect(lotteryConfigOf({ gameType: 'ELOTT', gameName: 'Wingo 3 Min', gameClassify: 'FAST' })).toMatchObject({ intervalSeconds: 180, cutoffSeconds: 30 });
    expect(keno).toMatchObject({ family: 'keno', balls: 20, minNumber: 1, maxNumber: 80, intervalSeconds: 180 });
    expect(lotto45).toMatchObject({ family: 'lotto', balls: 6, maxNumber: 45, intervalSeconds: daySeconds, cutoffSeconds: 600 });
    expect(pick4).toMatchObject({ family: 'digits', balls: 4, intervalSeconds: daySeconds });
  });

  it('numbers the issues of a day, closes each at its cutoff and moves to the next day after the last', () => {
    const at = new Date('2026-03-01T10:00:05Z');
    const issue = currentIssue(quick1, at);
    expect(issue.issueNo).toBe('20260301-0601');
    expect(issue.drawAt.toISOString()).toBe('2026-03-01T10:01:00.000Z');
    expect(issue.cutoffAt.toISOString()).toBe('2026-03-01T10:00:50.000Z');
    // At the cutoff the next issue takes bets.
    expect(currentIssue(quick1, new Date('2026-03-01T10:00:50Z')).issueNo).toBe('20260301-0602');
    expect(nextIssue(quick1, issue).issueNo).toBe('20260301-0602');
    expect(currentIssue(quick1, new Date('2026-03-01T23:59:49Z')).issueNo).toBe('20260301-1440');
    expect(currentIssue(quick1, new Date('2026-03-01T23:59:51Z')).issueNo).toBe('20260302-0001');
    expect(currentIssue(lotto45, new Date('2026-03-01T12:49:59Z')).issueNo).toBe('20260301');
    expect(currentIssue(lotto45, new Date('2026-03-01T12:50:00Z')).issueNo).toBe('20260302');
  });

  it('finds an issue by its number and refuses numbers that are not the lottery’s', () => {
    for (const config of [quick1, keno, lotto45]) {
      const issue = currentIssue(config, new Date('2026-03-01T10:00:05Z'));
      expect(issueByNo(config, issue.issueNo)).toEqual(issue);
    }
    expect(issueByNo(quick1, '20260301-1441')).toBeNull();
    expect(issueByNo(quick1, '20260231-0001')).toBeNull();
    expect(issueByNo(quick1, '20260301')).toBeNull();
    expect(issueByNo(lotto45, '20260301-0001')).toBeNull();
  });
});

describe('draws', () => {
  it('are HMAC-SHA256(seed, "<game>:<issue>") read as big-endian 32-bit words, without modulo bias', () => {
    const seed = 'a'.repeat(64);
    const digest = createHmac('sha256', seed).update('ELOTT_1:20260301-0601').digest();
    const words = Array.from({ length: 5 }, (_, i) => digest.readUInt32BE(i * 4));
    // 2^32 is not a multiple of 10: words at or above 4294967290 would be skipped (none here).
    expect(words.every((w) => w < 4_294_967_290)).toBe(true);
    expect(issueNumbers(quick1, seed, 'ELOTT_1', '20260301-0601')).toEqual(words.map((w) => w % 10));
  });

  it('draw distinct numbers for keno and lotto, every number about equally often', () => {
    const counts = new Array<number>(81).fill(0);
    const rounds = 20_000;
    for (let i = 0; i < rounds; i++) {
      const numbers = drawNumbers(keno, messageStream('seed', `k:${i}`));
      expect(new Set(numbers).size).toBe(20);
      for (const n of numbers) counts[n] = (counts[n] as number) + 1;
    }
    const expected = (rounds * 20) / 80;
    const chi2 = counts.slice(1).reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    // 79 degrees of freedom: the 99.9th percentile is about 124.
    expect(chi2).toBeLessThan(124);
    const lotto = drawNumbers(lotto45, messageStream('seed', 'l'));
    expect(new Set(lotto).size).toBe(6);
    expect(lotto.every((n) => n >= 1 && n <= 45)).toBe(true);
  });
});

describe('odds', () => {
  const configs = { quick1, keno, lotto45, pick4 };
  it.each(Object.entries(configs))('%s: every bet returns at most its rate, and close to it', (_name, config) => {
    for (const type of betTypesOf(config)) {
      const probabilities = winProbabilities(config, type.betType);
      if (type.betType === 'lotto') {
        const rtp = probabilities.reduce((acc, p, i) => acc + (p * (type.odds[i] as number)) / 100, 0);
        expect(rtp).toBeLessThanOrEqual(lottoShares.reduce((a, b) => a + b, 0) + 1e-9);
        expect(rtp).toBeGreaterThan(0.89);
      } else if (type.betType === 'oddEven') {
        for (const p of probabilities) expect((p * (type.odds[0] as number)) / 100).toBeLessThanOrEqual(quickRtp + 1e-9);
        expect((Math.max(...probabilities) * (type.odds[0] as number)) / 100).toBeGreaterThan(quickRtp - 0.01);
      } else {
        for (const [i, p] of probabilities.entries()) {
          const rtp = (p * (type.odds[i] as number)) / 100;
          expect(rtp).toBeLessThanOrEqual(quickRtp + 1e-9);
          expect(rtp).toBeGreaterThan(quickRtp - 0.01);
        }
      }
    }
  });

  it('prices digits at 9.70 a position and 1.94 a side; keno 1 number at 3.88', () => {
    expect(betTypesOf(quick1).map((t) => [t.betType, t.odds])).toEqual([
      ['position', [970]],
      ['bigSmall', [194]],
      ['oddEven', [194]],
    ]);
    expect(betTypesOf(keno)[0]?.odds[0]).toBe(388);
  });

  it('accepts the picks of each bet type in canonical form and nothing else', () => {
    expect(canonicalPick(quick1, 'position', '5:9')).toBe('5:9');
    expect(canonicalPick(quick1, 'position', '6:1')).toBeNull();
    expect(canonicalPick(quick1, 'bigSmall', 'big')).toBe('big');
    expect(canonicalPick(quick1, 'keno', '1')).toBeNull();
    expect(canonicalPick(keno, 'keno', '42,7,13')).toBe('7,13,42');
    expect(canonicalPick(keno, 'keno', '7,7')).toBeNull();
    expect(canonicalPick(keno, 'keno', '1,2,3,4,5,6')).toBeNull();
    expect(canonicalPick(keno, 'keno', '81')).toBeNull();
    expect(canonicalPick(lotto45, 'lotto', '1,2,3,4,5')).toBeNull();
    expect(canonicalPick(lotto45, 'lotto', '45,1,2,3,4,5')).toBe('1,2,3,4,5,45');
  });

  it('a simulation of 100,000 draws pays each bet type what its exact return says, within 5 standard errors', () => {
    const rounds = 100_000;
    const bets: [LotteryConfig, BetType, string][] = [
      [quick1, 'position', '3:7'],
      [quick1, 'bigSmall', 'small'],
      [quick1, 'oddEven', 'odd'],
      [pick4, 'bigSmall', 'big'],
      [keno, 'keno', '5,17'],
      [keno, 'bigSmall', 'big'],
      [keno, 'oddEven', 'even'],
    ];
    for (const [config, betType, pick] of bets) {
      let paid = 0;
      let paidSq = 0;
      for (let i = 0; i < rounds; i++) {
        const odds = wonOdds(config, betType, pick, drawNumbers(config, messageStream('sim', `${betType}:${i}`))) / 100;
        paid += odds;
        paidSq += odds * odds;
      }
      const mean = paid / rounds;
      const se = Math.sqrt((paidSq / rounds - mean * mean) / rounds);
      const type = betTypesOf(config).find((t) => t.betType === betType)!;
      const probabilities = winProbabilities(config, betType);
      const p = (betType === 'keno' || (betType === 'oddEven' && pick === 'even') ? probabilities[1] : probabilities[0]) as number;
      const exact = (p * (betType === 'keno' ? (type.odds[1] as number) : (type.odds[0] as number))) / 100;
      expect(Math.abs(mean - exact), `${betType} ${pick}`).toBeLessThan(5 * se);
    }
  });
});
