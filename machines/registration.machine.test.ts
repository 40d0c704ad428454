import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor } from 'xstate';
import { type Captcha, identityMessages } from './identity-types.ts';
import { type RegistrationMethod, type RegistrationRules, type RegistrationValues, visibleFields } from './registration-rules.ts';
import { type RegistrationInput, type RegistrationRequest, type RegistrationResult, registrationMachine } from './registration.machine.ts';
import { type SmsCodeRequest, type SmsCodeResult, smsCountdownMachine } from './sms-countdown.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import type { Navigation } from '../contract/route-paths.ts';
import { modelPathSets } from './test/model.ts';
import { badSubmit, frozen, fullRules, good, LOGIN_REDIRECT, mobileRules, registrationModel, submit } from './test/models/registration.model.ts';

/** The fields the user sees, written out from the spec independently of `visibleFields`. */
const expectedFields = (rules: RegistrationRules, method: RegistrationMethod) =>
  rules === fullRules
    ? method === 'username'
      ? ['username', 'password', 'confimpsw', 'email', 'affiliateCode', 'identifying']
      : ['mobileNum', 'messageCode', 'password', 'confimpsw', 'email', 'affiliateCode', 'identifying']
    : ['mobileNum', 'password', 'confimpsw', 'affiliateCode'];

const pathSets = modelPathSets(registrationModel);

describe('registration machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(registrationMachine, pathSets);
    expect(coverage.states.length).toBe(15);
    expect(coverage.transitions.length).toBe(25);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets.map((s) => s.paths.length)).toEqual([52, 25, 129, 7]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutRejectedCode = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.output?.valid === false)),
    }));
    expect(coverageOf(registrationMachine, withoutRejectedCode).missingTransitions).toEqual([
      'registration.checkingUrlAffiliate --xstate.done.actor.checkAffiliate #1--> registration.ready',
      'registration.ready.form.checkingAffiliate --xstate.done.actor.checkAffiliate #1--> registration.ready.form.editing',
    ]);
  });
});

function harness(input: RegistrationInput) {
  const loadRules = deferred<RegistrationRules, unknown>();
  const checkAffiliate = deferred<{ valid: boolean }, { code: string }>();
  const loadCaptcha = deferred<Captcha, unknown>();
  const submitRegistration = deferred<RegistrationResult, RegistrationRequest>();
  const requestSmsCode = deferred<SmsCodeResult, SmsCodeRequest>();
  // The SMS button's human check: its captcha stays loading in these paths (sms-countdown.machine.test.ts plays it).
  const smsCaptcha = deferred<Captcha, unknown>();
  const navigations: Navigation[] = [];
  const machine = registrationMachine.provide({
    actors: {
      loadRules: loadRules.logic,
      checkAffiliate: checkAffiliate.logic,
      loadCaptcha: loadCaptcha.logic,
      submitRegistration: submitRegistration.logic,
      smsCountdown: smsCountdownMachine.provide({ actors: { requestSmsCode: requestSmsCode.logic, loadCaptcha: smsCaptcha.logic } }),
    },
    actions: {
      goTo: (_, navigation) => navigations.push(navigation),
    },
  });
  const actor = createActor(machine, { input });
  const focused: string[] = [];
  actor.on('field.focus', (e) => focused.push(e.field));
  return { actor, loadRules, checkAffiliate, loadCaptcha, submitRegistration, requestSmsCode, smsCaptcha, focused, navigations };
}
type Harness = ReturnType<typeof harness>;

