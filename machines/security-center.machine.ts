import { assign, fromPromise, setup } from 'xstate';
import type { MemberSession, SecurityConfig, SecurityQuestionId } from '../contract/security.ts';
import { errorCodeOf, moneyMessages } from './money-types.ts';

/** What the security center shows: what is set, and the member's sessions and remembered devices. */
export interface SecurityOverview {
  config: SecurityConfig;
  sessions: MemberSession[];
}

export interface SecurityCenterInput {
  /** A trial account (type 4): it has nothing to secure and is refused, as withdraw refuses it. */
  isTrial: boolean;
}

export interface SecurityCenterContext {
  isTrial: boolean;
  overview: SecurityOverview | null;
  /** How many sessions the last "sign out elsewhere" ended. */
  ended: number | null;
  errorCode: string | null;
}

export type SecurityCenterEvent =
  | { type: 'security.retry' }
  | { type: 'security.reload' }
  /** Told by the payment password machine. */
  | { type: 'security.pinSet' }
  /** Told by the security questions machine. */
  | { type: 'security.questionsSet'; questionIds: SecurityQuestionId[] }
  | { type: 'sessions.signOutElsewhere' }
  | { type: 'sessions.confirm' }
  | { type: 'sessions.cancel' };

/**
 * The security center (/m/securityCenter; spec sections 2 and 7).
 * `loadOverview` reads what the member has set (payment password, security
 * questions) and the live sessions and remembered devices; a failure offers a
 * retry; a trial account is refused (free_reject). The payment password and
 * the security questions are their own machines, which tell this one what
 * they set. "Sign out elsewhere" asks for confirmation, then `signOutElsewhere`
 * ends every other session and remembered device; the list keeps this one and
 * "Signed out elsewhere" shows for `doneToast` (spec section 9).
 */
export const securityCenterMachine = setup({
  types: {
    context: {} as SecurityCenterContext,
    events: {} as SecurityCenterEvent,
    input: {} as SecurityCenterInput,
  },
  actors: {
    loadOverview: fromPromise<SecurityOverview>(async () => {
      throw new Error('loadOverview is provided by the app');
    }),
    signOutElsewhere: fromPromise<{ ended: number }>(async () => {
      throw new Error('signOutElsewhere is provided by the app');
    }),
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    hasOtherSessions: ({ context }) => !!context.overview?.sessions.some((session) => !session.current),
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    doneToast: 1000,
  },
}).createMachine({
  id: 'securityCenter',
  context: ({ input }) => ({ isTrial: input.isTrial, overview: null, ended: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) }, { target: 'loading' }],
    },
    rejected: {},
    loading: {
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'security.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'security.reload': { target: 'loading' },
        'security.pinSet': {
          actions: assign({ overview: ({ context }) => context.overview && { ...context.overview, config: { ...context.overview.config, hasWithdrawalPassword: true } } }),
        },
        'security.questionsSet': {
          actions: assign({
            overview: ({ context, event }) => context.overview && { ...context.overview, config: { ...context.overview.config, questionIds: event.questionIds } },
          }),
        },
      },
      states: {
        idle: {
          on: { 'sessions.signOutElsewhere': { guard: 'hasOtherSessions', target: 'confirming', actions: assign({ errorCode: null }) } },
        },
        confirming: {
          on: {
            'sessions.confirm': { target: 'signingOut' },
            'sessions.cancel': { target: 'idle' },
          },
        },
        signingOut: {
          invoke: {
            id: 'signOutElsewhere',
            src: 'signOutElsewhere',
            onDone: {
              target: 'signedOut',
              actions: assign({
                ended: ({ event }) => event.output.ended,
                overview: ({ context }) => context.overview && { ...context.overview, sessions: context.overview.sessions.filter((session) => session.current) },
              }),
            },
            onError: { target: 'idle', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        signedOut: {
          after: { doneToast: { target: 'idle' } },
        },
      },
    },
  },
});
