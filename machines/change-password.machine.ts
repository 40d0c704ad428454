import { assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../contract/route-paths.ts';
import { errorCodeOf, type IdentityRoute, identityMessages, samePasswordErrorCode } from './identity-types.ts';

/** What the app's `submitChangePassword` gets; `oldPassword` is null when the app has it cached and fills it in. */
export interface ChangePasswordRequest {
  oldPassword: string | null;
  newPassword: string;
  confirmNewPassword: string;
}

export interface ChangePasswordInput {
  /** A password is cached in the session: the old-password field is hidden. */
  hasCachedPassword: boolean;
}

export interface ChangePasswordContext {
  hasCachedPassword: boolean;
  /** Message id of the last refusal or failure (a failed call only ends the loading; the view may toast it). */
  errorCode: string | null;
  /** Success message id once changed. */
  message: string | null;
}

export type ChangePasswordEvent =
  | { type: 'form.submit'; oldPassword?: string; newPassword: string; confirmNewPassword: string }
  | { type: 'popup.close' };

export interface ChangePasswordOutput {
  redirectTo: IdentityRoute;
}

/**
 * Change password (/m/changePsw for a first login or an expired password,
 * and from settings; spec sections 2, 4, 5 and 8). The old password is asked
 * only when none is cached. A new password equal to the old one (or the
 * server's modify.new.old.same) opens the `samePassword` popup, closed by its
 * one button; the confirmation must match. `submitChangePassword`, then the
 * success message and, `redirectAfterChange` (1 s) later, /m/home.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    output: {} as ChangePasswordOutput,
  },
  actors: {
    submitChangePassword: fromPromise<void, ChangePasswordRequest>(async () => {
      throw new Error('submitChangePassword is provided by the app');
    }),
  },
  actions: {
    /** Sends the player to a page (src/app/navigation.ts: through the app machine). */
    goTo: (_, _params: Navigation) => {},
    /** The app forgets the session-cached password and updates the remembered record. */
    passwordChanged: () => {},
  },
  guards: {
    isOldPasswordMissing: ({ context, event }) => event.type === 'form.submit' && !context.hasCachedPassword && !event.oldPassword,
    isSameAsOld: ({ context, event }) =>
      event.type === 'form.submit' && !context.hasCachedPassword && event.oldPassword === event.newPassword,
    isConfirmationMismatch: ({ event }) => event.type === 'form.submit' && (event.newPassword === '' || event.newPassword !== event.confirmNewPassword),
    isSamePasswordError: (_, params: { error: unknown }) => errorCodeOf(params.error) === samePasswordErrorCode,
  },
  delays: {
    /** Spec section 9: redirect after password change 1 s. */
    redirectAfterChange: 1000,
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ hasCachedPassword: input.hasCachedPassword, errorCode: null, message: null }),
  initial: 'editing',
  output: { redirectTo: '/m/home' },
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isOldPasswordMissing', actions: assign({ errorCode: identityMessages.passwordRequired }) },
          { guard: 'isSameAsOld', target: 'samePassword', actions: assign({ errorCode: null }) },
          { guard: 'isConfirmationMismatch', actions: assign({ errorCode: identityMessages.confirmationMismatch }) },
          { target: 'submitting', actions: assign({ errorCode: null }) },
        ],
      },
    },
    samePassword: {
      on: { 'popup.close': { target: 'editing' } },
    },
    submitting: {
      invoke: {
        id: 'submitChangePassword',
        src: 'submitChangePassword',
        input: ({ context, event }) => {
          const values = event as unknown as Extract<ChangePasswordEvent, { type: 'form.submit' }>;
          return {
            oldPassword: context.hasCachedPassword ? null : (values.oldPassword ?? ''),
            newPassword: values.newPassword,
            confirmNewPassword: values.confirmNewPassword,
          };
        },
        onDone: { target: 'changed', actions: [assign({ message: identityMessages.passwordChanged }), 'passwordChanged'] },
        onError: [
          { guard: { type: 'isSamePasswordError', params: ({ event }) => ({ error: event.error }) }, target: 'samePassword' },
          { target: 'editing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
        ],
      },
    },
    changed: {
      after: { redirectAfterChange: { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goTo', params: { to: '/m/home', replace: true } },
    },
  },
});
