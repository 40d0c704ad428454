/** The password reset machine's model: inputs and events of its model-based test and of `npm run paths password-reset`. */
import { type PasswordResetInput, passwordResetMachine } from '../../password-reset.machine.ts';
import type { SessionInfo } from '../../session.ts';
import type { MachineModel } from '../model.ts';

const T0 = Date.UTC(2026, 0, 1);
const frozen = () => T0;
/** The result's toast is up: on to the next screen. */
export const RESULT_SHOWN = 'xstate.after.resultToast.passwordReset.finished';
export const inputs: PasswordResetInput[] = [
  { phoneResetEnabled: true, now: frozen },
  { phoneResetEnabled: false, now: frozen },
];
export const session: SessionInfo = { token: 'tok', merchantCode: 'demo', userName: 'player1', type: 0, firstTimeLogin: false };

const emailOk = { type: 'email.submit', username: ' player1 ', email: ' player1@example.com ' };
const emailBad = { type: 'email.submit', username: 'player1', email: 'player1@example' };
const emailNoUser = { type: 'email.submit', username: ' ', email: 'player1@example.com' };
const phoneOk = { type: 'phone.submit', mobileNum: ' 09171234567 ', countryDialingCode: '+63', verificationCode: '123456', password: 'New#2026' };
const phoneEmpty = { type: 'phone.submit', mobileNum: '09171234567', verificationCode: '', password: 'New#2026' };

export const passwordResetModel: MachineModel<typeof passwordResetMachine> = {
  machine: passwordResetMachine,
  aspects: [
    {
      name: 'e-mail and phone resets, and the login after',
      inputs,
      events: [
        { type: 'lookup.change', lookup: 'email' },
        { type: 'lookup.change', lookup: 'phone' },
        emailOk,
        emailBad,
        emailNoUser,
        { type: 'xstate.done.actor.submitEmailReset' },
        { type: 'xstate.error.actor.submitEmailReset', error: { kind: 'server', errorCode: 'member.email.mismatch' } },
        { type: 'sms.send', mobile: '09171234567', countryDialingCode: '+63', mobileValid: true },
        phoneOk,
        phoneEmpty,
        { type: 'xstate.done.actor.submitPhoneReset', output: { userName: 'player1' } },
        { type: 'xstate.error.actor.submitPhoneReset', error: { kind: 'server', errorCode: 'modify.new.old.same' } },
        { type: 'xstate.error.actor.submitPhoneReset', error: { kind: 'server', errorCode: 'verification.code.invalid' } },
        { type: 'xstate.done.actor.loginAfterReset', output: session },
        { type: 'xstate.error.actor.loginAfterReset', error: { kind: 'server', errorCode: 'login.failed' } },
        { type: RESULT_SHOWN },
      ],
    },
  ],
};
