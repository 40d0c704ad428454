import { type AnyActorLogic, assign, fromPromise, setup, stopChild } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { isSessionEndedError, roleOf, type SessionInfo } from './session.ts';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';

export interface AppContext {
  session: SessionInfo | null;
  /** Interface language code (EN, CN, ...). */
  language: string;
  /** The system status remembered from the last visit, handed to `systemStatus`. */
  cachedStatus: StatusAnswer | null;
  /**
   * The errorCode with which the server ended the last session (login.not.session,
   * login.session.expired, user.or.token.invalid), shown until dismissed or the next login.
   */
  sessionEnded: string | null;
}

export type AppEvent =
  | { type: 'session.login'; session: SessionInfo; remember: boolean }
  | { type: 'session.logout' }
  /**
   * The server ended the session: an authenticated call was answered with one of
   * `sessionEndedCodes`. `token` is the token that call sent; an answer about an
   * older session (the member has logged in again since) changes nothing.
   */
  | { type: 'session.expire'; errorCode: string; token?: string }
  /** Home or the header mounted: renew the session (it also proves a restored one is still valid). */
  | { type: 'session.renew' }
  /** The password was changed: no first login or expired password any more. */
  | { type: 'session.passwordChanged' }
  | { type: 'notice.dismiss' }
  | { type: 'language.change'; language: string }
  /**
   * Start a long-lived actor of the site as a child named `systemId` (its logic
   * arrives with the event: the balance, favourites and launcher load on demand).
   * Ignored while one of that name runs.
   */
  | { type: 'actor.spawn'; systemId: LongLivedActor; logic: AnyActorLogic; input?: unknown }
  /** The actor of this system id is done with (a screen's, when the screen goes: src/app/actor-system.ts). */
  | { type: 'actor.stop'; systemId: string }
  /** Go to a page of the site (every machine's navigation goes through here, so it shows in the inspector). */
  | ({ type: 'navigate' } & Navigation);

/** The long-lived actors the app supervises, by their system ids (systemStatus is always running). */
export const longLivedActors = ['balance', 'favourites', 'launch', 'unread', 'chatLaunch', 'contractPrompt'] as const;
export type LongLivedActor = (typeof longLivedActors)[number];
/** Children told when someone signs in or out (`session.change`; the unread counts follow the role through src/app/notice-actors.ts). */
const sessionListeners: readonly LongLivedActor[] = ['favourites', 'launch'];

/** Spec section 9, the short toast: how long the notice of a session the server ended stays. */
export const sessionEndedNoticeMs = 3000;

export interface AppInput {
  language: string;
  cachedStatus: StatusAnswer | null;
}

