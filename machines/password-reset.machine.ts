import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import {
  type Clock,
  errorCodeOf,
  type FieldEmitted,
  type IdentityRoute,
  identityMessages,
  samePasswordErrorCode,
} from './identity-types.ts';
import type { SessionInfo } from './session.ts';
import { smsCountdownMachine } from './sms-countdown.machine.ts';

export type ResetLookup = 'phone' | 'email';

/** The spec's e-mail rule (section 5): word characters, optional dotted parts, @, a domain with a 2-3 letter suffix; under 255 characters. */
export const resetEmailPattern = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.[A-Za-z]{2,3})+$/;
export const isValidResetEmail = (email: string) => email.length < 255 && resetEmailPattern.test(email);

/** What the app's `submitEmailReset` gets (both values trimmed). */
export interface EmailResetRequest {
  username: string;
  email: string;
}

/** What the app's `submitPhoneReset` gets (set password by phone). */
export interface PhoneResetRequest {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}

/** The account whose password was set, to log in with. */
export interface PhoneResetResult {
  userName: string;
}

/** What the app's `loginAfterReset` gets: a username-and-password login. */
export interface ResetLoginRequest {
  username: string;
  password: string;
}

export interface PasswordResetInput {
  /** CHNGPASSVERIF3: the phone lookup exists (and is the default) only when on. */
  phoneResetEnabled: boolean;
  /** Clock for the SMS countdown (default `Date.now`). */
  now?: Clock;
}

export interface PasswordResetOutput {
  /** Go back one step (the e-mail lookup), or go to `redirectTo`. */
  goBack: boolean;
  redirectTo: IdentityRoute | null;
  /** Success message id to show. */
  message: string;
  session: SessionInfo | null;
}

/** Where the screen goes once the result has shown: back one step (to the login when there is none), or `redirectTo`. */
export function resultNavigation(result: PasswordResetOutput): Navigation {
  return result.goBack || !result.redirectTo ? { back: true, to: '/m/login' } : { to: result.redirectTo, replace: true };
}

export interface PasswordResetContext {
  phoneResetEnabled: boolean;
  now: Clock;
  lookup: ResetLookup;
  /** Message id of the last refusal or failure, null when there is none. */
  errorCode: string | null;
  /** The field the last failure cleared (also emitted as `field.clear`). */
  clearField: 'password' | 'verificationCode' | null;
  /** The phone form's values between the submit and the login. */
  pending: PhoneResetRequest | null;
  result: PasswordResetOutput | null;
}

export type PasswordResetEvent =
  | { type: 'lookup.change'; lookup: ResetLookup }
  | { type: 'email.submit'; username: string; email: string }
  | { type: 'phone.submit'; mobileNum: string; countryDialingCode?: string; verificationCode: string; password: string }
  | { type: 'sms.send'; mobile: string; countryDialingCode?: string; mobileValid: boolean };

