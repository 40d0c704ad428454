/**
 * Social login (spec section 3: Facebook or Google login on the login
 * screen when the switches FACEBOOKLOGIN3 or GOOGLELOGIN3 are on and the
 * provider is ready; docs/social-login.md). OpenID Connect code flow with
 * PKCE, run by the server: the page asks for the provider's address, the
 * browser signs in there, the provider sends it back to the server's
 * callback, and the server hands the page a one-time ticket that it
 * exchanges for a session, as a password login answers.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { loginResultSchema } from './session.ts';
import type { SwitchKey } from './system.ts';

export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];
export const socialProviderSchema = z.enum(socialProviders);

/** The white-label switch of each provider. */
export const socialSwitchOf: Record<SocialProvider, SwitchKey> = { google: 'GOOGLELOGIN3', facebook: 'FACEBOOKLOGIN3' };

/** The page the server's callback sends the browser back to, with `?ticket=` or `?error=`. */
export const socialReturnPath = '/m/social';

/** How long a started sign-in may take at the provider, and how long its ticket waits for the page. */
export const socialFlowTtlMs = 10 * 60_000;
export const socialTicketTtlMs = 60_000;

/** What the callback can tell the page instead of a ticket (each a message id `social.error.<code>`). */
export const socialReturnErrors = ['cancelled', 'expired', 'failed', 'disabled', 'linkedElsewhere'] as const;
export type SocialReturnError = (typeof socialReturnErrors)[number];

/**
 * /m/social?ticket= | ?linked= | ?error= : what the callback put in the address. A ticket is what the server
 * makes (base64url, 43 characters); anything else is dropped (an unknown error shows as a failed sign-in).
 * Read by the page itself, not by the route (whose table is in the site's first load).
 */
export const socialReturnSearch = z.object({
  ticket: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{20,128}$/))), undefined),
  error: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z]{1,32}$/))), undefined),
  linked: z.catch(z.optional(socialProviderSchema), undefined),
});

export const socialProvidersSchema = z.object({
  /** The providers whose switch is on and whose discovery document answered, in the order the buttons show. */
  providers: z.array(socialProviderSchema),
});

export const socialProvidersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/social/providers',
  tag: 'session',
  summary: 'The social login providers offered: switch on (GOOGLELOGIN3, FACEBOOKLOGIN3) and provider ready',
  value: socialProvidersSchema,
});

export const socialStartSchema = z.object({
  provider: socialProviderSchema,
  /** Remember-me: the exchange then also answers a device token, as the password login does. */
  remember: z.optional(z.boolean()),
});

export const socialStartResultSchema = z.object({
  /** Where the browser goes to sign in (the provider's authorization endpoint with state, nonce and PKCE challenge). */
  authorizationUrl: z.string(),
});

export const socialStartEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/social/start',
  tag: 'session',
  summary:
    'Starts a social sign-in: answers the provider address and sets the flow cookie that the callback checks; a first sign-in creates a member',
  body: socialStartSchema,
  value: socialStartResultSchema,
});

export const socialLinkStartEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/social/link',
  tag: 'session',
  summary: "Starts linking a provider account to the signed-in member (the security center's button); the callback links it",
  body: z.object({ provider: socialProviderSchema }),
  value: socialStartResultSchema,
  auth: true,
});

export const socialLinkSchema = z.object({
  provider: socialProviderSchema,
  /** The provider account's e-mail address when it gave one. */
  email: z.nullable(z.string()),
  linkedAt: z.string(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const socialLinksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/social/links',
  tag: 'session',
  summary: "The member's linked provider accounts",
  value: z.object({ links: z.array(socialLinkSchema) }),
  auth: true,
});

export const socialExchangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/social/exchange',
  tag: 'session',
  summary: "Exchanges the callback's one-time ticket for a session (same device id as the start); answers as the login does",
  body: z.object({ ticket: z.string().check(z.minLength(1), z.maxLength(128)) }),
  value: loginResultSchema,
});
