import { assign, fromPromise, setup } from 'xstate';
import type { SocialLink, SocialProvider } from '../contract/social.ts';
import { errorCodeOf } from './identity-types.ts';

/** The message id of each provider's name. */
export const socialProviderNames: Record<SocialProvider, 'identity.social.google' | 'identity.social.facebook'> = {
  google: 'identity.social.google',
  facebook: 'identity.social.facebook',
};

/** `login`: the login screen's buttons (a first sign-in creates a member); `link`: the security center's, for the signed-in member. */
export type SocialIntent = 'login' | 'link';

export interface SocialLoginInput {
  intent: SocialIntent;
}

/** What `loadProviders` answers: the providers offered, and (linking) the member's linked accounts. */
export interface SocialOffer {
  providers: SocialProvider[];
  links: SocialLink[];
}

export interface SocialStartRequest {
  intent: SocialIntent;
  provider: SocialProvider;
  remember: boolean;
}

export interface SocialLoginContext extends SocialOffer {
  intent: SocialIntent;
  /** The provider being opened, null when none. */
  provider: SocialProvider | null;
  /** Message id of the last failure, null when there is none. */
  errorCode: string | null;
}

export type SocialLoginEvent = { type: 'social.start'; provider: SocialProvider; remember?: boolean } | { type: 'social.retry' };

/**
 * Social login buttons (spec section 3: Facebook and Google when their
 * switches are on and the provider is ready; docs/social-login.md). Loads the
 * providers the server offers (and, linking, the member's linked accounts);
 * none when that fails, so the screen shows its other ways in. A tap on an
 * offered provider that is not linked yet starts the flow (`startSocial`:
 * the server keeps state, nonce and PKCE verifier and answers the
 * provider's address), and `openProvider` sends the browser there; the page
 * is left, so `redirecting` waits. A refused start shows its message and the
 * buttons again.
 */
export const socialLoginMachine = setup({
  types: {
    context: {} as SocialLoginContext,
    events: {} as SocialLoginEvent,
    input: {} as SocialLoginInput,
  },
  actors: {
    loadProviders: fromPromise<SocialOffer, { intent: SocialIntent }>(async () => {
      throw new Error('loadProviders is provided by the app');
    }),
    startSocial: fromPromise<string, SocialStartRequest>(async () => {
      throw new Error('startSocial is provided by the app');
    }),
  },
  actions: {
    /** Leaves the site for the provider's sign-in page (src/app/identity-actors.ts). */
    openProvider: (_, _params: { url: string }) => {},
  },
  guards: {
    isStartable: ({ context, event }) =>
      event.type === 'social.start' && context.providers.includes(event.provider) && !context.links.some((l) => l.provider === event.provider),
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({ intent: input.intent, providers: [], links: [], provider: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProviders',
        src: 'loadProviders',
        input: ({ context }) => ({ intent: context.intent }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ providers: event.output.providers, links: event.output.links })) },
        onError: { target: 'ready', actions: assign({ providers: [], links: [] }) },
      },
    },
    ready: {
      on: {
        'social.start': {
          guard: 'isStartable',
          target: 'starting',
          actions: assign({ provider: ({ event }) => event.provider, errorCode: null }),
        },
      },
    },
    starting: {
      invoke: {
        id: 'startSocial',
        src: 'startSocial',
        input: ({ context, event }) => ({
          intent: context.intent,
          provider: context.provider!,
          remember: event.type === 'social.start' && event.remember === true,
        }),
        onDone: { target: 'redirecting', actions: { type: 'openProvider', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'ready', actions: assign({ provider: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    /** The browser is on its way to the provider; coming back from its cache (back button) starts again. */
    redirecting: {
      on: { 'social.retry': { target: 'loading', actions: assign({ provider: null }) } },
    },
  },
});
