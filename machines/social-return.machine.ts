import { assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { type SocialProvider, type SocialReturnError, socialReturnErrors } from '../contract/social.ts';
import { errorCodeOf } from './identity-types.ts';
import type { SessionInfo } from './session.ts';

/** What the server's callback put in /m/social's address. */
export interface SocialReturnInput {
  ticket: string | null;
  error: string | null;
  linked: SocialProvider | null;
}

export interface SocialReturnContext extends SocialReturnInput {
  /** Message id of the failure, null while signing in. */
  errorCode: string | null;
  session: SessionInfo | null;
}

export type SocialReturnEvent = { type: 'social.back' };

/** The message of an error the callback named (`identity.social.error.<code>`); an unknown one is a failed sign-in. */
export function socialErrorMessage(error: string | null): string {
  const code: SocialReturnError = socialReturnErrors.includes(error as SocialReturnError) ? (error as SocialReturnError) : 'failed';
  return `identity.social.error.${code}`;
}

/**
 * Back from a social provider (/m/social, docs/social-login.md). With a
 * ticket: `exchangeTicket` turns it into a session (once, from this
 * device), which is stored as a login's, and the player goes home. With
 * `linked`: the provider account is now the member's; the security center
 * opens after `linkedRedirectDelay` (1.5 s). With an error (cancelled,
 * expired, ...) or a refused ticket: its message and a way back to the login.
 */
export const socialReturnMachine = setup({
  types: {
    context: {} as SocialReturnContext,
    events: {} as SocialReturnEvent,
    input: {} as SocialReturnInput,
  },
  actors: {
    exchangeTicket: fromPromise<SessionInfo, { ticket: string }>(async () => {
      throw new Error('exchangeTicket is provided by the app');
    }),
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** Hands the session to the app machine, as a login does. */
    storeSession: (_, _params: { session: SessionInfo }) => {},
  },
  guards: {
    hasTicket: ({ context }) => context.ticket !== null && context.ticket !== '',
    isLinked: ({ context }) => context.linked !== null,
  },
  delays: {
    linkedRedirectDelay: 1_500,
  },
}).createMachine({
  id: 'socialReturn',
  context: ({ input }) => ({ ...input, errorCode: null, session: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasTicket', target: 'signingIn' },
        { guard: 'isLinked', target: 'linked' },
        { target: 'failed', actions: assign({ errorCode: ({ context }) => socialErrorMessage(context.error) }) },
      ],
    },
    signingIn: {
      invoke: {
        id: 'exchangeTicket',
        src: 'exchangeTicket',
        input: ({ context }) => ({ ticket: context.ticket! }),
        onDone: {
          target: 'done',
          actions: [
            assign({ session: ({ event }) => event.output }),
            { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    linked: {
      after: { linkedRedirectDelay: { target: 'leaving', actions: { type: 'goTo', params: { to: '/m/securityCenter', replace: true } } } },
    },
    failed: {
      on: { 'social.back': { target: 'leaving', actions: { type: 'goTo', params: { to: '/m/login', replace: true } } } },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: { to: '/m/home', replace: true } },
    },
    leaving: { type: 'final' },
  },
});
