/**
 * The social login module in the app: its providers (each an OpenID Connect
 * client, server/modules/social/oidc-client.ts) from the app's options, its
 * service on the identity modules' login, and its routes. Without providers
 * the login screen offers none (GET /wps/social/providers answers []).
 */
import type { FastifyInstance } from 'fastify';
import type { SocialProvider } from '../../../contract/social.ts';
import { createOidcProviderClient, type SocialProviderClient, type SocialProviderSettings } from './oidc-client.ts';
import { registerSocialRoutes } from './routes.ts';
import { createSocialService, type SocialService } from './service.ts';

export interface SocialOptions {
  /** Each provider's issuer, client id and secret (or a client already made: tests). */
  providers?: Partial<Record<SocialProvider, SocialProviderSettings | SocialProviderClient>>;
  /** The site origins registered with the providers as callback origins. */
  redirectOrigins?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    social: SocialService;
  }
}

const isClient = (value: SocialProviderSettings | SocialProviderClient): value is SocialProviderClient => 'finish' in value;

export function registerSocial(app: FastifyInstance, options: SocialOptions = {}): SocialService {
  const providers: Partial<Record<SocialProvider, SocialProviderClient>> = {};
  for (const [name, value] of Object.entries(options.providers ?? {}) as [SocialProvider, SocialProviderSettings | SocialProviderClient][]) {
    providers[name] = isClient(value) ? value : createOidcProviderClient(value);
  }
  const service = createSocialService({ db: app.db, now: app.identity.now, login: app.identity.login, providers });
  app.decorate('social', service);
  registerSocialRoutes(app, { service, redirectOrigins: options.redirectOrigins ?? [] });
  return service;
}
