import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { jackpotCounterMachine, jackpotFixed, jackpotStepsMs } from './jackpot-counter.machine.ts';
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

  it('the fixed counter is a number from 833,000,000.00 to 833,999,999.99 that stands, motion or not', async () => {
    const low = createActor(jackpotCounterMachine, { input: { mode: 'fixed', reducedMotion: false, random: sequence(0) } });
    low.start();
    expect(low.getSnapshot().context).toMatchObject({ value: 83_300_000_000, decimals: 2 });
    expect(low.getSnapshot().value).toBe('still');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(low.getSnapshot().context.value).toBe(83_300_000_000);
    const high = createActor(jackpotCounterMachine, { input: { mode: 'fixed', reducedMotion: true, random: sequence(0.9999999999) } });
    high.start();
    expect(high.getSnapshot().context.value).toBe(jackpotFixed.max);
    expect(high.getSnapshot().context.value / 10 ** jackpotFixed.decimals).toBeCloseTo(833_999_999.99, 2);
  });
});
