/**
 * The local identity provider (docs/social-login.md): two real OpenID Connect
 * providers (oidc-provider), one standing in for Google and one for
 * Facebook, each on its own port of 127.0.0.1, so social login works with no
 * internet. They know one client (the casino server: a confidential client
 * with PKCE, code flow only) and the demo accounts of `local-idp-accounts.ts`;
 * their sign-in page checks an account's e-mail and password, and signing in
 * grants the client the openid, email and profile scopes. Their keys, cookie
 * keys and grants live in memory: a restart signs everybody out of them.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { type IdpAccount, localIdpAccounts, type LocalIdpName } from './local-idp-accounts.ts';

export interface LocalIdpOptions {
  host?: string;
  /** One port per provider; 0 (the default) takes a free one. */
  ports?: Partial<Record<LocalIdpName, number>>;
  clientId: string;
  clientSecret: string;
  /** The casino's callback addresses the providers accept. */
  redirectUris: string[];
}

export interface LocalIdp {
  /** Each provider's issuer URL (its discovery document is at `<issuer>/.well-known/openid-configuration`). */
  issuers: Record<LocalIdpName, string>;
  close(): Promise<void>;
}

const titles: Record<LocalIdpName, string> = { google: 'Google (local)', facebook: 'Facebook (local)' };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sign-in page: the account's e-mail and password, or cancel (the casino then hears access_denied). */
function signInPage(name: LocalIdpName, uid: string, clientName: string, failed: boolean, email = ''): string {
  const title = titles[name];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}: sign in</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:24rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem}
label{display:block;margin-top:1rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.75rem;font:inherit;border:1px solid #6b7280;border-radius:.5rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button,a.cancel{flex:1;padding:.75rem;font:inherit;border-radius:.5rem;text-align:center;text-decoration:none}
button{background:#1d4ed8;color:#fff;border:0}
a.cancel{border:1px solid #6b7280;color:#111827}
p.error{color:#b91c1c;font-weight:600}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p>Sign in to continue to ${escapeHtml(clientName)}. It will get your name and e-mail address.</p>
${failed ? '<p class="error" role="alert">Wrong e-mail or password.</p>' : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><a class="cancel" href="/interaction/${encodeURIComponent(uid)}/abort">Cancel</a><button type="submit">Sign in</button></div>
</form>
</main></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 8_192) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/**
 * Sends a page of the provider. `formTargets`: where its form may end up (the browser checks a form's
 * redirects too: the sign-in's end is a redirect to the client's callback).
 */
function send(res: ServerResponse, status: number, html: string, formTargets: readonly string[] = []) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

function configuration(name: LocalIdpName, options: LocalIdpOptions, accounts: readonly IdpAccount[]): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: 'M Casino',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // The scopes' claims in the ID token itself, as Google's ID tokens carry e-mail and name.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')], names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` } },
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as Record<string, string>), use: 'sig', alg: 'RS256', kid: `${name}-1` }] },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }) };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(titles[name])}</title></head><body><main><h1>${escapeHtml(titles[name])}</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  };
}

async function startOne(name: LocalIdpName, options: LocalIdpOptions): Promise<{ issuer: string; server: Server }> {
  const accounts = localIdpAccounts[name];
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.ports?.[name] ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(name, options, accounts));
  const callback = provider.callback();
  const clientOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))];
  const page = (res: ServerResponse, status: number, html: string) => send(res, status, html, clientOrigins);

  /** The client gets what it asked for of openid, email and profile. */
  function grantFor(accountId: string, params: Record<string, unknown>): Promise<string> {
    const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
    const scopes = String(params.scope ?? 'openid').split(' ').filter((s) => ['openid', 'email', 'profile'].includes(s));
    grant.addOIDCScope(scopes.join(' '));
    return grant.save();
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'Unknown sign-in.');
    if (action === 'abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false });
    }
    if (action === 'login' && req.method === 'POST') {
      const form = await formOf(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const account = accounts.find((a) => a.email === email && a.password === form.get('password'));
      if (!account) return page(res, 401, signInPage(name, uid, 'M Casino', true, email));
      // Signing in on this page is the consent.
      const grantId = await grantFor(account.sub, details.params);
      return provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      // A person already signed in here (the login came first): the sign-in was the consent.
      const grantId = await grantFor(details.session.accountId, details.params);
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    return page(res, 200, signInPage(name, uid, 'M Casino', false));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec((req.url ?? '').split('?')[0]!);
    if (!match) return callback(req, res);
    interaction(req, res, match[1]!, match[2]).catch(() => {
      if (!res.headersSent) send(res, 400, 'This sign-in has expired. Go back to the site and start again.');
    });
  });
  return { issuer, server };
}

/** Starts both providers; resolves once they listen. */
export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const google = await startOne('google', options);
  const facebook = await startOne('facebook', options);
  return {
    issuers: { google: google.issuer, facebook: facebook.issuer },
    async close() {
      for (const { server } of [google, facebook]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
