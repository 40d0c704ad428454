/**
 * Provably fair randomness. Before a round the server commits to
 * `sha256(serverSeed)`; the round's numbers come from
 * `HMAC-SHA256(key = serverSeed, message = "<clientSeed>:<nonce>")` (further
 * blocks, when a round needs more than 32 bytes: `"<clientSeed>:<nonce>:<k>"`,
 * k = 1, 2, ...), read as big-endian unsigned 32-bit integers. An integer in
 * [0, n) is drawn by rejection: values at or above the largest multiple of n
 * below 2^32 are skipped, so there is no modulo bias. The server seed is
 * revealed after the round; anyone can recompute the outcome
 * (docs/games-play.md).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const two32 = 4_294_967_296;

/** A fresh server seed: 32 random bytes from the CSPRNG, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published before the round: SHA-256 of the seed text, hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** Block k of the random bytes of `message`: HMAC-SHA256(serverSeed, message), then message + ":<k>" for k ≥ 1. */
export function messageBlock(serverSeed: string, message: string, block = 0): Buffer {
  return createHmac('sha256', serverSeed).update(block === 0 ? message : `${message}:${block}`, 'utf8').digest();
}

/** Block k of a round's random bytes. */
export function roundBlock(serverSeed: string, clientSeed: string, nonce: number, block = 0): Buffer {
  return messageBlock(serverSeed, `${clientSeed}:${nonce}`, block);
}

/** Where an engine takes its numbers from. */
export interface RandomSource {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
}

/** The provably fair stream of a message (a lottery issue: "<gameCode>:<issueNo>"). */
export function messageStream(serverSeed: string, message: string): RandomSource {
  let block = 0;
  let bytes = messageBlock(serverSeed, message, 0);
  let offset = 0;
  return {
    nextUint32() {
      if (offset + 4 > bytes.length) {
        block += 1;
        bytes = messageBlock(serverSeed, message, block);
        offset = 0;
      }
      const value = bytes.readUInt32BE(offset);
      offset += 4;
      return value;
    },
  };
}

/** The provably fair stream of one round. */
export function fairStream(serverSeed: string, clientSeed: string, nonce: number): RandomSource {
  return messageStream(serverSeed, `${clientSeed}:${nonce}`);
}

/** A uniform integer in [0, n), 1 <= n <= 2^32, without modulo bias (rejection sampling). */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > two32) throw new RangeError(`uniformInt: bad range ${n}`);
  const limit = two32 - (two32 % n);
  for (;;) {
    const value = source.nextUint32();
    if (value < limit) return value % n;
  }
}

/** floor(numerator / denominator) for non-negative safe integers, exact. */
export function floorDiv(numerator: number, denominator: number): number {
  let q = Math.floor(numerator / denominator);
  if (q * denominator > numerator) q -= 1;
  else if ((q + 1) * denominator <= numerator) q += 1;
  return q;
}
