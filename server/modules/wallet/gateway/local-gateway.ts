/**
 * The local payment gateway: a real provider that runs inside the server.
 * Opening a payment stores it in `local_gateway_payments` with a random
 * token; the player confirms or cancels on the hosted page
 * (`/pay/local/<id>?t=<token>`, see local-routes.ts), and the decision is
 * sent to the platform as a signed callback (HMAC-SHA256 of the raw JSON
 * body with the gateway secret, header x-signature). The notification can be
 * sent again from the page; the platform credits a deposit once however many
 * times it arrives.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { GatewayCallback } from '../../../../contract/wallet.ts';
import type { Database } from '../../../db/connect.ts';
import { type LocalGatewayPaymentRow, localGatewayPayments } from '../../../db/schema-wallet.ts';
import { hmacHex, type PaymentProvider, signatureMatches } from './provider.ts';

export const localProviderCode = 'local';
export const localPagePrefix = '/pay/local';

export interface CallbackDelivery {
  merchantCode: string;
  rawBody: string;
  signature: string;
}

export interface LocalGatewayOptions {
  /** Shared secret of the callback signature (PAYMENT_LOCAL_SECRET; random per process when unset). */
  secret: string;
  now: () => Date;
  /** Sends a callback to the platform; resolves with the HTTP status. */
  deliver: (delivery: CallbackDelivery) => Promise<number>;
}

export interface LocalGateway extends PaymentProvider {
  /** The payment when `token` opens it. */
  open(db: Database, id: string, token: string): Promise<LocalGatewayPaymentRow | null>;
  /** Records the player's decision (first one wins) and notifies the platform. */
  decide(db: Database, payment: LocalGatewayPaymentRow, decision: 'paid' | 'cancelled'): Promise<{ payment: LocalGatewayPaymentRow; notified: boolean }>;
  /** Sends the callback of a decided payment (again). */
  notify(payment: LocalGatewayPaymentRow): Promise<boolean>;
  /** The signed callback of a decided payment (for tests and tools). */
  callbackOf(payment: LocalGatewayPaymentRow): CallbackDelivery;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createLocalGateway(options: LocalGatewayOptions): LocalGateway {
  const { secret, now, deliver } = options;

  function callbackOf(payment: LocalGatewayPaymentRow): CallbackDelivery {
    if (payment.status === 'pending') throw new Error('A pending payment has no callback');
    const body: GatewayCallback = {
      orderNo: payment.orderNo,
      providerRef: payment.id,
      status: payment.status,
      amount: payment.amount,
      timestamp: now().getTime(),
    };
    const rawBody = JSON.stringify(body);
    return { merchantCode: payment.merchantCode, rawBody, signature: hmacHex(secret, rawBody) };
  }

  async function notify(payment: LocalGatewayPaymentRow): Promise<boolean> {
    try {
      const status = await deliver(callbackOf(payment));
      return status >= 200 && status < 300;
    } catch {
      return false;
    }
  }

  return {
    code: localProviderCode,

    async createPayment(db, request) {
      const id = `LP${randomBytes(12).toString('hex').toUpperCase()}`;
      const token = randomBytes(24).toString('base64url');
      await db.insert(localGatewayPayments).values({
        id,
        merchantCode: request.merchantCode,
        orderNo: request.orderNo,
        amount: request.amount,
        currencyCode: request.currencyCode,
        tokenHash: sha256(token),
        returnUrl: request.returnUrl,
        status: 'pending',
        createdAt: now(),
      });
      const lang = request.language === 'CN' ? '&lang=CN' : '';
      return { providerRef: id, payUrl: `${localPagePrefix}/${id}?t=${token}${lang}` };
    },

    verifyCallback: (rawBody, signature) => signatureMatches(secret, rawBody, signature),

    async open(db, id, token) {
      if (!/^LP[0-9A-F]{24}$/.test(id) || !token || token.length > 64) return null;
      const [row] = await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.id, id)).limit(1);
      if (!row) return null;
      const a = Buffer.from(row.tokenHash, 'hex');
      const b = Buffer.from(sha256(token), 'hex');
      return timingSafeEqual(a, b) ? row : null;
    },

    async decide(db, payment, decision) {
      await db
        .update(localGatewayPayments)
        .set({ status: decision, decidedAt: now() })
        .where(and(eq(localGatewayPayments.id, payment.id), eq(localGatewayPayments.status, 'pending')));
      const [row] = await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.id, payment.id)).limit(1);
      const current = row ?? payment;
      return { payment: current, notified: current.status === 'pending' ? false : await notify(current) };
    },

    notify,
    callbackOf,
  };
}
