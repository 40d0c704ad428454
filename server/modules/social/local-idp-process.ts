/**
 * Starts the local identity provider (server/idp/main.ts) as a child process
 * of the server: the client secret is made here and given to both, the
 * callbacks are the site's origins, and the child answers its issuers over
 * IPC. It ends with the server (the IPC channel closing ends it too).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type SocialProvider, socialProviders } from '../../../contract/social.ts';
import type { SocialProviderSettings } from './oidc-client.ts';

export interface LocalIdpProcess {
  providers: Record<SocialProvider, SocialProviderSettings>;
  stop(): void;
}

const clientId = 'm-casino';
const startTimeoutMs = 30_000;

export function startLocalIdpProcess(redirectOrigins: readonly string[]): Promise<LocalIdpProcess> {
  const clientSecret = randomBytes(32).toString('base64url');
  const redirectUris = redirectOrigins.flatMap((origin) => socialProviders.map((provider) => `${origin}/wps/social/${provider}/callback`));
  const child: ChildProcess = fork(fileURLToPath(new URL('../../idp/main.ts', import.meta.url)), [], {
    env: { ...process.env, IDP_CLIENT_ID: clientId, IDP_CLIENT_SECRET: clientSecret, IDP_REDIRECT_URIS: redirectUris.join(' ') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the local identity provider did not start'));
    }, startTimeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local identity provider exited (${code})`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      const { issuers } = message as { issuers: Record<SocialProvider, string> };
      const providers = Object.fromEntries(
        socialProviders.map((provider) => [provider, { issuer: issuers[provider], clientId, clientSecret }]),
      ) as Record<SocialProvider, SocialProviderSettings>;
      resolve({
        providers,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
        },
      });
    });
  });
}
