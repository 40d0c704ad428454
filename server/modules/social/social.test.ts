/**
 * Social login against the real local identity provider (server/idp, two
 * oidc-provider issuers on 127.0.0.1), the casino app answering in-process:
 * a small browser follows the provider's redirects with its cookies, signs
 * in on the provider's page, and brings the code back to the casino's
 * callback with the flow cookie. What a player and a caller see: the
 * providers offered by the switches, a first sign-in creating a member and
 * the next one finding it, remember-me, cancel, a wrong password, a callback
 * from another browser or replayed, one-time tickets bound to the device and
 * to 60 s, linking to a signed-in member, and bad input answered 4xx.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberInfoEndpoint } from '../../../contract/member.ts';
import {
  socialExchangeEndpoint,
  socialLinksEndpoint,
  socialLinkStartEndpoint,
  type SocialProvider,
  socialProvidersEndpoint,
  socialStartEndpoint,
  socialTicketTtlMs,
} from '../../../contract/social.ts';
import { startLocalIdp, type LocalIdp } from '../../idp/local-idp.ts';
import { localIdpAccounts } from '../../idp/local-idp-accounts.ts';
import { failureOf, createHarness, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createMember, signIn } from '../../test/wallet-harness.ts';
import { setMerchantSwitch } from '../system/queries.ts';

const origin = 'http://casino.test';
const clientSecret = 'local-idp-test-secret-0123456789abcdef';
let idp: LocalIdp;
let h: Harness;
let devices = 0;

beforeAll(async () => {
  idp = await startLocalIdp({
    clientId: 'm-casino',
    clientSecret,
    redirectUris: [`${origin}/wps/social/google/callback`, `${origin}/wps/social/facebook/callback`],
  });
  h = await createHarness({
    social: {
      providers: {
        google: { issuer: idp.issuers.google, clientId: 'm-casino', clientSecret },
        facebook: { issuer: idp.issuers.facebook, clientId: 'm-casino', clientSecret },
        // Registered, but nothing answers there: never offered.
      },
      redirectOrigins: [origin],
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await idp?.close();
});
beforeEach(async () => {
  await setMerchantSwitch(h.app.db, 'DEMO', 'GOOGLELOGIN3', true);
  await setMerchantSwitch(h.app.db, 'DEMO', 'FACEBOOKLOGIN3', true);
});

/** A phone's browser: its device id, the casino client with that id, and the cookies the provider set. */
function browser() {
  const deviceId = `social-device-${++devices}-0123456789`;
  const client = h.client({ deviceId });
  const idpCookies = new Map<string, string>();
  let flowCookie: string | null = null;
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      idpCookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const idpFetch = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...idpCookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    keep(response);
    return response;
  };
  return {
    deviceId,
    client,
    /** Starts the flow as the login screen does; keeps the casino's flow cookie. */
    async start(provider: SocialProvider, remember = false, as: TestClient = client) {
      const response = await h.app.inject({
        method: 'POST',
        url: socialStartEndpoint.path,
        headers: { host: 'casino.test', merchant: 'DEMO', 'device-id': as.deviceId ?? '', 'content-type': 'application/json' },
        payload: { provider, remember },
      });
      expect(response.statusCode, response.body).toBe(200);
      flowCookie = /^mc_social=([^;]+)/.exec(String(response.headers['set-cookie']))?.[1] ?? null;
      return (response.json() as { value: { authorizationUrl: string } }).value.authorizationUrl;
    },
    /** Opens the provider's page: answers the sign-in page's address. */
    async openProvider(authorizationUrl: string) {
      const first = await idpFetch(authorizationUrl);
      expect(first.status).toBe(303);
      const page = new URL(first.headers.get('location')!, authorizationUrl).href;
      const shown = await idpFetch(page);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('Sign in to continue to M Casino');
      return page;
    },
    /** Submits the provider's form; follows the provider's redirects to the casino's callback address. */
    async signInAtProvider(page: string, email: string, password: string): Promise<Response> {
      let response = await idpFetch(`${page}/login`, {
        method: 'POST',
        body: new URLSearchParams({ email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      let at = `${page}/login`;
      while (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get('location')!, at).href;
        if (next.startsWith(origin)) return response;
        at = next;
        response = await idpFetch(next);
      }
      return response;
    },
    async cancelAtProvider(page: string): Promise<string> {
      let response = await idpFetch(`${page}/abort`);
      let at = `${page}/abort`;
      while (!response.headers.get('location')!.startsWith(origin)) {
        at = new URL(response.headers.get('location')!, at).href;
        response = await idpFetch(at);
      }
      return response.headers.get('location')!;
    },
    /** The casino's callback, as the browser opens it (with the flow cookie unless told otherwise). */
    async callback(location: string, cookie: string | null = flowCookie) {
      const url = new URL(location);
      const response = await h.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie: `mc_social=${cookie}` } : {} });
      expect(response.statusCode).toBe(303);
      return new URL(String(response.headers.location), origin);
    },
    get flowCookie() {
      return flowCookie;
    },
  };
}

