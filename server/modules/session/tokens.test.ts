import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('tokens', () => {
  it('are 43 base64url characters (256 bits), all different across many refills of the random pool', () => {
    const tokens = Array.from({ length: 2_000 }, newToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token is all zero bytes (the pool's taken bytes are zeroed, never handed out again).
    expect(tokens).not.toContain('A'.repeat(43));
  });

  it('are stored as the hex SHA-256 of the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
