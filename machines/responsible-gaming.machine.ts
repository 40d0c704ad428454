import { assign, fromPromise, setup } from 'xstate';
import {
  type ExclusionRequest,
  type LimitChange,
  type LimitKind,
  type LimitPeriod,
  maxLimitAmount,
  type Protection,
  type SessionSettings,
  type StatementMonth,
} from '../contract/responsible-gaming.ts';
import { errorCodeOf, moneyMessages } from './money-types.ts';

/** Message ids of the page's own refusals (the amount field of a limit). */
export const responsibleGamingMessages = {
  notNumber: 'rg.limit.notNumber',
  notPositive: 'rg.limit.positive',
  tooLarge: 'rg.limit.tooLarge',
} as const;

/** The server's answer to a trial account (contract/error-codes.ts). */
export const trialForbiddenCode = 'trial.forbidden';

/** What the page shows: the member's protection and its activity statement. */
export interface ResponsibleGamingData {
  protection: Protection;
  statement: StatementMonth[];
}

export interface ResponsibleGamingInput {
  /** A trial account (type 4): refused, as the other member screens refuse it. */
  isTrial: boolean;
}

/** What was just saved (its confirmation shows until the next action). */
export type ResponsibleGamingNotice = 'limit' | 'session' | 'exclusion';

export interface ResponsibleGamingContext {
  isTrial: boolean;
  protection: Protection | null;
  statement: StatementMonth[] | null;
  /** The limit whose form is open. */
  editing: { kind: LimitKind; period: LimitPeriod } | null;
  /** The time-out or self-exclusion waiting for confirmation. */
  exclusion: ExclusionRequest | null;
  notice: ResponsibleGamingNotice | null;
  /** The page's load failure. */
  errorCode: string | null;
  /** The open limit form's refusal (the client's check or the server's). */
  limitError: string | null;
  sessionError: string | null;
  exclusionError: string | null;
}

export type ResponsibleGamingEvent =
  | { type: 'rg.retry' }
  | { type: 'limit.edit'; kind: LimitKind; period: LimitPeriod }
  /** The amount typed, in minor units (NaN when it is not a number). */
  | { type: 'limit.submit'; amount: number }
  | { type: 'limit.remove' }
  | { type: 'limit.cancel' }
  | ({ type: 'session.save' } & SessionSettings)
  | { type: 'exclusion.choose'; request: ExclusionRequest }
  | { type: 'exclusion.confirm' }
  | { type: 'exclusion.cancel' };

type SubmitEvent = Extract<ResponsibleGamingEvent, { type: 'limit.submit' }>;

const amountOf = (event: ResponsibleGamingEvent) => (event as SubmitEvent).amount;

const cleared = { notice: null, limitError: null, sessionError: null, exclusionError: null } as const;

/**
 * Responsible gaming (/m/responsibleGaming; docs/responsible-gaming.md):
 * `loadPage` reads the member's protection (limits in force, used this
 * period and waiting changes; session limit; reality check; exclusion) and
 * its monthly activity statement; a failure offers a retry; a trial account
 * is refused (free_reject; the server answers it `trial.forbidden`).
 *
 * A limit is edited in its own form: an amount that is not a number, not
 * positive, or above `maxLimitAmount` is refused with its message and
 * nothing is sent; otherwise `saveLimit` sets it (or removes it, amount
 * null) and its answer is the new protection (a raise or a removal shows as
 * waiting). The session limit and reality check are saved together
 * (`saveSession`), after which `sessionSettingsChanged` tells the running
 * reality check. A time-out or self-exclusion is confirmed first, then
 * `exclude` takes it; a refusal (`rg.exclusion.shorter`) shows in its section.
 */
