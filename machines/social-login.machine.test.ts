import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type SocialIntent, type SocialOffer, type SocialStartRequest, socialLoginMachine } from './social-login.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { socialLoginModel } from './test/models/social-login.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('social login machine', socialLoginModel, {
  delays: {},
  invokes: { loadProviders: 'loadProviders', startSocial: 'startSocial' },
});

describe('social login machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(socialLoginMachine, pathSets);
    expect(coverage.states).toEqual(['socialLogin.loading', 'socialLogin.ready', 'socialLogin.starting', 'socialLogin.redirecting']);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'social.retry')) }));
    expect(coverageOf(socialLoginMachine, withoutRetry).missingTransitions).toEqual(['socialLogin.redirecting --social.retry--> socialLogin.loading']);
  });
});

function harness(intent: 'login' | 'link') {
  const load = deferred<SocialOffer, { intent: SocialIntent }>();
  const start = deferred<string, SocialStartRequest>();
  const openProvider = vi.fn();
  const actor = createActor(
    socialLoginMachine.provide({ actors: { loadProviders: load.logic, startSocial: start.logic }, actions: { openProvider: (_, p) => openProvider(p.url) } }),
    { input: { intent } },
  );
  actor.start();
  return { actor, load, start, openProvider };
}

describe('social login machine', () => {
  it('offers what the server offers and opens the provider with remember-me as the form has it', async () => {
    const h = harness('login');
    expect(h.load.inputs).toEqual([{ intent: 'login' }]);
    h.load.resolve({ providers: ['facebook'], links: [] });
    await flush();
    // A provider the server does not offer cannot be started.
    h.actor.send({ type: 'social.start', provider: 'google', remember: true });
    expect(h.start.inputs).toEqual([]);
    h.actor.send({ type: 'social.start', provider: 'facebook', remember: true });
    expect(h.actor.getSnapshot().context.provider).toBe('facebook');
    expect(h.start.inputs).toEqual([{ intent: 'login', provider: 'facebook', remember: true }]);
    h.start.resolve('http://127.0.0.1:9000/auth?state=s');
    await flush();
    expect(h.openProvider).toHaveBeenCalledWith('http://127.0.0.1:9000/auth?state=s');
    expect(h.actor.getSnapshot().value).toBe('redirecting');
  });

  it('does not start linking a provider already linked, and shows a refused start', async () => {
    const h = harness('link');
    h.load.resolve({ providers: ['google', 'facebook'], links: [{ provider: 'google', email: null, linkedAt: '2026-11-29T08:00:00.000Z' }] });
    await flush();
    h.actor.send({ type: 'social.start', provider: 'google' });
    expect(h.start.inputs).toEqual([]);
    h.actor.send({ type: 'social.start', provider: 'facebook' });
    expect(h.start.inputs).toEqual([{ intent: 'link', provider: 'facebook', remember: false }]);
    h.start.reject({ kind: 'server', errorCode: 'social.unavailable' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.actor.getSnapshot().context).toMatchObject({ provider: null, errorCode: 'social.unavailable' });
    expect(h.openProvider).not.toHaveBeenCalled();
  });

  it('offers nothing when the providers cannot be loaded', async () => {
    const h = harness('login');
    h.load.reject({ kind: 'network' });
    await flush();
    expect(h.actor.getSnapshot().context.providers).toEqual([]);
    h.actor.send({ type: 'social.start', provider: 'google' });
    expect(h.start.inputs).toEqual([]);
  });
});
