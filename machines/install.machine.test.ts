import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type InstallFacts, installMachine, isLegacyIos, offersAndroidLink, wantsHomeScreenHint } from './install.machine.ts';
import { coverageOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { facts, installModel, legacySafariIos, safariIos } from './test/models/install.model.ts';

describe('install machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(installMachine, modelPathSets(installModel));
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

function start(input: InstallFacts) {
  const prompt = deferred<boolean, unknown>();
  const update = deferred<void, unknown>();
  const rememberBarClosed = vi.fn();
  const actor = createActor(
    installMachine.provide({ actors: { showInstallPrompt: prompt.logic, applyUpdate: update.logic }, actions: { rememberBarClosed } }),
    { input },
  );
  actor.start();
  const state = () => actor.getSnapshot().value as Record<string, string>;
  return { actor, prompt, update, rememberBarClosed, state };
}

describe('install machine: the download bar', () => {
  it('waits for something to offer, then shows; closing it is remembered', () => {
    const h = start(facts());
    expect(h.state().bar).toBe('waiting');
    h.actor.send({ type: 'prompt.available' });
    expect(h.state().bar).toBe('shown');
    h.actor.send({ type: 'bar.close' });
    expect(h.state().bar).toBe('closed');
    expect(h.rememberBarClosed).toHaveBeenCalledTimes(1);
  });

  it('never shows in the installed app, nor after it was closed before', () => {
    for (const input of [facts({ standalone: true }), facts({ barClosed: true })]) {
      const h = start(input);
      h.actor.send({ type: 'prompt.available' });
      expect(['hidden', 'closed']).toContain(h.state().bar);
    }
  });

  it('shows at once on Safari iOS (the home-screen hint is its offer)', () => {
    expect(start(safariIos).state().bar).toBe('shown');
  });

  it('the browser prompt: accepted, the app is installed and the bar goes; dismissed, it waits for the next offer', async () => {
    const h = start(facts());
    h.actor.send({ type: 'prompt.available' });
    expect(h.state()).toMatchObject({ bar: 'shown', prompt: 'available' });
    h.actor.send({ type: 'install.accept' });
    expect(h.state().prompt).toBe('prompting');
    h.prompt.resolve(false);
    await flush();
    expect(h.state().prompt).toBe('unavailable');
    h.actor.send({ type: 'prompt.available' });
    h.actor.send({ type: 'install.accept' });
    h.prompt.resolve(true);
    await flush();
    expect(h.state().prompt).toBe('installed');
    h.actor.send({ type: 'app.installed' });
    expect(h.state().bar).toBe('hidden');
  });
});

describe('install machine: the download block rules (spec section 2)', () => {
  it('the legacy-iOS tip for iOS 12.0, 12.1 and 11 or older; the hint for other Safari iOS', () => {
    expect(start(legacySafariIos).state().hint).toBe('legacyIos');
    expect(start(facts({ ios: true, safari: true, iosVersion: [11, 4] })).state().hint).toBe('legacyIos');
    expect(start(facts({ ios: true, safari: true, iosVersion: [12, 2] })).state().hint).toBe('homeScreen');
    expect(start(safariIos).state().hint).toBe('homeScreen');
    expect(start(facts({ ios: true, safari: false, iosVersion: [17, 0] })).state().hint).toBe('none');
    expect(start(facts({ ...safariIos, standalone: true })).state().hint).toBe('none');
    expect(start(facts()).state().hint).toBe('none');
  });

  it('the Android link when not on a phone, or on a phone that is not iOS', () => {
    expect(offersAndroidLink(facts({ mobile: false, ios: false }))).toBe(true);
    expect(offersAndroidLink(facts())).toBe(true);
    expect(offersAndroidLink(safariIos)).toBe(false);
    expect(isLegacyIos(facts({ ios: true, iosVersion: null }))).toBe(false);
    expect(wantsHomeScreenHint(facts({ ios: true, safari: true, standalone: true }))).toBe(false);
  });
});

describe('install machine: a new version and the network', () => {
  it('offers a waiting version; later asks again on the next one; update applies it', async () => {
    const h = start(facts());
    h.actor.send({ type: 'update.available' });
    expect(h.state().update).toBe('available');
    h.actor.send({ type: 'update.later' });
    expect(h.state().update).toBe('later');
    h.actor.send({ type: 'update.available' });
    h.actor.send({ type: 'update.accept' });
    expect(h.state().update).toBe('applying');
    h.update.reject(new Error('no waiting worker'));
    await flush();
    expect(h.state().update).toBe('available');
  });

  it('starts offline when the browser is, and follows it', () => {
    const h = start(facts({ online: false }));
    expect(h.state().network).toBe('offline');
    h.actor.send({ type: 'network.online' });
    expect(h.state().network).toBe('online');
    h.actor.send({ type: 'network.offline' });
    expect(h.state().network).toBe('offline');
  });
});
