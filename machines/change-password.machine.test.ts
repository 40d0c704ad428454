import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type ChangePasswordInput, type ChangePasswordRequest, changePasswordMachine } from './change-password.machine.ts';
import { identityMessages } from './identity-types.ts';
import { coverageOf, describePath, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { changePasswordModel, inputs, REDIRECT } from './test/models/change-password.model.ts';

const pathSets = modelPathSets(changePasswordModel);

describe('changePassword machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(changePasswordMachine, pathSets);
    expect(coverage.states).toEqual([
      'changePassword.editing',
      'changePassword.samePassword',
      'changePassword.submitting',
      'changePassword.changed',
      'changePassword.done',
    ]);
    expect(coverage.transitions.length).toBe(9);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
    expect(pathSets.map((s) => s.paths.length)).toEqual([33, 29]);
  });

  it('the coverage check fails when paths leave something out', () => {
    const withoutServerSame = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.error?.errorCode === 'modify.new.old.same')),
    }));
    expect(coverageOf(changePasswordMachine, withoutServerSame).missingTransitions).toEqual([
      'changePassword.submitting --xstate.error.actor.submitChangePassword [isSamePasswordError] #0--> changePassword.samePassword',
    ]);
  });
});

function harness(input: ChangePasswordInput) {
  const submit = deferred<void, ChangePasswordRequest>();
  const passwordChanged = vi.fn();
  const goTo = vi.fn();
  const actor = createActor(
    changePasswordMachine.provide({ actors: { submitChangePassword: submit.logic }, actions: { passwordChanged, goTo: (_, n) => goTo(n) } }),
    { input },
  );
  return { actor, submit, passwordChanged, goTo };
}

/** What the user sees. */
function screen(h: ReturnType<typeof harness>) {
  const snap = h.actor.getSnapshot();
  // Changed, a second later: where the machine sent the player (replacing the screen).
  if (snap.status === 'done') return { goTo: h.goTo.mock.calls.length === 1 && h.goTo.mock.calls[0]![0].replace ? h.goTo.mock.calls[0]![0].to : null };
  return {
    oldPasswordField: !snap.context.hasCachedPassword,
    popup: snap.matches('samePassword') ? 'samePassword' : null,
    loading: snap.matches('submitting'),
    toast: snap.matches('changed') ? snap.context.message : null,
    error: snap.context.errorCode,
  };
}

describe.each(inputs)('changePassword machine replayed with cached password $hasCachedPassword', (input) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(pathSets.find((s) => s.input === input)!.paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const h = harness(input);
    let phase: 'editing' | 'samePassword' | 'submitting' | 'changed' | 'done' = 'editing';
    let error: string | null = null;
    const sent: ChangePasswordRequest[] = [];
    h.actor.start();
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      switch (event.type) {
        case 'form.submit':
          h.actor.send(event as never);
          if (phase !== 'editing') break;
          if (!input.hasCachedPassword && !event.oldPassword) error = identityMessages.passwordRequired;
          else if (!input.hasCachedPassword && event.oldPassword === event.newPassword) {
            phase = 'samePassword';
            error = null;
          } else if (event.newPassword !== event.confirmNewPassword) error = identityMessages.confirmationMismatch;
          else {
            phase = 'submitting';
            error = null;
            sent.push({
              oldPassword: input.hasCachedPassword ? null : event.oldPassword,
              newPassword: event.newPassword,
              confirmNewPassword: event.confirmNewPassword,
            });
          }
          break;
        case 'popup.close':
          h.actor.send(event as never);
          if (phase === 'samePassword') phase = 'editing';
          break;
        case 'xstate.done.actor.submitChangePassword':
          h.submit.resolve(undefined);
          phase = 'changed';
          break;
        case 'xstate.error.actor.submitChangePassword':
          h.submit.reject(event.error);
          if (event.error.errorCode === 'modify.new.old.same') phase = 'samePassword';
          else {
            phase = 'editing';
            error = event.error.errorCode;
          }
          break;
        case REDIRECT:
          await vi.advanceTimersByTimeAsync(999);
          expect(screen(h)).toMatchObject({ toast: identityMessages.passwordChanged });
          await vi.advanceTimersByTimeAsync(1);
          phase = 'done';
          break;
        default:
          throw new Error(`no executor for ${event.type}`);
      }
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(step.state.value);
      expect(h.actor.getSnapshot().context).toEqual(step.state.context);
      expect(screen(h)).toEqual(
        phase === 'done'
          ? { goTo: '/m/home' }
          : {
              oldPasswordField: !input.hasCachedPassword,
              popup: phase === 'samePassword' ? 'samePassword' : null,
              loading: phase === 'submitting',
              toast: phase === 'changed' ? identityMessages.passwordChanged : null,
              error,
            },
      );
      expect(h.submit.inputs).toEqual(sent);
      expect(h.passwordChanged).toHaveBeenCalledTimes(phase === 'changed' || phase === 'done' ? 1 : 0);
    }
  });
});