/** A whole sign-in: start, the provider's page, the callback; answers where the site lands. */
async function signInWith(b: ReturnType<typeof browser>, provider: SocialProvider, email: string, password: string, remember = false) {
  const page = await b.openProvider(await b.start(provider, remember));
  const atProvider = await b.signInAtProvider(page, email, password);
  return b.callback(atProvider.headers.get('location')!);
}

const google = localIdpAccounts.google[0]!;
const facebook = localIdpAccounts.facebook[0]!;

describe('the providers offered', () => {
  it('are those whose switch is on', async () => {
    const { client } = browser();
    expect(await client.call(socialProvidersEndpoint)).toEqual({ providers: ['google', 'facebook'] });
    await setMerchantSwitch(h.app.db, 'DEMO', 'GOOGLELOGIN3', false);
    expect(await client.call(socialProvidersEndpoint)).toEqual({ providers: ['facebook'] });
    const refused = await failureOf(client.call(socialStartEndpoint, { body: { provider: 'google' } }));
    expect([refused.status, refused.errorCode]).toEqual([403, 'social.disabled']);
  });

  it('leave out a provider that does not answer', async () => {
    const other = await createHarness({
      social: { providers: { google: { issuer: 'http://127.0.0.1:9/', clientId: 'm-casino', clientSecret } }, redirectOrigins: [origin] },
    });
    try {
      expect(await other.client().call(socialProvidersEndpoint)).toEqual({ providers: [] });
      const refused = await failureOf(other.client().call(socialStartEndpoint, { body: { provider: 'google' } }));
      expect([refused.status, refused.errorCode]).toEqual([503, 'social.unavailable']);
    } finally {
      await other.close();
    }
  });
});

describe('signing in', () => {
  it('creates a member on the first sign-in and finds the same one on the next', async () => {
    const b = browser();
    const landed = await signInWith(b, 'google', google.email, google.password);
    expect(landed.pathname).toBe('/m/social');
    const ticket = landed.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[\w-]{43}$/);
    const session = await b.client.call(socialExchangeEndpoint, { body: { ticket } });
    expect(session).toMatchObject({ type: 0, firstTimeLogin: false, passwordExpired: false });
    expect(session.userName).toMatch(/^anasantos_\d{4}$/);
    expect(session.deviceToken).toBeUndefined();
    b.client.token = session.token;
    const info = await b.client.call(memberInfoEndpoint);
    expect(info).toMatchObject({ account: session.userName, type: 0, email: 'an***@gmail.test', nickname: google.name });

    const again = browser();
    const next = await signInWith(again, 'google', google.email, google.password, true);
    const second = await again.client.call(socialExchangeEndpoint, { body: { ticket: next.searchParams.get('ticket')! } });
    expect(second.userName).toBe(session.userName);
    // Remember-me gives a device token, as the password login does.
    expect(second.deviceToken).toEqual(expect.any(String));
  });

  it('keeps each provider account apart: a Facebook account is another member', async () => {
    const b = browser();
    const landed = await signInWith(b, 'facebook', facebook.email, facebook.password);
    const session = await b.client.call(socialExchangeEndpoint, { body: { ticket: landed.searchParams.get('ticket')! } });
    expect(session.userName).toMatch(/^benreyes_\d{4}$/);
  });

  it('a wrong password stays on the provider page, and a cancel comes back as cancelled', async () => {
    const b = browser();
    const page = await b.openProvider(await b.start('google'));
    const wrong = await b.signInAtProvider(page, google.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong e-mail or password.');
    const back = await b.callback(await b.cancelAtProvider(page));
    expect(back.pathname + back.search).toBe('/m/social?error=cancelled');
  });

  it('takes a callback only in the browser that started it, and only once', async () => {
    const b = browser();
    const page = await b.openProvider(await b.start('google'));
    const callback = (await b.signInAtProvider(page, google.email, google.password)).headers.get('location')!;
    // Another browser (no flow cookie, or another's) is turned away; that spends nothing.
    expect((await b.callback(callback, null)).search).toBe('?error=expired');
    expect((await b.callback(callback, 'someone-elses-state')).search).toBe('?error=expired');
    const landed = await b.callback(callback);
    expect(landed.searchParams.get('ticket')).toBeTruthy();
    // The same callback again (a replayed code and state): spent.
    expect((await b.callback(callback)).search).toBe('?error=expired');
  });

  it('gives a ticket that works once, from the same device, within 60 s', async () => {
    const b = browser();
    const ticket = (await signInWith(b, 'google', google.email, google.password)).searchParams.get('ticket')!;
    const otherDevice = browser().client;
    const stolen = await failureOf(otherDevice.call(socialExchangeEndpoint, { body: { ticket } }));
    expect([stolen.status, stolen.errorCode]).toEqual([400, 'social.ticket.invalid']);
    // Tried from another device, the ticket is spent too.
    const after = await failureOf(b.client.call(socialExchangeEndpoint, { body: { ticket } }));
    expect(after.errorCode).toBe('social.ticket.invalid');

    const late = browser();
    const lateTicket = (await signInWith(late, 'google', google.email, google.password)).searchParams.get('ticket')!;
    h.clock.advance(socialTicketTtlMs + 1_000);
    const expired = await failureOf(late.client.call(socialExchangeEndpoint, { body: { ticket: lateTicket } }));
    expect(expired.errorCode).toBe('social.ticket.invalid');

    const once = browser();
    const onceTicket = (await signInWith(once, 'google', google.email, google.password)).searchParams.get('ticket')!;
    await once.client.call(socialExchangeEndpoint, { body: { ticket: onceTicket } });
    const twice = await failureOf(once.client.call(socialExchangeEndpoint, { body: { ticket: onceTicket } }));
    expect(twice.errorCode).toBe('social.ticket.invalid');
  });
});