/** What the registration screen shows: the form, or the success message (then, the login screen). */
function screen(h: Harness) {
  const snap = h.actor.getSnapshot();
  if (snap.status === 'done') return { goTo: h.navigations.at(-1), toast: snap.output!.message };
  if (snap.matches('registered')) return { goTo: undefined, toast: snap.context.message };
  const { context } = snap;
  const phase = snap.matches('loading')
    ? 'loading'
    : snap.matches('failed')
      ? 'failed'
      : snap.matches('checkingUrlAffiliate')
        ? 'checkingUrlAffiliate'
        : (Object.values((snap.value as { ready: { form: string } }).ready)[0] as string);
  const captcha = snap.matches({ ready: { captcha: 'loading' } })
    ? 'loading'
    : snap.matches({ ready: { captcha: 'shown' } })
      ? 'shown'
      : 'off';
  return {
    phase,
    fields: context.rules ? visibleFields(context.rules, context.method) : [],
    methodTabs: context.rules ? context.rules.methods.username && context.rules.methods.mobile : false,
    disclaimer: { accepted: context.disclaimerAccepted, error: context.disclaimerError },
    captcha,
    captchaImage: captcha === 'shown' ? context.captcha : null,
    error: context.errorCode,
    focus: context.focusField,
    smsButton: (snap.children.smsCountdown?.getSnapshot() as { value?: { button: string } } | undefined)?.value?.button ?? null,
  };
}

