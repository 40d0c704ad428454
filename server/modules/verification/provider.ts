/**
 * How SMS and e-mail messages leave the server. The default provider is the
 * local OUTBOX: messages are stored in the `outbox` table, and outside
 * production `GET /wps/dev/outbox?to=...` shows them (docs/identity.md). A
 * real SMS gateway or mail service implements the same interface.
 */
import type { Database } from '../../db/connect.ts';
import { outbox } from '../../db/schema.ts';
import type { Clock } from '../session/config.ts';

export interface OutgoingMessage {
  merchantCode: string;
  channel: 'sms' | 'email';
  /** "+639171234567" or a lower-cased e-mail address. */
  to: string;
  body: string;
}

export interface MessageProvider {
  /** `outbox` for the local provider; the dev outbox route exists only with it. */
  readonly kind: string;
  send(message: OutgoingMessage): Promise<void>;
}

export function createOutboxProvider(db: Database, now: Clock): MessageProvider {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({
        merchantCode: message.merchantCode,
        channel: message.channel,
        recipient: message.to,
        body: message.body,
        createdAt: now(),
      });
    },
  };
}
