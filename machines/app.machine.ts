import { assign, fromPromise, setup } from 'xstate';
import { roleOf, type SessionInfo } from './session.ts';
import { type StatusAnswer, systemStatusMachine } from './system-status.machine.ts';

export interface AppContext {
  session: SessionInfo | null;
  /** Interface language code (EN, CN, ...). */
  language: string;
  /** The system status remembered from the last visit, handed to `systemStatus`. */
  cachedStatus: StatusAnswer | null;
}

export type AppEvent =
  | { type: 'session.login'; session: SessionInfo; remember: boolean }
  | { type: 'session.logout' }
  | { type: 'session.expire' }
  | { type: 'language.change'; language: string };

export interface AppInput {
  language: string;
  cachedStatus: StatusAnswer | null;
}

const signedIn = {
  on: {
    'session.logout': { target: 'guest', actions: ['clearSession', 'forgetSession'] },
    'session.expire': { target: 'guest', actions: ['clearSession', 'forgetSession'] },
  },
} as const;

/**
 * The application: who is using the site (guest, member, trial or agent;
 * restored from MC_SESSION_INFO at start) and the language, with the system
 * status machine running as the child `systemStatus`.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    restoreSession: fromPromise<SessionInfo | null>(async () => null),
    systemStatus: systemStatusMachine,
  },
  actions: {
    /** Writes MC_SESSION_INFO to local storage (remember) or session storage. */
    storeSession: (_, _params: { session: SessionInfo; remember: boolean }) => {},
    /** Removes MC_SESSION_INFO and the other traces of the session. */
    forgetSession: () => {},
    /** Keeps the language for the next visit. */
    storeLanguage: (_, _params: { language: string }) => {},
    clearSession: assign({ session: null }),
  },
  guards: {
    isMember: ({ context }) => roleOf(context.session) === 'member',
    isTrial: ({ context }) => roleOf(context.session) === 'trial',
    isAgent: ({ context }) => roleOf(context.session) === 'agent',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ session: null, language: input.language, cachedStatus: input.cachedStatus }),
  invoke: {
    id: 'systemStatus',
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
      on: {
        'session.login': {
          target: 'deciding',
          actions: [
            assign({ session: ({ event }) => event.session }),
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
