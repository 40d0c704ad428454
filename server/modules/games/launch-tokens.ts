/**
 * Launch tokens: a launch writes nothing; it hands out a token that carries
 * what the game page needs to open (merchant, member, game, free play, the
 * launch time) and a 128-bit random nonce, signed with HMAC-SHA256 and the
 * `game-launch` key of the database (server/modules/crypto/secret-keys.ts), so
 * any server process opens what another sealed. The first open of the page
 * writes the game session, whose key is the SHA-256 of the token: a token
 * opens once (docs/games-play.md). The fields are not secret (a member sees
 * their own id in the member centre); they cannot be changed.
 *
 * Layout, then base64url: version (1) | nonce (16) | member id (8) | game id
 * (4) | launch time ms (8) | free play (1) | merchant code (UTF-8, 1-32) |
 * HMAC-SHA256 of all that (32).
 */
import { createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';

export interface LaunchClaims {
  merchantCode: string;
  memberId: number;
  gameId: number;
  freePlay: boolean;
  /** Launch time, ms since the epoch. */
  launchedAt: number;
}

const version = 1;
const head = 1 + 16 + 8 + 4 + 8 + 1;
const macBytes = 32;

/** Base64url of 71 to 102 bytes. */
export const launchTokenPattern = /^[A-Za-z0-9_-]{95,136}$/;

const mac = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest();

export function sealLaunch(key: Buffer, claims: LaunchClaims): string {
  const merchant = Buffer.from(claims.merchantCode, 'utf8');
  if (merchant.length < 1 || merchant.length > 32) throw new Error('merchant code of 1 to 32 bytes expected');
  const body = Buffer.alloc(head + merchant.length);
  body.writeUInt8(version, 0);
  randomFillSync(body, 1, 16);
  body.writeBigUInt64BE(BigInt(claims.memberId), 17);
  body.writeUInt32BE(claims.gameId, 25);
  body.writeBigUInt64BE(BigInt(claims.launchedAt), 29);
  body.writeUInt8(claims.freePlay ? 1 : 0, 37);
  merchant.copy(body, head);
  return Buffer.concat([body, mac(key, body)]).toString('base64url');
}

/** The claims of a token this key signed; null for anything else. */
export function openLaunch(key: Buffer, token: string): LaunchClaims | null {
  if (!launchTokenPattern.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling of these bytes: another (different unused low bits in the last character)
  // would be another token hash, so the same launch could open twice.
  if (bytes.toString('base64url') !== token) return null;
  if (bytes.length < head + 1 + macBytes || bytes.length > head + 32 + macBytes) return null;
  const body = bytes.subarray(0, bytes.length - macBytes);
  if (!timingSafeEqual(bytes.subarray(bytes.length - macBytes), mac(key, body))) return null;
  if (body.readUInt8(0) !== version) return null;
  return {
    memberId: Number(body.readBigUInt64BE(17)),
    gameId: body.readUInt32BE(25),
    launchedAt: Number(body.readBigUInt64BE(29)),
    freePlay: body.readUInt8(37) === 1,
    merchantCode: body.subarray(head).toString('utf8'),
  };
}
