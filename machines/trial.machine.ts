import { assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { errorCodeOf, type IdentityRoute, identityMessages } from './identity-types.ts';
import { roleOf, type SessionInfo } from './session.ts';

export interface TrialContext {
  /** Message id of the failure, null while starting. */
  errorCode: string | null;
  session: SessionInfo | null;
}

export type TrialEvent = { type: 'trial.retry' };

export interface TrialOutput {
  redirectTo: IdentityRoute;
  session: SessionInfo;
}

/**
 * Trial play (/m/trail, spec section 4): shows loading while `startTrial`
 * (POST /wps/session/login/freeplay) creates a trial account; a trial
 * session (type 4) is stored and the user goes to /m/home. A failure, or an
 * answer that is not a trial session, shows an error with a retry.
 */
export const trialMachine = setup({
  types: {
    context: {} as TrialContext,
    events: {} as TrialEvent,
    output: {} as TrialOutput,
  },
  actors: {
    startTrial: fromPromise<SessionInfo>(async () => {
      throw new Error('startTrial is provided by the app');
    }),
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** Writes MC_SESSION_INFO (and trialName) for this tab. */
    storeSession: (_, _params: { session: SessionInfo; remember: boolean }) => {},
  },
  guards: {
    isTrialSession: (_, params: { session: SessionInfo }) => roleOf(params.session) === 'trial',
  },
}).createMachine({
  id: 'trial',
  context: { errorCode: null, session: null },
  initial: 'starting',
  output: ({ context }) => ({ redirectTo: '/m/home', session: context.session! }),
  states: {
    starting: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'startTrial',
        src: 'startTrial',
        onDone: [
          {
            guard: { type: 'isTrialSession', params: ({ event }) => ({ session: event.output }) },
            target: 'done',
            actions: [
              assign({ session: ({ event }) => event.output }),
              { type: 'storeSession', params: ({ event }) => ({ session: event.output, remember: false }) },
            ],
          },
          { target: 'failed', actions: assign({ errorCode: identityMessages.trialInvalid }) },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'trial.retry': { target: 'starting' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: { to: '/m/home', replace: true } },
    },
  },
});