describe.each(pathSets.map((set) => [`${set.aspect}, URL code ${set.input.affiliateCode}`, set] as const))(
  'registration machine replayed: %s',
  (_aspect, { input, paths }) => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const h = harness(input);
      // The user's model of the screen.
      let phase = 'loading';
      let rules: RegistrationRules | null = null;
      let method: RegistrationMethod = 'username';
      let accepted = false;
      let disclaimerError = false;
      let validated: string | null = null;
      let captcha = 'off';
      let captchaShown: Captcha | null = null;
      let error: string | null = null;
      let focus: string | null = null;
      let smsButton: string | null = null;
      let goTo: { goTo: Navigation | undefined; toast: string } | null = null;
      let pending: RegistrationValues | null = null;
      let rulesLoads = 1;
      let captchaLoads = 0;
      const affiliateChecks: Array<{ code: string }> = [];
      const requests: RegistrationRequest[] = [];
      const focused: string[] = [];

      const enterReady = () => {
        phase = 'editing';
        smsButton = 'idle';
        if (rules!.captcha) {
          captcha = 'loading';
          captchaLoads++;
        }
      };
      const refreshCaptcha = () => {
        if (captcha !== 'shown') return;
        captcha = 'loading';
        captchaLoads++;
      };
      const reject = () => {
        error = identityMessages.invalidInvitationCode;
        focus = 'affiliateCode';
        focused.push('affiliateCode');
      };
      const send = () => {
        phase = 'submitting';
        const shown = expectedFields(rules!, method);
        const values: RegistrationValues = {};
        for (const [k, v] of Object.entries(pending!)) {
          if (shown.includes(k)) values[k as keyof RegistrationValues] = k === 'password' || k === 'confimpsw' ? v : v.trim();
        }
        requests.push({ method, values, captchaId: rules!.captcha ? (captchaShown?.id ?? null) : null });
      };

      const check = (modelState: { value: unknown; context: unknown }) => {
        const snap = h.actor.getSnapshot();
        expect(snap.value).toEqual(modelState.value);
        expect(snap.context).toEqual(modelState.context);
        if (goTo) {
          expect(screen(h)).toEqual(goTo);
        } else {
          expect(screen(h)).toEqual({
            phase,
            fields: rules ? expectedFields(rules, method) : [],
            methodTabs: rules === fullRules,
            disclaimer: { accepted, error: disclaimerError },
            captcha,
            captchaImage: captcha === 'shown' ? captchaShown : null,
            error,
            focus,
            smsButton,
          });
        }
        expect(h.loadRules.inputs).toHaveLength(rulesLoads);
        expect(h.loadCaptcha.inputs).toHaveLength(captchaLoads);
        expect(h.checkAffiliate.inputs).toEqual(affiliateChecks);
        expect(h.submitRegistration.inputs).toEqual(requests);
        // No code is asked for before the human check (the captcha of the SMS button).
        expect(h.requestSmsCode.inputs).toEqual([]);
        expect(h.focused).toEqual(focused);
      };

      h.actor.start();
      check(path.steps[0]!.state);
      for (const step of path.steps.slice(1)) {
        const event = step.event;
        if (goTo && event.type !== LOGIN_REDIRECT) {
          // Registered: the success message shows, and taps change nothing.
          h.actor.send(event as never);
          await flush();
          check(step.state);
          continue;
        }
        switch (event.type) {
          case 'xstate.done.actor.loadRules':
            h.loadRules.resolve(event.output);
            rules = event.output;
            method = rules === mobileRules ? 'mobile' : 'username';
            error = null;
            if (input.affiliateCode) {
              phase = 'checkingUrlAffiliate';
              affiliateChecks.push({ code: input.affiliateCode });
            } else {
              enterReady();
            }
            break;
          case 'xstate.error.actor.loadRules':
            h.loadRules.reject(event.error);
            phase = 'failed';
            error = event.error.errorCode;
            break;
          case 'rules.retry':
            h.actor.send(event as never);
            if (phase === 'failed') {
              phase = 'loading';
              rulesLoads++;
            }
            break;
          case 'xstate.done.actor.checkAffiliate':
            h.checkAffiliate.resolve(event.output);
            if (phase === 'checkingUrlAffiliate') {
              if (event.output.valid) validated = input.affiliateCode;
              else reject();
              enterReady();
            } else if (event.output.valid) {
              validated = pending!.affiliateCode!;
              send();
            } else {
              reject();
              pending = null;
              phase = 'editing';
            }
            break;
          case 'xstate.error.actor.checkAffiliate':
            h.checkAffiliate.reject(event.error);
            if (phase === 'checkingUrlAffiliate') {
              enterReady();
            } else {
              error = event.error.errorCode;
              pending = null;
              phase = 'editing';
            }
            break;
          case 'method.change':
            h.actor.send(event as never);
            if (phase === 'editing' && rules === fullRules && event.method !== method) {
              method = event.method;
              focus = null;
              error = null;
            }
            break;
          case 'sms.send':
            h.actor.send(event as never);
            if (smsButton === 'idle' && method === 'mobile' && rules?.smsVerification) {
              smsButton = 'loadingCaptcha';
            }
            break;
          case 'disclaimer.toggle':
            h.actor.send(event as never);
            if (smsButton !== null) {
              accepted = !accepted;
              disclaimerError = false;
            }
            break;
          case 'form.submit':
            h.actor.send(event as never);
            if (phase !== 'editing') break;
            if (event.values === badSubmit.values) {
              // 'x' fails the username pattern before the form's own confimpsw error.
              focus = 'username';
              focused.push('username');
              error = null;
            } else if (!accepted) {
              disclaimerError = true;
              error = identityMessages.disclaimerRequired;
              focus = null;
            } else {
              pending = event.values;
              error = null;
              focus = null;
              if (event.values.affiliateCode && event.values.affiliateCode !== validated) {
                phase = 'checkingAffiliate';
                affiliateChecks.push({ code: event.values.affiliateCode });
              } else {
                send();
              }
            }
            break;
          case 'xstate.done.actor.submitRegistration':
            h.submitRegistration.resolve(event.output);
            goTo = { goTo: undefined, toast: identityMessages.registered };
            break;
          case LOGIN_REDIRECT:
            await vi.advanceTimersByTimeAsync(1500);
            goTo = { goTo: { to: '/m/login', replace: true }, toast: identityMessages.registered };
            break;
          case 'xstate.error.actor.submitRegistration':
            h.submitRegistration.reject(event.error);
            phase = 'editing';
            pending = null;
            error = event.error.errorCode;
            refreshCaptcha();
            break;
          case 'captcha.refresh':
            h.actor.send(event as never);
            refreshCaptcha();
            break;
          case 'xstate.done.actor.loadCaptcha':
            h.loadCaptcha.resolve(event.output);
            captcha = 'shown';
            captchaShown = event.output;
            break;
          case 'xstate.error.actor.loadCaptcha':
            h.loadCaptcha.reject(event.error);
            captcha = 'shown';
            captchaShown = null;
            break;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
        await flush();
        check(step.state);
      }
      h.actor.stop();
    });
  },
);