/** member, trial and agent alike: idle, or renewing the session with the server. */
const signedIn = {
  initial: 'idle',
  entry: [{ type: 'announceSession', params: { loggedIn: true } }],
  exit: ['stopSessionActors'],
  on: {
    'session.logout': { target: 'guest', actions: ['clearSession', 'forgetSession', 'forgetDeviceToken'] },
    'session.expire': {
      guard: 'isCurrentSession',
      target: '#app.guest.sessionEnded',
      actions: [
        'clearSession',
        'forgetSession',
        'forgetDeviceToken',
        { type: 'noteSessionEnded', params: ({ event }: { event: { errorCode: string } }) => ({ errorCode: event.errorCode }) },
      ],
    },
    'session.passwordChanged': { actions: ['clearPasswordRequest', 'rewriteSession'] },
  },
  states: {
    idle: {
      on: { 'session.renew': { target: 'renewing' } },
    },
    renewing: {
      invoke: {
        id: 'renewSession',
        src: 'renewSession',
        input: ({ context }: { context: AppContext }) => ({ token: context.session?.token ?? '' }),
        onDone: { target: 'idle' },
        onError: [
          {
            guard: { type: 'isSessionEnded', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
            target: '#app.guest.sessionEnded',
            actions: [
              'clearSession',
              'forgetSession',
              'forgetDeviceToken',
              {
                type: 'noteSessionEnded',
                params: ({ event }: { event: { error: unknown } }) => ({ errorCode: (event.error as { errorCode: string }).errorCode }),
              },
            ],
          },
          // No network or a server failure: the session may well be alive; the next call will tell.
          { target: 'idle' },
        ],
      },
    },
  },
} as const;

/**
 * The application: who is using the site (guest, member, trial or agent;
 * restored from MC_SESSION_INFO at start) and the language, with the system
 * status machine running as the child `systemStatus`.
 *
 * A signed-in user's session is renewed (`renewSession`, POST
 * /wps/session/renew) when home or the header mounts. When the server says
 * the session has ended (the renewal, or any authenticated call reported as
 * `session.expire`), the session is cleared as by a logout, the remembered
 * account stays, and `sessionEnded` holds the reason for the view to show
 * ('The account has been logged out, please log in again') on the way to
 * /m/login.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    restoreSession: fromPromise<SessionInfo | null>(async () => null),
    /** Renews the session of `token`; fails with the server's errorCode when the session has ended. */
    renewSession: fromPromise<unknown, { token: string }>(async () => null),
    systemStatus: systemStatusMachine,
  },
  actions: {
    /** Writes MC_SESSION_INFO to local storage (remember) or session storage. */
    storeSession: (_, _params: { session: SessionInfo; remember: boolean }) => {},
    /** Writes the changed session record where MC_SESSION_INFO is kept. */
    rewriteSession: () => {},
    /** Removes MC_SESSION_INFO and the other traces of the session (session storage: trialName, ...). */
    forgetSession: () => {},
    /** Drops remember-me's device token (autoLogin 0); the remembered account stays for the form. */
    forgetDeviceToken: () => {},
    /** Keeps the language for the next visit. */
    storeLanguage: (_, _params: { language: string }) => {},
    clearSession: assign({ session: null }),
    clearSessionEnded: assign({ sessionEnded: null }),
    noteSessionEnded: assign((_, params: { errorCode: string }) => ({ sessionEnded: params.errorCode })),
    clearPasswordRequest: assign({
      session: ({ context }) => context.session && { ...context.session, firstTimeLogin: false, passwordExpired: false },
    }),
    /** Goes to a page of the site (the router, in src/app). */
    navigate: (_, _params: Navigation) => {},
    /**
     * Starts the logic of an `actor.spawn` as a child under its system id,
     * unless one runs already. The logic arrives with the event (it is loaded
     * on demand), so it is typed as any logic rather than one of `actors`.
     */
    spawnLongLived: assign(({ event, spawn, system }) => {
      if (event.type === 'actor.spawn' && !system.get(event.systemId)) {
        spawn(event.logic as never, { id: event.systemId, systemId: event.systemId, input: event.input } as never);
      }
      return {};
    }),
    stopSessionActors: stopChild('balance'),
    /** Stops the app's child of an `actor.stop`'s system id (nothing when none runs). */
    stopActor: stopChild(({ event, system }) => (event.type === 'actor.stop' ? (system.get(event.systemId) ?? '') : '')),
    /** Tells the running favourites and launcher who is signed in now. */
    announceSession: ({ system }, params: { loggedIn: boolean }) => {
      for (const id of sessionListeners) system.get(id)?.send({ type: 'session.change', loggedIn: params.loggedIn });
    },
  },
  delays: {
    /** The notice of a session the server ended stays this long. */
    sessionEndedNotice: sessionEndedNoticeMs,
  },
  guards: {
    isMember: ({ context }) => roleOf(context.session) === 'member',
    isTrial: ({ context }) => roleOf(context.session) === 'trial',
    isAgent: ({ context }) => roleOf(context.session) === 'agent',
    isCurrentSession: ({ context, event }) =>
      event.type === 'session.expire' && (event.token === undefined || event.token === context.session?.token),
    isSessionEnded: (_, params: { error: unknown }) => isSessionEndedError(params.error),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ session: null, language: input.language, cachedStatus: input.cachedStatus, sessionEnded: null }),
  invoke: {
    id: 'systemStatus',
    systemId: 'systemStatus',
    src: 'systemStatus',
    input: ({ context }) => ({ cached: context.cachedStatus }),
  },
  on: {
    'language.change': {
      actions: [
        assign({ language: ({ event }) => event.language }),
        { type: 'storeLanguage', params: ({ event }) => ({ language: event.language }) },
      ],
    },
    'actor.spawn': { actions: 'spawnLongLived' },
    'actor.stop': { actions: 'stopActor' },
    navigate: { actions: { type: 'navigate', params: ({ event: { type: _, ...to } }) => to } },
  },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: { target: 'deciding', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'guest' },
      },
    },
    deciding: {
      always: [
        { guard: 'isAgent', target: 'agent' },
        { guard: 'isTrial', target: 'trial' },
        { guard: 'isMember', target: 'member' },
        { target: 'guest' },
      ],
    },
    guest: {
      entry: [{ type: 'announceSession', params: { loggedIn: false } }],
      initial: 'idle',
      states: {
        idle: {},
        /** The server ended the session: the login screen, with the reason shown for a moment. */
        sessionEnded: {
          entry: [{ type: 'navigate', params: { to: '/m/login', replace: true } }],
          after: { sessionEndedNotice: { target: 'idle', actions: 'clearSessionEnded' } },
          on: { 'notice.dismiss': { target: 'idle', actions: 'clearSessionEnded' } },
        },
      },
      on: {
        'session.login': {
          target: 'deciding',
          actions: [
            assign({ session: ({ event }) => event.session, sessionEnded: null }),
            { type: 'storeSession', params: ({ event }) => ({ session: event.session, remember: event.remember }) },
          ],
        },
      },
    },
    member: signedIn,
    trial: signedIn,
    agent: signedIn,
  },
});
