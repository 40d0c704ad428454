/**
 * Payment providers behind deposit channels. A provider opens a payment for a
 * pending deposit and returns where the player pays; it later reports the
 * outcome with a signed callback to the platform
 * (`POST /wps/deposit/callback/<provider>`), which verifies the signature
 * over the raw body before it credits anything. See docs/money.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/connect.ts';

export interface PaymentRequest {
  merchantCode: string;
  orderNo: string;
  /** Minor units. */
  amount: number;
  currencyCode: string;
  /** Where the player goes after paying or cancelling. */
  returnUrl: string;
  /** The player's language (the hosted page speaks EN and CN). */
  language: string;
}

export interface OpenedPayment {
  /** The provider's payment id. */
  providerRef: string;
  /** The provider's hosted payment page for the player. */
  payUrl: string;
}

export interface PaymentProvider {
  readonly code: string;
  createPayment(db: Database, request: PaymentRequest): Promise<OpenedPayment>;
  /** Whether `signature` is the provider's signature of `rawBody`. */
  verifyCallback(rawBody: string, signature: string | undefined): boolean;
}

/** Header of the callback signature: hex HMAC-SHA256 of the raw body. */
export const gatewaySignatureHeader = 'x-signature';

export function hmacHex(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time comparison of a hex signature with the expected one. */
export function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(hmacHex(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}
