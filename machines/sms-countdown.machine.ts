import { assign, emit, fromPromise, raise, setup } from 'xstate';
import { type Captcha, type Clock, cooldownEndOf, errorCodeOf, identityMessages, type SmsPurpose } from './identity-types.ts';

/** What the app's `requestSmsCode` gets: the number, why the code is asked for, and the solved captcha. */
export interface SmsCodeRequest {
  purpose: SmsPurpose;
  mobile: string;
  countryDialingCode: string;
  captchaId: string;
  /** The digits the person read from the captcha. */
  captcha: string;
}

/** Error codes of a refused human check: a new captcha is shown. */
export const smsCaptchaErrorCodes: readonly string[] = ['captcha.required', 'captcha.invalid'];

/** A captcha answer the server can check: 6 digits. */
export const isCaptchaAnswer = (answer: string) => /^\d{6}$/.test(answer.trim());

/** The server's answer: when the code expires (ms since the epoch), if it says. */
export interface SmsCodeResult {
  expirationTime?: number | null;
}

export interface SmsCountdownInput {
  purpose: SmsPurpose;
  /** The clock the countdown reads (default `Date.now`); tests pass their own. */
  now?: Clock;
}

export interface SmsCountdownContext {
  purpose: SmsPurpose;
  now: Clock;
  mobile: string;
  countryDialingCode: string;
  /** Whether the form's mobile rule accepted `mobile` when the button was tapped. */
  mobileValid: boolean;
  /** When the countdown ends (ms since the epoch), while counting. */
  expiresAt: number | null;
  /** Whole seconds left, shown on the disabled button while counting. */
  remaining: number;
  /** Message id of the last refusal or failure, null after a successful request. */
  errorCode: string | null;
  /** The captcha shown for the human check, null while it loads or when it failed to load (tap to retry). */
  captcha: Captcha | null;
  /** The answer given for `captcha`. */
  captchaAnswer: string;
}

export type SmsCountdownEvent =
  | {
      type: 'sms.send';
      mobile: string;
      countryDialingCode?: string;
      /** The view's verdict for the mobile field (the same rule as the form's). */
      mobileValid: boolean;
    }
  /** The human check: the person's answer to the captcha shown, a new captcha, or giving up. */
  | { type: 'captcha.submit'; answer: string }
  | { type: 'captcha.refresh' }
  | { type: 'captcha.cancel' }
  /** Raised by the button region for the toast region. */
  | { type: 'toast.sending' }
  | { type: 'toast.sent' }
  | { type: 'toast.hide' };

export type SmsCountdownEmitted = { type: 'sms.sent' };

/** Countdown used when the server gives no expirationTime (spec section 9). */
export const defaultCountdownMs = 60_000;
/** Spec sections 8 and 9: the in_sms_sending loading toast shows at most 10 s; the in_sms_send toast 1.5 s. */
export const smsSendingToastMaxMs = 10_000;
export const smsSentToastMs = 1_500;

const secondsLeft = (context: Pick<SmsCountdownContext, 'expiresAt' | 'now'>) =>
  context.expiresAt === null ? 0 : Math.ceil((context.expiresAt - context.now()) / 1000);

