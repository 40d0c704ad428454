/**
 * A vendor's side of the seamless-wallet API: signs each request with the
 * vendor's secret and sends it to the platform's `/lgw/wallet/*` (through
 * `app.inject`, the same HTTP request a remote vendor would send). Used by the
 * in-house games (vendor BGS) and the local vendor sandbox.
 */
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import { type BodyOf, type Endpoint, failureEnvelope, type ValueOf } from '../../../contract/endpoint.ts';
import {
  walletBalanceEndpoint,
  walletCreditEndpoint,
  walletDebitEndpoint,
  walletRollbackEndpoint,
} from '../../../contract/seamless.ts';
import { AppError } from '../../http/app-error.ts';
import { signedHeaders } from '../seamless/signature.ts';
import { playErrorCodes } from '../../../contract/play.ts';

export interface VendorClient {
  balance(body: BodyOf<typeof walletBalanceEndpoint>): Promise<ValueOf<typeof walletBalanceEndpoint>>;
  debit(body: BodyOf<typeof walletDebitEndpoint>): Promise<ValueOf<typeof walletDebitEndpoint>>;
  credit(body: BodyOf<typeof walletCreditEndpoint>): Promise<ValueOf<typeof walletCreditEndpoint>>;
  rollback(body: BodyOf<typeof walletRollbackEndpoint>): Promise<ValueOf<typeof walletRollbackEndpoint>>;
}

export function createVendorClient(app: FastifyInstance, merchantCode: string, vendorCode: string, now: () => Date): VendorClient {
  let secret: string | null = null;
  async function send<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<ValueOf<E>> {
    secret ??= await app.vendorSecret(vendorCode);
    if (!secret) throw new AppError(404, playErrorCodes.sessionInvalid, 'Unknown vendor.');
    const raw = JSON.stringify(body);
    const res = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      headers: { 'content-type': 'application/json', merchant: merchantCode, ...signedHeaders(vendorCode, secret, raw, now().getTime()) },
      payload: raw,
    });
    const json: unknown = res.json();
    if (res.statusCode === 200) {
      const value = (json as { value: unknown }).value;
      return (endpoint.value as z.ZodMiniType).parse(value) as ValueOf<E>;
    }
    const failure = failureEnvelope.safeParse(json);
    if (failure.success && res.statusCode < 500) throw new AppError(res.statusCode, failure.data.errorCode, failure.data.message);
    throw new AppError(503, playErrorCodes.walletUnavailable, 'The wallet is not available, try again later.');
  }
  return {
    balance: (body) => send(walletBalanceEndpoint, body),
    debit: (body) => send(walletDebitEndpoint, body),
    credit: (body) => send(walletCreditEndpoint, body),
    rollback: (body) => send(walletRollbackEndpoint, body),
  };
}
