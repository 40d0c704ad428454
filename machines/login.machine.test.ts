import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type Captcha, identityMessages } from './identity-types.ts';
import { type LoginInput, type LoginMethod, type LoginRequest, loginMachine, type RememberedLogin } from './login.machine.ts';
import type { SessionInfo } from './session.ts';
import { type SmsCodeRequest, type SmsCodeResult, smsCountdownMachine } from './sms-countdown.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import type { Navigation } from '../contract/route-paths.ts';
import { modelPathSets } from './test/model.ts';
import { captchaImage, complete, flagged, loginModel, plain, REVALIDATE, session, withSms, withoutSms } from './test/models/login.model.ts';

const pathSets = modelPathSets(loginModel);

describe('login machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(loginMachine, pathSets);
    expect(coverage.states.length).toBe(14);
    expect(coverage.transitions.length).toBe(20);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets.map((s) => s.paths.length)).toEqual([27, 11, 73, 73, 39]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutFlag = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.error === flagged)),
    }));
    const coverage = coverageOf(loginMachine, withoutFlag);
    expect(coverage.missingStates).toEqual(['login.active.captcha.loading', 'login.active.captcha.shown']);
    expect(coverage.missingTransitions).toEqual([
      'login.active.form.submitting --xstate.error.actor.submitLogin [isCaptchaFlagged] #0--> login.active.form.editing',
      'login.active.captcha.hidden --captcha.refresh [isCaptchaRequired]--> login.active.captcha.loading',
      'login.active.captcha.loading --xstate.done.actor.loadCaptcha--> login.active.captcha.shown',
      'login.active.captcha.loading --xstate.error.actor.loadCaptcha--> login.active.captcha.shown',
      'login.active.captcha.shown --captcha.refresh--> login.active.captcha.loading',
    ]);
  });
});

function harness(input: LoginInput) {
  const loadRemembered = deferred<RememberedLogin | null, { method: LoginMethod | null }>();
  const loadCaptcha = deferred<Captcha, unknown>();
  const submitLogin = deferred<SessionInfo, LoginRequest>();
  const requestSmsCode = deferred<SmsCodeResult, SmsCodeRequest>();
  // The SMS button's human check: its captcha stays loading in these paths (sms-countdown.machine.test.ts plays it).
  const smsCaptcha = deferred<Captcha, unknown>();
  const storeSession = vi.fn<(session: SessionInfo, remember: boolean) => void>();
  const navigations: Navigation[] = [];
  const machine = loginMachine.provide({
    actors: {
      loadRemembered: loadRemembered.logic,
      loadCaptcha: loadCaptcha.logic,
      submitLogin: submitLogin.logic,
      smsCountdown: smsCountdownMachine.provide({ actors: { requestSmsCode: requestSmsCode.logic, loadCaptcha: smsCaptcha.logic } }),
    },
    actions: { storeSession: (_, p) => storeSession(p.session, p.remember), goTo: (_, n) => navigations.push(n) },
  });
  const actor = createActor(machine, { input });
  const revalidate = vi.fn();
  actor.on('fields.revalidate', revalidate);
  return { actor, loadRemembered, loadCaptcha, submitLogin, requestSmsCode, storeSession, revalidate, navigations };
}

type Harness = ReturnType<typeof harness>;

/** What the login screen shows. */
function screen(h: Harness) {
  const snap = h.actor.getSnapshot();
  // Logged in: where the machine sent the player.
  if (snap.status === 'done') return { goTo: h.navigations };
  const { context } = snap;
  const captcha = snap.matches({ active: { captcha: 'hidden' } }) ? 'hidden' : snap.matches({ active: { captcha: 'loading' } }) ? 'loading' : 'shown';
  return {
    method: context.method,
    prefilled: context.account,
    remember: context.remember,
    captcha,
    captchaImage: captcha === 'shown' ? context.captcha : null,
    error: context.errorCode,
    busy: snap.matches({ active: { form: 'submitting' } }),
    smsButton: (snap.children.smsCountdown?.getSnapshot() as { value?: { button: string } } | undefined)?.value?.button ?? null,
  };
}

