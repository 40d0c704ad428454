/** Server settings from the environment, read in one place for the server and the admin CLI. */
import type { FastifyServerOptions } from 'fastify';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory (also holds the admin secret and the owner file). */
  dataDir: string;
  /** PostgreSQL URL; PGlite is used when unset. */
  databaseUrl: string | undefined;
  trustProxy: NonNullable<FastifyServerOptions['trustProxy']>;
  rateLimitPerMinute: number;
  staticDir: string;
  /** SITE_MERCHANT: the merchant the built SPA serves (its VITE_MERCHANT_CODE). */
  siteMerchant: string;
  logLevel: string;
  /** VENDOR_WALLET_SECRET (at least 32 characters): vendors' seamless-wallet secrets are derived from it. */
  vendorWalletSecret: string | undefined;
  /** PLAY_RECOVERY_AFTER_MS (30000): game rounds pending longer than this are rolled back by the recovery sweep. */
  playRecoveryAfterMs: number;
  /** PLAY_RECOVERY_EVERY_MS (15000): period of the recovery sweep; 0 turns it off. */
  playRecoveryEveryMs: number;
}

function integer(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** TRUST_PROXY: false (default), true, a hop count, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function vendorWalletSecret(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length < 32) throw new Error('VENDOR_WALLET_SECRET must have at least 32 characters');
  return v;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env.PORT, 8080, 'PORT', 0),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || './.data',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitPerMinute: integer(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE', 1),
    staticDir: env.STATIC_DIR?.trim() || './dist',
    siteMerchant: env.SITE_MERCHANT?.trim() || 'DEMO',
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    vendorWalletSecret: vendorWalletSecret(env.VENDOR_WALLET_SECRET),
    playRecoveryAfterMs: integer(env.PLAY_RECOVERY_AFTER_MS, 30_000, 'PLAY_RECOVERY_AFTER_MS', 0),
    playRecoveryEveryMs: integer(env.PLAY_RECOVERY_EVERY_MS, 15_000, 'PLAY_RECOVERY_EVERY_MS', 0),
  };
}
