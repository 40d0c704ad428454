import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Navigation } from '../contract/route-paths.ts';
import { createActor } from 'xstate';
import { type Captcha, identityMessages } from './identity-types.ts';
import {
  type EmailResetRequest,
  isValidResetEmail,
  type PasswordResetInput,
  type PasswordResetOutput,
  type PhoneResetRequest,
  type PhoneResetResult,
  passwordResetMachine,
  type ResetLoginRequest,
} from './password-reset.machine.ts';
import type { SessionInfo } from './session.ts';
import { type SmsCodeRequest, type SmsCodeResult, smsCountdownMachine } from './sms-countdown.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { inputs, passwordResetModel, RESULT_SHOWN, session } from './test/models/password-reset.model.ts';

const pathSets = modelPathSets(passwordResetModel);

describe('passwordReset machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(passwordResetMachine, pathSets);
    expect(coverage.states.length).toBe(10);
    expect(coverage.transitions.length).toBe(17);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets.map((s) => s.paths.length)).toEqual([123, 46]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutSame = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.error?.errorCode === 'modify.new.old.same')),
    }));
    expect(coverageOf(passwordResetMachine, withoutSame).missingTransitions).toEqual([
      'passwordReset.phone.submitting --xstate.error.actor.submitPhoneReset [isSamePasswordError] #0--> passwordReset.phone.editing',
    ]);
  });
});

function harness(input: PasswordResetInput) {
  const submitEmailReset = deferred<void, EmailResetRequest>();
  const submitPhoneReset = deferred<PhoneResetResult, PhoneResetRequest>();
  const loginAfterReset = deferred<SessionInfo, ResetLoginRequest>();
  const requestSmsCode = deferred<SmsCodeResult, SmsCodeRequest>();
  // The SMS button's human check: its captcha stays loading in these paths (sms-countdown.machine.test.ts plays it).
  const smsCaptcha = deferred<Captcha, unknown>();
  const stored: Array<{ session: SessionInfo; remember: boolean }> = [];
  const navigations: Navigation[] = [];
  const machine = passwordResetMachine.provide({
    actors: {
      submitEmailReset: submitEmailReset.logic,
      submitPhoneReset: submitPhoneReset.logic,
      loginAfterReset: loginAfterReset.logic,
      smsCountdown: smsCountdownMachine.provide({ actors: { requestSmsCode: requestSmsCode.logic, loadCaptcha: smsCaptcha.logic } }),
    },
    actions: { storeSession: (_, p) => stored.push(p), goTo: (_, n) => navigations.push(n) },
  });
  const actor = createActor(machine, { input });
  const cleared: string[] = [];
  actor.on('field.clear', (e) => cleared.push(e.field));
  return { actor, submitEmailReset, submitPhoneReset, loginAfterReset, requestSmsCode, stored, cleared, navigations };
}

/** What the forgot-password screen shows. */
function screen(h: ReturnType<typeof harness>) {
  const snap = h.actor.getSnapshot();
  if (snap.status === 'done') return { done: snap.output, goTo: h.navigations };
  if (snap.matches('finished')) return { done: snap.context.result, goTo: h.navigations };
  return {
    form: snap.context.lookup,
    toggle: snap.context.phoneResetEnabled,
    loading: snap.matches({ email: 'submitting' }) || snap.matches({ phone: 'submitting' }) || snap.matches({ phone: 'loggingIn' }),
    error: snap.context.errorCode,
    cleared: snap.context.clearField,
  };
}

