import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type Captcha, identityMessages } from './identity-types.ts';
import {
  type SmsCodeRequest,
  type SmsCodeResult,
  type SmsCountdownInput,
  smsCountdownMachine,
  smsSendingToastMaxMs,
  smsSentToastMs,
} from './sms-countdown.machine.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { captchaImage, inputs, SENDING_TOAST_END, SENT_TOAST_END, smsCountdownModel, T0, TICK, valid } from './test/models/sms-countdown.model.ts';

const TICK_MS = 500;
const pathSets = modelPathSets(smsCountdownModel);

describe('smsCountdown machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(smsCountdownMachine, pathSets);
    expect(coverage.states).toEqual([
      'smsCountdown.button',
      'smsCountdown.button.idle',
      'smsCountdown.button.validating',
      'smsCountdown.button.loadingCaptcha',
      'smsCountdown.button.captcha',
      'smsCountdown.button.sending',
      'smsCountdown.button.counting',
      'smsCountdown.toast',
      'smsCountdown.toast.hidden',
      'smsCountdown.toast.sending',
      'smsCountdown.toast.sent',
    ]);
    expect(coverage.transitions.length).toBe(21);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets.map((s) => s.paths.length)).toEqual([338, 338]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutExpired = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.output?.expirationTime === T0 - 1)),
    }));
    expect(coverageOf(smsCountdownMachine, withoutExpired).missingTransitions).toEqual([
      'smsCountdown.button.counting --after smsTick [isTimeUp] #0--> smsCountdown.button.idle',
    ]);
  });
});

function harness(input: SmsCountdownInput) {
  const request = deferred<SmsCodeResult, SmsCodeRequest>();
  const captcha = deferred<Captcha, unknown>();
  const machine = smsCountdownMachine.provide({ actors: { requestSmsCode: request.logic, loadCaptcha: captcha.logic } });
  const actor = createActor(machine, { input });
  const sent = vi.fn();
  actor.on('sms.sent', sent);
  return { actor, request, captcha, sent };
}

/** Answers the human check: the captcha loads and the person types its digits. */
async function passHumanCheck(h: ReturnType<typeof harness>, answer = '482913') {
  h.captcha.resolve(captchaImage);
  await flush();
  h.actor.send({ type: 'captcha.submit', answer });
}

/** What the user sees on the SMS button, and the human check's captcha panel. */
function button(actor: ReturnType<typeof harness>['actor']) {
  const snap = actor.getSnapshot();
  return {
    disabled: !snap.matches({ button: 'idle' }),
    loading: snap.matches({ button: 'sending' }),
    seconds: snap.matches({ button: 'counting' }) ? snap.context.remaining : null,
    error: snap.context.errorCode,
    toast: snap.matches({ toast: 'sending' }) ? 'in_sms_sending' : snap.matches({ toast: 'sent' }) ? 'in_sms_send' : null,
    humanCheck: snap.matches({ button: 'loadingCaptcha' })
      ? 'loading'
      : snap.matches({ button: 'captcha' })
        ? (snap.context.captcha?.id ?? 'failed')
        : null,
  };
}

