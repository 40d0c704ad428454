/**
 * One social provider as the casino's server sees it: an OpenID Connect
 * issuer (Google's https://accounts.google.com, Facebook's
 * https://www.facebook.com, or the local identity provider of server/idp)
 * with the casino's client id and secret. openid-client does discovery, the
 * authorization URL (state, nonce, PKCE S256) and the code exchange, which
 * checks the ID token's signature, issuer, audience, nonce and expiry.
 */
import * as client from 'openid-client';

export interface SocialProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Who signed in at the provider. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

export interface SocialProviderClient {
  /** Whether the provider answers its discovery document (a failed try is retried after `retryAfterMs`). */
  ready(): Promise<boolean>;
  authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** Exchanges the code of the callback; throws when the answer is not this flow's (state, nonce, PKCE) or not valid. */
  finish(request: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }): Promise<SocialIdentity>;
}

const retryAfterMs = 30_000;
const discoveryTimeoutS = 5;

export function createOidcProviderClient(settings: SocialProviderSettings): SocialProviderClient {
  let config: client.Configuration | null = null;
  let pending: Promise<client.Configuration | null> | null = null;
  let failedAt = 0;
  const issuer = new URL(settings.issuer);

  function discover(): Promise<client.Configuration | null> {
    if (config) return Promise.resolve(config);
    if (Date.now() - failedAt < retryAfterMs) return Promise.resolve(null);
    pending ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, client.ClientSecretBasic(settings.clientSecret), {
        timeout: discoveryTimeoutS,
        // Plain http only for a provider on this machine (the local identity provider).
        ...(issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      })
      .then(
        (found) => (config = found),
        () => {
          failedAt = Date.now();
          return null;
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  async function configuration(): Promise<client.Configuration> {
    const found = await discover();
    if (!found) throw new Error(`social provider ${settings.issuer} is not ready`);
    return found;
  }

  return {
    async ready() {
      return (await discover()) !== null;
    },
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },
    async finish({ callbackUrl, state, nonce, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('no subject in the ID token');
      const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
      return { subject: claims.sub, email, name: typeof claims.name === 'string' ? claims.name : null };
    },
  };
}