describe.each(pathSets.map((set) => [`${set.aspect}, sms ${set.input.smsEnabled ? 'on' : 'off'}`, set] as const))(
  'login machine replayed: %s',
  (_aspect, { input, paths }) => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const h = harness(input);
      // The user's model of the screen, written from the spec.
      let form: 'restoring' | 'editing' | 'switching' | 'submitting' | 'done' = 'restoring';
      let method: LoginMethod = 'username';
      let prefilled = '';
      let remember = true;
      let captcha: 'hidden' | 'loading' | 'shown' = 'hidden';
      let captchaRequired = false;
      let captchaShown: Captcha | null = null;
      let error: string | null = null;
      let smsButton = 'idle';
      let goTo: Navigation[] | null = null;
      let revalidations = 0;
      let lastSubmit: Record<string, unknown> = {};
      const rememberedAsked: Array<{ method: LoginMethod | null }> = [{ method: null }];
      const submitted: LoginRequest[] = [];
      const stored: Array<[SessionInfo, boolean]> = [];
      let captchaLoads = 0;

      const refreshCaptcha = () => {
        if (captcha === 'loading') return;
        captcha = 'loading';
        captchaLoads++;
      };

      const check = (modelState: { value: unknown; context: unknown }) => {
        const snap = h.actor.getSnapshot();
        expect(snap.value).toEqual(modelState.value);
        expect(snap.context).toEqual(modelState.context);
        if (goTo) {
          expect(screen(h)).toEqual({ goTo });
        } else {
          expect(screen(h)).toEqual({
            method,
            prefilled,
            remember,
            captcha,
            captchaImage: captcha === 'shown' ? captchaShown : null,
            error,
            busy: form === 'submitting',
            smsButton,
          });
        }
        expect(h.loadRemembered.inputs).toEqual(rememberedAsked);
        expect(h.submitLogin.inputs).toEqual(submitted);
        expect(h.storeSession.mock.calls).toEqual(stored);
        expect(h.loadCaptcha.inputs).toHaveLength(captchaLoads);
        // No code is asked for before the human check (the captcha of the SMS button).
        expect(h.requestSmsCode.inputs).toEqual([]);
        expect(h.revalidate).toHaveBeenCalledTimes(revalidations);
      };

      h.actor.start();
      check(path.steps[0]!.state);
      for (const step of path.steps.slice(1)) {
        const event = step.event;
        switch (event.type) {
          case 'xstate.done.actor.loadRemembered': {
            h.loadRemembered.resolve(event.output);
            const out = event.output as RememberedLogin | null;
            if (form === 'restoring' && out && (out.method === 'username' || input.smsEnabled)) {
              method = out.method;
              prefilled = out.account;
            } else if (form === 'switching') {
              prefilled = out?.method === method ? out.account : '';
            }
            form = 'editing';
            break;
          }
          case 'xstate.error.actor.loadRemembered':
            h.loadRemembered.reject(event.error);
            form = 'editing';
            break;
          case 'method.change':
            h.actor.send(event as never);
            if (form === 'editing' && event.method !== method && (event.method === 'username' || input.smsEnabled)) {
              form = 'switching';
              method = event.method;
              prefilled = '';
              error = null;
              rememberedAsked.push({ method });
            }
            break;
          case 'sms.send':
            h.actor.send(event as never);
            if (method === 'sms' && smsButton === 'idle') {
              smsButton = 'loadingCaptcha';
            }
            break;
          case 'form.submit':
            h.actor.send(event as never);
            if (form === 'editing') {
              if (event.account.trim() && event.secret && (!captchaRequired || event.captcha)) {
                form = 'submitting';
                error = null;
                lastSubmit = event;
                submitted.push({
                  method,
                  account: event.account.trim(),
                  secret: event.secret,
                  captcha: captchaRequired ? event.captcha : '',
                  captchaId: captchaRequired ? (captchaShown?.id ?? null) : null,
                  countryDialingCode: '',
                  remember,
                });
              } else {
                error = event.account.trim() && event.secret ? identityMessages.captchaRequired : identityMessages.fieldsRequired;
              }
            }
            break;
          case 'xstate.done.actor.submitLogin':
            h.submitLogin.resolve(event.output);
            // A new password first; else back to the page the player came from, else home.
            goTo = [
              event.output.firstTimeLogin || event.output.passwordExpired
                ? { to: '/m/changePsw', replace: true }
                : input.redirect
                  ? { href: input.redirect, replace: true }
                  : { to: '/m/home', replace: true },
            ];
            stored.push([event.output, remember]);
            expect(lastSubmit.type).toBe('form.submit');
            break;
          case 'xstate.error.actor.submitLogin':
            h.submitLogin.reject(event.error);
            form = 'editing';
            error = event.error.errorCode;
            if (event.error.value?.captchaRequired) {
              captchaRequired = true;
              refreshCaptcha();
            }
            break;
          case 'captcha.refresh':
            h.actor.send(event as never);
            if (captcha === 'shown' || (captcha === 'hidden' && captchaRequired)) refreshCaptcha();
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
          case 'remember.toggle':
            h.actor.send(event as never);
            remember = !remember;
            break;
          case 'language.change':
            h.actor.send(event as never);
            break;
          case REVALIDATE:
            await vi.advanceTimersByTimeAsync(199);
            expect(h.revalidate).toHaveBeenCalledTimes(revalidations);
            await vi.advanceTimersByTimeAsync(1);
            revalidations++;
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

describe('login machine: named scenarios', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ready = async (input: LoginInput = withSms, record: RememberedLogin | null = null) => {
    const h = harness(input);
    h.actor.start();
    h.loadRemembered.resolve(record);
    await flush();
    return h;
  };

  it('three failed logins: the captcha appears only when the server asks, and is sent with the next try', async () => {
    const h = await ready();
    h.actor.send(complete as never);
    h.submitLogin.reject(plain);
    await flush();
    expect(screen(h)).toMatchObject({ captcha: 'hidden', error: 'login.failed', busy: false });
    h.actor.send(complete as never);
    h.submitLogin.reject(flagged);
    await flush();
    expect(screen(h)).toMatchObject({ captcha: 'loading' });
    h.loadCaptcha.resolve(captchaImage);
    await flush();
    expect(screen(h)).toMatchObject({ captcha: 'shown', captchaImage });
    // Without the captcha answer the form is not sent.
    h.actor.send({ type: 'form.submit', account: 'player1', secret: 'pw' });
    expect(screen(h)).toMatchObject({ error: identityMessages.captchaRequired, busy: false });
    h.actor.send(complete as never);
    expect(h.submitLogin.inputs.at(-1)).toMatchObject({ captcha: '123456', captchaId: 'c1' });
    h.submitLogin.reject(flagged);
    await flush();
    expect(h.loadCaptcha.inputs).toHaveLength(2);
  });

  it('a first login goes to /m/changePsw and stores the session as remembered', async () => {
    const h = await ready();
    h.actor.send(complete as never);
    h.submitLogin.resolve(session(true));
    await flush();
    expect(h.actor.getSnapshot().output).toEqual({ redirectTo: '/m/changePsw', session: session(true) });
    expect(h.storeSession).toHaveBeenCalledWith(session(true), true);
  });

  it('an expired password goes to /m/changePsw too', async () => {
    const h = await ready();
    h.actor.send(complete as never);
    const expired = { ...session(false), passwordExpired: true };
    h.submitLogin.resolve(expired);
    await flush();
    expect(h.actor.getSnapshot().output).toEqual({ redirectTo: '/m/changePsw', session: expired });
  });

  it('remember-me off stores the session for this tab only', async () => {
    const h = await ready();
    h.actor.send({ type: 'remember.toggle' });
    h.actor.send(complete as never);
    h.submitLogin.resolve(session(false));
    await flush();
    expect(h.storeSession).toHaveBeenCalledWith(session(false), false);
    expect(h.actor.getSnapshot().output?.redirectTo).toBe('/m/home');
  });

  it('a remembered SMS login opens the SMS tab only when the switch is on', async () => {
    const record: RememberedLogin = { method: 'sms', account: '09171234567' };
    expect(screen(await ready(withSms, record))).toMatchObject({ method: 'sms', prefilled: '09171234567' });
    expect(screen(await ready(withoutSms, record))).toMatchObject({ method: 'username', prefilled: '' });
    const h = await ready(withoutSms);
    h.actor.send({ type: 'method.change', method: 'sms' });
    expect(screen(h)).toMatchObject({ method: 'username' });
  });

  it('language changes re-validate once, 200 ms after the last one', async () => {
    const h = await ready();
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(150);
    h.actor.send({ type: 'language.change' });
    await vi.advanceTimersByTimeAsync(150);
    expect(h.revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(h.revalidate).toHaveBeenCalledTimes(1);
  });
});
