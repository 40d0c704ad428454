/**
 * Request signatures of the seamless-wallet API. A vendor signs
 * `"<timestamp>.<raw body>"` with HMAC-SHA256 and its secret; the platform
 * checks the vendor, the timestamp (replay window) and the signature in
 * constant time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { seamlessErrorCodes, seamlessHeaders, signatureWindowMs } from '../../../contract/seamless.ts';
import type { Database } from '../../db/connect.ts';
import { vendors } from '../../db/schema-catalogue.ts';
import { vendorWalletKeys } from '../../db/schema-play.ts';
import { AppError } from '../../http/app-error.ts';

export function signBody(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The headers a vendor sends with a body (the Merchant header comes on top). */
export function signedHeaders(vendorCode: string, secret: string, rawBody: string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return {
    [seamlessHeaders.vendor]: vendorCode,
    [seamlessHeaders.timestamp]: timestamp,
    [seamlessHeaders.signature]: signBody(secret, timestamp, rawBody),
  };
}

/** The secret of a vendor derived from a master secret (VENDOR_WALLET_SECRET). */
export function derivedVendorSecret(masterSecret: string, vendorCode: string): string {
  return createHmac('sha256', masterSecret).update(`vendor-wallet:${vendorCode}`, 'utf8').digest('hex');
}

/**
 * The vendor's secret; null for an unknown vendor. Derived from the master
 * secret when one is configured, else random, created on first use and kept
 * in `vendor_wallet_keys`.
 */
export async function vendorSecret(db: Database, vendorCode: string, masterSecret?: string): Promise<string | null> {
  const [known] = await db
    .select({ code: vendors.code, secret: vendorWalletKeys.secret })
    .from(vendors)
    .leftJoin(vendorWalletKeys, eq(vendorWalletKeys.vendorCode, vendors.code))
    .where(eq(vendors.code, vendorCode))
    .limit(1);
  if (!known) return null;
  if (masterSecret) return derivedVendorSecret(masterSecret, vendorCode);
  if (known.secret) return known.secret;
  await db
    .insert(vendorWalletKeys)
    .values({ vendorCode, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: vendorWalletKeys.secret }).from(vendorWalletKeys).where(eq(vendorWalletKeys.vendorCode, vendorCode));
  return row?.secret ?? null;
}

/** Secrets by vendor, remembered once known (they never change while the server runs). */
export function createVendorSecrets(db: Database, masterSecret?: string): (vendorCode: string) => Promise<string | null> {
  const known = new Map<string, string>();
  return async (vendorCode) => {
    const cached = known.get(vendorCode);
    if (cached) return cached;
    const secret = vendorCode.length <= 32 ? await vendorSecret(db, vendorCode, masterSecret) : null;
    if (secret) known.set(vendorCode, secret);
    return secret;
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  const single = Array.isArray(value) ? value[0] : value;
  return single?.trim() || null;
}

const unauthorized = (code: string, message: string) => new AppError(401, code, message);

/** Checks a signed request; returns the vendor code or throws 401 with the reason. */
export async function verifySignedRequest(
  secretOf: (vendorCode: string) => Promise<string | null>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: number,
): Promise<string> {
  const vendorCode = header(headers, seamlessHeaders.vendor);
  const timestamp = header(headers, seamlessHeaders.timestamp);
  const signature = header(headers, seamlessHeaders.signature);
  if (!vendorCode || !timestamp || !signature) {
    throw unauthorized(seamlessErrorCodes.signatureMissing, 'X-Vendor, X-Timestamp and X-Signature are required.');
  }
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > signatureWindowMs) {
    throw unauthorized(seamlessErrorCodes.timestampExpired, 'X-Timestamp is outside the accepted window.');
  }
  const secret = await secretOf(vendorCode);
  if (!secret) throw unauthorized(seamlessErrorCodes.vendorUnknown, 'Unknown vendor.');
  const expected = Buffer.from(signBody(secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
  if (!given || !timingSafeEqual(expected, given)) {
    throw unauthorized(seamlessErrorCodes.signatureInvalid, 'The signature does not match.');
  }
  return vendorCode;
}
