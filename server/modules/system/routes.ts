import type { FastifyInstance } from 'fastify';
import { consolidatedSettingsEndpoint, systemStatusEndpoint, whitelabelEndpoint } from '../../../contract/system.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { depositBadgeOf } from '../wallet/service.ts';
import { consolidatedSettings, systemStatus, whitelabel } from './service.ts';

export function registerSystemRoutes(app: FastifyInstance): void {
  registerEndpoint(app, systemStatusEndpoint, ({ ctx }) => systemStatus(ctx.merchant, ctx.clientIp));
  registerEndpoint(app, whitelabelEndpoint, ({ ctx }) => whitelabel(ctx.merchant.row));
  registerEndpoint(app, consolidatedSettingsEndpoint, async ({ ctx }) =>
    consolidatedSettings(ctx.merchant.row, await depositBadgeOf(app.db, ctx.merchant.row.code)),
  );
}
