import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SessionInfo } from './session.ts';
import { type SocialReturnInput, socialErrorMessage, socialReturnMachine } from './social-return.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { socialReturnModel, socialSession } from './test/models/social-return.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('social return machine', socialReturnModel, {
  delays: { linkedRedirectDelay: 1_500 },
  invokes: { exchangeTicket: 'exchangeTicket' },
});

describe('social return machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(socialReturnMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutBack = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'social.back')) }));
    expect(coverageOf(socialReturnMachine, withoutBack).missingTransitions).toContain('socialReturn.failed --social.back--> socialReturn.leaving');
  });
});

function harness(input: SocialReturnInput) {
  const exchange = deferred<SessionInfo, { ticket: string }>();
  const goTo = vi.fn();
  const storeSession = vi.fn();
  const actor = createActor(
    socialReturnMachine.provide({
      actors: { exchangeTicket: exchange.logic },
      actions: { goTo: (_, n) => goTo(n), storeSession: (_, p) => storeSession(p.session) },
    }),
    { input },
  );
  actor.start();
  return { actor, exchange, goTo, storeSession };
}

describe('social return machine', () => {
  it('exchanges the ticket once, stores the session as a login does and goes home', async () => {
    const h = harness({ ticket: 'ticket-1', error: null, linked: null });
    expect(h.exchange.inputs).toEqual([{ ticket: 'ticket-1' }]);
    h.exchange.resolve(socialSession);
    await flush();
    expect(h.storeSession).toHaveBeenCalledWith(socialSession);
    expect(h.goTo.mock.calls).toEqual([[{ to: '/m/home', replace: true }]]);
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('shows a refused ticket and goes back to the login when asked', async () => {
    const h = harness({ ticket: 'ticket-1', error: null, linked: null });
    h.exchange.reject({ kind: 'server', errorCode: 'social.ticket.invalid' });
    await flush();
    expect(h.actor.getSnapshot().context.errorCode).toBe('social.ticket.invalid');
    expect(h.storeSession).not.toHaveBeenCalled();
    h.actor.send({ type: 'social.back' });
    expect(h.goTo.mock.calls).toEqual([[{ to: '/m/login', replace: true }]]);
  });

  it('opens the security center 1.5 s after a link', () => {
    vi.useFakeTimers();
    try {
      const h = harness({ ticket: null, error: null, linked: 'facebook' });
      vi.advanceTimersByTime(1_499);
      expect(h.goTo).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(h.goTo.mock.calls).toEqual([[{ to: '/m/securityCenter', replace: true }]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("names each of the callback's errors, and any other as a failed sign-in", () => {
    expect(harness({ ticket: null, error: 'cancelled', linked: null }).actor.getSnapshot().context.errorCode).toBe('identity.social.error.cancelled');
    expect(socialErrorMessage('linkedElsewhere')).toBe('identity.social.error.linkedElsewhere');
    expect(socialErrorMessage('<script>')).toBe('identity.social.error.failed');
    expect(socialErrorMessage(null)).toBe('identity.social.error.failed');
  });
});