/**
 * The SMS code button (spec section 4), a child of the login, registration and
 * password-reset machines. `sms.send` is refused unless the mobile number
 * validates; then comes the human check (spec section 7's human-verification
 * fields; no code is sent to a number without it): a captcha is loaded
 * (`loadingCaptcha`) and shown (`captcha`) until the person answers it
 * (`captcha.submit`, 6 digits: `isCaptchaAnswered`), asks for another
 * (`captcha.refresh`) or gives up (`captcha.cancel`). Then the code is
 * requested (`requestSmsCode`, with the captcha) and the button is
 * disabled while it counts down to the server's expirationTime (default 60 s),
 * re-reading the clock every `smsTick` (500 ms), until zero or less.
 * A failed request only ends the loading (`errorCode` is kept), except the
 * server's cooldown answer (a code was sent moments ago) that says when the
 * next may be asked (`value.expirationTime`): the button counts down to it;
 * and a refused captcha (`captcha.required`, `captcha.invalid`: each captcha
 * is used up by one request), which shows a new one.
 * The `toast` region shows in_sms_sending while the code is requested (for at
 * most `sendingToastMax`) and in_sms_send once it is sent (`sentToast`).
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as SmsCountdownInput,
    emitted: {} as SmsCountdownEmitted,
  },
  actors: {
    loadCaptcha: fromPromise<Captcha>(async () => {
      throw new Error('loadCaptcha is provided by the app');
    }),
    requestSmsCode: fromPromise<SmsCodeResult, SmsCodeRequest>(async () => {
      throw new Error('requestSmsCode is provided by the app');
    }),
  },
  guards: {
    isMobileValid: ({ context }) => context.mobileValid && context.mobile.trim() !== '',
    isCaptchaAnswered: ({ context, event }) =>
      context.captcha !== null && event.type === 'captcha.submit' && isCaptchaAnswer(event.answer),
    isCaptchaRefused: (_, params: { error: unknown }) => smsCaptchaErrorCodes.includes(errorCodeOf(params.error)),
    isTimeUp: ({ context }) => secondsLeft(context) <= 0,
    isCooldownWithEnd: (_, params: { error: unknown }) => cooldownEndOf(params.error) !== null,
  },
  actions: {
    updateRemaining: assign({ remaining: ({ context }) => Math.max(0, secondsLeft(context)) }),
    resetCountdown: assign({ expiresAt: null, remaining: 0 }),
  },
  delays: {
    /** Spec section 9: SMS tick 500 ms. */
    smsTick: 500,
    sendingToastMax: smsSendingToastMaxMs,
    sentToast: smsSentToastMs,
  },
}).createMachine({
  id: 'smsCountdown',
  context: ({ input }) => ({
    purpose: input.purpose,
    now: input.now ?? Date.now,
    mobile: '',
    countryDialingCode: '',
    mobileValid: false,
    expiresAt: null,
    remaining: 0,
    errorCode: null,
    captcha: null,
    captchaAnswer: '',
  }),
  type: 'parallel',
  states: {
    /** The code button. */
    button: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sms.send': {
              target: 'validating',
              actions: assign({
                mobile: ({ event }) => event.mobile,
                countryDialingCode: ({ event }) => event.countryDialingCode ?? '',
                mobileValid: ({ event }) => event.mobileValid,
                errorCode: null,
              }),
            },
          },
        },
        validating: {
          always: [
            { guard: 'isMobileValid', target: 'loadingCaptcha' },
            { target: 'idle', actions: assign({ errorCode: identityMessages.mobileInvalid }) },
          ],
        },
        /** The human check's captcha is loading. */
        loadingCaptcha: {
          entry: assign({ captcha: null, captchaAnswer: '' }),
          invoke: {
            id: 'loadCaptcha',
            src: 'loadCaptcha',
            onDone: { target: 'captcha', actions: assign({ captcha: ({ event }) => event.output }) },
            onError: { target: 'captcha', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
          on: { 'captcha.cancel': { target: 'idle', actions: assign({ errorCode: null }) } },
        },
        /** The human check: no code is asked for until the captcha shown is answered. */
        captcha: {
          on: {
            'captcha.submit': [
              {
                guard: 'isCaptchaAnswered',
                target: 'sending',
                actions: assign({ captchaAnswer: ({ event }) => event.answer.trim(), errorCode: null }),
              },
              { actions: assign({ errorCode: identityMessages.captchaRequired }) },
            ],
            'captcha.refresh': { target: 'loadingCaptcha' },
            'captcha.cancel': { target: 'idle', actions: assign({ errorCode: null }) },
          },
        },
        sending: {
          entry: raise({ type: 'toast.sending' }),
          invoke: {
            id: 'requestSmsCode',
            src: 'requestSmsCode',
            input: ({ context }) => ({
              purpose: context.purpose,
              mobile: context.mobile.trim(),
              countryDialingCode: context.countryDialingCode,
              captchaId: context.captcha?.id ?? '',
              captcha: context.captchaAnswer,
            }),
            onDone: {
              target: 'counting',
              actions: [
                assign({
                  expiresAt: ({ context, event }) => event.output.expirationTime ?? context.now() + defaultCountdownMs,
                }),
                'updateRemaining',
                emit({ type: 'sms.sent' }),
                raise({ type: 'toast.sent' }),
              ],
            },
            onError: [
              {
                guard: { type: 'isCooldownWithEnd', params: ({ event }) => ({ error: event.error }) },
                target: 'counting',
                actions: [assign({ expiresAt: ({ event }) => cooldownEndOf(event.error) }), 'updateRemaining', raise({ type: 'toast.hide' })],
              },
              {
                // The captcha was wrong (or had lapsed): it is used up, a new one is shown with the reason.
                guard: { type: 'isCaptchaRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'loadingCaptcha',
                actions: [assign({ errorCode: ({ event }) => errorCodeOf(event.error) }), raise({ type: 'toast.hide' })],
              },
              {
                target: 'idle',
                actions: [assign({ errorCode: ({ event }) => errorCodeOf(event.error) }), raise({ type: 'toast.hide' })],
              },
            ],
          },
        },
        counting: {
          after: {
            smsTick: [
              { guard: 'isTimeUp', target: 'idle', actions: 'resetCountdown' },
              { target: 'counting', reenter: true, actions: 'updateRemaining' },
            ],
          },
        },
      },
    },
    /** The toasts of spec section 8: in_sms_sending, in_sms_send. */
    toast: {
      initial: 'hidden',
      on: {
        'toast.sending': { target: '.sending' },
        'toast.sent': { target: '.sent' },
        'toast.hide': { target: '.hidden' },
      },
      states: {
        hidden: {},
        sending: { after: { sendingToastMax: { target: 'hidden' } } },
        sent: { after: { sentToast: { target: 'hidden' } } },
      },
    },
  },
});
