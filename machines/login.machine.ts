import { assign, emit, fromPromise, raise, sendTo, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { type Captcha, type Clock, errorCodeOf, type IdentityRoute, identityMessages, isCaptchaFlagged } from './identity-types.ts';
import { needsNewPassword, type SessionInfo } from './session.ts';
import { smsCountdownMachine } from './sms-countdown.machine.ts';

/** Username with password, or mobile number with an SMS code. */
export type LoginMethod = 'username' | 'sms';

/**
 * What remember-me keeps (the app stores it with a device token the server
 * can revoke): the method and the account, never a password.
 */
export interface RememberedLogin {
  method: LoginMethod;
  account: string;
}

/** The form's values: `account` is the username or the mobile number, `secret` the password or the SMS code. */
export interface LoginValues {
  account: string;
  secret: string;
  /** The captcha answer, when the captcha is shown. */
  captcha?: string;
  countryDialingCode?: string;
}

/** What the app's `submitLogin` gets. */
export interface LoginRequest {
  method: LoginMethod;
  account: string;
  secret: string;
  captcha: string;
  /** Id of the captcha image the answer belongs to, null when none is shown. */
  captchaId: string | null;
  countryDialingCode: string;
  remember: boolean;
}

export interface LoginInput {
  /** The white-label switch for mobile-code login: the SMS tab exists only when on. */
  smsEnabled: boolean;
  /** Clock for the SMS countdown (default `Date.now`). */
  now?: Clock;
  /** Where the player was going when sent to log in (a same-site URL from `/m/login?redirect=`), to go on to after it. */
  redirect?: string | null;
}

export interface LoginContext {
  smsEnabled: boolean;
  now: Clock;
  method: LoginMethod;
  /** The remembered account for the current method, to prefill the form ('' when none). */
  account: string;
  /** Remember-me, on by default. */
  remember: boolean;
  /** Set by a failed login whose error asks for a captcha; the captcha then stays. */
  captchaRequired: boolean;
  /** The captcha image shown, null while hidden or when it failed to load (tap to retry). */
  captcha: Captcha | null;
  /** Message id of the last failure, null when there is none. */
  errorCode: string | null;
  session: SessionInfo | null;
  /** Where to go once logged in: /m/changePsw on a first login or an expired password, else /m/home. */
  redirectTo: IdentityRoute | null;
  /** The page the player was sent to log in from, gone on to instead of /m/home. */
  redirect: string | null;
}

export type LoginEvent =
  | { type: 'method.change'; method: LoginMethod }
  | { type: 'remember.toggle' }
  | { type: 'captcha.refresh' }
  | { type: 'language.change' }
  | ({ type: 'form.submit' } & LoginValues)
  | { type: 'sms.send'; mobile: string; countryDialingCode?: string; mobileValid: boolean };

/** `fields.revalidate`: re-run the validation of the filled fields (in the new language). */
export type LoginEmitted = { type: 'fields.revalidate' };

export interface LoginOutput {
  redirectTo: IdentityRoute;
  session: SessionInfo;
}

/** Where a login goes: the page the player came from (unless a new password is asked for first), else `redirectTo`. */
export function afterLogin(context: Pick<LoginContext, 'redirectTo' | 'redirect'>): Navigation {
  if (context.redirect && context.redirectTo === '/m/home') return { href: context.redirect, replace: true };
  return { to: context.redirectTo ?? '/m/home', replace: true };
}

const isAllowed = (context: LoginContext, method: LoginMethod) => method === 'username' || context.smsEnabled;

/**
 * The login screen (/m/login, spec sections 2 and 4). Username and password,
 * or mobile and SMS code (the SMS tab only when the mobile-code switch is on;
 * the child `smsCountdown` runs the code button). The remembered account is
 * loaded at start and on every method change. The captcha stays hidden until
 * a failed login whose error carries the captcha flag; then it is shown and
 * refreshed, and a tap refreshes it. A language change asks the view to
 * re-validate the filled fields after `revalidateDelay` (200 ms). A success
 * stores the session and ends with /m/changePsw on a first login or with an
 * expired password, else the page the player was sent to log in from
 * (`redirect`), else /m/home.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    emitted: {} as LoginEmitted,
  },
  actors: {
    loadRemembered: fromPromise<RememberedLogin | null, { method: LoginMethod | null }>(async () => null),
    loadCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('loadCaptcha is provided by the app');
    }),
    submitLogin: fromPromise<SessionInfo, LoginRequest>(async () => {
      throw new Error('submitLogin is provided by the app');
    }),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** Writes MC_SESSION_INFO (local storage when remembered, else session storage) and the remembered record. */
    storeSession: (_, _params: { session: SessionInfo; remember: boolean }) => {},
    revalidateFields: emit({ type: 'fields.revalidate' }),
  },
  guards: {
    isSmsMethod: ({ context }) => context.method === 'sms',
    isOtherAllowedMethod: ({ context, event }) =>
      event.type === 'method.change' && event.method !== context.method && isAllowed(context, event.method),
    isFormComplete: ({ context, event }) =>
      event.type === 'form.submit' &&
      event.account.trim() !== '' &&
      event.secret !== '' &&
      (!context.captchaRequired || (event.captcha ?? '').trim() !== ''),
    isCaptchaRequired: ({ context }) => context.captchaRequired,
    isCaptchaFlagged: (_, params: { error: unknown }) => isCaptchaFlagged(params.error),
    /** A first login or an expired password: a new password is asked for first. */
    needsNewPassword: (_, params: { session: SessionInfo }) => needsNewPassword(params.session),
  },
  delays: {
    revalidateDelay: 200,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    smsEnabled: input.smsEnabled,
    now: input.now ?? Date.now,
    method: 'username',
    account: '',
    remember: true,
    captchaRequired: false,
    captcha: null,
    errorCode: null,
    session: null,
    redirectTo: null,
    redirect: input.redirect ?? null,
  }),
  initial: 'active',
  output: ({ context }) => ({ redirectTo: context.redirectTo!, session: context.session! }),
  states: {
    active: {
      type: 'parallel',
      invoke: {
        id: 'smsCountdown',
        src: 'smsCountdown',
        input: ({ context }) => ({ purpose: 'login' as const, now: context.now }),
      },
      on: {
        'remember.toggle': { actions: assign({ remember: ({ context }) => !context.remember }) },
        'sms.send': { guard: 'isSmsMethod', actions: sendTo('smsCountdown', ({ event }) => event) },
      },
      states: {
        form: {
          initial: 'restoring',
          states: {
            restoring: {
              invoke: {
                id: 'loadRemembered',
                src: 'loadRemembered',
                input: { method: null },
                onDone: {
                  target: 'editing',
                  actions: assign(({ context, event }) =>
                    event.output && isAllowed(context, event.output.method) ? { method: event.output.method, account: event.output.account } : {},
                  ),
                },
                onError: { target: 'editing' },
              },
            },
            editing: {
              on: {
                'method.change': {
                  guard: 'isOtherAllowedMethod',
                  target: 'switching',
                  actions: assign({ method: ({ event }) => event.method, account: '', errorCode: null }),
                },
                'form.submit': [
                  { guard: 'isFormComplete', target: 'submitting', actions: assign({ errorCode: null }) },
                  {
                    actions: assign({
                      errorCode: ({ event }) =>
                        event.account.trim() && event.secret ? identityMessages.captchaRequired : identityMessages.fieldsRequired,
                    }),
                  },
                ],
              },
            },
            switching: {
              invoke: {
                id: 'loadRemembered',
                src: 'loadRemembered',
                input: ({ context }) => ({ method: context.method }),
                onDone: {
                  target: 'editing',
                  actions: assign({
                    account: ({ context, event }) => (event.output?.method === context.method ? event.output.account : ''),
                  }),
                },
                onError: { target: 'editing' },
              },
            },
            submitting: {
              invoke: {
                id: 'submitLogin',
                src: 'submitLogin',
                input: ({ context, event }) => {
                  const values = event as unknown as LoginValues;
                  return {
                    method: context.method,
                    account: values.account.trim(),
                    secret: values.secret,
                    captcha: context.captchaRequired ? (values.captcha ?? '').trim() : '',
                    captchaId: context.captchaRequired ? (context.captcha?.id ?? null) : null,
                    countryDialingCode: values.countryDialingCode ?? '',
                    remember: context.remember,
                  };
                },
                onDone: [
                  {
                    guard: { type: 'needsNewPassword', params: ({ event }) => ({ session: event.output }) },
                    target: '#login.done',
                    actions: [
                      assign({ session: ({ event }) => event.output, redirectTo: '/m/changePsw' }),
                      { type: 'storeSession', params: ({ context, event }) => ({ session: event.output, remember: context.remember }) },
                    ],
                  },
                  {
                    target: '#login.done',
                    actions: [
                      assign({ session: ({ event }) => event.output, redirectTo: '/m/home' }),
                      { type: 'storeSession', params: ({ context, event }) => ({ session: event.output, remember: context.remember }) },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isCaptchaFlagged', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      assign({ errorCode: ({ event }) => errorCodeOf(event.error), captchaRequired: true }),
                      raise({ type: 'captcha.refresh' }),
                    ],
                  },
                  { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
                ],
              },
            },
          },
        },
        captcha: {
          initial: 'hidden',
          states: {
            hidden: {
              on: { 'captcha.refresh': { guard: 'isCaptchaRequired', target: 'loading' } },
            },
            loading: {
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: { target: 'shown', actions: assign({ captcha: ({ event }) => event.output }) },
                onError: { target: 'shown', actions: assign({ captcha: null }) },
              },
            },
            shown: {
              on: { 'captcha.refresh': { target: 'loading' } },
            },
          },
        },
        revalidation: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'language.change': { target: 'waiting' } },
            },
            waiting: {
              on: { 'language.change': { target: 'waiting', reenter: true } },
              after: { revalidateDelay: { target: 'idle', actions: 'revalidateFields' } },
            },
          },
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: ({ context }) => afterLogin(context) },
    },
  },
});
