import { fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import type { IdentityRoute } from './identity-types.ts';

export type LogoutEvent = { type: 'logout.request' } | { type: 'logout.cancel' } | { type: 'logout.confirm' };

export interface LogoutOutput {
  redirectTo: IdentityRoute;
}

/**
 * Logout from the navbar, the member menu or settings (spec section 4):
 * `logout.request` opens the in_sure_logout dialog; `logout.confirm` shows
 * the loading message while `serverLogout` (DELETE /wps/session/logout)
 * runs. Whether it succeeds or fails, `clearLocalSession` clears the local
 * state (session storage, token, trial user, member info; autoLogin 0) and
 * the user goes to /m/home.
 */
export const logoutMachine = setup({
  types: {
    events: {} as LogoutEvent,
    output: {} as LogoutOutput,
  },
  actors: {
    serverLogout: fromPromise<void>(async () => {
      throw new Error('serverLogout is provided by the app');
    }),
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** Clears session storage, the token, the trial user and member info, and sets autoLogin to 0. */
    clearLocalSession: () => {},
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  output: { redirectTo: '/m/home' },
  states: {
    idle: {
      on: { 'logout.request': { target: 'confirming' } },
    },
    confirming: {
      on: {
        'logout.cancel': { target: 'idle' },
        'logout.confirm': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      invoke: {
        id: 'serverLogout',
        src: 'serverLogout',
        onDone: { target: 'loggedOut' },
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: {
      type: 'final',
      entry: ['clearLocalSession', { type: 'goTo', params: { to: '/m/home', replace: true } }],
    },
  },
});
