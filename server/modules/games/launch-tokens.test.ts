import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type LaunchClaims, launchTokenPattern, openLaunch, sealLaunch } from './launch-tokens.ts';

const key = randomBytes(32);
const claims: LaunchClaims = { merchantCode: 'DEMO', memberId: 9_007_199_254_740_991, gameId: 4_000_000_000, freePlay: true, launchedAt: 1_795_000_000_123 };

describe('launch tokens', () => {
  it('carry their claims back out, and two launches of one game are two tokens', () => {
    const token = sealLaunch(key, claims);
    expect(token).toMatch(launchTokenPattern);
    expect(openLaunch(key, token)).toEqual(claims);
    expect(sealLaunch(key, claims)).not.toBe(token);
    const longest = { ...claims, merchantCode: 'M'.repeat(32), freePlay: false };
    expect(openLaunch(key, sealLaunch(key, longest))).toEqual(longest);
  });

  it('open nothing signed with another key, changed, cut or padded', () => {
    const token = sealLaunch(key, claims);
    expect(openLaunch(randomBytes(32), token)).toBeNull();
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i]! ^= 1;
      expect(openLaunch(key, changed.toString('base64url'))).toBeNull();
    }
    expect(openLaunch(key, token.slice(0, -2))).toBeNull();
    expect(openLaunch(key, `${token}AA`)).toBeNull();
    expect(openLaunch(key, 'A'.repeat(100))).toBeNull();
    expect(openLaunch(key, `${token.slice(0, -1)}=`)).toBeNull();
  });

  it('open only in their one spelling: a last character that differs only in unused bits is refused', () => {
    // 'DEMO' makes 74 bytes: 99 characters, the last one carrying 4 bits and 2 unused ones.
    const token = sealLaunch(key, claims);
    expect(token).toHaveLength(99);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    const sameBits = [0, 1, 2, 3].map((low) => alphabet[(last & ~3) | low]!).filter((c) => c !== token.at(-1));
    expect(sameBits).toHaveLength(3);
    for (const c of sameBits) {
      const respelled = `${token.slice(0, -1)}${c}`;
      expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
      expect(openLaunch(key, respelled)).toBeNull();
    }
  });
});
