import { assign, setup } from 'xstate';

/** Spec section 4: the decorative jackpot grows every 3000, 4000 or 5000 ms ... */
export const jackpotStepsMs = [3000, 4000, 5000] as const;
/** ... by 100 to 500 ... */
export const jackpotGrowth = { min: 100, max: 500 } as const;
/** ... from a start between 11,000,000 and 18,000,000. */
export const jackpotStart = { min: 11_000_000, max: 18_000_000 } as const;
/** On another screen it is a number from 833,000,000 to 833,999,999 with 2 decimals (kept in hundredths). */
export const jackpotFixed = { min: 83_300_000_000, max: 83_399_999_999, decimals: 2 } as const;

/** growing: the home footer's counter; fixed: the slots centre's number, which stands. */
export type JackpotMode = 'growing' | 'fixed';

export interface JackpotCounterInput {
  /** Which of the spec's two counters (growing when left out). */
  mode?: JackpotMode;
  /** The player asked for reduced motion: the number stands still (WCAG 2.2.2). */
  reducedMotion: boolean;
  /** A number in [0, 1), for the start, the steps and the growth (tests pass their own). */
  random?: () => number;
}

export interface JackpotCounterContext {
  /** The number shown, in units of 10^-decimals. */
  value: number;
  decimals: 0 | 2;
  mode: JackpotMode;
  random: () => number;
  reducedMotion: boolean;
}

const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/**
 * The decorative jackpot counter of the home footer (spec section 4): it
 * starts between 11,000,000 and 18,000,000 and grows by 100 to 500 after a
 * `step` of 3000, 4000 or 5000 ms, chosen anew each time. With reduced motion
 * it stands still. The fixed one (the slots centre's) is a number from
 * 833,000,000.00 to 833,999,999.99 that stands.
 */
export const jackpotCounterMachine = setup({
  types: {
    context: {} as JackpotCounterContext,
    input: {} as JackpotCounterInput,
  },
  guards: {
    prefersReducedMotion: ({ context }) => context.reducedMotion,
    isFixed: ({ context }) => context.mode === 'fixed',
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
    const mode = input.mode ?? 'growing';
    return mode === 'fixed'
      ? { random, mode, reducedMotion: input.reducedMotion, decimals: jackpotFixed.decimals, value: between(random, jackpotFixed.min, jackpotFixed.max) }
      : { random, mode, reducedMotion: input.reducedMotion, decimals: 0, value: between(random, jackpotStart.min, jackpotStart.max) };
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isFixed', target: 'still' }, { guard: 'prefersReducedMotion', target: 'still' }, { target: 'growing' }],
    },
    growing: {
      after: { step: { target: 'growing', reenter: true, actions: 'grow' } },
    },
    still: {},
  },
});
