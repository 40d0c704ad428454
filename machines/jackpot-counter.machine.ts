import { assign, setup } from 'xstate';

/** Spec section 4: the decorative jackpot grows every 3000, 4000 or 5000 ms ... */
export const jackpotStepsMs = [3000, 4000, 5000] as const;
/** ... by 100 to 500 ... */
export const jackpotGrowth = { min: 100, max: 500 } as const;
/** ... from a start between 11,000,000 and 18,000,000. */
export const jackpotStart = { min: 11_000_000, max: 18_000_000 } as const;

export interface JackpotCounterInput {
  /** The player asked for reduced motion: the number stands still (WCAG 2.2.2). */
  reducedMotion: boolean;
  /** A number in [0, 1), for the start, the steps and the growth (tests pass their own). */
  random?: () => number;
}

export interface JackpotCounterContext {
  value: number;
  random: () => number;
  reducedMotion: boolean;
}

const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/**
 * The decorative jackpot counter of the home footer (spec section 4): it
 * starts between 11,000,000 and 18,000,000 and grows by 100 to 500 after a
 * `step` of 3000, 4000 or 5000 ms, chosen anew each time. With reduced motion
 * it stands still.
 */
export const jackpotCounterMachine = setup({
  types: {
    context: {} as JackpotCounterContext,
    input: {} as JackpotCounterInput,
  },
  guards: {
    prefersReducedMotion: ({ context }) => context.reducedMotion,
  },
  delays: {
    step: ({ context }) => jackpotStepsMs[Math.floor(context.random() * jackpotStepsMs.length)] ?? jackpotStepsMs[0],
  },
  actions: {
    grow: assign({ value: ({ context }) => context.value + between(context.random, jackpotGrowth.min, jackpotGrowth.max) }),
  },
}).createMachine({
  id: 'jackpotCounter',
  context: ({ input }) => {
    const random = input.random ?? Math.random;
    return { random, reducedMotion: input.reducedMotion, value: between(random, jackpotStart.min, jackpotStart.max) };
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'prefersReducedMotion', target: 'still' }, { target: 'growing' }],
    },
    growing: {
      after: { step: { target: 'growing', reenter: true, actions: 'grow' } },
    },
    still: {},
  },
});