describe('linking', () => {
  it("links a provider account to the signed-in member, whose sign-ins then open that member's account", async () => {
    await createMember(h.app.db, 'linkplayer');
    const player = await signIn(h, 'linkplayer');
    const b = browser();
    const linked = localIdpAccounts.google[1]!;
    const response = await h.app.inject({
      method: 'POST',
      url: socialLinkStartEndpoint.path,
      headers: { host: 'casino.test', merchant: 'DEMO', authorization: player.token!, 'content-type': 'application/json' },
      payload: { provider: 'google' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = /^mc_social=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    const page = await b.openProvider(response.json().value.authorizationUrl);
    const atProvider = await b.signInAtProvider(page, linked.email, linked.password);
    const back = await b.callback(atProvider.headers.get('location')!, cookie);
    expect(back.pathname + back.search).toBe('/m/social?linked=google');
    expect(await player.call(socialLinksEndpoint)).toEqual({ links: [{ provider: 'google', email: linked.email, linkedAt: expect.any(String) }] });

    const later = browser();
    const ticket = (await signInWith(later, 'google', linked.email, linked.password)).searchParams.get('ticket')!;
    expect((await later.client.call(socialExchangeEndpoint, { body: { ticket } })).userName).toBe('linkplayer');
  });

  it('refuses an account already linked to another member', async () => {
    await createMember(h.app.db, 'otherplayer');
    const agent = await signIn(h, 'otherplayer');
    const b = browser();
    const response = await h.app.inject({
      method: 'POST',
      url: socialLinkStartEndpoint.path,
      headers: { host: 'casino.test', merchant: 'DEMO', authorization: agent.token!, 'content-type': 'application/json' },
      payload: { provider: 'google' },
    });
    const cookie = /^mc_social=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    const page = await b.openProvider(response.json().value.authorizationUrl);
    // Ana's Google account signed in above: it has its own member.
    const atProvider = await b.signInAtProvider(page, google.email, google.password);
    const back = await b.callback(atProvider.headers.get('location')!, cookie);
    expect(back.search).toBe('?error=linkedElsewhere');
    expect(await agent.call(socialLinksEndpoint)).toEqual({ links: [] });
  });
});

describe('bad input', () => {
  it('is answered 4xx with an errorCode', async () => {
    const { client } = browser();
    const unknown = await failureOf(client.call(socialStartEndpoint, { body: { provider: 'myspace' as 'google' } }));
    expect([unknown.status, unknown.errorCode]).toEqual([400, 'request.invalid']);
    const guestLink = await failureOf(client.call(socialLinkStartEndpoint, { body: { provider: 'google' } }));
    expect([guestLink.status, guestLink.errorCode]).toEqual([401, 'user.or.token.invalid']);
    const noTicket = await failureOf(client.call(socialExchangeEndpoint, { body: { ticket: 'x'.repeat(43) } }));
    expect([noTicket.status, noTicket.errorCode]).toEqual([400, 'social.ticket.invalid']);
    // An address the providers do not know: no flow starts.
    const response = await h.app.inject({
      method: 'POST',
      url: socialStartEndpoint.path,
      headers: { host: 'evil.test', merchant: 'DEMO', 'content-type': 'application/json' },
      payload: { provider: 'google' },
    });
    expect([response.statusCode, response.json().errorCode]).toEqual([400, 'social.unavailable']);
    const wrongProvider = await h.app.inject({ method: 'GET', url: '/wps/social/myspace/callback?code=x&state=y' });
    expect(wrongProvider.statusCode).toBe(404);
  });
});
