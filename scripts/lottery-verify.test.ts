/**
 * The stand-alone verifier (scripts/lottery-verify.ts) and the server's draw
 * agree on every family, for many seeds and issues; a changed seed, hash or
 * number is caught.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueNumbers, lotteryConfigOf } from '../server/modules/lottery/rules.ts';
import { redraw, verify } from './lottery-verify.ts';

const configs = [
  lotteryConfigOf({ gameType: 'ELOTT', gameName: '1-Minute Lotto', gameClassify: 'FAST' }),
  lotteryConfigOf({ gameType: 'LOTT', gameName: 'Pick 3', gameClassify: 'DIGIT' }),
  lotteryConfigOf({ gameType: 'ELOTT', gameName: 'Speed Keno', gameClassify: 'KENO' }),
  lotteryConfigOf({ gameType: 'LOTT', gameName: 'Ultra Lotto 6/58', gameClassify: 'LOTTO' }),
];

describe('lottery:verify', () => {
  it('recomputes the server’s numbers for every family', () => {
    for (const config of configs) {
      for (let i = 0; i < 200; i++) {
        const seed = randomBytes(32).toString('hex');
        const issueNo = `20260301-${String(i + 1).padStart(4, '0')}`;
        expect(redraw(config, seed, 'GAME_0001', issueNo)).toEqual(issueNumbers(config, seed, 'GAME_0001', issueNo));
      }
    }
  });

  it('catches a seed that is not the published hash’s, and numbers that are not the seed’s', () => {
    const config = configs[2]!;
    const seed = randomBytes(32).toString('hex');
    const numbers = issueNumbers(config, seed, 'K', '1');
    const seedHash = createHash('sha256').update(seed).digest('hex');
    expect(verify(config, { seed, seedHash, numbers }, 'K', '1')).toMatchObject({ hashMatches: true, numbersMatch: true });
    expect(verify(config, { seed, seedHash: '0'.repeat(64), numbers }, 'K', '1').hashMatches).toBe(false);
    expect(verify(config, { seed, seedHash, numbers: [...numbers.slice(1), numbers[0]!] }, 'K', '1').numbersMatch).toBe(false);
    expect(verify(config, { seed, seedHash, numbers }, 'K', '2').numbersMatch).toBe(false);
  });
});