describe('registration machine: named scenarios', () => {
  const start = async (input: RegistrationInput, rules: RegistrationRules) => {
    const h = harness(input);
    h.actor.start();
    h.loadRules.resolve(rules);
    await flush();
    return h;
  };

  it('an invalid invitation code from the URL is reported and focused before anything else', async () => {
    const h = harness({ affiliateCode: 'BAD', now: frozen });
    h.actor.start();
    h.loadRules.resolve(mobileRules);
    await flush();
    expect(h.checkAffiliate.inputs).toEqual([{ code: 'BAD' }]);
    h.checkAffiliate.resolve({ valid: false });
    await flush();
    expect(screen(h)).toMatchObject({ phase: 'editing', error: identityMessages.invalidInvitationCode, focus: 'affiliateCode' });
    expect(h.focused).toEqual(['affiliateCode']);
  });

  it('a code accepted from the URL is not checked again on submit', async () => {
    const h = harness({ affiliateCode: 'AFF1', now: frozen });
    h.actor.start();
    h.loadRules.resolve(mobileRules);
    await flush();
    h.checkAffiliate.resolve({ valid: true });
    await flush();
    h.actor.send({ type: 'disclaimer.toggle' });
    h.actor.send({ type: 'form.submit', values: { mobileNum: '09171234567', password: 'Secret#1', confimpsw: 'Secret#1', affiliateCode: 'AFF1' } });
    expect(h.checkAffiliate.inputs).toHaveLength(1);
    expect(h.submitRegistration.inputs).toEqual([
      { method: 'mobile', values: { mobileNum: '09171234567', password: 'Secret#1', confimpsw: 'Secret#1', affiliateCode: 'AFF1' }, captchaId: null },
    ]);
  });

  it('focuses the first invalid field in form order, the form’s or the rules’', async () => {
    const h = await start({ affiliateCode: null, now: frozen }, fullRules);
    h.actor.send({ type: 'disclaimer.toggle' });
    h.actor.send({ type: 'form.submit', values: { ...good, email: 'nope' }, invalidFields: ['identifying'] });
    expect(screen(h).focus).toBe('email');
    h.actor.send({ type: 'form.submit', values: { ...good, confimpsw: 'Secret#2' } });
    expect(screen(h).focus).toBe('confimpsw');
    h.actor.send({ type: 'method.change', method: 'mobile' });
    h.actor.send({ type: 'form.submit', values: good });
    expect(screen(h).focus).toBe('mobileNum');
    expect(h.focused).toEqual(['email', 'confimpsw', 'mobileNum']);
    expect(h.submitRegistration.inputs).toEqual([]);
  });

  it('the disclaimer gates the submit', async () => {
    const h = await start({ affiliateCode: null, now: frozen }, fullRules);
    h.actor.send(submit(good) as never);
    expect(screen(h)).toMatchObject({ disclaimer: { accepted: false, error: true }, error: identityMessages.disclaimerRequired });
    h.actor.send({ type: 'disclaimer.toggle' });
    expect(screen(h).disclaimer).toEqual({ accepted: true, error: false });
    h.actor.send(submit(good) as never);
    expect(screen(h).phase).toBe('submitting');
  });

  it('sends no SMS code in the username method or without REGMOBVERF3', async () => {
    const sms = { type: 'sms.send', mobile: '09171234567', mobileValid: true } as const;
    const full = await start({ affiliateCode: null, now: frozen }, fullRules);
    full.actor.send(sms);
    const mobile = await start({ affiliateCode: null, now: frozen }, mobileRules);
    mobile.actor.send(sms);
    expect([...full.requestSmsCode.inputs, ...mobile.requestSmsCode.inputs]).toEqual([]);
    full.actor.send({ type: 'method.change', method: 'mobile' });
    full.actor.send(sms);
    // The human check first: the SMS button shows a captcha, and asks for the code once it is answered.
    const button = full.actor.getSnapshot().children.smsCountdown as ActorRefFrom<typeof smsCountdownMachine>;
    expect(button.getSnapshot().value.button).toBe('loadingCaptcha');
    full.smsCaptcha.resolve({ id: 'c-1', image: 'data:image/svg+xml;base64,' });
    await flush();
    button.send({ type: 'captcha.submit', answer: '123456' });
    expect(full.requestSmsCode.inputs).toEqual([
      { purpose: 'register', mobile: '09171234567', countryDialingCode: '', captchaId: 'c-1', captcha: '123456' },
    ]);
  });
});
