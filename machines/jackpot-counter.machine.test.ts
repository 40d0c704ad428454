import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { jackpotCounterMachine, jackpotStepsMs } from './jackpot-counter.machine.ts';
import { coverageOf } from './test/coverage.ts';
import { modelPathSets } from './test/model.ts';
import { jackpotCounterModel, sequence } from './test/models/jackpot-counter.model.ts';

describe('jackpotCounter machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('every state and transition is reached by a generated path', () => {
    const paths = modelPathSets(jackpotCounterModel);
    const coverage = coverageOf(jackpotCounterMachine, paths);
    expect(coverage.states).toEqual(['jackpotCounter.deciding', 'jackpotCounter.growing', 'jackpotCounter.still']);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('starts between 11,000,000 and 18,000,000 and grows by 100 to 500 every 3, 4 or 5 s', async () => {
    // start: 0 -> 11,000,000; steps: 0.5 -> 4000 ms, 0.99 -> 5000 ms; growth: 0 -> 100, 0.999 -> 500.
    const actor = createActor(jackpotCounterMachine, { input: { reducedMotion: false, random: sequence(0, 0.5, 0, 0.99, 0.999) } });
    actor.start();
    expect(actor.getSnapshot().context.value).toBe(11_000_000);
    await vi.advanceTimersByTimeAsync(jackpotStepsMs[1] - 1);
    expect(actor.getSnapshot().context.value).toBe(11_000_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.value).toBe(11_000_100);
    await vi.advanceTimersByTimeAsync(jackpotStepsMs[2]);
    expect(actor.getSnapshot().context.value).toBe(11_000_600);

    const top = createActor(jackpotCounterMachine, { input: { reducedMotion: false, random: sequence(0.9999999) } });
    top.start();
    expect(top.getSnapshot().context.value).toBe(18_000_000);
  });

  it('stands still when the player prefers reduced motion', async () => {
    const actor = createActor(jackpotCounterMachine, { input: { reducedMotion: true, random: sequence(0.3) } });
    actor.start();
    const first = actor.getSnapshot().context.value;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.value).toBe(first);
    expect(actor.getSnapshot().value).toBe('still');
  });
});
