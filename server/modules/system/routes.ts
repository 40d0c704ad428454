import type { FastifyInstance } from 'fastify';
import { consolidatedSettingsEndpoint, systemStatusEndpoint, whitelabelEndpoint } from '../../../contract/system.ts';
import type { Database } from '../../db/connect.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
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
  registerEndpoint(app, systemStatusEndpoint, ({ ctx }) => systemStatus(ctx.merchant, ctx.clientIp));
  registerEndpoint(app, whitelabelEndpoint, ({ ctx }) => whitelabel(ctx.merchant.row));
  registerEndpoint(app, consolidatedSettingsEndpoint, async ({ ctx }) => {
    const code = ctx.merchant.row.code;
    return consolidatedSettings(ctx.merchant.row, await badges.get(`badge|${code}`, () => options.depositBadgeOf(app.db, code)));
  });
}
