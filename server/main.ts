/**
 * Server entry (`npm run start:server`): opens the database (PGlite in
 * DATA_DIR, or PostgreSQL with DATABASE_URL), migrates, seeds an empty
 * database, serves the API and the built SPA, and shuts down cleanly on
 * SIGINT/SIGTERM (server first, then the database).
 */
import { createAdminSecret, removeAdminSecret } from './admin/admin-secret.ts';
import { startAdminListener } from './admin/admin-listener.ts';
import { buildApp } from './app.ts';
import { readConfig, startupRefusal } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { acquireDataDirLock, DataDirBusyError, type DataDirLock } from './db/data-dir-lock.ts';
import { startMaintenance } from './db/maintenance.ts';
import { type LocalIdpProcess, startLocalIdpProcess } from './modules/social/local-idp-process.ts';
import { seedIfEmpty } from './seed/seed.ts';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const refusal = startupRefusal(config);
if (refusal) {
  process.stderr.write(`Refusing to start: ${refusal}\n`);
  process.exit(2);
}

let lock: DataDirLock | null = null;
if (!config.databaseUrl) {
  try {
    lock = acquireDataDirLock(config.dataDir, 'server');
  } catch (error) {
    process.stderr.write(`${error instanceof DataDirBusyError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
await database.migrate();
const seeded = await seedIfEmpty(database.db);

// Social login: the providers set in the environment, and the local identity provider for the others (docs/social-login.md).
let localIdp: LocalIdpProcess | null = null;
const socialProviders = { ...config.social.providers };
if (config.social.localIdp && Object.keys(socialProviders).length < 2) {
  try {
    localIdp = await startLocalIdpProcess(config.social.redirectOrigins);
    for (const [name, settings] of Object.entries(localIdp.providers)) socialProviders[name as keyof typeof socialProviders] ??= settings;
  } catch (error) {
    process.stderr.write(`social login: ${(error as Error).message}; the login screen offers no social login\n`);
  }
}

const app = await buildApp({
  db: database.db,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  rateLimitPerMinute: config.rateLimitPerMinute,
  staticDir: config.staticDir,
  siteMerchant: config.siteMerchant,
  vendorWalletSecret: config.vendorWalletSecret,
  play: { recoverAfterMs: config.playRecoveryAfterMs, recoverEveryMs: config.playRecoveryEveryMs, openRoundTimeoutMs: config.playOpenRoundTimeoutMs },
  agent: { settleEveryMs: config.settlementEveryMs },
  lottery: { drawEveryMs: config.lotteryDrawEveryMs },
  identity: { devEndpoints: config.devEndpoints, limits: config.smsBudgets },
  social: { providers: socialProviders, redirectOrigins: config.social.redirectOrigins },
});
if (seeded) app.log.info('seeded the demo data');
// PGlite has no autovacuum and no checkpointer: the server keeps its tables' statistics and its WAL
// in bounds (PostgreSQL does both itself).
const stopMaintenance =
  database.kind === 'pglite' ? startMaintenance(database.db, { onError: (error) => app.log.warn({ err: error }, 'database maintenance failed') }) : null;

let admin: Awaited<ReturnType<typeof startAdminListener>> | null = null;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    localIdp?.stop();
    await admin?.close();
    await stopMaintenance?.();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
  } finally {
    if (lock) {
      removeAdminSecret(config.dataDir);
      lock.release();
    }
  }
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  if (lock) {
    const secret = createAdminSecret(config.dataDir);
    admin = await startAdminListener({
      db: database.db,
      secret,
      onChange: (code) => app.merchants.invalidate(code),
      logger: app.log,
    });
    lock.update({ adminUrl: admin.url });
  }
  app.log.info({ url: app.listeningOrigin, database: database.kind, adminListener: admin?.url ?? null }, 'server ready');
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await shutdown('startup-failure');
}
