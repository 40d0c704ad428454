/**
 * Operator command on game rounds (`npm run admin -- bets recover`): roll back
 * the interrupted rounds of game pages now, as the server's recovery sweep
 * does. It runs the sweep of the play module on an application built on the
 * database, so it lives here, above server/app.ts.
 */
import * as z from 'zod/mini';
import { readConfig } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { type RecoveryReport, recoverOpenRounds } from '../modules/play/service.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const betCommandSchemas = [
  z.object({ kind: z.literal('bets.recover'), merchant, olderThanMs: z.optional(z.number().check(z.int(), z.minimum(0))) }),
] as const;

export type BetCommand = { kind: 'bets.recover'; merchant: string; olderThanMs?: number | undefined };

export interface BetRecoveryView {
  recovery: RecoveryReport & { olderThanMs: number };
}

export function isBetCommand(command: { kind: string }): command is BetCommand {
  return command.kind.startsWith('bets.');
}

/**
 * Rolls back the merchant's game rounds pending longer than `olderThanMs`
 * (default PLAY_RECOVERY_AFTER_MS) through the signed seamless-wallet API of
 * an application built on this database (the vendors' secrets are in it, or
 * derived from VENDOR_WALLET_SECRET), exactly as the server's sweep does.
 */
export async function executeBetCommand(db: Database, command: BetCommand): Promise<BetRecoveryView> {
  const config = readConfig();
  const olderThanMs = command.olderThanMs ?? config.playRecoveryAfterMs;
  // The whole application, loaded only for this command.
  const { buildApp } = await import('../app.ts');
  const app = await buildApp({ db, vendorWalletSecret: config.vendorWalletSecret, rateLimitPerMinute: 1_000_000_000, play: { recoverEveryMs: 0 } });
  try {
    await app.ready();
    const report = await recoverOpenRounds(app, { now: () => new Date(), olderThanMs, merchantCode: command.merchant });
    return { recovery: { ...report, olderThanMs } };
  } finally {
    await app.close();
  }
}

export function formatBetRecovery(view: BetRecoveryView): string {
  const r = view.recovery;
  return [
    `Open game rounds older than ${r.olderThanMs / 1000} s: ${r.found}`,
    `  rolled back (stake returned, or no bet was placed): ${r.rolledBack}`,
    `  already settled (marked settled):                   ${r.settled}`,
    `  not recovered now (tried again by the next sweep):  ${r.failed}`,
  ].join('\n');
}
