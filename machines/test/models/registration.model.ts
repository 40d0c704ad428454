/** The registration machine's model: inputs and events of its model-based test and of `npm run paths registration`. */
import type { Captcha } from '../../identity-types.ts';
import type { RegistrationRules, RegistrationValues } from '../../registration-rules.ts';
import { registrationMachine } from '../../registration.machine.ts';
import type { MachineModel } from '../model.ts';

const T0 = Date.UTC(2026, 0, 1);
export const frozen = () => T0;
/** The success message is up: on to the login screen. */
export const LOGIN_REDIRECT = 'xstate.after.loginRedirect.registration.registered';

/** Both methods, SMS verification and captcha on; e-mail and invitation code optional. */
export const fullRules: RegistrationRules = {
  fields: {
    username: { enabled: true, required: true, pattern: '^[a-z0-9]{4,16}$' },
    password: { enabled: true, required: true, pattern: '^.{6,20}$' },
    email: { enabled: true, required: false, pattern: '^[\\w.]+@[\\w]+\\.[a-z]{2,3}$' },
    affiliateCode: { enabled: true, required: false },
    nickname: { enabled: false, required: true },
  },
  methods: { username: true, mobile: true },
  smsVerification: true,
  captcha: true,
};
/** Mobile only, no SMS verification, no captcha. */
export const mobileRules: RegistrationRules = {
  fields: { affiliateCode: { enabled: true, required: false } },
  methods: { username: false, mobile: true },
  smsVerification: false,
  captcha: false,
};

export const good: RegistrationValues = { username: ' newuser1 ', password: 'Secret#1', confimpsw: 'Secret#1', identifying: '123456' };
const goodInvited: RegistrationValues = { ...good, affiliateCode: 'AFF2' };
export const captchaImage: Captcha = { id: 'c9', image: 'data:image/png;base64,BBBB' };

export const submit = (values: RegistrationValues, invalidFields: string[] = []) => ({ type: 'form.submit', values, invalidFields });
export const badSubmit = submit({ username: 'x', password: 'Secret#1', confimpsw: 'other' }, ['confimpsw']);

export const registrationModel: MachineModel<typeof registrationMachine> = {
  machine: registrationMachine,
  aspects: [
    {
      name: 'rules, invitation code from the URL, method',
      inputs: [
        { affiliateCode: 'AFF1', now: frozen },
        { affiliateCode: null, now: frozen },
      ],
      events: [
        { type: 'xstate.done.actor.loadRules', output: fullRules },
        { type: 'xstate.done.actor.loadRules', output: mobileRules },
        { type: 'xstate.error.actor.loadRules', error: { kind: 'offline', errorCode: 'client.offline' } },
        { type: 'rules.retry' },
        { type: 'xstate.done.actor.checkAffiliate', output: { valid: true } },
        { type: 'xstate.done.actor.checkAffiliate', output: { valid: false } },
        { type: 'xstate.error.actor.checkAffiliate', error: { kind: 'timeout', errorCode: 'client.timeout' } },
        { type: 'method.change', method: 'mobile' },
        { type: 'method.change', method: 'username' },
        { type: 'sms.send', mobile: '09171234567', countryDialingCode: '+63', mobileValid: true },
      ],
    },
    {
      name: 'submit',
      inputs: [{ affiliateCode: null, now: frozen }],
      events: [
        { type: 'xstate.done.actor.loadRules', output: fullRules },
        { type: 'disclaimer.toggle' },
        submit(good),
        submit(goodInvited),
        badSubmit,
        { type: 'xstate.done.actor.checkAffiliate', output: { valid: true } },
        { type: 'xstate.done.actor.checkAffiliate', output: { valid: false } },
        { type: 'xstate.error.actor.checkAffiliate', error: { kind: 'server', errorCode: 'system.busy' } },
        { type: 'xstate.done.actor.submitRegistration', output: { userName: 'newuser1' } },
        { type: 'xstate.error.actor.submitRegistration', error: { kind: 'server', errorCode: 'register.username.exists' } },
        { type: LOGIN_REDIRECT },
      ],
    },
    {
      name: 'captcha',
      inputs: [{ affiliateCode: null, now: frozen }],
      events: [
        { type: 'xstate.done.actor.loadRules', output: fullRules },
        { type: 'xstate.done.actor.loadRules', output: mobileRules },
        { type: 'captcha.refresh' },
        { type: 'xstate.done.actor.loadCaptcha', output: captchaImage },
        { type: 'xstate.error.actor.loadCaptcha', error: new Error('image failed') },
      ],
    },
  ],
};
