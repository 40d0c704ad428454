/**
 * The server's local admin listener, used only with PGlite (which a second
 * process must not open): the admin CLI sends its command here instead.
 * It listens on 127.0.0.1 on a random port, accepts only loopback peers and
 * the secret of `<dataDir>/admin.secret`, and is not part of the public app
 * nor of the OpenAPI document.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { errorCodes } from '../../contract/error-codes.ts';
import type { Database } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { envelopeServerOptions, installErrorHandler } from '../http/error-handling.ts';
import { installRouteTable } from '../http/route-table.ts';
import { secretsEqual } from './admin-secret.ts';
import { adminCommandSchema, executeAdminCommand } from './commands.ts';

export const adminCommandPath = '/admin/command';
export const adminSecretHeader = 'x-admin-secret';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface AdminListenerOptions {
  db: Database;
  secret: string;
  /** Called after a command changed a merchant (drop its cached row). */
  onChange?: (merchantCode: string) => void;
  logger?: FastifyBaseLogger;
}

export function buildAdminListener(options: AdminListenerOptions): FastifyInstance {
  const app = Fastify({
    ...envelopeServerOptions,
    ...(options.logger ? { loggerInstance: options.logger.child({ listener: 'admin' }) } : {}),
  });
  installRouteTable(app);
  installErrorHandler(app);
  app.post(adminCommandPath, async (request) => {
    if (!loopback.has(request.socket.remoteAddress ?? '')) {
      throw new AppError(403, errorCodes.forbidden, 'Local requests only.');
    }
    const given = request.headers[adminSecretHeader];
    if (!secretsEqual(options.secret, typeof given === 'string' ? given : undefined)) {
      throw new AppError(403, errorCodes.forbidden, 'Bad admin secret.');
    }
    const parsed = adminCommandSchema.safeParse(request.body);
    if (!parsed.success) throw AppError.invalid('Invalid admin command.');
    const value = await executeAdminCommand(options.db, parsed.data);
    options.onChange?.(parsed.data.merchant);
    request.log.info({ command: parsed.data.kind, merchant: parsed.data.merchant }, 'admin command');
    return { success: true, value };
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, errorCode: errorCodes.notFound, message: 'Not found.' }),
  );
  return app;
}

export async function startAdminListener(options: AdminListenerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = buildAdminListener(options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('admin listener has no TCP address');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
