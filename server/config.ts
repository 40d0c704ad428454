/** Server settings from the environment, read in one place for the server and the admin CLI. */
import type { FastifyServerOptions } from 'fastify';
import { type SocialProvider, socialProviders } from '../contract/social.ts';
import type { SocialProviderSettings } from './modules/social/oidc-client.ts';

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
  /** PLAY_OPEN_ROUND_TIMEOUT_MS (600000): a HiLo, Video Poker or Blackjack hand left this long is finished by the recovery sweep. */
  playOpenRoundTimeoutMs: number;
  /** PLAY_RECOVERY_EVERY_MS (15000): period of the recovery sweep; 0 turns it off. */
  playRecoveryEveryMs: number;
  /** SETTLEMENT_EVERY_MS (600000): period of the settlement job of agent contracts and rebates; 0 turns it off. */
  settlementEveryMs: number;
  /** LOTTERY_DRAW_EVERY_MS (2000): period of the lottery's draw job (issues opened, due draws drawn and settled); 0 turns it off. */
  lotteryDrawEveryMs: number;
  /** NODE_ENV is production. */
  production: boolean;
  /** DEV_ENDPOINTS=1: the test switch (outbox and captcha answers over HTTP, loopback clients only); refused in production. */
  devEndpoints: boolean;
  /** ALLOW_LOCAL_OUTBOX=1: the operator accepts the local outbox (no SMS or e-mail leaves) with NODE_ENV=production. */
  allowLocalOutbox: boolean;
  /** SMS_PER_CLIENT_PER_HOUR (10), SMS_PER_DEVICE_PER_HOUR (5), SMS_PER_DAY (2000): the SMS budgets (docs/identity.md). */
  smsBudgets: { smsPerClientPerHour: number; smsPerDevicePerHour: number; smsPerMerchantPerDay: number };
  /** Social login (docs/social-login.md). */
  social: {
    /** SOCIAL_GOOGLE_ISSUER, _CLIENT_ID, _CLIENT_SECRET (and SOCIAL_FACEBOOK_...): a real provider. */
    providers: Partial<Record<SocialProvider, SocialProviderSettings>>;
    /** SOCIAL_LOCAL_IDP (on outside production; 0 turns it off): the local identity provider stands in for the providers not set. */
    localIdp: boolean;
    /** SOCIAL_REDIRECT_ORIGINS (space separated; default http://127.0.0.1:PORT and http://localhost:PORT): the site's origins the providers send back to. */
    redirectOrigins: string[];
  };
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

function flag(value: string | undefined, name: string): boolean {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

/**
 * Why the server must not start with this configuration, or null. With
 * NODE_ENV=production: never with the test switch, and with the local outbox
 * (the only message provider shipped) only when the operator says so.
 */
export function startupRefusal(config: ServerConfig): string | null {
  if (!config.production) return null;
  if (config.devEndpoints) {
    return 'DEV_ENDPOINTS is a test switch (it shows SMS codes and captcha answers over HTTP) and is refused with NODE_ENV=production.';
  }
  if (!config.allowLocalOutbox) {
    return (
      'NODE_ENV=production with the local outbox: SMS and e-mail codes would be stored in the database, never sent. ' +
      'Plug in a real message provider (server/modules/verification/provider.ts), or set ALLOW_LOCAL_OUTBOX=1 to run a demo anyway.'
    );
  }
  return null;
}

/** The providers set in the environment: all three of issuer, client id and secret, or none. */
function socialProvidersOf(env: NodeJS.ProcessEnv): Partial<Record<SocialProvider, SocialProviderSettings>> {
  const providers: Partial<Record<SocialProvider, SocialProviderSettings>> = {};
  for (const provider of socialProviders) {
    const prefix = `SOCIAL_${provider.toUpperCase()}_`;
    const [issuer, clientId, clientSecret] = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((key) => env[prefix + key]?.trim() || '');
    if (!issuer && !clientId && !clientSecret) continue;
    if (!issuer || !clientId || !clientSecret) throw new Error(`${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET go together`);
    providers[provider] = { issuer, clientId, clientSecret };
  }
  return providers;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env.PORT, 8080, 'PORT', 0);
  return {
    port,
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
    playOpenRoundTimeoutMs: integer(env.PLAY_OPEN_ROUND_TIMEOUT_MS, 600_000, 'PLAY_OPEN_ROUND_TIMEOUT_MS', 1_000),
    settlementEveryMs: integer(env.SETTLEMENT_EVERY_MS, 600_000, 'SETTLEMENT_EVERY_MS', 0),
    lotteryDrawEveryMs: integer(env.LOTTERY_DRAW_EVERY_MS, 2_000, 'LOTTERY_DRAW_EVERY_MS', 0),
    production: env.NODE_ENV === 'production',
    devEndpoints: flag(env.DEV_ENDPOINTS, 'DEV_ENDPOINTS'),
    allowLocalOutbox: flag(env.ALLOW_LOCAL_OUTBOX, 'ALLOW_LOCAL_OUTBOX'),
    smsBudgets: {
      smsPerClientPerHour: integer(env.SMS_PER_CLIENT_PER_HOUR, 10, 'SMS_PER_CLIENT_PER_HOUR', 0),
      smsPerDevicePerHour: integer(env.SMS_PER_DEVICE_PER_HOUR, 5, 'SMS_PER_DEVICE_PER_HOUR', 0),
      smsPerMerchantPerDay: integer(env.SMS_PER_DAY, 2000, 'SMS_PER_DAY', 0),
    },
    social: {
      providers: socialProvidersOf(env),
      localIdp: env.SOCIAL_LOCAL_IDP?.trim() ? flag(env.SOCIAL_LOCAL_IDP, 'SOCIAL_LOCAL_IDP') : env.NODE_ENV !== 'production',
      redirectOrigins: env.SOCIAL_REDIRECT_ORIGINS?.trim()
        ? env.SOCIAL_REDIRECT_ORIGINS.trim().split(/\s+/)
        : [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    },
  };
}