describe.each(inputs)('smsCountdown machine replayed for $purpose', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const paths = pathSets.find((s) => s.input === input)!.paths;

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness(input);
    // The user's model of the button.
    let phase: 'idle' | 'loadingCaptcha' | 'captcha' | 'sending' | 'counting' = 'idle';
    let shownCaptcha: Captcha | null = null;
    let seconds: number | null = null;
    let error: string | null = null;
    let expiresAt = 0;
    const requested: SmsCodeRequest[] = [];
    let sentToasts = 0;
    let toast: string | null = null;
    let lastMobile = { mobile: '', countryDialingCode: '' };

    const check = (modelState: { value: unknown; context: unknown }) => {
      const snap = h.actor.getSnapshot();
      expect(snap.status).toBe('active');
      expect(snap.value).toEqual(modelState.value);
      expect(snap.context).toEqual(modelState.context);
      const humanCheck = phase === 'loadingCaptcha' ? 'loading' : phase === 'captcha' ? (shownCaptcha?.id ?? 'failed') : null;
      expect(button(h.actor)).toEqual({ disabled: phase !== 'idle', loading: phase === 'sending', seconds, error, toast, humanCheck });
      expect(h.request.inputs).toEqual(requested);
      expect(h.sent).toHaveBeenCalledTimes(sentToasts);
    };

    h.actor.start();
    check(path.steps[0]!.state);
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      if (event.type === 'sms.send') {
        h.actor.send(event as never);
        if (phase === 'idle') {
          if (event.mobileValid && event.mobile.trim()) {
            // No code yet: first the human check.
            phase = 'loadingCaptcha';
            error = null;
            shownCaptcha = null;
            lastMobile = { mobile: event.mobile.trim(), countryDialingCode: event.countryDialingCode ?? '' };
          } else {
            error = identityMessages.mobileInvalid;
          }
        }
      } else if (event.type === 'xstate.done.actor.loadCaptcha') {
        h.captcha.resolve(event.output);
        phase = 'captcha';
        shownCaptcha = event.output;
      } else if (event.type === 'xstate.error.actor.loadCaptcha') {
        h.captcha.reject(event.error);
        phase = 'captcha';
        shownCaptcha = null;
        error = event.error.errorCode;
      } else if (event.type === 'captcha.submit') {
        h.actor.send(event as never);
        if (phase === 'captcha') {
          if (shownCaptcha && /^\d{6}$/.test(event.answer)) {
            phase = 'sending';
            error = null;
            toast = 'in_sms_sending';
            requested.push({ purpose: input.purpose, ...lastMobile, captchaId: shownCaptcha.id, captcha: event.answer });
          } else {
            error = identityMessages.captchaRequired;
          }
        }
      } else if (event.type === 'captcha.refresh') {
        h.actor.send(event as never);
        if (phase === 'captcha') {
          phase = 'loadingCaptcha';
          shownCaptcha = null;
        }
      } else if (event.type === 'captcha.cancel') {
        // A captcha still loading is dropped with the check.
        if (phase === 'loadingCaptcha') h.captcha.reject(new Error('cancelled'));
        h.actor.send(event as never);
        if (phase === 'loadingCaptcha' || phase === 'captcha') {
          phase = 'idle';
          error = null;
          shownCaptcha = null;
        }
      } else if (event.type === 'xstate.done.actor.requestSmsCode') {
        h.request.resolve(event.output);
        phase = 'counting';
        expiresAt = event.output.expirationTime ?? T0 + 60_000;
        seconds = Math.max(0, Math.ceil((expiresAt - T0) / 1000));
        sentToasts++;
        toast = 'in_sms_send';
      } else if (event.type === 'xstate.error.actor.requestSmsCode') {
        h.request.reject(event.error);
        toast = null;
        const cooldownEnd = event.error instanceof Error ? undefined : event.error.value?.expirationTime;
        if (typeof cooldownEnd === 'number') {
          // A code was sent moments ago: the button counts down to when the next may be asked, without an error.
          phase = 'counting';
          expiresAt = cooldownEnd;
          seconds = Math.max(0, Math.ceil((expiresAt - T0) / 1000));
        } else if (!(event.error instanceof Error) && event.error.errorCode === 'captcha.invalid') {
          // The captcha was refused: a new one, with the reason.
          phase = 'loadingCaptcha';
          shownCaptcha = null;
          error = 'captcha.invalid';
        } else {
          phase = 'idle';
          error = event.error instanceof Error ? 'client.network' : event.error.errorCode;
        }
      } else if (event.type === TICK) {
        await vi.advanceTimersByTimeAsync(TICK_MS - 1);
        expect(button(h.actor).seconds).toBe(seconds);
        await vi.advanceTimersByTimeAsync(1);
        if (expiresAt <= T0) {
          phase = 'idle';
          seconds = null;
        }
      } else if (event.type === SENDING_TOAST_END || event.type === SENT_TOAST_END) {
        // The toast's time is up (its length is checked by the named scenarios, with real timers).
        h.actor.send(event as never);
        toast = null;
      } else {
        throw new Error(`no executor for ${event.type}`);
      }
      await flush();
      check(step.state);
    }
    h.actor.stop();
  });
});

