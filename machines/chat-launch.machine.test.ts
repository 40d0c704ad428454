import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { chatLaunchFailureMs, chatLaunchingMessage, chatLaunchMachine, chatOpenDelayMs } from './chat-launch.machine.ts';
import { coverageOf, describePath } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { modelPathSets } from './test/model.ts';
import { chatLaunchModel } from './test/models/chat-launch.model.ts';
import { replayPath } from './test/replay.ts';
import { trialRefusalMessage, trialRefusalMs } from './trial-refusal.ts';

const pathSets = modelPathSets(chatLaunchModel);
const delays = { chatOpenDelay: chatOpenDelayMs, trialRefusal: trialRefusalMs, launchFailure: chatLaunchFailureMs };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat launch machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(chatLaunchMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });
});

describe('chat launch machine replayed on real actors', () => {
  const all = pathSets.flatMap((set) => set.paths.map((path) => [describePath(path), set.input, path] as const));
  it.each(all)('%s', async (_name, input, path) => {
    await replayPath(chatLaunchMachine, input, path, { delays, invokes: { launchChat: 'launchChat' } }, (actual, expected) => {
      expect(actual.value).toEqual(expected.value);
      expect(actual.context).toEqual(expected.context);
    });
  });
});

describe('chat launch machine', () => {
  const start = () => {
    const launch = deferred<{ chatUrl: string }, unknown>();
    const opened: string[] = [];
    const actor = createActor(
      chatLaunchMachine.provide({ actors: { launchChat: launch.logic }, actions: { openChat: (_, { url }) => opened.push(url) } }),
    );
    actor.start();
    return { actor, launch, opened };
  };

  it('asks for the chat and opens its address 500 ms after the answer', async () => {
    const { actor, launch, opened } = start();
    actor.send({ type: 'chat.launch', role: 'guest' });
    expect(actor.getSnapshot().context.toast).toBe(chatLaunchingMessage);
    launch.resolve({ chatUrl: '/m/chat' });
    await flush();
    await vi.advanceTimersByTimeAsync(chatOpenDelayMs - 1);
    expect(opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toEqual(['/m/chat']);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.toast).toBe(null);
  });

  it('refuses a trial account for 1 s without asking the server', async () => {
    const { actor, launch, opened } = start();
    actor.send({ type: 'chat.launch', role: 'trial' });
    expect(actor.getSnapshot().context.toast).toBe(trialRefusalMessage);
    expect(launch.inputs).toEqual([]);
    await vi.advanceTimersByTimeAsync(trialRefusalMs);
    expect(actor.getSnapshot().context.toast).toBe(null);
    expect(opened).toEqual([]);
  });

  it('shows why a launch failed for 1.5 s and opens nothing', async () => {
    const { actor, launch, opened } = start();
    actor.send({ type: 'chat.launch', role: 'member' });
    launch.reject({ errorCode: 'chat.disabled' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'chat.disabled', toast: null });
    await vi.advanceTimersByTimeAsync(chatLaunchFailureMs);
    expect(actor.getSnapshot().context.errorCode).toBe(null);
    expect(opened).toEqual([]);
  });

  it('starts over on another launch while one is under way', async () => {
    const { actor, launch, opened } = start();
    actor.send({ type: 'chat.launch', role: 'member' });
    actor.send({ type: 'chat.launch', role: 'member' });
    expect(launch.signals[0]!.aborted).toBe(true);
    launch.resolve({ chatUrl: '/old' });
    launch.resolve({ chatUrl: '/m/chat' });
    await flush();
    await vi.advanceTimersByTimeAsync(chatOpenDelayMs);
    expect(opened).toEqual(['/m/chat']);
  });
});
