/** The SMS countdown machine's model: inputs and events of its model-based test and of `npm run paths sms-countdown`. */
import type { Captcha } from '../../identity-types.ts';
import { type SmsCountdownInput, smsCountdownMachine } from '../../sms-countdown.machine.ts';
import type { MachineModel } from '../model.ts';

export const T0 = Date.UTC(2026, 0, 1);
export const TICK = 'xstate.after.smsTick.smsCountdown.button.counting';
export const SENDING_TOAST_END = 'xstate.after.sendingToastMax.smsCountdown.toast.sending';
export const SENT_TOAST_END = 'xstate.after.sentToast.smsCountdown.toast.sent';
/** The model's clock stands still: the paths prove the structure, the named scenarios move time. */
const frozen = () => T0;
export const inputs: SmsCountdownInput[] = [
  { purpose: 'login', now: frozen },
  { purpose: 'register', now: frozen },
];

export const valid = { type: 'sms.send', mobile: '09171234567', countryDialingCode: '+63', mobileValid: true };
/** The human check before a code is sent: its captcha, and the person's answer. */
export const captchaImage: Captcha = { id: 'captcha-1', image: 'data:image/svg+xml;base64,' };
export const answered = { type: 'captcha.submit', answer: '482913' };

export const smsCountdownModel: MachineModel<typeof smsCountdownMachine> = {
  machine: smsCountdownMachine,
  aspects: [
    {
      name: 'human check, sending, answers and the countdown',
      inputs,
      events: [
        valid,
        { type: 'sms.send', mobile: '0917', mobileValid: false },
        { type: 'sms.send', mobile: '   ', mobileValid: true },
        { type: 'xstate.done.actor.loadCaptcha', output: captchaImage },
        { type: 'xstate.error.actor.loadCaptcha', error: { kind: 'timeout', errorCode: 'client.timeout' } },
        answered,
        { type: 'captcha.submit', answer: '48' },
        { type: 'captcha.refresh' },
        { type: 'captcha.cancel' },
        { type: 'xstate.error.actor.requestSmsCode', error: { kind: 'server', errorCode: 'captcha.invalid', value: { captchaRequired: true } } },
        { type: 'xstate.done.actor.requestSmsCode', output: { expirationTime: T0 + 1_500 } },
        { type: 'xstate.done.actor.requestSmsCode', output: {} },
        { type: 'xstate.done.actor.requestSmsCode', output: { expirationTime: T0 - 1 } },
        { type: 'xstate.error.actor.requestSmsCode', error: { kind: 'server', errorCode: 'sms.too.frequent' } },
        { type: 'xstate.error.actor.requestSmsCode', error: new Error('socket hang up') },
        {
          type: 'xstate.error.actor.requestSmsCode',
          error: { kind: 'server', errorCode: 'verification.resend.cooldown', value: { retryAfterMs: 1_500, expirationTime: T0 + 1_500 } },
        },
        { type: TICK },
        { type: SENDING_TOAST_END },
        { type: SENT_TOAST_END },
      ],
    },
  ],
};
