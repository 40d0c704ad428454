/**
 * The local identity provider's process (docs/social-login.md). The casino
 * server starts it as a child (server/modules/social/local-idp-process.ts)
 * and hears its issuers over the IPC channel; started alone
 * (`npx tsx server/idp/main.ts`) it prints them.
 *
 * IDP_CLIENT_ID, IDP_CLIENT_SECRET: the one client it knows; IDP_REDIRECT_URIS:
 * the client's callbacks, space separated; IDP_GOOGLE_PORT, IDP_FACEBOOK_PORT:
 * fixed ports (else free ones).
 */
import { startLocalIdp } from './local-idp.ts';

const env = process.env;
const port = (value: string | undefined) => (value ? Number(value) : 0);
if (!env.IDP_CLIENT_SECRET) {
  process.stderr.write('IDP_CLIENT_SECRET is required (the secret the casino server authenticates with)\n');
  process.exit(2);
}
const idp = await startLocalIdp({
  clientId: env.IDP_CLIENT_ID ?? 'm-casino',
  clientSecret: env.IDP_CLIENT_SECRET,
  redirectUris: (env.IDP_REDIRECT_URIS ?? '').split(' ').filter(Boolean),
  ports: { google: port(env.IDP_GOOGLE_PORT), facebook: port(env.IDP_FACEBOOK_PORT) },
});
if (process.send) process.send({ issuers: idp.issuers });
else process.stdout.write(`${JSON.stringify(idp.issuers)}\n`);

const stop = () => void idp.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The server that started it has gone: so does it.
process.on('disconnect', stop);