describe.each(inputs)('passwordReset machine replayed with phone reset $phoneResetEnabled', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each(pathSets.find((s) => s.input === input)!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness(input);
    let form: 'phone' | 'email' = input.phoneResetEnabled ? 'phone' : 'email';
    let phase: 'editing' | 'submitting' | 'loggingIn' = 'editing';
    let error: string | null = null;
    let cleared: string | null = null;
    let done: PasswordResetOutput | null = null;
    const goTo: Navigation[] = [];
    let smsButton = 'idle';
    const emailSent: EmailResetRequest[] = [];
    const phoneSent: PhoneResetRequest[] = [];
    const logins: ResetLoginRequest[] = [];
    const stored: Array<{ session: SessionInfo; remember: boolean }> = [];
    const clearEvents: string[] = [];

    h.actor.start();
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      if (done && event.type !== RESULT_SHOWN) {
        // The result shows: taps change nothing.
        h.actor.send(event as never);
        await flush();
        expect(screen(h)).toEqual({ done, goTo });
        continue;
      }
      switch (event.type) {
        case RESULT_SHOWN:
          await vi.advanceTimersByTimeAsync(1500);
          // Back to where the e-mail lookup came from (the login when there is none), else on to the next screen.
          goTo.push(done!.goBack ? { back: true, to: '/m/login' } : { to: done!.redirectTo!, replace: true });
          break;
        case 'lookup.change':
          h.actor.send(event as never);
          if (phase === 'editing' && input.phoneResetEnabled && event.lookup !== form) {
            form = event.lookup;
            error = null;
            cleared = null;
            smsButton = 'idle';
          }
          break;
        case 'email.submit':
          h.actor.send(event as never);
          if (form !== 'email' || phase !== 'editing') break;
          if (!event.username.trim()) error = identityMessages.fieldsRequired;
          else if (!/^[\w.]+@\w+\.[a-z]{2,3}$/.test(event.email.trim())) error = identityMessages.emailIncorrect;
          else {
            phase = 'submitting';
            error = null;
            emailSent.push({ username: event.username.trim(), email: event.email.trim() });
          }
          break;
        case 'xstate.done.actor.submitEmailReset':
          h.submitEmailReset.resolve(undefined);
          done = { goBack: true, redirectTo: null, message: identityMessages.resetEmailSent, session: null };
          break;
        case 'xstate.error.actor.submitEmailReset':
          h.submitEmailReset.reject(event.error);
          phase = 'editing';
          error = event.error.errorCode;
          break;
        case 'sms.send':
          h.actor.send(event as never);
          if (form === 'phone' && smsButton === 'idle') {
            smsButton = 'loadingCaptcha';
          }
          break;
        case 'phone.submit':
          h.actor.send(event as never);
          if (form !== 'phone' || phase !== 'editing') break;
          if (!event.verificationCode) error = identityMessages.fieldsRequired;
          else {
            phase = 'submitting';
            error = null;
            cleared = null;
            phoneSent.push({ mobileNum: '09171234567', countryDialingCode: '+63', verificationCode: '123456', newPassword: 'New#2026' });
          }
          break;
        case 'xstate.done.actor.submitPhoneReset':
          h.submitPhoneReset.resolve(event.output);
          phase = 'loggingIn';
          logins.push({ username: 'player1', password: 'New#2026' });
          break;
        case 'xstate.error.actor.submitPhoneReset':
          h.submitPhoneReset.reject(event.error);
          phase = 'editing';
          error = event.error.errorCode;
          cleared = event.error.errorCode === 'modify.new.old.same' ? 'password' : 'verificationCode';
          clearEvents.push(cleared);
          break;
        case 'xstate.done.actor.loginAfterReset':
          h.loginAfterReset.resolve(event.output);
          done = { goBack: false, redirectTo: '/m/home', message: identityMessages.passwordReset, session };
          stored.push({ session, remember: false });
          break;
        case 'xstate.error.actor.loginAfterReset':
          h.loginAfterReset.reject(event.error);
          done = { goBack: false, redirectTo: '/m/login', message: identityMessages.passwordReset, session: null };
          break;
        default:
          throw new Error(`no executor for ${event.type}`);
      }
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(step.state.value);
      expect(h.actor.getSnapshot().context).toEqual(step.state.context);
      expect(screen(h)).toEqual(
        done ? { done, goTo } : { form, toggle: input.phoneResetEnabled, loading: phase !== 'editing', error, cleared },
      );
      expect(h.submitEmailReset.inputs).toEqual(emailSent);
      expect(h.submitPhoneReset.inputs).toEqual(phoneSent);
      expect(h.loginAfterReset.inputs).toEqual(logins);
      // No code is asked for before the human check (the captcha of the SMS button).
        expect(h.requestSmsCode.inputs).toEqual([]);
      expect(h.stored).toEqual(stored);
      expect(h.cleared).toEqual(clearEvents);
    }
  });
});

describe('passwordReset: the e-mail rule of section 5', () => {
  it.each([
    ['player1@example.com', true],
    ['first.last@mail.example.ph', true],
    ['a-b@example.co', true],
    ['player1@example', false],
    ['player1@example.company', false],
    ['@example.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%s -> %s', (email, valid) => {
    expect(isValidResetEmail(email)).toBe(valid);
  });
});
