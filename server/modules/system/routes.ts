import type { FastifyInstance } from 'fastify';
import { type ConsolidatedSettings, consolidatedSettingsEndpoint, systemStatusEndpoint, type Whitelabel, whitelabelEndpoint } from '../../../contract/system.ts';
import type { Database } from '../../db/connect.ts';
import { registerEndpoint, SerializedAnswer } from '../../http/endpoint-route.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { consolidatedSettings, systemStatus, whitelabel } from './service.ts';

export interface SystemRoutesOptions {
  /** The deposit entry's bonus badge of a merchant (the wallet's `depositBadgeOf`, passed in by server/app.ts). */
  depositBadgeOf: (db: Database, merchantCode: string) => Promise<number | null>;
  /** How long a merchant's badge is reused, in ms (default 1000, as the merchant row; 0: never). */
  badgeCacheTtlMs?: number;
}

export function registerSystemRoutes(app: FastifyInstance, options: SystemRoutesOptions): void {
  // The badge is kept as long as the merchant row the settings come from (1 s, merchant-directory.ts).
  const badges = createAnswerCache({ ttlMs: options.badgeCacheTtlMs ?? 1000 });
  // Each answer is serialised once per merchant row the directory hands out (a new object after each reload).
  const whitelabels = new WeakMap<MerchantRow, SerializedAnswer<Whitelabel>>();
  const settings = new WeakMap<MerchantRow, { badge: Promise<number | null>; answer: Promise<SerializedAnswer<ConsolidatedSettings>> }>();
  registerEndpoint(app, systemStatusEndpoint, ({ ctx }) => systemStatus(ctx.merchant, ctx.clientIp));
  registerEndpoint(app, whitelabelEndpoint, ({ ctx }) => {
    const row = ctx.merchant.row;
    const kept = whitelabels.get(row);
    if (kept) return kept;
    const answer = new SerializedAnswer(whitelabel(row));
    whitelabels.set(row, answer);
    return answer;
  });
  registerEndpoint(app, consolidatedSettingsEndpoint, ({ ctx }) => {
    const row = ctx.merchant.row;
    const badge = badges.get(`badge|${row.code}`, () => options.depositBadgeOf(app.db, row.code));
    let kept = settings.get(row);
    if (kept?.badge !== badge) {
      // A new badge answer (its lifetime ended): the settings are serialised again with it.
      kept = { badge, answer: badge.then((value) => new SerializedAnswer(consolidatedSettings(row, value))) };
      settings.set(row, kept);
    }
    return kept.answer;
  });
}