/**
 * Forgot password (/m/forget, spec sections 2, 4, 5 and 8). The lookup is by
 * phone (default, only when CHNGPASSVERIF3 is on) or by e-mail. E-mail: the
 * trimmed username and a valid e-mail go to `submitEmailReset`; on success a
 * message shows and the screen goes back. Phone: SMS code from the child
 * `smsCountdown`, then `submitPhoneReset`; on success the user is logged in
 * (`loginAfterReset`, session stored) and goes home, or to /m/login when that
 * login fails. The error modify.new.old.same clears the password field, any
 * other clears the verification code.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
    output: {} as PasswordResetOutput,
    emitted: {} as FieldEmitted,
  },
  actors: {
    submitEmailReset: fromPromise<void, EmailResetRequest>(async () => {
      throw new Error('submitEmailReset is provided by the app');
    }),
    submitPhoneReset: fromPromise<PhoneResetResult, PhoneResetRequest>(async () => {
      throw new Error('submitPhoneReset is provided by the app');
    }),
    loginAfterReset: fromPromise<SessionInfo, ResetLoginRequest>(async () => {
      throw new Error('loginAfterReset is provided by the app');
    }),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** Writes MC_SESSION_INFO, as after a login. */
    storeSession: (_, _params: { session: SessionInfo; remember: boolean }) => {},
  },
  guards: {
    isPhoneResetEnabled: ({ context }) => context.phoneResetEnabled,
    isPhoneLookupAllowed: ({ context, event }) => event.type === 'lookup.change' && event.lookup === 'phone' && context.phoneResetEnabled,
    isEmailLookup: ({ event }) => event.type === 'lookup.change' && event.lookup === 'email',
    isEmailFormValid: ({ event }) => event.type === 'email.submit' && event.username.trim() !== '' && isValidResetEmail(event.email.trim()),
    isPhoneFormComplete: ({ event }) =>
      event.type === 'phone.submit' && event.mobileNum.trim() !== '' && event.verificationCode.trim() !== '' && event.password !== '',
    isSamePasswordError: (_, params: { error: unknown }) => errorCodeOf(params.error) === samePasswordErrorCode,
  },
  delays: {
    /** Spec section 9, the default toast: the result shows this long before the screen goes on. */
    resultToast: 1500,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    phoneResetEnabled: input.phoneResetEnabled,
    now: input.now ?? Date.now,
    lookup: input.phoneResetEnabled ? 'phone' : 'email',
    errorCode: null,
    clearField: null,
    pending: null,
    result: null,
  }),
  initial: 'choosing',
  output: ({ context }) => context.result!,
  states: {
    choosing: {
      always: [{ guard: 'isPhoneResetEnabled', target: 'phone' }, { target: 'email' }],
    },
    email: {
      initial: 'editing',
      entry: assign({ lookup: 'email', errorCode: null, clearField: null }),
      states: {
        editing: {
          on: {
            'lookup.change': { guard: 'isPhoneLookupAllowed', target: '#passwordReset.phone' },
            'email.submit': [
              { guard: 'isEmailFormValid', target: 'submitting', actions: assign({ errorCode: null }) },
              {
                actions: assign({
                  errorCode: ({ event }) => (event.username.trim() ? identityMessages.emailIncorrect : identityMessages.fieldsRequired),
                }),
              },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'submitEmailReset',
            src: 'submitEmailReset',
            input: ({ event }) => {
              const values = event as unknown as EmailResetRequest;
              return { username: values.username.trim(), email: values.email.trim() };
            },
            onDone: {
              target: '#passwordReset.finished',
              actions: assign({
                result: { goBack: true, redirectTo: null, message: identityMessages.resetEmailSent, session: null },
              }),
            },
            onError: { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
    phone: {
      initial: 'editing',
      entry: assign({ lookup: 'phone', errorCode: null, clearField: null }),
      invoke: {
        id: 'smsCountdown',
        src: 'smsCountdown',
        input: ({ context }) => ({ purpose: 'reset' as const, now: context.now }),
      },
      on: {
        'sms.send': { actions: sendTo('smsCountdown', ({ event }) => event) },
      },
      states: {
        editing: {
          on: {
            'lookup.change': { guard: 'isEmailLookup', target: '#passwordReset.email' },
            'phone.submit': [
              {
                guard: 'isPhoneFormComplete',
                target: 'submitting',
                actions: assign({
                  errorCode: null,
                  clearField: null,
                  pending: ({ event }) => ({
                    mobileNum: event.mobileNum.trim(),
                    countryDialingCode: event.countryDialingCode ?? '',
                    verificationCode: event.verificationCode.trim(),
                    newPassword: event.password,
                  }),
                }),
              },
              { actions: assign({ errorCode: identityMessages.fieldsRequired }) },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'submitPhoneReset',
            src: 'submitPhoneReset',
            input: ({ context }) => context.pending!,
            onDone: { target: 'loggingIn' },
            onError: [
              {
                guard: { type: 'isSamePasswordError', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: [
                  assign({ errorCode: ({ event }) => errorCodeOf(event.error), clearField: 'password', pending: null }),
                  emit({ type: 'field.clear', field: 'password' }),
                ],
              },
              {
                target: 'editing',
                actions: [
                  assign({ errorCode: ({ event }) => errorCodeOf(event.error), clearField: 'verificationCode', pending: null }),
                  emit({ type: 'field.clear', field: 'verificationCode' }),
                ],
              },
            ],
          },
        },
        loggingIn: {
          invoke: {
            id: 'loginAfterReset',
            src: 'loginAfterReset',
            input: ({ context, event }) => ({
              username: (event as unknown as { output: PhoneResetResult }).output.userName,
              password: context.pending!.newPassword,
            }),
            onDone: {
              target: '#passwordReset.finished',
              actions: [
                assign({
                  pending: null,
                  result: ({ event }) => ({ goBack: false, redirectTo: '/m/home', message: identityMessages.passwordReset, session: event.output }),
                }),
                { type: 'storeSession', params: ({ event }) => ({ session: event.output, remember: false }) },
              ],
            },
            onError: {
              target: '#passwordReset.finished',
              actions: assign({
                pending: null,
                result: { goBack: false, redirectTo: '/m/login', message: identityMessages.passwordReset, session: null },
              }),
            },
          },
        },
      },
    },
    finished: {
      after: { resultToast: { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: ({ context }) => resultNavigation(context.result!) },
    },
  },
});