describe('smsCountdown machine: named scenarios with a moving clock', () => {
  let time = T0;
  const clock = () => time;
  beforeEach(() => {
    time = T0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const advance = async (ms: number) => {
    for (let done = 0; done < ms; done += TICK_MS) {
      time += TICK_MS;
      await vi.advanceTimersByTimeAsync(TICK_MS);
    }
  };

  it('counts 60 s down when the server gives no expirationTime, disabled until zero', async () => {
    const h = harness({ purpose: 'login', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    expect(button(h.actor)).toEqual({ disabled: true, loading: true, seconds: null, error: null, toast: 'in_sms_sending', humanCheck: null });
    h.request.resolve({});
    await flush();
    expect(button(h.actor).seconds).toBe(60);
    expect(h.sent).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(button(h.actor).seconds).toBe(59);
    // A second tap while counting does nothing.
    h.actor.send(valid as never);
    expect(h.request.inputs).toHaveLength(1);
    await advance(58_500);
    expect(button(h.actor)).toMatchObject({ disabled: true, seconds: 1 });
    await advance(500);
    expect(button(h.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: null, toast: null, humanCheck: null });
    h.actor.send(valid as never);
    await passHumanCheck(h);
    expect(h.request.inputs).toHaveLength(2);
  });

  it('counts to the server expirationTime', async () => {
    const h = harness({ purpose: 'reset', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    h.request.resolve({ expirationTime: T0 + 5_000 });
    await flush();
    expect(button(h.actor).seconds).toBe(5);
    await advance(4_500);
    expect(button(h.actor).seconds).toBe(1);
    await advance(500);
    expect(button(h.actor).disabled).toBe(false);
  });

  it('counts down to the expirationTime of a cooldown answer instead of showing an error', async () => {
    const h = harness({ purpose: 'register', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    h.request.reject({
      kind: 'server',
      errorCode: 'verification.resend.cooldown',
      value: { retryAfterMs: 42_000, expirationTime: T0 + 42_000 },
    });
    await flush();
    expect(button(h.actor)).toEqual({ disabled: true, loading: false, seconds: 42, error: null, toast: null, humanCheck: null });
    expect(h.sent).not.toHaveBeenCalled();
    await advance(41_500);
    expect(button(h.actor).seconds).toBe(1);
    await advance(500);
    expect(button(h.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: null, toast: null, humanCheck: null });
  });

  it('shows the error of a cooldown answer that does not say when', async () => {
    const h = harness({ purpose: 'login', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    h.request.reject({ kind: 'server', errorCode: 'verification.resend.cooldown' });
    await flush();
    expect(button(h.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: 'verification.resend.cooldown', toast: null, humanCheck: null });
  });

  it('never requests a code for a number the form rejects', async () => {
    const h = harness({ purpose: 'login', now: clock });
    h.actor.start();
    h.actor.send({ type: 'sms.send', mobile: '12', mobileValid: false });
    expect(button(h.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: identityMessages.mobileInvalid, toast: null, humanCheck: null });
    expect(h.request.inputs).toEqual([]);
  });

  it('asks for no code before the captcha is answered; a short answer, a new captcha or giving up asks for none', async () => {
    const h = harness({ purpose: 'login', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    expect(button(h.actor)).toMatchObject({ disabled: true, loading: false, humanCheck: 'loading' });
    h.captcha.resolve(captchaImage);
    await flush();
    expect(button(h.actor)).toMatchObject({ humanCheck: 'captcha-1', error: null });
    h.actor.send({ type: 'captcha.submit', answer: '4829' });
    expect(button(h.actor)).toMatchObject({ humanCheck: 'captcha-1', error: identityMessages.captchaRequired });
    h.actor.send({ type: 'captcha.refresh' });
    h.captcha.resolve({ id: 'captcha-2', image: 'data:image/svg+xml;base64,' });
    await flush();
    h.actor.send({ type: 'captcha.cancel' });
    expect(button(h.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: null, toast: null, humanCheck: null });
    expect(h.request.inputs).toEqual([]);
    // Again, answered this time: the request carries the captcha shown and the digits.
    h.actor.send(valid as never);
    h.captcha.resolve({ id: 'captcha-3', image: 'data:image/svg+xml;base64,' });
    await flush();
    h.actor.send({ type: 'captcha.submit', answer: ' 482913 ' });
    expect(h.request.inputs).toEqual([
      { purpose: 'login', mobile: '09171234567', countryDialingCode: '+63', captchaId: 'captcha-3', captcha: '482913' },
    ]);
  });

  it('shows a new captcha with the reason when the server refuses the answer', async () => {
    const h = harness({ purpose: 'register', now: clock });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    h.request.reject({ kind: 'server', errorCode: 'captcha.invalid', value: { captchaRequired: true } });
    await flush();
    expect(button(h.actor)).toMatchObject({ humanCheck: 'loading', error: 'captcha.invalid', toast: null });
    await passHumanCheck(h, '111111');
    h.request.resolve({ expirationTime: T0 + 60_000 });
    await flush();
    expect(button(h.actor)).toMatchObject({ humanCheck: null, seconds: 60, error: null });
    expect(h.request.inputs.map((r) => r.captcha)).toEqual(['482913', '111111']);
  });

  it('uses Date.now when no clock is given', () => {
    const actor = createActor(smsCountdownMachine, { input: { purpose: 'login' } });
    expect(actor.getSnapshot().context.now).toBe(Date.now);
  });
});

describe('smsCountdown machine: the toasts of spec sections 8 and 9', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('in_sms_sending shows while the code is asked for, at most 10 s', async () => {
    const h = harness({ purpose: 'login', now: () => T0 });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    await vi.advanceTimersByTimeAsync(smsSendingToastMaxMs - 1);
    expect(button(h.actor)).toMatchObject({ loading: true, toast: 'in_sms_sending', humanCheck: null });
    await vi.advanceTimersByTimeAsync(1);
    // Still waiting for the server, but the loading toast has had its time.
    expect(button(h.actor)).toMatchObject({ loading: true, toast: null, humanCheck: null });
  });

  it('in_sms_send shows for 1.5 s once the code is sent; a failure hides the loading toast at once', async () => {
    const h = harness({ purpose: 'register', now: () => T0 });
    h.actor.start();
    h.actor.send(valid as never);
    await passHumanCheck(h);
    h.request.resolve({});
    await flush();
    expect(button(h.actor).toast).toBe('in_sms_send');
    await vi.advanceTimersByTimeAsync(smsSentToastMs - 1);
    expect(button(h.actor).toast).toBe('in_sms_send');
    await vi.advanceTimersByTimeAsync(1);
    expect(button(h.actor).toast).toBeNull();

    const failing = harness({ purpose: 'login', now: () => T0 });
    failing.actor.start();
    failing.actor.send(valid as never);
    await passHumanCheck(failing);
    failing.request.reject({ kind: 'server', errorCode: 'sms.too.frequent' });
    await flush();
    expect(button(failing.actor)).toEqual({ disabled: false, loading: false, seconds: null, error: 'sms.too.frequent', toast: null, humanCheck: null });
  });
});
