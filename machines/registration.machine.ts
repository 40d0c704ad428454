import { assign, emit, fromPromise, raise, sendTo, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { type Captcha, type Clock, errorCodeOf, type FieldEmitted, type IdentityRoute, identityMessages } from './identity-types.ts';
import {
  defaultMethodOf,
  hasMethodChoice,
  invalidFieldsOf,
  type RegistrationField,
  type RegistrationMethod,
  type RegistrationRules,
  type RegistrationValues,
  registrationFields,
  visibleFields,
} from './registration-rules.ts';
import { smsCountdownMachine } from './sms-countdown.machine.ts';

/** What the app's `submitRegistration` gets (the app adds registerUrl, registerMethod, domain, type 0). */
export interface RegistrationRequest {
  method: RegistrationMethod;
  /** The visible fields' values, trimmed (passwords as typed). */
  values: RegistrationValues;
  /** Id of the captcha image the `identifying` answer belongs to. */
  captchaId: string | null;
}

export interface RegistrationResult {
  userName: string;
}

export interface RegistrationInput {
  /** The invitation code from the URL, if any; it is checked before anything else. */
  affiliateCode: string | null;
  /** Clock for the SMS countdown (default `Date.now`). */
  now?: Clock;
}

export interface RegistrationContext {
  affiliateFromUrl: string | null;
  now: Clock;
  /** The rules the form is built from, once loaded. */
  rules: RegistrationRules | null;
  method: RegistrationMethod;
  disclaimerAccepted: boolean;
  /** Shown when the form is submitted with the disclaimer unticked. */
  disclaimerError: boolean;
  /** The invitation code the server accepted, so it is not checked again. */
  validatedAffiliate: string | null;
  captcha: Captcha | null;
  /** Message id of the last failure, null when there is none. */
  errorCode: string | null;
  /** The field the view should focus (also emitted as `field.focus`). */
  focusField: RegistrationField | null;
  /** The values being sent, between the submit and the answer. */
  pending: RegistrationValues | null;
  /** Success message id. */
  message: string | null;
}

export type RegistrationEvent =
  | { type: 'rules.retry' }
  | { type: 'method.change'; method: RegistrationMethod }
  | { type: 'disclaimer.toggle' }
  | { type: 'captcha.refresh' }
  | { type: 'form.submit'; values: RegistrationValues; invalidFields?: readonly string[] }
  | { type: 'sms.send'; mobile: string; countryDialingCode?: string; mobileValid: boolean };

export interface RegistrationOutput {
  redirectTo: IdentityRoute;
  message: string;
}

/** The fields to focus for a submit: the form's invalid ones and the machine's own check, in form order. */
function invalidFields(context: RegistrationContext, event: { values: RegistrationValues; invalidFields?: readonly string[] }) {
  const fromForm = new Set(event.invalidFields ?? []);
  const fromRules = context.rules ? invalidFieldsOf(context.rules, context.method, event.values) : [];
  return registrationFields.filter((field) => fromForm.has(field) || fromRules.includes(field));
}

const affiliateOf = (values: RegistrationValues | null) => (values?.affiliateCode ?? '').trim();

/**
 * The registration screen (spec sections 2, 4 and 5). The form is built from
 * the registration rules (`loadRules`); an invitation code from the URL is
 * checked first (`checkAffiliate`). The method is username or mobile (mobile
 * by default only when it is the only one allowed). On submit: the first
 * invalid field is focused, an unticked disclaimer shows its error, an
 * invitation code not yet accepted is checked (invalid: 'Invalid invitation
 * code' and the field is focused), then `submitRegistration`. The SMS code
 * button is the child `smsCountdown` (REGMOBVERF3); the captcha is loaded at
 * start and after every failure. Success: 'Registered successfully, ready
 * for login', then /m/login.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationOutput,
    emitted: {} as FieldEmitted,
  },
  actors: {
    loadRules: fromPromise<RegistrationRules>(async () => {
      throw new Error('loadRules is provided by the app');
    }),
    checkAffiliate: fromPromise<{ valid: boolean }, { code: string }>(async () => {
      throw new Error('checkAffiliate is provided by the app');
    }),
    loadCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('loadCaptcha is provided by the app');
    }),
    submitRegistration: fromPromise<RegistrationResult, RegistrationRequest>(async () => {
      throw new Error('submitRegistration is provided by the app');
    }),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    rejectAffiliate: assign({ errorCode: identityMessages.invalidInvitationCode, focusField: 'affiliateCode' as const }),
    emitAffiliateFocus: emit({ type: 'field.focus', field: 'affiliateCode' }),
  },
  guards: {
    hasUrlAffiliate: ({ context }) => (context.affiliateFromUrl ?? '').trim() !== '',
    isAffiliateValid: (_, params: { valid: boolean }) => params.valid,
    isOtherAllowedMethod: ({ context, event }) =>
      event.type === 'method.change' && event.method !== context.method && context.rules !== null && hasMethodChoice(context.rules),
    isSmsVerificationOn: ({ context }) => context.method === 'mobile' && context.rules?.smsVerification === true,
    hasInvalidFields: ({ context, event }) => event.type === 'form.submit' && invalidFields(context, event).length > 0,
    isDisclaimerUnaccepted: ({ context }) => !context.disclaimerAccepted,
    needsAffiliateCheck: ({ context, event }) =>
      event.type === 'form.submit' && affiliateOf(event.values) !== '' && affiliateOf(event.values) !== context.validatedAffiliate,
    isCaptchaOn: ({ context }) => context.rules?.captcha === true,
  },
  delays: {
    /** Spec section 9, the default toast: the success message shows this long before the login screen. */
    loginRedirect: 1500,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    affiliateFromUrl: input.affiliateCode,
    now: input.now ?? Date.now,
    rules: null,
    method: 'username',
    disclaimerAccepted: false,
    disclaimerError: false,
    validatedAffiliate: null,
    captcha: null,
    errorCode: null,
    focusField: null,
    pending: null,
    message: null,
  }),
  initial: 'loading',
  output: ({ context }) => ({ redirectTo: '/m/login', message: context.message! }),
  states: {
    loading: {
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        onDone: [
          {
            guard: 'hasUrlAffiliate',
            target: 'checkingUrlAffiliate',
            actions: assign({ rules: ({ event }) => event.output, method: ({ event }) => defaultMethodOf(event.output), errorCode: null }),
          },
          {
            target: 'ready',
            actions: assign({ rules: ({ event }) => event.output, method: ({ event }) => defaultMethodOf(event.output), errorCode: null }),
          },
        ],
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'rules.retry': { target: 'loading' } },
    },
    checkingUrlAffiliate: {
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: (context.affiliateFromUrl ?? '').trim() }),
        onDone: [
          {
            guard: { type: 'isAffiliateValid', params: ({ event }) => ({ valid: event.output.valid }) },
            target: 'ready',
            actions: assign({ validatedAffiliate: ({ context }) => (context.affiliateFromUrl ?? '').trim() }),
          },
          { target: 'ready', actions: ['rejectAffiliate', 'emitAffiliateFocus'] },
        ],
        // Unchecked: it is checked again on submit.
        onError: { target: 'ready' },
      },
    },
    ready: {
      type: 'parallel',
      invoke: {
        id: 'smsCountdown',
        src: 'smsCountdown',
        input: ({ context }) => ({ purpose: 'register' as const, now: context.now }),
      },
      on: {
        'disclaimer.toggle': {
          actions: assign({ disclaimerAccepted: ({ context }) => !context.disclaimerAccepted, disclaimerError: false }),
        },
        'sms.send': { guard: 'isSmsVerificationOn', actions: sendTo('smsCountdown', ({ event }) => event) },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'method.change': {
                  guard: 'isOtherAllowedMethod',
                  actions: assign({ method: ({ event }) => event.method, focusField: null, errorCode: null }),
                },
                'form.submit': [
                  {
                    guard: 'hasInvalidFields',
                    actions: [
                      assign({ focusField: ({ context, event }) => invalidFields(context, event)[0]!, errorCode: null }),
                      emit(({ context, event }) => ({ type: 'field.focus' as const, field: invalidFields(context, event)[0]! })),
                    ],
                  },
                  {
                    guard: 'isDisclaimerUnaccepted',
                    actions: assign({ disclaimerError: true, errorCode: identityMessages.disclaimerRequired, focusField: null }),
                  },
                  {
                    guard: 'needsAffiliateCheck',
                    target: 'checkingAffiliate',
                    actions: assign({ pending: ({ event }) => event.values, errorCode: null, focusField: null }),
                  },
                  { target: 'submitting', actions: assign({ pending: ({ event }) => event.values, errorCode: null, focusField: null }) },
                ],
              },
            },
            checkingAffiliate: {
              invoke: {
                id: 'checkAffiliate',
                src: 'checkAffiliate',
                input: ({ context }) => ({ code: affiliateOf(context.pending) }),
                onDone: [
                  {
                    guard: { type: 'isAffiliateValid', params: ({ event }) => ({ valid: event.output.valid }) },
                    target: 'submitting',
                    actions: assign({ validatedAffiliate: ({ context }) => affiliateOf(context.pending) }),
                  },
                  { target: 'editing', actions: ['rejectAffiliate', 'emitAffiliateFocus', assign({ pending: null })] },
                ],
                onError: { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error), pending: null }) },
              },
            },
            submitting: {
              invoke: {
                id: 'submitRegistration',
                src: 'submitRegistration',
                input: ({ context }) => {
                  const rules = context.rules!;
                  const values: RegistrationValues = {};
                  for (const field of visibleFields(rules, context.method)) {
                    const value = context.pending?.[field];
                    if (value === undefined) continue;
                    values[field] = field === 'password' || field === 'confimpsw' || field === 'paymentPassword' ? value : value.trim();
                  }
                  if (context.pending?.countryDialingCode) values.countryDialingCode = context.pending.countryDialingCode;
                  return { method: context.method, values, captchaId: rules.captcha ? (context.captcha?.id ?? null) : null };
                },
                onDone: {
                  target: '#registration.registered',
                  actions: assign({ message: identityMessages.registered, pending: null }),
                },
                onError: {
                  target: 'editing',
                  actions: [assign({ errorCode: ({ event }) => errorCodeOf(event.error), pending: null }), raise({ type: 'captcha.refresh' })],
                },
              },
            },
          },
        },
        captcha: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'isCaptchaOn', target: 'loading' }, { target: 'off' }],
            },
            off: {},
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
      },
    },
    registered: {
      after: { loginRedirect: { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: { to: '/m/login', replace: true } },
    },
  },
});