export const responsibleGamingMachine = setup({
  types: {
    context: {} as ResponsibleGamingContext,
    events: {} as ResponsibleGamingEvent,
    input: {} as ResponsibleGamingInput,
  },
  actors: {
    loadPage: fromPromise<ResponsibleGamingData>(async () => {
      throw new Error('loadPage is provided by the app');
    }),
    saveLimit: fromPromise<Protection, LimitChange>(async () => {
      throw new Error('saveLimit is provided by the app');
    }),
    saveSession: fromPromise<Protection, SessionSettings>(async () => {
      throw new Error('saveSession is provided by the app');
    }),
    exclude: fromPromise<Protection, ExclusionRequest>(async () => {
      throw new Error('exclude is provided by the app');
    }),
  },
  actions: {
    /** The session limit or reality check changed (the app tells the reality check to read them again). */
    sessionSettingsChanged: () => {},
  },
  guards: {
    isTrial: ({ context }) => context.isTrial,
    isTrialRefusal: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === trialForbiddenCode,
    isNotNumber: ({ event }) => !Number.isSafeInteger(amountOf(event)),
    isNotPositive: ({ event }) => amountOf(event) <= 0,
    isTooLarge: ({ event }) => amountOf(event) > maxLimitAmount,
  },
}).createMachine({
  id: 'responsibleGaming',
  context: ({ input }) => ({
    isTrial: input.isTrial,
    protection: null,
    statement: null,
    editing: null,
    exclusion: null,
    notice: null,
    errorCode: null,
    limitError: null,
    sessionError: null,
    exclusionError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isTrial', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) }, { target: 'loading' }],
    },
    rejected: {},
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        onDone: { target: 'ready', actions: assign({ protection: ({ event }) => event.output.protection, statement: ({ event }) => event.output.statement, errorCode: null }) },
        onError: [
          { guard: 'isTrialRefusal', target: 'rejected', actions: assign({ errorCode: moneyMessages.freeReject }) },
          { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    failed: { on: { 'rg.retry': { target: 'loading' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'limit.edit': { target: 'editingLimit', actions: assign({ editing: ({ event }) => ({ kind: event.kind, period: event.period }), ...cleared }) },
            'session.save': { target: 'savingSession', actions: assign(cleared) },
            'exclusion.choose': { target: 'confirmingExclusion', actions: assign({ exclusion: ({ event }) => event.request, ...cleared }) },
          },
        },
        editingLimit: {
          on: {
            'limit.submit': [
              { guard: 'isNotNumber', actions: assign({ limitError: responsibleGamingMessages.notNumber }) },
              { guard: 'isNotPositive', actions: assign({ limitError: responsibleGamingMessages.notPositive }) },
              { guard: 'isTooLarge', actions: assign({ limitError: responsibleGamingMessages.tooLarge }) },
              { target: 'savingLimit', actions: assign({ limitError: null }) },
            ],
            'limit.remove': { target: 'removingLimit', actions: assign({ limitError: null }) },
            'limit.cancel': { target: 'idle', actions: assign({ editing: null, limitError: null }) },
          },
        },
        savingLimit: {
          invoke: {
            id: 'saveLimit',
            src: 'saveLimit',
            input: ({ context, event }) => ({ ...context.editing!, amount: amountOf(event) }),
            onDone: { target: 'idle', actions: assign({ protection: ({ event }) => event.output, editing: null, notice: 'limit' }) },
            onError: { target: 'editingLimit', actions: assign({ limitError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        removingLimit: {
          invoke: {
            id: 'removeLimit',
            src: 'saveLimit',
            input: ({ context }) => ({ ...context.editing!, amount: null }),
            onDone: { target: 'idle', actions: assign({ protection: ({ event }) => event.output, editing: null, notice: 'limit' }) },
            onError: { target: 'editingLimit', actions: assign({ limitError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        savingSession: {
          invoke: {
            id: 'saveSession',
            src: 'saveSession',
            input: ({ event }) => {
              const { sessionLimitMinutes, realityCheckMinutes } = event as Extract<ResponsibleGamingEvent, { type: 'session.save' }>;
              return { sessionLimitMinutes, realityCheckMinutes };
            },
            onDone: { target: 'idle', actions: [assign({ protection: ({ event }) => event.output, notice: 'session' }), 'sessionSettingsChanged'] },
            onError: { target: 'idle', actions: assign({ sessionError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        confirmingExclusion: {
          on: {
            'exclusion.confirm': { target: 'excluding' },
            'exclusion.cancel': { target: 'idle', actions: assign({ exclusion: null }) },
          },
        },
        excluding: {
          invoke: {
            id: 'exclude',
            src: 'exclude',
            input: ({ context }) => context.exclusion!,
            onDone: { target: 'idle', actions: assign({ protection: ({ event }) => event.output, exclusion: null, notice: 'exclusion' }) },
            onError: { target: 'idle', actions: assign({ exclusion: null, exclusionError: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
  },
});
