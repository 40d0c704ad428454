import type { FastifyInstance } from 'fastify';
import { consolidatedSettingsEndpoint, systemStatusEndpoint, whitelabelEndpoint } from '../../../contract/system.ts';
import type { Database } from '../../db/connect.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { consolidatedSettings, systemStatus, whitelabel } from './service.ts';

export interface SystemRoutesOptions {
  /** The deposit entry's bonus badge of a merchant (the wallet's `depositBadgeOf`, passed in by server/app.ts). */
  depositBadgeOf: (db: Database, merchantCode: string) => Promise<number | null>;
}

export function registerSystemRoutes(app: FastifyInstance, options: SystemRoutesOptions): void {
  registerEndpoint(app, systemStatusEndpoint, ({ ctx }) => systemStatus(ctx.merchant, ctx.clientIp));
  registerEndpoint(app, whitelabelEndpoint, ({ ctx }) => whitelabel(ctx.merchant.row));
  registerEndpoint(app, consolidatedSettingsEndpoint, async ({ ctx }) =>
    consolidatedSettings(ctx.merchant.row, await options.depositBadgeOf(app.db, ctx.merchant.row.code)),
  );
}
