/**
 * Reading the local outbox (the messages the outbox provider stored instead
 * of sending): the operator command `npm run admin -- outbox list --to ...`
 * (shortcut `npm run outbox -- --to ...`), the test harness, and the
 * loopback-only test switch `GET /wps/dev/outbox` (DEV_ENDPOINTS).
 */
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { OutboxMessage } from '../../../contract/verification.ts';
import type { Database } from '../../db/connect.ts';
import { outbox } from '../../db/schema.ts';
import { recipientKey } from './targets.ts';

/** The newest messages (at most `limit`) for a recipient, newest first; `to` in any usual writing. */
export async function listOutbox(db: Database, merchantCode: string, to: string, limit = 20): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.merchantCode, merchantCode), eq(outbox.recipient, recipientKey(to))))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({ channel: row.channel, to: row.recipient, body: row.body, createdAt: row.createdAt.toISOString() }));
}

export const outboxCommandSchemas = [
  z.object({
    kind: z.literal('outbox.list'),
    merchant: z.string().check(z.minLength(1), z.maxLength(32)),
    to: z.string().check(z.minLength(1), z.maxLength(254)),
  }),
] as const;

export type OutboxCommand = z.infer<(typeof outboxCommandSchemas)[number]>;

export interface OutboxView {
  outbox: OutboxMessage[];
}

export function isOutboxCommand(command: { kind: string }): command is OutboxCommand {
  return command.kind.startsWith('outbox.');
}

export async function executeOutboxCommand(db: Database, command: OutboxCommand): Promise<OutboxView> {
  return { outbox: await listOutbox(db, command.merchant, command.to) };
}

/** The CLI's text: one message a block, newest first, the code easy to spot. */
export function formatOutbox(view: OutboxView, to: string): string {
  if (view.outbox.length === 0) return `(no message to ${to})`;
  return view.outbox.map((m) => `${m.createdAt}  ${m.channel}  ${m.to}\n  ${m.body}`).join('\n');
}
