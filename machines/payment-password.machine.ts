import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, isWithdrawalPassword, moneyMessages } from './money-types.ts';

/** How the payment password is set: the first time, with the old one, or (forgotten) with the login password. */
export type PaymentPasswordMode = 'set' | 'change' | 'reset';

export interface PaymentPasswordInput {
  /** Whether the member has a payment (withdrawal) password already. */
  hasPassword: boolean;
}

export interface PaymentPasswordSave {
  mode: PaymentPasswordMode;
  /** The old payment password (change) or the login password (reset); empty when setting the first one. */
  proof: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PaymentPasswordContext {
  hasPassword: boolean;
  /** The last request sent. */
  request: PaymentPasswordSave | null;
  saved: boolean;
  errorCode: string | null;
}

export type PaymentPasswordEvent =
  | { type: 'pin.submit'; proof: string; newPassword: string; confirmPassword: string }
  /** "Forgot it?": change with the login password instead of the old payment password. */
  | { type: 'pin.forgot' }
  | { type: 'pin.cancel' };

type PinSubmit = Extract<PaymentPasswordEvent, { type: 'pin.submit' }>;

/** Message ids of the machine's own refusals (beyond the money forms' format and mismatch). */
export const paymentPasswordMessages = {
  format: moneyMessages.passwordFormat,
  mismatch: moneyMessages.passwordMismatch,
  oldFormat: 'security.pin.oldFormat',
  loginPasswordRequired: 'security.loginPassword.required',
} as const;

/**
 * The payment (withdrawal) password on the security center (/m/securityCenter;
 * spec section 7: paymentPassword, paymentPassword/reset). Without one the
 * member sets it (6 digits, confirmed); with one the member changes it with
 * the old one, or, having forgotten it (`pin.forgot`), resets it with the
 * login password. Each form is checked before anything is sent: the new
 * password is 6 digits and confirmed, the old one 6 digits, the login
 * password not empty. `savePin` sends it; a refusal (wrong old or login
 * password, a lock) goes back to the form it came from with its message.
 * "Payment password saved" shows for `savedToast` (spec section 9) and the
 * machine ends; `pinSaved` tells the security center a password is set
 * (withdraw then asks for it). Cancel ends it with nothing saved.
 */
export const paymentPasswordMachine = setup({
  types: {
    context: {} as PaymentPasswordContext,
    events: {} as PaymentPasswordEvent,
    input: {} as PaymentPasswordInput,
    output: {} as { saved: boolean },
  },
  actors: {
    savePin: fromPromise<void, PaymentPasswordSave>(async () => {
      throw new Error('savePin is provided by the app');
    }),
  },
  actions: {
    /** Keeps the submitted form as the request, in the mode of the form it came from. */
    keepRequest: assign(({ event }, params: { mode: PaymentPasswordMode }) => {
      const { proof, newPassword, confirmPassword } = event as PinSubmit;
      return { request: { mode: params.mode, proof: params.mode === 'set' ? '' : proof, newPassword, confirmPassword }, errorCode: null };
    }),
    /** Tells the security center the member has a payment password now. */
    pinSaved: () => {},
  },
  guards: {
    hasPassword: ({ context }) => context.hasPassword,
    isNewBadFormat: ({ event }) => !isWithdrawalPassword((event as PinSubmit).newPassword),
    isMismatch: ({ event }) => (event as PinSubmit).newPassword !== (event as PinSubmit).confirmPassword,
    isOldBadFormat: ({ event }) => !isWithdrawalPassword((event as PinSubmit).proof),
    isLoginPasswordEmpty: ({ event }) => (event as PinSubmit).proof.length === 0,
    wasReset: ({ context }) => context.request?.mode === 'reset',
    wasSet: ({ context }) => context.request?.mode === 'set',
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    savedToast: 1000,
  },
}).createMachine({
  id: 'paymentPassword',
  context: ({ input }) => ({ hasPassword: input.hasPassword, request: null, saved: false, errorCode: null }),
  initial: 'checking',
  output: ({ context }) => ({ saved: context.saved }),
  states: {
    checking: {
      always: [{ guard: 'hasPassword', target: 'change' }, { target: 'set' }],
    },
    set: {
      on: {
        'pin.submit': [
          { guard: 'isNewBadFormat', actions: assign({ errorCode: paymentPasswordMessages.format }) },
          { guard: 'isMismatch', actions: assign({ errorCode: paymentPasswordMessages.mismatch }) },
          { target: 'saving', actions: { type: 'keepRequest', params: { mode: 'set' } } },
        ],
        'pin.cancel': { target: 'cancelled' },
      },
    },
    change: {
      on: {
        'pin.submit': [
          { guard: 'isNewBadFormat', actions: assign({ errorCode: paymentPasswordMessages.format }) },
          { guard: 'isMismatch', actions: assign({ errorCode: paymentPasswordMessages.mismatch }) },
          { guard: 'isOldBadFormat', actions: assign({ errorCode: paymentPasswordMessages.oldFormat }) },
          { target: 'saving', actions: { type: 'keepRequest', params: { mode: 'change' } } },
        ],
        'pin.forgot': { target: 'reset', actions: assign({ errorCode: null }) },
        'pin.cancel': { target: 'cancelled' },
      },
    },
    reset: {
      on: {
        'pin.submit': [
          { guard: 'isNewBadFormat', actions: assign({ errorCode: paymentPasswordMessages.format }) },
          { guard: 'isMismatch', actions: assign({ errorCode: paymentPasswordMessages.mismatch }) },
          { guard: 'isLoginPasswordEmpty', actions: assign({ errorCode: paymentPasswordMessages.loginPasswordRequired }) },
          { target: 'saving', actions: { type: 'keepRequest', params: { mode: 'reset' } } },
        ],
        'pin.cancel': { target: 'cancelled' },
      },
    },
    saving: {
      invoke: {
        id: 'savePin',
        src: 'savePin',
        input: ({ context }) => context.request!,
        onDone: { target: 'saved', actions: [assign({ saved: true, hasPassword: true }), 'pinSaved'] },
        onError: [
          { guard: 'wasReset', target: 'reset', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          { guard: 'wasSet', target: 'set', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          { target: 'change', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    saved: {
      after: { savedToast: { target: 'done' } },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
