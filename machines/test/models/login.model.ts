/** The login machine's model: inputs and events of its model-based test and of `npm run paths login`. */
import type { Captcha } from '../../identity-types.ts';
import { type LoginInput, loginMachine, type RememberedLogin } from '../../login.machine.ts';
import type { SessionInfo } from '../../session.ts';
import type { MachineModel } from '../model.ts';

export const T0 = Date.UTC(2026, 0, 1);
const frozen = () => T0;
export const REVALIDATE = 'xstate.after.revalidateDelay.login.active.revalidation.waiting';
export const session = (firstTimeLogin: boolean): SessionInfo => ({ token: 'tok', merchantCode: 'demo', userName: 'player1', type: 0, firstTimeLogin });
export const captchaImage: Captcha = { id: 'c1', image: 'data:image/png;base64,AAAA' };
export const flagged = { kind: 'server', errorCode: 'login.failed', value: { captchaRequired: true } };
export const plain = { kind: 'server', errorCode: 'login.failed' };

export const withSms: LoginInput = { smsEnabled: true, now: frozen };
export const withoutSms: LoginInput = { smsEnabled: false, now: frozen };
/** Sent to log in from a member page (`/m/login?redirect=`). */
export const fromWithdraw: LoginInput = { smsEnabled: true, now: frozen, redirect: '/m/withdraw?from=header' };

const remembered = (output: RememberedLogin | null) => ({ type: 'xstate.done.actor.loadRemembered', output });
export const complete = { type: 'form.submit', account: ' player1 ', secret: 'Player#2026', captcha: '123456' };

/**
 * The paths are generated per aspect, each with the events that matter to it,
 * so that independent parts of the form do not multiply into thousands of
 * paths; together they reach every state and transition.
 */
export const loginModel: MachineModel<typeof loginMachine> = {
  machine: loginMachine,
  aspects: [
    {
      name: 'remembered account and method',
      inputs: [withSms, withoutSms],
      events: [
        remembered({ method: 'username', account: 'player1' }),
        remembered({ method: 'sms', account: '09171234567' }),
        remembered(null),
        { type: 'xstate.error.actor.loadRemembered', error: new Error('storage unavailable') },
        { type: 'method.change', method: 'sms' },
        { type: 'method.change', method: 'username' },
        { type: 'sms.send', mobile: '09171234567', countryDialingCode: '+63', mobileValid: true },
      ],
    },
    {
      name: 'submit and captcha',
      inputs: [withSms, fromWithdraw],
      events: [
        remembered(null),
        complete,
        { type: 'form.submit', account: '', secret: '' },
        { type: 'xstate.done.actor.submitLogin', output: session(true) },
        { type: 'xstate.done.actor.submitLogin', output: session(false) },
        { type: 'xstate.done.actor.submitLogin', output: { ...session(false), passwordExpired: true } },
        { type: 'xstate.error.actor.submitLogin', error: flagged },
        { type: 'xstate.error.actor.submitLogin', error: plain },
        { type: 'captcha.refresh' },
        { type: 'xstate.done.actor.loadCaptcha', output: captchaImage },
        { type: 'xstate.error.actor.loadCaptcha', error: { kind: 'timeout', errorCode: 'client.timeout' } },
      ],
    },
    {
      name: 'remember-me and language',
      inputs: [withSms],
      events: [
        remembered(null),
        { type: 'remember.toggle' },
        { type: 'language.change' },
        { type: REVALIDATE },
        complete,
        { type: 'xstate.done.actor.submitLogin', output: session(false) },
      ],
    },
  ],
};
