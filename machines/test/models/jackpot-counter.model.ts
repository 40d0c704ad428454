/** The jackpot counter's model: inputs and events of its model-based test and of `npm run paths jackpot-counter`. */
import { jackpotCounterMachine } from '../../jackpot-counter.machine.ts';
import type { MachineModel } from '../model.ts';

/** A fixed sequence of "random" numbers, cycled. */
export const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

export const jackpotCounterModel: MachineModel<typeof jackpotCounterMachine> = {
  machine: jackpotCounterMachine,
  aspects: [
    {
      name: 'growing, or still for reduced motion and the fixed number',
      inputs: [
        { reducedMotion: false, random: sequence(0) },
        { reducedMotion: true, random: sequence(0) },
        { mode: 'fixed', reducedMotion: false, random: sequence(0) },
      ],
      events: [{ type: 'xstate.after.step.jackpotCounter.growing' }],
      // The value only grows: states differ by their state value alone.
      contextKey: () => null,
    },
  ],
};
